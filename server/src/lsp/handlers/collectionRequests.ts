/**
 * The custom requests on a whole document (protocol.ts): its puzzle lines and rated rows, BLISS on a
 * batch of pencilmark lines, its statistics, new puzzles (run from its editor), and the rewrites (answered ContentModified for another version).
 */
import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import { blissApplyLines } from '../requests/bliss';
import { collectionStatistics } from '../requests/collectionStats';
import { generateDocument } from '../requests/generate';
import {
  type RewriteSource,
  checkedRewrite,
  convertAt,
  normalizeAll,
  puzzleLines,
  rateAllLines,
  rateInlineEdits,
  rateLines,
  removeDuplicatesEdits,
  sortEdits,
} from '../requests/collection';
import {
  BlissApplyRequest,
  CollectionStatsRequest,
  ConvertRequest,
  DuplicatesRequest,
  GenerateRequest,
  NormalizeRequest,
  type ParamsOf,
  PuzzleLinesRequest,
  RateInlineRequest,
  RateLinesRequest,
  type RewriteResponse,
  SortRequest,
} from '../../protocol';
import { type Registration, puzzleRequest, withProgress } from '../registration';
import type { Session } from '../session';

type RewriteRequest = typeof DuplicatesRequest | typeof NormalizeRequest | typeof ConvertRequest | typeof SortRequest | typeof RateInlineRequest;

/** A rewrite of the document at `params.version` (checkedRewrite): a document that is not open is no longer that version either. */
function rewrite<M extends RewriteRequest>(
  method: M,
  compute: (session: Session, source: RewriteSource, params: ParamsOf<M>) => RewriteResponse | Promise<RewriteResponse>,
): Registration {
  return puzzleRequest(
    method,
    (params, session) => checkedRewrite(params, undefined, (source) => compute(session, source, params)),
    (session, open, params) => checkedRewrite(params, session.rewriteSource(open), (source) => compute(session, source, params)),
  );
}

export const COLLECTION_REQUESTS: readonly Registration[] = [
  puzzleRequest(PuzzleLinesRequest, () => [], (_, { state }, params) => puzzleLines(state.parsed, params.kind)),
  puzzleRequest(RateLinesRequest, () => [], ({ cache, ratings }, { state }, params) => rateLines(state.parsed, cache, ratings, params.lines)),
  puzzleRequest(
    BlissApplyRequest,
    () => new ResponseError(LSPErrorCodes.ContentModified, 'The document is not open'),
    ({ cache, documents, ratings, settings }, { lines, state }, params, token) =>
      blissApplyLines(state.parsed, (line) => lines.lineText(line), cache, ratings, params, settings, token, () => documents.get(params.uri)?.version),
  ),
  puzzleRequest(
    CollectionStatsRequest,
    () => new ResponseError(LSPErrorCodes.ContentModified, 'The document is not open'),
    ({ cache, connection, ratings }, { state }, params, token) =>
      withProgress(connection, params.workDoneToken, 'Collection statistics', (report) => collectionStatistics(state.parsed, cache, ratings, token, report)),
  ),
  puzzleRequest(
    GenerateRequest,
    () => new ResponseError(LSPErrorCodes.ContentModified, 'The document is not open'),
    ({ connection, ratings, settings }, _, params, token) =>
      withProgress(connection, params.workDoneToken, 'Generating puzzles', (report) => generateDocument(ratings, settings, params, token, report)),
  ),
  rewrite(DuplicatesRequest, (_, { doc }, params) => removeDuplicatesEdits(doc, params.mode)),
  rewrite(NormalizeRequest, (_, { doc }) => normalizeAll(doc)),
  rewrite(ConvertRequest, (_, { doc, lineBreak }, params) => convertAt(doc, params.line, params.to, lineBreak)),
  rewrite(SortRequest, async ({ cache, ratings }, { doc, lineBreak }) => sortEdits(doc, await rateAllLines(doc, cache, ratings), lineBreak)),
  rewrite(RateInlineRequest, async ({ cache, ratings }, { doc }) => rateInlineEdits(doc, await rateAllLines(doc, cache, ratings))),
];

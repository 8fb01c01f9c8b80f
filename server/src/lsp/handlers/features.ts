/**
 * The standard LSP requests on one document (the hover has its own module): pulled diagnostics,
 * inlay hints, code actions, code lenses, outline, folding and semantic tokens.
 */
import {
  type CodeAction,
  type CodeActionParams,
  type CodeLens,
  type CodeLensParams,
  type DocumentDiagnosticParams,
  type DocumentDiagnosticReport,
  DocumentDiagnosticReportKind,
  type DocumentSymbol,
  type DocumentSymbolParams,
  type FoldingRange,
  type FoldingRangeParams,
  type InlayHint,
  type InlayHintParams,
  LSPErrorCodes,
  ResponseError,
  type SemanticTokens,
  type SemanticTokensDelta,
  type SemanticTokensDeltaParams,
  type SemanticTokensParams,
  type SemanticTokensRangeParams,
} from 'vscode-languageserver';
import { codeActions } from '../features/codeActions';
import { codeLenses } from '../features/codeLens';
import { wantWhipPathsInView } from '../services/diagnostics';
import type { Puzzle } from '../../engine/core/parse';
import { inlayHints } from '../features/inlayHints';
import { documentSymbols, foldingRanges } from '../features/outline';
import { uaCodeActions } from '../features/uaActions';
import { type Registration, documentRequest } from '../registration';

const noTokens: SemanticTokens = { data: [] };

export const FEATURES: readonly Registration[] = [
  documentRequest<DocumentDiagnosticParams, DocumentDiagnosticReport>(
    'diagnostics',
    // Cancelled before it ran: the client is to ask again (the diagnostics it holds are out of date).
    (s, h) =>
      s.connection.languages.diagnostics.on((params, token) =>
        token.isCancellationRequested ? new ResponseError(LSPErrorCodes.ServerCancelled, 'diagnostics cancelled', { retriggerRequest: true }) : h(params, token),
      ),
    { kind: DocumentDiagnosticReportKind.Full, resultId: '0', items: [] },
    (_, { state }, params) =>
      params.previousResultId === String(state.resultId)
        ? { kind: DocumentDiagnosticReportKind.Unchanged, resultId: String(state.resultId) }
        : { kind: DocumentDiagnosticReportKind.Full, resultId: String(state.resultId), items: state.diagnostics },
  ),

  documentRequest<InlayHintParams, InlayHint[]>('inlay hints', (s, h) => s.connection.languages.inlayHint.on(h), [], (session, { state }, params) => {
    session.views.show(params.textDocument.uri, params.range);
    session.ua.inView(state.parsed, session.cache, params.range); // the lines in view: their UA results first
    wantWhipPathsInView(state.parsed, session.sources(), params.range);
    return inlayHints(state.parsed, session.cache, session.ratings, params.range, session.settings.inlayRating);
  }),

  documentRequest<CodeActionParams, CodeAction[]>('code actions', (s, h) => s.connection.onCodeAction(h), [], ({ cache, ratings, ua }, { lines, state }, params) => {
    const lineText = (line: number) => lines.lineText(line);
    const blissSteps = (p: Puzzle) => (p.text ? ratings.peekExtras(p.text, cache.variant(p))?.bliss.steps : undefined);
    const uaActions = uaCodeActions(state.parsed, lineText, params.context.diagnostics, (p) => ua.peek(p, cache));
    return [...codeActions(state.parsed, lineText, params.range, params.context.diagnostics, blissSteps), ...uaActions];
  }),

  documentRequest<CodeLensParams, CodeLens[]>('code lens', (s, h) => s.connection.onCodeLens(h), [], ({ settings, views }, { state }, params) => {
    const large = state.parsed.puzzleCount > settings.codeLensMaxPuzzles;
    return codeLenses(state.parsed, views.lensWindow(params.textDocument.uri, large), settings.codeLensShow);
  }),

  documentRequest<DocumentSymbolParams, DocumentSymbol[]>('symbols', (s, h) => s.connection.onDocumentSymbol(h), [], (session, { state }) =>
    documentSymbols(state.parsed, session.cache, session.ratings, session.settings.outlineMaxItems),
  ),

  documentRequest<FoldingRangeParams, FoldingRange[]>('folding', (s, h) => s.connection.onFoldingRanges(h), [], (session, { state }) => foldingRanges(state.parsed, session.settings.outlineMaxItems)),

  documentRequest<SemanticTokensParams, SemanticTokens | null>('semantic tokens', (s, h) => s.connection.languages.semanticTokens.on(h), noTokens, (session, { state }) => session.tokens.full(state.parsed)),

  documentRequest<SemanticTokensDeltaParams, SemanticTokens | SemanticTokensDelta | null>('semantic tokens', (s, h) => s.connection.languages.semanticTokens.onDelta(h), noTokens, (session, { state }, params) =>
    session.tokens.delta(state.parsed, params.previousResultId),
  ),

  documentRequest<SemanticTokensRangeParams, SemanticTokens>('semantic tokens', (s, h) => s.connection.languages.semanticTokens.onRange(h), noTokens, (session, { state }, params) => {
    session.views.show(params.textDocument.uri, params.range);
    return session.tokens.range(state.parsed, params.range);
  }),
];

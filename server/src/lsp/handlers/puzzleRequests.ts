/**
 * The custom requests on the puzzle at a line (protocol.ts): Solve, Validate, Rate, the paths, the
 * BLISS log, the grid view, and the UA commands. A new one is one entry here (see registration.ts).
 */
import { type Connection, WorkDoneProgress } from 'vscode-languageserver';
import { blissLogAt } from '../requests/bliss';
import { GRID_RATING_WAIT_MS, gridAt } from '../requests/gridData';
import {
  BlissLogRequest,
  GridRequest,
  PathRequest,
  type PathResponse,
  PatternAtRequest,
  RateRequest,
  SolveRequest,
  UASearchRequest,
  ValidateRequest,
  WhipPathRequest,
} from '../../protocol';
import { pathAt, rateAt, solveAt, validateAt, whipPathAt } from '../requests/puzzleAnswers';
import { type Report, patternAt, uaSearch } from '../requests/uaSearches';
import { type Registration, puzzleRequest } from '../registration';

const notOpen = 'The document is not open';
const noDocument = (): PathResponse => ({ document: null, reason: notOpen });

/** Runs `work` under the client's work-done progress token (if it sent one): begin, its reports, end. */
async function withProgress<T>(connection: Connection, token: string | number | undefined, work: (report: Report) => Promise<T>): Promise<T> {
  if (token === undefined) return work(() => undefined);
  void connection.sendProgress(WorkDoneProgress.type, token, { kind: 'begin', title: 'Searching', cancellable: true });
  try {
    return await work((message, percentage) => void connection.sendProgress(WorkDoneProgress.type, token, { kind: 'report', message, percentage: Math.round(percentage) }));
  } finally {
    void connection.sendProgress(WorkDoneProgress.type, token, { kind: 'end' });
  }
}

export const PUZZLE_REQUESTS: readonly Registration[] = [
  puzzleRequest(
    SolveRequest,
    () => ({ puzzle: null }),
    ({ cache, settings }, { state }, params) => solveAt(state.parsed, cache, params.line, settings.hideSolutions && !params.reveal),
  ),
  puzzleRequest(
    ValidateRequest,
    () => ({ message: null, severity: 'information' }),
    ({ cache }, { state }, params) => validateAt(state.parsed, cache, params.line),
  ),
  puzzleRequest(RateRequest, () => ({ message: null }), ({ cache, ratings }, { state }, params) => rateAt(state.parsed, cache, ratings, params.line)),
  puzzleRequest(PathRequest, noDocument, ({ cache, ratings }, { state }, params) => pathAt(state.parsed, cache, ratings, params.line)),
  puzzleRequest(WhipPathRequest, noDocument, ({ cache, ratings, settings }, { state }, params, token) =>
    whipPathAt(state.parsed, cache, ratings, params.line, settings.ratingBudgetMs, token),
  ),
  puzzleRequest(BlissLogRequest, noDocument, ({ ratings, settings }, { state }, params, token) => blissLogAt(state.parsed, ratings, params.line, settings, token)),
  puzzleRequest(
    GridRequest,
    () => ({ puzzle: null }),
    ({ cache, ratings, settings }, { state }, params) => gridAt(state.parsed, cache, ratings, params.line, GRID_RATING_WAIT_MS, settings.hideSolutions),
  ),
  puzzleRequest(PatternAtRequest, () => ({ pattern: null, reason: notOpen }), (_, { state }, params) => patternAt(state.parsed, params.line)),
  puzzleRequest(UASearchRequest, noDocument, ({ cache, connection, ratings, settings }, { lines, state }, params, token) =>
    withProgress(connection, params.workDoneToken, (report) => uaSearch(state.parsed, lines.getText(), cache, ratings, params, settings, token, report)),
  ),
];

/**
 * The custom requests on the puzzle at a line (protocol.ts): Solve, Validate, Rate, the paths, the
 * BLISS log, the grid view, and the UA commands. A new one is one entry here (see registration.ts).
 */
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
import { patternAt, uaSearch } from '../requests/uaSearches';
import { type Registration, puzzleRequest, withProgress } from '../registration';

const notOpen = 'The document is not open';
const noDocument = (): PathResponse => ({ document: null, reason: notOpen });

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
    withProgress(connection, params.workDoneToken, 'Searching', (report) => uaSearch(state.parsed, lines.getText(), cache, ratings, params, settings, token, report)),
  ),
];

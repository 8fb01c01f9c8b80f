/**
 * The editor's UA commands (protocol.ts `UASearchRequest`): what the line holds (a clue
 * pattern, a solution grid or a unique puzzle), the search on the RatingService's search worker
 * (jobs/uaJobs.ts; progress passed on, Cancel stops the worker), and the result document: one puzzle
 * (or UA set) per line under a `#` header saying what was searched and how long it took.
 */
import { type CancellationToken, ResponseError } from 'vscode-languageserver';
import type { AnalysisCache } from '../services/analysisCache';
import { unlessCancelled } from './puzzleAnswers';
import { plural } from '../../engine/core/format';
import { type Puzzle, patternClues } from '../../engine/core/parse';
import {
  describeGridSource,
  elapsed,
  solutionGridOf,
  uaCountSummary,
  uaSetLine,
} from '../../engine/ua/uaTargets';
import type { SearchEvent } from '../../jobs/uaJobs';
import type { Report } from '../runSafe';
import { type PathResponse, type PatternAtResponse, type UASearchParams, fileName } from '../../protocol';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import type { RatingService } from '../services/ratings';
import type { Settings } from '../services/settings';

export type UASettings = Pick<Settings, 'uaSearchBudgetMs' | 'nodeBudget'>;


const UA_MAX_SIZE = 12;
const none = (reason: string): PathResponse => ({ document: null, reason });

export function patternAt(doc: PuzzleDocument, line: number): PatternAtResponse {
  const p = doc.puzzleAt(line);
  if (p?.pattern) return { pattern: p.pattern, reason: null };
  return { pattern: null, reason: `Line ${line + 1} holds no clue pattern: put the cursor on a line or 9-row grid of 'x' (clues) and '.' (empty cells)` };
}

interface Search {
  p: Puzzle;
  /** `# Line 4 of collection.sdm`. */
  head: string;
  ratings: RatingService;
  settings: UASettings;
  token: CancellationToken;
  report: Report;
}

/** Worker progress events as `message`, `percentage`. */
const progressOf = (unit: string, report: Report) => (e: SearchEvent) => {
  if (e.kind === 'progress') report(`${Math.floor(e.done)} / ${e.total} ${unit}`, (100 * e.done) / e.total);
};

async function uaSetsDocument(s: Search, grid: string, source: string): Promise<PathResponse | ResponseError> {
  const job = { grid, maxSize: UA_MAX_SIZE, budgetMs: s.settings.uaSearchBudgetMs };
  const r = await unlessCancelled(s.token, 'UA sets', s.ratings.search('uaSets', job, s.token));
  if (r instanceof ResponseError) return r;
  if (!r.sets) return none(`The UA sets took longer than ${s.settings.uaSearchBudgetMs} ms (sudokuLens.unavoidableSets.searchBudgetMs)`);
  const lines = [`${s.head}: minimal UA sets of ${source}, smallest first`, `# grid ${grid}`, ...r.sets.map((u) => uaSetLine(u, grid))];
  lines.push(`# ${uaCountSummary(r.sets, UA_MAX_SIZE)}, in ${elapsed(r.ms)}`);
  return { document: `${lines.join('\n')}\n`, reason: null };
}

async function seventeenDocument(s: Search, grid: string, source: string): Promise<PathResponse | ResponseError> {
  const job = { grid, clues: 17, budgetMs: s.settings.uaSearchBudgetMs };
  const run = s.ratings.search('clueSearch', job, s.token, progressOf('search tasks', s.report));
  const r = await unlessCancelled(s.token, '17-clue search', run);
  if (r instanceof ResponseError) return r;
  if (!r.puzzles) return none(`The 17-clue search stopped at its budget of ${s.settings.uaSearchBudgetMs} ms (sudokuLens.unavoidableSets.searchBudgetMs)`);
  const lines = [`${s.head}: every 17-clue puzzle of ${source}, found in ${elapsed(r.ms)}: ${plural(r.puzzles.length, 'puzzle')}`, `# grid ${grid}`, ...r.puzzles];
  return { document: `${lines.join('\n')}\n`, reason: null };
}

async function patternDocument(s: Search, text: string, params: UASearchParams): Promise<PathResponse | ResponseError> {
  const pattern = s.p.pattern;
  if (!pattern) return none(`Line ${s.p.line + 1} holds no clue pattern ('x' for clues, '.' for empty cells)`);
  const from = params.grids ?? { kind: 'document' };
  const where = from.kind === 'document' ? 'this file' : from.name;
  s.report(`reading the solution grids of ${where}`, 0);
  const gridJob = { text: from.kind === 'document' ? text : from.text, nodeBudget: s.settings.nodeBudget };
  const found = await unlessCancelled(s.token, 'Pattern search', s.ratings.search('documentGrids', gridJob, s.token));
  if (found instanceof ResponseError) return found;
  if (found.grids.length === 0) {
    return none(`No solution grid in ${where}: it needs 81-digit solution grids or puzzles with one solution${found.skipped.length > 0 ? ` (${plural(found.skipped.length, 'puzzle')} skipped)` : ''}`);
  }
  const job = { pattern, grids: found.grids.map((g) => g.grid), budgetMs: s.settings.uaSearchBudgetMs };
  const run = s.ratings.search('patternSearch', job, s.token, progressOf('grids', s.report));
  const r = await unlessCancelled(s.token, 'Pattern search', run);
  if (r instanceof ResponseError) return r;
  const total = r.grids.reduce((n, g) => n + g.puzzles.length, 0);
  const stopped = r.stopped ? `; stopped at the budget of ${s.settings.uaSearchBudgetMs} ms after ${r.grids.length} of ${found.grids.length} grids: incomplete` : '';
  const lines = [
    `${s.head}: puzzles of the clue pattern (${patternClues(pattern)} clues) in ${plural(found.grids.length, 'solution grid')} of ${where}, ${elapsed(r.ms)}: ${plural(total, 'puzzle')}${stopped}`,
    `# pattern ${pattern}`,
  ];
  r.grids.forEach((g, i) => {
    const origin = found.grids[i];
    lines.push(`# grid ${g.grid} (line ${origin.line + 1}, ${describeGridSource(origin.source)}): ${plural(g.puzzles.length, 'puzzle')}, ${elapsed(g.ms)}`, ...g.puzzles);
  });
  return { document: `${lines.join('\n')}\n`, reason: null };
}

/** One UA command on the puzzle at `params.line` of `doc` (whose text is `text`). */
export async function uaSearch(
  doc: PuzzleDocument,
  text: string,
  cache: AnalysisCache,
  ratings: RatingService,
  params: UASearchParams,
  settings: UASettings,
  token: CancellationToken,
  report: Report,
): Promise<PathResponse | ResponseError> {
  const p = doc.puzzleAt(params.line);
  if (!p) return none(`No puzzle, grid or pattern on line ${params.line + 1}`);
  const s: Search = { p, head: `# Line ${p.line + 1} of ${fileName(doc.uri)}`, ratings, settings, token, report };
  if (params.what === 'pattern') return patternDocument(s, text, params);
  const target = solutionGridOf(p, cache.get(p));
  if ('reason' in target) return none(`Line ${(target.at?.line ?? p.line) + 1}: ${target.reason}`);
  const source = describeGridSource(target.source);
  return params.what === 'uaSets' ? uaSetsDocument(s, target.grid, source) : seventeenDocument(s, target.grid, source);
}

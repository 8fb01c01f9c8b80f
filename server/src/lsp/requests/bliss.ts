/**
 * The BLISS requests: a batch of pencilmark lines for "Apply BLISS eliminations to all pencilmark
 * lines" (BLISS in the worker pool, cancellable; each line's finds as one edit), and the "BLISS
 * log" lens's side document (what `sudoku-lens bliss` prints for the puzzle).
 */
import { type CancellationToken, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import type { AnalysisCache } from '../services/analysisCache';
import { blissEdit } from '../../engine/bliss/apply';
import type { BlissFindsJob, BlissLogJob } from '../../jobs/blissJobs';
import { type BlissApplyParams, type BlissLineResult, type PathResponse, fileName } from '../../protocol';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import type { RatingService } from '../services/ratings';
import { unlessCancelled } from './puzzleAnswers';
import type { Settings } from '../services/settings';

export type BlissSettings = Pick<Settings, 'ratingBudgetMs' | 'nodeBudget' | 'defaultVariant' | 'blissLockedCandidates'>;

const contentModified = () => new ResponseError(LSPErrorCodes.ContentModified, 'The document changed while BLISS ran');

async function blissLine(
  doc: PuzzleDocument,
  lineText: (line: number) => string,
  cache: AnalysisCache,
  ratings: RatingService,
  line: number,
  settings: BlissSettings,
  token: CancellationToken,
): Promise<BlissLineResult> {
  const p = doc.puzzleAt(line);
  if (!p || p.kind !== '729' || p.text === null) return { line, outcome: 'unreadable', edit: null };
  // The solver may already know there is no solution (pencilmarks that remove it): nothing to reduce.
  const known = cache.peek(p)?.status;
  if (known === 'none' || known === 'invalid') return { line: p.line, outcome: 'contradictory', edit: null };
  const text = lineText(p.line); // read now: the answer must match the version the client asked about
  const job: BlissFindsJob = { text: p.text, variant: cache.variant(p), budgetMs: settings.ratingBudgetMs, lockedCandidates: settings.blissLockedCandidates };
  // The interactive pool: the user watches the progress, and background work (every pencilmark
  // line's extras, queued on open) would hold it up for minutes.
  const finds = await ratings.oneOff('blissFinds', job, true, token);
  if (!finds) return { line: p.line, outcome: 'over budget', edit: null };
  if (finds.noSolution) return { line: p.line, outcome: 'contradictory', edit: null };
  const edit = blissEdit(p, text, finds.steps);
  return { line: p.line, outcome: edit ? 'applied' : 'unchanged', edit };
}

/**
 * BLISS on each of `params.lines`, in the worker pool. ContentModified when the document
 * is not (or no longer) the version the client started from; RequestCancelled on Cancel.
 */
export async function blissApplyLines(
  doc: PuzzleDocument,
  lineText: (line: number) => string,
  cache: AnalysisCache,
  ratings: RatingService,
  params: BlissApplyParams,
  settings: BlissSettings,
  token: CancellationToken,
  currentVersion: () => number | undefined,
): Promise<BlissLineResult[] | ResponseError> {
  if (doc.version !== params.version) return contentModified();
  const rows = await unlessCancelled(token, 'BLISS', Promise.all(params.lines.map((line) => blissLine(doc, lineText, cache, ratings, line, settings, token))));
  return rows instanceof ResponseError || currentVersion() === params.version ? rows : contentModified();
}

/** The puzzle's BLISS log with a header naming its file and line (the client links it back). */
export async function blissLogAt(
  doc: PuzzleDocument,
  ratings: RatingService,
  line: number,
  settings: BlissSettings,
  token: CancellationToken,
): Promise<PathResponse | ResponseError> {
  const p = doc.puzzleAt(line);
  if (!p) return { document: null, reason: `No puzzle on line ${line + 1}` };
  const file = fileName(doc.uri);
  const job: BlissLogJob = {
    file,
    puzzle: p,
    options: {
      variant: settings.defaultVariant,
      maxLevel: 2,
      lockedCandidates: settings.blissLockedCandidates,
      budgetMs: settings.ratingBudgetMs,
      nodeBudget: settings.nodeBudget,
    },
  };
  const log = await unlessCancelled(token, 'BLISS', ratings.oneOff('blissLog', job, true, token));
  if (log instanceof ResponseError) return log;
  return { document: [`# Line ${p.line + 1} of ${file}: BLISS log, as \`sudoku-lens bliss\` prints it`, ...log].join('\n') + '\n', reason: null };
}

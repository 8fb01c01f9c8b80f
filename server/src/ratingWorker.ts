/**
 * Worker-thread entry (dist/ratingWorker.js), off the caller's thread:
 * - `rate`: one puzzle text's full SE rating (the language server's RatingService);
 * - `row`: the summaries `sudoku-lens rate` prints for one puzzle (SE and/or BLISS, cli/jobs.ts);
 * - `blissFinds`, `blissLog`: BLISS for the editor's whole-file apply and log (blissJobs.ts);
 * - `wPath`: one puzzle's W path as `sudoku-lens path --method w` prints it (the Whip path lens);
 * - `uaInfo`: redundant clues or the smallest unhit UA set of a batch of puzzles (uaService.ts);
 * - `uaSets`, `patternSearch`, `clueSearch`, `documentGrids`: the UA commands of the CLI and the editor (uaJobs.ts),
 *   reporting progress and finished grids with workerEmit.
 */
import workerpool from 'workerpool';
import { blissFinds, blissLog } from './blissJobs';
import { type RowJob, type RowResult, runRowJob } from './cli/jobs';
import { extraRatings } from './engine/extraRatings';
import { type PuzzleVariant, candidatesOfText } from './engine/parse';
import { type Rating, ratePuzzle } from './engine/rate';
import { uaInfoBatch } from './engine/uaInfo';
import { documentGrids } from './engine/uaTargets';
import { type ClueJob, type PatternJob, clueJob, patternJob, uaSetsJob } from './uaJobs';
import { describeWPath, wPath, wPathLines } from './engine/whipRatings';

export interface WPathJob {
  text: string;
  budgetMs: number;
}

/** A W path for a side document: its headline, its lines, and whether it ran out of budget. */
export interface WPathText {
  headline: string;
  lines: string[];
  overBudget: boolean;
}

function wPathText(job: WPathJob): WPathText {
  const r = wPath(candidatesOfText(job.text), job.budgetMs);
  return { headline: describeWPath(r), lines: wPathLines(r.steps), overBudget: r.status === 'budget' };
}

export interface RateJob {
  text: string;
  unique: boolean;
  budgetMs: number;
}

function rateText(job: RateJob): Rating {
  return ratePuzzle(candidatesOfText(job.text), job.text.length === 729, { unique: job.unique, budgetMs: job.budgetMs });
}

function rateRow(job: RowJob): RowResult {
  return runRowJob(job);
}

workerpool.worker({
  rate: rateText,
  row: rateRow,
  // W, T&E depth, backdoor and BLISS for the language server (engine/extraRatings.ts).
  extras: (job: { text: string; variant: PuzzleVariant; budgetMs: number; lockedCandidates: boolean }) =>
    extraRatings(job.text, job.variant, job.budgetMs, job.lockedCandidates),
  // BLISS alone: a pencilmark line's finds (Apply all in file) and the CLI's log (BLISS log lens); blissJobs.ts.
  blissFinds,
  blissLog,
  uaInfo: uaInfoBatch,
  uaSets: uaSetsJob,
  patternSearch: (job: PatternJob) => patternJob(job, workerpool.workerEmit),
  clueSearch: (job: ClueJob) => clueJob(job, workerpool.workerEmit),
  // The solution grids of a file's text (the pattern search's grids): every puzzle solved.
  documentGrids: (job: { text: string; nodeBudget: number }) => documentGrids(job.text, job.nodeBudget),
  wPath: wPathText,
});

/**
 * The BLISS jobs the rating worker (dist/ratingWorker.js) runs for the editor: the finds to
 * write into one pencilmark line ("Apply BLISS eliminations to all pencilmark lines") and one
 * puzzle's log exactly as `sudoku-lens bliss` prints it (the "BLISS log" lens).
 */
import { type BlissRunOptions, blissReport } from './blissReport';
import { runBliss } from './rowJobs';
import type { Variant } from '../engine/bliss';
import type { BlissFindRef } from '../engine/bliss/apply';
import { type Puzzle, candidatesOfText } from '../engine/core/parse';

export interface BlissFindsJob {
  text: string;
  variant: Variant;
  budgetMs: number;
  lockedCandidates: boolean;
}

/** BLISS(2)'s eliminations and placements on a text; null when its budget ran out. */
export type BlissFinds = { noSolution: boolean; steps: BlissFindRef[] } | null;

export function blissFinds(job: BlissFindsJob): BlissFinds {
  // No guess count: only the finds are written back.
  const r = runBliss(candidatesOfText(job.text), { variant: job.variant, maxLevel: 2, lockedCandidates: job.lockedCandidates }, job.budgetMs, false);
  return r && { noSolution: r.noSolution, steps: r.steps.map(({ kind, cell, digit }) => ({ kind, cell, digit })) };
}

export interface BlissLogJob {
  /** The file name the CLI would print (`collection.sdm:88: …`). */
  file: string;
  puzzle: Puzzle;
  options: BlissRunOptions;
}

export const blissLog = (job: BlissLogJob): string[] => blissReport(job.file, job.puzzle, job.options, false).lines;

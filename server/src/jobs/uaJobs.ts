/**
 * The UA searches as worker jobs (dist/ratingWorker.js), shared by the CLI (search-pattern,
 * search17) and the editor's commands: each runs under a time budget and reports progress and
 * finished grids through `emit` (workerpool's workerEmit in a worker). Pure engine calls inside.
 */
import { Budget, withinBudget } from '../engine/core/budget';
import { searchClues, searchPattern, uaSets } from '../engine/ua';

/** Progress (work done of total) or, for pattern searches, one grid's puzzles as soon as it is done. */
export type SearchEvent = { kind: 'progress'; done: number; total: number } | { kind: 'grid'; result: PatternGridDone };

export type Emit = (event: SearchEvent) => void;

const EMIT_EVERY_MS = 250;

/** Progress events at most every 250 ms (and the last one). */
function throttled(emit: Emit | undefined): (done: number, total: number) => void {
  let last = -Infinity;
  return (done, total) => {
    const now = performance.now();
    if (!emit || (now - last < EMIT_EVERY_MS && done < total)) return;
    last = now;
    emit({ kind: 'progress', done, total });
  };
}


export interface UASetsJob {
  grid: string;
  maxSize: number;
  budgetMs: number;
}

export interface UASetsResult {
  /** The minimal UA sets (cell lists, smallest first), or null over budget. */
  sets: number[][] | null;
  ms: number;
}

export function uaSetsJob(job: UASetsJob): UASetsResult {
  const t0 = performance.now();
  const sets = withinBudget(() => uaSets(job.grid, { maxSize: job.maxSize, budget: new Budget(job.budgetMs) }));
  return { sets, ms: performance.now() - t0 };
}

export interface PatternJob {
  /** 81 chars, 'x' for a clue. */
  pattern: string;
  grids: string[];
  /** For the whole search. */
  budgetMs: number;
}

export interface PatternGridDone {
  grid: string;
  puzzles: string[];
  ms: number;
}

export interface PatternJobResult {
  /** The grids searched to the end, in order. */
  grids: PatternGridDone[];
  ms: number;
  /** True when the budget ran out before the last grid was done. */
  stopped: boolean;
}

/** Every unique puzzle of the pattern in each grid, grid by grid (each one emitted when done). */
export function patternJob(job: PatternJob, emit?: Emit): PatternJobResult {
  const t0 = performance.now();
  const budget = new Budget(job.budgetMs);
  const progress = throttled(emit);
  const total = job.grids.length;
  const grids: PatternGridDone[] = [];
  for (const grid of job.grids) {
    const i = grids.length;
    const r = withinBudget(() => searchPattern(job.pattern, grid, { budget, onProgress: (d, t) => progress(i + d / t, total) }));
    if (!r) return { grids, ms: performance.now() - t0, stopped: true };
    const done: PatternGridDone = { grid, puzzles: r.puzzles, ms: r.perGrid[0].ms };
    grids.push(done);
    emit?.({ kind: 'grid', result: done });
  }
  progress(total, total);
  return { grids, ms: performance.now() - t0, stopped: false };
}

export interface ClueJob {
  grid: string;
  clues: number;
  budgetMs: number;
}

export interface ClueJobResult {
  /** Every puzzle with `clues` clues and this solution, sorted; null when the budget ran out. */
  puzzles: string[] | null;
  ms: number;
}

export function clueJob(job: ClueJob, emit?: Emit): ClueJobResult {
  const t0 = performance.now();
  const progress = throttled(emit);
  const r = withinBudget(() => searchClues(job.grid, { clues: job.clues, budget: new Budget(job.budgetMs), onProgress: progress }));
  return { puzzles: r ? r.puzzles : null, ms: performance.now() - t0 };
}

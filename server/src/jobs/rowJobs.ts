/**
 * One puzzle's ratings for `rate`, as small summaries: the work a rating worker does
 * (dist/ratingWorker.js, job `row`) and what `--workers 1` runs in-process. Pure engine code,
 * structured-cloneable in and out.
 */
import { type BlissResult, type Variant, bliss } from '../engine/bliss';
import { candidatesOfText } from '../engine/core/parse';
import { type RatingSummary, ratePuzzle, summarize } from '../engine/se/rate';
import type { Step } from '../engine/core/step';
import { Budget, withinBudget } from '../engine/core/budget';
import { type WhipRatings, whipRatings } from '../engine/whips/whipRatings';

export interface BlissJob {
  variant: Variant;
  maxLevel: 1 | 2;
  /** Locked candidates (pointing/claiming) inside DoSingles; off in the seed's logs. */
  lockedCandidates?: boolean;
}

export interface RowJob {
  /** Normalized puzzle text (81 or 729 characters). */
  text: string;
  budgetMs: number;
  /** Rate with Sudoku Explainer's techniques (only for a puzzle with one solution). */
  se: boolean;
  /** SE techniques to rate without (`rate --exclude`). */
  exclude?: string[];
  /** Also return SE's path, step by step (`rate --before/--after`). */
  path?: boolean;
  bliss: BlissJob | null;
  /** Berthier's W alone, or with gW, B, T&E depth and backdoor size (only for a classic puzzle with one solution). */
  w: WMethod | null;
}

/** `rate --method w` (W alone) or `wall` (the whole family). */
export type WMethod = 'w' | 'wall';

export type BlissStatus = 'solved' | 'stuck' | 'no-solution' | 'budget';

/** What `rate` keeps of a BLISS run. */
export interface BlissSummary {
  status: BlissStatus;
  variant: Variant;
  maxLevel: 1 | 2;
  level: 0 | 1 | 2 | null;
  backdoor: boolean;
  ng: number | null;
  /** False when the guess count hit its cap: `ng` is a lower bound. */
  ngComplete: boolean;
  eliminations: number;
  placements: number;
}

/** What `rate` keeps of Berthier's ratings: no path. */
export type WSummary = Omit<WhipRatings, 'w'> & { w: Omit<WhipRatings['w'], 'steps'> };

/**
 * One step of SE's path as `rate --before/--after` print it: the engine's step (its text, what it
 * places and eliminates, which replay the grid) and the milliseconds from the start of its
 * search to its being applied (serate's per-step %e).
 */
export type PathStep = Pick<Step, 'technique' | 'difficulty' | 'text' | 'placements' | 'eliminations'> & { ms: number };

export interface RowResult {
  se: RatingSummary | null;
  /** SE's path, when the job asked for it and SE ran: every step taken, also of a rating that stopped short. */
  path?: PathStep[];
  bliss: BlissSummary | null;
  w: WSummary | null;
  /** Milliseconds the ratings took (serate's %e); null when none ran. */
  ms: number | null;
}

function wSummary(cands: Uint16Array, budgetMs: number, method: WMethod): WSummary {
  const all = method === 'wall';
  const { w, ...rest } = whipRatings(cands, budgetMs, { teAndBackdoor: all, gwAndB: all });
  return { ...rest, w: { rating: w.rating, status: w.status } };
}

export function blissSummary(r: BlissResult, maxLevel: 1 | 2): BlissSummary {
  let placements = 0;
  for (const s of r.steps) if (s.kind === 'place') placements++;
  return {
    status: r.solved ? 'solved' : r.noSolution ? 'no-solution' : 'stuck',
    variant: r.variant,
    maxLevel,
    level: r.level,
    backdoor: r.backdoor,
    ng: r.ng,
    ngComplete: r.ngComplete,
    eliminations: r.steps.length - placements,
    placements,
  };
}

export const budgetSummary = (job: BlissJob): BlissSummary => ({
  status: 'budget',
  variant: job.variant,
  maxLevel: job.maxLevel,
  level: null,
  backdoor: false,
  ng: null,
  ngComplete: false,
  eliminations: 0,
  placements: 0,
});

/** BLISS on a candidate state within `budgetMs`; null result means the budget ran out. `guessCount`: also count `ng`. */
export function runBliss(cands: Uint16Array, job: BlissJob, budgetMs: number, guessCount = true): BlissResult | null {
  return withinBudget(() =>
    bliss(cands, { variant: job.variant, maxLevel: job.maxLevel, lockedCandidates: job.lockedCandidates, budget: new Budget(budgetMs), guessCount }),
  );
}

/** `pause`: what SE's rating calls at each budget check (a background run's pause point, pause.ts). */
export function runRowJob(job: RowJob, pause?: () => number): RowResult {
  const start = Date.now();
  const cands = candidatesOfText(job.text);
  const pencilmark = job.text.length === 729;
  const path: PathStep[] = [];
  let stepStart = start;
  const onStep = (s: Step): void => {
    const now = Date.now();
    path.push({ technique: s.technique, difficulty: s.difficulty, text: s.text, placements: s.placements, eliminations: s.eliminations, ms: now - stepStart });
    stepStart = now;
  };
  const se = job.se ? summarize(ratePuzzle(cands, pencilmark, { unique: true, budgetMs: job.budgetMs, exclude: job.exclude, pause, ...(job.path ? { onStep } : {}) })) : null;
  let b: BlissSummary | null = null;
  if (job.bliss) {
    const r = runBliss(cands, job.bliss, job.budgetMs);
    b = r ? blissSummary(r, job.bliss.maxLevel) : budgetSummary(job.bliss);
  }
  const w = job.w ? wSummary(cands, job.budgetMs, job.w) : null;
  return { se, ...(job.path && se ? { path } : {}), bliss: b, w, ms: Date.now() - start };
}

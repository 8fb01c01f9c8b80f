/**
 * Sudoku Explainer's rating: apply the simplest available step until solved. ER is the hardest
 * step, ED the first step's difficulty, EP the running maximum at the first step that places a
 * value (see ../../../../shared/docs/se-rating.md).
 */
import { plural } from '../core/format';
import { State } from '../core/state';
import type { Step } from '../core/step';
import { TECHNIQUES, techniquesWithout } from './techniques';
import { Budget, BudgetExceeded } from '../core/budget';
import { type Technique } from './techniques/technique';
import { ceilingPlan, pathCeiling } from './pathCeiling';

/** `stopped`: the caller's `stop` hook ended the rating (a filter that is already decided). */
export type RatingStatus = 'solved' | 'stuck' | 'budget' | 'cancelled' | 'stopped';

export interface Rating {
  status: RatingStatus;
  /**
   * Raw doubles as SE computes them; `seFormat` prints them. A rating cut short keeps a lower
   * bound in `er`: the hardest step so far, or what the unfinished search proves.
   */
  er: number;
  ep: number;
  ed: number;
  steps: Step[];
  /** The first step with the highest difficulty. */
  hardest: Step | null;
  /** The techniques it ran without (RateOptions.exclude), when any: a rating of a reduced set. */
  excluded?: readonly string[];
  /** A rating its `stop` hook ended after `PartialRating.ceiling` proved one: the most ER can be. */
  erAtMost?: number;
}

export interface RateOptions {
  /** Uniqueness techniques (unique rectangles, BUG) are sound only for a puzzle with one solution. */
  unique: boolean;
  /** Wall-clock budget for the whole rating. */
  budgetMs?: number;
  cancelled?: () => boolean;
  /** The caller's pause point, asked at each budget check: the milliseconds it held the rating, not counted against its budget (Budget's `held`). */
  pause?: () => number;
  techniques?: readonly Technique[];
  /** Technique names (TECHNIQUE_NAMES, any case) to rate without, as serate's --techs leaves some out. */
  exclude?: readonly string[];
  /**
   * Asked after each step and before each technique whose successors' least difficulty is higher
   * than its predecessor's (only that changed since the step): true ends the
   * rating with status `stopped` (what is known so far is kept, as for a budget). Without it the
   * rating is SE's, unchanged.
   */
  stop?: (partial: PartialRating) => boolean;
  /** Told each step once it is applied to the state (rate --after times its steps, serate's per-step %e). */
  onStep?: (step: Step) => void;
}

/** A rating under way, as the `stop` hook sees it. */
export interface PartialRating {
  /** The running maximum, at least `nextAtLeast` once the next step is found. */
  er: number;
  /** 0 until the first placement (then final). */
  ep: number;
  /** 0 until the first step (then final). */
  ed: number;
  steps: readonly Step[];
  hardest: Step | null;
  /** The least difficulty the next step can have: the techniques still to search declare it (0 when unknown). */
  nextAtLeast: number;
  /**
   * The most ER can be (Infinity when not proven): the rest of the path stays under the ceiling
   * pathCeiling.ts proves from the current state, with the strongest tier whose weakest proof
   * `settles` (what the caller wants to know), none when no tier's would. A proof costs up to
   * about half a millisecond (the easy steps and static chains left, applied without building
   * steps); it is redone only after a step that can change it.
   */
  ceiling: (settles: (most: number) => boolean) => number;
}

export const DEFAULT_RATING_BUDGET_MS = 10_000;

/** The cheap tier of the path's ceiling: hidden and naked singles. */
const SINGLES_TIER = 2;

/** SE prints `(int)((x + 0.05) * 10) / 10`. */
export const seFormat = (x: number): string => (Math.trunc((x + 0.05) * 10) / 10).toFixed(1);

/** `searching.index`: the technique searching when the budget ran out. */
function firstStep(
  state: State,
  techniques: readonly Technique[],
  unique: boolean,
  budget: Budget,
  searching: { index: number },
  stopBefore: ((index: number) => boolean) | null,
): Step | null {
  for (let i = 0; i < techniques.length; i++) {
    searching.index = i;
    if (i > 0 && stopBefore?.(i)) throw STOPPED;
    for (const step of techniques[i].steps(state, { unique, budget })) return step;
    budget.check();
  }
  return null;
}

/** Thrown out of the step search when the `stop` hook says so. */
const STOPPED = new Error('rating stopped by its caller');

/**
 * The least difficulty of the next step when the search stopped at technique `from`: every
 * earlier one found nothing, so the step comes from it or a later one. 0 when one of them does
 * not declare its least difficulty.
 */
export function nextStepAtLeast(techniques: readonly Technique[], from: number): number {
  let least = Infinity;
  for (let i = from; i < techniques.length; i++) {
    const d = techniques[i].minDifficulty;
    if (d === undefined) return 0;
    least = Math.min(least, d);
  }
  return least === Infinity ? 0 : least;
}

/** Rates from `state`, which it changes: pass a clone to keep the start. */
export function rate(state: State, options: RateOptions): Rating {
  const budget = new Budget(options.budgetMs ?? DEFAULT_RATING_BUDGET_MS, options.cancelled, options.pause);
  const exclude = options.exclude ?? [];
  const techniques = techniquesWithout(options.techniques ?? TECHNIQUES, exclude);
  const steps: Step[] = [];
  let er = 0;
  let ep = 0;
  let ed = 0;
  let hardest: Step | null = null;
  let status: RatingStatus = 'solved';
  const searching = { index: 0 };
  const stop = options.stop;
  // A ceiling once proven holds for the rest of the path; the lowest one proven counts. The hook
  // says what would settle its expression: the whole tier, with the static chains (about 0.5 ms),
  // when its weakest proof would (`er>=9` fails before the first chain search on 90% of the
  // diabolical bank), else the singles (about 0.05 ms), when a low ceiling would (`er>=7.2` fails
  // once they solve after the last hard step), else none. That is decided once, and a proof
  // tried once, until a step that can change the closure under the tier, or make the hardest
  // technique the last proof needed unnecessary (`stale`): the hook is asked about 60 times a rating.
  const plans = stop ? [ceilingPlan(techniques), ceilingPlan(techniques, SINGLES_TIER)] : [];
  let stale = true;
  let proven = Infinity;
  let provenTop = Infinity;
  const ceiling = (settles: (most: number) => boolean): number => {
    if (stale) {
      stale = false;
      const plan = plans.find((p) => p.tier.length > 0 && settles(Math.max(er, p.ceilingAt[p.ceilingAt.length - 1])));
      const c = plan ? pathCeiling(state, plan, { unique: options.unique, budget }) : null;
      if (c && c.most < proven) [proven, provenTop] = [c.most, c.top];
    }
    return Math.max(er, proven);
  };
  const atMost = (): { erAtMost?: number } => (proven < Infinity ? { erAtMost: Math.max(er, proven) } : {});
  const partial = (nextAtLeast: number): PartialRating => ({ er, ep, ed, steps, hardest, nextAtLeast, ceiling });
  // Only with a hook: the lower bounds of each technique's successors. Between two steps only
  // that bound changes, so the hook is asked again only where it rises.
  const atLeast = stop ? techniques.map((_, i) => nextStepAtLeast(techniques, i)) : [];
  const stopBefore = stop ? (i: number): boolean => atLeast[i] > atLeast[i - 1] && stop(partial(atLeast[i])) : null;
  try {
    while (!state.isSolved()) {
      if (stop && steps.length > 0 && stop(partial(atLeast[0]))) {
        status = 'stopped';
        break;
      }
      const step = firstStep(state, techniques, options.unique, budget, searching, stopBefore);
      if (!step) {
        status = 'stuck';
        break;
      }
      steps.push(step);
      if (stop) {
        const t = techniques[searching.index];
        // The whole tier's keeps are the narrowest: a step it keeps is kept by the singles too.
        if (!plans[0].keeps.has(t) || plans[0].tier.indexOf(t) >= provenTop) stale = true;
      }
      if (step.difficulty > er) {
        er = step.difficulty;
        hardest = step;
      }
      state.apply(step);
      options.onStep?.(step);
      if (ep === 0) {
        if (ed === 0) ed = er;
        if (step.placements.length > 0) ep = er;
      }
    }
  } catch (err) {
    if (err === STOPPED) return { status: 'stopped', er: Math.max(er, nextStepAtLeast(techniques, searching.index)), ep, ed, steps, hardest, ...atMost() };
    if (!(err instanceof BudgetExceeded)) throw err;
    status = err.reason === 'time' ? 'budget' : 'cancelled';
    // What the unfinished search already proves: ER is at least the next step's least difficulty.
    er = Math.max(er, nextStepAtLeast(techniques, searching.index));
  }
  return { status, er, ep, ed, steps, hardest, ...(exclude.length > 0 ? { excluded: exclude } : {}), ...(status === 'stopped' ? atMost() : {}) };
}

/** What the editor keeps per puzzle text: small enough to cache for a whole collection. */
export interface RatingSummary {
  status: RatingStatus;
  er: number;
  ep: number;
  ed: number;
  hardest: string | null;
  /** The technique ED comes from (the first step's; serate's %D), and EP's (the first hardest step up to the first placement; %P): null before there is one. */
  diamond: string | null;
  pearl: string | null;
  steps: number;
  /** Steps per technique (SE's names, as `hardest`), in the order each first appears on the path: collection statistics. */
  techniques: Record<string, number>;
  /** BUG steps on the path: the editor warns about the BUG state they resolve. */
  bugSteps: Step[];
  excluded?: readonly string[];
}

const isBugStep = (step: Step): boolean => /^(BUG|Bivalue Universal Grave)/.test(step.technique);

/** EP's step, as the rating loop finds it: the first of the highest difficulty up to the first placement. */
function pearlStep(steps: readonly Step[]): Step | null {
  let hardest: Step | null = null;
  for (const step of steps) {
    if (!hardest || step.difficulty > hardest.difficulty) hardest = step;
    if (step.placements.length > 0) return hardest;
  }
  return null;
}

export function summarize(rating: Rating): RatingSummary {
  const { status, er, ep, ed, hardest, steps, excluded } = rating;
  const techniques: Record<string, number> = {};
  for (const step of steps) techniques[step.technique] = (techniques[step.technique] ?? 0) + 1;
  const summary: RatingSummary = {
    status,
    er,
    ep,
    ed,
    hardest: hardest?.technique ?? null,
    diamond: steps[0]?.technique ?? null,
    pearl: pearlStep(steps)?.technique ?? null,
    steps: steps.length,
    techniques,
    bugSteps: steps.filter(isBugStep),
  };
  return excluded ? { ...summary, excluded } : summary;
}

/** `ED=9.0/1.2/1.2`, as SE prints it (ER/EP/ED). */
export const seRatingText = (r: { er: number; ep: number; ed: number }): string =>
  `ED=${seFormat(r.er)}/${seFormat(r.ep)}/${seFormat(r.ed)}`;

/** `without Nishio Forcing Chains`: what a rating of a reduced set of techniques left out. */
export const reducedText = (excluded: readonly string[]): string => `without ${excluded.join(', ')}`;

/** One line for hovers, the CLI and messages; a rating of a reduced set says so. */
export function describeRating(r: RatingSummary): string {
  const text = describeFullRating(r);
  return r.excluded ? `${text} [${reducedText(r.excluded)}]` : text;
}

function describeFullRating(r: RatingSummary): string {
  switch (r.status) {
    case 'solved':
      return `${seRatingText(r)} (hardest: ${r.hardest ?? 'none'}, ${plural(r.steps, 'step')})`;
    case 'stuck':
      return `not solved by Sudoku Explainer's techniques after ${plural(r.steps, 'step')} (SE prints 20.0); ≥ ${seFormat(r.er)} so far`;
    case 'budget':
      return `rating exceeded its budget (≥ ${seFormat(r.er)} so far, ${plural(r.steps, 'step')})`;
    case 'cancelled':
      return 'rating cancelled';
    case 'stopped':
      return `rating stopped once its filter was decided (≥ ${seFormat(r.er)} so far, ${plural(r.steps, 'step')})`;
  }
}

/** Rates a puzzle's starting candidates, as SE (givens) or SukakuExplainer (pencilmarks) reads them. */
export function ratePuzzle(cands: Uint16Array, pencilmark: boolean, options: RateOptions): Rating {
  return rate(State.fromCandidates(cands, pencilmark), options);
}

/** The path as text, one step a line with its difficulty: the "Show path" document and `cli path`. */
export function pathText(rating: Rating): string[] {
  return rating.steps.map((s, i) => `${String(i + 1).padStart(3)}. ${seFormat(s.difficulty)}  ${s.text}`);
}

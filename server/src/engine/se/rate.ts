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

export type RatingStatus = 'solved' | 'stuck' | 'budget' | 'cancelled';

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
}

export interface RateOptions {
  /** Uniqueness techniques (unique rectangles, BUG) are sound only for a puzzle with one solution. */
  unique: boolean;
  /** Wall-clock budget for the whole rating. */
  budgetMs?: number;
  cancelled?: () => boolean;
  techniques?: readonly Technique[];
  /** Technique names (TECHNIQUE_NAMES, any case) to rate without, as serate's --techs leaves some out. */
  exclude?: readonly string[];
}

export const DEFAULT_RATING_BUDGET_MS = 10_000;

/** SE prints `(int)((x + 0.05) * 10) / 10`. */
export const seFormat = (x: number): string => (Math.trunc((x + 0.05) * 10) / 10).toFixed(1);

/** `searching.index`: the technique searching when the budget ran out. */
function firstStep(
  state: State,
  techniques: readonly Technique[],
  unique: boolean,
  budget: Budget,
  searching: { index: number },
): Step | null {
  for (let i = 0; i < techniques.length; i++) {
    searching.index = i;
    for (const step of techniques[i].steps(state, { unique, budget })) return step;
    budget.check();
  }
  return null;
}

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

export function applyStep(state: State, step: Step): void {
  for (const p of step.placements) state.place(p.cell, p.digit);
  for (const e of step.eliminations) state.eliminate(e.cell, e.digit);
}

/** Rates from `state`, which it changes: pass a clone to keep the start. */
export function rate(state: State, options: RateOptions): Rating {
  const budget = new Budget(options.budgetMs ?? DEFAULT_RATING_BUDGET_MS, options.cancelled);
  const exclude = options.exclude ?? [];
  const techniques = techniquesWithout(options.techniques ?? TECHNIQUES, exclude);
  const steps: Step[] = [];
  let er = 0;
  let ep = 0;
  let ed = 0;
  let hardest: Step | null = null;
  let status: RatingStatus = 'solved';
  const searching = { index: 0 };
  try {
    while (!state.isSolved()) {
      const step = firstStep(state, techniques, options.unique, budget, searching);
      if (!step) {
        status = 'stuck';
        break;
      }
      steps.push(step);
      if (step.difficulty > er) {
        er = step.difficulty;
        hardest = step;
      }
      applyStep(state, step);
      if (ep === 0) {
        if (ed === 0) ed = er;
        if (step.placements.length > 0) ep = er;
      }
    }
  } catch (err) {
    if (!(err instanceof BudgetExceeded)) throw err;
    status = err.reason === 'time' ? 'budget' : 'cancelled';
    // What the unfinished search already proves: ER is at least the next step's least difficulty.
    er = Math.max(er, nextStepAtLeast(techniques, searching.index));
  }
  return { status, er, ep, ed, steps, hardest, ...(exclude.length > 0 ? { excluded: exclude } : {}) };
}

/** What the editor keeps per puzzle text: small enough to cache for a whole collection. */
export interface RatingSummary {
  status: RatingStatus;
  er: number;
  ep: number;
  ed: number;
  hardest: string | null;
  steps: number;
  /** Steps per technique (SE's names, as `hardest`), in the order each first appears on the path: collection statistics. */
  techniques: Record<string, number>;
  /** BUG steps on the path: the editor warns about the BUG state they resolve. */
  bugSteps: Step[];
  excluded?: readonly string[];
}

const isBugStep = (step: Step): boolean => /^(BUG|Bivalue Universal Grave)/.test(step.technique);

export function summarize(rating: Rating): RatingSummary {
  const { status, er, ep, ed, hardest, steps, excluded } = rating;
  const techniques: Record<string, number> = {};
  for (const step of steps) techniques[step.technique] = (techniques[step.technique] ?? 0) + 1;
  const summary: RatingSummary = { status, er, ep, ed, hardest: hardest?.technique ?? null, steps: steps.length, techniques, bugSteps: steps.filter(isBugStep) };
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

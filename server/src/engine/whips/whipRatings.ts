/**
 * Berthier's ratings of one classic puzzle under one time budget: W with its resolution path and,
 * when asked, T&E depth and backdoor size, gW and B. Each measure gets its weight's share of the time
 * left when it starts, so what a quick one leaves goes to the next; a share that runs out is
 * reported as 'budget', never as a number. "Not solvable with these rules" is a result of its own.
 */
import { plural } from '../core/format';
import { placementText } from '../core/step';
import { Budget } from '../core/budget';
import { type RuleSet, type WResult, type WStep, backdoorSize, teDepth, wRating } from './index';

type RuleStatus = WResult['status'];

export interface RuleRating {
  rating: number | null;
  status: RuleStatus;
}

export interface WhipRatings {
  w: RuleRating & { steps: WStep[] };
  /** Null when not asked for. */
  gw: RuleRating | null;
  b: RuleRating | null;
  /** Null when not asked for. */
  te: { depth: number | null; status: string } | null;
  backdoor: { size: number | null; status: string } | null;
}

export interface WhipRatingOptions {
  /** Also compute the T&E depth and backdoor size (the editor's hover, `rate --method wall`). */
  teAndBackdoor?: boolean;
  /** Also compute gW (g-whips) and B (braids): slower, off in the editor. */
  gwAndB?: boolean;
}

/** Longest chain tried, for every rule set. */
const MAX_CHAIN_LENGTH = 20;

const WEIGHTS = { w: 4, te: 1, backdoor: 1, gw: 2, b: 2 };
type Measure = keyof typeof WEIGHTS;

/** Budgets handed out in order, each its weight's share of the time then left. */
function budgetShares(budgetMs: number, order: Measure[]): (m: Measure) => Budget {
  const end = performance.now() + budgetMs;
  let weightLeft = order.reduce((s, m) => s + WEIGHTS[m], 0);
  return (m) => {
    const share = (Math.max(0, end - performance.now()) * WEIGHTS[m]) / weightLeft;
    weightLeft -= WEIGHTS[m];
    return new Budget(share);
  };
}

const ruleRating = (r: WResult): RuleRating => ({ rating: r.rating, status: r.status });

export function whipRatings(cands: Uint16Array, budgetMs: number, options: WhipRatingOptions = {}): WhipRatings {
  const order: Measure[] = ['w', ...(options.teAndBackdoor ? (['te', 'backdoor'] as const) : []), ...(options.gwAndB ? (['gw', 'b'] as const) : [])];
  const share = budgetShares(budgetMs, order);
  const rate = (rules: RuleSet, budget: Budget) => wRating(cands, { rules, budget, maxLength: MAX_CHAIN_LENGTH });
  const w = rate('W', share('w'));
  const te = options.teAndBackdoor ? teDepth(cands, { budget: share('te') }) : null;
  const bd = options.teAndBackdoor ? backdoorSize(cands, { budget: share('backdoor') }) : null;
  let gw: RuleRating | null = null;
  let b: RuleRating | null = null;
  if (options.gwAndB) {
    // gW1 = B1 = W1 and B2 = W2 (PBCS): no g-whip or braid can beat a W of 2 or less.
    const settled = w.status === 'solved' && (w.rating as number) <= 2;
    gw = settled ? ruleRating(w) : ruleRating(rate('gW', share('gw')));
    b = settled ? ruleRating(w) : ruleRating(rate('B', share('b')));
  }
  return {
    w: { ...ruleRating(w), steps: w.steps },
    gw,
    b,
    te: te && { depth: te.depth, status: te.status },
    backdoor: bd && { size: bd.size, status: bd.status },
  };
}

/**
 * The full W resolution path, singles included, within `budgetMs` (`path --method w`, the Whip path
 * lens). BRT asserts the givens (one-candidate cells) as naked singles too: they are not steps.
 */
export function wPath(cands: Uint16Array, budgetMs: number): WResult {
  const r = wRating(cands, { rules: 'W', budget: new Budget(budgetMs), maxLength: MAX_CHAIN_LENGTH, includeSingles: true });
  const given = (s: WStep): boolean => s.kind === 'single' && (cands[s.placements[0].cell] & (cands[s.placements[0].cell] - 1)) === 0;
  return { ...r, steps: r.steps.filter((s) => !given(s)) };
}

/** A W path's headline: `W4 (12 chains, hardest: whip[4])`, or why it stops. */
export function describeWPath(r: WResult): string {
  const chains = pathChains(r.steps).length;
  const count = plural(chains, 'chain');
  if (r.status === 'solved') return r.hardest ? `W${r.rating} (${count}, hardest: ${r.hardest.technique})` : 'W0 (singles solve it)';
  return `${describeRule(r)} (${count}, longest ${r.maxLength} so far)`;
}

const RULE_NAMES: Record<RuleSet, string> = { W: 'whips', gW: 'g-whips', B: 'braids' };

/** `W5`, or why there is no number: not solvable with these rules, or over budget. */
export function describeRule(r: RuleRating, rules: RuleSet = 'W'): string {
  if (r.status === 'solved') return `${rules}${r.rating}`;
  if (r.status === 'budget') return `${rules} over budget`;
  return `not solvable with ${RULE_NAMES[rules]} up to length ${MAX_CHAIN_LENGTH}`;
}

/** Why a T&E depth or backdoor size has no number. */
export const teReason = (status: string): string => (status === 'deeper' ? 'T&E depth above 2' : status === 'budget' ? 'T&E over budget' : status);
export const backdoorReason = (status: string): string => (status === 'larger' ? 'backdoor larger than 2' : status === 'budget' ? 'backdoor over budget' : status);

/**
 * The W path as text: chains numbered in path order (the diagnostics' "chain 3 of 12"), each run
 * of singles summarised on one line: `singles ==> r1c3=4, r2c5=7`.
 */
export function wPathLines(steps: readonly WStep[]): string[] {
  const lines: string[] = [];
  let singles: string[] = [];
  let chain = 0;
  const flush = (): void => {
    if (singles.length > 0) lines.push(`     singles ==> ${singles.join(', ')}`);
    singles = [];
  };
  for (const s of steps) {
    if (s.kind === 'single') {
      singles.push(...s.placements.map(placementText));
      continue;
    }
    flush();
    lines.push(`${String(++chain).padStart(3)}. ${s.text}`);
  }
  flush();
  return lines;
}

/** The chains of a W path (singles left out). */
export const pathChains = <S extends { kind: string }>(steps: readonly S[]): S[] => steps.filter((s) => s.kind !== 'single');

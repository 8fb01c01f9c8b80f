/**
 * Solution counts and random complete grids in every variant. Classic puzzles go through the
 * exact bitboard solver (core/solve.ts); X, P and PX have houses that solver does not know, so
 * they go through a depth-first search over BLISS's singles in the variant's geometry (one
 * definition of the extra houses: bliss/variants.ts). Both stop at a node budget.
 */
import { ALL_DIGITS } from '../core/grid';
import { solve } from '../core/solve';
import { CONTRADICTION, SOLVED, doSingles } from '../bliss/singles';
import { type Variant, geometry } from '../bliss/variants';

/** Search nodes one count may use: ample for any puzzle a generator makes, a bound on a pathological one. */
export const COUNT_NODE_BUDGET = 1_000_000;

export interface Count {
  /** Solutions found, at most the limit. */
  count: number;
  /** False when the node budget ran out first (count is then a lower bound). */
  complete: boolean;
  /** The first solution found, or null. */
  first: Uint8Array | null;
}

/** Depth-first search with singles in the variant's houses: digits tried in increasing order, or in a random one. */
function variantSearch(variant: Variant, cands: Uint16Array, limit: number, random?: () => number): Count {
  const g = geometry(variant);
  let count = 0;
  let nodes = 0;
  let first: Uint8Array | null = null;
  const start = cands.slice();
  if (doSingles(g, start, null) === CONTRADICTION) return { count: 0, complete: true, first: null };
  const visit = (pm: Uint16Array, outcome: number): boolean => {
    if (outcome === SOLVED) {
      first ??= Uint8Array.from(pm, (m) => 32 - Math.clz32(m));
      return ++count >= limit;
    }
    let best = -1;
    let fewest = 10;
    for (let c = 0; c < 81; c++) {
      const m = pm[c];
      if ((m & (m - 1)) === 0) continue;
      let n = 0;
      for (let x = m; x; x &= x - 1) n++;
      if (n < fewest) [fewest, best] = [n, c];
    }
    const digits: number[] = [];
    for (let d = 0; d < 9; d++) if (pm[best] & (1 << d)) digits.push(d);
    if (random) shuffle(digits, random);
    for (const d of digits) {
      if (++nodes > COUNT_NODE_BUDGET) return true;
      const next = pm.slice();
      next[best] = 1 << d;
      const r = doSingles(g, next, [best]);
      if (r !== CONTRADICTION && visit(next, r)) return true;
    }
    return false;
  };
  visit(start, start.every((m) => (m & (m - 1)) === 0) ? SOLVED : 0);
  return { count, complete: nodes <= COUNT_NODE_BUDGET, first };
}

/** Solutions of a candidate state (9-bit masks) in a variant, up to `limit`. */
export function countSolutions(variant: Variant, cands: Uint16Array, limit: number): Count {
  if (variant !== 'classic') return variantSearch(variant, cands, limit);
  const r = solve(cands, { limit, nodeBudget: COUNT_NODE_BUDGET });
  return { count: r.count, complete: r.complete, first: r.solutions[0] ?? null };
}

/** Fisher-Yates, in place. */
export function shuffle<T>(xs: T[], random: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/**
 * The first solution of the empty grid found by a search that tries the digits of each guessed
 * cell in a random order: a random complete grid of the variant (see generate.ts for how
 * uniform).
 */
export function randomSolution(variant: Variant, random: () => number): Uint8Array {
  const empty = new Uint16Array(81).fill(ALL_DIGITS);
  const found = variant === 'classic' ? (solve(empty, { limit: 1, random }).solutions[0] ?? null) : variantSearch(variant, empty, 1, random).first;
  if (!found) throw new Error(`no ${variant} grid found`); // the empty grid has solutions in every variant
  return found;
}

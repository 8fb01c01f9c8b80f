/**
 * `ng`, the brute-force guess count printed next to each puzzle in the BLISS
 * thread ("P: ... (ng = 210)"). The thread's figure comes from Mathimagics'
 * dSolve (an fsss2 derivative) and its exact guessing strategy is not
 * published, so `ng` here is defined as:
 *
 *   the number of guesses made by a plain depth-first search with singles
 *   (naked and hidden singles in the variant's houses, no other logic):
 *   at each node the first unsolved cell with the fewest candidates is chosen
 *   and its digits are tried in increasing order; every digit tried is one
 *   guess; the search stops at the first solution.
 *
 * Deterministic, variant-aware, and in the same range as dSolve's counts on
 * the thread's examples, but not equal to them.
 */
import type { Budget } from '../core/budget';
import { CONTRADICTION, SOLVED, doSingles } from './singles';
import type { Geometry } from './variants';

export interface GuessCount {
  /** Guesses (digits tried in branching cells) until the first solution or exhaustion. */
  guesses: number;
  /** False when the search stopped at maxGuesses: `guesses` is then a lower bound. */
  complete: boolean;
  /** The first solution found, or null when there is none. */
  solution: Uint8Array | null;
}

/** Counts guesses of the singles + DFS search. `cands` must be a NORMAL singles fixpoint. */
export function countGuesses(g: Geometry, cands: Uint16Array, budget?: Budget, maxGuesses = Infinity): GuessCount {
  let guesses = 0;
  let capped = false;
  let solution: Uint8Array | null = null;
  const search = (pm: Uint16Array): boolean => {
    let best = -1;
    let bestCount = 10;
    for (let c = 0; c < 81; c++) {
      const m = pm[c];
      if ((m & (m - 1)) === 0) continue;
      let n = 0;
      for (let x = m; x; x &= x - 1) n++;
      if (n < bestCount) {
        bestCount = n;
        best = c;
        if (n === 2) break;
      }
    }
    if (best < 0) return false; // cannot happen for a NORMAL state
    for (let d = 0; d < 9; d++) {
      const b = 1 << d;
      if (!(pm[best] & b)) continue;
      if (guesses >= maxGuesses) {
        capped = true;
        return true;
      }
      guesses++;
      if (budget && (guesses & 255) === 0) budget.check();
      const next = pm.slice();
      next[best] = b;
      const r = doSingles(g, next, [best]);
      if (r === CONTRADICTION) continue;
      if (r === SOLVED) {
        solution = Uint8Array.from(next, (m) => 32 - Math.clz32(m));
        return true;
      }
      if (search(next)) return true;
    }
    return false;
  };
  search(cands.slice());
  return { guesses, complete: !capped, solution };
}

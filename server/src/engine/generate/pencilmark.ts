/**
 * Pencilmark (729-character) puzzles: a candidate state whose only solution is a given grid.
 *
 * - From a puzzle: wrong candidates (digits its solution does not put there) are taken out at
 *   random, a number of them or until the state has a target number of candidates. Taking out a
 *   wrong candidate never loses the solution and never adds one, so a unique puzzle stays unique.
 * - Sukaku (no givens): from a complete grid with every candidate everywhere, wrong candidates are
 *   taken out in a random order until the grid is the only solution, never leaving a cell with one
 *   candidate (that would be a given); then each one taken out goes back if the state stays unique,
 *   in a random order, so every candidate still missing is needed (a minimal sukaku).
 * Both end with a check from scratch: exactly one solution, the grid's.
 */
import { type Budget } from '../core/budget';
import { ALL_DIGITS, bit, popcount } from '../core/grid';
import { solve } from '../core/solve';
import { shuffle } from './solutions';

/** Search nodes one solution count may use: pencilmark states with many candidates need more than clue puzzles. */
const NODE_BUDGET = 2_000_000;

/** A candidate: cell * 9 + digit - 1. */
type Candidate = number;

/** Solutions of a state, up to 2; null when the search ran past its node budget. */
function solutionCount(cands: Uint16Array): number | null {
  const r = solve(cands, { limit: 2, nodeBudget: NODE_BUDGET });
  return r.complete ? r.count : null;
}

/** The candidates of a state (a 729 line's digits). */
export const countCandidates = (cands: Uint16Array): number => cands.reduce((n, m) => n + popcount(m), 0);

/** The wrong candidates of a state: present, and not its solution's digit in that cell. */
function wrongCandidates(cands: Uint16Array, solution: ArrayLike<number>): Candidate[] {
  const out: Candidate[] = [];
  for (let c = 0; c < 81; c++) for (let d = 1; d <= 9; d++) if (cands[c] & bit(d) && d !== solution[c]) out.push(9 * c + d - 1);
  return out;
}

export class PencilmarkError extends Error {}

export interface Reduction {
  /** Take out this many wrong candidates (fewer when there are not so many). */
  remove?: number;
  /** Take out wrong candidates until the state has this many candidates (81 at least: the solution's). */
  target?: number;
}

/**
 * A unique puzzle's candidate state with wrong candidates taken out at random, as `reduction` asks.
 * PencilmarkError when the puzzle does not have exactly one solution.
 */
export function removeWrongCandidates(cands: Uint16Array, random: () => number, reduction: Reduction): Uint16Array {
  const r = solve(cands, { limit: 2, nodeBudget: NODE_BUDGET });
  if (!r.complete || r.count !== 1) throw new PencilmarkError(r.complete ? `the puzzle has ${r.count === 0 ? 'no solution' : 'several solutions'}` : 'the puzzle is too hard to count its solutions');
  const solution = r.solutions[0];
  const wrong = shuffle(wrongCandidates(cands, solution), random);
  const total = countCandidates(cands);
  const n = Math.min(wrong.length, reduction.remove ?? Math.max(0, total - (reduction.target ?? total)));
  const out = cands.slice();
  for (let i = 0; i < n; i++) out[(wrong[i] / 9) | 0] &= ~(1 << wrong[i] % 9);
  return out;
}

/**
 * A minimal sukaku of `grid` (81 digits 1-9): every cell keeps two candidates or more, the grid is
 * its only solution, and no missing candidate could come back. BudgetExceeded when the budget runs
 * out first.
 */
export function sukaku(grid: Uint8Array, random: () => number, budget: Budget): Uint16Array {
  const cands = new Uint16Array(81).fill(ALL_DIGITS);
  const removed: Candidate[] = [];
  // Take out until unique. Uniqueness only grows as candidates go, so test after each eighth of the
  // way and then once per candidate back from the last test: few counts on a state that is far from unique.
  const order = shuffle(wrongCandidates(cands, grid), random);
  let checkedAt = 0;
  for (let i = 0; i < order.length; i++) {
    const cell = (order[i] / 9) | 0;
    const m = cands[cell] & ~(1 << order[i] % 9);
    if ((m & (m - 1)) === 0) continue; // one candidate left would be a given
    cands[cell] = m;
    removed.push(order[i]);
    if (removed.length - checkedAt >= 8 || i === order.length - 1) {
      budget.check();
      checkedAt = removed.length;
      if (solutionCount(cands) === 1) break;
    }
  }
  if (solutionCount(cands) !== 1) throw new PencilmarkError('no sukaku found for this grid (every cell keeping two candidates)');
  // Put back what is not needed: a candidate can return when no solution uses it.
  for (const candidate of shuffle(removed, random)) {
    budget.check();
    const cell = (candidate / 9) | 0;
    const digit = 1 << candidate % 9;
    const kept = cands[cell];
    cands[cell] = digit;
    const r = solve(cands, { limit: 1, nodeBudget: NODE_BUDGET });
    cands[cell] = r.complete && r.count === 0 ? kept | digit : kept;
  }
  return cands;
}

/** Whether a candidate state has exactly one solution, `grid`. */
export function uniqueWithSolution(cands: Uint16Array, grid: ArrayLike<number>): boolean {
  const r = solve(cands, { limit: 2, nodeBudget: NODE_BUDGET });
  return r.complete && r.count === 1 && r.solutions[0].every((d, c) => d === grid[c]);
}

/**
 * Berthier's controlled-bias generation of minimal puzzles (Berthier 2009, "Unbiased statistics
 * of a constraint satisfaction problem"; PBCS ch. 6; his suexg-cb program in
 * github:denis-berthier/Controlled-bias_Sudoku_generator_and_collection). One attempt:
 *
 * 1. a random complete grid and a random order of its 81 cells;
 * 2. the clues deleted in that order, each deletion kept while the puzzle stays unique; at the
 *    first one that would make it ambiguous, that clue goes back and deletion STOPS (top-down
 *    would skip it and try the next cells);
 * 3. the puzzle is kept only if it is minimal (none of the clues after the stopping point in the
 *    order can go either); otherwise the attempt is thrown away and a new grid drawn.
 *
 * Stopping at the first failure is what makes the bias computable: the chance to produce a given
 * n-clue minimal puzzle depends on n alone, so weights cf(n) (biasCorrection.ts) undo it. As in
 * suexg-cb, uniqueness is first tested once with 32 clues left (49 deletions in): an attempt not
 * unique there is abandoned, which only drops puzzles of 33 clues or more (Berthier's collection
 * of 5.9 M has none above 32).
 *
 * Speed. About one attempt in 250,000 gives a minimal puzzle (the chance is the sum over the
 * grid's n-clue minimal puzzles of 1/C(81, n)), so an attempt must cost microseconds. A grid is
 * therefore used for a fixed number of attempts (as suexg-cb does with a file of grids), every
 * success kept: each attempt is still an independent draw on that grid, so the expected count of
 * each n-clue puzzle stays proportional to 1/C(81, n) and cf(n) applies unchanged. Per grid its
 * small unavoidable sets are listed once; a clue set that misses one is ambiguous and a clue that
 * alone hits one is needed, which settles most tests without the solver.
 */
import { type Budget } from '../core/budget';
import { ALL_DIGITS, bit, candidatesFromGivens, givensString } from '../core/grid';
import { solve } from '../core/solve';
import type { CellSetList } from '../ua/cells';
import { enumerateUAs } from '../ua/enumerate';
import type { Tally } from './generate';
import { shuffle } from './solutions';

/** Search nodes one uniqueness test may use; a test over it counts as "not unique" (never seen with 20+ clues). */
const NODE_BUDGET = 100_000;
/** suexg-cb's first check: 81 - 49 deletions. */
const FIRST_CHECK_CLUES = 32;
/** The unavoidable sets listed per grid: up to 10 cells, about a hundred, some 20 ms (12 cells: 300, 130 ms). */
const UA_MAX_SIZE = 10;

/** A complete grid ready for attempts: its digits and its small unavoidable sets. */
export class ControlledBiasGrid {
  private readonly uas: CellSetList;
  /** The current attempt's clues as band words. */
  private readonly clues = new Int32Array(3);
  /** The cells in the current attempt's order; reshuffled in place (a shuffle of any permutation is uniform). */
  private readonly order = Array.from({ length: 81 }, (_, c) => c);

  constructor(
    readonly grid: Uint8Array,
    budget?: Budget,
  ) {
    this.uas = enumerateUAs(grid, { maxSize: UA_MAX_SIZE, budget });
  }

  /** Whether every listed unavoidable set has a clue (else the clues are surely ambiguous). */
  private hitsAll(): boolean {
    const [w0, w1, w2] = this.clues;
    for (let i = 0; i < this.uas.count; i++) if (this.uas.misses(i, w0, w1, w2)) return false;
    return true;
  }

  private setClue(cell: number, on: boolean): void {
    const b = cell >= 54 ? 2 : cell >= 27 ? 1 : 0;
    const m = 1 << (cell - 27 * b);
    this.clues[b] = on ? this.clues[b] | m : this.clues[b] & ~m;
  }

  /** Whether the puzzle `cands` (unique, the current clues) has another solution once `cell`'s clue goes. */
  private ambiguousWithout(cands: Uint16Array, cell: number): boolean {
    this.setClue(cell, false);
    const missed = !this.hitsAll();
    this.setClue(cell, true);
    if (missed) return true;
    const digit = this.grid[cell];
    cands[cell] = ALL_DIGITS & ~bit(digit);
    const r = solve(cands, { limit: 1, nodeBudget: NODE_BUDGET });
    cands[cell] = bit(digit);
    return r.count > 0 || !r.complete;
  }

  /** One attempt: the minimal puzzle, 81 characters with '.', or null when the attempt is thrown away. */
  attempt(random: () => number): string | null {
    const order = shuffle(this.order, random);
    this.clues.fill(0);
    for (let i = 81 - FIRST_CHECK_CLUES; i < 81; i++) this.setClue(order[i], true);
    if (!this.hitsAll()) return null;
    const givens = this.grid.slice();
    for (let i = 0; i < 81 - FIRST_CHECK_CLUES; i++) givens[order[i]] = 0;
    const cands = candidatesFromGivens(givens);
    const first = solve(cands, { limit: 2, nodeBudget: NODE_BUDGET });
    if (first.count !== 1 || !first.complete) return null;
    // Delete on in order; stop at the first clue that cannot go.
    let stop = 81 - FIRST_CHECK_CLUES;
    for (; stop < 81; stop++) {
      const cell = order[stop];
      if (this.ambiguousWithout(cands, cell)) break;
      cands[cell] = ALL_DIGITS;
      givens[cell] = 0;
      this.setClue(cell, false);
    }
    // Minimal only if none of the later clues could go either.
    for (let i = stop + 1; i < 81; i++) if (!this.ambiguousWithout(cands, order[i])) return null;
    return givensString(givens);
  }
}

export interface ControlledBiasPuzzle {
  puzzle: string;
  /** Its solution: the grid it came from. */
  solution: string;
  clues: number;
}

/** Attempts on one grid before the next is drawn: some 50 ms of attempts for its 20 ms of unavoidable sets. */
export const ATTEMPTS_PER_GRID = 20_000;

/**
 * Controlled-bias minimal puzzles, as a generator: each grid from `grids` gets ATTEMPTS_PER_GRID
 * attempts and yields every puzzle they give. Checks the budget between attempts (BudgetExceeded).
 */
export function* controlledBiasPuzzles(grids: () => Uint8Array, random: () => number, budget: Budget, tally: Tally = { attempts: 0 }): Generator<ControlledBiasPuzzle> {
  for (;;) {
    const grid = new ControlledBiasGrid(grids(), budget);
    const solution = givensString(grid.grid);
    for (let i = 0; i < ATTEMPTS_PER_GRID; i++) {
      if ((i & 255) === 0) budget.check();
      tally.attempts++;
      const puzzle = grid.attempt(random);
      if (puzzle !== null) yield { puzzle, solution, clues: 81 - puzzle.split('.').length + 1 };
    }
  }
}

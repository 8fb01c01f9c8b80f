/**
 * What UA sets tell about one puzzle: the UA sets of its solution grid that its clues hit or
 * miss, whether it is minimal (and which clues can go), and, for a puzzle with several
 * solutions, where the solutions differ and which clues would make it unique.
 *
 * All functions take an optional Budget and throw its BudgetExceeded when it runs out.
 */
import { solve } from '../core/solve';
import type { Budget } from '../core/budget';
import {
  CellSetList,
  candidatesWithGivens,
  cellSetOf,
  cellsOfWords,
  differingCells,
  digitsOf81,
  sizeOfWords,
  solutionDigits,
  type CellSet,
} from './cells';
import { enumerateUAs } from './enumerate';

export interface UAOptions {
  /** Largest UA set size enumerated (default 12). */
  maxSize?: number;
  budget?: Budget;
}

/** A cell and the digit of the (first) solution there. */
export interface Clue {
  cell: number;
  digit: number;
}

const NODE_BUDGET = 5_000_000;

/** The minimal UA sets of a solution grid with at most maxSize cells (default 12), smallest first. */
export function uaSets(solution: string | ArrayLike<number>, options: UAOptions = {}): number[][] {
  return enumerateUAs(solutionDigits(solution), { maxSize: options.maxSize, budget: options.budget }).toArrays();
}

/**
 * Clue cells of a clue argument: an 81-char puzzle string or an 81-entry typed array of digits
 * (the given cells), or any other iterable of cell numbers 0..80.
 */
export function clueCells(clues: string | Iterable<number> | ArrayLike<number>, solution?: ArrayLike<number>): number[] {
  if (typeof clues === 'string' || (!isIterable(clues) && (clues as ArrayLike<number>).length === 81)) {
    const d = digitsOf81(clues as string | ArrayLike<number>, 'puzzle');
    const out: number[] = [];
    for (let c = 0; c < 81; c++) {
      if (!d[c]) continue;
      if (solution && solution[c] !== d[c]) throw new Error(`clue ${d[c]} at cell ${c} differs from the solution (${solution[c]})`);
      out.push(c);
    }
    return out;
  }
  const out = [...(clues as Iterable<number>)].filter((c) => c >= 0 && c < 81);
  return [...new Set(out)].sort((a, b) => a - b);
}

function isIterable(x: unknown): x is Iterable<number> {
  return typeof x === 'object' && x !== null && Symbol.iterator in x && !ArrayBuffer.isView(x);
}

/**
 * The minimal UA sets of `solution` (size <= maxSize, default 12) that the clues do not hit.
 * `clues`: a puzzle string (its givens must agree with the solution) or a list of cells. These
 * are exactly the cells where another solution of the puzzle can differ; none means that no
 * other solution differs in at most maxSize cells.
 */
export function unhitUAs(
  solution: string | ArrayLike<number>,
  clues: string | Iterable<number>,
  options: UAOptions = {},
): number[][] {
  const g = solutionDigits(solution);
  return enumerateUAs(g, { maxSize: options.maxSize, fixedCells: clueCells(clues, g), budget: options.budget }).toArrays();
}

/** Splits UA sets into those the clue cells hit and those they miss. */
export function splitByClues(uas: readonly (readonly number[])[], clues: Iterable<number>): { hit: number[][]; unhit: number[][] } {
  const set = new Set(clues);
  const hit: number[][] = [];
  const unhit: number[][] = [];
  for (const u of uas) (u.some((c) => set.has(c)) ? hit : unhit).push([...u]);
  return { hit, unhit };
}

// ---------------------------------------------------------------------------
// Minimality
// ---------------------------------------------------------------------------

export interface MinimalityResult {
  /** Solutions of the puzzle (capped at 2). Only a puzzle with one solution is analysed. */
  solutions: number;
  /** True when no clue can be removed without losing uniqueness. */
  minimal: boolean;
  /** Clue cells removable one at a time (each alone keeps the solution unique). */
  redundant: number[];
  /** A largest set of clue cells removable together (the puzzle minus them stays unique). */
  largestRemovable: number[];
  /** The puzzle minus largestRemovable: a smallest minimal puzzle inside this one. */
  minimalPuzzle: string;
}

/**
 * Minimality of an 81-char puzzle. `redundant` costs one solver call per clue; the largest
 * removable set is a smallest hitting set of the solution's UA sets among the clues (branch on
 * the UA set with fewest cells, cells already tried excluded, bounded by disjoint sets), each
 * candidate checked by the solver and every failure adding its difference set as a new UA set.
 */
export function minimality(puzzle: string | ArrayLike<number>, options: UAOptions = {}): MinimalityResult {
  const p = digitsOf81(puzzle, 'puzzle');
  const givens: number[] = [];
  for (let c = 0; c < 81; c++) if (p[c]) givens.push(c);
  const cands = new Uint16Array(81);
  for (let c = 0; c < 81; c++) cands[c] = p[c] ? 1 << (p[c] - 1) : 0x1ff;
  const first = solve(cands, { limit: 2, nodeBudget: NODE_BUDGET });
  const text = Array.from(p, (d) => (d ? String(d) : '.')).join('');
  if (first.count !== 1 || !first.complete) {
    return { solutions: first.count, minimal: false, redundant: [], largestRemovable: [], minimalPuzzle: text };
  }
  const redundant = redundantClues(p, givens, cands, options.budget);
  if (redundant.length === 0) {
    return { solutions: 1, minimal: true, redundant, largestRemovable: [], minimalPuzzle: text };
  }
  const removable = new RemovableSearch(first.solutions[0], givens, redundant, options).largest();
  const removed = new Set(removable);
  const minimalPuzzle = Array.from(p, (d, c) => (d && !removed.has(c) ? String(d) : '.')).join('');
  return { solutions: 1, minimal: false, redundant, largestRemovable: removable, minimalPuzzle };
}

/** The givens removable alone (the rest still has one solution): one solver call each. */
function redundantClues(p: Uint8Array, givens: readonly number[], cands: Uint16Array, budget: Budget | undefined): number[] {
  const redundant: number[] = [];
  for (const c of givens) {
    budget?.check();
    cands[c] = 0x1ff;
    const r = solve(cands, { limit: 2, nodeBudget: NODE_BUDGET });
    cands[c] = 1 << (p[c] - 1);
    if (r.count === 1 && r.complete) redundant.push(c);
  }
  return redundant;
}

/**
 * The largest set of redundant clues R0 removable together: the smallest H within R0 such that
 * the other clues N plus H still give one solution, by branch and bound over the UA sets that
 * N misses (restricted to R0: the "family" H must hit).
 */
class RemovableSearch {
  private readonly r0: CellSet;
  private readonly n0: CellSet;
  private readonly family = new CellSetList(64);
  /** The clues of R0 kept so far, and those excluded from H on this branch. */
  private readonly h: CellSet = [0, 0, 0];
  private readonly dead: CellSet = [0, 0, 0];
  /** The smallest H found (at first all of R0: keeping every clue is always unique). */
  private best: CellSet;
  private bestSize: number;
  private calls = 0;

  constructor(
    private readonly sol: Uint8Array,
    givens: readonly number[],
    redundant: readonly number[],
    private readonly options: UAOptions,
  ) {
    const all = cellSetOf(givens);
    const r0 = cellSetOf(redundant);
    this.r0 = r0;
    this.n0 = [all[0] & ~r0[0], all[1] & ~r0[1], all[2] & ~r0[2]];
    this.best = [r0[0], r0[1], r0[2]];
    this.bestSize = redundant.length;
    const uas = enumerateUAs(sol, { maxSize: options.maxSize ?? 12, budget: options.budget });
    for (let i = 0; i < uas.count; i++) this.addFamily(uas.words[3 * i], uas.words[3 * i + 1], uas.words[3 * i + 2]);
  }

  /** R0 minus the smallest H: the clues removable together. */
  largest(): number[] {
    this.search(0);
    const { r0, best } = this;
    return cellsOfWords(r0[0] & ~best[0], r0[1] & ~best[1], r0[2] & ~best[2]);
  }

  /** A UA set: sets hit by the kept clues N need nothing; the rest, restricted to R0, need a cell of H. */
  private addFamily(w0: number, w1: number, w2: number): void {
    const { n0, r0 } = this;
    if ((w0 & n0[0]) | (w1 & n0[1]) | (w2 & n0[2])) return;
    this.family.push(w0 & r0[0], w1 & r0[1], w2 & r0[2]);
  }

  /** N plus H hits every set of the family: the solver decides; a second solution joins the family. */
  private verify(): boolean {
    const { n0, h, sol } = this;
    const r = solve(candidatesWithGivens(sol, n0[0] | h[0], n0[1] | h[1], n0[2] | h[2]), { limit: 2, nodeBudget: NODE_BUDGET });
    if (r.count === 1 && r.complete) return true;
    const other = r.solutions.find((s) => s.some((d, c) => d !== sol[c]));
    if (!other) return false; // budget-limited solve: treat as not unique (safe: keeps more clues)
    const w = differingCells(sol, other);
    this.addFamily(w[0], w[1], w[2]);
    return false;
  }

  /** H has `size` cells: bound, then branch on the unhit set with fewest live cells (or verify when none is left). */
  private search(size: number): void {
    if ((++this.calls & 255) === 0) this.options.budget?.check();
    if (size >= this.bestSize) return;
    const { h, dead, family } = this;
    // Unhit sets: the one with fewest live cells; a greedy count of disjoint ones bounds the rest.
    let pick = -1;
    let pickLive = 99;
    let lb = 0;
    let u0 = 0;
    let u1 = 0;
    let u2 = 0;
    const w = family.words;
    for (let i = 0; i < family.count; i++) {
      const a0 = w[3 * i];
      const a1 = w[3 * i + 1];
      const a2 = w[3 * i + 2];
      if ((a0 & h[0]) | (a1 & h[1]) | (a2 & h[2])) continue;
      const live = sizeOfWords(a0 & ~dead[0], a1 & ~dead[1], a2 & ~dead[2]);
      if (live === 0) return; // an unhit set with every cell excluded
      if (live < pickLive) {
        pickLive = live;
        pick = i;
      }
      if (((a0 & u0) | (a1 & u1) | (a2 & u2)) === 0) {
        lb++;
        u0 |= a0;
        u1 |= a1;
        u2 |= a2;
      }
    }
    if (size + lb >= this.bestSize) return;
    if (pick >= 0) this.branch(pick, size);
    else if (this.verify()) {
      this.best = [h[0], h[1], h[2]];
      this.bestSize = size;
    } else this.search(size); // the new set is unhit now: branch on it
  }

  /** Each live cell of family set `pick` in turn joins H; once tried, it is excluded from the branches after it. */
  private branch(pick: number, size: number): void {
    const { h, dead } = this;
    const w = this.family.words;
    const cells = cellsOfWords(w[3 * pick] & ~dead[0], w[3 * pick + 1] & ~dead[1], w[3 * pick + 2] & ~dead[2]);
    const deadBefore: CellSet = [dead[0], dead[1], dead[2]];
    for (const c of cells) {
      const b = c >= 54 ? 2 : c >= 27 ? 1 : 0;
      const bitc = 1 << (c - 27 * b);
      h[b] |= bitc;
      this.search(size + 1);
      h[b] &= ~bitc;
      dead[b] |= bitc;
    }
    dead[0] = deadBefore[0];
    dead[1] = deadBefore[1];
    dead[2] = deadBefore[2];
  }
}

// ---------------------------------------------------------------------------
// Several solutions
// ---------------------------------------------------------------------------

export interface MultipleSolutionsResult {
  /** Solutions (capped at 2); the rest of the result is filled only for 2. */
  solutions: number;
  /** The first solution found (81 chars), the grid the UA sets below belong to; '' if none. */
  solution: string;
  /** Cells where the first two solutions found differ. */
  differing: number[];
  /** The smallest UA sets of `solution` the clues miss: where another solution differs least. */
  smallest: number[][];
  /** Every minimal unhit UA set with at most `searchedSize` cells, smallest first. */
  unhit: number[][];
  /** Size bound of `unhit` (the smallest ones are always included). */
  searchedSize: number;
  /** Cells of the solution ranked by how many sets of `unhit` a clue there would hit. */
  bestClues: (Clue & { hits: number })[];
  /** Single clues (from `solution`) that make the puzzle unique; empty when none does. */
  uniqueWith: Clue[];
  /** A few clues from `solution` that together make the puzzle unique (greedy, not always fewest). */
  makeUnique: Clue[];
}

/**
 * For a puzzle with several solutions: where they differ (the smallest unhit UA sets of the
 * first solution) and which clues of that solution would resolve them.
 */
export function multipleSolutions(puzzle: string | ArrayLike<number>, options: UAOptions = {}): MultipleSolutionsResult {
  const budget = options.budget;
  const p = digitsOf81(puzzle, 'puzzle');
  const cands = new Uint16Array(81);
  for (let c = 0; c < 81; c++) cands[c] = p[c] ? 1 << (p[c] - 1) : 0x1ff;
  const sample = solve(cands, { limit: 64, nodeBudget: NODE_BUDGET });
  const none: MultipleSolutionsResult = {
    solutions: Math.min(2, sample.count),
    solution: sample.count > 0 ? sample.solutions[0].join('') : '',
    differing: [],
    smallest: [],
    unhit: [],
    searchedSize: 0,
    bestClues: [],
    uniqueWith: [],
    makeUnique: [],
  };
  if (sample.count < 2) return none;
  const sol = sample.solutions[0];
  const clues: number[] = [];
  for (let c = 0; c < 81; c++) if (p[c]) clues.push(c);
  const diffOf = (s: Uint8Array): number[] => {
    const d: number[] = [];
    for (let c = 0; c < 81; c++) if (s[c] !== sol[c]) d.push(c);
    return d;
  };
  const differing = diffOf(sample.solutions[1]);
  // The sampled solutions bound the smallest difference. Enumerate the unhit UA sets up to
  // maxSize; when none is that small, grow the bound two cells at a time up to the sample's.
  let bound = 81;
  for (let i = 1; i < sample.solutions.length; i++) bound = Math.min(bound, diffOf(sample.solutions[i]).length);
  let searchedSize = options.maxSize ?? 12;
  let list = enumerateUAs(sol, { maxSize: searchedSize, fixedCells: clues, budget });
  while (list.count === 0 && searchedSize < bound) {
    searchedSize = Math.min(bound, searchedSize + 2);
    list = enumerateUAs(sol, { maxSize: searchedSize, fixedCells: clues, budget });
  }
  const unhit = list.toArrays();
  const minSize = unhit.length > 0 ? unhit[0].length : 0;
  const smallest = unhit.filter((u) => u.length === minSize);

  const hits = new Int32Array(81);
  for (const u of unhit) for (const c of u) hits[c]++;
  const bestClues = Array.from({ length: 81 }, (_, c) => ({ cell: c, digit: sol[c], hits: hits[c] }))
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.cell - b.cell);

  // A single clue can only make the puzzle unique if it hits every unhit set.
  const uniqueWith: Clue[] = [];
  for (const x of bestClues) {
    if (x.hits < unhit.length) break;
    budget?.check();
    cands[x.cell] = 1 << (sol[x.cell] - 1);
    const r = solve(cands, { limit: 2, nodeBudget: NODE_BUDGET });
    cands[x.cell] = 0x1ff;
    if (r.count === 1 && r.complete) uniqueWith.push({ cell: x.cell, digit: x.digit });
  }

  // Greedy completion: the clue hitting most open sets, until the solver says unique; each
  // other solution met adds its difference set.
  const open = new CellSetList(Math.max(16, unhit.length));
  for (let i = 0; i < list.count; i++) open.push(list.words[3 * i], list.words[3 * i + 1], list.words[3 * i + 2]);
  const makeUnique: Clue[] = [];
  const added: CellSet = [0, 0, 0];
  const work = Uint16Array.from(cands);
  for (let guard = 0; guard < 81; guard++) {
    budget?.check();
    const r = solve(work, { limit: 2, nodeBudget: NODE_BUDGET });
    if (r.count === 1 && r.complete) break;
    const other = r.solutions.find((s) => s.some((d, c) => d !== sol[c]));
    if (other) {
      const w = differingCells(sol, other);
      open.push(w[0], w[1], w[2]);
    }
    const count = new Int32Array(81);
    for (let i = 0; i < open.count; i++) {
      if (!open.misses(i, added[0], added[1], added[2])) continue;
      for (const c of open.cells(i)) count[c]++;
    }
    let bestCell = -1;
    for (let c = 0; c < 81; c++) if (!p[c] && count[c] > 0 && (bestCell < 0 || count[c] > count[bestCell])) bestCell = c;
    if (bestCell < 0) break;
    const b = bestCell >= 54 ? 2 : bestCell >= 27 ? 1 : 0;
    added[b] |= 1 << (bestCell - 27 * b);
    work[bestCell] = 1 << (sol[bestCell] - 1);
    makeUnique.push({ cell: bestCell, digit: sol[bestCell] });
  }

  return {
    solutions: 2,
    solution: sol.join(''),
    differing,
    smallest,
    unhit,
    searchedSize,
    bestClues,
    uniqueWith,
    makeUnique,
  };
}


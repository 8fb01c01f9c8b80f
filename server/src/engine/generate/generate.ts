/**
 * Top-down generation: a random complete grid, then its clues removed an orbit of the chosen
 * symmetry at a time, in a random order, each removal kept only while the puzzle stays unique.
 * A clue that cannot go stays needed as more go (fewer clues only admit more solutions), so one
 * pass leaves a puzzle from which no orbit can be removed; with no symmetry that is a minimal
 * puzzle. Every puzzle is checked again from scratch (`verifyPuzzle`) before it is returned, and
 * one out of the bounds asked for (clues, minimality under a symmetry, a pattern's uniqueness) is
 * discarded and another tried, until the budget runs out.
 *
 * How uniform the grids are: the solver tries the digits of each guessed cell in a random order
 * and the first complete grid is taken, then a uniformly random validity-preserving
 * transformation is applied (classic: the whole group of 2·6⁸ line orders and 9! relabellings;
 * variants: the 8 rotations/reflections, which keep their extra houses, and 9! relabellings).
 * So each grid is as likely as every other grid equivalent to it; between equivalence classes the
 * search's own bias remains (no rejection step corrects it, unlike controlled-bias generation).
 */
import type { Budget } from '../core/budget';
import { ALL_DIGITS, bit } from '../core/grid';
import { applyTransform } from '../canonical';
import type { Variant } from '../bliss/variants';
import { NAMED_SYMMETRIES, randomSymmetry, seedOf, seededRandom } from '../symmetry';
import { countSolutions, randomSolution, shuffle } from './solutions';
import { type ClueSymmetry, orbits } from './symmetry';

export interface GenerateSpec {
  variant: Variant;
  symmetry: ClueSymmetry;
  /** Least and most clues, inclusive. */
  clues: readonly [number, number];
  /**
   * `orbits`: no orbit of the symmetry can go (with no symmetry: a minimal puzzle); `clues`: no
   * single clue can go either (under a symmetry most puzzles of the first kind are discarded);
   * `no`: removal stops once the clue count is within bounds.
   */
  minimal: Minimality;
  /** The solution grid every puzzle comes from (81 digits 1-9), else a random one each attempt. */
  grid: Uint8Array | null;
  /** The clue cells (1) of every puzzle, else removal chooses them. */
  pattern: Uint8Array | null;
}

export type Minimality = 'no' | 'orbits' | 'clues';

export interface Generated {
  /** 81 characters, '.' for an empty cell. */
  puzzle: string;
  solution: string;
  clues: number;
}

/** What a generator tried: grids (each a removal pass, or a pattern filled in). Kept also when the budget ends the search. */
export interface Tally {
  attempts: number;
}

/** The random numbers of item `item` of the run seeded `seed`: items are independent, so workers and shards share out a run. */
export const itemRandom = (seed: number, item: number): (() => number) => seededRandom(seedOf(`${seed}:${item}`));

const digitsText = (values: ArrayLike<number>): string => Array.from(values, (v) => (v ? String(v) : '.')).join('');
const textDigits = (text: string): Uint8Array => Uint8Array.from(text, (ch) => (ch === '.' ? 0 : Number(ch)));

/** A random complete grid, transformed at random within its equivalence class (the module comment says why). */
export function randomGrid(variant: Variant, random: () => number): Uint8Array {
  const grid = digitsText(randomSolution(variant, random));
  if (variant === 'classic') return textDigits(applyTransform(grid, randomSymmetry(random)));
  const dihedral = Object.values(NAMED_SYMMETRIES);
  const turn = dihedral[Math.floor(random() * dihedral.length)];
  return textDigits(applyTransform(grid, { ...turn, digits: [0, ...shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9], random)] }));
}

/** The candidate state of a puzzle's givens (0: empty). */
const candidates = (givens: ArrayLike<number>): Uint16Array => Uint16Array.from({ length: 81 }, (_, c) => (givens[c] ? bit(givens[c]) : ALL_DIGITS));

/**
 * Whether the unique puzzle `cands` (solution `grid`) stays unique without the clues of `orbit`.
 * One clue: unique exactly when no solution puts another digit there, a search for one solution.
 */
function removable(variant: Variant, cands: Uint16Array, grid: Uint8Array, orbit: Uint8Array): boolean {
  if (orbit.length === 1) {
    const c = orbit[0];
    cands[c] = ALL_DIGITS & ~bit(grid[c]);
    const r = countSolutions(variant, cands, 1);
    cands[c] = bit(grid[c]);
    return r.complete && r.count === 0;
  }
  for (const c of orbit) cands[c] = ALL_DIGITS;
  const r = countSolutions(variant, cands, 2);
  for (const c of orbit) cands[c] = bit(grid[c]);
  return r.complete && r.count === 1;
}

/** The givens left after one removal pass over the orbits in a random order. */
function removeClues(spec: GenerateSpec, grid: Uint8Array, random: () => number, budget: Budget): Uint8Array {
  const givens = grid.slice();
  const cands = candidates(grid);
  let clues = 81;
  const [least, most] = spec.clues;
  for (const orbit of shuffle([...orbits(spec.symmetry)], random)) {
    if (spec.minimal === 'no' && clues <= most) break;
    if (spec.minimal === 'no' && clues - orbit.length < least) continue;
    budget.check();
    if (!removable(spec.variant, cands, grid, orbit)) continue;
    for (const c of orbit) {
      cands[c] = ALL_DIGITS;
      givens[c] = 0;
    }
    clues -= orbit.length;
  }
  return givens;
}

export interface Verdict {
  unique: boolean;
  /** Every clue (or orbit of clues) needed: checked only when asked for, else null. */
  minimal: boolean | null;
  /** The unique solution, else null. */
  solution: Uint8Array | null;
}

/**
 * Checks a puzzle from scratch: one solution, and (when asked) no clue it could do without, or
 * no orbit of clues of the symmetry.
 */
export function verifyPuzzle(variant: Variant, givens: Uint8Array, minimal: Minimality, symmetry: ClueSymmetry = 'none'): Verdict {
  const cands = candidates(givens);
  const all = countSolutions(variant, cands, 2);
  if (!all.complete || all.count !== 1 || !all.first) return { unique: false, minimal: null, solution: null };
  const solution = all.first;
  if (minimal === 'no') return { unique: true, minimal: null, solution };
  const groups = minimal === 'clues' ? orbits('none') : orbits(symmetry);
  const needed = groups.every((orbit) => orbit.some((c) => !givens[c]) || !removable(variant, cands, solution, orbit));
  return { unique: true, minimal: needed, solution };
}

const clueCount = (givens: ArrayLike<number>): number => Array.prototype.filter.call(givens, (v: number) => v > 0).length;

/** One puzzle as the spec asks, verified; BudgetExceeded when the budget runs out first. */
export function generatePuzzle(spec: GenerateSpec, random: () => number, budget: Budget, tally: Tally = { attempts: 0 }): Generated {
  for (;;) {
    budget.check();
    tally.attempts++;
    const grid = spec.grid ?? randomGrid(spec.variant, random);
    const givens = spec.pattern ? grid.map((v, c) => (spec.pattern?.[c] ? v : 0)) : removeClues(spec, grid, random, budget);
    const clues = clueCount(givens);
    if (clues < spec.clues[0] || clues > spec.clues[1]) continue;
    const verdict = verifyPuzzle(spec.variant, givens, spec.minimal, spec.symmetry);
    if (!verdict.unique || verdict.minimal === false || !verdict.solution) continue;
    return { puzzle: digitsText(givens), solution: digitsText(verdict.solution), clues };
  }
}

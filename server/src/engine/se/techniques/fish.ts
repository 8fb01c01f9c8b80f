/**
 * Basic fish, as Sudoku Explainer's Fisherman(n) finds them: X-Wing (n = 2, 3.2), Swordfish
 * (3, 3.8), Jellyfish (4, 5.2). Rows and columns only, no fins.
 *
 * n base lines hold a digit in at least two places each and in exactly n cross lines overall:
 * the digit goes from the rest of those cross lines. SE tries columns as base lines first, then
 * rows; for each n-subset of base lines in increasing binary order, digits 1-9, skipping a
 * digit already placed more than 9 - 2n times.
 */
import { digitsOf, popcount } from '../../core/grid';
import type { State } from '../../core/state';
import { eliminationsText, makeStep, type Candidate, type Step } from '../../core/step';
import type { Technique } from './technique';
import { housePositions, subsetsOf } from './subsets';

const FISH_NAMES = ['', '', 'X-Wing', 'Swordfish', 'Jellyfish'];
/** SukakuExplainer's short names (its `BXW`, a fish with a box, is no SE 1.2.1 step). */
const FISH_SHORT_NAMES = ['', '', 'XW', 'SF', 'JF'];
const FISH_DIFFICULTY = [0, 0, 3.2, 3.8, 5.2];

/** Cell of line `index` (0-8) at cross position `at`: rows when `rows`, else columns. */
const lineCell = (rows: boolean, index: number, at: number): number => (rows ? 9 * index + at : 9 * at + index);

const lineList = (rows: boolean, mask: number): string =>
  digitsOf(mask)
    .map((i) => `${rows ? 'r' : 'c'}${i}`)
    .join(',');

function* fish(state: State, size: number): Generator<Step> {
  const pos = housePositions(state);
  const placed = new Uint8Array(9);
  for (let c = 0; c < 81; c++) if (state.values[c]) placed[state.values[c] - 1]++;
  // Per digit, the base lines that can be part of a fish: two to `size` places (the covers are `size`).
  const fits = new Uint16Array(9);
  for (const baseRows of [false, true]) {
    // Positions inside a row are columns and vice versa: rows are houses 0-8, columns 9-17.
    const baseOffset = baseRows ? 0 : 9;
    const coverOffset = baseRows ? 9 : 0;
    let anyFits = 0;
    for (let d = 0; d < 9; d++) {
      fits[d] = 0;
      if (placed[d] + 2 * size > 9) continue;
      for (let line = 0; line < 9; line++) {
        const n = popcount(pos[9 * (baseOffset + line) + d]);
        if (n >= 2 && n <= size) fits[d] |= 1 << line;
      }
      anyFits |= fits[d];
    }
    const baseSets = subsetsOf(anyFits, size);
    for (let k = 0; k < baseSets.length; k++) {
      const bases = baseSets[k];
      for (let d = 0; d < 9; d++) {
        if ((bases & ~fits[d]) !== 0) continue;
        let covers = 0;
        for (let m = bases; m; m &= m - 1) covers |= pos[9 * (baseOffset + 31 - Math.clz32(m & -m)) + d];
        if (popcount(covers) !== size) continue;
        const digit = d + 1;
        const eliminations: Candidate[] = [];
        for (let m = covers; m; m &= m - 1) {
          const cover = 31 - Math.clz32(m & -m);
          const outside = pos[9 * (coverOffset + cover) + d] & ~bases;
          for (let o = outside; o; o &= o - 1) {
            eliminations.push({ cell: lineCell(!baseRows, cover, 31 - Math.clz32(o & -o)), digit });
          }
        }
        if (eliminations.length === 0) continue;
        yield fishStep(state, size, baseRows, bases, covers, digit, eliminations);
      }
    }
  }
}

function fishStep(
  state: State,
  size: number,
  baseRows: boolean,
  bases: number,
  covers: number,
  digit: number,
  eliminations: Candidate[],
): Step {
  const cells: number[] = [];
  for (let b = bases; b; b &= b - 1) {
    const base = 31 - Math.clz32(b & -b);
    for (let c = covers; c; c &= c - 1) {
      const cell = lineCell(baseRows, base, 31 - Math.clz32(c & -c));
      if (state.has(cell, digit)) cells.push(cell);
    }
  }
  cells.sort((a, b) => a - b);
  const houses: number[] = [];
  for (const i of digitsOf(bases)) houses.push((baseRows ? 0 : 9) + i - 1);
  for (const i of digitsOf(covers)) houses.push((baseRows ? 9 : 0) + i - 1);
  const name = FISH_NAMES[size];
  return makeStep({
    technique: name,
    difficulty: FISH_DIFFICULTY[size],
    eliminations,
    cells,
    candidates: cells.map((cell) => ({ cell, digit })),
    houses,
    text: `${name}: ${digit} in ${lineList(baseRows, bases)} / ${lineList(!baseRows, covers)} ==> ${eliminationsText(eliminations)}`,
  });
}

function fisherman(size: number): Technique {
  return { name: FISH_NAMES[size], stepNames: [FISH_NAMES[size]], shortNames: { [FISH_NAMES[size]]: FISH_SHORT_NAMES[size] }, maxDifficulty: FISH_DIFFICULTY[size], steps: (state) => fish(state, size) };
}

export const xWing = fisherman(2);
export const swordfish = fisherman(3);
export const jellyfish = fisherman(4);

/**
 * Locked candidates, as Sudoku Explainer's Locking(direct) finds them. A digit whose places in
 * a first house all lie in one crossing house is removed from the rest of that second house:
 * pointing when the first house is a box (2.6), claiming when it is a row or column (2.8).
 *
 * SE tries the house pairs in this order: box then column, box then row, column then box, row
 * then box; inside each, first houses 0-8, crossing second houses 0-8, digits 1-9. The first
 * house must hold the digit in at least two places.
 *
 * The direct variants (1.7 / 1.9) count only when the removal leaves the digit a single place
 * in another house of the first house's kind that crosses the second house (a box for
 * pointing, a row or column for claiming). A direct step only places that hidden single: SE's
 * rating keeps the candidates the intersection would remove (see subsets.ts for the measure).
 */
import { HOUSES, houseName, popcount } from '../../core/grid';
import type { State } from '../../core/state';
import { eliminationsText, makeStep, placementText, type Candidate, type Step } from '../../core/step';
import type { Technique } from './technique';
import { housePositions } from './subsets';

/** INTER[27*a + b]: the cell indices of house a (9-bit mask) that also lie in house b. */
export const INTER = (() => {
  const t = new Uint16Array(27 * 27);
  for (let a = 0; a < 27; a++) {
    for (let b = 0; b < 27; b++) {
      if (a === b) continue;
      let m = 0;
      for (let i = 0; i < 9; i++) if (HOUSES[b].includes(HOUSES[a][i])) m |= 1 << i;
      t[27 * a + b] = m;
    }
  }
  return t;
})();

/** The first house of each kind. */
export const ROWS = 0;
export const COLUMNS = 9;
export const BOXES = 18;
/** [first kind, second kind] in SE's order (also its order among a chain's extra rules). */
export const KIND_PAIRS: readonly (readonly [number, number])[] = [
  [BOXES, COLUMNS],
  [BOXES, ROWS],
  [COLUMNS, BOXES],
  [ROWS, BOXES],
];

/** `r3` / `c5` for a line, `box 2` for a box. */
const shortName = (house: number): string =>
  house < 9 ? `r${house + 1}` : house < 18 ? `c${house - 8}` : houseName(house);

/**
 * SE's Locking scan: in KIND_PAIRS' order (then first houses 0-8, crossing second houses 0-8,
 * digits 0-8), each digit d whose places in the first house h1 (two at least: p1) all lie in
 * the crossing house h2, where it has places outside h1 too (`gone`, a mask of h2's cells).
 * `pos[9 * house + d]`: the digit's places in the house, as a mask of the house's cells.
 */
export function forEachLocking(pos: ArrayLike<number>, visit: (h1: number, h2: number, d: number, p1: number, gone: number) => void): void {
  for (let k = 0; k < CROSSINGS.length; k += 4) {
    const h1 = CROSSINGS[k];
    const h2 = CROSSINGS[k + 1];
    const in1 = CROSSINGS[k + 2];
    const in2 = CROSSINGS[k + 3];
    for (let d = 0; d < 9; d++) {
      const p1 = pos[9 * h1 + d];
      if (popcount(p1) < 2 || p1 & ~in1) continue;
      const gone = pos[9 * h2 + d] & ~in2;
      if (gone) visit(h1, h2, d, p1, gone); // else nothing to remove (SE: not worth it); no direct single either
    }
  }
}

/**
 * The crossing house pairs in SE's scan order, as (h1, h2, INTER[h1][h2], INTER[h2][h1])
 * quadruples: a third of the 324 pairs cross, and the scan runs at every pause of every
 * dynamic chain with a level, so it skips the others once, here.
 */
const CROSSINGS = (() => {
  const out: number[] = [];
  for (const [kind1, kind2] of KIND_PAIRS) {
    for (let i1 = 0; i1 < 9; i1++) {
      for (let i2 = 0; i2 < 9; i2++) {
        const h1 = kind1 + i1;
        const h2 = kind2 + i2;
        if (INTER[27 * h1 + h2]) out.push(h1, h2, INTER[27 * h1 + h2], INTER[27 * h2 + h1]);
      }
    }
  }
  return Int16Array.from(out);
})();

function* locking(state: State, direct: boolean): Generator<Step> {
  const pos = housePositions(state);
  const found: [number, number, number, number, number][] = [];
  forEachLocking(pos, (h1, h2, d, p1, gone) => found.push([h1, h2, d, p1, gone]));
  for (const [h1, h2, d, p1, gone] of found) {
    const digit = d + 1;
    let single: Candidate | null = null;
    let singleHouse = -1;
    if (direct) {
      // Another house of h1's kind crossing h2 where the removal leaves the digit one place.
      const kind1 = h1 - (h1 % 9);
      for (let i3 = 0; i3 < 9 && !single; i3++) {
        const h3 = kind1 + i3;
        if (h3 === h1) continue;
        const in3 = INTER[27 * h3 + h2];
        if (!in3) continue;
        const p3 = pos[9 * h3 + d];
        if (popcount(p3) < 2) continue;
        const left = p3 & ~in3;
        if (left && (left & (left - 1)) === 0) {
          single = { cell: HOUSES[h3][31 - Math.clz32(left)], digit };
          singleHouse = h3;
        }
      }
      if (!single) continue;
    }
    yield lockingStep(h1, h2, digit, p1, gone, single, singleHouse);
  }
}

/** SE's name: `Pointing` (a box's digit confined to a line), `Claiming`, `Direct Pointing` (it places a hidden single), `Direct Claiming`. */
const lockingName = (direct: boolean, pointing: boolean): string => `${direct ? 'Direct ' : ''}${pointing ? 'Pointing' : 'Claiming'}`;

function lockingStep(
  h1: number,
  h2: number,
  digit: number,
  p1: number,
  gone: number,
  single: Candidate | null,
  singleHouse: number,
): Step {
  const pointing = h1 >= 18;
  const name = lockingName(single !== null, pointing);
  const difficulty = single ? (pointing ? 1.7 : 1.9) : pointing ? 2.6 : 2.8;
  const cells: number[] = [];
  for (let m = p1; m; m &= m - 1) cells.push(HOUSES[h1][31 - Math.clz32(m & -m)]);
  const eliminations: Candidate[] = [];
  if (!single) for (let m = gone; m; m &= m - 1) eliminations.push({ cell: HOUSES[h2][31 - Math.clz32(m & -m)], digit });
  const pattern = `${name}: ${digit} in ${shortName(h1)} (${shortName(h2)})`;
  const text = single
    ? `${pattern} ==> ${placementText(single)} (${houseName(singleHouse)})`
    : `${pattern} ==> ${eliminationsText(eliminations)}`;
  return makeStep({
    technique: name,
    difficulty,
    placements: single ? [single] : [],
    eliminations,
    cells: single ? [...cells, single.cell] : cells,
    candidates: cells.map((cell) => ({ cell, digit })),
    houses: single ? [h1, h2, singleHouse] : [h1, h2],
    text,
  });
}

export const directIntersections: Technique = {
  name: 'Direct Intersections',
  stepNames: [lockingName(true, true), lockingName(true, false)],
  shortNames: { [lockingName(true, true)]: 'DP', [lockingName(true, false)]: 'DC' },
  maxDifficulty: 1.9,
  steps: (state) => locking(state, true),
};

export const intersections: Technique = {
  name: 'Intersections',
  stepNames: [lockingName(false, true), lockingName(false, false)],
  shortNames: { [lockingName(false, true)]: 'Po', [lockingName(false, false)]: 'Cl' },
  maxDifficulty: 2.8,
  steps: (state) => locking(state, false),
};

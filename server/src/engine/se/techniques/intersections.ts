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
 * `digits[h1]`: the digits (bits) looked at in h1, in that order (the nested chains' rules can
 * use only the house/digits that lost a place since the outer start, and skip the rest unread).
 */
export function forEachLocking(
  pos: ArrayLike<number>,
  visit: (h1: number, h2: number, d: number, p1: number, gone: number) => void,
  digits: ArrayLike<number>,
): void {
  for (let k = 0; k < CROSSINGS.length; k += 4) {
    const h1 = CROSSINGS[k];
    const h2 = CROSSINGS[k + 1];
    const in1 = CROSSINGS[k + 2];
    const in2 = CROSSINGS[k + 3];
    for (let ds = digits[h1]; ds; ds &= ds - 1) {
      const d = 31 - Math.clz32(ds & -ds);
      const p1 = pos[9 * h1 + d];
      // Two places at least (p1 not 0 nor a single bit), all of them in h2.
      if (p1 & ~in1 || (p1 & (p1 - 1)) === 0) continue;
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

/**
 * A box and a line cross in a segment of three cells: 27 row segments (index 3 * row + stack)
 * and 27 column segments (27 + 3 * column + band). SEGMENT_OF[27 * a + b]: the segment where
 * houses a and b cross, -1 when they do not (or are both lines).
 */
const SEGMENT_OF = (() => {
  const t = new Int8Array(27 * 27).fill(-1);
  for (let line = 0; line < 18; line++) {
    for (let box = 0; box < 9; box++) {
      const along = line < 9 ? (box / 3) | 0 : box % 3; // the box's band for a row, stack for a column
      if ((((line % 9) / 3) | 0) !== along) continue;
      const seg = line < 9 ? 3 * line + (box % 3) : 27 + 3 * (line - 9) + ((box / 3) | 0);
      t[27 * line + 18 + box] = seg;
      t[27 * (18 + box) + line] = seg;
    }
  }
  return t;
})();

/** The three cells of each segment. */
const SEGMENT_CELLS = Int8Array.from({ length: 162 }, (_, i) => {
  const seg = (i / 3) | 0;
  const k = i % 3;
  if (seg < 27) return 9 * ((seg / 3) | 0) + 3 * (seg % 3) + k;
  const col = ((seg - 27) / 3) | 0;
  return 9 * (3 * ((seg - 27) % 3) + k) + col;
});

/**
 * The crossings of CROSSINGS read as segments: for each (h1, h2), the segment they share,
 * then h1's two other segments along h2's kind, then h2's two other segments along h1's kind.
 */
const CROSSING_SEGMENTS = (() => {
  const out: number[] = [];
  for (let k = 0; k < CROSSINGS.length; k += 4) {
    const h1 = CROSSINGS[k];
    const h2 = CROSSINGS[k + 1];
    const others = (a: number, b: number): number[] => {
      const kind = b - (b % 9);
      const segs: number[] = [];
      for (let i = 0; i < 9; i++) if (kind + i !== b && SEGMENT_OF[27 * a + kind + i] >= 0) segs.push(SEGMENT_OF[27 * a + kind + i]);
      return segs;
    };
    out.push(SEGMENT_OF[27 * h1 + h2], ...others(h1, h2), ...others(h2, h1));
  }
  return Int8Array.from(out);
})();

/** Segment digit masks of one search (every digit of the segment, and those in two or three of its cells): gathered before the first yield. */
const SEGMENT_ANY = new Uint16Array(54);
const SEGMENT_TWO = new Uint16Array(54);

/**
 * SE's Locking scan as forEachLocking has it, read from the digits of the box-line segments: a
 * digit locks h1 into h2 when two of the shared segment's cells have it, h1's other segments
 * none, and h2's other segments some. Only those digits' places are looked up.
 */
function* locking(state: State, direct: boolean): Generator<Step> {
  const cands = state.cands;
  for (let seg = 0; seg < 54; seg++) {
    const a = cands[SEGMENT_CELLS[3 * seg]];
    const b = cands[SEGMENT_CELLS[3 * seg + 1]];
    const c = cands[SEGMENT_CELLS[3 * seg + 2]];
    SEGMENT_ANY[seg] = a | b | c;
    SEGMENT_TWO[seg] = (a & b) | (a & c) | (b & c);
  }
  const found: [number, number, number, number, number, Candidate | null, number][] = [];
  for (let k = 0, s = 0; k < CROSSINGS.length; k += 4, s += 5) {
    const rest1 = SEGMENT_ANY[CROSSING_SEGMENTS[s + 1]] | SEGMENT_ANY[CROSSING_SEGMENTS[s + 2]];
    const rest2 = SEGMENT_ANY[CROSSING_SEGMENTS[s + 3]] | SEGMENT_ANY[CROSSING_SEGMENTS[s + 4]];
    const digits = SEGMENT_TWO[CROSSING_SEGMENTS[s]] & ~rest1 & rest2;
    if (!digits) continue;
    const h1 = CROSSINGS[k];
    const h2 = CROSSINGS[k + 1];
    for (let m = digits; m; m &= m - 1) {
      const d = 31 - Math.clz32(m & -m);
      const p1 = state.positions(HOUSES[h1], d + 1);
      const gone = state.positions(HOUSES[h2], d + 1) & ~CROSSINGS[k + 3];
      const single = direct ? directSingle(state, h1, h2, d) : null;
      if (direct && !single) continue;
      found.push([h1, h2, d, p1, gone, single ? single[0] : null, single ? single[1] : -1]);
    }
  }
  for (const [h1, h2, d, p1, gone, single, singleHouse] of found) yield lockingStep(h1, h2, d + 1, p1, gone, single, singleHouse);
}

/** Another house of h1's kind crossing h2 where removing digit d from h2 leaves it one place: the direct variant's single, and that house. */
function directSingle(state: State, h1: number, h2: number, d: number): [Candidate, number] | null {
  const kind1 = h1 - (h1 % 9);
  for (let i3 = 0; i3 < 9; i3++) {
    const h3 = kind1 + i3;
    if (h3 === h1) continue;
    const in3 = INTER[27 * h3 + h2];
    if (!in3) continue;
    const p3 = state.positions(HOUSES[h3], d + 1);
    if (popcount(p3) < 2) continue;
    const left = p3 & ~in3;
    if (left && (left & (left - 1)) === 0) return [{ cell: HOUSES[h3][31 - Math.clz32(left)], digit: d + 1 }, h3];
  }
  return null;
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

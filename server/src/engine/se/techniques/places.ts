/**
 * How many places each digit has in a house, read as digit masks in one pass over the house's
 * cells: the single and set searches run at nearly every rating step and mostly find nothing,
 * so they ask first which digits can take part at all, and only then where those digits are.
 * Also cell sets as three 27-cell words (bands): a cell's peers, a digit's cells, for the
 * searches that ask which cells see two or three given cells.
 */
import { PEERS } from '../../core/grid';

/**
 * The digits (9-bit mask) with `least` to `most` places among `cells` (1 ≤ least ≤ most ≤ 4).
 * Counts are kept as "at least k places" masks, k = 1..5, one OR-AND chain per cell.
 */
export function digitsByPlaces(cands: Uint16Array, cells: readonly number[], least: number, most: number): number {
  let k1 = 0;
  let k2 = 0;
  let k3 = 0;
  let k4 = 0;
  let k5 = 0;
  for (let i = 0; i < 9; i++) {
    const m = cands[cells[i]];
    k5 |= k4 & m;
    k4 |= k3 & m;
    k3 |= k2 & m;
    k2 |= k1 & m;
    k1 |= m;
  }
  return pick(least, k1, k2, k3, k4, k5) & ~pick(most + 1, k1, k2, k3, k4, k5);
}

/** The k-th of five "at least k places" masks (no array: this runs at every step of every rating). */
const pick = (k: number, k1: number, k2: number, k3: number, k4: number, k5: number): number =>
  k === 1 ? k1 : k === 2 ? k2 : k === 3 ? k3 : k === 4 ? k4 : k5;

/** Positions (9-bit masks of the house's cell indices, HOUSES order) of the `digits` among `cells`, into `out[d]`. */
export function placesOf(cands: Uint16Array, cells: readonly number[], digits: number, out: Uint16Array): void {
  out.fill(0);
  for (let i = 0; i < 9; i++) {
    for (let m = cands[cells[i]] & digits; m; m &= m - 1) out[31 - Math.clz32(m & -m)] |= 1 << i;
  }
}

/** The cells of `cells` (a house) without a value. */
export function emptyCount(values: Uint8Array, cells: readonly number[]): number {
  let n = 0;
  // Without a branch: a value 0 gives -1, whose sign bit counts; 1-9 give 0-8.
  for (let i = 0; i < 9; i++) n += (values[cells[i]] - 1) >>> 31;
  return n;
}

/** PEER_WORDS[3 * cell + w]: the cell's 20 peers among cells 27w..27w+26 (bit i: cell 27w + i). */
export const PEER_WORDS = (() => {
  const t = new Int32Array(243);
  for (let c = 0; c < 81; c++) for (const p of PEERS[c]) t[3 * c + ((p / 27) | 0)] |= 1 << p % 27;
  return t;
})();

/** out[3 * d + w]: the cells holding digit d + 1 among cells 27w..27w+26. */
export function digitWords(cands: Uint16Array, out: Int32Array): void {
  out.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const w = (cell / 27) | 0;
    const b = 1 << (cell - 27 * w);
    for (let m = cands[cell]; m; m &= m - 1) out[3 * (31 - Math.clz32(m & -m)) + w] |= b;
  }
}

/**
 * The grid model shared by every engine module.
 *
 * Cells are numbered 0..80 in row-major order. A candidate state is a
 * Uint16Array(81) of 9-bit masks: bit d-1 set means digit d is still possible
 * in that cell. Houses are numbered 0..26: rows 0-8, columns 9-17, boxes 18-26.
 */

export const ALL_DIGITS = 0x1ff;

export const rowOf = (cell: number): number => (cell / 9) | 0;
export const colOf = (cell: number): number => cell % 9;
export const boxOf = (cell: number): number => 3 * ((cell / 27) | 0) + (((cell % 9) / 3) | 0);

/** Forum notation for a cell: r4c7 (1-based). */
export const cellName = (cell: number): string => `r${rowOf(cell) + 1}c${colOf(cell) + 1}`;

/**
 * The six orders of three things (a band's three rows, a stack's three columns, the three bands):
 * PERM3[p][i] is what goes to place i under order p.
 */
export const PERM3: readonly (readonly number[])[] = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];

/** The 27 houses, each a list of its 9 cells. */
export const HOUSES: readonly (readonly number[])[] = (() => {
  const houses: number[][] = [];
  for (let i = 0; i < 9; i++) houses.push(Array.from({ length: 9 }, (_, j) => i * 9 + j));
  for (let i = 0; i < 9; i++) houses.push(Array.from({ length: 9 }, (_, j) => j * 9 + i));
  for (let b = 0; b < 9; b++) {
    const top = 27 * ((b / 3) | 0) + 3 * (b % 3);
    houses.push(Array.from({ length: 9 }, (_, j) => top + 9 * ((j / 3) | 0) + (j % 3)));
  }
  return houses;
})();

export const houseName = (house: number): string =>
  house < 9 ? `row ${house + 1}` : house < 18 ? `column ${house - 8}` : `box ${house - 17}`;

/** The three houses of each cell: [row, column, box]. */
export const HOUSES_OF: readonly (readonly number[])[] = Array.from({ length: 81 }, (_, c) => [
  rowOf(c),
  9 + colOf(c),
  18 + boxOf(c),
]);

/** The 20 peers of each cell (cells sharing a house with it). */
export const PEERS: readonly (readonly number[])[] = Array.from({ length: 81 }, (_, c) => {
  const set = new Set<number>();
  for (const h of HOUSES_OF[c]) for (const p of HOUSES[h]) if (p !== c) set.add(p);
  return [...set].sort((a, b) => a - b);
});

export const bit = (digit: number): number => 1 << (digit - 1);

/** Set bits of a 32-bit mask, without a loop: the rating's searches count candidates and places at every step. */
export function popcount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The digit of a single-bit mask, 0 when the mask is not a single bit. */
export function singleDigit(mask: number): number {
  if (mask === 0 || (mask & (mask - 1)) !== 0) return 0;
  return 31 - Math.clz32(mask) + 1;
}

/** Digits of a mask in increasing order. */
export function digitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & bit(d)) out.push(d);
  return out;
}

/** Candidate state of a givens puzzle: givens are single bits, empty cells have all nine. */
export function candidatesFromGivens(givens: Uint8Array): Uint16Array {
  const cands = new Uint16Array(81);
  for (let c = 0; c < 81; c++) cands[c] = givens[c] ? bit(givens[c]) : ALL_DIGITS;
  return cands;
}

/** 81 chars, '1'-'9' for solved cells and '.' for others. */
export function givensString(digits: ArrayLike<number>): string {
  let s = '';
  for (let c = 0; c < 81; c++) s += digits[c] ? String(digits[c]) : '.';
  return s;
}

/** 729 chars: char 9*cell+k is digit k+1 when that candidate is present, else '.'. */
export function pencilmarkString(cands: Uint16Array): string {
  let s = '';
  for (let c = 0; c < 81; c++) for (let d = 1; d <= 9; d++) s += cands[c] & bit(d) ? String(d) : '.';
  return s;
}

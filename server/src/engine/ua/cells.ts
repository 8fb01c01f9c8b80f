/**
 * 81-cell sets as three 27-bit band words, the layout the solver uses: cell c lies in band
 * b = floor(c / 27) at bit c - 27b. Lists of sets are flat Int32Arrays, three words per set.
 * Grids and puzzles are 81-entry digit arrays (0 = empty) or 81-char strings.
 */

export const BAND_BITS = 0x7ffffff;
/** Cells of stack s inside a band word. */
export const STACK_MASK = [0x1c0e07, 0x1c0e07 << 3, 0x1c0e07 << 6];

export type CellSet = [number, number, number];

export function popcount27(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function cellSetOf(cells: Iterable<number>): CellSet {
  const w: CellSet = [0, 0, 0];
  for (const c of cells) {
    const b = c >= 54 ? 2 : c >= 27 ? 1 : 0;
    w[b] |= 1 << (c - 27 * b);
  }
  return w;
}

export function cellsOfWords(w0: number, w1: number, w2: number): number[] {
  const out: number[] = [];
  const ws = [w0, w1, w2];
  for (let b = 0; b < 3; b++) {
    let m = ws[b];
    while (m !== 0) {
      const low = m & -m;
      m ^= low;
      out.push(27 * b + 31 - Math.clz32(low));
    }
  }
  return out;
}

export const sizeOfWords = (w0: number, w1: number, w2: number): number =>
  popcount27(w0) + popcount27(w1) + popcount27(w2);

/** Digits of an 81-char string ('1'-'9', anything else empty) or a digit array; validates the length. */
export function digitsOf81(input: string | ArrayLike<number>, what = 'grid'): Uint8Array {
  const out = new Uint8Array(81);
  if (typeof input === 'string') {
    if (input.length < 81) throw new Error(`${what}: expected 81 characters, got ${input.length}`);
    for (let c = 0; c < 81; c++) {
      const ch = input.charCodeAt(c);
      out[c] = ch >= 49 && ch <= 57 ? ch - 48 : 0;
    }
  } else {
    if (input.length !== 81) throw new Error(`${what}: expected 81 cells, got ${input.length}`);
    for (let c = 0; c < 81; c++) {
      const d = input[c];
      out[c] = d >= 1 && d <= 9 ? d : 0;
    }
  }
  return out;
}

/** True when every cell holds 1..9 and no row, column or box repeats a digit. */
export function isSolutionGrid(g: ArrayLike<number>): boolean {
  if (g.length !== 81) return false;
  for (let i = 0; i < 9; i++) {
    let row = 0;
    let col = 0;
    let box = 0;
    for (let j = 0; j < 9; j++) {
      const a = g[9 * i + j];
      const b = g[9 * j + i];
      const c = g[27 * ((i / 3) | 0) + 3 * (i % 3) + 9 * ((j / 3) | 0) + (j % 3)];
      if (!(a >= 1 && a <= 9 && b >= 1 && b <= 9 && c >= 1 && c <= 9)) return false;
      row |= 1 << a;
      col |= 1 << b;
      box |= 1 << c;
    }
    if (row !== 0x3fe || col !== 0x3fe || box !== 0x3fe) return false;
  }
  return true;
}

/** The solution grid as checked digits; throws on a malformed grid. */
export function solutionDigits(solution: string | ArrayLike<number>): Uint8Array {
  const g = digitsOf81(solution, 'solution');
  if (!isSolutionGrid(g)) throw new Error('solution: not a valid solved grid');
  return g;
}

/** Candidate masks for the solver: the given cells of `grid` in `cells` (a CellSet) fixed, others open. */
export function candidatesWithGivens(grid: ArrayLike<number>, w0: number, w1: number, w2: number): Uint16Array {
  const cands = new Uint16Array(81);
  const ws = [w0, w1, w2];
  for (let c = 0; c < 81; c++) {
    const b = c >= 54 ? 2 : c >= 27 ? 1 : 0;
    cands[c] = (ws[b] >> (c - 27 * b)) & 1 ? 1 << (grid[c] - 1) : 0x1ff;
  }
  return cands;
}

/**
 * The cells where `other`, another solution of the grid's givens, differs from `grid`: a UA set
 * of the grid that those givens miss.
 */
export function differingCells(grid: ArrayLike<number>, other: ArrayLike<number>): CellSet {
  const w: CellSet = [0, 0, 0];
  for (let c = 0; c < 81; c++) {
    if (other[c] === grid[c]) continue;
    const b = c >= 54 ? 2 : c >= 27 ? 1 : 0;
    w[b] |= 1 << (c - 27 * b);
  }
  return w;
}

/** Growable list of cell sets (three words each). */
export class CellSetList {
  words: Int32Array;
  count = 0;
  constructor(capacity = 256) {
    this.words = new Int32Array(3 * Math.max(4, capacity));
  }
  push(w0: number, w1: number, w2: number): number {
    if (3 * this.count + 3 > this.words.length) {
      const bigger = new Int32Array(this.words.length * 2);
      bigger.set(this.words);
      this.words = bigger;
    }
    const i = 3 * this.count;
    this.words[i] = w0;
    this.words[i + 1] = w1;
    this.words[i + 2] = w2;
    return this.count++;
  }
  size(i: number): number {
    return sizeOfWords(this.words[3 * i], this.words[3 * i + 1], this.words[3 * i + 2]);
  }
  cells(i: number): number[] {
    return cellsOfWords(this.words[3 * i], this.words[3 * i + 1], this.words[3 * i + 2]);
  }
  /** True when set i has no cell in (w0, w1, w2). */
  misses(i: number, w0: number, w1: number, w2: number): boolean {
    const k = 3 * i;
    return ((this.words[k] & w0) | (this.words[k + 1] & w1) | (this.words[k + 2] & w2)) === 0;
  }
  toArrays(): number[][] {
    const out: number[][] = [];
    for (let i = 0; i < this.count; i++) out.push(this.cells(i));
    return out;
  }
}

/**
 * Shared tables and the working grid of the chaining engine.
 *
 * A candidate is `cell * 9 + digit - 1` (0..728). A chain node ("potential" in Sudoku
 * Explainer's words) is a candidate with a state: the key of "candidate is off" is the
 * candidate itself, the key of "candidate is on" is the candidate + 729.
 */
import { HOUSES } from '../../../core/grid';

export const NCAND = 729;
export const NKEY = 2 * NCAND;
export const ON = NCAND;

export const isOnKey = (key: number): boolean => key >= NCAND;
export const candOf = (key: number): number => (key >= NCAND ? key - NCAND : key);

/** Why a node holds (Sudoku Explainer's Potential.Cause); 0 for an assumption. */
export const CAUSE_NONE = 0;
export const CAUSE_CELL = 1; // naked single: the only other value of the cell
export const CAUSE_BOX = 2; // hidden single in the box
export const CAUSE_ROW = 3;
export const CAUSE_COLUMN = 4;
export const CAUSE_ADVANCED = 5; // a simpler rule (or a nested chain) removed it

/** Cells of each house in SE's order (rows by column, columns by row, boxes row-major). */
export const HOUSE_CELLS = new Int8Array(27 * 9);
for (let h = 0; h < 27; h++) for (let i = 0; i < 9; i++) HOUSE_CELLS[h * 9 + i] = HOUSES[h][i];

/** The houses of each cell in SE's region order: box, row, column. */
export const CELL_HOUSES = new Int8Array(81 * 3);
/** Index of the cell inside each of those three houses. */
export const CELL_INDEX = new Int8Array(81 * 3);
for (let c = 0; c < 81; c++) {
  const r = (c / 9) | 0;
  const col = c % 9;
  CELL_HOUSES[3 * c] = 18 + 3 * ((r / 3) | 0) + ((col / 3) | 0);
  CELL_HOUSES[3 * c + 1] = r;
  CELL_HOUSES[3 * c + 2] = 9 + col;
  CELL_INDEX[3 * c] = 3 * (r % 3) + (col % 3);
  CELL_INDEX[3 * c + 1] = col;
  CELL_INDEX[3 * c + 2] = r;
}

/** Hidden-single cause of a house. */
export const houseCause = (h: number): number => (h >= 18 ? CAUSE_BOX : h < 9 ? CAUSE_ROW : CAUSE_COLUMN);
/** The house of `cell` that a hidden-single cause refers to. */
export function causeHouse(cause: number, cell: number): number {
  if (cause === CAUSE_BOX) return CELL_HOUSES[3 * cell];
  if (cause === CAUSE_ROW) return CELL_HOUSES[3 * cell + 1];
  return CELL_HOUSES[3 * cell + 2];
}

/** The 20 peers of each cell in SE's order (box, then row, then column, no repeats). */
export const SE_PEERS = new Int8Array(81 * 20);
for (let c = 0; c < 81; c++) {
  const seen = new Set<number>();
  let n = 0;
  for (let k = 0; k < 3; k++) {
    const h = CELL_HOUSES[3 * c + k];
    for (let i = 0; i < 9; i++) {
      const o = HOUSE_CELLS[h * 9 + i];
      if (o === c || seen.has(o)) continue;
      seen.add(o);
      SE_PEERS[c * 20 + n++] = o;
    }
  }
}

/**
 * For each cell's three houses (box, row, column): the house's cells (as indices) that are not
 * peers met first there, in SE_PEERS' order: the cell itself in its box, and the cells of the
 * cell's box in its row and column.
 */
const PEER_SKIP = new Uint16Array(81 * 3);
/** The hidden-single cause of the cell's k-th house (box, row, column). */
const CAUSE_OF_HOUSE_KIND = [CAUSE_BOX, CAUSE_ROW, CAUSE_COLUMN];
for (let c = 0; c < 81; c++) {
  const r = (c / 9) | 0;
  const col = c % 9;
  PEER_SKIP[3 * c] = 1 << CELL_INDEX[3 * c];
  PEER_SKIP[3 * c + 1] = 7 << (3 * ((col / 3) | 0));
  PEER_SKIP[3 * c + 2] = 7 << (3 * ((r / 3) | 0));
}

export const POPCOUNT9 = new Uint8Array(512);
for (let m = 1; m < 512; m++) POPCOUNT9[m] = POPCOUNT9[m >> 1] + (m & 1);

/** Index of the lowest set bit of a non-zero mask. */
export const lowBit = (m: number): number => 31 - Math.clz32(m & -m);

/**
 * The candidates that go off when `cand` goes on on grid `g` (SE's getOnToOff), in SE's order:
 * with `isY` the cell's other candidates, then the digit in the cell's peers (SE_PEERS' order,
 * read from the digit's places in each house). Written to `outCand`/`outCause`; returns how many.
 */
export function onToOff(g: ChainGrid, cand: number, isY: boolean, outCand: Int16Array, outCause: Uint8Array): number {
  const cell = (cand / 9) | 0;
  const d = cand - cell * 9;
  let n = 0;
  if (isY) {
    for (let m = g.cands[cell] & ~(1 << d); m; m &= m - 1) {
      outCand[n] = cell * 9 + lowBit(m);
      outCause[n++] = CAUSE_CELL;
    }
  }
  for (let k = 0; k < 3; k++) {
    const h = CELL_HOUSES[3 * cell + k];
    const cause = CAUSE_OF_HOUSE_KIND[k];
    for (let m = g.hpos[h * 9 + d] & ~PEER_SKIP[3 * cell + k]; m; m &= m - 1) {
      outCand[n] = HOUSE_CELLS[h * 9 + lowBit(m)] * 9 + d;
      outCause[n++] = cause;
    }
  }
  return n;
}

/**
 * SE's getOffToOn on grid `g`: the candidates that go on when `cand` is off: the cell's other
 * value when the cell is bivalue (Y links), then the digit's other place in each house of the
 * cell where it has two (X links; a cell reached through two houses once, through the first).
 * Written to `outCand`/`outCause`; returns how many.
 */
export function offToOn(g: ChainGrid, cand: number, isY: boolean, isX: boolean, outCand: Int16Array, outCause: Uint8Array): number {
  const cell = (cand / 9) | 0;
  const d = cand - cell * 9;
  let n = 0;
  if (isY) {
    const m = g.cands[cell];
    if (POPCOUNT9[m] === 2) {
      outCand[n] = cell * 9 + lowBit(m & ~(1 << d));
      outCause[n++] = CAUSE_CELL;
    }
  }
  if (!isX) return n;
  let seen0 = -1;
  let seen1 = -1;
  for (let k = 0; k < 3; k++) {
    const h = CELL_HOUSES[3 * cell + k];
    const m = g.hpos[h * 9 + d];
    if (POPCOUNT9[m] !== 2) continue;
    const other = HOUSE_CELLS[h * 9 + lowBit(m & ~(1 << CELL_INDEX[3 * cell + k]))];
    if (other === seen0 || other === seen1) continue;
    if (seen0 < 0) seen0 = other;
    else seen1 = other;
    outCand[n] = other * 9 + d;
    outCause[n++] = houseCause(h);
  }
  return n;
}

/**
 * offToOn(g, cand, isY, true, …) and then g.remove(cand), in one pass: a dynamic run takes each
 * off node's candidate off right after asking what it turns on, and both read the same cell mask
 * and house masks (the node's digit had two places in a house iff one is left once it is off).
 * Most nodes of a dynamic run are off nodes, and most turn nothing on.
 */
export function takeOff(g: ChainGrid, cand: number, isY: boolean, outCand: Int16Array, outCause: Uint8Array): number {
  const cell = (cand / 9) | 0;
  const d = cand - cell * 9;
  const b = 1 << d;
  const cm = g.cands[cell];
  // Already off (never in a run without a level): nothing to take off.
  if (!(cm & b)) return offToOn(g, cand, isY, true, outCand, outCause);
  let n = 0;
  if (isY && POPCOUNT9[cm] === 2) {
    outCand[n] = cell * 9 + lowBit(cm & ~b);
    outCause[n++] = CAUSE_CELL;
  }
  g.cands[cell] = cm & ~b;
  let seen0 = -1;
  let seen1 = -1;
  for (let k = 0; k < 3; k++) {
    const h = CELL_HOUSES[3 * cell + k];
    const at = h * 9 + d;
    const m = g.hpos[at] & ~(1 << CELL_INDEX[3 * cell + k]);
    g.hpos[at] = m;
    if (m === 0 || (m & (m - 1)) !== 0) continue;
    const other = HOUSE_CELLS[h * 9 + lowBit(m)];
    if (other === seen0 || other === seen1) continue;
    if (seen0 < 0) seen0 = other;
    else seen1 = other;
    outCand[n] = other * 9 + d;
    outCause[n++] = CAUSE_OF_HOUSE_KIND[k];
  }
  return n;
}

/**
 * A grid's candidates as the key of what is kept by grid: a 30-bit hash of them (a small
 * integer, which a Map hashes at once) and the candidates themselves, read in place: a key is
 * made afresh for each pause (`of`, no allocation) and is good until the grid changes, so a
 * cache copies the candidates into storage of its own and compares them in full before it
 * answers (two grids may share a hash). `id` names the content for the outer start's key,
 * which is the same for thousands of pauses: a cache that saw the id compares nothing.
 */
export class GridKey {
  cands: Uint16Array = EMPTY_CANDS;
  hash = 0;
  id = 0;

  /** Makes this the key of `cands` (held, not copied). */
  of(cands: Uint16Array): this {
    // FNV-1a over the 81 masks; a product's low bits depend only on low bits, so the high
    // bits are mixed down (murmur3's finish) before the top two are dropped.
    let h = 0x811c9dc5;
    for (let c = 0; c < 81; c++) h = Math.imul(h ^ cands[c], 0x01000193);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    this.cands = cands;
    this.hash = (h ^ (h >>> 13)) & 0x3fffffff;
    this.id = ++lastKeyId;
    return this;
  }
}

const EMPTY_CANDS = new Uint16Array(81);
let lastKeyId = 0;

/** Whether `cands` are the 81 masks at `at` of `store`. */
export function sameCands(cands: Uint16Array, store: Uint16Array, at: number): boolean {
  for (let c = 0; c < 81; c++) if (store[at + c] !== cands[c]) return false;
  return true;
}

/**
 * The candidates a chain search reads and (for dynamic chains) changes: candidate masks per
 * cell, plus the positions of each digit in each house, kept in step.
 */
export class ChainGrid {
  readonly cands = new Uint16Array(81);
  /** hpos[house * 9 + digit - 1]: 9-bit mask of the house's cells holding the digit. */
  readonly hpos = new Uint16Array(27 * 9);
  /** Placed values (never changed by a chain search). */
  readonly values = new Uint8Array(81);

  load(values: ArrayLike<number>, cands: ArrayLike<number>): void {
    for (let c = 0; c < 81; c++) {
      this.values[c] = values[c];
      this.cands[c] = values[c] ? 0 : cands[c];
    }
    this.rebuildPositions();
  }

  rebuildPositions(): void {
    this.hpos.fill(0);
    for (let h = 0; h < 27; h++) {
      for (let i = 0; i < 9; i++) {
        let m = this.cands[HOUSE_CELLS[h * 9 + i]];
        while (m) {
          const d = lowBit(m);
          m &= m - 1;
          this.hpos[h * 9 + d] |= 1 << i;
        }
      }
    }
  }

  copyFrom(o: ChainGrid): void {
    this.cands.set(o.cands);
    this.hpos.set(o.hpos);
    this.values.set(o.values);
  }

  /** The candidates of `o`, not its values (what a dynamic chain's run changes). */
  copyCandidatesFrom(o: ChainGrid): void {
    this.cands.set(o.cands);
    this.hpos.set(o.hpos);
  }

  has(cand: number): boolean {
    return (this.cands[(cand / 9) | 0] & (1 << cand % 9)) !== 0;
  }

  /** Removes a candidate (no-op when absent). */
  remove(cand: number): void {
    const cell = (cand / 9) | 0;
    const d = cand - cell * 9;
    const b = 1 << d;
    if (!(this.cands[cell] & b)) return;
    this.cands[cell] &= ~b;
    const k = 3 * cell;
    this.hpos[CELL_HOUSES[k] * 9 + d] &= ~(1 << CELL_INDEX[k]);
    this.hpos[CELL_HOUSES[k + 1] * 9 + d] &= ~(1 << CELL_INDEX[k + 1]);
    this.hpos[CELL_HOUSES[k + 2] * 9 + d] &= ~(1 << CELL_INDEX[k + 2]);
  }

  /** Cells (0..81) of a house that still have no value. */
  emptyCount(h: number): number {
    let n = 0;
    for (let i = 0; i < 9; i++) if (!this.values[HOUSE_CELLS[h * 9 + i]]) n++;
    return n;
  }
}

/**
 * What a nested search's grid lost since the outer start, per cell (values) and per house and
 * digit (places): SE's rule parents of a single are the removals in its cell or in its house for
 * its digit, one mask read each, where comparing the two grids over the cell or house was (1.8 M
 * singles in a level-4 rating's nested searches). Made once a search's grid.
 */
export class RemovedSince {
  /** Per cell, its values lost; per house and digit (`house * 9 + digit`), its places lost. */
  readonly cell = new Uint16Array(81);
  readonly house = new Uint16Array(27 * 9);

  /** Makes the masks of what `g` lost since `initial`. */
  of(initial: Uint16Array, g: ChainGrid): void {
    this.house.fill(0);
    for (let cell = 0; cell < 81; cell++) {
      const m = initial[cell] & ~g.cands[cell];
      this.cell[cell] = m;
      for (let r = m; r; r &= r - 1) {
        const d = lowBit(r);
        for (let k = 0; k < 3; k++) this.house[CELL_HOUSES[3 * cell + k] * 9 + d] |= 1 << CELL_INDEX[3 * cell + k];
      }
    }
  }

  /** Whether `cand`'s cell, or one of its houses for its digit, lost a candidate. */
  touches(cand: number): boolean {
    const cell = (cand / 9) | 0;
    const d = cand - cell * 9;
    const k = 3 * cell;
    const house = this.house;
    return (this.cell[cell] | house[CELL_HOUSES[k] * 9 + d] | house[CELL_HOUSES[k + 1] * 9 + d] | house[CELL_HOUSES[k + 2] * 9 + d]) !== 0;
  }

  /** Appends (once, in SE's order) the candidates a single at `cand` with `cause` relies on having gone. */
  collect(cand: number, cause: number, out: number[], seen: CandSet): void {
    const cell = (cand / 9) | 0;
    if (cause === CAUSE_CELL) {
      for (let m = this.cell[cell]; m; m &= m - 1) {
        const c = cell * 9 + lowBit(m);
        if (seen.add(c)) out.push(c);
      }
      return;
    }
    const d = cand - cell * 9;
    const h = causeHouse(cause, cell);
    for (let m = this.house[h * 9 + d]; m; m &= m - 1) {
      const c = HOUSE_CELLS[h * 9 + lowBit(m)] * 9 + d;
      if (seen.add(c)) out.push(c);
    }
  }
}

/** A set of candidates cleared in O(1) (a stamp per candidate). */
export class CandSet {
  private readonly stamp = new Int32Array(NCAND);
  private gen = 1;

  clear(): void {
    this.gen++;
  }

  /** Adds `cand`; false when it was already there. */
  add(cand: number): boolean {
    if (this.stamp[cand] === this.gen) return false;
    this.stamp[cand] = this.gen;
    return true;
  }
}

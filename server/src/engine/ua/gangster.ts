/**
 * The gangster UA sets of a grid's bottom band (rows 6-8), for the 17-clue search: the
 * minimal UA sets of at most `maxSize` cells whose part in the bottom band lies in one
 * mini-row (a row's three cells in one box) or is empty.
 *
 * Such a set is the difference between the grid S and another grid S' that changes the
 * bottom band by a permutation σ of the digits of one mini-row (a pair swapped or the three
 * cells turned; none for the sets of bands 1+2) and re-fills bands 1+2. The bottom band
 * decides the six digits of each column in bands 1+2, so after σ every digit has a known
 * column set there: in each stack, the two columns its bottom-band cell leaves free. A
 * digit's placement in bands 1+2 (its "template": one cell per row, per box and per column
 * of its set) is then one of 288 (per band, which stack each row takes: 3! x 3!; per stack,
 * which of its two columns is in the first band: 2^3).
 *
 * So, per σ (1 + 9 mini-rows x 5), the re-fillings are the choices of one template per digit
 * that tile the 54 cells. A minimal set is one chain of moves: the digits σ moves (without σ,
 * a starting digit; the digits below it keep their templates) take new templates, built row
 * by row on the cells still free; a digit whose cell was taken must move in turn, and when
 * no digit has to, the others keep theirs and the cells changed are a difference set. The
 * digits reached so from the start tile their own cells alone, so in a minimal set they are
 * all the digits that move: chains that go on after closing need not be followed. A
 * changed cell is a cell some template takes that is not its own, so the set's size is the
 * number of such cells (plus σ's). A digit that has to move changes at least as many cells as
 * the fewest any of its templates changes among those that change every row where it lost its
 * cell (fewestChanges, its 288 templates read once per column set: two for a digit on its own
 * columns that lost none or one, one for a digit σ moves, three for two cells lost in different
 * bands and stacks where counting the lost cells said two), and so does a template being built,
 * changing the rows it changed and those where it can no longer keep its cell: that bounds the
 * search by `maxSize` from the start.
 *
 * This replaces the template search over every digit set (enumerate.ts) that the 17-clue
 * search ran with the bottom band's rows first: the same sets come out
 * (test/engine/uaGangster.test.ts), and the cost is the chains, not 500 digit sets
 * (BENCHMARKS.md, the fifth round of the 17-clue search). Non-minimal sets are dropped at
 * the end as there.
 */
import type { Budget } from '../core/budget';
import { PERM3 } from '../core/grid';
import { CellSetList, popcount27 } from './cells';
import { STACK_COLS, minimalSorted } from './enumerate';
import { gangsterChains, type WasmGangster } from './wasmGangster';

/** σ on a mini-row: where the digit of each of its three cells goes (-1: the pair's third cell stays). */
const MINI_ROW_MOVES = [
  [1, 0, -1],
  [2, -1, 0],
  [-1, 2, 1],
  [1, 2, 0],
  [2, 0, 1],
];
/** The stack bit (as STACK_COLS indexes them) of each column, and the bits set in each 6-bit row mask. */
const STACK_BIT = [1, 1, 1, 2, 2, 2, 4, 4, 4];
const POPCOUNT6 = Array.from({ length: 64 }, (_, m) => popcount27(m));
/** Columns of a row (9 bits) in the band word, folded: bit c set when some row has column c. */
const foldColumns = (w: number): number => (w | (w >>> 9) | (w >>> 18)) & 511;
const NONE = 64;

/**
 * Into out[64 * d + rows]: over the templates of digit d on the columns `cols` (two per stack;
 * per band, which stack each row takes, and per stack which of its columns is in the first band:
 * 288), the fewest rows one changes against the digit's own columns (ownColumn[9 * d + row])
 * when it changes every row of `rows` and one row at least; NONE when none does.
 */
export function fewestChanges(ownColumn: Int8Array, d: number, cols: number, out: Int8Array): void {
  const at = 64 * d;
  out.fill(NONE, at, at + 64);
  const lower = [0, 0, 0];
  const upper = [0, 0, 0];
  for (let s = 0; s < 3; s++) {
    const two = (cols >> (3 * s)) & 7;
    lower[s] = 3 * s + 31 - Math.clz32(two & -two);
    upper[s] = 3 * s + 31 - Math.clz32(two);
  }
  for (let flip = 0; flip < 8; flip++) {
    // A band's rows, top to bottom, take the stacks in one of the six orders.
    for (const top of PERM3) {
      for (const bottom of PERM3) {
        let changed = 0;
        for (let q = 0; q < 6; q++) {
          const s = q < 3 ? top[q] : bottom[q - 3];
          // Bit s of flip set: the stack's upper column is in the first band.
          const upperHere = ((flip >> s) & 1) === (q < 3 ? 1 : 0);
          if ((upperHere ? upper[s] : lower[s]) !== ownColumn[9 * d + q]) changed |= 1 << q;
        }
        if (changed !== 0) out[at + changed] = POPCOUNT6[changed];
      }
    }
  }
  // Each set of rows takes the fewest of its supersets, a row added at a time.
  for (let q = 0; q < 6; q++) {
    for (let rows = 63; rows >= 0; rows--) {
      if ((rows & (1 << q)) === 0 && out[at + (rows | (1 << q))] < out[at + rows]) out[at + rows] = out[at + (rows | (1 << q))];
    }
  }
}

/**
 * The minimal UA sets of `grid` (81 digits 1..9, a valid grid) with at most `maxSize` cells
 * whose part in rows 6-8 lies in one mini-row or is empty, sorted by size then cell order.
 */
export function gangsterUAs(grid: ArrayLike<number>, maxSize = 16, budget?: Budget): CellSetList {
  return new GangsterSearch(grid, maxSize, budget).run();
}

class GangsterSearch {
  /** Per digit 0..8: its cells in band 1 and band 2, and its columns there. */
  private readonly ownLo = new Int32Array(9);
  private readonly ownHi = new Int32Array(9);
  private readonly ownCols = new Int32Array(9);
  /** Digit 0..8 of each cell of bands 1+2. */
  private readonly owner = new Int8Array(54);
  /** Per digit and row of bands 1+2 (9 * digit + row): the digit's column. */
  private readonly ownColumn = new Int8Array(81);
  /**
   * Per digit, band and column (18 * digit + 9 * band + column): the rows (bits 0..5) whose own
   * cell of the digit a template step on that column in that band blocks: the row where its own
   * cell is in that column, and the row of that band where it is in that column's stack. The
   * template must change the digit's cell in those rows.
   */
  private readonly blocks = new Int32Array(162);
  // Per σ: each digit's columns in bands 1+2.
  private readonly colsOf = new Int32Array(9);
  /**
   * Per digit and set of its rows (64 * digit + rows, bits 0..5): the fewest cells of bands 1+2
   * a template on its columns changes when it changes at least those rows (and one at least);
   * for no rows, 0 unless the digit has to move: what the digit must still change, one lookup.
   */
  private readonly fewest = new Int8Array(9 * 64);
  /** The same for each digit's own columns (no σ), computed once. */
  private readonly fewestOwn = new Int8Array(9 * 64);
  /** Per digit: it has to move (σ moves it, or the chain starts there). */
  private readonly forced = new Uint8Array(9);
  /** Per digit: the rows of its cells taken by the digits placed (bits 0..5). */
  private readonly taken = new Int32Array(9);
  /** Digits placed (moved, or kept below the chain's start): bit per digit. */
  private placed = 0;
  /** Sum over the digits not placed of the cells each must still change. */
  private need = 0;
  /** Most cells bands 1+2 may change under the current σ, and σ's cells in the bottom band. */
  private limit = 0;
  private sigmaWord = 0;
  private nodes = 0;
  private readonly found = new CellSetList(1024);
  /** The chains in WebAssembly (ua/wasmGangster.ts) where they load; else, or once it trapped, `chain` below runs them. */
  private core: WasmGangster | undefined = gangsterChains();

  constructor(
    private readonly grid: ArrayLike<number>,
    private readonly maxSize: number,
    private readonly budget: Budget | undefined,
  ) {
    for (let c = 0; c < 54; c++) {
      const d = grid[c] - 1;
      this.owner[c] = d;
      const row = (c / 9) | 0;
      this.ownColumn[9 * d + row] = c % 9;
      const band = (row / 3) | 0;
      const stack = ((c % 9) / 3) | 0;
      for (let b = 0; b < 2; b++) this.blocks[18 * d + 9 * b + (c % 9)] |= 1 << row;
      for (let k = 3 * stack; k < 3 * stack + 3; k++) this.blocks[18 * d + 9 * band + k] |= 1 << row;
      if (c < 27) this.ownLo[d] |= 1 << c;
      else this.ownHi[d] |= 1 << (c - 27);
    }
    for (let d = 0; d < 9; d++) {
      this.ownCols[d] = foldColumns(this.ownLo[d] | this.ownHi[d]);
      fewestChanges(this.ownColumn, d, this.ownCols[d], this.fewestOwn);
    }
  }

  run(): CellSetList {
    // The core's one instance serves every search: this grid's tables go in at the start.
    this.core?.grid(this.owner, this.ownColumn, this.blocks);
    // No σ: the UA sets of bands 1+2, per digit the chains it starts (the digits below keep).
    this.setSigma([], [], 0);
    let keptLo = 0;
    let keptHi = 0;
    for (let d = 0; d < 9; d++) {
      this.forced[d] = 1;
      this.fewest[64 * d] = this.fewestOwn[64 * d];
      this.need = this.needOf(d);
      this.chains(keptLo, keptHi);
      this.forced[d] = 0;
      this.fewest[64 * d] = 0;
      this.placed |= 1 << d;
      keptLo |= this.ownLo[d];
      keptHi |= this.ownHi[d];
    }
    for (let r = 0; r < 3; r++) {
      for (let s = 0; s < 3; s++) {
        for (const move of MINI_ROW_MOVES) {
          const digits: number[] = [];
          const cols: number[] = [];
          let word = 0;
          for (let j = 0; j < 3; j++) {
            if (move[j] < 0) continue;
            const d = this.grid[54 + 9 * r + 3 * s + j] - 1;
            // The digit leaves column 3s+j of the bottom band for 3s+move[j]: bands 1+2 give
            // it 3s+j and take 3s+move[j].
            digits.push(d);
            cols.push((this.ownCols[d] | (1 << (3 * s + j))) & ~(1 << (3 * s + move[j])));
            word |= 1 << (9 * r + 3 * s + j);
          }
          this.setSigma(digits, cols, word);
          this.need = 0;
          for (const d of digits) this.need += this.needOf(d);
          if (this.need <= this.limit) this.chains(0, 0);
        }
      }
    }
    return minimalSorted(this.found);
  }

  /** σ: the digits it moves and their new column sets in bands 1+2, its cells in the bottom band. */
  private setSigma(digits: number[], cols: number[], word: number): void {
    this.sigmaWord = word;
    this.limit = this.maxSize - popcount27(word);
    this.placed = 0;
    this.taken.fill(0);
    this.forced.fill(0);
    this.fewest.set(this.fewestOwn);
    for (let d = 0; d < 9; d++) this.colsOf[d] = this.ownCols[d];
    for (let j = 0; j < digits.length; j++) {
      this.forced[digits[j]] = 1;
      this.colsOf[digits[j]] = cols[j];
      fewestChanges(this.ownColumn, digits[j], cols[j], this.fewest);
    }
    for (let d = 0; d < 9; d++) if (!this.forced[d]) this.fewest[64 * d] = 0;
  }

  /** The chains from a start, with the cells `usedLo`/`usedHi` kept: in the core where there is one. */
  private chains(usedLo: number, usedHi: number): void {
    if (this.core) {
      // The core counts no nodes: a start's chains are a small part of an enumeration.
      this.budget?.check();
      if (this.core.chains(this.colsOf, this.forced, this.fewest, this.placed, this.need, this.limit, usedLo, usedHi, this.sigmaWord, this.found)) return;
      this.core = undefined;
    }
    this.chain(usedLo, usedHi, 0, 0, 0);
  }

  /** The fewest cells digit d must still change: none unless it has to move. */
  private needOf(d: number): number {
    return this.fewest[64 * d + this.taken[d]];
  }

  /**
   * The chain of moves: the next digit to move is the first one not placed that has to (it
   * lost cells, or σ moves it); when there is none, the digits not placed keep their
   * templates and the cells changed are a difference set. Every minimal one is found so:
   * the digits reached from the start by "takes a cell of" tile their own cells alone, so
   * in a minimal set they are all the digits that move.
   */
  private chain(usedLo: number, usedHi: number, chLo: number, chHi: number, changed: number): void {
    if ((++this.nodes & 8191) === 0) this.budget?.check();
    // The first digit that has to move next.
    let d = 0;
    while (d < 9 && ((this.placed >> d) & 1 || (!this.forced[d] && this.taken[d] === 0))) d++;
    if (d === 9) {
      this.record(chLo, chHi);
      return;
    }
    const own = this.needOf(d);
    this.need -= own;
    this.placed |= 1 << d;
    // The rows where its cell was taken, or is on a column σ takes from it.
    let blocked = 0;
    for (let q = 0; q < 6; q++) {
      const col = this.ownColumn[9 * d + q];
      if (((q < 3 ? usedLo : usedHi) & (1 << (9 * (q % 3) + col))) !== 0 || !((this.colsOf[d] >> col) & 1)) blocked |= 1 << q;
    }
    this.row(d, 0, changed, usedLo, usedHi, chLo, chHi, changed, 0, 0, blocked);
    this.placed &= ~(1 << d);
    this.need += own;
  }

  /**
   * Digit d's new template, row r of bands 1+2 next: the cells left in that row, on the
   * digit's columns not used yet, in a stack its band has not used. A cell not its own is a
   * change, and takes a cell from its digit (which then has to move, if not placed).
   * `start`: the changes before d; `blocked`: the rows d changes (those before r that it
   * changed, those after where it can no longer keep its cell).
   */
  private row(
    d: number,
    r: number,
    start: number,
    usedLo: number,
    usedHi: number,
    chLo: number,
    chHi: number,
    changed: number,
    cols: number,
    stacks: number,
    blocked: number,
  ): void {
    if (r === 6) {
      if (changed > start) this.chain(usedLo, usedHi, chLo, chHi, changed);
      return;
    }
    const band = r < 3 ? 0 : 1;
    const shift = 9 * (r - 3 * band);
    const free = ~((band === 0 ? usedLo : usedHi) >> shift) & 511;
    if (r === 3) stacks = 0;
    const home = this.ownColumn[9 * d + r];
    for (let m = free & this.colsOf[d] & ~cols & STACK_COLS[stacks]; m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      const bit = 1 << (shift + c);
      const nextCols = cols | (1 << c);
      const nextStacks = stacks | STACK_BIT[c];
      const lo = band === 0 ? usedLo | bit : usedLo;
      const hi = band === 0 ? usedHi : usedHi | bit;
      // Its own cell blocks no other row (its column and its stack in this band are row r's).
      if (c === home) {
        this.row(d, r + 1, start, lo, hi, chLo, chHi, changed, nextCols, nextStacks, blocked);
        continue;
      }
      const nextBlocked = blocked | this.blocks[18 * d + 9 * band + c];
      // A change: the cell's digit, if not placed, loses its cell in row r, and must change at
      // least the fewest cells of a template that changes its rows lost so far.
      const e = this.owner[9 * r + c];
      const before = this.need;
      const open = ((this.placed >> e) & 1) === 0;
      const lost = this.taken[e];
      if (open) {
        this.need += this.fewest[64 * e + (lost | (1 << r))] - this.fewest[64 * e + lost];
        this.taken[e] = lost | (1 << r);
      }
      // The rows the template changes: those it changed (changed + 1 - start), and those after r
      // where the digit can no longer keep its cell.
      const must = nextBlocked | (1 << r);
      if (this.need + this.fewest[64 * d + must] + start <= this.limit) {
        const cLo = band === 0 ? chLo | bit : chLo;
        const cHi = band === 0 ? chHi : chHi | bit;
        this.row(d, r + 1, start, lo, hi, cLo, cHi, changed + 1, nextCols, nextStacks, must);
      }
      this.taken[e] = lost;
      this.need = before;
    }
  }

  /** A set found twice is pushed twice: minimalSorted keeps one (the second lies inside the first). */
  private record(w0: number, w1: number): void {
    this.found.push(w0, w1, this.sigmaWord);
  }
}

/**
 * Fast exact sudoku solver (counts solutions up to a limit), a bitboard design
 * in the spirit of JCZSolve / tdoku. Works on any candidate state, so givens
 * puzzles and pencilmark ("Sukaku") puzzles go through the same code.
 *
 * Bit layout
 * ----------
 * The grid is cut into three horizontal bands of 27 cells (rows 0-2, 3-5,
 * 6-8). Inside a band, cell (rowInBand, col) is bit 9*rowInBand + col, so a
 * band is a 27-bit integer and cell index = 27*band + bit. 27 bits stay V8
 * small integers, so all the arithmetic below is plain int32.
 *
 *   S[3*d + b]   "board" (d = digit-1 in 0..8, b = band 0..2): cells of band
 *                b where digit d is still possible. A placed digit STAYS in
 *                its own board (and leaves every other digit's board), so a
 *                solved state holds exactly the cells of each digit.
 *   S[27 + b]    unsolved cells of band b (cells not placed yet).
 *
 * Propagation
 * -----------
 * - Row/box filter, per board: the three rows x three boxes of a band form a
 *   3x3 matrix (entry set when that row segment is non-empty). The digit takes
 *   a permutation of it (once per row, once per box), so entries on no
 *   permutation are dropped. One table lookup does hidden singles in rows and
 *   boxes, pointing and claiming along rows, and detects empty rows/boxes.
 * - A row left with one cell places the digit there: the cell leaves the
 *   other eight boards and its column leaves the digit's two other bands.
 * - Naked singles and empty cells: bit-sliced counting over the nine boards
 *   of a band ("at least one" / "at least two" candidates).
 * - Columns: per stack the digit takes a permutation of (band, column), the
 *   same filter transposed: box/column locked candidates, hidden singles in
 *   columns (via the row/box filter) and empty columns.
 * - Minirows and minicolumns (tdoku's triads): the three cells of a row in one
 *   box, or of a column in one band, hold exactly three digits. Counting per
 *   minirow the digits that may and that must lie there (must: on every
 *   permutation of the digit's matrix) finds contradictions, locks in three
 *   possible digits and drops the others once three are forced.
 * Each step only revisits what changed: a dirty bit per board.
 *
 * Search
 * ------
 * At a fixpoint, guess as tdoku does: a digit's configuration (one permutation
 * of its 3x3 matrix) in the band or stack with the fewest configurations left,
 * for a digit with two (else the fewest); its configurations are tried in turn.
 * This halves the guesses of a bivalue-cell choice on hard puzzles. Random
 * solutions (the generator's grids) guess a random digit in a cell instead,
 * and pencilmark grids a bivalue cell (see solve()).
 * The 30-int state is pushed on an explicit stack in one preallocated
 * Int32Array together with the alternatives left; nothing is allocated during
 * the search (solver state is module-level: solve() is synchronous and never
 * re-entered).
 *
 * Two cores run this algorithm: this TypeScript one, and a WebAssembly one (core/wasm/
 * solverCore.ts) that makes the same guesses and gives the same answers, faster. solve() runs the
 * WebAssembly core where the build embedded it and the host compiles it (see setSolverCore), else
 * this one.
 */
import { PERM3 } from './grid';
import { builtSolverWasm, instantiateSolverWasm, WASM_FOUND, WASM_OUT_OF_BUDGET, type WasmSolverCore } from './wasmSolver';

export interface SolveOptions {
  /** Stop after this many solutions (default 2: enough to tell unique from multiple). */
  limit?: number;
  /** Most search nodes (guesses) before giving up; default 5_000_000. */
  nodeBudget?: number;
  /**
   * Numbers in [0, 1): each guess then tries a digit of the chosen cell drawn at random instead of
   * the lowest, so the first solution found is a random one (the generator's complete grids).
   */
  random?: () => number;
}

export interface SolveResult {
  /** Solutions found, capped at `limit` (with limit 2, 2 means "2 or more"). */
  count: number;
  /** Up to `limit` solutions, each an 81-entry Uint8Array of digits 1..9, row-major. */
  solutions: Uint8Array[];
  /** False when the node budget ran out first; count is then only a lower bound. */
  complete: boolean;
  /** Search nodes (guesses) used. */
  nodes: number;
}

// ---------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------

const BAND = 0x7ffffff; // 27 bits
const U0 = 27; // offset of the unsolved-cell words in a state
const STATE = 32; // ints per saved state (30 used; 32 keeps offsets simple)
/**
 * A cell guess places a digit (depth <= 81); a configuration guess fixes one of a unit's digits
 * there, and the six units (bands, stacks) hold 6 * 54 configurations, 9 each when all are fixed.
 */
const MAX_DEPTH = 6 * (54 - 9) + 1;

/** 9-bit row segment -> 3 bits: which of its three box segments are non-empty. */
const ROW_BOXES = new Int32Array(512);
/** 9-bit row/box matrix -> 27-bit mask of cells whose (row, box) entry lies on a permutation; 0 if none. */
const PERM_CELLS = new Int32Array(512);
/** 9-bit 3x3 matrix -> its entries that lie on some permutation (0 if none). */
const PERM9 = new Int32Array(512);
/** 9-bit row/box matrix -> its entries that lie on every permutation inside it (the digit's forced minirows). */
const FORCED9 = new Int32Array(512);
/** 9-bit 3x3 matrix -> bit k set when permutation PERM3[k] lies inside it. */
const PERM_SET = new Int32Array(512);
/** 9-bit 3x3 matrix -> how many permutations lie inside it. */
const PERM_COUNT = new Int32Array(512);
/** Permutation PERM3[k] -> its three entries in a 9-bit 3x3 matrix. */
const PERM_ENTRIES = new Int32Array(6);
/** 9-bit set of minirows (bit 3*row + box) -> 27-bit mask of their cells. */
const MINIROW_CELLS = new Int32Array(512);
/**
 * 9-bit set of minirows -> 27-bit mask of the cells a digit loses when it is known to lie in
 * each of them: the rest of the minirow's row and the rest of its box.
 */
const MINIROW_FORCE_CLEAR = new Int32Array(512);
/** 9-bit column set -> the same columns in the minicolumn layout (column 3*stack + c -> bit 9*stack + c). */
const STACK_SPREAD = new Int32Array(512);
/** 9-bit column set -> the other columns of their stacks (where a digit may not be when forced into them). */
const STACK_OTHERS = new Int32Array(512);
/** 3-bit row set -> 27-bit mask of those rows. */
const ROWS = new Int32Array(8);
/** Bit position 0..26 -> 27-bit mask of the other cells of its row. */
const ROW_OTHERS = new Int32Array(27);

(() => {
  for (let v = 0; v < 512; v++) {
    STACK_SPREAD[v] = (v & 7) | ((v & 0o70) << 6) | ((v & 0o700) << 12);
    for (let c = 0; c < 9; c++) if (v & (1 << c)) STACK_OTHERS[v] |= (7 << (3 * ((c / 3) | 0))) & ~(1 << c);
    ROW_BOXES[v] = (v & 7 ? 1 : 0) | (v & 0o70 ? 2 : 0) | (v & 0o700 ? 4 : 0);
  }
  for (let m = 0; m < 512; m++) {
    let allowed = 0;
    let forced = 0x1ff;
    PERM3.forEach((p, k) => {
      const e = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      PERM_ENTRIES[k] = e;
      if ((m & e) !== e) return;
      allowed |= e;
      forced &= e;
      PERM_SET[m] |= 1 << k;
      PERM_COUNT[m]++;
    });
    FORCED9[m] = allowed === 0 ? 0 : forced;
    let minirows = 0;
    let forceClear = 0;
    for (let r = 0; r < 3; r++)
      for (let k = 0; k < 3; k++) {
        if ((m & (1 << (3 * r + k))) === 0) continue;
        const cells = 7 << (9 * r + 3 * k);
        minirows |= cells;
        forceClear |= ((0x1ff << (9 * r)) | (0o1001001 * (7 << (3 * k)))) & ~cells;
      }
    MINIROW_CELLS[m] = minirows;
    MINIROW_FORCE_CLEAR[m] = forceClear;
    let cells = 0;
    for (let r = 0; r < 3; r++)
      for (let k = 0; k < 3; k++) if (allowed & (1 << (3 * r + k))) cells |= 7 << (9 * r + 3 * k);
    PERM_CELLS[m] = cells;
    PERM9[m] = allowed;
  }
  for (let r = 0; r < 8; r++) ROWS[r] = (r & 1 ? 0x1ff : 0) | (r & 2 ? 0x1ff << 9 : 0) | (r & 4 ? 0x1ff << 18 : 0);
  for (let p = 0; p < 27; p++) ROW_OTHERS[p] = (0x1ff << (9 * ((p / 9) | 0))) & ~(1 << p);
})();

/** The tables the WebAssembly core reads, in the order of its memory layout (TABLES there). */
const WASM_TABLES = [
  ROW_BOXES,
  PERM_CELLS,
  PERM9,
  FORCED9,
  PERM_SET,
  PERM_COUNT,
  PERM_ENTRIES,
  MINIROW_CELLS,
  MINIROW_FORCE_CLEAR,
  STACK_SPREAD,
  STACK_OTHERS,
  ROWS,
  ROW_OTHERS,
];

// ---------------------------------------------------------------------------
// Solver state (module-level, preallocated)
// ---------------------------------------------------------------------------

/** Ints 0..29: the live state. Level k >= 1 (ints 32k..32k+29): the state saved by the k-th pending guess. */
const S = new Int32Array(STATE * (MAX_DEPTH + 1));
/**
 * Per stack level, what to try when resuming it. A cell guess (kind CELL_GUESS): the bit to clear
 * in board ALT_BOARD. A configuration guess (kind = its unit): the configurations (ALT_BIT, a set
 * of PERM3 indices) of digit ALT_BOARD / 3 not tried yet.
 */
const ALT_KIND = new Int32Array(MAX_DEPTH + 1);
const ALT_BOARD = new Int32Array(MAX_DEPTH + 1);
const ALT_BIT = new Int32Array(MAX_DEPTH + 1);
const CELL_GUESS = -1;

const CONTRADICTION = -1;
const SOLVED = -2;
/** Bits 0, 3, ..., 24: the boards of band 0 (shift left by b for band b). */
const BAND_BOARDS = 0x1249249;

/**
 * Propagates the live state to a fixpoint. `dirty` has bit i set for every
 * board i changed since the state was last at a fixpoint. Returns
 * CONTRADICTION, SOLVED, or the guess to make, encoded as 32 * board + bit
 * (board = 3*digit + band).
 *
 * One function on purpose: this loop is the solver's time (every puzzle, every guess), and its
 * steps share the live board words and the `dirty`/touched masks in locals; split into functions
 * they would go back and forth through S or return several masks at once.
 */
function propagate(dirty: number, byCell: boolean): number {
  const F = S;
  let touchedCols = 0; // boards changed since the last column scan
  let touchedCells = 0; // boards changed since the last naked-single scan
  let touchedTriads = 0; // boards changed since the last minirow scan
  for (;;) {
    // 1. Shrink changed (digit, band) boards until none is left.
    while (dirty !== 0) {
      const low = dirty & -dirty;
      dirty ^= low;
      touchedCols |= low;
      touchedCells |= low;
      touchedTriads |= low;
      const i = 31 - Math.clz32(low);
      let a = F[i];
      // Row/box permutation filter (hidden singles in rows/boxes, locked candidates).
      a &= PERM_CELLS[ROW_BOXES[a & 511] | (ROW_BOXES[(a >> 9) & 511] << 3) | (ROW_BOXES[a >> 18] << 6)];
      if (a === 0) return CONTRADICTION;
      F[i] = a;
      // Rows holding a single cell for this digit: that cell is placed. Arithmetic, not table
      // lookups: x & (x - 1) is 0 for a single cell (or none), and ((that) - 1) >> 31 is then
      // all ones; this sits on the loop's longest dependency chain.
      const r0 = a & 511;
      const r1 = (a >> 9) & 511;
      const r2 = a >> 18;
      const singles =
        (r0 & (((r0 & (r0 - 1)) - 1) >> 31)) |
        ((r1 & (((r1 & (r1 - 1)) - 1) >> 31)) << 9) |
        ((r2 & (((r2 & (r2 - 1)) - 1) >> 31)) << 18);
      const b = i % 3;
      const placed = singles & F[U0 + b];
      if (placed === 0) continue;
      F[U0 + b] ^= placed;
      // Placed cells hold no other digit. Branch-free: which boards lose a
      // candidate is unpredictable, so (x + BAND) >> 27 turns "x != 0" into 0/1.
      const keep = ~placed;
      for (let j = b; j < 27; j += 3) {
        const v = F[j];
        F[j] = v & keep;
        dirty |= (((v & placed) + BAND) >> 27) << j;
      }
      // Nor can this digit repeat in their columns in the other bands. (All three
      // bands are cleared without branching; board i itself is restored below.)
      const cols = (placed | (placed >> 9) | (placed >> 18)) & 511;
      const cols27 = cols | (cols << 9) | (cols << 18);
      const keepCols = ~cols27;
      const base = i - b;
      const v0 = F[base];
      const v1 = F[base + 1];
      const v2 = F[base + 2];
      F[base] = v0 & keepCols;
      F[base + 1] = v1 & keepCols;
      F[base + 2] = v2 & keepCols;
      dirty |=
        ((((v0 & cols27) + BAND) >> 27) |
          ((((v1 & cols27) + BAND) >> 27) << 1) |
          ((((v2 & cols27) + BAND) >> 27) << 2)) <<
        base;
      F[i] = a;
      dirty &= ~low;
    }

    if ((F[U0] | F[U0 + 1] | F[U0 + 2]) === 0) return SOLVED;

    // 2. Naked singles and empty cells in the bands that changed (bit-sliced
    //    counting of candidates per cell).
    for (let b = 0; b < 3; b++) {
      if ((touchedCells & (BAND_BOARDS << b)) === 0) continue;
      const u = F[U0 + b];
      if (u === 0) continue;
      let one = 0;
      let two = 0;
      for (let j = b; j < 27; j += 3) {
        const x = F[j];
        two |= one & x;
        one |= x;
      }
      if ((u & ~one) !== 0) return CONTRADICTION; // an unsolved cell with no candidate
      const singles = u & ~two;
      if (singles === 0) continue;
      for (let j = b; j < 27; j += 3) {
        const m = F[j] & singles;
        if (m === 0) continue;
        const r0 = m & 511;
        const r1 = (m >> 9) & 511;
        const r2 = m >> 18;
        // Two cells forced to the same digit in one row.
        if (((r0 & (r0 - 1)) | (r1 & (r1 - 1)) | (r2 & (r2 - 1))) !== 0) return CONTRADICTION;
        // Keep only the single in its row: the shrink then places it.
        F[j] &= ~ROWS[(r0 ? 1 : 0) | (r1 ? 2 : 0) | (r2 ? 4 : 0)] | m;
        dirty |= 1 << j;
      }
    }
    touchedCells = 0;
    if (dirty !== 0) continue;

    // 3. Columns, for digits that changed: locked candidates (box/column),
    //    hidden singles and digits with no place left in a column.
    for (let d = 0; d < 27; d += 3) {
      if (((touchedCols >> d) & 7) === 0) continue;
      const a0 = F[d];
      const a1 = F[d + 1];
      const a2 = F[d + 2];
      const c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511;
      const c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511;
      const c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511;
      // Per stack, the digit takes a permutation of (band, column-in-stack): drop
      // the columns of a band that lie on no permutation (none: an empty column).
      let k0 = 0;
      let k1 = 0;
      let k2 = 0;
      for (let sh = 0; sh < 9; sh += 3) {
        const ok = PERM9[((c0 >> sh) & 7) | (((c1 >> sh) & 7) << 3) | (((c2 >> sh) & 7) << 6)];
        if (ok === 0) return CONTRADICTION;
        k0 |= (ok & 7) << sh;
        k1 |= ((ok >> 3) & 7) << sh;
        k2 |= ((ok >> 6) & 7) << sh;
      }
      if (k0 !== c0) F[d] = a0 & (k0 | (k0 << 9) | (k0 << 18));
      if (k1 !== c1) F[d + 1] = a1 & (k1 | (k1 << 9) | (k1 << 18));
      if (k2 !== c2) F[d + 2] = a2 & (k2 | (k2 << 9) | (k2 << 18));
      if (((k0 ^ c0) | (k1 ^ c1) | (k2 ^ c2)) !== 0) dirty |= 7 << d;
      // No hidden-single scan needed: a column whose digit has one cell forces
      // its (band, column) entry, which this filter then narrows to that cell's
      // box, where the row/box filter finds the single.
    }
    touchedCols = 0;
    if (dirty !== 0) continue;

    // 4. Minirows (the three cells of a row in one box) hold exactly three digits: see
    //    triadRule. Per band, each digit's row/box matrix.
    for (let b = 0; b < 3; b++) {
      if ((touchedTriads & (BAND_BOARDS << b)) === 0) continue;
      for (let d = 0; d < 9; d++) {
        const a = F[3 * d + b];
        const m = ROW_BOXES[a & 511] | (ROW_BOXES[(a >> 9) & 511] << 3) | (ROW_BOXES[a >> 18] << 6);
        TRIAD_MAY[d] = m;
        TRIAD_MUST[d] = FORCED9[m];
      }
      if (!triadRule(511)) return CONTRADICTION;
      if ((LOCK_IN | FULL) === 0) continue;
      for (let d = 0; d < 9; d++) {
        const free = TRIAD_MAY[d] & ~TRIAD_MUST[d];
        const clear = MINIROW_FORCE_CLEAR[free & LOCK_IN] | MINIROW_CELLS[free & FULL];
        const j = 3 * d + b;
        if ((F[j] & clear) === 0) continue;
        F[j] &= ~clear;
        dirty |= 1 << j;
      }
    }
    if (dirty !== 0) continue;

    // 5. Minicolumns likewise (three cells of a column in one band), per digit a word with
    //    bit 9*stack + 3*band + c: each stack's 3x3 (band, column) matrix, on which the digit
    //    also takes a permutation.
    if (touchedTriads !== 0) {
      for (let d = 0; d < 9; d++) {
        const w = minicolumns(F[3 * d], F[3 * d + 1], F[3 * d + 2]);
        TRIAD_MAY[d] = w;
        TRIAD_MUST[d] = FORCED9[w & 511] | (FORCED9[(w >> 9) & 511] << 9) | (FORCED9[w >> 18] << 18);
      }
      if (!triadRule(BAND)) return CONTRADICTION;
      for (let d = 0; d < 9 && (LOCK_IN | FULL) !== 0; d++) {
        const free = TRIAD_MAY[d] & ~TRIAD_MUST[d];
        const force = free & LOCK_IN;
        const drop = free & FULL;
        if ((force | drop) === 0) continue;
        const force0 = bandColumns(force, 0);
        const force1 = bandColumns(force, 1);
        const force2 = bandColumns(force, 2);
        // Forced into a minicolumn: the digit leaves that column in the other bands and the
        // other columns of that box.
        const clear0 = bandColumns(drop, 0) | force1 | force2 | STACK_OTHERS[force0];
        const clear1 = bandColumns(drop, 1) | force0 | force2 | STACK_OTHERS[force1];
        const clear2 = bandColumns(drop, 2) | force0 | force1 | STACK_OTHERS[force2];
        dirty |= clearColumns(3 * d, clear0) | clearColumns(3 * d + 1, clear1) | clearColumns(3 * d + 2, clear2);
      }
    }
    touchedTriads = 0;
    if (dirty !== 0) continue;

    // 6. Nothing more to deduce: choose a guess.
    if (!byCell) return chooseConfig();
    // Random solutions and pencilmark grids guess cells: a bivalue cell if any: the last
    //    one in cell order. (Measured: scanning from the end needs ~12% fewer
    //    guesses than from the start, also on randomly transformed puzzles;
    //    probably because the next guess then lands away from the last ones.)
    for (let b = 2; b >= 0; b--) {
      const u = F[U0 + b];
      if (u === 0) continue;
      let one = 0;
      let two = 0;
      let three = 0;
      for (let j = b; j < 27; j += 3) {
        const x = F[j];
        three |= two & x;
        two |= one & x;
        one |= x;
      }
      const biv = u & two & ~three;
      if (biv !== 0) {
        const p = 31 - Math.clz32(biv);
        const bitMask = 1 << p;
        for (let j = b; j < 27; j += 3) if (F[j] & bitMask) return 32 * j + p;
      }
    }
    // Otherwise the unsolved cell with the fewest candidates.
    let best = 10;
    let bestBand = 0;
    let bestBit = 0;
    for (let b = 0; b < 3; b++) {
      let u = F[U0 + b];
      while (u !== 0) {
        const low = u & -u;
        u ^= low;
        let n = 0;
        for (let j = b; j < 27; j += 3) if (F[j] & low) n++;
        if (n < best) {
          best = n;
          bestBand = b;
          bestBit = 31 - Math.clz32(low);
        }
      }
    }
    for (let j = bestBand; j < 27; j += 3) if (F[j] & (1 << bestBit)) return 32 * j + bestBit;
    return CONTRADICTION; // unreachable: an unsolved cell always has a candidate here
  }
}

/** Per digit, the minirows (or minicolumns) where it may lie and where it must (scratch of triadRule). */
const TRIAD_MAY = new Int32Array(9);
const TRIAD_MUST = new Int32Array(9);
/** triadRule's findings: triads whose three possible digits must all lie there, triads already holding three. */
let LOCK_IN = 0;
let FULL = 0;

/**
 * A minirow or minicolumn (a triad) holds exactly three digits. Counts, bit-sliced over the nine
 * digits of TRIAD_MAY / TRIAD_MUST, how many may and how many must lie in each triad of `all`.
 * Returns false when one has fewer than three possible or more than three forced; otherwise sets
 * LOCK_IN (exactly three possible, not all forced yet: each must lie there) and FULL (three
 * forced, others still possible: those leave it).
 */
function triadRule(all: number): boolean {
  let p1 = 0;
  let p2 = 0;
  let p3 = 0;
  let p4 = 0;
  let f1 = 0;
  let f2 = 0;
  let f3 = 0;
  let f4 = 0;
  for (let d = 0; d < 9; d++) {
    const m = TRIAD_MAY[d];
    const f = TRIAD_MUST[d];
    p4 |= p3 & m;
    p3 |= p2 & m;
    p2 |= p1 & m;
    p1 |= m;
    f4 |= f3 & f;
    f3 |= f2 & f;
    f2 |= f1 & f;
    f1 |= f;
  }
  if (((p3 ^ all) | f4) !== 0) return false;
  LOCK_IN = p3 & ~p4 & ~f3;
  FULL = f3 & p4;
  return true;
}

/** Guesses of a digit's configuration: CONFIG_GUESS + 16 * unit + digit (unit 0-2: band, 3-5: stack). */
const CONFIG_GUESS = 4096;
/** Board 3*digit + band -> its row/box matrix (scratch of chooseConfig). */
const BAND_MATRICES = new Int32Array(27);
/** A digit's 3x3 matrix in a unit: band b -> (row, box); stack s -> (band, column). */
function unitMatrix(unit: number, d3: number): number {
  if (unit < 3) {
    const a = S[d3 + unit];
    return ROW_BOXES[a & 511] | (ROW_BOXES[(a >> 9) & 511] << 3) | (ROW_BOXES[a >> 18] << 6);
  }
  return (minicolumns(S[d3], S[d3 + 1], S[d3 + 2]) >> (9 * (unit - 3))) & 511;
}

/**
 * tdoku's branching: the band or stack with the fewest configurations left over its nine digits
 * (a configuration: one permutation of the digit's 3x3 matrix there), and in it a digit with two
 * (else the fewest). Its configurations are then tried one by one.
 */
function chooseConfig(): number {
  let bestUnit = 0;
  let bestTotal = 1 << 30;
  for (let b = 0; b < 3; b++) {
    let total = 0;
    for (let j = b; j < 27; j += 3) {
      const a = S[j];
      const m = ROW_BOXES[a & 511] | (ROW_BOXES[(a >> 9) & 511] << 3) | (ROW_BOXES[a >> 18] << 6);
      BAND_MATRICES[j] = m;
      total += PERM_COUNT[m];
    }
    if (total > 9 && total < bestTotal) {
      bestTotal = total;
      bestUnit = b;
    }
  }
  // The minicolumn words: propagate guesses only right after a minicolumn pass (its step 5)
  // that changed no board, which left every digit's word of this state in TRIAD_MAY.
  let t0 = 0;
  let t1 = 0;
  let t2 = 0;
  for (let d = 0; d < 9; d++) {
    const w = TRIAD_MAY[d];
    t0 += PERM_COUNT[w & 511];
    t1 += PERM_COUNT[(w >> 9) & 511];
    t2 += PERM_COUNT[w >> 18];
  }
  if (t0 > 9 && t0 < bestTotal) {
    bestTotal = t0;
    bestUnit = 3;
  }
  if (t1 > 9 && t1 < bestTotal) {
    bestTotal = t1;
    bestUnit = 4;
  }
  if (t2 > 9 && t2 < bestTotal) bestUnit = 5;
  let bestDigit = 0;
  let bestCount = 7;
  for (let d = 0; d < 9 && bestCount > 2; d++) {
    const n = PERM_COUNT[bestUnit < 3 ? BAND_MATRICES[3 * d + bestUnit] : (TRIAD_MAY[d] >> (9 * (bestUnit - 3))) & 511];
    if (n > 1 && n < bestCount) {
      bestCount = n;
      bestDigit = d;
    }
  }
  return CONFIG_GUESS + 16 * bestUnit + bestDigit;
}

/** Restricts digit d3/3 to configuration `entries` (9-bit) of the unit; returns the dirty boards. */
function applyConfig(unit: number, d3: number, entries: number): number {
  if (unit < 3) {
    S[d3 + unit] &= MINIROW_CELLS[entries];
    return 1 << (d3 + unit);
  }
  const sh = 3 * (unit - 3);
  return (
    clearColumns(d3, (~entries & 7) << sh) |
    clearColumns(d3 + 1, (~(entries >> 3) & 7) << sh) |
    clearColumns(d3 + 2, (~(entries >> 6) & 7) << sh) |
    (1 << d3)
  );
}

/** A digit's three band boards -> its minicolumns (bit 9*stack + 3*band + c) holding a candidate. */
function minicolumns(a0: number, a1: number, a2: number): number {
  return (
    STACK_SPREAD[(a0 | (a0 >> 9) | (a0 >> 18)) & 511] |
    (STACK_SPREAD[(a1 | (a1 >> 9) | (a1 >> 18)) & 511] << 3) |
    (STACK_SPREAD[(a2 | (a2 >> 9) | (a2 >> 18)) & 511] << 6)
  );
}

/** The columns (9-bit) of band `band` in a minicolumn word. */
function bandColumns(w: number, band: number): number {
  const y = (w >> (3 * band)) & 0o7007007;
  return (y & 7) | ((y >> 6) & 0o70) | ((y >> 12) & 0o700);
}

/** Clears the columns `cols` (9-bit) from board j; returns j's dirty bit when that removed a candidate. */
function clearColumns(j: number, cols: number): number {
  const a = S[j];
  const keep = a & ~(cols | (cols << 9) | (cols << 18));
  if (keep === a) return 0;
  S[j] = keep;
  return 1 << j;
}

/** A board of the guessed cell (its band, bit p) drawn at random among the digits still possible there. */
function randomBoard(board: number, p: number, random: () => number): number {
  const b = board % 3;
  const bitMask = 1 << p;
  let n = 0;
  for (let j = b; j < 27; j += 3) if (S[j] & bitMask) n++;
  let pick = Math.floor(random() * n);
  for (let j = b; j < 27; j += 3) if (S[j] & bitMask && pick-- === 0) return j;
  return board;
}

/**
 * Solutions are views into shared 8-solution buffers. V8 keeps a typed array of at most 64 bytes
 * on its own heap; 81 bytes get a separate backing store, which cost ~0.35 µs a solution here
 * against ~0.1 µs for a view (measured): 7% of a 17-clue puzzle's solve. Only the buffer is
 * shared (`sol.buffer` holds up to eight solutions); a kept solution keeps its 648 bytes.
 */
const SOLUTIONS_PER_BUFFER = 8;
let solutionBuffer = new ArrayBuffer(0);
let solutionOffset = 0;

function newSolution(): Uint8Array {
  if (solutionOffset === solutionBuffer.byteLength) {
    solutionBuffer = new ArrayBuffer(81 * SOLUTIONS_PER_BUFFER);
    solutionOffset = 0;
  }
  const sol = new Uint8Array(solutionBuffer, solutionOffset, 81);
  solutionOffset += 81;
  return sol;
}

function emptyResult(): SolveResult {
  return { count: 0, solutions: [], complete: true, nodes: 0 };
}

/** The solver cores: both give the same answers with the same guesses. */
export type SolverCore = 'ts' | 'wasm';

let wantedCore: SolverCore = 'wasm';
/** The WebAssembly core once loaded; null where it is missing or failed to load; undefined before the first try. */
let wasmCore: WasmSolverCore | null | undefined;

/** The loaded WebAssembly core, loading the built one on first use; null where there is none. */
function loadedWasmCore(): WasmSolverCore | null {
  if (wasmCore === undefined) {
    const bytes = builtSolverWasm();
    try {
      wasmCore = bytes ? instantiateSolverWasm(bytes, WASM_TABLES) : null;
    } catch {
      // No WebAssembly (or SIMD) here, or the host refuses to compile it (a browser's main
      // thread, a content security policy): the TypeScript core answers the same.
      wasmCore = null;
    }
  }
  return wasmCore;
}

/**
 * The one switch between the cores, for every caller of solve() (bench, uniqueness checks, the
 * generator, the 17-clue search): 'wasm' (the default) runs the WebAssembly core where it loads,
 * 'ts' the TypeScript one. `bytes` loads a WebAssembly core from these bytes instead of the built
 * one (tests, which run the sources); they must load (this throws otherwise). Returns the core
 * solve() now runs.
 */
export function setSolverCore(core: SolverCore, bytes?: Uint8Array): SolverCore {
  if (bytes) wasmCore = instantiateSolverWasm(bytes, WASM_TABLES);
  wantedCore = core;
  return solverCore();
}

/** The core solve() runs: 'wasm' only when it is wanted and loads. */
export function solverCore(): SolverCore {
  return wantedCore === 'wasm' && loadedWasmCore() !== null ? 'wasm' : 'ts';
}

/**
 * Solves from a candidate state: Uint16Array(81) of 9-bit masks, bit d-1 = digit d possible.
 * Inconsistent states give count 0 (complete). A limit below 1 counts as 1, NaN options
 * fall back to the defaults, and an array whose length is not 81 has no solution.
 */
export function solve(candidates: Uint16Array, options?: SolveOptions): SolveResult {
  // NaN would disable the stop tests below: fall back to the defaults.
  const rawLimit = options?.limit ?? 2;
  const limit = rawLimit >= 1 ? Math.floor(rawLimit) : rawLimit < 1 ? 1 : 2;
  const rawBudget = options?.nodeBudget ?? 5_000_000;
  const budget = rawBudget >= 0 ? rawBudget : rawBudget < 0 ? 0 : 5_000_000;
  if (!candidates || candidates.length !== 81) return emptyResult();
  const core = wantedCore === 'wasm' ? loadedWasmCore() : null;
  return core ? solveWasm(core, candidates, limit, budget, options?.random) : solveTs(candidates, limit, budget, options?.random);
}

/** The WebAssembly core's search: it stops at each solution; the limit is kept here. */
function solveWasm(core: WasmSolverCore, candidates: Uint16Array, limit: number, budget: number, random: (() => number) | undefined): SolveResult {
  core.begin(candidates, random);
  const solutions: Uint8Array[] = [];
  let complete = true;
  while (solutions.length < limit) {
    const r = core.run(budget);
    if (r !== WASM_FOUND) {
      complete = r !== WASM_OUT_OF_BUDGET;
      break;
    }
    const sol = newSolution();
    core.solution(sol);
    solutions.push(sol);
  }
  return { count: solutions.length, solutions, complete, nodes: core.guesses() };
}

/** The TypeScript core's search. */
function solveTs(candidates: Uint16Array, limit: number, budget: number, random: (() => number) | undefined): SolveResult {
  // Load the candidate state: set every candidate, then clear the missing ones
  // (few for givens puzzles and for typical pencilmarks).
  for (let j = 0; j < 30; j++) S[j] = BAND;
  // Pencilmark grids (a cell with 2..8 candidates) guess cells: their candidates go cell by
  // cell, and configuration guesses took 6-14x the guesses of bivalue cells on t-dillon's
  // pencilmark sets (native tdoku: 686 a puzzle on 86_clue's first 1,000, ours 10.6).
  let byCell = random !== undefined;
  for (let c = 0; c < 81; c++) {
    let missing = ~candidates[c] & 511;
    if (missing === 0) continue;
    const kept = candidates[c] & 511;
    if ((kept & (kept - 1)) !== 0) byCell = true; // 2..8 candidates: a pencilmark
    const b = c >= 54 ? 2 : c >= 27 ? 1 : 0;
    const clear = ~(1 << (c - 27 * b));
    do {
      const low = missing & -missing;
      missing ^= low;
      S[3 * (31 - Math.clz32(low)) + b] &= clear;
    } while (missing !== 0);
  }
  const solutions: Uint8Array[] = [];
  let count = 0;
  let nodes = 0;
  let depth = 0;
  let complete = true;

  let dirty = BAND; // shrink every board first
  for (;;) {
    const r = propagate(dirty, byCell);
    if (r >= 0) {
      if (nodes >= budget) {
        complete = false;
        break;
      }
      nodes++;
      // Save the state; on backtrack resume it with the next alternative.
      depth++;
      const base = STATE * depth;
      for (let k = 0; k < 30; k++) S[base + k] = S[k];
      if (r >= CONFIG_GUESS) {
        const unit = (r - CONFIG_GUESS) >> 4;
        const d3 = 3 * (r & 15);
        const configs = PERM_SET[unitMatrix(unit, d3)];
        const first = configs & -configs;
        ALT_KIND[depth] = unit;
        ALT_BOARD[depth] = d3;
        ALT_BIT[depth] = configs ^ first;
        dirty = applyConfig(unit, d3, PERM_ENTRIES[31 - Math.clz32(first)]);
        continue;
      }
      const p = r & 31;
      const j = random ? randomBoard(r >> 5, p, random) : r >> 5;
      ALT_KIND[depth] = CELL_GUESS;
      ALT_BOARD[depth] = j;
      ALT_BIT[depth] = 1 << p;
      // Take the branch "digit here": keep only this cell in its row.
      S[j] &= ~ROW_OTHERS[p];
      dirty = 1 << j;
      continue;
    }
    if (r === SOLVED) {
      const sol = newSolution();
      for (let j = 0; j < 27; j++) {
        let m = S[j];
        const digit = ((j / 3) | 0) + 1;
        const off = 27 * (j % 3);
        while (m !== 0) {
          const low = m & -m;
          m ^= low;
          sol[off + 31 - Math.clz32(low)] = digit;
        }
      }
      solutions.push(sol);
      if (++count >= limit) break;
    }
    // Backtrack: resume the most recent alternative.
    if (depth === 0) break;
    const base = STATE * depth;
    for (let k = 0; k < 30; k++) S[k] = S[base + k];
    const kind = ALT_KIND[depth];
    if (kind === CELL_GUESS) {
      S[ALT_BOARD[depth]] &= ~ALT_BIT[depth];
      dirty = 1 << ALT_BOARD[depth];
      depth--;
      continue;
    }
    // The next configuration; the last one is no guess, and frees the level.
    const configs = ALT_BIT[depth];
    const next = configs & -configs;
    const d3 = ALT_BOARD[depth];
    if (configs === next) depth--;
    else {
      if (nodes >= budget) {
        complete = false;
        break;
      }
      nodes++;
      ALT_BIT[depth] = configs ^ next;
    }
    dirty = applyConfig(kind, d3, PERM_ENTRIES[31 - Math.clz32(next)]);
  }
  return { count, solutions, complete, nodes };
}

/**
 * Convenience: 81-char string ('1'-'9' givens, anything else empty). A
 * 729-char string is read as a pencilmark grid: char 9*cell+k is digit k+1
 * when that candidate is present.
 */
export function solveString(puzzle: string, options?: SolveOptions): SolveResult {
  const cands = new Uint16Array(81);
  if (puzzle.length >= 729) {
    for (let c = 0; c < 81; c++) {
      let m = 0;
      for (let k = 0; k < 9; k++) if (puzzle.charCodeAt(9 * c + k) === 49 + k) m |= 1 << k;
      cands[c] = m;
    }
  } else {
    for (let c = 0; c < 81; c++) {
      const ch = puzzle.charCodeAt(c); // NaN past the end: empty
      cands[c] = ch >= 49 && ch <= 57 ? 1 << (ch - 49) : 0x1ff;
    }
  }
  return solve(cands, options);
}

/**
 * Fast exact sudoku solver (solution counting with a limit), bitboard design
 * in the spirit of JCZSolve / tdoku.
 *
 * Bit layout
 * ----------
 * The grid is cut into three horizontal bands of 27 cells (rows 0-2, 3-5,
 * 6-8). Inside a band, cell (rowInBand, col) is bit 9*rowInBand + col, so a
 * band is a 27-bit integer and cell index = 27*band + bit. Bands fit in a
 * V8 small integer, so every operation stays in int32 arithmetic.
 *
 *   F[3*d + b]   (d = digit-1 in 0..8, b = band 0..2): cells of band b where
 *                digit d is still possible. A placed digit STAYS in its own
 *                board (and is removed from every other digit's board), so at
 *                the end F[d] holds exactly the cells of digit d.
 *   F[27 + b]    unsolved cells of band b (cells not yet placed).
 *
 * Inside one (digit, band) board the three rows x three boxes form a 3x3
 * "row/box" matrix (bit 3*row + box set when that row segment is non-empty).
 * The digit occupies a permutation of that matrix (once per row, once per
 * box), so any entry outside every permutation can be dropped: this one
 * table lookup does hidden singles in rows and boxes of the band, pointing
 * and claiming (box/line locked candidates along rows) all at once. Columns
 * are handled by eliminating a placed cell's column from the two other bands
 * of its digit, plus an explicit column hidden-single scan.
 *
 * Search: propagate to a fixpoint, then guess a digit in a bivalue cell (or
 * the cell with fewest candidates). Before each guess the whole state (30
 * ints) is copied to an explicit stack in one preallocated Int32Array, with
 * the alternative ("not this digit here") to apply on backtrack. Nothing is
 * allocated during the search; solver state lives in module-level typed
 * arrays (the solver is synchronous, hence never re-entered).
 */

export interface SolveOptions {
  /** Stop after this many solutions (default 2: enough to tell unique from multiple). */
  limit?: number;
  /** Most search nodes (guesses) before giving up; default 5_000_000. */
  nodeBudget?: number;
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
const MAX_DEPTH = 82; // every guess places a digit in an unsolved cell: depth <= 81

/** 9-bit row segment -> 3 bits: which of its three box segments are non-empty. */
const ROW_BOXES = new Int32Array(512);
/** 1 when the 9-bit value has exactly one bit. */
const SINGLE = new Int32Array(512);
/** 9-bit row/box matrix -> 27-bit mask of cells whose (row, box) entry lies on a permutation; 0 if none. */
const PERM_CELLS = new Int32Array(512);
/** 3-bit row set -> 27-bit mask of those rows. */
const ROWS = new Int32Array(8);
/** Bit position 0..26 -> 27-bit mask of the other cells of its row. */
const ROW_OTHERS = new Int32Array(27);

(() => {
  for (let v = 0; v < 512; v++) {
    ROW_BOXES[v] = (v & 7 ? 1 : 0) | (v & 0o70 ? 2 : 0) | (v & 0o700 ? 4 : 0);
    SINGLE[v] = v !== 0 && (v & (v - 1)) === 0 ? 1 : 0;
  }
  const perms = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  for (let m = 0; m < 512; m++) {
    let allowed = 0;
    for (const p of perms) {
      const e = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      if ((m & e) === e) allowed |= e;
    }
    let cells = 0;
    for (let r = 0; r < 3; r++)
      for (let k = 0; k < 3; k++) if (allowed & (1 << (3 * r + k))) cells |= 7 << (9 * r + 3 * k);
    PERM_CELLS[m] = cells;
  }
  for (let r = 0; r < 8; r++) ROWS[r] = (r & 1 ? 0x1ff : 0) | (r & 2 ? 0x1ff << 9 : 0) | (r & 4 ? 0x1ff << 18 : 0);
  for (let p = 0; p < 27; p++) ROW_OTHERS[p] = (0x1ff << (9 * ((p / 9) | 0))) & ~(1 << p);
})();

// ---------------------------------------------------------------------------
// Solver state (module-level, preallocated)
// ---------------------------------------------------------------------------

/** Level 0 (ints 0..31) is the live state; level k >= 1 is the k-th saved state. */
const S = new Int32Array(STATE * (MAX_DEPTH + 1));
/** Board values as of their last shrink: a board differing from it must be shrunk again. */
const PREV = new Int32Array(27);
/** Per stack level: board index and bit to clear when resuming that level (the alternative branch). */
const ALT_BOARD = new Int32Array(MAX_DEPTH + 1);
const ALT_BIT = new Int32Array(MAX_DEPTH + 1);

const CONTRADICTION = -1;
const SOLVED = -2;

/**
 * Propagates the live state to a fixpoint. Returns CONTRADICTION, SOLVED, or
 * the guess to make, encoded as 32 * board + bit (board = 3*digit + band).
 */
function propagate(): number {
  const F = S;
  for (;;) {
    // 1. Shrink every changed (digit, band) board until nothing changes.
    let changed = true;
    while (changed) {
      changed = false;
      for (let i = 0; i < 27; i++) {
        let a = F[i];
        if (a === PREV[i]) continue;
        changed = true;
        // Row/box permutation filter (hidden singles in rows/boxes, locked candidates).
        a &= PERM_CELLS[ROW_BOXES[a & 511] | (ROW_BOXES[(a >> 9) & 511] << 3) | (ROW_BOXES[a >> 18] << 6)];
        if (a === 0) return CONTRADICTION;
        F[i] = a;
        PREV[i] = a;
        // Rows holding a single cell for this digit: that cell is placed.
        const rs = SINGLE[a & 511] | (SINGLE[(a >> 9) & 511] << 1) | (SINGLE[a >> 18] << 2);
        if (rs === 0) continue;
        const b = i % 3;
        const placed = a & ROWS[rs] & F[U0 + b];
        if (placed === 0) continue;
        F[U0 + b] ^= placed;
        // Placed cells hold no other digit.
        const keep = ~placed;
        for (let j = b; j < 27; j += 3) if (j !== i) F[j] &= keep;
        // Nor can this digit repeat in their columns in the other bands.
        const cols = (placed | (placed >> 9) | (placed >> 18)) & 511;
        const keepCols = ~(cols | (cols << 9) | (cols << 18));
        const base = i - b;
        if (b !== 0) F[base] &= keepCols;
        if (b !== 1) F[base + 1] &= keepCols;
        if (b !== 2) F[base + 2] &= keepCols;
      }
    }

    const u0 = F[U0];
    const u1 = F[U0 + 1];
    const u2 = F[U0 + 2];
    if ((u0 | u1 | u2) === 0) return SOLVED;

    // 2. Naked singles and empty cells, band by band (bit-sliced counting of candidates).
    let progress = false;
    let biv = 0;
    let bivBand = -1;
    for (let b = 0; b < 3; b++) {
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
      if ((u & ~one) !== 0) return CONTRADICTION; // an unsolved cell with no candidate
      const singles = u & ~two;
      if (singles !== 0) {
        progress = true;
        for (let j = b; j < 27; j += 3) {
          const m = F[j] & singles;
          if (m === 0) continue;
          const r0 = m & 511;
          const r1 = (m >> 9) & 511;
          const r2 = m >> 18;
          // Two cells forced to the same digit in one row.
          if (((r0 & (r0 - 1)) | (r1 & (r1 - 1)) | (r2 & (r2 - 1))) !== 0) return CONTRADICTION;
          // Keep only the single in its row: the shrink pass then places it.
          F[j] &= ~ROWS[(r0 ? 1 : 0) | (r1 ? 2 : 0) | (r2 ? 4 : 0)] | m;
        }
      } else if (bivBand < 0) {
        const bv = u & two & ~three;
        if (bv !== 0) {
          biv = bv;
          bivBand = b;
        }
      }
    }
    if (progress) continue;

    // 3. Hidden singles in columns (rows and boxes are covered by the shrink), and
    //    digits with no place left in a column.
    for (let d = 0; d < 27; d += 3) {
      const a0 = F[d];
      const a1 = F[d + 1];
      const a2 = F[d + 2];
      const c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511;
      const c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511;
      const c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511;
      const once = c0 | c1 | c2;
      if (once !== 511) return CONTRADICTION;
      const twice =
        (c0 & c1) |
        (c2 & (c0 | c1)) |
        ((a0 & (a0 >> 9)) | ((a0 | (a0 >> 9)) & (a0 >> 18))) |
        ((a1 & (a1 >> 9)) | ((a1 | (a1 >> 9)) & (a1 >> 18))) |
        ((a2 & (a2 >> 9)) | ((a2 | (a2 >> 9)) & (a2 >> 18)));
      const lone = once & ~twice & 511;
      if (lone === 0) continue;
      const lone27 = lone | (lone << 9) | (lone << 18);
      for (let b = 0; b < 3; b++) {
        const m = F[d + b] & lone27 & F[U0 + b];
        if (m === 0) continue;
        const r0 = m & 511;
        const r1 = (m >> 9) & 511;
        const r2 = m >> 18;
        if (((r0 & (r0 - 1)) | (r1 & (r1 - 1)) | (r2 & (r2 - 1))) !== 0) return CONTRADICTION;
        F[d + b] &= ~ROWS[(r0 ? 1 : 0) | (r1 ? 2 : 0) | (r2 ? 4 : 0)] | m;
        progress = true;
      }
    }
    if (progress) continue;

    // 4. Nothing more to deduce: choose a guess.
    let band = bivBand;
    let cellBit: number;
    if (band >= 0) {
      cellBit = 31 - Math.clz32(biv & -biv);
    } else {
      // No bivalue cell: take the unsolved cell with the fewest candidates.
      let best = 10;
      cellBit = -1;
      for (let b = 0; b < 3 && best > 2; b++) {
        let u = F[U0 + b];
        while (u !== 0) {
          const low = u & -u;
          u ^= low;
          let n = 0;
          for (let j = b; j < 27; j += 3) if (F[j] & low) n++;
          if (n < best) {
            best = n;
            band = b;
            cellBit = 31 - Math.clz32(low);
          }
        }
      }
    }
    const bitMask = 1 << cellBit;
    for (let j = band; j < 27; j += 3) if (F[j] & bitMask) return 32 * j + cellBit;
    return CONTRADICTION; // unreachable: the cell has candidates
  }
}

function emptyResult(): SolveResult {
  return { count: 0, solutions: [], complete: true, nodes: 0 };
}

/** Solves from a candidate state: Uint16Array(81) of 9-bit masks, bit d-1 = digit d possible. */
export function solve(candidates: Uint16Array, options?: SolveOptions): SolveResult {
  const limit = Math.max(1, Math.floor(options?.limit ?? 2));
  const budget = options?.nodeBudget ?? 5_000_000;
  if (!candidates || candidates.length !== 81) return emptyResult();

  // Load the candidate state.
  S.fill(0, 0, STATE);
  for (let c = 0; c < 81; c++) {
    const mask = candidates[c];
    const b = (c / 27) | 0;
    const bitMask = 1 << (c - 27 * b);
    for (let d = 0; d < 9; d++) if (mask & (1 << d)) S[3 * d + b] |= bitMask;
  }
  S[U0] = S[U0 + 1] = S[U0 + 2] = BAND;
  PREV.fill(-1); // force a first shrink of every board

  const solutions: Uint8Array[] = [];
  let count = 0;
  let nodes = 0;
  let depth = 0;
  let complete = true;

  for (;;) {
    const r = propagate();
    if (r >= 0) {
      if (nodes >= budget) {
        complete = false;
        break;
      }
      nodes++;
      const j = r >> 5;
      const p = r & 31;
      // Save the state; on backtrack resume it with this digit removed from the cell.
      depth++;
      const base = STATE * depth;
      for (let k = 0; k < 30; k++) S[base + k] = S[k];
      ALT_BOARD[depth] = j;
      ALT_BIT[depth] = 1 << p;
      // Take the branch "digit here": keep only this cell in its row.
      S[j] &= ~ROW_OTHERS[p];
      continue;
    }
    if (r === SOLVED) {
      const sol = new Uint8Array(81);
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
    for (let k = 0; k < 27; k++) PREV[k] = S[k] = S[base + k];
    S[27] = S[base + 27];
    S[28] = S[base + 28];
    S[29] = S[base + 29];
    S[ALT_BOARD[depth]] &= ~ALT_BIT[depth];
    depth--;
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

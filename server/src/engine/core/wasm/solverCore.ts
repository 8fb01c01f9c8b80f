/**
 * The exact solver's WebAssembly core, in AssemblyScript (compiled by scripts/solverWasm.mjs, not
 * by tsc). The same algorithm as core/solve.ts, step for step: the same propagation, the same
 * guesses in the same order, so the same answers and the same guess counts (test/engine/
 * solve-wasm.test.ts runs both). solve.ts's header explains the design; the comments here only
 * say where this core differs.
 *
 * What is different: raw memory at fixed addresses (no bounds checks, no allocation), v128 where
 * it measured faster (the 32-word state copied on each guess and backtrack; a placement's clearing
 * and the naked-single count, two digits' boards a v128: BENCHMARKS.md, "A WebAssembly core"),
 * and a search that stops at each solution and resumes on the next call (the host keeps the
 * solutions and the limit: see core/wasmSolver.ts).
 * The lookup tables are not computed here: the host copies solve.ts's into TABLES, in the order of
 * its WASM_TABLES, so both cores read the same tables.
 */

const BAND: i32 = 0x7ffffff;
const U0: i32 = 27;
const STATE: i32 = 32;
const MAX_DEPTH: i32 = 6 * (54 - 9) + 1;
const CELL_GUESS: i32 = -1;
const CONTRADICTION: i32 = -1;
const SOLVED: i32 = -2;
const BAND_BOARDS: i32 = 0x1249249;
/** Lanes 0 and 3 of a v128 of board words from b + 6k: band b's boards of two digits. */
const LANES_03: v128 = i32x4(-1, 0, 0, -1);
const CONFIG_GUESS: i32 = 4096;

/** What run() returns. */
const DONE: i32 = 0;
const FOUND: i32 = 1;
const OUT_OF_BUDGET: i32 = 2;

// Tables: 512 words each (the short ones padded), in WASM_TABLES's order.
const TABLES: usize = memory.data(13 << 11, 16);
const ROW_BOXES: usize = TABLES;
const PERM_CELLS: usize = TABLES + (1 << 11);
const PERM9: usize = TABLES + (2 << 11);
const FORCED9: usize = TABLES + (3 << 11);
const PERM_SET: usize = TABLES + (4 << 11);
const PERM_COUNT: usize = TABLES + (5 << 11);
const PERM_ENTRIES: usize = TABLES + (6 << 11);
const MINIROW_CELLS: usize = TABLES + (7 << 11);
const MINIROW_FORCE_CLEAR: usize = TABLES + (8 << 11);
const STACK_SPREAD: usize = TABLES + (9 << 11);
const STACK_OTHERS: usize = TABLES + (10 << 11);
const ROWS: usize = TABLES + (11 << 11);
const ROW_OTHERS: usize = TABLES + (12 << 11);

/** Level 0: the live state; level k: the state saved by the k-th pending guess (as solve.ts's S). */
const S: usize = memory.data(STATE * 4 * (MAX_DEPTH + 1), 16);
const ALT_KIND: usize = memory.data(4 * (MAX_DEPTH + 1), 16);
const ALT_BOARD: usize = memory.data(4 * (MAX_DEPTH + 1), 16);
const ALT_BIT: usize = memory.data(4 * (MAX_DEPTH + 1), 16);
const TRIAD_MAY: usize = memory.data(4 * 9, 16);
const TRIAD_MUST: usize = memory.data(4 * 9, 16);
const BAND_MATRICES: usize = memory.data(4 * 27, 16);
/** The host writes the 81 candidate masks (u16) here, and reads each solution (81 bytes, digits 1..9). */
const CANDIDATES: usize = memory.data(2 * 81, 16);
const SOLUTION: usize = memory.data(81, 16);

/** Numbers in [0, 1) from the host's `random` option (the generator's random grids). */
@external("env", "random")
declare function hostRandom(): f64;

@inline function word(table: usize, i: i32): i32 {
  return load<i32>(table + (<usize>i << 2));
}
@inline function setWord(table: usize, i: i32, v: i32): void {
  store<i32>(table + (<usize>i << 2), v);
}
@inline function board(i: i32): i32 {
  return load<i32>(S + (<usize>i << 2));
}
@inline function setBoard(i: i32, v: i32): void {
  store<i32>(S + (<usize>i << 2), v);
}
/** A band's 3x3 row/box matrix: which minirows hold a candidate. */
@inline function rowBoxes(a: i32): i32 {
  return word(ROW_BOXES, a & 511) | (word(ROW_BOXES, (a >> 9) & 511) << 3) | (word(ROW_BOXES, a >> 18) << 6);
}
/** One cell per row kept (or none): x & (x - 1) is 0, and ((that) - 1) >> 31 all ones. */
@inline function singleCellRow(r: i32): i32 {
  return r & (((r & (r - 1)) - 1) >> 31);
}
/** 0 or 1: whether x (a 27-bit word) is non-zero, without a branch. */
@inline function nonZero(x: i32): i32 {
  return (x + BAND) >> 27;
}

// The search, kept between run() calls.
let depth: i32 = 0;
let dirty: i32 = 0;
let nodes: f64 = 0;
let byCell: bool = false;
let random: bool = false;
/** A solution was just reported: the next run() backtracks first. */
let resume: bool = false;

export function tables(): usize {
  return TABLES;
}
export function candidates(): usize {
  return CANDIDATES;
}
export function solution(): usize {
  return SOLUTION;
}
export function guesses(): f64 {
  return nodes;
}

/** Loads the candidate state from CANDIDATES (as solve.ts's solve()). */
export function begin(withRandom: bool): void {
  for (let j = 0; j < 30; j++) setBoard(j, BAND);
  random = withRandom;
  byCell = withRandom;
  for (let c = 0; c < 81; c++) {
    const kept = <i32>load<u16>(CANDIDATES + (<usize>c << 1)) & 511;
    let missing = ~kept & 511;
    if (missing == 0) continue;
    if ((kept & (kept - 1)) != 0) byCell = true;
    const b = c >= 54 ? 2 : c >= 27 ? 1 : 0;
    const clear = ~(1 << (c - 27 * b));
    do {
      const low = missing & -missing;
      missing ^= low;
      const j = 3 * ctz(low) + b;
      setBoard(j, board(j) & clear);
    } while (missing != 0);
  }
  depth = 0;
  nodes = 0;
  dirty = BAND;
  resume = false;
}

/**
 * Searches on until the next solution (FOUND: in SOLUTION), the end of the search (DONE) or the
 * budget of guesses (OUT_OF_BUDGET), checked where solve.ts checks it.
 */
export function run(budget: f64): i32 {
  let status = -1;
  if (resume) {
    resume = false;
    status = backtrack(budget);
  }
  while (status < 0) {
    const r = propagate(dirty);
    if (r >= 0) {
      if (nodes >= budget) return OUT_OF_BUDGET;
      nodes++;
      depth++;
      copyState(S, S + (<usize>(STATE * depth) << 2));
      if (r >= CONFIG_GUESS) {
        const unit = (r - CONFIG_GUESS) >> 4;
        const d3 = 3 * (r & 15);
        const configs = word(PERM_SET, unitMatrix(unit, d3));
        const first = configs & -configs;
        setWord(ALT_KIND, depth, unit);
        setWord(ALT_BOARD, depth, d3);
        setWord(ALT_BIT, depth, configs ^ first);
        dirty = applyConfig(unit, d3, word(PERM_ENTRIES, ctz(first)));
        continue;
      }
      const p = r & 31;
      const j = random ? randomBoard(r >> 5, p) : r >> 5;
      setWord(ALT_KIND, depth, CELL_GUESS);
      setWord(ALT_BOARD, depth, j);
      setWord(ALT_BIT, depth, 1 << p);
      setBoard(j, board(j) & ~word(ROW_OTHERS, p));
      dirty = 1 << j;
      continue;
    }
    if (r == SOLVED) {
      for (let j = 0; j < 27; j++) {
        let m = board(j);
        const digit = <u8>(<u32>j / 3 + 1);
        const off = SOLUTION + <usize>(27 * (<u32>j % 3));
        while (m != 0) {
          const low = m & -m;
          m ^= low;
          store<u8>(off + <usize>ctz(low), digit);
        }
      }
      resume = true;
      return FOUND;
    }
    status = backtrack(budget);
  }
  return status;
}

/** 32 words (30 used) from one level to another: eight v128 moves. */
@inline function copyState(from: usize, to: usize): void {
  v128.store(to, v128.load(from));
  v128.store(to, v128.load(from, 16), 16);
  v128.store(to, v128.load(from, 32), 32);
  v128.store(to, v128.load(from, 48), 48);
  v128.store(to, v128.load(from, 64), 64);
  v128.store(to, v128.load(from, 80), 80);
  v128.store(to, v128.load(from, 96), 96);
  v128.store(to, v128.load(from, 112), 112);
}

/** Resumes the most recent alternative (sets `dirty`); DONE or OUT_OF_BUDGET to stop, else -1. */
function backtrack(budget: f64): i32 {
  if (depth == 0) return DONE;
  copyState(S + (<usize>(STATE * depth) << 2), S);
  const kind = word(ALT_KIND, depth);
  if (kind == CELL_GUESS) {
    const j = word(ALT_BOARD, depth);
    setBoard(j, board(j) & ~word(ALT_BIT, depth));
    dirty = 1 << j;
    depth--;
    return -1;
  }
  const configs = word(ALT_BIT, depth);
  const next = configs & -configs;
  const d3 = word(ALT_BOARD, depth);
  if (configs == next) depth--;
  else {
    if (nodes >= budget) return OUT_OF_BUDGET;
    nodes++;
    setWord(ALT_BIT, depth, configs ^ next);
  }
  dirty = applyConfig(kind, d3, word(PERM_ENTRIES, ctz(next)));
  return -1;
}

/** solve.ts's propagate(): CONTRADICTION, SOLVED, or the guess (32 * board + bit, or a configuration). */
function propagate(dirtyIn: i32): i32 {
  let dirty = dirtyIn;
  let touchedCols = 0;
  let touchedCells = 0;
  let touchedTriads = 0;
  for (;;) {
    // 1. Shrink the changed boards, placing rows left with one cell.
    while (dirty != 0) {
      const low = dirty & -dirty;
      dirty ^= low;
      touchedCols |= low;
      touchedCells |= low;
      touchedTriads |= low;
      const i = ctz(low);
      const a = board(i) & word(PERM_CELLS, rowBoxes(board(i)));
      if (a == 0) return CONTRADICTION;
      setBoard(i, a);
      const singles = singleCellRow(a & 511) | (singleCellRow((a >> 9) & 511) << 9) | (singleCellRow(a >> 18) << 18);
      const b = <i32>(<u32>i % 3);
      const placed = singles & board(U0 + b);
      if (placed == 0) continue;
      setBoard(U0 + b, board(U0 + b) ^ placed);
      // Two digits a v128: lanes 0 and 3 of the words at b + 6k are band b's boards of digits
      // 2k and 2k + 1; the ninth digit's is a word alone (lane 3 there is an unsolved-cell word).
      const pm = v128.and(i32x4.splat(placed), LANES_03);
      for (let k = 0; k < 24; k += 6) {
        const at = S + (<usize>(b + k) << 2);
        const v = v128.load(at);
        v128.store(at, v128.andnot(v, pm));
        dirty |= i32x4.bitmask(i32x4.ne(v128.and(v, pm), i32x4.splat(0))) << (b + k);
      }
      const v8 = board(b + 24);
      setBoard(b + 24, v8 & ~placed);
      dirty |= nonZero(v8 & placed) << (b + 24);
      const cols = (placed | (placed >> 9) | (placed >> 18)) & 511;
      const cols27 = cols | (cols << 9) | (cols << 18);
      const base = i - b;
      const v0 = board(base);
      const v1 = board(base + 1);
      const v2 = board(base + 2);
      setBoard(base, v0 & ~cols27);
      setBoard(base + 1, v1 & ~cols27);
      setBoard(base + 2, v2 & ~cols27);
      dirty |= (nonZero(v0 & cols27) | (nonZero(v1 & cols27) << 1) | (nonZero(v2 & cols27) << 2)) << base;
      setBoard(i, a);
      dirty &= ~low;
    }

    if ((board(U0) | board(U0 + 1) | board(U0 + 2)) == 0) return SOLVED;

    // 2. Naked singles and empty cells.
    for (let b = 0; b < 3; b++) {
      if ((touchedCells & (BAND_BOARDS << b)) == 0) continue;
      const u = board(U0 + b);
      if (u == 0) continue;
      // Counted two digits a v128 as in the placement (lanes 0 and 3; 1 and 2 are other bands'),
      // the lanes then merged, and the ninth digit's board added.
      let oneVec = i32x4.splat(0);
      let twoVec = i32x4.splat(0);
      for (let k = 0; k < 24; k += 6) {
        const x = v128.load(S + (<usize>(b + k) << 2));
        twoVec = v128.or(twoVec, v128.and(oneVec, x));
        oneVec = v128.or(oneVec, x);
      }
      const even = i32x4.extract_lane(oneVec, 0);
      const odd = i32x4.extract_lane(oneVec, 3);
      const x8 = board(b + 24);
      let two = i32x4.extract_lane(twoVec, 0) | i32x4.extract_lane(twoVec, 3) | (even & odd);
      let one = even | odd;
      two |= one & x8;
      one |= x8;
      if ((u & ~one) != 0) return CONTRADICTION;
      const singles = u & ~two;
      if (singles == 0) continue;
      for (let j = b; j < 27; j += 3) {
        const m = board(j) & singles;
        if (m == 0) continue;
        const r0 = m & 511;
        const r1 = (m >> 9) & 511;
        const r2 = m >> 18;
        if (((r0 & (r0 - 1)) | (r1 & (r1 - 1)) | (r2 & (r2 - 1))) != 0) return CONTRADICTION;
        const rows = <i32>(r0 != 0) | (<i32>(r1 != 0) << 1) | (<i32>(r2 != 0) << 2);
        setBoard(j, board(j) & (~word(ROWS, rows) | m));
        dirty |= 1 << j;
      }
    }
    touchedCells = 0;
    if (dirty != 0) continue;

    // 3. Columns: per stack, a permutation of (band, column).
    for (let d = 0; d < 27; d += 3) {
      if (((touchedCols >> d) & 7) == 0) continue;
      const a0 = board(d);
      const a1 = board(d + 1);
      const a2 = board(d + 2);
      const c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511;
      const c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511;
      const c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511;
      let k0 = 0;
      let k1 = 0;
      let k2 = 0;
      for (let sh = 0; sh < 9; sh += 3) {
        const ok = word(PERM9, ((c0 >> sh) & 7) | (((c1 >> sh) & 7) << 3) | (((c2 >> sh) & 7) << 6));
        if (ok == 0) return CONTRADICTION;
        k0 |= (ok & 7) << sh;
        k1 |= ((ok >> 3) & 7) << sh;
        k2 |= ((ok >> 6) & 7) << sh;
      }
      if (k0 != c0) setBoard(d, a0 & (k0 | (k0 << 9) | (k0 << 18)));
      if (k1 != c1) setBoard(d + 1, a1 & (k1 | (k1 << 9) | (k1 << 18)));
      if (k2 != c2) setBoard(d + 2, a2 & (k2 | (k2 << 9) | (k2 << 18)));
      if (((k0 ^ c0) | (k1 ^ c1) | (k2 ^ c2)) != 0) dirty |= 7 << d;
    }
    touchedCols = 0;
    if (dirty != 0) continue;

    // 4. Minirows hold three digits.
    for (let b = 0; b < 3; b++) {
      if ((touchedTriads & (BAND_BOARDS << b)) == 0) continue;
      for (let d = 0; d < 9; d++) {
        const m = rowBoxes(board(3 * d + b));
        setWord(TRIAD_MAY, d, m);
        setWord(TRIAD_MUST, d, word(FORCED9, m));
      }
      if (!triadRule(511)) return CONTRADICTION;
      if ((lockIn | full) == 0) continue;
      for (let d = 0; d < 9; d++) {
        const free = word(TRIAD_MAY, d) & ~word(TRIAD_MUST, d);
        const clear = word(MINIROW_FORCE_CLEAR, free & lockIn) | word(MINIROW_CELLS, free & full);
        const j = 3 * d + b;
        if ((board(j) & clear) == 0) continue;
        setBoard(j, board(j) & ~clear);
        dirty |= 1 << j;
      }
    }
    if (dirty != 0) continue;

    // 5. Minicolumns likewise.
    if (touchedTriads != 0) {
      for (let d = 0; d < 9; d++) {
        const w = minicolumns(board(3 * d), board(3 * d + 1), board(3 * d + 2));
        setWord(TRIAD_MAY, d, w);
        setWord(TRIAD_MUST, d, word(FORCED9, w & 511) | (word(FORCED9, (w >> 9) & 511) << 9) | (word(FORCED9, w >> 18) << 18));
      }
      if (!triadRule(BAND)) return CONTRADICTION;
      for (let d = 0; d < 9 && (lockIn | full) != 0; d++) {
        const free = word(TRIAD_MAY, d) & ~word(TRIAD_MUST, d);
        const force = free & lockIn;
        const drop = free & full;
        if ((force | drop) == 0) continue;
        const force0 = bandColumns(force, 0);
        const force1 = bandColumns(force, 1);
        const force2 = bandColumns(force, 2);
        const clear0 = bandColumns(drop, 0) | force1 | force2 | word(STACK_OTHERS, force0);
        const clear1 = bandColumns(drop, 1) | force0 | force2 | word(STACK_OTHERS, force1);
        const clear2 = bandColumns(drop, 2) | force0 | force1 | word(STACK_OTHERS, force2);
        dirty |= clearColumns(3 * d, clear0) | clearColumns(3 * d + 1, clear1) | clearColumns(3 * d + 2, clear2);
      }
    }
    touchedTriads = 0;
    if (dirty != 0) continue;

    // 6. A fixpoint: the guess.
    if (!byCell) return chooseConfig();
    return chooseCell();
  }
}

/** solve.ts's cell guess: the last bivalue cell, else the first with the fewest candidates. */
function chooseCell(): i32 {
  for (let b = 2; b >= 0; b--) {
    const u = board(U0 + b);
    if (u == 0) continue;
    let one = 0;
    let two = 0;
    let three = 0;
    for (let j = b; j < 27; j += 3) {
      const x = board(j);
      three |= two & x;
      two |= one & x;
      one |= x;
    }
    const biv = u & two & ~three;
    if (biv != 0) {
      const p = 31 - clz(biv);
      const bitMask = 1 << p;
      for (let j = b; j < 27; j += 3) if ((board(j) & bitMask) != 0) return 32 * j + p;
    }
  }
  let best = 10;
  let bestBand = 0;
  let bestBit = 0;
  for (let b = 0; b < 3; b++) {
    let u = board(U0 + b);
    while (u != 0) {
      const low = u & -u;
      u ^= low;
      let n = 0;
      for (let j = b; j < 27; j += 3) if ((board(j) & low) != 0) n++;
      if (n < best) {
        best = n;
        bestBand = b;
        bestBit = ctz(low);
      }
    }
  }
  for (let j = bestBand; j < 27; j += 3) if ((board(j) & (1 << bestBit)) != 0) return 32 * j + bestBit;
  return CONTRADICTION;
}

let lockIn: i32 = 0;
let full: i32 = 0;

/** solve.ts's triadRule(): counts over TRIAD_MAY / TRIAD_MUST; sets lockIn and full. */
function triadRule(all: i32): bool {
  let p1 = 0;
  let p2 = 0;
  let p3 = 0;
  let p4 = 0;
  let f1 = 0;
  let f2 = 0;
  let f3 = 0;
  let f4 = 0;
  for (let d = 0; d < 9; d++) {
    const m = word(TRIAD_MAY, d);
    const f = word(TRIAD_MUST, d);
    p4 |= p3 & m;
    p3 |= p2 & m;
    p2 |= p1 & m;
    p1 |= m;
    f4 |= f3 & f;
    f3 |= f2 & f;
    f2 |= f1 & f;
    f1 |= f;
  }
  if (((p3 ^ all) | f4) != 0) return false;
  lockIn = p3 & ~p4 & ~f3;
  full = f3 & p4;
  return true;
}

function unitMatrix(unit: i32, d3: i32): i32 {
  if (unit < 3) return rowBoxes(board(d3 + unit));
  return (minicolumns(board(d3), board(d3 + 1), board(d3 + 2)) >> (9 * (unit - 3))) & 511;
}

/** solve.ts's chooseConfig(): the unit with the fewest configurations, a digit with two there. */
function chooseConfig(): i32 {
  let bestUnit = 0;
  let bestTotal = 1 << 30;
  for (let b = 0; b < 3; b++) {
    let total = 0;
    for (let j = b; j < 27; j += 3) {
      const m = rowBoxes(board(j));
      setWord(BAND_MATRICES, j, m);
      total += word(PERM_COUNT, m);
    }
    if (total > 9 && total < bestTotal) {
      bestTotal = total;
      bestUnit = b;
    }
  }
  let t0 = 0;
  let t1 = 0;
  let t2 = 0;
  for (let d = 0; d < 9; d++) {
    const w = word(TRIAD_MAY, d);
    t0 += word(PERM_COUNT, w & 511);
    t1 += word(PERM_COUNT, (w >> 9) & 511);
    t2 += word(PERM_COUNT, w >> 18);
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
    const m = bestUnit < 3 ? word(BAND_MATRICES, 3 * d + bestUnit) : (word(TRIAD_MAY, d) >> (9 * (bestUnit - 3))) & 511;
    const n = word(PERM_COUNT, m);
    if (n > 1 && n < bestCount) {
      bestCount = n;
      bestDigit = d;
    }
  }
  return CONFIG_GUESS + 16 * bestUnit + bestDigit;
}

function applyConfig(unit: i32, d3: i32, entries: i32): i32 {
  if (unit < 3) {
    setBoard(d3 + unit, board(d3 + unit) & word(MINIROW_CELLS, entries));
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

@inline function minicolumns(a0: i32, a1: i32, a2: i32): i32 {
  return (
    word(STACK_SPREAD, (a0 | (a0 >> 9) | (a0 >> 18)) & 511) |
    (word(STACK_SPREAD, (a1 | (a1 >> 9) | (a1 >> 18)) & 511) << 3) |
    (word(STACK_SPREAD, (a2 | (a2 >> 9) | (a2 >> 18)) & 511) << 6)
  );
}

@inline function bandColumns(w: i32, band: i32): i32 {
  const y = (w >> (3 * band)) & 0o7007007;
  return (y & 7) | ((y >> 6) & 0o70) | ((y >> 12) & 0o700);
}

function clearColumns(j: i32, cols: i32): i32 {
  const a = board(j);
  const keep = a & ~(cols | (cols << 9) | (cols << 18));
  if (keep == a) return 0;
  setBoard(j, keep);
  return 1 << j;
}

/** solve.ts's randomBoard(): the host's random() draws the digit, in the same calls. */
function randomBoard(guessBoard: i32, p: i32): i32 {
  const b = <i32>(<u32>guessBoard % 3);
  const bitMask = 1 << p;
  let n = 0;
  for (let j = b; j < 27; j += 3) if ((board(j) & bitMask) != 0) n++;
  let pick = <i32>Math.floor(hostRandom() * <f64>n);
  for (let j = b; j < 27; j += 3) if ((board(j) & bitMask) != 0 && pick-- == 0) return j;
  return guessBoard;
}

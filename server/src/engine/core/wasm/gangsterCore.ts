/**
 * The gangster chains (ua/gangster.ts's GangsterSearch: chain, row, record) in AssemblyScript
 * (compiled by scripts/solverWasm.mjs, not by tsc). The same nodes in the same order and the same
 * sets in the same order as the TypeScript search (test/engine/uaGangster.test.ts runs both);
 * gangster.ts explains the steps, the comments here only say where this one differs.
 *
 * What is different: the host (ua/wasmGangster.ts) keeps σ, fewestChanges and the σ loop, and
 * writes the tables a chain reads into this module's memory (once a grid: each cell's digit, each
 * digit's column per row, the blocks; per σ: the column sets, the fewest table, the forced digits);
 * a σ's chains are one call, the sets found are read back as (lo, hi) pairs, and the budget is
 * checked by the host between calls (a σ's chains are a small part of an enumeration).
 */

/** Digit of each cell of bands 1+2 (u8[54]). */
const OWNER: usize = 0;
/** Per digit and row (9 * digit + row): the digit's column (u8[81]). */
const OWN_COLUMN: usize = 64;
/** Per digit, band and column (18 * digit + 9 * band + column): the rows it blocks (i32[162]). */
const BLOCKS: usize = 256;
/** Per digit: its columns under the current σ (i32[9]). */
const COLS_OF: usize = 1024;
/** Per digit: it has to move (u8[9]). */
const FORCED: usize = 1088;
/** Per digit: the rows of its cells taken by the digits placed (i32[9]); all clear between calls. */
const TAKEN: usize = 1152;
/** Per stacks used (bit per stack): the columns of the others (i32[8], enumerate.ts's STACK_COLS). */
const STACK_COLS: usize = 1216;
/** Per digit and rows (64 * digit + rows): the fewest cells to change (i8[576], gangster.ts's `fewest`). */
const FEWEST: usize = 1280;
/** The sets found by a call: (lo, hi) word pairs from here, the memory grown as they come. */
const FOUND: usize = 2048;

let placed: i32 = 0;
let need: i32 = 0;
let limit: i32 = 0;
let count: i32 = 0;

export function ownerAt(): usize {
  return OWNER;
}
export function ownColumnAt(): usize {
  return OWN_COLUMN;
}
export function blocksAt(): usize {
  return BLOCKS;
}
export function colsOfAt(): usize {
  return COLS_OF;
}
export function forcedAt(): usize {
  return FORCED;
}
export function fewestAt(): usize {
  return FEWEST;
}
export function foundAt(): usize {
  return FOUND;
}

/** Makes room for the tables (the host's views are made after it) and writes STACK_COLS. */
export function setup(): void {
  if (memory.size() < 1) memory.grow(1 - memory.size());
  // No data segment: the module's memory is all laid out by hand (an array literal would be).
  for (let s = 0; s < 8; s++) {
    let cols = 0;
    for (let k = 0; k < 3; k++) if (((s >> k) & 1) == 0) cols |= 7 << (3 * k);
    store<i32>(STACK_COLS + 4 * s, cols);
  }
}

@inline function fewest(d: i32, rows: i32): i32 {
  return <i32>load<i8>(FEWEST + 64 * d + rows);
}
@inline function takenOf(d: i32): i32 {
  return load<i32>(TAKEN + 4 * d);
}

/**
 * The chains from one start: `placed0` the digits placed, `need0` what the others must still
 * change, `limit0` the most cells bands 1+2 may change, `usedLo`/`usedHi` the cells taken.
 * Returns how many sets it found (at foundAt(), the memory grown to hold them: views anew); when
 * the memory cannot grow, the store past its end traps, and the host drops this instance.
 */
export function chains(placed0: i32, need0: i32, limit0: i32, usedLo: i32, usedHi: i32): i32 {
  placed = placed0;
  need = need0;
  limit = limit0;
  count = 0;
  chain(usedLo, usedHi, 0, 0, 0);
  return count;
}

function record(lo: i32, hi: i32): void {
  const at = FOUND + 8 * <usize>count;
  const end = at + 8;
  const size = <usize>memory.size() << 16;
  if (end > size) memory.grow(<i32>((end - size + 0xffff) >> 16));
  store<i32>(at, lo);
  store<i32>(at, hi, 4);
  count++;
}

function chain(usedLo: i32, usedHi: i32, chLo: i32, chHi: i32, changed: i32): void {
  let d = 0;
  while (d < 9 && (((placed >> d) & 1) != 0 || (load<u8>(FORCED + d) == 0 && takenOf(d) == 0))) d++;
  if (d == 9) {
    record(chLo, chHi);
    return;
  }
  const own = fewest(d, takenOf(d));
  need -= own;
  placed |= 1 << d;
  const colsOf = load<i32>(COLS_OF + 4 * d);
  let blocked = 0;
  for (let q = 0; q < 6; q++) {
    const col = <i32>load<u8>(OWN_COLUMN + 9 * d + q);
    if (((q < 3 ? usedLo : usedHi) & (1 << (9 * (q % 3) + col))) != 0 || ((colsOf >> col) & 1) == 0) blocked |= 1 << q;
  }
  row(d, 0, changed, usedLo, usedHi, chLo, chHi, changed, 0, 0, blocked);
  placed &= ~(1 << d);
  need += own;
}

function row(
  d: i32,
  r: i32,
  start: i32,
  usedLo: i32,
  usedHi: i32,
  chLo: i32,
  chHi: i32,
  changed: i32,
  cols: i32,
  stacks: i32,
  blocked: i32,
): void {
  if (r == 6) {
    if (changed > start) chain(usedLo, usedHi, chLo, chHi, changed);
    return;
  }
  const band = r < 3 ? 0 : 1;
  const shift = 9 * (r - 3 * band);
  const free = ~((band == 0 ? usedLo : usedHi) >> shift) & 511;
  if (r == 3) stacks = 0;
  const home = <i32>load<u8>(OWN_COLUMN + 9 * d + r);
  let m = free & load<i32>(COLS_OF + 4 * d) & ~cols & load<i32>(STACK_COLS + 4 * stacks);
  while (m != 0) {
    const c = ctz(m);
    m &= m - 1;
    const bit = 1 << (shift + c);
    const nextCols = cols | (1 << c);
    // The stack bit of column c: 1, 2, 4 for stacks 0, 1, 2.
    const nextStacks = stacks | (1 << (c / 3));
    const lo = band == 0 ? usedLo | bit : usedLo;
    const hi = band == 0 ? usedHi : usedHi | bit;
    if (c == home) {
      row(d, r + 1, start, lo, hi, chLo, chHi, changed, nextCols, nextStacks, blocked);
      continue;
    }
    const nextBlocked = blocked | load<i32>(BLOCKS + 4 * (18 * d + 9 * band + c));
    const e = <i32>load<u8>(OWNER + 9 * r + c);
    const before = need;
    const open = ((placed >> e) & 1) == 0;
    const lost = takenOf(e);
    if (open) {
      need += fewest(e, lost | (1 << r)) - fewest(e, lost);
      store<i32>(TAKEN + 4 * e, lost | (1 << r));
    }
    const must = nextBlocked | (1 << r);
    if (need + fewest(d, must) + start <= limit) {
      const cLo = band == 0 ? chLo | bit : chLo;
      const cHi = band == 0 ? chHi : chHi | bit;
      row(d, r + 1, start, lo, hi, cLo, cHi, changed + 1, nextCols, nextStacks, must);
    }
    store<i32>(TAKEN + 4 * e, lost);
    need = before;
  }
}

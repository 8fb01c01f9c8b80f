// The SE chains' dynamic run without a level in AssemblyScript (compiled by scripts/solverWasm.mjs,
// not tsc): dynamic.ts's propagateDynamic, with tables.ts's onToOff and takeOff inlined. The same
// steps in the same order and the same records; the host stores the start node before the call
// and records a contradiction after it (absurdOff / absurdOn), as the TypeScript loop does.
//
// Memory, laid out by hand (no allocator): chainTables.ts's tables from 0, the search's grid at
// GRID (its 81 cell masks, then its 27 * 9 house/digit place masks, as ChainGrid), run slots from
// SLOTS. A slot holds a Run's typed arrays (the host views them in place). A run takes candidates
// off a copy of the grid (WORK), so the grid the host wrote stays for the search's next run.

import {
  CAUSE_CELL,
  CELL_HOUSES,
  CELL_INDEX,
  HOUSE_CELLS,
  PEER_SKIP,
  fillChainTables,
  houseCause,
} from './chainTables';

const GRID_BYTES: usize = 648;
const HPOS: usize = 162; // a grid's place masks after its 81 cell masks
const GRID: usize = 2048;
const WORK: usize = 3072;

// A slot's arrays (bytes from the slot's start), as Run declares them.
const FLAG: usize = 0; // u8[729]
const ON_LIST: usize = 736; // i16[729]
const OFF_LIST: usize = 2208; // i16[729]
const OFF_AT: usize = 3680; // i16[729]
const DEPTH: usize = 5152; // u16[1459]
const FIRST: usize = 8080; // i16[1459]
const CAUSE: usize = 11008; // u8[1459]
const SLOT_BYTES: usize = 12480;
const SLOTS: usize = 4096;

const ON: i32 = 729;
const IS_ON: u8 = 1;
const IS_OFF: u8 = 2;

/** The run's counts after the call. */
export let onCount: i32 = 0;
export let offCount: i32 = 0;

/** Where the host writes the search's grid, and where slot `i` starts. */
export function gridAt(): usize {
  return GRID;
}
export function slotAt(i: i32): usize {
  return SLOTS + <usize>i * SLOT_BYTES;
}
/** Where a slot's arrays start in it: flag, onList, offList, offAt, depth, first, cause (0..6). */
export function fieldAt(field: i32): usize {
  switch (field) {
    case 0: return FLAG;
    case 1: return ON_LIST;
    case 2: return OFF_LIST;
    case 3: return OFF_AT;
    case 4: return DEPTH;
    case 5: return FIRST;
    default: return CAUSE;
  }
}

/**
 * Makes sure the memory holds `slots` run slots and fills the tables (tables.ts's, in the same
 * order). Called once, before anything else: the host's views on the slots stay valid only while
 * the memory does not grow again. The build gives the module the memory for wasmRuns.ts's slots
 * (solverWasm.mjs's CHAIN_CORE_PAGES), so the grow here is only a guard: a grow detaches the old
 * buffer, which slows every typed array read in the process (see there).
 */
export function init(slots: i32): void {
  const pages = <i32>((slotAt(slots) + 0xffff) >> 16);
  if (pages > memory.size()) memory.grow(pages - memory.size());
  fillChainTables();
}

/**
 * Propagates the run in slot `s` on the grid at GRID (on a copy: it is left as it is), from
 * the start the host stored (`onN` on nodes and `offN` off nodes, one of them 1). Returns -1 when
 * the run ends without a contradiction; else the contradiction as `kind | cause << 1 | c << 4 |
 * p << 15`, kind 0 for an on node `p` turning off `c` (on), 1 for an off node `p` turning on
 * `c` (off). The counts are left in onCount and offCount either way.
 */
export function propagate(s: usize, onN: i32, offN: i32, isY: bool): i32 {
  memory.copy(WORK, GRID, GRID_BYTES);
  const cands = WORK;
  const hpos = WORK + HPOS;
  let onHead = 0;
  let offHead = 0;
  let result = -1;
  for (;;) {
    if (onHead < onN) {
      // onToOff: the cell's other values (Y links), then the digit in the cell's peers.
      const p = <i32>load<i16>(s + ON_LIST + (<usize>onHead << 1));
      onHead++;
      const cell = p / 9;
      const d = p - cell * 9;
      const from = p + ON;
      const depth = load<u16>(s + DEPTH + (<usize>from << 1)) + 1;
      if (isY) {
        for (let m = <i32>load<u16>(cands + (<usize>cell << 1)) & ~(1 << d); m; m &= m - 1) {
          const c = cell * 9 + ctz<i32>(m);
          const f = load<u8>(s + FLAG + <usize>c);
          if (f & IS_ON) {
            result = (c << 4) | (<i32>CAUSE_CELL << 1) | (p << 15);
            break;
          }
          if (f & IS_OFF) continue;
          offN = storeOff(s, c, f, depth, offN, from);
        }
        if (result >= 0) break;
      }
      for (let k = 0; k < 3 && result < 0; k++) {
        const at = <usize>(3 * cell + k);
        const h = <i32>load<u8>(CELL_HOUSES + at);
        const hd = <usize>(h * 9 + d);
        for (let m = <i32>load<u16>(hpos + (hd << 1)) & ~<i32>load<u16>(PEER_SKIP + (at << 1)); m; m &= m - 1) {
          const c = <i32>load<u8>(HOUSE_CELLS + <usize>(h * 9) + <usize>ctz<i32>(m)) * 9 + d;
          const f = load<u8>(s + FLAG + <usize>c);
          if (f & IS_ON) {
            result = (c << 4) | (<i32>houseCause(k) << 1) | (p << 15);
            break;
          }
          if (f & IS_OFF) continue;
          offN = storeOff(s, c, f, depth, offN, from);
        }
      }
      if (result >= 0) break;
    } else if (offHead < offN) {
      // takeOff: the cell's other value if it had two, then the digit's one place left in each
      // house (a cell met through two houses once), and the candidate taken off the grid.
      const p = <i32>load<i16>(s + OFF_LIST + (<usize>offHead << 1));
      offHead++;
      const cell = p / 9;
      const d = p - cell * 9;
      const b = 1 << d;
      const cAt = cands + (<usize>cell << 1);
      const cm = <i32>load<u16>(cAt);
      const depth = load<u16>(s + DEPTH + (<usize>p << 1)) + 1;
      // A run without a level never takes a candidate off twice, nor one not on the grid.
      if (isY && popcnt<i32>(cm) === 2) {
        const c = cell * 9 + ctz<i32>(cm & ~b);
        const f = load<u8>(s + FLAG + <usize>c);
        if (f & IS_OFF) {
          result = 1 | (<i32>CAUSE_CELL << 1) | (c << 4) | (p << 15);
          break;
        }
        if (!(f & IS_ON)) onN = storeOn(s, c, f, depth, onN, p, CAUSE_CELL);
      }
      store<u16>(cAt, <u16>(cm & ~b));
      let seen0 = -1;
      let seen1 = -1;
      for (let k = 0; k < 3; k++) {
        const at = <usize>(3 * cell + k);
        const h = <i32>load<u8>(CELL_HOUSES + at);
        const hAt = hpos + (<usize>(h * 9 + d) << 1);
        const m = <i32>load<u16>(hAt) & ~(1 << <i32>load<u8>(CELL_INDEX + at));
        store<u16>(hAt, <u16>m);
        if (m === 0 || (m & (m - 1)) !== 0) continue;
        const other = <i32>load<u8>(HOUSE_CELLS + <usize>(h * 9) + <usize>ctz<i32>(m));
        if (other === seen0 || other === seen1) continue;
        if (seen0 < 0) seen0 = other;
        else seen1 = other;
        const c = other * 9 + d;
        const f = load<u8>(s + FLAG + <usize>c);
        if (f & IS_OFF) {
          result = 1 | (<i32>houseCause(k) << 1) | (c << 4) | (p << 15);
          break;
        }
        if (!(f & IS_ON)) onN = storeOn(s, c, f, depth, onN, p, houseCause(k));
      }
      if (result >= 0) break;
    } else break;
  }
  onCount = onN;
  offCount = offN;
  return result;
}

// @ts-ignore: decorator
@inline
function storeOff(s: usize, c: i32, f: u8, depth: u16, offN: i32, from: i32): i32 {
  store<u8>(s + FLAG + <usize>c, f | IS_OFF);
  store<u16>(s + DEPTH + (<usize>c << 1), depth);
  store<i16>(s + OFF_AT + (<usize>c << 1), <i16>offN);
  store<i16>(s + OFF_LIST + (<usize>offN << 1), <i16>c);
  store<i16>(s + FIRST + (<usize>c << 1), <i16>from);
  return offN + 1;
}

// @ts-ignore: decorator
@inline
function storeOn(s: usize, c: i32, f: u8, depth: u16, onN: i32, from: i32, cause: u8): i32 {
  store<u8>(s + FLAG + <usize>c, f | IS_ON);
  store<i16>(s + ON_LIST + (<usize>onN << 1), <i16>c);
  const slot = <usize>(c + ON);
  store<u16>(s + DEPTH + (slot << 1), depth);
  store<u8>(s + CAUSE + slot, cause);
  store<i16>(s + FIRST + (slot << 1), <i16>from);
  return onN + 1;
}

// The SE chains' dynamic run without a level in AssemblyScript (compiled by scripts/solverWasm.mjs,
// not tsc): dynamic.ts's propagateDynamic, with tables.ts's onToOff and takeOff inlined. The same
// steps in the same order and the same records; the host stores the start node before the call
// and records a contradiction after it (absurdOff / absurdOn), as the TypeScript loop does.
// And a whole nested dynamic search (search, below): its runs, G0's runs lent, its chains'
// common nodes and its hints, the host handed the hints left claiming.
//
// Memory, laid out by hand (no allocator): chainTables.ts's tables from 0, the search's grid at
// GRID (its 81 cell masks, then its 27 * 9 house/digit place masks, as ChainGrid), run slots from
// SLOTS, then the search's state from SEARCH. A slot holds a Run's typed arrays (the host
// views them in place); the free slots are a stack here, which the host's runs take from too. A
// run takes candidates off a copy of the grid (WORK), so the grid the host wrote stays for the
// search's next run.

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
 * Makes sure the memory holds the 1,024 run slots and the search's state, fills the tables
 * (tables.ts's, in the same order) and frees the first `slots` slots. Called once, before anything else: the host's views on the slots stay valid only while
 * the memory does not grow again. The build gives the module the memory for wasmRuns.ts's slots
 * (solverWasm.mjs's CHAIN_CORE_PAGES), so the grow here is only a guard: a grow detaches the old
 * buffer, which slows every typed array read in the process (see there).
 */
export function init(slots: i32): void {
  const pages = <i32>((SEARCH_END + 0xffff) >> 16);
  if (pages > memory.size()) memory.grow(pages - memory.size());
  fillChainTables();
  freeN = 0;
  for (let i = slots - 1; i >= 0; i--) store<i16>(FREE + (<usize>(freeN++) << 1), <i16>i);
  memory.fill(ONRUN, 0xff, 729 * 2);
  memory.fill(BASE_SLOT, 0xff, 1458 * 2);
  baseN = 0;
  arenaN = 0;
}

/**
 * Propagates the run in slot `s` on the grid at GRID (on a copy: it is left as it is), from
 * the start the host stored (`onN` on nodes and `offN` off nodes, one of them 1). Returns -1 when
 * the run ends without a contradiction; else the contradiction as `kind | cause << 1 | c << 4 |
 * p << 15`, kind 0 for an on node `p` turning off `c` (on), 1 for an off node `p` turning on
 * `c` (off). The counts are left in onCount and offCount either way.
 */
export function propagate(s: usize, onN: i32, offN: i32, isY: bool): i32 {
  return propagateFrom(s, GRID, onN, offN, isY);
}

/** propagate on the grid at `src` (the search's, or G0's for the runs a search borrows). */
function propagateFrom(s: usize, src: usize, onN: i32, offN: i32, isY: bool): i32 {
  memory.copy(WORK, src, GRID_BYTES);
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

// ---------------------------------------------------------------------------------------------
// A nested dynamic search in one call (level 4's pauses): dynamic.ts's search, cellHints, binary,
// offChains, regionChains, runFrom, BaseRuns' lending, nestedHint with its walks (chainOrder,
// parentsOf) and NestedClaims, for a chainer without a level. The host turns the hints left
// claiming into ChainHints. A search is some 250 runs and 175 chains of a few dozen nodes each:
// apart, each crossing was paid per few dozen nodes (BENCHMARKS, sewasm2); together, once.

const NSLOTS: i32 = 1024;
const EXTRA: i32 = 1458;
const SEARCH: usize = SLOTS + <usize>NSLOTS * SLOT_BYTES;
const HEAD: usize = SEARCH; // i32[4] a slot: onN, offN, absurdOn, absurdOff
const FREE: usize = HEAD + <usize>NSLOTS * 16; // i16[1024]: free slots, a stack
const KEPT: usize = FREE + 2048; // u8[1024]: G0's runs, never given back by a search
const ONRUN: usize = KEPT + 1024; // i16[729]: the search's run from each candidate on, -1
const ONRUN_LIST: usize = ONRUN + 1472; // i16[729]
const BASE_SLOT: usize = ONRUN_LIST + 1472; // i16[1458]: G0's run from each start, -1
const BASE_AT: usize = BASE_SLOT + 2928; // i32[1458]: its steps in ARENA, -1 when not kept
const BASE_KEYS: usize = BASE_AT + 5840; // i16[1458]
const LOST_CELL: usize = BASE_KEYS + 2928; // u16[81]: the search's grid's values lost since G0
const LOST_HOUSE: usize = LOST_CELL + 176; // u16[243]: its places lost
const G0: usize = LOST_HOUSE + 496; // G0's grid, as GRID
const G0_WORK: usize = G0 + 656;
const COMMON_ON: usize = G0_WORK + 656; // i16[729] ×2: a region chain's common nodes
const COMMON_OFF: usize = COMMON_ON + 1472;
const CELL_ON: usize = COMMON_OFF + 1472; // the cell chain's, kept while region chains use the others
const CELL_OFF: usize = CELL_ON + 1472;
const VALUES: usize = CELL_OFF + 1472; // i32[9]: the cell's value runs
const REGION: usize = VALUES + 48; // i32[9]: a region chain's runs
const PAIR: usize = REGION + 48; // i32[2]: a contradiction's or double chain's runs, then their end slots
const PAIR_KEYS: usize = PAIR + 16;
const CLAIMED: usize = PAIR_KEYS + 16; // u8[729]: NestedClaims, the search's so far
const CLAIM_KEY: usize = CLAIMED + 736; // u8[729]
const CLAIM_CX: usize = CLAIM_KEY + 736; // i32[729]
const CLAIM_BY: usize = CLAIM_CX + 2928; // i32[729]: the hint that claims it
const MARK: usize = CLAIM_BY + 2928; // i32[1458]: chainOrder's marks
const WALK: usize = MARK + 5840; // i32[1459]: chainOrder's slots
const PARENTS: usize = WALK + 5840; // i32[9]: parentsOf's
const SEEN: usize = PARENTS + 48; // i32[729]: a hint's rule parents so far
const HINT_AT: usize = SEEN + 2928; // i32[HINTS_MAX]: each hint's record in HINTS
const HINTS_MAX: i32 = 4096;
const HINTS: usize = HINT_AT + <usize>HINTS_MAX * 4; // i32: kind, conclusion, complexity, n, h1, h2, parents, the parents
const HINT_WORDS: i32 = 1 << 16;
const ARENA: usize = HINTS + <usize>HINT_WORDS * 4; // i16: G0's runs' steps (baseRuns.ts's)
const ARENA_MAX: i32 = 1 << 18;
const SEARCH_END: usize = ARENA + <usize>ARENA_MAX * 2;

const STEP: i32 = 5;
// hint.ts's Kind, and SE's sort key of each.
const KIND_CONTRADICTION: i32 = 2;
const KIND_DOUBLE: i32 = 3;
const KIND_CELL: i32 = 4;
const KIND_REGION: i32 = 5;

let freeN: i32 = 0;
let baseN: i32 = 0;
let arenaN: i32 = 0;
let onRunN: i32 = 0;
let cellOnN: i32 = 0;
let cellOffN: i32 = 0;
let commonOnN: i32 = 0;
let commonOffN: i32 = 0;
let hintN: i32 = 0;
let hintWords: i32 = 0;
let markGen: i32 = 0;
let seenGen: i32 = 0;
/** Set when the search ran out of slots or room for its hints (nothing it found is kept). */
export let failed: i32 = 0;

export function searchAt(field: i32): usize {
  switch (field) {
    case 0: return HEAD;
    case 1: return LOST_CELL;
    case 2: return G0;
    case 3: return HINT_AT;
    default: return HINTS;
  }
}

/** A free slot (-1 when none): the host's runs in slots take theirs here too. */
export function takeSlot(): i32 {
  if (freeN === 0) return -1;
  return <i32>load<i16>(FREE + (<usize>(--freeN) << 1));
}

/** Gives back slot `i`, taken by takeSlot, its flags already clear. */
export function releaseSlot(i: i32): void {
  store<i16>(FREE + (<usize>(freeN++) << 1), <i16>i);
}

// @ts-ignore: decorator
@inline
function head(i: i32, f: i32): i32 {
  return load<i32>(HEAD + (<usize>i << 4) + (<usize>f << 2));
}

// @ts-ignore: decorator
@inline
function setHead(i: i32, f: i32, v: i32): void {
  store<i32>(HEAD + (<usize>i << 4) + (<usize>f << 2), v);
}

/** Gives slot `i` back, its flags cleared (unless it is one of G0's runs). */
function release(i: i32): void {
  if (load<u8>(KEPT + <usize>i)) return;
  const s = slotAt(i);
  const onN = head(i, 0);
  const offN = head(i, 1);
  for (let j = 0; j < onN; j++) store<u8>(s + FLAG + <usize>load<i16>(s + ON_LIST + (<usize>j << 1)), 0);
  for (let j = 0; j < offN; j++) store<u8>(s + FLAG + <usize>load<i16>(s + OFF_LIST + (<usize>j << 1)), 0);
  store<i16>(FREE + (<usize>(freeN++) << 1), <i16>i);
}

/** The run from `key` on the grid at `src` in a new slot, its contradiction recorded as dynamic.ts's absurdOff/absurdOn do. */
function propagateNew(key: i32, src: usize): i32 {
  if (freeN === 0) {
    failed = 1;
    return -1;
  }
  const i = <i32>load<i16>(FREE + (<usize>(--freeN) << 1));
  const s = slotAt(i);
  let onN = 0;
  let offN = 0;
  if (key >= ON) {
    const c = key - ON;
    store<u8>(s + FLAG + <usize>c, IS_ON);
    store<i16>(s + ON_LIST, <i16>c);
    store<u16>(s + DEPTH + (<usize>key << 1), 0);
    store<u8>(s + CAUSE + <usize>key, 0);
    store<i16>(s + FIRST + (<usize>key << 1), -1);
    onN = 1;
  } else {
    store<u8>(s + FLAG + <usize>key, IS_OFF);
    store<u16>(s + DEPTH + (<usize>key << 1), 0);
    store<i16>(s + OFF_AT + (<usize>key << 1), 0);
    store<i16>(s + OFF_LIST, <i16>key);
    store<i16>(s + FIRST + (<usize>key << 1), -1);
    offN = 1;
  }
  const result = propagateFrom(s, src, onN, offN, true);
  setHead(i, 0, onCount);
  setHead(i, 1, offCount);
  if (result < 0) {
    setHead(i, 2, -1);
    setHead(i, 3, -1);
    return i;
  }
  const cause = (result >> 1) & 7;
  const c = (result >> 4) & 2047;
  const p = result >> 15;
  const x = <usize>EXTRA;
  if (result & 1) {
    store<u16>(s + DEPTH + (x << 1), load<u16>(s + DEPTH + (<usize>p << 1)) + 1);
    store<i16>(s + FIRST + (x << 1), <i16>p);
    store<u8>(s + CAUSE + x, <u8>cause);
    setHead(i, 2, EXTRA);
    setHead(i, 3, c);
  } else {
    store<u16>(s + DEPTH + (x << 1), load<u16>(s + DEPTH + (<usize>(p + ON) << 1)) + 1);
    store<i16>(s + FIRST + (x << 1), <i16>(p + ON));
    store<u8>(s + CAUSE + x, <u8>cause);
    setHead(i, 2, c + ON);
    setHead(i, 3, EXTRA);
  }
  return i;
}

/** Starts G0 over: its runs given back (the host wrote the new G0 at G0, or none is wanted). */
export function baseClear(): void {
  for (let j = 0; j < baseN; j++) {
    const key = <i32>load<i16>(BASE_KEYS + (<usize>j << 1));
    const i = <i32>load<i16>(BASE_SLOT + (<usize>key << 1));
    store<u8>(KEPT + <usize>i, 0);
    release(i);
    store<i16>(BASE_SLOT + (<usize>key << 1), -1);
  }
  baseN = 0;
  arenaN = 0;
}

/** G0's run from `key`, with its steps (baseRuns.ts's make): -1 when no slot is free. */
function makeBase(key: i32): i32 {
  const i = propagateNew(key, G0);
  if (i < 0) return -1;
  store<u8>(KEPT + <usize>i, 1);
  store<i16>(BASE_SLOT + (<usize>key << 1), <i16>i);
  store<i16>(BASE_KEYS + (<usize>(baseN++) << 1), <i16>key);
  const s = slotAt(i);
  const onN = head(i, 0);
  const offN = head(i, 1);
  if (arenaN + 1 + STEP * (onN + offN) > ARENA_MAX) {
    // No room for its steps: never lent (the searches propagate their own, the same run).
    store<i32>(BASE_AT + (<usize>key << 2), -1);
    return i;
  }
  memory.copy(G0_WORK, G0, GRID_BYTES);
  const end = head(i, 2) >= 0 ? <i32>load<i16>(s + FIRST + (<usize>EXTRA << 1)) : -1;
  let on = key >= ON ? 1 : 0;
  let off = 1 - on;
  let onHead = 0;
  let offHead = 0;
  const at = arenaN;
  let a = at + 1;
  while (onHead < on || offHead < off) {
    let k: i32;
    if (onHead < on) {
      k = <i32>load<i16>(s + ON_LIST + (<usize>(onHead++) << 1)) + ON;
      store<i16>(ARENA + (<usize>a << 1), <i16>k);
      while (off < offN && <i32>load<i16>(s + FIRST + (<usize>load<i16>(s + OFF_LIST + (<usize>off << 1)) << 1)) === k) off++;
    } else {
      k = <i32>load<i16>(s + OFF_LIST + (<usize>(offHead++) << 1));
      const cell = k / 9;
      const d = k - cell * 9;
      const cAt = G0_WORK + (<usize>cell << 1);
      const cm = <i32>load<u16>(cAt);
      store<i16>(ARENA + (<usize>a << 1), <i16>k);
      store<i16>(ARENA + (<usize>(a + 1) << 1), <i16>popcnt<i32>(cm));
      store<u16>(cAt, <u16>(cm & ~(1 << d)));
      for (let j = 0; j < 3; j++) {
        const at3 = <usize>(3 * cell + j);
        const hAt = G0_WORK + HPOS + (<usize>(<i32>load<u8>(CELL_HOUSES + at3) * 9 + d) << 1);
        const m = <i32>load<u16>(hAt) & ~(1 << <i32>load<u8>(CELL_INDEX + at3));
        store<u16>(hAt, <u16>m);
        store<i16>(ARENA + (<usize>(a + 2 + j) << 1), <i16>m);
      }
      while (on < onN && <i32>load<i16>(s + FIRST + (<usize>(<i32>load<i16>(s + ON_LIST + (<usize>on << 1)) + ON) << 1)) === k) on++;
    }
    a += STEP;
    if (k === end) break;
  }
  store<i16>(ARENA + (<usize>at << 1), <i16>((a - at - 1) / STEP));
  store<i32>(BASE_AT + (<usize>key << 2), at);
  arenaN = a;
  return i;
}

// @ts-ignore: decorator
@inline
function touches(cand: i32): bool {
  const cell = cand / 9;
  const d = cand - cell * 9;
  const k = <usize>(3 * cell);
  return (
    (<i32>load<u16>(LOST_CELL + (<usize>cell << 1)) |
      <i32>load<u16>(LOST_HOUSE + (<usize>(<i32>load<u8>(CELL_HOUSES + k) * 9 + d) << 1)) |
      <i32>load<u16>(LOST_HOUSE + (<usize>(<i32>load<u8>(CELL_HOUSES + k + 1) * 9 + d) << 1)) |
      <i32>load<u16>(LOST_HOUSE + (<usize>(<i32>load<u8>(CELL_HOUSES + k + 2) * 9 + d) << 1))) !== 0
  );
}

/** G0's run from `key` when no step of it is divergent on the search's grid (baseRuns.ts's unchanged), else -1. */
function lent(key: i32): i32 {
  let i = <i32>load<i16>(BASE_SLOT + (<usize>key << 1));
  if (i < 0) i = makeBase(key);
  if (i < 0) return -1;
  const at = load<i32>(BASE_AT + (<usize>key << 2));
  if (at < 0) return -1;
  const end = at + 1 + STEP * <i32>load<i16>(ARENA + (<usize>at << 1));
  for (let a = at + 1; a < end; a += STEP) {
    const k = <i32>load<i16>(ARENA + (<usize>a << 1));
    if (k >= ON) {
      if (touches(k - ON)) return -1;
      continue;
    }
    const cell = k / 9;
    const d = k - cell * 9;
    const r = popcnt<i32>(<i32>load<u16>(LOST_CELL + (<usize>cell << 1)));
    const count = <i32>load<i16>(ARENA + (<usize>(a + 1) << 1));
    if (r && (count === 2 || count - r === 2)) return -1;
    for (let j = 0; j < 3; j++) {
      const lost = <i32>load<u16>(LOST_HOUSE + (<usize>(<i32>load<u8>(CELL_HOUSES + <usize>(3 * cell + j)) * 9 + d) << 1));
      const m = <i32>load<u16>(ARENA + (<usize>(a + 2 + j) << 1));
      if (lost && (popcnt<i32>(m) === 1 || popcnt<i32>(m & ~lost) === 1)) return -1;
    }
  }
  return i;
}

/** dynamic.ts's runFrom: G0's run when lent, else one propagated on the search's grid. */
function runFrom(key: i32): i32 {
  const i = lent(key);
  return i >= 0 ? i : propagateNew(key, GRID);
}

function onRun(cand: i32): i32 {
  let i = <i32>load<i16>(ONRUN + (<usize>cand << 1));
  if (i < 0) {
    i = runFrom(cand + ON);
    store<i16>(ONRUN + (<usize>cand << 1), <i16>i);
    store<i16>(ONRUN_LIST + (<usize>(onRunN++) << 1), <i16>cand);
  }
  return i;
}

function releaseOnRun(cand: i32): void {
  const i = <i32>load<i16>(ONRUN + (<usize>cand << 1));
  if (i >= 0) {
    store<i16>(ONRUN + (<usize>cand << 1), -1);
    release(i);
  }
}

// @ts-ignore: decorator
@inline
function removes(key: i32): bool {
  if (key < ON) return true;
  const cand = key - ON;
  const cell = cand / 9;
  return (<i32>load<u16>(GRID + (<usize>cell << 1)) & ~(1 << (cand - cell * 9))) !== 0;
}

// ---------------------------------------------------------------------------------------------
// The hints: dynamic.ts's nestedHint, chainOrder, parentsOf and NestedClaims

/** The key of slot `slot` of run `i` (the extra slot holds the contradiction's fresh node). */
// @ts-ignore: decorator
@inline
function keyOf(i: i32, slot: i32): i32 {
  if (slot !== EXTRA) return slot;
  const off = head(i, 3);
  return off === EXTRA ? head(i, 2) - ON : off + ON;
}

/** NestedClaims.beats (i32.MAX_VALUE for Infinity). */
// @ts-ignore: decorator
@inline
function beats(c: i32, sortKey: i32): i32 {
  if (!load<u8>(CLAIMED + <usize>c)) return i32.MAX_VALUE;
  const cx = load<i32>(CLAIM_CX + (<usize>c << 2));
  return sortKey < <i32>load<u8>(CLAIM_KEY + <usize>c) ? cx : cx - 1;
}

/** NestedClaims.limit on the search's grid. */
function claimLimit(conclusion: i32, sortKey: i32): i32 {
  if (conclusion < ON) return beats(conclusion, sortKey);
  const cand = conclusion - ON;
  const cell = cand / 9;
  let limit = -1;
  for (let m = <i32>load<u16>(GRID + (<usize>cell << 1)) & ~(1 << (cand - cell * 9)); m; m &= m - 1) {
    const b = beats(cell * 9 + ctz<i32>(m), sortKey);
    if (b > limit) limit = b;
  }
  return limit;
}

/** NestedClaims.claim of a candidate by hint `id`. */
function claimOne(c: i32, id: i32, complexity: i32, sortKey: i32): void {
  if (load<u8>(CLAIMED + <usize>c)) {
    const cx = load<i32>(CLAIM_CX + (<usize>c << 2));
    if (cx < complexity || (cx === complexity && <i32>load<u8>(CLAIM_KEY + <usize>c) <= sortKey)) return;
  }
  store<u8>(CLAIMED + <usize>c, 1);
  store<i32>(CLAIM_CX + (<usize>c << 2), complexity);
  store<u8>(CLAIM_KEY + <usize>c, <u8>sortKey);
  store<i32>(CLAIM_BY + (<usize>c << 2), id);
}

/**
 * parentsOf for a run without parents into PARENTS: the node that implied it, and for a single
 * the off nodes taken off before that one in its cause's cell or house (on the search's grid).
 */
function parentsOf(s: usize, slot: i32): i32 {
  const from = <i32>load<i16>(s + FIRST + (<usize>slot << 1));
  if (from < 0) return 0;
  store<i32>(PARENTS, from);
  if (from >= ON) return 1;
  const before = <i32>load<i16>(s + OFF_AT + (<usize>from << 1));
  const cell = from / 9;
  const d = from - cell * 9;
  let n = 1;
  const cause = <i32>load<u8>(s + CAUSE + <usize>slot);
  if (cause === <i32>CAUSE_CELL) {
    for (let m = <i32>load<u16>(GRID + (<usize>cell << 1)); m; m &= m - 1) {
      const c = cell * 9 + ctz<i32>(m);
      if (load<u8>(s + FLAG + <usize>c) & IS_OFF && <i32>load<i16>(s + OFF_AT + (<usize>c << 1)) < before) store<i32>(PARENTS + (<usize>(n++) << 2), c);
    }
  } else {
    const h = <i32>load<u8>(CELL_HOUSES + <usize>(3 * cell + cause - 2));
    for (let m = <i32>load<u16>(GRID + HPOS + (<usize>(h * 9 + d) << 1)); m; m &= m - 1) {
      const c = <i32>load<u8>(HOUSE_CELLS + <usize>(h * 9) + <usize>ctz<i32>(m)) * 9 + d;
      if (load<u8>(s + FLAG + <usize>c) & IS_OFF && <i32>load<i16>(s + OFF_AT + (<usize>c << 1)) < before) store<i32>(PARENTS + (<usize>(n++) << 2), c);
    }
  }
  return n;
}

/** chainOrder: SE's getChain order of the ancestors of `slot` in run `i`, as slots in WALK, stopped past `max`. */
function chainOrder(i: i32, slot: i32, max: i32): i32 {
  if (++markGen === i32.MAX_VALUE) {
    memory.fill(MARK, 0, 5840);
    markGen = 1;
  }
  const gen = markGen;
  const s = slotAt(i);
  store<i32>(MARK + (<usize>keyOf(i, slot) << 2), gen);
  store<i32>(WALK, slot);
  let n = 1;
  for (let h = 0; h < n && n <= max; h++) {
    const pc = parentsOf(s, load<i32>(WALK + (<usize>h << 2)));
    for (let j = 0; j < pc; j++) {
      const p = load<i32>(PARENTS + (<usize>j << 2));
      const at = MARK + (<usize>p << 2);
      if (load<i32>(at) === gen) continue;
      store<i32>(at, gen);
      store<i32>(WALK + (<usize>(n++) << 2), p);
      if (n > max) break;
    }
  }
  return n;
}

/** RemovedSince.collect into the hint's parents at `out` (`n` so far): the new count. */
function collect(cand: i32, cause: i32, out: usize, n: i32): i32 {
  const cell = cand / 9;
  if (cause === <i32>CAUSE_CELL) {
    for (let m = <i32>load<u16>(LOST_CELL + (<usize>cell << 1)); m; m &= m - 1) {
      const c = cell * 9 + ctz<i32>(m);
      const at = SEEN + (<usize>c << 2);
      if (load<i32>(at) === seenGen) continue;
      store<i32>(at, seenGen);
      store<i32>(out + (<usize>(n++) << 2), c);
    }
    return n;
  }
  const d = cand - cell * 9;
  const h = <i32>load<u8>(CELL_HOUSES + <usize>(3 * cell + cause - 2));
  for (let m = <i32>load<u16>(LOST_HOUSE + (<usize>(h * 9 + d) << 1)); m; m &= m - 1) {
    const c = <i32>load<u8>(HOUSE_CELLS + <usize>(h * 9) + <usize>ctz<i32>(m)) * 9 + d;
    const at = SEEN + (<usize>c << 2);
    if (load<i32>(at) === seenGen) continue;
    store<i32>(at, seenGen);
    store<i32>(out + (<usize>(n++) << 2), c);
  }
  return n;
}

/**
 * nestedHint: the chain of the `n` runs at `runs` to their slots (at `keys`, or `conclusion` each
 * when `keys` is 0), kept as a hint record when it has rule parents and claims a removal.
 */
function nestedHint(kind: i32, sortKey: i32, runs: usize, keys: usize, n: i32, sourceCause: i32, conclusion: i32): void {
  const limit = claimLimit(conclusion, sortKey);
  let least = 0;
  for (let b = 0; b < n; b++) {
    const slot = keys ? load<i32>(keys + (<usize>b << 2)) : conclusion;
    least += <i32>load<u16>(slotAt(load<i32>(runs + (<usize>b << 2))) + DEPTH + (<usize>slot << 1)) + 1;
  }
  if (least > limit) return;
  if (hintN >= HINTS_MAX || hintWords + 7 + 729 > HINT_WORDS) {
    failed = 1;
    return;
  }
  if (++seenGen === i32.MAX_VALUE) {
    memory.fill(SEEN, 0, 2928);
    seenGen = 1;
  }
  const record = HINTS + (<usize>hintWords << 2);
  const out = record + 28;
  let parents = 0;
  let complexity = 0;
  let h1: i32 = 0x811c9dc5 ^ kind;
  let h2: i32 = 0x01000193 + kind;
  for (let b = 0; b < n; b++) {
    const i = load<i32>(runs + (<usize>b << 2));
    const s = slotAt(i);
    const slot = keys ? load<i32>(keys + (<usize>b << 2)) : conclusion;
    const target = keyOf(i, slot);
    h1 = (h1 ^ (target + 0x10000)) * 0x01000193;
    h2 = ((h2 + target + 0x20000) * 0x5bd1e995) ^ <i32>(<u32>h2 >> 15);
    const depthAt = s + DEPTH + (<usize>slot << 1);
    const depth = <i32>load<u16>(depthAt);
    least -= depth + 1;
    const order = chainOrder(i, slot, limit === i32.MAX_VALUE ? i32.MAX_VALUE : limit - complexity - least);
    if (order - 1 > depth) store<u16>(depthAt, <u16>(order - 1));
    complexity += order;
    if (limit !== i32.MAX_VALUE && complexity + least > limit) return;
    for (let j = 0; j < order; j++) {
      const w = load<i32>(WALK + (<usize>j << 2));
      const key = keyOf(i, w);
      h1 = (h1 ^ key) * 0x01000193;
      h2 = ((h2 + key) * 0x5bd1e995) ^ <i32>(<u32>h2 >> 15);
      if (key < ON) continue;
      let cause = <i32>load<u8>(s + CAUSE + <usize>w);
      if (cause === 0) {
        if (sourceCause === 0) continue;
        cause = sourceCause;
      }
      parents = collect(key - ON, cause, out, parents);
    }
  }
  if (parents === 0) return;
  const id = hintN;
  store<i32>(HINT_AT + (<usize>(hintN++) << 2), hintWords);
  store<i32>(record, kind);
  store<i32>(record + 4, conclusion);
  store<i32>(record + 8, complexity);
  store<i32>(record + 12, n);
  store<i32>(record + 16, h1);
  store<i32>(record + 20, h2);
  store<i32>(record + 24, parents);
  hintWords += 7 + parents;
  if (conclusion < ON) claimOne(conclusion, id, complexity, sortKey);
  else {
    const cand = conclusion - ON;
    const cell = cand / 9;
    for (let m = <i32>load<u16>(GRID + (<usize>cell << 1)) & ~(1 << (cand - cell * 9)); m; m &= m - 1) claimOne(cell * 9 + ctz<i32>(m), id, complexity, sortKey);
  }
}

/** Whether hint `id` (concluding `conclusion`) still claims a removal: NestedClaims.claiming's test. */
function claiming(id: i32, conclusion: i32): bool {
  if (conclusion < ON) return load<i32>(CLAIM_BY + (<usize>conclusion << 2)) === id;
  const cand = conclusion - ON;
  const cell = cand / 9;
  for (let m = <i32>load<u16>(GRID + (<usize>cell << 1)) & ~(1 << (cand - cell * 9)); m; m &= m - 1) {
    if (load<i32>(CLAIM_BY + (<usize>(cell * 9 + ctz<i32>(m)) << 2)) === id) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The search

/** Common.start: the nodes of runs `a` and `b` both, in a's order, into `on`/`off`. */
function commonStart(a: i32, b: i32, on: usize, off: usize): void {
  const sa = slotAt(a);
  const fb = slotAt(b) + FLAG;
  let n = 0;
  const onN = head(a, 0);
  for (let j = 0; j < onN; j++) {
    const c = <i32>load<i16>(sa + ON_LIST + (<usize>j << 1));
    store<i16>(on + (<usize>n << 1), <i16>c);
    n += <i32>(load<u8>(fb + <usize>c) & IS_ON);
  }
  commonOnN = n;
  n = 0;
  const offN = head(a, 1);
  for (let j = 0; j < offN; j++) {
    const c = <i32>load<i16>(sa + OFF_LIST + (<usize>j << 1));
    store<i16>(off + (<usize>n << 1), <i16>c);
    n += <i32>(load<u8>(fb + <usize>c) & IS_OFF) >> 1;
  }
  commonOffN = n;
}

/** Common.retain: keeps the nodes run `b` also has. */
function commonRetain(b: i32, on: usize, off: usize): void {
  const fb = slotAt(b) + FLAG;
  let n = 0;
  for (let j = 0; j < commonOnN; j++) {
    const c = <i32>load<i16>(on + (<usize>j << 1));
    store<i16>(on + (<usize>n << 1), <i16>c);
    n += <i32>(load<u8>(fb + <usize>c) & IS_ON);
  }
  commonOnN = n;
  n = 0;
  for (let j = 0; j < commonOffN; j++) {
    const c = <i32>load<i16>(off + (<usize>j << 1));
    store<i16>(off + (<usize>n << 1), <i16>c);
    n += <i32>(load<u8>(fb + <usize>c) & IS_OFF) >> 1;
  }
  commonOffN = n;
}

/** multiHints: a cell or region chain's hint to each common node it removes with. */
function multiHints(kind: i32, runs: usize, n: i32, on: usize, onN: i32, off: usize, offN: i32, cause: i32): void {
  const sortKey = kind === KIND_CELL ? 5 : 6;
  for (let j = 0; j < onN; j++) {
    const key = <i32>load<i16>(on + (<usize>j << 1)) + ON;
    if (removes(key)) nestedHint(kind, sortKey, runs, 0, n, cause, key);
  }
  for (let j = 0; j < offN; j++) nestedHint(kind, sortKey, runs, 0, n, cause, <i32>load<i16>(off + (<usize>j << 1)));
}

/** binaryHint's nested case: a contradiction (sort key 7) or double chain (1) of runs `a` and `b` to slots `ka` and `kb`. */
function pairHint(kind: i32, a: i32, ka: i32, b: i32, kb: i32, conclusion: i32): void {
  store<i32>(PAIR, a);
  store<i32>(PAIR + 4, b);
  store<i32>(PAIR_KEYS, ka);
  store<i32>(PAIR_KEYS + 4, kb);
  nestedHint(kind, kind === KIND_CONTRADICTION ? 7 : 1, PAIR, PAIR_KEYS, 2, 0, conclusion);
}

/** Whether `cand` off turns anything on (offToOn's count on the search's grid, above 0). */
function offImplies(cand: i32): bool {
  const cell = cand / 9;
  const d = cand - cell * 9;
  if (popcnt<i32>(<i32>load<u16>(GRID + (<usize>cell << 1))) === 2) return true;
  for (let k = 0; k < 3; k++) {
    const h = <i32>load<u8>(CELL_HOUSES + <usize>(3 * cell + k));
    if (popcnt<i32>(<i32>load<u16>(GRID + HPOS + (<usize>(h * 9 + d) << 1))) === 2) return true;
  }
  return false;
}

/** binary and offChains: the contradictions from `cand` on and off, and its double chains. */
function binary(cand: i32, on: i32, doDouble: bool, partner: i32): void {
  const onAbsurd = head(on, 2);
  if (onAbsurd >= 0) pairHint(KIND_CONTRADICTION, on, onAbsurd, on, head(on, 3), cand);
  if (partner >= 0 && head(partner, 2) < 0) return;
  if (!offImplies(cand)) return;
  const off = runFrom(cand);
  if (off < 0) return;
  const offAbsurd = head(off, 2);
  if (offAbsurd >= 0 && removes(cand + ON)) pairHint(KIND_CONTRADICTION, off, offAbsurd, off, head(off, 3), cand + ON);
  if (doDouble) {
    const so = slotAt(on);
    const fOff = slotAt(off) + FLAG;
    const onN = head(on, 0);
    for (let j = 0; j < onN; j++) {
      const c = <i32>load<i16>(so + ON_LIST + (<usize>j << 1));
      if (load<u8>(fOff + <usize>c) & IS_ON && removes(c + ON)) pairHint(KIND_DOUBLE, on, c + ON, off, c + ON, c + ON);
    }
    const offN = head(on, 1);
    for (let j = 0; j < offN; j++) {
      const c = <i32>load<i16>(so + OFF_LIST + (<usize>j << 1));
      if (load<u8>(fOff + <usize>c) & IS_OFF) pairHint(KIND_DOUBLE, on, c, off, c, c);
    }
  }
  release(off);
}

function regionChains(cell: i32, d: i32, on: i32, regions: i32): void {
  for (let k = 0; k < 3; k++) {
    if (!(regions & (1 << k))) continue;
    const h = <i32>load<u8>(CELL_HOUSES + <usize>(3 * cell + k));
    const pm = <i32>load<u16>(GRID + HPOS + (<usize>(h * 9 + d) << 1));
    store<i32>(REGION, on);
    let n = 1;
    let alive = true;
    for (let m = pm & (pm - 1); m && alive; m &= m - 1) {
      const r = onRun(<i32>load<u8>(HOUSE_CELLS + <usize>(h * 9) + <usize>ctz<i32>(m)) * 9 + d);
      if (r < 0) return;
      store<i32>(REGION + (<usize>(n++) << 2), r);
      if (n === 2) commonStart(on, r, COMMON_ON, COMMON_OFF);
      else commonRetain(r, COMMON_ON, COMMON_OFF);
      alive = commonOnN + commonOffN > 0;
    }
    if (alive) multiHints(KIND_REGION, REGION, n, COMMON_ON, commonOnN, COMMON_OFF, commonOffN, <i32>houseCause(k));
  }
}

/** cellHints for a nested dynamic chainer (multiple chains): every chain of `cell`'s values. */
function cellChains(cell: i32, cands: i32, card: i32): void {
  const doDouble = card >= 3;
  let needCell = true;
  let nValues = 0;
  for (let m = cands; m && failed === 0; m &= m - 1) {
    const d = ctz<i32>(m);
    const cand = cell * 9 + d;
    let regions = 0;
    for (let k = 0; k < 3; k++) {
      const h = <i32>load<u8>(CELL_HOUSES + <usize>(3 * cell + k));
      const pm = <i32>load<u16>(GRID + HPOS + (<usize>(h * 9 + d) << 1));
      if (popcnt<i32>(pm) < 2) continue;
      if (<i32>load<u8>(HOUSE_CELLS + <usize>(h * 9) + <usize>ctz<i32>(pm)) !== cell) continue;
      regions |= 1 << k;
    }
    const on = onRun(cand);
    if (on < 0) return;
    const partner = card === 2 ? onRun(cell * 9 + ctz<i32>(cands & ~(1 << d))) : -1;
    binary(cand, on, doDouble, partner);
    if (regions) regionChains(cell, d, on, regions);
    store<i32>(VALUES + (<usize>(nValues++) << 2), on);
    if (needCell) {
      if (nValues === 2) {
        commonStart(load<i32>(VALUES), on, CELL_ON, CELL_OFF);
        cellOnN = commonOnN;
        cellOffN = commonOffN;
      } else if (nValues > 2) {
        commonOnN = cellOnN;
        commonOffN = cellOffN;
        commonRetain(on, CELL_ON, CELL_OFF);
        cellOnN = commonOnN;
        cellOffN = commonOffN;
      }
      if (nValues >= 2) needCell = cellOnN + cellOffN > 0;
    }
  }
  if (needCell && failed === 0) multiHints(KIND_CELL, VALUES, nValues, CELL_ON, cellOnN, CELL_OFF, cellOffN, <i32>CAUSE_CELL);
}

/**
 * A nested search on the grid at GRID (the host wrote it and the lost masks), G0's runs lent
 * where they hold: the hints that still claim a removal at its end, in the order found (their
 * records at HINT_AT's first entries), or -1 (`failed`) when a slot or room for hints ran out.
 */
export function search(): i32 {
  failed = 0;
  hintN = 0;
  hintWords = 0;
  onRunN = 0;
  memory.fill(CLAIMED, 0, 729);
  for (let cell = 0; cell < 81 && failed === 0; cell++) {
    const cands = <i32>load<u16>(GRID + (<usize>cell << 1));
    const card = popcnt<i32>(cands);
    if (card < 2) continue;
    cellChains(cell, cands, card);
    for (let m = cands; m; m &= m - 1) releaseOnRun(cell * 9 + ctz<i32>(m));
  }
  for (let j = 0; j < onRunN; j++) releaseOnRun(<i32>load<i16>(ONRUN_LIST + (<usize>j << 1)));
  if (failed) return -1;
  // NestedClaims.claiming: the hints, in the order found, that still claim something.
  let kept = 0;
  for (let id = 0; id < hintN; id++) {
    const at = load<i32>(HINT_AT + (<usize>id << 2));
    if (claiming(id, load<i32>(HINTS + (<usize>at << 2) + 4))) store<i32>(HINT_AT + (<usize>(kept++) << 2), at);
  }
  return kept;
}

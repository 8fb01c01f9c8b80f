// The SE chains' relevance marks in AssemblyScript (compiled by scripts/solverWasm.mjs, not tsc):
// relevance.ts's touch, marks (the backward searches) and forcing (the forward searches and
// forcingLink), with passLinks.ts's links worked out as it does, in the same tables and with the
// same stamps: the host's PassLinks views these tables, so the links either side works out serve
// the other (a pause's static searches read the links the marks met). The same marks, starts and
// links as the TypeScript; one call a pass does a pause's whole walk.
//
// Memory, laid out by hand (no allocator): chainTables.ts's tables from 0, then the grid and the
// outer start's masks the host writes in, then the marks and lists, then the pass links, then the
// forward reaches' lists, sized for their bound (each of the 729 values reached once a pass, at
// most every node each), so the memory never grows after init and the host's views stay valid.

import {
  CAUSE_CELL,
  CELL_HOUSES,
  CELL_INDEX,
  HOUSE_CELLS,
  PEER_SKIP,
  POPCOUNT9,
  fillChainTables,
  houseCause,
} from './chainTables';

const NCAND: i32 = 729;
const NKEY: i32 = 1458;
const ON: i32 = 729;
const ON_SLOT: i32 = 32;
const OFF_SLOT: i32 = 4;
const PASS_NODES: i32 = 3 * NCAND;

const GRID: usize = 2048; // u16[81] cell masks, then u16[243] place masks (ChainGrid's)
const HPOS: usize = GRID + 162;
const INITIAL: usize = 2752; // u16[81]: the outer start's cell masks
const CELL_TOUCHED: usize = 2944; // u8[81]
const HOUSE_TOUCHED: usize = 3072; // u8[243]
const TOUCHED_CELLS: usize = 3328; // u8[81]
const TOUCHED_HOUSES: usize = 3456; // u8[243]
const STARTS: usize = 3712; // i32[23]
const REACH_STRONG: usize = 4096; // u8[NKEY]
const REACH_ANY: usize = 5632; // u8[NKEY]
const FORCING_FROM: usize = 7168; // u8[NKEY]
const STACK: usize = 8704; // i16[NKEY]
const STRONG_SEEDS: usize = STACK + 2 * NKEY; // i16[NKEY]
const ANY_SEEDS: usize = STRONG_SEEDS + 2 * NKEY; // i16[NKEY]
const ANY_OFF: usize = ANY_SEEDS + 2 * NKEY; // i16[NCAND]
const SEEN: usize = 19008; // i32[NKEY]
const REACH_STAMP: usize = SEEN + 4 * NKEY; // i32[NCAND]
const REACH_START: usize = REACH_STAMP + 4 * NCAND; // i32[NCAND]
const REACH_LENGTH: usize = REACH_START + 4 * NCAND; // i32[NCAND]
const REACHED: usize = REACH_LENGTH + 4 * NCAND; // i16[NKEY]
const ON_STAMP: usize = 36608; // i32[PASS_NODES]
const OFF_STAMP: usize = ON_STAMP + 4 * PASS_NODES; // i32[PASS_NODES]
const ON_COUNT: usize = OFF_STAMP + 4 * PASS_NODES; // u8[PASS_NODES]
const OFF_COUNT: usize = ON_COUNT + PASS_NODES + 5; // u8[PASS_NODES] (kept even)
const ON_CAND: usize = OFF_COUNT + PASS_NODES + 5; // i16[PASS_NODES * ON_SLOT]
const ON_CAUSE: usize = ON_CAND + 2 * PASS_NODES * ON_SLOT; // u8[PASS_NODES * ON_SLOT]
const OFF_CAND: usize = ON_CAUSE + PASS_NODES * ON_SLOT; // i16[PASS_NODES * OFF_SLOT]
const OFF_CAUSE: usize = OFF_CAND + 2 * PASS_NODES * OFF_SLOT; // u8[PASS_NODES * OFF_SLOT]
const REACH_LISTS: usize = OFF_CAUSE + PASS_NODES * OFF_SLOT; // i16[NCAND * NKEY]
const IN_A: usize = REACH_LISTS + 2 * <usize>NCAND * <usize>NKEY; // i32[NKEY]
const IN_B: usize = IN_A + 4 * NKEY; // i32[NKEY]
const END: usize = IN_B + 4 * NKEY;


/**
 * Where the host's views start (0..19): grid, initial, cellTouched, houseTouched, starts,
 * reachStrong, reachAny, forcingFrom, then PassLinks' onStamp, offStamp, onCount, offCount,
 * onCand, onCause, offCand, offCause.
 */
export function fieldAt(field: i32): usize {
  switch (field) {
    case 0: return GRID;
    case 1: return INITIAL;
    case 2: return CELL_TOUCHED;
    case 3: return HOUSE_TOUCHED;
    case 4: return STARTS;
    case 5: return REACH_STRONG;
    case 6: return REACH_ANY;
    case 7: return FORCING_FROM;
    case 8: return ON_STAMP;
    case 9: return OFF_STAMP;
    case 10: return ON_COUNT;
    case 11: return OFF_COUNT;
    case 12: return ON_CAND;
    case 13: return ON_CAUSE;
    case 14: return OFF_CAND;
    default: return OFF_CAUSE;
  }
}

/**
 * Fills the tables (tables.ts's, in the same order). Called once, first. The build gives the module
 * its whole memory (solverWasm.mjs's RELEVANCE_CORE_PAGES), so the grow here is only a guard for a
 * layout outgrowing it: a grow detaches the host's buffer, which slows every typed array read in
 * the process (see there).
 */
export function init(): void {
  const pages = <i32>((END + 0xffff) >> 16);
  if (pages > memory.size()) memory.grow(pages - memory.size());
  fillChainTables();
}

// ---------------------------------------------------------------------------------------------
// The pass links (passLinks.ts): a node's worked out when first read under the host's stamp.

/** The host's PassLinks stamp (its `begin`s) and pass (0 X, 1 Y, 2 XY), set by each call. */
let gen: i32 = 0;
let pass: i32 = 0;
let passY: bool = false;
let passX: bool = false;
let touchedCellN: i32 = 0;
let touchedHouseN: i32 = 0;

function use(stamp: i32, isY: bool, isX: bool): void {
  gen = stamp;
  passY = isY;
  passX = isX;
  pass = isX ? (isY ? 2 : 0) : 1;
}

// @ts-ignore: decorator
@inline
function popcount9(m: i32): i32 {
  return <i32>load<u8>(POPCOUNT9 + <usize>m);
}

// @ts-ignore: decorator
@inline
function cellMask(cell: i32): i32 {
  return <i32>load<u16>(GRID + (<usize>cell << 1));
}

// @ts-ignore: decorator
@inline
function places(hd: i32): i32 {
  return <i32>load<u16>(HPOS + (<usize>hd << 1));
}

/** Where `on(cand)`'s targets start (in nodes of ON_CAND / ON_CAUSE). */
// @ts-ignore: decorator
@inline
function onAt(cand: i32): i32 {
  return (pass * NCAND + cand) * ON_SLOT;
}

// @ts-ignore: decorator
@inline
function offAt(cand: i32): i32 {
  return (pass * NCAND + cand) * OFF_SLOT;
}

/** How many candidates `cand` on turns off in the pass (tables.ts's onToOff), worked out once a stamp. */
function linksOn(cand: i32): i32 {
  const i = pass * NCAND + cand;
  if (load<i32>(ON_STAMP + (<usize>i << 2)) === gen) return <i32>load<u8>(ON_COUNT + <usize>i);
  store<i32>(ON_STAMP + (<usize>i << 2), gen);
  const cell = cand / 9;
  const d = cand - cell * 9;
  const at = i * ON_SLOT;
  let n = 0;
  if (passY) {
    for (let m = cellMask(cell) & ~(1 << d); m; m &= m - 1) {
      store<i16>(ON_CAND + (<usize>(at + n) << 1), <i16>(cell * 9 + ctz<i32>(m)));
      store<u8>(ON_CAUSE + <usize>(at + n), CAUSE_CELL);
      n++;
    }
  }
  for (let k = 0; k < 3; k++) {
    const hk = <usize>(3 * cell + k);
    const h = <i32>load<u8>(CELL_HOUSES + hk);
    const cause = houseCause(k);
    for (let m = places(h * 9 + d) & ~<i32>load<u16>(PEER_SKIP + (hk << 1)); m; m &= m - 1) {
      store<i16>(ON_CAND + (<usize>(at + n) << 1), <i16>(<i32>load<u8>(HOUSE_CELLS + <usize>(h * 9 + ctz<i32>(m))) * 9 + d));
      store<u8>(ON_CAUSE + <usize>(at + n), cause);
      n++;
    }
  }
  store<u8>(ON_COUNT + <usize>i, <u8>n);
  return n;
}

/** How many candidates `cand` off turns on in the pass (tables.ts's offToOn), worked out once a stamp. */
function linksOff(cand: i32): i32 {
  const i = pass * NCAND + cand;
  if (load<i32>(OFF_STAMP + (<usize>i << 2)) === gen) return <i32>load<u8>(OFF_COUNT + <usize>i);
  store<i32>(OFF_STAMP + (<usize>i << 2), gen);
  const cell = cand / 9;
  const d = cand - cell * 9;
  const at = i * OFF_SLOT;
  let n = 0;
  if (passY) {
    const m = cellMask(cell);
    if (popcount9(m) === 2) {
      store<i16>(OFF_CAND + (<usize>at << 1), <i16>(cell * 9 + ctz<i32>(m & ~(1 << d))));
      store<u8>(OFF_CAUSE + <usize>at, CAUSE_CELL);
      n = 1;
    }
  }
  if (passX) {
    let seen0 = -1;
    let seen1 = -1;
    for (let k = 0; k < 3; k++) {
      const hk = <usize>(3 * cell + k);
      const h = <i32>load<u8>(CELL_HOUSES + hk);
      const m = places(h * 9 + d);
      if (popcount9(m) !== 2) continue;
      const other = <i32>load<u8>(HOUSE_CELLS + <usize>(h * 9 + ctz<i32>(m & ~(1 << <i32>load<u8>(CELL_INDEX + hk)))));
      if (other === seen0 || other === seen1) continue;
      if (seen0 < 0) seen0 = other;
      else seen1 = other;
      store<i16>(OFF_CAND + (<usize>(at + n) << 1), <i16>(other * 9 + d));
      store<u8>(OFF_CAUSE + <usize>(at + n), houseCause(k));
      n++;
    }
  }
  store<u8>(OFF_COUNT + <usize>i, <u8>n);
  return n;
}

// ---------------------------------------------------------------------------------------------
// The marks (relevance.ts)

/** The cells and house/digits of the grid that lost a candidate since INITIAL, flagged and listed. */
export function touch(): void {
  memory.fill(HOUSE_TOUCHED, 0, 243);
  let nc = 0;
  let nh = 0;
  for (let c = 0; c < 81; c++) {
    const removed = <i32>load<u16>(INITIAL + (<usize>c << 1)) & ~cellMask(c);
    store<u8>(CELL_TOUCHED + <usize>c, removed ? 1 : 0);
    if (removed) store<u8>(TOUCHED_CELLS + <usize>(nc++), <u8>c);
    for (let r = removed; r; r &= r - 1) {
      const d = ctz<i32>(r);
      for (let k = 0; k < 3; k++) {
        const hd = <i32>load<u8>(CELL_HOUSES + <usize>(3 * c + k)) * 9 + d;
        if (load<u8>(HOUSE_TOUCHED + <usize>hd)) continue;
        store<u8>(HOUSE_TOUCHED + <usize>hd, 1);
        store<u8>(TOUCHED_HOUSES + <usize>(nh++), <u8>hd);
      }
    }
  }
  touchedCellN = nc;
  touchedHouseN = nh;
}

let strongN: i32 = 0;
let anyN: i32 = 0;
let anyOffN: i32 = 0;

// @ts-ignore: decorator
@inline
function start(cand: i32): void {
  const w = STARTS + (<usize>(cand >>> 5) << 2);
  store<i32>(w, load<i32>(w) | (1 << (cand & 31)));
}

function tail(cand: i32, strong: bool, cycles: bool): void {
  if (strong && !load<u8>(REACH_STRONG + <usize>cand)) {
    store<u8>(REACH_STRONG + <usize>cand, 1);
    store<i16>(STRONG_SEEDS + (<usize>(strongN++) << 1), <i16>cand);
  }
  if (cycles) anyTail(cand);
}

function anyTail(key: i32): void {
  if (load<u8>(REACH_ANY + <usize>key)) return;
  store<u8>(REACH_ANY + <usize>key, 1);
  store<i16>(ANY_SEEDS + (<usize>(anyN++) << 1), <i16>key);
}

/** relevance.ts's marks: reachStrong when `strong`, reachAny (and its starts) when `cycles`. */
export function marks(stamp: i32, isY: bool, isX: bool, strong: bool, cycles: bool): void {
  use(stamp, isY, isX);
  if (strong) memory.fill(REACH_STRONG, 0, NKEY);
  if (cycles) memory.fill(REACH_ANY, 0, NKEY);
  strongN = 0;
  anyN = 0;
  if (isY) {
    for (let i = 0; i < touchedCellN; i++) {
      const c = <i32>load<u8>(TOUCHED_CELLS + <usize>i);
      const m = cellMask(c);
      const bivalue = popcount9(m) === 2;
      for (let mm = m; mm; mm &= mm - 1) {
        const cand = c * 9 + ctz<i32>(mm);
        if (bivalue) tail(cand, strong, cycles);
        if (cycles) anyTail(cand + ON);
      }
    }
  }
  for (let i = 0; i < touchedHouseN; i++) {
    const hd = <i32>load<u8>(TOUCHED_HOUSES + <usize>i);
    const pm = places(hd);
    const h = hd / 9;
    const d = hd - h * 9;
    const two = isX && popcount9(pm) === 2;
    for (let m = pm; m; m &= m - 1) {
      const cand = <i32>load<u8>(HOUSE_CELLS + <usize>(h * 9 + ctz<i32>(m))) * 9 + d;
      if (two) tail(cand, strong, cycles);
      if (cycles) anyTail(cand + ON);
    }
  }
  if (strong) backward(REACH_STRONG, STRONG_SEEDS, strongN, false);
  if (cycles) {
    backward(REACH_ANY, ANY_SEEDS, anyN, true);
    for (let i = 0; i < anyOffN; i++) {
      const c = <i32>load<i16>(ANY_OFF + (<usize>i << 1));
      if (load<u8>(REACH_ANY + <usize>(c + ON))) start(c);
    }
  }
}

/** Marks every node that implies a marked node, from the seeds; the off nodes popped listed in ANY_OFF when `offs`. */
function backward(mark: usize, seeds: usize, seedN: i32, offs: bool): void {
  memory.copy(STACK, seeds, <usize>seedN << 1);
  let n = seedN;
  let offN = 0;
  while (n > 0) {
    const key = <i32>load<i16>(STACK + (<usize>(--n) << 1));
    if (key < NCAND) {
      if (offs) store<i16>(ANY_OFF + (<usize>(offN++) << 1), <i16>key);
      const k = linksOn(key);
      const at = onAt(key);
      for (let j = 0; j < k; j++) {
        const c = <i32>load<i16>(ON_CAND + (<usize>(at + j) << 1)) + ON;
        if (!load<u8>(mark + <usize>c)) {
          store<u8>(mark + <usize>c, 1);
          store<i16>(STACK + (<usize>(n++) << 1), <i16>c);
        }
      }
    } else {
      const cand = key - ON;
      const k = linksOff(cand);
      const at = offAt(cand);
      for (let j = 0; j < k; j++) {
        const p = <i32>load<i16>(OFF_CAND + (<usize>(at + j) << 1));
        if (!load<u8>(mark + <usize>p)) {
          store<u8>(mark + <usize>p, 1);
          store<i16>(STACK + (<usize>(n++) << 1), <i16>p);
        }
      }
    }
  }
  if (offs) anyOffN = offN;
}

let seenGen: i32 = 0;
let reachPass: i32 = 0;
let reachN: i32 = 0;

/** relevance.ts's forcing: forcingFrom (and its starts) for the touched strong links of the pass. */
export function forcing(stamp: i32, isY: bool, isX: bool): void {
  use(stamp, isY, isX);
  memory.fill(FORCING_FROM, 0, NKEY);
  reachPass++;
  reachN = 0;
  classN = 0;
  memory.fill(IN_A, 0, 8 * NKEY);
  if (isY) {
    for (let i = 0; i < touchedCellN; i++) {
      const c = <i32>load<u8>(TOUCHED_CELLS + <usize>i);
      const m = cellMask(c);
      if (popcount9(m) === 2) forcingLink(c * 9 + ctz<i32>(m), c * 9 + ctz<i32>(m & (m - 1)));
    }
  }
  if (!isX) return;
  for (let i = 0; i < touchedHouseN; i++) {
    const hd = <i32>load<u8>(TOUCHED_HOUSES + <usize>i);
    const pm = places(hd);
    if (popcount9(pm) !== 2) continue;
    const h = hd / 9;
    const d = hd - h * 9;
    forcingLink(
      <i32>load<u8>(HOUSE_CELLS + <usize>(h * 9 + ctz<i32>(pm))) * 9 + d,
      <i32>load<u8>(HOUSE_CELLS + <usize>(h * 9 + ctz<i32>(pm & (pm - 1)))) * 9 + d,
    );
  }
}

/** The links that marked nodes this pass (bits of IN_A and IN_B, 32 at most). */
let classN: i32 = 0;

/** Marks, reversed, the nodes that both `a` on and `b` on imply, unless an earlier link did (relevance.ts's sameMarks). */
function forcingLink(a: i32, b: i32): void {
  if (sameMarks(a)) return;
  const atA = reachOf(a);
  const atB = reachOf(b);
  const gen = ++seenGen;
  const bit: i32 = classN < 32 ? 1 << classN++ : 0;
  for (let i = atA, end = atA + load<i32>(REACH_LENGTH + (<usize>a << 2)); i < end; i++) {
    const k = <usize>load<i16>(REACH_LISTS + (<usize>i << 1)) << 2;
    store<i32>(SEEN + k, gen);
    store<i32>(IN_A + k, load<i32>(IN_A + k) | bit);
  }
  for (let i = atB, end = atB + load<i32>(REACH_LENGTH + (<usize>b << 2)); i < end; i++) {
    const k = <i32>load<i16>(REACH_LISTS + (<usize>i << 1));
    store<i32>(IN_B + (<usize>k << 2), load<i32>(IN_B + (<usize>k << 2)) | bit);
    if (load<i32>(SEEN + (<usize>k << 2)) !== gen) continue;
    store<u8>(FORCING_FROM + <usize>(k < NCAND ? k + ON : k - ON), 1);
    start(k < NCAND ? k : k - ON);
  }
}

/** Whether `c` on lies in the component of an earlier link's a on or b on (relevance.ts's sameMarks). */
function sameMarks(c: i32): bool {
  const on = <usize>(c + ON) << 2;
  const off = <usize>c << 2;
  return ((load<i32>(IN_A + on) & load<i32>(IN_B + off)) | (load<i32>(IN_B + on) & load<i32>(IN_A + off))) !== 0;
}

/** Where in REACH_LISTS the nodes `cand` on implies start, searched once a pass. */
function reachOf(cand: i32): i32 {
  const c = <usize>cand << 2;
  if (load<i32>(REACH_STAMP + c) === reachPass) return load<i32>(REACH_START + c);
  const n = forward(cand + ON);
  memory.copy(REACH_LISTS + (<usize>reachN << 1), REACHED, <usize>n << 1);
  store<i32>(REACH_STAMP + c, reachPass);
  store<i32>(REACH_START + c, reachN);
  store<i32>(REACH_LENGTH + c, n);
  const at = reachN;
  reachN += n;
  return at;
}

/** Lists in REACHED every node `start` implies in the pass; returns how many. */
function forward(from: i32): i32 {
  const gen = ++seenGen;
  let head = 0;
  let tail = 0;
  store<i32>(SEEN + (<usize>from << 2), gen);
  store<i16>(REACHED + (<usize>(tail++) << 1), <i16>from);
  while (head < tail) {
    const key = <i32>load<i16>(REACHED + (<usize>(head++) << 1));
    if (key < NCAND) {
      const k = linksOff(key);
      const at = offAt(key);
      for (let j = 0; j < k; j++) {
        const p = <i32>load<i16>(OFF_CAND + (<usize>(at + j) << 1)) + ON;
        if (load<i32>(SEEN + (<usize>p << 2)) === gen) continue;
        store<i32>(SEEN + (<usize>p << 2), gen);
        store<i16>(REACHED + (<usize>(tail++) << 1), <i16>p);
      }
    } else {
      const cand = key - ON;
      const k = linksOn(cand);
      const at = onAt(cand);
      for (let j = 0; j < k; j++) {
        const p = <i32>load<i16>(ON_CAND + (<usize>(at + j) << 1));
        if (load<i32>(SEEN + (<usize>p << 2)) === gen) continue;
        store<i32>(SEEN + (<usize>p << 2), gen);
        store<i16>(REACHED + (<usize>(tail++) << 1), <i16>p);
      }
    }
  }
  return tail;
}

// A nested static search's start loop in AssemblyScript (compiled by scripts/solverWasm.mjs, not
// tsc), the module's entry: relevanceCore.ts's marks (re-exported) and, after them, static.ts's
// filtered start loop of one pass in one call: every start the marks list, its cell tests, the
// memo's skips (the grid's searched slots, copied in by the host), the X and Y passes' skipped
// cycle searches (the XY pass's verdicts, kept here), and each cycle and forcing search over the
// pass links the marks worked out. What it hands back is one record a start search, in the
// order static.ts makes them, with the arena nodes that end its chains (the cycles that remove
// nothing left out, as cycleHint leaves them): the host makes the hints, rule parents and memo
// entries from those, reading the arena in place. The searches are static.ts's, node for node:
// the same arena paths, closing nodes and verdicts.
//
// Memory, laid out by hand after the marks' (RELEVANCE_END): the memo's bits, the verdicts, the
// searches' marks and queues, the kept weak links, the arena and the records, all sized for
// their bounds, so the memory never grows after init (the build gives it whole).

import { CELL_HOUSES, HOUSE_CELLS, POPCOUNT9, fillChainTables } from './chainTables';
import {
  FORCING_FROM,
  GRID,
  HPOS,
  NCAND,
  NKEY,
  OFF_CAND,
  OFF_CAUSE,
  OFF_SLOT,
  ON,
  ON_CAND,
  ON_CAUSE,
  ON_SLOT,
  REACH_ANY,
  RELEVANCE_END,
  STARTS,
  linksOff,
  linksOn,
  use,
} from './relevanceCore';

export { fieldAt, forcing, marks, touch } from './relevanceCore';

const PASS_NODES: usize = 3 * <usize>NCAND;
/** searchMemo.ts's slots of a grid: pass × candidate × search, a bit each. */
const SLOT_WORDS: usize = (3 * <usize>NCAND * 3 + 31) >> 5;
/**
 * Arena nodes one search can make: a cycle search the start, each on node (at most NCAND) and
 * the off node it came from, and per closing (at most four a popped on node: the start's strong
 * partners) the closing node and its off node, 1 + 2 * 729 + 2 * 4 * 729 < 8192; a forcing
 * search its path, at most NKEY. A pass stops before a search when fewer are left (see pass).
 */
const SEARCH_NODES: i32 = 8192;
/** The arena of a call: a pass's searches keep their nodes until the host has read them. */
const ARENA: i32 = 1 << 18;
/** Record words one search can write: its header and its closing nodes (four an on node). */
const SEARCH_WORDS: i32 = 4 + 4 * NCAND;
const OUT_WORDS: i32 = 1 << 16;

const SEARCHED: usize = (RELEVANCE_END + 63) & ~63; // u32[SLOT_WORDS]
const NO_CYCLE: usize = SEARCHED + 4 * SLOT_WORDS; // i32[NCAND]: verdict stamps (static.ts's noCycle)
const ON_MARK: usize = NO_CYCLE + 4 * <usize>NCAND; // i32[NCAND]
const OFF_SEEN: usize = ON_MARK + 4 * <usize>NCAND; // i32[NCAND]
const PARTNER: usize = OFF_SEEN + 4 * <usize>NCAND; // i32[NCAND]
const Q_ON: usize = PARTNER + 4 * <usize>NCAND; // i32[NCAND]
const Q_NEXT: usize = Q_ON + 4 * <usize>NCAND; // i32[NCAND]
const ENDS: usize = Q_NEXT + 4 * <usize>NCAND; // i32[4 * NCAND]
const PAIRS: usize = ENDS + 16 * <usize>NCAND; // i16[8 * NCAND]
const KEY_MARK: usize = PAIRS + 16 * <usize>NCAND; // i32[NKEY]
const KEY_PAR: usize = KEY_MARK + 4 * <usize>NKEY; // i16[NKEY]
const KEY_PATH: usize = KEY_PAR + 2 * <usize>NKEY; // i16[NKEY]
const CAND_Q_ON: usize = KEY_PATH + 2 * <usize>NKEY; // i16[NCAND]
const CAND_Q_OFF: usize = CAND_Q_ON + 2 * <usize>NCAND; // i16[NCAND]
const KEY_CAUSE: usize = CAND_Q_OFF + 2 * <usize>NCAND; // u8[NKEY]
const PEER_WORDS: usize = (KEY_CAUSE + <usize>NKEY + 63) & ~63; // i32[243]: places.ts's
const DIGIT_CELLS: usize = PEER_WORDS + 4 * 243; // i32[27]: places.ts's digitWords of the grid
const ON_SEES: usize = DIGIT_CELLS + 4 * 27; // i32[27]
const OFF_SEES: usize = ON_SEES + 4 * 27; // i32[27]
const LIVE_STAMP: usize = OFF_SEES + 4 * 27; // i32[PASS_NODES]
const LIVE_COUNT: usize = LIVE_STAMP + 4 * PASS_NODES; // u8[PASS_NODES]
const LIVE_POS: usize = (LIVE_COUNT + PASS_NODES + 63) & ~63; // u8[PASS_NODES * ON_SLOT]
const NODE_KEY: usize = LIVE_POS + PASS_NODES * <usize>ON_SLOT; // i16[ARENA]
const NODE_PAR: usize = NODE_KEY + 2 * <usize>ARENA; // i32[ARENA]
const NODE_CAUSE: usize = NODE_PAR + 4 * <usize>ARENA; // u8[ARENA]
const OUT: usize = NODE_CAUSE + <usize>ARENA; // i32[OUT_WORDS]
const END: usize = OUT + 4 * <usize>OUT_WORDS;

// A record's status (the host reads them: wasmRelevance.ts's PassRecord).
const ANSWERED: i32 = 0; // the memo holds the search
const NO_CLOSE: i32 = 1; // an X or Y cycle search the XY pass showed cannot close
const SEARCHED_NOW: i32 = 2; // searched here: closable, count, then the closing or end nodes

const CAUSE_NONE: u8 = 0;

/** Where the host's views start (0..5): the memo's bits, the records, the arena's keys, parents, causes; 5 the arena's size. */
export function passFieldAt(field: i32): usize {
  switch (field) {
    case 0: return SEARCHED;
    case 1: return OUT;
    case 2: return NODE_KEY;
    case 3: return NODE_PAR;
    case 4: return NODE_CAUSE;
    default: return <usize>ARENA;
  }
}

/**
 * Fills the tables (tables.ts's and places.ts's PEER_WORDS). Called once, first. The build gives
 * the module its whole memory (solverWasm.mjs's RELEVANCE_CORE_PAGES), so the grow here is only a
 * guard for a layout outgrowing it: a grow detaches the host's buffer, which slows every typed
 * array read in the process (see there).
 */
export function init(): void {
  const pages = <i32>((END + 0xffff) >> 16);
  if (pages > memory.size()) memory.grow(pages - memory.size());
  fillChainTables();
  for (let c = 0; c < 81; c++) {
    for (let q = 0; q < 81; q++) {
      if (q === c) continue;
      const sameBox = (c / 27 === q / 27) && ((c % 9) / 3 === (q % 9) / 3);
      if (c / 9 !== q / 9 && c % 9 !== q % 9 && !sameBox) continue;
      const w = PEER_WORDS + (<usize>(3 * c + q / 27) << 2);
      store<i32>(w, load<i32>(w) | (1 << (q % 27)));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The pass (static.ts's filteredStarts, unary and nestedSearch)

/** The pass (0 X, 1 Y, 2 XY), its link kinds and the host's PassLinks stamp, set by `pass`. */
let passIx: i32 = 0;
let passY: bool = false;
let passX: bool = false;
let stamp: i32 = 0;
let nodes: i32 = 0;
let outN: i32 = 0;

// @ts-ignore: decorator
@inline
function cellMask(cell: i32): i32 {
  return <i32>load<u16>(GRID + (<usize>cell << 1));
}

// @ts-ignore: decorator
@inline
function onAt(cand: i32): usize {
  return <usize>(passIx * NCAND + cand) * <usize>ON_SLOT;
}

// @ts-ignore: decorator
@inline
function offAt(cand: i32): usize {
  return <usize>(passIx * NCAND + cand) * <usize>OFF_SLOT;
}

// @ts-ignore: decorator
@inline
function emit(v: i32): void {
  store<i32>(OUT + (<usize>(outN++) << 2), v);
}

/**
 * One pass's start loop from search `from` (candidate * 3 + search: static.ts's StartSearch),
 * `cycles` and `forcing` static.ts's passCycles and passForcing, `verdict` its verdictGen,
 * `arena` the arena nodes to use (the whole arena but in tests). The records go to OUT (their
 * word count first); returns the search to go on from when the arena or the records ran short
 * before it (the host reads the records and calls again), or -1 when the pass is done.
 */
export function pass(linkStamp: i32, isY: bool, isX: bool, cycles: bool, forcing: bool, verdict: i32, from: i32, arena: i32): i32 {
  use(linkStamp, isY, isX);
  stamp = linkStamp;
  passY = isY;
  passX = isX;
  passIx = isX ? (isY ? 2 : 0) : 1;
  if (from === 0) digitCells();
  nodes = 0;
  outN = 1;
  const first = from / 3;
  for (let w = first >>> 5; w < (NCAND + 31) >>> 5; w++) {
    let bits = load<i32>(STARTS + (<usize>w << 2));
    if (w === first >>> 5) bits &= -1 << (first & 31);
    for (; bits; bits &= bits - 1) {
      const cand = (w << 5) + ctz<i32>(bits);
      const card = <i32>load<u8>(POPCOUNT9 + <usize>cellMask(cand / 9));
      if (card < 2 || (card > 2 && !isX)) continue;
      const skip = cand === first ? from - 3 * first : 0;
      const strongIn = hasStrongIn(cand);
      // static.ts's unary: a cycle through the start takes a touched link there and back.
      if (skip === 0 && strongIn && cycles && load<u8>(REACH_ANY + <usize>(cand + ON)) && load<u8>(REACH_ANY + <usize>cand)) {
        if (!search(0, cand, verdict, arena)) return stop(3 * cand);
      }
      if (!forcing) continue;
      if (skip <= 1 && load<u8>(FORCING_FROM + <usize>(cand + ON))) {
        if (!search(1, cand, verdict, arena)) return stop(3 * cand + 1);
      }
      if (strongIn && load<u8>(FORCING_FROM + <usize>cand)) {
        if (!search(2, cand, verdict, arena)) return stop(3 * cand + 2);
      }
    }
  }
  return stop(-1);
}

function stop(next: i32): i32 {
  store<i32>(OUT, outN);
  return next;
}

/** static.ts's hasStrongIn: a cycle, or a chain from the value off, ends by turning it on. */
function hasStrongIn(cand: i32): bool {
  const cell = cand / 9;
  if (passY && load<u8>(POPCOUNT9 + <usize>cellMask(cell)) === 2) return true;
  if (!passX) return false;
  const d = cand - cell * 9;
  for (let k = 0; k < 3; k++) {
    const hd = <i32>load<u8>(CELL_HOUSES + <usize>(3 * cell + k)) * 9 + d;
    if (load<u8>(POPCOUNT9 + <usize>load<u16>(HPOS + (<usize>hd << 1))) === 2) return true;
  }
  return false;
}

/**
 * static.ts's nestedSearch and searchFrom, the hints left to the host: a record for search `what`
 * (0 cycles, 1 forcing on, 2 forcing off) from `cand`; false, writing nothing, when the arena or
 * the records might not hold it.
 */
function search(what: i32, cand: i32, verdict: i32, arena: i32): bool {
  if (nodes + SEARCH_NODES > arena || outN + SEARCH_WORDS > OUT_WORDS) return false;
  emit(3 * cand + what);
  const xy = passIx === 2;
  if (!xy && what === 0 && load<i32>(NO_CYCLE + (<usize>cand << 2)) === verdict) {
    emit(NO_CLOSE);
    return true;
  }
  const slot = (passIx * NCAND + cand) * 3 + what;
  if (load<u32>(SEARCHED + (<usize>(slot >>> 5) << 2)) & (1 << (slot & 31))) {
    emit(ANSWERED);
    return true;
  }
  emit(SEARCHED_NOW);
  if (what === 0) {
    const closable = cycleSearch(cand, xy);
    if (xy && !closable) store<i32>(NO_CYCLE + (<usize>cand << 2), verdict);
    return true;
  }
  emit(0);
  const end = forcingSearch(what === 1 ? cand + ON : cand);
  if (end < 0) emit(0);
  else {
    emit(1);
    emit(end);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// The cycle search (static.ts's cycles, live, markPartners, turnedOnBesides, cycleRemoves)

let gen: i32 = 0;

// @ts-ignore: decorator
@inline
function node(key: i32, parent: i32, cause: u8): i32 {
  const i = nodes++;
  store<i16>(NODE_KEY + (<usize>i << 1), <i16>key);
  store<i32>(NODE_PAR + (<usize>i << 2), parent);
  store<u8>(NODE_CAUSE + <usize>i, cause);
  return i;
}

/** Whether an off node with `key` is a strict ancestor of on node `p` (paths alternate). */
function isParent(p: i32, key: i32): bool {
  for (let q = load<i32>(NODE_PAR + (<usize>p << 2)); q >= 0; ) {
    if (<i32>load<i16>(NODE_KEY + (<usize>q << 1)) === key) return true;
    q = load<i32>(NODE_PAR + (<usize>q << 2));
    if (q < 0) break;
    q = load<i32>(NODE_PAR + (<usize>q << 2));
  }
  return false;
}

/**
 * How many of `cand`'s weak links lead to a candidate with a strong link in the pass, their
 * positions in its ON_CAND slot from onAt(cand) in LIVE_POS (static.ts's live), once a stamp.
 */
function live(cand: i32): i32 {
  const i = <usize>(passIx * NCAND + cand);
  if (load<i32>(LIVE_STAMP + (i << 2)) === stamp) return <i32>load<u8>(LIVE_COUNT + i);
  store<i32>(LIVE_STAMP + (i << 2), stamp);
  const k = linksOn(cand);
  const at = i * <usize>ON_SLOT;
  let n: usize = 0;
  for (let j: usize = 0; j < <usize>k; j++) {
    if (linksOff(<i32>load<i16>(ON_CAND + ((at + j) << 1))) !== 0) {
      store<u8>(LIVE_POS + at + n, <u8>j);
      n++;
    }
  }
  store<u8>(LIVE_COUNT + i, <u8>n);
  return <i32>n;
}

/**
 * static.ts's cycles from "cand is on": its record's rest (closable, count, the closing nodes
 * whose cycle removes something); returns the closable verdict (`watch`: an XY pass).
 */
function cycleSearch(cand: i32, watch: bool): bool {
  const g = ++gen;
  const at0 = offAt(cand);
  for (let j: usize = 0, k = <usize>linksOff(cand); j < k; j++) store<i32>(PARTNER + (<usize>load<i16>(OFF_CAND + ((at0 + j) << 1)) << 2), g);
  store<i32>(ON_MARK + (<usize>cand << 2), g);
  let qOn = Q_ON;
  let qNext = Q_NEXT;
  let nOn = 1;
  store<i32>(qOn, node(cand + ON, -1, CAUSE_NONE));
  let length = 0;
  let nFound = 0;
  let nPairs = 0;
  while (nOn > 0) {
    length += 2;
    let nNext = 0;
    for (let i = 0; i < nOn; i++) {
      const p = load<i32>(qOn + (<usize>i << 2));
      const pc = <i32>load<i16>(NODE_KEY + (<usize>p << 1)) - ON;
      const k = live(pc);
      const slot = onAt(pc);
      for (let l = 0; l < k; l++) {
        const j = slot + <usize>load<u8>(LIVE_POS + slot + <usize>l);
        const off = <i32>load<i16>(ON_CAND + (j << 1));
        const partner = load<i32>(PARTNER + (<usize>off << 2)) === g;
        if (watch && partner && length > 2) {
          store<i16>(PAIRS + (<usize>nPairs << 1), <i16>pc);
          store<i16>(PAIRS + (<usize>(nPairs + 1) << 1), <i16>off);
          nPairs += 2;
        }
        // Met again: it turned on everything it can when first met, so it can only close a
        // cycle (static.ts says why).
        const seenAt = OFF_SEEN + (<usize>off << 2);
        if (load<i32>(seenAt) === g) {
          if (!partner || isParent(p, off)) continue;
        } else store<i32>(seenAt, g);
        let offNode = -1;
        const cause1 = load<u8>(ON_CAUSE + j);
        const m = linksOff(off);
        const at2 = offAt(off);
        for (let jj: usize = 0; jj < <usize>m; jj++) {
          const on = <i32>load<i16>(OFF_CAND + ((at2 + jj) << 1));
          const cause = load<u8>(OFF_CAUSE + at2 + jj);
          if (length >= 4 && on === cand) {
            if (offNode < 0) offNode = node(off, p, cause1);
            store<i32>(ENDS + (<usize>(nFound++) << 2), node(cand + ON, offNode, cause));
          }
          const markAt = ON_MARK + (<usize>on << 2);
          if (load<i32>(markAt) === g) continue;
          store<i32>(markAt, g);
          if (offNode < 0) offNode = node(off, p, cause1);
          store<i32>(qNext + (<usize>(nNext++) << 2), node(on + ON, offNode, cause));
        }
      }
    }
    const t = qOn;
    qOn = qNext;
    qNext = t;
    nOn = nNext;
  }
  // static.ts's turnedOnBesides: a strong partner of p other than x met off.
  let closable = false;
  for (let i = 0; i < nPairs && !closable; i += 2) {
    const p = <i32>load<i16>(PAIRS + (<usize>i << 1));
    const x = <i32>load<i16>(PAIRS + (<usize>(i + 1) << 1));
    const at = offAt(p);
    for (let j: usize = 0, k = <usize>linksOff(p); j < k; j++) {
      const o = <i32>load<i16>(OFF_CAND + ((at + j) << 1));
      if (o !== x && load<i32>(OFF_SEEN + (<usize>o << 2)) === g) {
        closable = true;
        break;
      }
    }
  }
  emit(closable ? 1 : 0);
  const countAt = outN++;
  let count = 0;
  for (let i = 0; i < nFound; i++) {
    const end = load<i32>(ENDS + (<usize>i << 2));
    if (!cycleRemoves(end)) continue;
    emit(end);
    count++;
  }
  store<i32>(OUT + (<usize>countAt << 2), count);
  return closable;
}

/** places.ts's digitWords of the grid into DIGIT_CELLS. */
function digitCells(): void {
  memory.fill(DIGIT_CELLS, 0, 4 * 27);
  for (let cell = 0; cell < 81; cell++) {
    const w = cell / 27;
    const b = 1 << (cell - 27 * w);
    for (let m = cellMask(cell); m; m &= m - 1) {
      const at = DIGIT_CELLS + (<usize>(3 * ctz<i32>(m) + w) << 2);
      store<i32>(at, load<i32>(at) | b);
    }
  }
}

/**
 * static.ts's cycleRemoves for the cycle closing at `end` (its nodes but the start): a candidate
 * outside the cycle's cells seeing an on node and an off node of its digit.
 */
function cycleRemoves(end: i32): bool {
  let onDigits = 0;
  let offDigits = 0;
  let in0 = 0;
  let in1 = 0;
  let in2 = 0;
  for (let q = end; load<i32>(NODE_PAR + (<usize>q << 2)) >= 0; q = load<i32>(NODE_PAR + (<usize>q << 2))) {
    const key = <i32>load<i16>(NODE_KEY + (<usize>q << 1));
    const on = key >= NCAND;
    const cand = on ? key - ON : key;
    const cell = cand / 9;
    const d = cand - cell * 9;
    const w = cell / 27;
    if (w === 0) in0 |= 1 << cell;
    else if (w === 1) in1 |= 1 << (cell - 27);
    else in2 |= 1 << (cell - 54);
    const sees = on ? ON_SEES : OFF_SEES;
    const bit = 1 << d;
    const at = sees + (<usize>(3 * d) << 2);
    if (on ? !(onDigits & bit) : !(offDigits & bit)) {
      store<i32>(at, 0);
      store<i32>(at + 4, 0);
      store<i32>(at + 8, 0);
      if (on) onDigits |= bit;
      else offDigits |= bit;
    }
    const pw = PEER_WORDS + (<usize>(3 * cell) << 2);
    store<i32>(at, load<i32>(at) | load<i32>(pw));
    store<i32>(at + 4, load<i32>(at + 4) | load<i32>(pw + 4));
    store<i32>(at + 8, load<i32>(at + 8) | load<i32>(pw + 8));
  }
  for (let m = onDigits & offDigits; m; m &= m - 1) {
    const k = <usize>(3 * ctz<i32>(m)) << 2;
    if (load<i32>(ON_SEES + k) & load<i32>(OFF_SEES + k) & load<i32>(DIGIT_CELLS + k) & ~in0) return true;
    if (load<i32>(ON_SEES + k + 4) & load<i32>(OFF_SEES + k + 4) & load<i32>(DIGIT_CELLS + k + 4) & ~in1) return true;
    if (load<i32>(ON_SEES + k + 8) & load<i32>(OFF_SEES + k + 8) & load<i32>(DIGIT_CELLS + k + 8) & ~in2) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The forcing search (static.ts's forcing, onRound, offRound, reach, contradiction)

let keyGen: i32 = 0;
let forcingFound: i32 = -1;

/**
 * static.ts's forcing from `sourceKey`: the arena node ending the first chain to the source's
 * own candidate in the other state (its path built parent first, as there), or -1.
 */
function forcingSearch(sourceKey: i32): i32 {
  const sourceOn = sourceKey >= NCAND;
  const sourceCand = sourceOn ? sourceKey - ON : sourceKey;
  const contra = sourceOn ? sourceCand : sourceCand + ON;
  ++keyGen;
  reach(sourceKey, -1, CAUSE_NONE);
  let nOn = 0;
  let nOff = 0;
  if (sourceOn) store<i16>(CAND_Q_ON + (<usize>(nOn++) << 1), <i16>sourceCand);
  else store<i16>(CAND_Q_OFF + (<usize>(nOff++) << 1), <i16>sourceCand);
  forcingFound = -1;
  while (nOn > 0 || nOff > 0) {
    nOff = onRound(contra, nOn, nOff);
    if (nOff < 0) break;
    nOn = offRound(contra, nOff);
    if (nOn < 0) break;
    nOff = 0;
  }
  const found = forcingFound;
  if (found < 0) return -1;
  let n = 0;
  for (let k = found; k >= 0; k = <i32>load<i16>(KEY_PAR + (<usize>k << 1))) store<i16>(KEY_PATH + (<usize>(n++) << 1), <i16>k);
  let at = -1;
  for (let i = n - 1; i >= 0; i--) {
    const key = <i32>load<i16>(KEY_PATH + (<usize>i << 1));
    at = node(key, at, load<u8>(KEY_CAUSE + <usize>key));
  }
  return at;
}

/** static.ts's onRound: the off queue's new length, or -1 when `contra` was reached. */
function onRound(contra: i32, nOn: i32, nOff: i32): i32 {
  for (let i = 0; i < nOn; i++) {
    const p = <i32>load<i16>(CAND_Q_ON + (<usize>i << 1));
    const pk = p + ON;
    const k = linksOn(p);
    const at = onAt(p);
    for (let j: usize = 0; j < <usize>k; j++) {
      const off = <i32>load<i16>(ON_CAND + ((at + j) << 1));
      const cause = load<u8>(ON_CAUSE + at + j);
      if (off === contra) return contradiction(off, pk, cause);
      if (reach(off, pk, cause)) store<i16>(CAND_Q_OFF + (<usize>(nOff++) << 1), <i16>off);
    }
  }
  return nOff;
}

/** static.ts's offRound: the on queue's new length, or -1 when `contra` was reached. */
function offRound(contra: i32, offCount: i32): i32 {
  let nOn = 0;
  for (let i = 0; i < offCount; i++) {
    const p = <i32>load<i16>(CAND_Q_OFF + (<usize>i << 1));
    const k = linksOff(p);
    const at = offAt(p);
    for (let j: usize = 0; j < <usize>k; j++) {
      const on = <i32>load<i16>(OFF_CAND + ((at + j) << 1));
      const cause = load<u8>(OFF_CAUSE + at + j);
      if (on + ON === contra) return contradiction(on + ON, p, cause);
      if (reach(on + ON, p, cause)) store<i16>(CAND_Q_ON + (<usize>(nOn++) << 1), <i16>on);
    }
  }
  return nOn;
}

/** Marks `key` reached from `parent` by `cause`; false when it already was. */
function reach(key: i32, parent: i32, cause: u8): bool {
  const at = KEY_MARK + (<usize>key << 2);
  if (load<i32>(at) === keyGen) return false;
  store<i32>(at, keyGen);
  store<i16>(KEY_PAR + (<usize>key << 1), <i16>parent);
  store<u8>(KEY_CAUSE + <usize>key, cause);
  return true;
}

/** The source's contradiction reached (forcingFound): -1, for the round to stop. */
function contradiction(key: i32, parent: i32, cause: u8): i32 {
  store<i16>(KEY_PAR + (<usize>key << 1), <i16>parent);
  store<u8>(KEY_CAUSE + <usize>key, cause);
  forcingFound = key;
  return -1;
}

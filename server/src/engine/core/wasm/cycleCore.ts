// The SE static chains' cycle search in AssemblyScript (compiled by scripts/solverWasm.mjs, not
// tsc): static.ts's `cycles` (SE's doCycles from "cand is on", its two rounds taken together),
// with the kept weak links (static.ts's `live`) worked out here, per grid, when first met. The
// same arena nodes in the same order, the same closing nodes, the same closable verdict; the host
// builds the hints from the arena, which it views in place.
//
// Memory, laid out by hand (no allocator): the tables from 0, the searched grid at GRID (its 81
// cell masks, then its 27 * 9 house/digit place masks, as ChainGrid), then the pass links, the
// kept weak links, the search's marks and queues, and the arena. The pass links are passLinks.ts's
// tables, the same layout: the host's PassLinks views them, so the links its relevance marks
// worked out in TypeScript are read here, and those worked out here (tables.ts's onToOff and
// offToOn) there. Both stamp a candidate's links with the grid's PassLinks generation.

const HOUSE_CELLS: usize = 0; // u8[243]: SE's cells of each house
const CELL_HOUSES: usize = 256; // u8[243]: a cell's box, row, column
const CELL_INDEX: usize = 512; // u8[243]: the cell's index in each of them
const PEER_SKIP: usize = 768; // u16[243]: per cell and house, its cells not peers met first there

const GRID: usize = 2048;
const HPOS: usize = GRID + 162;

const NCAND: i32 = 729;
const ON: i32 = NCAND;
/** Candidates of the three passes (X, Y, XY), each with its own links. */
const NPASS: usize = 3 * 729;
/** A candidate's weak links: at most 8 other values of its cell and 20 peers. */
const ON_SLOT: usize = 32;
/** Its strong links: the cell's other value and the digit's other place in three houses. */
const OFF_SLOT: usize = 4;
/**
 * Arena nodes a search can make: the start, each on node (at most NCAND) and the off node it
 * came from, and per closing (at most four a popped on node: the start's strong partners) the
 * closing node and its off node: 1 + 2 * 729 + 2 * 4 * 729 < 8192.
 */
const ARENA: usize = 8192;

const ON_STAMP: usize = 4096; // i32[NPASS]
const OFF_STAMP: usize = ON_STAMP + 4 * NPASS; // i32[NPASS]
const LIVE_STAMP: usize = OFF_STAMP + 4 * NPASS; // i32[NPASS]
const ON_COUNT: usize = LIVE_STAMP + 4 * NPASS; // u8[NPASS]
const OFF_COUNT: usize = ON_COUNT + NPASS; // u8[NPASS]
const LIVE_COUNT: usize = OFF_COUNT + NPASS; // u8[NPASS]
const ON_CAND: usize = (LIVE_COUNT + NPASS + 7) & ~7; // i16[NPASS * ON_SLOT]
const ON_CAUSE: usize = ON_CAND + 2 * NPASS * ON_SLOT; // u8[NPASS * ON_SLOT]
const OFF_CAND: usize = ON_CAUSE + NPASS * ON_SLOT; // i16[NPASS * OFF_SLOT]
const OFF_CAUSE: usize = OFF_CAND + 2 * NPASS * OFF_SLOT; // u8[NPASS * OFF_SLOT]
const LIVE_POS: usize = OFF_CAUSE + NPASS * OFF_SLOT; // u8[NPASS * ON_SLOT]: positions in ON_CAND's slot
const ON_MARK: usize = LIVE_POS + NPASS * ON_SLOT; // i32[729]: turned on in search `gen`
const OFF_SEEN: usize = ON_MARK + 4 * 729; // i32[729]: met off in search `gen`
const PARTNER: usize = OFF_SEEN + 4 * 729; // i32[729]: a strong partner of search `gen`'s start
const Q_ON: usize = PARTNER + 4 * 729; // i32[729]
const Q_NEXT: usize = Q_ON + 4 * 729; // i32[729]
const ENDS: usize = Q_NEXT + 4 * 729; // i32[4 * 729]: the closing nodes
const PAIRS: usize = ENDS + 16 * 729; // i16[8 * 729]: (on node, partner it turns off)
const NODE_KEY: usize = PAIRS + 16 * 729; // i16[ARENA]
const NODE_PAR: usize = NODE_KEY + 2 * ARENA; // i32[ARENA]
const NODE_CAUSE: usize = NODE_PAR + 4 * ARENA; // u8[ARENA]
const END: usize = NODE_CAUSE + ARENA;

const CAUSE_NONE: u8 = 0;
const CAUSE_CELL: u8 = 1;
const CAUSE_BOX: u8 = 2;
const CAUSE_ROW: u8 = 3;
const CAUSE_COLUMN: u8 = 4;

/** The searched grid's PassLinks generation: links stamped with it are this grid's. */
let linkGen: i32 = 0;
/** The search's stamp in ON_MARK, OFF_SEEN and PARTNER. */
let gen: i32 = 0;
let nodes: i32 = 0;

/**
 * After `search` in an XY pass that watched (static.ts's closable): an on node other than the
 * start turned off a strong partner x of the start, and a strong partner of it other than x was
 * met off.
 */
export let closable: bool = false;

/** Where the host writes the grid, and where the closing nodes and the arena's fields are. */
export function gridAt(): usize {
  return GRID;
}
/** Where PassLinks' tables are: onStamp, offStamp, onCount, offCount, onCand, onCause, offCand, offCause (0..7). */
export function linksAt(field: i32): usize {
  switch (field) {
    case 0: return ON_STAMP;
    case 1: return OFF_STAMP;
    case 2: return ON_COUNT;
    case 3: return OFF_COUNT;
    case 4: return ON_CAND;
    case 5: return ON_CAUSE;
    case 6: return OFF_CAND;
    default: return OFF_CAUSE;
  }
}
export function endsAt(): usize {
  return ENDS;
}
export function nodeKeyAt(): usize {
  return NODE_KEY;
}
export function nodeParAt(): usize {
  return NODE_PAR;
}
export function nodeCauseAt(): usize {
  return NODE_CAUSE;
}
export function arenaSize(): i32 {
  return <i32>ARENA;
}

/** Grows the memory to hold the layout and fills the tables (tables.ts's, in the same order). Called once. */
export function init(): void {
  const pages = <i32>((END + 0xffff) >> 16);
  if (pages > memory.size()) memory.grow(pages - memory.size());
  for (let h = 0; h < 27; h++) {
    for (let i = 0; i < 9; i++) {
      let cell: i32;
      if (h < 9) cell = h * 9 + i;
      else if (h < 18) cell = i * 9 + (h - 9);
      else {
        const b = h - 18;
        cell = 27 * (b / 3) + 3 * (b % 3) + 9 * (i / 3) + (i % 3);
      }
      store<u8>(HOUSE_CELLS + <usize>(h * 9 + i), <u8>cell);
    }
  }
  for (let c = 0; c < 81; c++) {
    const r = c / 9;
    const col = c % 9;
    const at = <usize>(3 * c);
    store<u8>(CELL_HOUSES + at, <u8>(18 + 3 * (r / 3) + col / 3));
    store<u8>(CELL_HOUSES + at + 1, <u8>r);
    store<u8>(CELL_HOUSES + at + 2, <u8>(9 + col));
    const inBox = 3 * (r % 3) + (col % 3);
    store<u8>(CELL_INDEX + at, <u8>inBox);
    store<u8>(CELL_INDEX + at + 1, <u8>col);
    store<u8>(CELL_INDEX + at + 2, <u8>r);
    const boxSkip: i32 = 1 << inBox;
    const rowSkip: i32 = 7 << (3 * (col / 3));
    const colSkip: i32 = 7 << (3 * (r / 3));
    store<u16>(PEER_SKIP + 2 * at, <u16>boxSkip);
    store<u16>(PEER_SKIP + 2 * at + 2, <u16>rowSkip);
    store<u16>(PEER_SKIP + 2 * at + 4, <u16>colSkip);
  }
}

// @ts-ignore: decorator
@inline
function houseCause(k: i32): u8 {
  return k === 0 ? CAUSE_BOX : k === 1 ? CAUSE_ROW : CAUSE_COLUMN;
}

/**
 * How many candidates `cand` on turns off in pass `pass` (0 X, 1 Y, 2 XY): onToOff, from
 * `i * ON_SLOT` in ON_CAND/ON_CAUSE, `i` = pass * 729 + cand. The Y links (the cell's other
 * values) in the Y and XY passes, the digit in the cell's peers in every pass, as tables.ts.
 */
function onLinks(cand: i32, pass: i32): i32 {
  const i = <usize>(pass * NCAND + cand);
  if (load<i32>(ON_STAMP + (i << 2)) === linkGen) return <i32>load<u8>(ON_COUNT + i);
  store<i32>(ON_STAMP + (i << 2), linkGen);
  const cell = cand / 9;
  const d = cand - cell * 9;
  const at = i * ON_SLOT;
  let n: usize = 0;
  if (pass !== 0) {
    for (let m = <i32>load<u16>(GRID + (<usize>cell << 1)) & ~(1 << d); m; m &= m - 1) {
      store<i16>(ON_CAND + ((at + n) << 1), <i16>(cell * 9 + ctz<i32>(m)));
      store<u8>(ON_CAUSE + at + n, CAUSE_CELL);
      n++;
    }
  }
  for (let k = 0; k < 3; k++) {
    const ck = <usize>(3 * cell + k);
    const h = <i32>load<u8>(CELL_HOUSES + ck);
    const cause = houseCause(k);
    for (let m = <i32>load<u16>(HPOS + (<usize>(h * 9 + d) << 1)) & ~<i32>load<u16>(PEER_SKIP + (ck << 1)); m; m &= m - 1) {
      store<i16>(ON_CAND + ((at + n) << 1), <i16>(<i32>load<u8>(HOUSE_CELLS + <usize>(h * 9 + ctz<i32>(m))) * 9 + d));
      store<u8>(ON_CAUSE + at + n, cause);
      n++;
    }
  }
  store<u8>(ON_COUNT + i, <u8>n);
  return <i32>n;
}

/**
 * How many candidates `cand` off turns on in pass `pass`: offToOn, from `i * OFF_SLOT` in
 * OFF_CAND/OFF_CAUSE. The cell's other value when it is bivalue (Y, XY), then the digit's
 * other place in each house where it has two (X, XY; a cell reached through two houses once).
 */
function offLinks(cand: i32, pass: i32): i32 {
  const i = <usize>(pass * NCAND + cand);
  if (load<i32>(OFF_STAMP + (i << 2)) === linkGen) return <i32>load<u8>(OFF_COUNT + i);
  store<i32>(OFF_STAMP + (i << 2), linkGen);
  const cell = cand / 9;
  const d = cand - cell * 9;
  const at = i * OFF_SLOT;
  let n: usize = 0;
  if (pass !== 0) {
    const m = <i32>load<u16>(GRID + (<usize>cell << 1));
    if (popcnt<i32>(m) === 2) {
      store<i16>(OFF_CAND + (at << 1), <i16>(cell * 9 + ctz<i32>(m & ~(1 << d))));
      store<u8>(OFF_CAUSE + at, CAUSE_CELL);
      n++;
    }
  }
  if (pass !== 1) {
    let seen0 = -1;
    let seen1 = -1;
    for (let k = 0; k < 3; k++) {
      const ck = <usize>(3 * cell + k);
      const h = <i32>load<u8>(CELL_HOUSES + ck);
      const m = <i32>load<u16>(HPOS + (<usize>(h * 9 + d) << 1));
      if (popcnt<i32>(m) !== 2) continue;
      const other = <i32>load<u8>(HOUSE_CELLS + <usize>(h * 9 + ctz<i32>(m & ~(1 << <i32>load<u8>(CELL_INDEX + ck)))));
      if (other === seen0 || other === seen1) continue;
      if (seen0 < 0) seen0 = other;
      else seen1 = other;
      store<i16>(OFF_CAND + ((at + n) << 1), <i16>(other * 9 + d));
      store<u8>(OFF_CAUSE + at + n, houseCause(k));
      n++;
    }
  }
  store<u8>(OFF_COUNT + i, <u8>n);
  return <i32>n;
}

/**
 * How many of `cand`'s weak links lead to a candidate with a strong link in the pass, their
 * positions from `i * ON_SLOT` in LIVE_POS (static.ts's live: off, the others turn nothing on
 * and close nothing).
 */
function live(cand: i32, pass: i32): i32 {
  const i = <usize>(pass * NCAND + cand);
  if (load<i32>(LIVE_STAMP + (i << 2)) === linkGen) return <i32>load<u8>(LIVE_COUNT + i);
  store<i32>(LIVE_STAMP + (i << 2), linkGen);
  const k = onLinks(cand, pass);
  const at = i * ON_SLOT;
  let n: usize = 0;
  for (let j = 0; j < k; j++) {
    if (offLinks(<i32>load<i16>(ON_CAND + ((at + <usize>j) << 1)), pass) !== 0) {
      store<u8>(LIVE_POS + at + n, <u8>j);
      n++;
    }
  }
  store<u8>(LIVE_COUNT + i, <u8>n);
  return <i32>n;
}

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
 * static.ts's cycles from "cand is on" in pass `pass` (0 X, 1 Y, 2 XY) on the grid at GRID,
 * whose PassLinks generation is `grid`, without a best-only bound (nested searches have none):
 * the arena from node 0, the closing nodes at ENDS; returns how many. `watch`: collect the pairs
 * and leave the closable verdict in `closable`.
 */
export function search(cand: i32, pass: i32, watch: bool, grid: i32): i32 {
  linkGen = grid;
  const g = ++gen;
  // The start's strong partners: the only off nodes that close a cycle.
  const at0 = <usize>(pass * NCAND + cand) * OFF_SLOT;
  for (let j = 0, k = offLinks(cand, pass); j < k; j++) store<i32>(PARTNER + (<usize>load<i16>(OFF_CAND + ((at0 + <usize>j) << 1)) << 2), g);
  store<i32>(ON_MARK + (<usize>cand << 2), g);
  nodes = 0;
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
      const k = live(pc, pass);
      const slot = <usize>(pass * NCAND + pc) * ON_SLOT;
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
        const m = offLinks(off, pass);
        const at2 = <usize>(pass * NCAND + off) * OFF_SLOT;
        for (let jj: usize = 0; jj < <usize>m; jj++) {
          const on = <i32>load<i16>(OFF_CAND + ((at2 + jj) << 1));
          const cause = load<u8>(OFF_CAUSE + at2 + jj);
          if (length >= 4 && on === cand) {
            if (offNode < 0) offNode = node(off, p, cause1);
            store<i32>(ENDS + (<usize>nFound << 2), node(cand + ON, offNode, cause));
            nFound++;
          }
          const markAt = ON_MARK + (<usize>on << 2);
          if (load<i32>(markAt) === g) continue;
          store<i32>(markAt, g);
          if (offNode < 0) offNode = node(off, p, cause1);
          store<i32>(qNext + (<usize>nNext << 2), node(on + ON, offNode, cause));
          nNext++;
        }
      }
    }
    const t = qOn;
    qOn = qNext;
    qNext = t;
    nOn = nNext;
  }
  // The closable verdict: a strong partner of p other than x met off (strong links go both
  // ways: p's partners are what p off turns on).
  closable = false;
  for (let i = 0; i < nPairs && !closable; i += 2) {
    const p = <i32>load<i16>(PAIRS + (<usize>i << 1));
    const x = <i32>load<i16>(PAIRS + (<usize>(i + 1) << 1));
    const at = <usize>(pass * NCAND + p) * OFF_SLOT;
    for (let j = 0, k = offLinks(p, pass); j < k; j++) {
      const o = <i32>load<i16>(OFF_CAND + ((at + <usize>j) << 1));
      if (o !== x && load<i32>(OFF_SEEN + (<usize>o << 2)) === g) {
        closable = true;
        break;
      }
    }
  }
  return nFound;
}

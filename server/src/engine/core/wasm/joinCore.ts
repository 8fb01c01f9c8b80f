/**
 * The 17-clue search's join kernel (ua/clueJoin.ts's JoinList after seal), in AssemblyScript
 * (compiled by scripts/solverWasm.mjs, not by tsc). The same ANDs in the same order as the
 * TypeScript kernel, so the same partners in the same order (test/engine/clueJoin.test.ts
 * runs both); clueJoin.ts's header explains the design, the comments here only say where this
 * one differs.
 *
 * What is different: the hit vectors, the slots and the levels live in this module's memory at
 * addresses fixed by layout() (an instance per list alive, laid out anew for the next list:
 * ua/wasmJoin.ts), the levels are a fixed 64 (a walk uses its depth plus at most 28 for a
 * node's groups; the last is the scratch level of partners()), and a node's last clues are one
 * call, the groups' recursion inside: no call per AND pass. The walked side's closes
 * (clueSearch.ts) run here too, on its per-depth rows kept in this memory: a node's close is
 * one call with nothing copied in. So does the pairs' first filter (pairsPast), on the entries'
 * cells and code words written here at seal: one call per walked set, reading the partners where
 * the last call left them. The vectors go by blocks of four words, a v128 each: a level
 * lists its non-zero blocks (the entries that miss the same sets sit side by side, so the
 * words that live cluster), and the hit vectors' rows are padded with zero words to whole blocks.
 */

const LEVELS: i32 = 64;
const SCRATCH: i32 = LEVELS - 1;

/** Blocks of four words per level (entries / 128, rounded up), entries, words of a set vector. */
let EB: i32 = 0;
let ENTRIES: i32 = 0;
let WORDS: i32 = 0;
/** Per cross set j, from j * 4 * EB words: the entries hitting it (the host writes them). */
let HITS: usize = 0;
/** The entry at each bit position of the hit vectors (the host writes them). */
let SLOT: usize = 0;
/** The levels: cur 4 * EB words and live EB block indices each, nLive (blocks) and ref one word each (as JoinList's). */
let CUR: usize = 0;
let LIVE: usize = 0;
let NLIVE: usize = 0;
let REF: usize = 0;
/** Inputs: a set vector (WORDS words) or a node's open sets (indices) and their last-clue cells. */
let SETS: usize = 0;
let CANDS: usize = 0;
/** Outputs: entries, and per cell of the band where its partners start in OUT and how many. */
let OUT: usize = 0;
/**
 * lastClues' groups: per cell of the band the node's open sets it hits (HITBY, WORDS words a
 * cell, bit q for set q), and per depth of the groups' recursion the sets not yet ANDed into
 * that group's vector (PEND, WORDS words a depth; 28 depths, a group per cell at most).
 */
let HITBY: usize = 0;
let PEND: usize = 0;
let NW: i32 = 0;
let START: usize = 0;
let COUNT: usize = 0;
/**
 * The walked side's walk (clueSearch.ts's TaskRun.close): per cell of its band the cross sets
 * it hits (WORDS words each), per set its walked part, and per depth (DEPTHS of them, WORDS
 * words each) the sets the node misses (the host's step writes them) and those closed above it.
 */
const DEPTHS: i32 = 28;
let CROSS: usize = 0;
let PART: usize = 0;
let JX: usize = 0;
let CLOSED: usize = 0;
/**
 * The pairs' first filter (pairsPast): per entry its band word (CELLS) and its 36 code words
 * (CODE, 9 blocks: mini-row i's four codes in block i), the walked set's code words (WCODE,
 * the host writes them) and the entries that pass (PASS).
 */
const CODES: i32 = 36;
let CELLS: usize = 0;
let CODE: usize = 0;
let WCODE: usize = 0;
let PASS: usize = 0;
let fit: i32 = 0;
let emitted: i32 = 0;

@inline function word(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline function setWord(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

/** A region of `words` words from `at`, 16-byte aligned; returns where the next one starts. */
function region(at: usize, words: i32): usize {
  return (at + (<usize>max(words, 1) << 2) + 15) & ~15;
}

/**
 * Lays out the memory for a list of `entries` entries and `sets` cross sets, vectors of
 * `words` words, growing it as needed; call once, before writing the hit vectors and slots.
 * False (0) when the memory cannot grow that far (the host then keeps the TypeScript kernel).
 */
export function layout(entries: i32, sets: i32, words: i32): i32 {
  ENTRIES = entries;
  EB = (entries + 127) >> 7;
  WORDS = words;
  HITS = (__heap_base + 15) & ~15;
  SLOT = region(HITS, sets * 4 * EB);
  CUR = region(SLOT, 128 * EB);
  LIVE = region(CUR, LEVELS * 4 * EB);
  NLIVE = region(LIVE, LEVELS * EB);
  REF = region(NLIVE, LEVELS);
  SETS = region(REF, LEVELS);
  CANDS = region(SETS, max(sets, words));
  // Padded to whole blocks of 16 (lastClues reads them 16 at a time, past n too).
  START = region(CANDS, sets + 15);
  COUNT = region(START, 27);
  OUT = region(COUNT, 27);
  CROSS = region(OUT, 27 * entries);
  PART = region(CROSS, 27 * words);
  JX = region(PART, sets);
  CLOSED = region(JX, DEPTHS * words);
  CELLS = region(CLOSED, DEPTHS * words);
  CODE = region(CELLS, entries);
  WCODE = region(CODE, entries * CODES);
  PASS = region(WCODE, CODES);
  HITBY = region(PASS, entries);
  PEND = region(HITBY, 27 * words);
  const end = region(PEND, DEPTHS * words);
  const have = <usize>memory.size() << 16;
  if (end > have && memory.grow(<i32>((end - have + 0xffff) >> 16)) < 0) return 0;
  // Level 0: every entry; nothing closed at the root.
  setWord(NLIVE, 0, -1);
  for (let w = 0; w < words; w++) setWord(CLOSED, w, 0);
  setWord(REF, 0, 0);
  return 1;
}

export function hitsAt(): usize {
  return HITS;
}
/** Words per hit vector row (whole blocks). */
export function rowWords(): i32 {
  return 4 * EB;
}
export function slotAt(): usize {
  return SLOT;
}
export function setsAt(): usize {
  return SETS;
}
export function candsAt(): usize {
  return CANDS;
}
export function outAt(): usize {
  return OUT;
}
export function startAt(): usize {
  return START;
}
export function countAt(): usize {
  return COUNT;
}
export function crossAt(): usize {
  return CROSS;
}
export function partAt(): usize {
  return PART;
}
export function jxAt(): usize {
  return JX;
}
export function closedAt(): usize {
  return CLOSED;
}
export function cellsAt(): usize {
  return CELLS;
}
export function codeAt(): usize {
  return CODE;
}
export function walkCodeAt(): usize {
  return WCODE;
}
export function passAt(): usize {
  return PASS;
}
/** The pairs the last pairsPast found within the stack caps. */
export function fitted(): i32 {
  return fit;
}
export function depths(): i32 {
  return DEPTHS;
}
export function scratchLevel(): i32 {
  return SCRATCH;
}

/** JoinList.narrow, the sets at SETS: false (0) when no entry is left. */
export function narrow(from: i32, to: i32): i32 {
  return and(from, to) !== 0 ? 1 : 0;
}

/**
 * JoinList.close: the node at depth d, which may still add the cells `avail` and no longer the
 * cells `left` its parent could: the sets it misses, not closed above, whose walked part lies
 * outside `avail` close (into CLOSED's row d + 1 and, as narrow's sets, SETS); they narrow
 * level d into d + 1. False (0) when no entry is left.
 */
export function close(d: i32, avail: i32, left: i32): i32 {
  const a = d * WORDS;
  for (let w = 0; w < WORDS; w++) {
    let x = 0;
    for (let m = left; m !== 0; m &= m - 1) x |= word(CROSS, ctz(m) * WORDS + w);
    x &= word(JX, a + w) & ~word(CLOSED, a + w);
    let shut = 0;
    for (; x !== 0; x &= x - 1) {
      if ((word(PART, 32 * w + ctz(x)) & avail) === 0) shut |= x & -x;
    }
    setWord(SETS, w, shut);
    setWord(CLOSED, a + WORDS + w, word(CLOSED, a + w) | shut);
  }
  return and(d, d + 1) !== 0 ? 1 : 0;
}

/**
 * JoinList.walkLastClues: the last clues of the walked node at depth d (cells of `avail`),
 * after its close: the sets it misses and has not closed, with the cells of `avail` hitting
 * each, go to lastClues at level d + 1. Returns the entries written to OUT.
 */
export function walkLastClues(d: i32, avail: i32): i32 {
  const a = d * WORDS;
  let n = 0;
  for (let w = 0; w < WORDS; w++) {
    for (let x = word(JX, a + w) & ~word(CLOSED, a + WORDS + w); x !== 0; x &= x - 1) {
      const j = 32 * w + ctz(x);
      setWord(SETS, n, j);
      setWord(CANDS, n++, word(PART, j) & avail);
    }
  }
  return lastClues(d + 1, n, avail);
}

/** JoinList.partners, the sets at SETS: the entries into OUT; returns how many. */
export function partners(level: i32): i32 {
  and(level, SCRATCH);
  return emit(SCRATCH, 0);
}

/**
 * JoinList.lastClues: the open sets' indices at SETS and their last-clue cells at CANDS (n of
 * each); per cell of `last`, its partners' start and count at START and COUNT (entries at OUT).
 * Returns the entries written to OUT.
 */
export function lastClues(level: i32, n: i32, last: i32): i32 {
  NW = (n + 31) >> 5;
  for (let m = last; m !== 0; m &= m - 1) setWord(COUNT, ctz(m), 0);
  // HITBY by blocks of 16 sets: byte b of their cands gathered in one vector, whose bit i per
  // byte is a 16-bit mask (i8x16.bitmask) of the sets cell 8b + i hits. The bits of sets past n
  // are whatever CANDS holds there: no group reads them, as none of those sets is pending.
  for (let q = 0; q < n; q += 16) {
    const at = CANDS + (<usize>q << 2);
    const v0 = v128.load(at);
    const v1 = v128.load(at, 16);
    const v2 = v128.load(at, 32);
    const v3 = v128.load(at, 48);
    hitBy(q, 0, bytesOf0(v0, v1, v2, v3));
    hitBy(q, 8, bytesOf1(v0, v1, v2, v3));
    hitBy(q, 16, bytesOf2(v0, v1, v2, v3));
    hitBy(q, 24, bytesOf3(v0, v1, v2, v3));
  }
  // The root group: every set pending.
  for (let w = 0; w < NW; w++) setWord(PEND, w, w < NW - 1 || (n & 31) === 0 ? -1 : (1 << (n & 31)) - 1);
  emitted = 0;
  group(last, level, false, level + 1, 0);
  return emitted;
}

/** Byte b of the 16 words v0..v3 (four each), in order: bytesOfB. */
@inline function bytesOf0(v0: v128, v1: v128, v2: v128, v3: v128): v128 {
  return i64x2.shuffle(i8x16.shuffle(v0, v1, 0, 4, 8, 12, 16, 20, 24, 28, 0, 0, 0, 0, 0, 0, 0, 0), i8x16.shuffle(v2, v3, 0, 4, 8, 12, 16, 20, 24, 28, 0, 0, 0, 0, 0, 0, 0, 0), 0, 2);
}
@inline function bytesOf1(v0: v128, v1: v128, v2: v128, v3: v128): v128 {
  return i64x2.shuffle(i8x16.shuffle(v0, v1, 1, 5, 9, 13, 17, 21, 25, 29, 0, 0, 0, 0, 0, 0, 0, 0), i8x16.shuffle(v2, v3, 1, 5, 9, 13, 17, 21, 25, 29, 0, 0, 0, 0, 0, 0, 0, 0), 0, 2);
}
@inline function bytesOf2(v0: v128, v1: v128, v2: v128, v3: v128): v128 {
  return i64x2.shuffle(i8x16.shuffle(v0, v1, 2, 6, 10, 14, 18, 22, 26, 30, 0, 0, 0, 0, 0, 0, 0, 0), i8x16.shuffle(v2, v3, 2, 6, 10, 14, 18, 22, 26, 30, 0, 0, 0, 0, 0, 0, 0, 0), 0, 2);
}
@inline function bytesOf3(v0: v128, v1: v128, v2: v128, v3: v128): v128 {
  return i64x2.shuffle(i8x16.shuffle(v0, v1, 3, 7, 11, 15, 19, 23, 27, 31, 0, 0, 0, 0, 0, 0, 0, 0), i8x16.shuffle(v2, v3, 3, 7, 11, 15, 19, 23, 27, 31, 0, 0, 0, 0, 0, 0, 0, 0), 0, 2);
}

/**
 * HITBY's 16 bits of sets q..q + 15 for cells c0..c0 + 7 (below 27), from byte c0 / 8 of their
 * cands (`bytes`): bit i of each byte moved to its sign bit. The shifts are constants, as V8
 * shifts bytes by a variable amount in several instructions.
 */
@inline function hitBy(q: i32, c0: i32, bytes: v128): void {
  hitRow(q, c0, i8x16.bitmask(i8x16.shl(bytes, 7)));
  hitRow(q, c0 + 1, i8x16.bitmask(i8x16.shl(bytes, 6)));
  hitRow(q, c0 + 2, i8x16.bitmask(i8x16.shl(bytes, 5)));
  if (c0 === 24) return;
  hitRow(q, c0 + 3, i8x16.bitmask(i8x16.shl(bytes, 4)));
  hitRow(q, c0 + 4, i8x16.bitmask(i8x16.shl(bytes, 3)));
  hitRow(q, c0 + 5, i8x16.bitmask(i8x16.shl(bytes, 2)));
  hitRow(q, c0 + 6, i8x16.bitmask(i8x16.shl(bytes, 1)));
  hitRow(q, c0 + 7, i8x16.bitmask(bytes));
}

/** Cell c's HITBY bits of sets q..q + 15 (q a multiple of 16; the first half of a word written, the second ORed). */
@inline function hitRow(q: i32, c: i32, bits: i32): void {
  const at = c * WORDS + (q >> 5);
  setWord(HITBY, at, (q & 16) === 0 ? bits : word(HITBY, at) | (bits << 16));
}

/**
 * JoinList.group: the cells `cells` whose vector is level `from` (their own when `own`); levels
 * from `top` up are free; the sets not yet in the vector are PEND's row g. The same passes as
 * the TypeScript group, whose scans of the sets are bit masks here: the sets no cell of the
 * group hits are the pending ones outside the OR of its cells' HITBY rows, the next split the
 * first pending set outside their AND.
 */
function group(cells: i32, from: i32, own: bool, top: i32, g: i32): void {
  let lv = from;
  let mine = own;
  const pend = PEND + (<usize>(g * WORDS) << 2);
  for (;;) {
    // The sets no cell of the group hits, four a pass (repeats for fewer; TypeScript: two).
    let waiting = 0;
    let j = 0;
    let k = 0;
    let l = 0;
    for (let w = 0; w < NW; w++) {
      let any = 0;
      for (let m = cells; m !== 0; m &= m - 1) any |= word(HITBY, ctz(m) * WORDS + w);
      const p = word(pend, w);
      setWord(pend, w, p & any);
      for (let x = p & ~any; x !== 0; x &= x - 1) {
        const s = word(SETS, 32 * w + ctz(x));
        if (waiting === 0) j = s;
        else if (waiting === 1) k = s;
        else if (waiting === 2) l = s;
        else {
          lv = groupPass(lv, mine, top, j, k, l, s);
          mine = true;
          waiting = 0;
          if (lv < 0) return;
          continue;
        }
        waiting++;
      }
    }
    if (waiting > 0) {
      lv = groupPass(lv, mine, top, j, waiting > 1 ? k : j, waiting > 2 ? l : j, j);
      mine = true;
      if (lv < 0) return;
    }
    // The first pending set some cells of the group hit and others miss: those cells go on alone.
    let r = -1;
    for (let w = 0; w < NW && r < 0; w++) {
      let all = -1;
      for (let m = cells; m !== 0; m &= m - 1) all &= word(HITBY, ctz(m) * WORDS + w);
      const x = word(pend, w) & ~all;
      if (x !== 0) r = 32 * w + ctz(x);
    }
    if (r < 0) break;
    const h = word(CANDS, r) & cells;
    // Their pending sets are this group's: those before r and r itself every cell of h hits,
    // so they neither AND them nor split at them. Set r stays pending here (no cell left hits it).
    const next = pend + (<usize>WORDS << 2);
    for (let w = 0; w < NW; w++) setWord(next, w, word(pend, w));
    group(h, lv, false, mine ? lv + 1 : top, g + 1);
    cells &= ~h;
  }
  const at = emitted;
  const e = emit(lv, at);
  emitted += e;
  for (let m = cells; m !== 0; m &= m - 1) {
    const c = ctz(m);
    setWord(START, c, at);
    setWord(COUNT, c, e);
  }
}

/** JoinList.groupPass: a group's level `lv` AND sets j, k, l and m into its own level (`top` when it has none yet); that level, or -1 when it holds no entry. */
@inline function groupPass(lv: i32, own: bool, top: i32, j: i32, k: i32, l: i32, m: i32): i32 {
  const to = own ? lv : top;
  return andSet(lv, to, j, k, l, m) === 0 ? -1 : to;
}

/** JoinList.andSet: level `to` := level `from` AND the hit vectors of sets j, k, l and m (repeats for fewer); its nLive. */
function andSet(from: i32, to: i32, j: i32, k: i32, l: i32, m: i32): i32 {
  const h = HITS + (<usize>(j * EB) << 4);
  const h2 = HITS + (<usize>(k * EB) << 4);
  const h3 = HITS + (<usize>(l * EB) << 4);
  const h4 = HITS + (<usize>(m * EB) << 4);
  const src = word(REF, from);
  const nSrc = word(NLIVE, src);
  const b = CUR + (<usize>(to * EB) << 4);
  const bl = LIVE + (<usize>(to * EB) << 2);
  let n = 0;
  if (nSrc < 0) {
    for (let i = 0; i < EB; i++) {
      const o = <usize>i << 4;
      const v = v128.and(v128.and(v128.load(h + o), v128.load(h2 + o)), v128.and(v128.load(h3 + o), v128.load(h4 + o)));
      v128.store(b + o, v);
      // Branch-free: the block is always listed, and kept only when it is not zero.
      store<i32>(bl + (<usize>n << 2), i);
      n += i32(v128.any_true(v));
    }
  } else {
    const a = CUR + (<usize>(src * EB) << 4);
    const al = LIVE + (<usize>(src * EB) << 2);
    for (let t = 0; t < nSrc; t++) {
      const i = load<i32>(al + (<usize>t << 2));
      const o = <usize>i << 4;
      const v = v128.and(v128.and(v128.and(v128.load(a + o), v128.load(h + o)), v128.and(v128.load(h2 + o), v128.load(h3 + o))), v128.load(h4 + o));
      v128.store(b + o, v);
      store<i32>(bl + (<usize>n << 2), i);
      n += i32(v128.any_true(v));
    }
  }
  setWord(REF, to, to);
  setWord(NLIVE, to, n);
  return n;
}

/** JoinList.and: level `to` := level `from` AND the hit vectors of the sets at SETS, four a pass (TypeScript: two). */
function and(from: i32, to: i32): i32 {
  setWord(REF, to, word(REF, from));
  let nLive = word(NLIVE, word(REF, from));
  let src = from;
  // The sets waiting for a pass (up to four), repeated to four when it runs with fewer.
  let waiting = 0;
  let j = 0;
  let k = 0;
  let l = 0;
  for (let w = 0; w < WORDS && nLive !== 0; w++) {
    for (let x = word(SETS, w); x !== 0 && nLive !== 0; x &= x - 1) {
      const s = 32 * w + ctz(x);
      if (waiting === 0) j = s;
      else if (waiting === 1) k = s;
      else if (waiting === 2) l = s;
      else {
        nLive = andSet(src, to, j, k, l, s);
        src = to;
        waiting = 0;
        continue;
      }
      waiting++;
    }
  }
  if (waiting > 0 && nLive !== 0) nLive = andSet(src, to, j, waiting > 1 ? k : j, waiting > 2 ? l : j, j);
  return nLive;
}

/** JoinList.emit: the entries of level `level` into OUT from `at`; returns how many. */
function emit(level: i32, at: i32): i32 {
  const l = word(REF, level);
  const nLive = word(NLIVE, l);
  if (nLive < 0) {
    for (let e = 0; e < ENTRIES; e++) setWord(OUT, at + e, e);
    return ENTRIES;
  }
  const a = CUR + (<usize>(l * EB) << 4);
  const al = LIVE + (<usize>(l * EB) << 2);
  let n = at;
  for (let t = 0; t < nLive; t++) {
    const i = load<i32>(al + (<usize>t << 2));
    for (let w = 4 * i; w < 4 * i + 4; w++) {
      for (let v = word(a, w); v !== 0; v &= v - 1) setWord(OUT, n++, word(SLOT, 32 * w + ctz(v)));
    }
  }
  return n - at;
}

/** Cells of stack s inside a band word. */
const STACK0: i32 = 0x1c0e07;
const STACK1: i32 = 0x1c0e07 << 3;
const STACK2: i32 = 0x1c0e07 << 6;

/** Clues mini-row block i of the pair's missed codes needs: 2 when its three pairs are missed, 1 for any code, else 0. */
@inline function need(w: v128, e: usize, i: i32): i32 {
  const p = i32x4.bitmask(i32x4.ne(v128.and(w, v128.load(e + (<usize>i << 4))), i32x4.splat(0)));
  return i32(p !== 0) + i32((p & 7) === 7);
}

/**
 * JoinList.pairsPast: of the entries OUT[from..to), those whose pair with the walked set (band
 * word `cells`, code words at WCODE) keeps every stack within `cap` clues and whose mini-row
 * bound fits: at most k clues, and within each stack's room. Into PASS; returns how many (fitted():
 * those within the caps). The TypeScript filter reads the mini-rows one at a time; here a
 * mini-row's four codes are one block.
 */
export function pairsPast(from: i32, to: i32, cells: i32, cap: i32, k: i32): i32 {
  const q0 = cap - popcnt(cells & STACK0);
  const q1 = cap - popcnt(cells & STACK1);
  const q2 = cap - popcnt(cells & STACK2);
  const w0 = v128.load(WCODE);
  const w1 = v128.load(WCODE, 16);
  const w2 = v128.load(WCODE, 32);
  const w3 = v128.load(WCODE, 48);
  const w4 = v128.load(WCODE, 64);
  const w5 = v128.load(WCODE, 80);
  const w6 = v128.load(WCODE, 96);
  const w7 = v128.load(WCODE, 112);
  const w8 = v128.load(WCODE, 128);
  let f = 0;
  let n = 0;
  for (let t = from; t < to; t++) {
    const e = word(OUT, t);
    const other = word(CELLS, e);
    const r0 = q0 - popcnt(other & STACK0);
    const r1 = q1 - popcnt(other & STACK1);
    const r2 = q2 - popcnt(other & STACK2);
    if ((r0 | r1 | r2) < 0) continue;
    f++;
    const c = CODE + <usize>(e * CODES) * 4;
    // Mini-row i lies in stack i % 3.
    const n0 = need(w0, c, 0) + need(w3, c, 3) + need(w6, c, 6);
    if (n0 > r0) continue;
    const n1 = need(w1, c, 1) + need(w4, c, 4) + need(w7, c, 7);
    if (n1 > r1) continue;
    const n2 = need(w2, c, 2) + need(w5, c, 5) + need(w8, c, 8);
    if (n2 > r2 || n0 + n1 + n2 > k) continue;
    setWord(PASS, n++, e);
  }
  fit = f;
  return n;
}

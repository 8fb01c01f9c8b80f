/**
 * The 17-clue search's XY leaf before band 3 (ua/leafParts.ts's TsLeaf), in AssemblyScript
 * (compiled by scripts/solverWasm.mjs, not by tsc): the vector of the sets of `three` a leaf
 * misses, their list, the bound on their band-3 clues, and the minimal parts (the sieve). The
 * same answers as the TypeScript kernel (test/engine/leafParts.test.ts runs both); leafParts.ts
 * explains the steps, the comments here only say where this one differs.
 *
 * What is different: `three` lives in this module's memory as well, laid out by layout() for a
 * vector of W words (sets up to 32 W) and kept up to date by the host as sets are added
 * (ua/wasmLeaf.ts); a leaf is a call each for bound(), sieve() and mayComplete(), with only its
 * clues copied in and its parts read out. The vector is ORed by blocks of four words, a v128
 * each, all the leaf's rows per block. mayComplete() has no TypeScript twin: it is clueSearch.ts's
 * band-3 walk, run here to tell the leaves that walk would find nothing for.
 */

/** Words per hit row (a multiple of 8, as UAVectors grows it): sets up to 32 W. */
let W: i32 = 0;
/** Per cell of bands 1+2 (c * W words): the sets it hits (UAVectors.hit, the same layout). */
let HIT: usize = 0;
/** Per set: its band-3 part (i32), its mini-row code (i8), the codes inside its part (inLo i32, inHi i8). */
let PART: usize = 0;
let MINI: usize = 0;
let INLO: usize = 0;
let INHI: usize = 0;
/** The leaf's clues (cells 0..53, the host writes them), its vector, the sets it misses. */
let CHOSEN: usize = 0;
let V3: usize = 0;
let MISSED: usize = 0;
let nMissed: i32 = 0;
/** The sieve's scratch (sorted sets, kept plain parts, sizes) and its output. */
let SORTED: usize = 0;
let PLAIN: usize = 0;
let START: usize = 0;
let PARTS: usize = 0;
/** Per mini-row, the kinds of its parts among the missed sets (bit 0..2 a pair, bit 3 the triplet). */
let CODES: usize = 0;

const STACK0: i32 = 0x1c0e07;

@inline function word(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline function setWord(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

/** A region of `bytes` bytes from `at`, 16-byte aligned; returns where the next one starts. */
function region(at: usize, bytes: i32): usize {
  return (at + <usize>max(bytes, 4) + 15) & ~15;
}

/**
 * Lays out the memory for `three` with vectors of `w` words, growing it as needed; the host then
 * writes every set. False (0) when the memory cannot grow that far.
 */
export function layout(w: i32): i32 {
  W = w;
  const sets = 32 * w;
  HIT = (__heap_base + 15) & ~15;
  PART = region(HIT, 54 * w * 4);
  MINI = region(PART, sets * 4);
  INLO = region(MINI, sets);
  INHI = region(INLO, sets * 4);
  CHOSEN = region(INHI, sets);
  V3 = region(CHOSEN, 81 * 4);
  MISSED = region(V3, w * 4);
  SORTED = region(MISSED, sets * 4);
  PLAIN = region(SORTED, sets * 4);
  START = region(PLAIN, sets * 4);
  CODES = region(START, 29 * 4);
  PARTS = region(CODES, 9 * 4);
  const end = region(PARTS, sets * 4);
  const have = <usize>memory.size() << 16;
  if (end > have && memory.grow(<i32>((end - have + 0xffff) >> 16)) < 0) return 0;
  // A new layout starts from no set: rows written by the host for the sets it adds.
  memory.fill(HIT, 0, 54 * w * 4);
  return 1;
}

export function hitAt(): usize {
  return HIT;
}
export function partAt(): usize {
  return PART;
}
export function miniAt(): usize {
  return MINI;
}
export function inLoAt(): usize {
  return INLO;
}
export function inHiAt(): usize {
  return INHI;
}
export function chosenAt(): usize {
  return CHOSEN;
}
export function partsAt(): usize {
  return PARTS;
}

/**
 * TsLeaf.bound for the leaf CHOSEN[0..d-1] over the first `count` sets: the vector, the list of
 * the sets missed (kept for sieve), the bound. 1 when the leaf fits k and the rooms.
 */
export function bound(count: i32, d: i32, k: i32, room0: i32, room1: i32, room2: i32): i32 {
  const used = (count + 31) >> 5;
  // All the leaf's rows per block of four words: each block of v3 written once. The rows are
  // padded to whole blocks (W a multiple of 8); the words past `used` are not read.
  const rowBytes = <usize>W << 2;
  for (let b = 0; b < used; b += 4) {
    const o = <usize>b << 2;
    let acc = i32x4.splat(0);
    for (let t = 0; t < d; t++) acc = v128.or(acc, v128.load(HIT + <usize>word(CHOSEN, t) * rowBytes + o));
    v128.store(V3 + o, v128.not(acc));
  }
  if ((count & 31) !== 0) setWord(V3, used - 1, word(V3, used - 1) & ((1 << (count & 31)) - 1));
  let n = 0;
  for (let w = 0; w < used; w++) {
    for (let x = word(V3, w); x !== 0; x &= x - 1) setWord(MISSED, n++, 32 * w + ctz(x));
  }
  nMissed = n;

  for (let i = 0; i < 9; i++) setWord(CODES, i, 0);
  for (let j = 0; j < n; j++) {
    const code = <i32>load<i8>(MINI + <usize>word(MISSED, j));
    if (code >= 0) setWord(CODES, code >> 2, word(CODES, code >> 2) | (1 << (code & 3)));
  }
  let lb = 0;
  let union = 0;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < 9; i++) {
    const p = word(CODES, i);
    if (p === 0) continue;
    const need = (p & 7) === 7 ? 2 : 1;
    lb += need;
    const s = i % 3;
    if (s === 0) s0 += need;
    else if (s === 1) s1 += need;
    else s2 += need;
    union |= 7 << (9 * (i / 3) + 3 * s);
  }
  if (lb > k) return 0;
  for (let j = 0; j < n; j++) {
    const i = word(MISSED, j);
    if (load<i8>(MINI + <usize>i) >= 0) continue;
    const p = word(PART, i);
    if ((p & union) !== 0) continue;
    union |= p;
    if (++lb > k) return 0;
    if ((p & ~STACK0) === 0) s0++;
    else if ((p & ~(STACK0 << 3)) === 0) s1++;
    else if ((p & ~(STACK0 << 6)) === 0) s2++;
  }
  return i32(s0 <= room0 && s1 <= room1 && s2 <= room2);
}

/** PartSieve.minimal on the sets the last bound() found missed: the parts into PARTS, their number. */
export function sieve(): i32 {
  const n = nMissed;
  for (let s = 0; s < 29; s++) setWord(START, s, 0);
  for (let j = 0; j < n; j++) {
    const a = popcnt(word(PART, word(MISSED, j))) + 1;
    setWord(START, a, word(START, a) + 1);
  }
  for (let s = 1; s < 29; s++) setWord(START, s, word(START, s) + word(START, s - 1));
  for (let j = 0; j < n; j++) {
    const i = word(MISSED, j);
    const a = popcnt(word(PART, i));
    const at = word(START, a);
    setWord(START, a, at + 1);
    setWord(SORTED, at, i);
  }
  let missedLo = 0;
  for (let r = 0; r < 8; r++) missedLo |= word(CODES, r) << (4 * r);
  const missedHi = word(CODES, 8);
  let keptLo = 0;
  let keptHi = 0;
  let kept = 0;
  let nPlain = 0;
  for (let j = 0; j < n; j++) {
    const i = word(SORTED, j);
    const p = word(PART, i);
    const code = <i32>load<i8>(MINI + <usize>i);
    let lo = word(INLO, i) & missedLo;
    let hi = <i32>load<i8>(INHI + <usize>i) & missedHi;
    let own = 0;
    let ownHi = 0;
    if (code >= 0) {
      if (code < 32) own = 1 << code;
      else ownHi = 1 << (code - 32);
      if ((keptLo & own) !== 0 || (keptHi & ownHi) !== 0) continue;
      lo &= ~own;
      hi &= ~ownHi;
    }
    if ((lo | hi) !== 0) continue;
    let q = 0;
    while (q < nPlain && (word(PLAIN, q) & ~p) !== 0) q++;
    if (q < nPlain) continue;
    if (code >= 0) {
      keptLo |= own;
      keptHi |= ownHi;
    } else setWord(PLAIN, nPlain++, p);
    setWord(PARTS, kept++, p);
  }
  return kept;
}

/**
 * Whether band 3 may hold a clue set for the parts the last sieve() wrote (nParts of them): k
 * clues hitting every part within the stack rooms. 0 only when it surely holds none, by
 * clueSearch.ts's band3 walk (the same picks, bounds and rooms) stopped at its first node with
 * no part left to hit: 1 there, a full set or free clues (which the host's walk then tries).
 * Most leaves past the check have none (97% on grid 1), so the host walks only the others.
 */
export function mayComplete(nParts: i32, k: i32, room0: i32, room1: i32, room2: i32): i32 {
  return walk(nParts, k, 0, 0, room0, room1, room2);
}

function walk(nParts: i32, left: i32, dead: i32, have: i32, r0: i32, r1: i32, r2: i32): i32 {
  let closed = 0;
  if (r0 === 0) closed |= STACK0;
  if (r1 === 0) closed |= STACK0 << 3;
  if (r2 === 0) closed |= STACK0 << 6;
  let pick = -1;
  let best = 99;
  let inter = 0x7ffffff;
  let union = 0;
  let disjoint = 0;
  for (let i = 0; i < nParts; i++) {
    const p = word(PARTS, i);
    if (p & have) continue;
    if (left === 0) return 0;
    const live = p & ~dead & ~closed;
    if (live === 0) return 0;
    if (left === 1) {
      if ((inter &= live) === 0) return 0;
      pick = i;
      continue;
    }
    if ((live & union) === 0) {
      union |= live;
      if (++disjoint > left) return 0;
    }
    const cnt = popcnt(live);
    if (cnt < best) {
      best = cnt;
      pick = i;
      if (cnt === 1) break;
    }
  }
  if (pick < 0) return 1;
  let cand = (left === 1 ? inter : word(PARTS, pick) & ~dead) & ~closed;
  let dd = dead;
  while (cand !== 0) {
    const low = cand & -cand;
    cand ^= low;
    const s = (ctz(low) % 9) / 3;
    if (walk(nParts, left - 1, dd, have | low, r0 - i32(s === 0), r1 - i32(s === 1), r2 - i32(s === 2))) return 1;
    dd |= low;
  }
  return 0;
}

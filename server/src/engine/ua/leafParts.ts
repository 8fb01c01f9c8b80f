/**
 * An XY leaf's band-3 work before band 3 is searched (clueSearch.ts, step 2 of its header): the
 * sets of `three` the leaf misses (a bit vector ORed from the hit rows of its clues, then the
 * list of its bits), the bound on the band-3 clues they need, and, for a leaf past the bands 1+2
 * check, their minimal band-3 parts. This is the TypeScript kernel; core/wasm/leafCore.ts does
 * the same in WebAssembly (ua/wasmLeaf.ts picks one), and the tests compare the two.
 */
import { STACK_MASK, popcount27 } from './cells';
import type { UAVectors } from './clueSearch';

/** One leaf's band-3 work: bound, then (past the bands 1+2 check) sieve, on the same leaf. */
export interface LeafKernel {
  /**
   * The sets of `three` the leaf chosen[0..d-1] (cells 0..53) misses, and the bound on the clues
   * their band-3 parts need: false when it is above k, or above a stack's room (room0..2).
   */
  bound(three: UAVectors, chosen: Int32Array, d: number, k: number, room0: number, room1: number, room2: number): boolean;
  /** The minimal band-3 parts of the sets the last bound found missed, smallest first, into `parts`; their number. */
  sieve(): number;
  /** Where sieve writes; valid until the next bound (room for every missed set). */
  readonly parts: Int32Array;
  /**
   * Whether band 3 may hold k clues hitting the `n` parts the last sieve wrote, within the stack
   * rooms: false only when it surely holds none (then the search's band-3 walk is not run). A
   * kernel without it leaves every leaf to that walk.
   */
  mayComplete?(n: number, k: number, room0: number, room1: number, room2: number): boolean;
}

/** Cells of mini-row i (3 * row + box) in the band word. */
export const MINI_CELLS = Array.from({ length: 9 }, (_, i) => 7 << (9 * ((i / 3) | 0) + 3 * (i % 3)));

/** The indices of the bits set in words v[0..used-1], ascending, into `out` (room for 32 * used); their number. */
export function bitIndices(v: Int32Array, used: number, out: Int32Array): number {
  let n = 0;
  for (let w = 0; w < used; w++) {
    for (let x = v[w]; x !== 0; x &= x - 1) out[n++] = 32 * w + 31 - Math.clz32(x & -x);
  }
  return n;
}

/** The TypeScript kernel: the oracle of the WebAssembly one, and the fallback where it does not load. */
export class TsLeaf implements LeafKernel {
  private v3 = new Int32Array(0);
  private W3 = 0;
  /** The sets the leaf misses (indices, ascending), read once from v3 for the bound and the parts. */
  private missed = new Int32Array(0);
  private nMissed = 0;
  private three: UAVectors | undefined;
  /** Per mini-row, the kinds of its parts among the missed sets (bit 0..2 a pair, bit 3 the triplet). */
  private readonly miniPairs = new Int32Array(9);
  private readonly perStack = new Int32Array(3);
  private readonly partSieve = new PartSieve();
  parts = new Int32Array(1024);

  bound(three: UAVectors, chosen: Int32Array, d: number, k: number, room0: number, room1: number, room2: number): boolean {
    if (three.W !== this.W3) {
      this.v3 = new Int32Array(three.W);
      this.missed = new Int32Array(32 * three.W);
      this.W3 = three.W;
    }
    this.three = three;
    this.completeV3(three, chosen, d);
    this.nMissed = bitIndices(this.v3, (three.count + 31) >> 5, this.missed);
    return this.fits(three, k, room0, room1, room2);
  }

  sieve(): number {
    if (this.parts.length < this.nMissed) this.parts = new Int32Array(Math.max(this.nMissed, 2 * this.parts.length));
    return this.partSieve.minimal(this.three!, this.missed, this.nMissed, this.miniPairs, this.parts);
  }

  /** The vector of the sets of `three` that chosen[0..d-1] misses, into v3. */
  private completeV3(three: UAVectors, ch: Int32Array, d: number): void {
    const used = (three.count + 31) >> 5;
    const W3 = this.W3;
    const v3 = this.v3;
    const h3 = three.hit;
    // Four rows a pass over the vector, so v3 is read and written a quarter as often (the last
    // pass repeats its last row when fewer are left); the first pass sets it. With no clue in
    // bands 1+2 (k = n) no pass runs and nothing is hit.
    if (d === 0) v3.fill(0, 0, used);
    for (let t = 0; t < d; t += 4) {
      const a = ch[t] * W3;
      const b = ch[Math.min(t + 1, d - 1)] * W3;
      const c = ch[Math.min(t + 2, d - 1)] * W3;
      const e = ch[Math.min(t + 3, d - 1)] * W3;
      if (t === 0) for (let w = 0; w < used; w++) v3[w] = h3[a + w] | h3[b + w] | h3[c + w] | h3[e + w];
      else for (let w = 0; w < used; w++) v3[w] |= h3[a + w] | h3[b + w] | h3[c + w] | h3[e + w];
    }
    for (let w = 0; w < used; w++) v3[w] = ~v3[w];
    if ((three.count & 31) !== 0) v3[used - 1] &= (1 << (three.count & 31)) - 1;
  }

  /**
   * Lower bound on the band-3 clues from the missed sets: per mini-row, its missed pairs need
   * 1 clue (2 when all three pairs are missed), its triplet 1; other parts disjoint from those
   * and from each other add 1 each (greedy, small parts first). False when above k, or above a
   * stack's room.
   */
  private fits(three: UAVectors, k: number, room0: number, room1: number, room2: number): boolean {
    const missed = this.missed;
    const n = this.nMissed;
    const pairs = this.miniPairs;
    pairs.fill(0);
    for (let j = 0; j < n; j++) {
      const code = three.mini[missed[j]];
      if (code >= 0) pairs[code >> 2] |= 1 << (code & 3);
    }
    let lb = 0;
    let union = 0;
    const perStack = this.perStack;
    perStack[0] = perStack[1] = perStack[2] = 0;
    for (let i = 0; i < 9; i++) {
      const p = pairs[i];
      if (p === 0) continue;
      const need = (p & 7) === 7 ? 2 : 1;
      lb += need;
      perStack[i % 3] += need;
      union |= MINI_CELLS[i];
    }
    if (lb > k) return false;
    for (let j = 0; j < n; j++) {
      const i = missed[j];
      if (three.mini[i] >= 0) continue;
      const p = three.sets[3 * i + 2];
      if ((p & union) !== 0) continue;
      union |= p;
      if (++lb > k) return false;
      if ((p & ~STACK_MASK[0]) === 0) perStack[0]++;
      else if ((p & ~STACK_MASK[1]) === 0) perStack[1]++;
      else if ((p & ~STACK_MASK[2]) === 0) perStack[2]++;
    }
    return perStack[0] <= room0 && perStack[1] <= room1 && perStack[2] <= room2;
  }
}

/**
 * The minimal band-3 parts of the sets an XY leaf misses: distinct, none containing another,
 * smallest first (equal sizes in set order), as the band-3 search branches on them.
 */
export class PartSieve {
  /** The missed sets, their band-3 parts smallest first (a counting sort by size, stable). */
  private sorted = new Int32Array(1024);
  /** The parts kept so far that are not a mini-row's pair or triplet (the scan's list). */
  private plain = new Int32Array(1024);
  private readonly sizeStart = new Int32Array(29);

  /**
   * The minimal parts of the sets `missed[0..n-1]` of `three` (ascending indices) into `parts`
   * (room for n), their number returned. `missedCodes[r]`: the kinds of mini-row r's parts
   * among them (bit 0..2 a pair, bit 3 the triplet), as the leaf's bound collects them.
   */
  minimal(three: UAVectors, missed: Int32Array, n: number, missedCodes: Int32Array, parts: Int32Array): number {
    // A counting sort by size: per-size arrays cost more than the scan below.
    const sets = three.sets;
    const start = this.sizeStart;
    start.fill(0);
    for (let j = 0; j < n; j++) start[popcount27(sets[3 * missed[j] + 2]) + 1]++;
    for (let size = 1; size < 29; size++) start[size] += start[size - 1];
    if (this.sorted.length < n) {
      this.sorted = new Int32Array(2 * n);
      this.plain = new Int32Array(2 * n);
    }
    const sorted = this.sorted;
    for (let j = 0; j < n; j++) {
      const i = missed[j];
      sorted[start[popcount27(sets[3 * i + 2])]++] = i;
    }
    // A part is dropped when a kept one lies inside it. Of those dropped, 84% hold a missed
    // mini-row pair or triplet (grid 1): one AND of the codes inside the part with the codes
    // missed tells them, so the scan compares only with the kept parts that are not one.
    const mc = missedCodes;
    const missedLo = mc[0] | (mc[1] << 4) | (mc[2] << 8) | (mc[3] << 12) | (mc[4] << 16) | (mc[5] << 20) | (mc[6] << 24) | (mc[7] << 28);
    const missedHi = mc[8];
    let keptLo = 0;
    let keptHi = 0;
    const plain = this.plain;
    let kept = 0;
    let nPlain = 0;
    for (let j = 0; j < n; j++) {
      const i = sorted[j];
      const p = sets[3 * i + 2];
      const code = three.mini[i];
      let lo = three.inLo[i] & missedLo;
      let hi = three.inHi[i] & missedHi;
      let own = 0;
      let ownHi = 0;
      if (code >= 0) {
        // Its own code is among those missed (by this set): a triplet may hold a missed pair,
        // and an equal part kept before has the same code.
        if (code < 32) own = 1 << code;
        else ownHi = 1 << (code - 32);
        if ((keptLo & own) !== 0 || (keptHi & ownHi) !== 0) continue;
        lo &= ~own;
        hi &= ~ownHi;
      }
      if ((lo | hi) !== 0) continue;
      let q = 0;
      while (q < nPlain && (plain[q] & ~p) !== 0) q++;
      if (q < nPlain) continue;
      if (code >= 0) {
        keptLo |= own;
        keptHi |= ownHi;
      } else plain[nPlain++] = p;
      parts[kept++] = p;
    }
    return kept;
  }
}

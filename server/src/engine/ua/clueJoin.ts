/**
 * The stored side of the 17-clue search's X × Y join (clueSearch.ts): the clue sets of one
 * band, each with the bit vector of the "cross" UA sets it misses (UA sets with cells in both
 * bands 1 and 2). A clue set X of the other band pairs with an entry Y when no cross set is
 * missed by both: (missX AND missY) = 0.
 *
 * Testing every pair costs |X| x |Y| (10^9 a band pair for 5 x 6 clues). So the list is
 * turned around once it is complete: per cross set, the bit vector of the entries that hit
 * it. The partners of X are the AND of those vectors over the sets X misses, the most
 * selective first (the caller orders the sets: fewest cells in the listed band first); the
 * words still non-zero are tracked, so after a few sets only those are ANDed, and an empty
 * vector stops the walk. Measured faster than buckets keyed by the first 16 sets missed,
 * which still tested ~170 entries per X (BENCHMARKS.md, the 17-clue join).
 */

export class JoinList {
  count = 0;
  /** Per entry: its band word (cells of the band, bit i = cell i of the band). */
  cells = new Int32Array(256);
  /** Per entry, `words` words from words * entry: the cross sets it misses (until seal). */
  private miss: Int32Array;
  /** After seal: per cross set j, from j * EW, the entries that hit it. */
  private hits = new Int32Array(0);
  private EW = 0;
  /** After seal: the entry at each bit position of the hit vectors. */
  private slot = new Int32Array(0);
  // Scratch for partners: the entry vector and its non-zero words.
  private cur = new Int32Array(0);
  private live = new Int32Array(0);
  private nLive = -1;
  // lastBase's result, the start of lastPartners.
  private baseCur = new Int32Array(0);
  private baseLive = new Int32Array(0);
  private nBase = -1;

  /** `words` words per miss vector, for `sets` cross sets. */
  constructor(
    readonly words: number,
    readonly sets: number,
  ) {
    this.miss = new Int32Array(256 * Math.max(1, words));
  }

  /** Adds an entry: its band word and its miss vector (from `at` in `vec`); returns its index. */
  add(cells: number, vec: ArrayLike<number>, at: number): number {
    const i = this.count;
    if (i === this.cells.length) {
      const cells2 = new Int32Array(2 * i);
      cells2.set(this.cells);
      this.cells = cells2;
      const miss2 = new Int32Array(2 * this.miss.length);
      miss2.set(this.miss);
      this.miss = miss2;
    }
    this.cells[i] = cells;
    const W = this.words;
    for (let w = 0; w < W; w++) this.miss[i * W + w] = vec[at + w];
    this.count++;
    return i;
  }

  /** Turns the list around (per cross set, the entries hitting it); call once, after the last add. */
  seal(): void {
    const EW = (this.count + 31) >> 5;
    const W = this.words;
    // Entries that miss the same first (most selective) sets side by side: their bits die
    // together, so whole words leave the AND sooner.
    const rank = Array.from({ length: this.count }, (_, e) => e);
    if (W > 0) rank.sort((a, b) => (this.miss[a * W] >>> 0) - (this.miss[b * W] >>> 0) || a - b);
    const hits = new Int32Array(Math.max(1, this.sets * EW));
    for (let e = 0; e < this.count; e++) {
      const src = rank[e];
      const bit = 1 << (e & 31);
      const ew = e >> 5;
      for (let w = 0; w < W; w++) {
        // The sets of word w that entry e hits.
        let x = ~this.miss[src * W + w];
        if (w === W - 1 && (this.sets & 31) !== 0) x &= (1 << (this.sets & 31)) - 1;
        while (x !== 0) {
          const low = x & -x;
          x ^= low;
          hits[(32 * w + 31 - Math.clz32(low)) * EW + ew] |= bit;
        }
      }
    }
    this.slot = Int32Array.from(rank);
    this.hits = hits;
    this.EW = EW;
    this.cur = new Int32Array(EW);
    this.live = new Int32Array(EW);
    this.baseCur = new Int32Array(EW);
    this.baseLive = new Int32Array(EW);
    this.miss = new Int32Array(0);
  }

  /**
   * The entries that hit every cross set the other side misses (`miss`, `words` words from
   * `at`), into `out` (room for `count` entries); returns how many.
   */
  partners(miss: Int32Array, at: number, out: Int32Array): number {
    this.nLive = -1;
    this.and(miss, at, null, 0, false);
    return this.emit(out);
  }

  /**
   * One clue before the end of the other side (its misses so far in `miss`, the part of each
   * cross set in that side's band in `parts`, its possible last cells `cand`): the entries
   * that hit the sets no last cell can hit, kept as the base of lastPartners; false when
   * there are none (no last cell has a partner).
   */
  lastBase(miss: Int32Array, at: number, parts: Int32Array, cand: number): boolean {
    this.nLive = -1;
    this.and(miss, at, parts, cand, false);
    this.nBase = this.nLive;
    for (let j = 0; j < this.nLive; j++) {
      const i = this.live[j];
      this.baseLive[j] = i;
      this.baseCur[i] = this.cur[i];
    }
    return this.nLive !== 0;
  }

  /** partners for a last cell of lastBase's `cand` (its misses in `miss`): the base ANDed with the sets that meet `cand`. */
  lastPartners(miss: Int32Array, at: number, out: Int32Array, parts: Int32Array, cand: number): number {
    this.nLive = this.nBase;
    for (let j = 0; j < this.nBase; j++) {
      const i = this.baseLive[j];
      this.live[j] = i;
      this.cur[i] = this.baseCur[i];
    }
    this.and(miss, at, parts, cand, true);
    return this.emit(out);
  }

  /**
   * ANDs into cur/live (nLive < 0: every entry) the hit vectors of the sets missed, all of
   * them or (with parts) those whose part meets `mask` (touching) or not (!touching).
   */
  private and(miss: Int32Array, at: number, parts: Int32Array | null, mask: number, touching: boolean): void {
    const EW = this.EW;
    const cur = this.cur;
    const live = this.live;
    const hits = this.hits;
    let nLive = this.nLive;
    for (let w = 0; w < this.words && nLive !== 0; w++) {
      let x = miss[at + w];
      while (x !== 0 && nLive !== 0) {
        const low = x & -x;
        x ^= low;
        const set = 32 * w + 31 - Math.clz32(low);
        if (parts && (parts[set] & mask) !== 0 !== touching) continue;
        const h = set * EW;
        if (nLive < 0) {
          // The first set: its entries, by their non-zero words.
          nLive = 0;
          for (let i = 0; i < EW; i++) {
            const v = hits[h + i];
            cur[i] = v;
            if (v !== 0) live[nLive++] = i;
          }
          continue;
        }
        let n = 0;
        for (let j = 0; j < nLive; j++) {
          const i = live[j];
          const v = cur[i] & hits[h + i];
          cur[i] = v;
          if (v !== 0) live[n++] = i;
        }
        nLive = n;
      }
    }
    this.nLive = nLive;
  }

  /** The entries left in cur/live into `out`; returns how many. */
  private emit(out: Int32Array): number {
    if (this.nLive < 0) {
      // No set ANDed: every entry.
      for (let e = 0; e < this.count; e++) out[e] = e;
      return this.count;
    }
    let n = 0;
    for (let j = 0; j < this.nLive; j++) {
      const i = this.live[j];
      for (let v = this.cur[i]; v !== 0; v &= v - 1) out[n++] = this.slot[32 * i + 31 - Math.clz32(v & -v)];
    }
    return n;
  }
}

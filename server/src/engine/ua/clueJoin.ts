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
 * vector stops the AND. Measured faster than buckets keyed by the first 16 sets missed,
 * which still tested ~170 entries per X (BENCHMARKS.md, the 17-clue join).
 *
 * The other side is walked (clueWalk.ts), and a set its walk can no longer hit below a node
 * is ANDed there once, into that node's level, for every clue set below it; an empty level
 * cuts the node. The node before the last clue asks for all its last clues at once
 * (lastClues): most of them miss the same sets, so those are ANDed once for the group, before
 * the cells that hit some of the others split off.
 *
 * A walked set's partners then pass a first filter (pairsPast): the stacks' caps and the mini-row
 * part of clueSearch.ts's band-3 bound, from 36 code words per side (per band-3 code, the first 32
 * gangster sets of that code the side misses), which rejects 98% of the pairs.
 *
 * After seal the ANDs run in a WebAssembly kernel where it loads (ua/wasmJoin.ts: the same
 * ANDs, the hit vectors, levels and the walked side's rows in its memory, a node's close and
 * its groups one call each); the TypeScript kernel here is its fallback and the tests' oracle.
 */
import { STACK_MASK, popcount27 } from './cells';
import { joinKernel, type JoinKernel } from './wasmJoin';

/** Depths of the walked side's walk: the root and a clue per cell of its band. */
const DEPTHS = 28;
/** Code words per side: band-3 codes (4 * mini-row + pair 0..2 / triplet 3), 9 mini-rows x 4. */
export const CODES = 36;

export class JoinList {
  count = 0;
  /** Per entry: its band word (cells of the band, bit i = cell i of the band). */
  cells = new Int32Array(256);
  /** Per entry, `words` words from words * entry: the cross sets it misses (until seal). */
  private miss: Int32Array;
  /** Per entry, CODES words from CODES * entry: the codes' gangster sets it misses (in the kernel's memory after seal when it runs). */
  private codes: Int32Array = new Int32Array(256 * CODES);
  /** The walked set's code words, written by the caller before pairsPast (in the kernel's memory when it runs). */
  walkCodes: Int32Array = new Int32Array(CODES);
  /** The pairs the last pairsPast found within the stack caps. */
  fitted = 0;
  /** After seal: per cross set j, from j * EW, the entries that hit it. */
  private hits: Int32Array = new Int32Array(0);
  private EW = 0;
  /** After seal: the entry at each bit position of the hit vectors. */
  private slot = new Int32Array(0);
  /**
   * After seal: the levels of a walk, EW words each (level l from l * EW): the entries still
   * possible (cur) and the indices of its non-zero words (live, nLive of them; -1: every
   * entry). A level that ANDed nothing is its parent's (ref).
   */
  private cur = new Int32Array(0);
  private live = new Int32Array(0);
  private nLive = new Int32Array(0);
  private ref = new Int32Array(0);
  private levels = 0;
  /** After seal: the WebAssembly kernel holding the hit vectors and levels, when it runs. */
  private kernel: JoinKernel | undefined;
  /**
   * After seal, for the walked side's walk (close): per cell of its band the cross sets it
   * hits (27 rows of `words`) and per set its part in that band, both written by the caller;
   * per depth (d * words) the sets the node misses (the caller's walk writes them) and those
   * closed above it. In the kernel's memory when it runs: a node's close copies nothing in.
   */
  walkCross: Int32Array = new Int32Array(0);
  walkPart: Int32Array = new Int32Array(0);
  walkMissed: Int32Array = new Int32Array(0);
  walkClosed: Int32Array = new Int32Array(0);
  private closing = new Int32Array(0);
  /** A walked node's open sets (join order) and, per set, its last-clue cells hitting it (walkLastClues). */
  private openSets = new Int32Array(0);
  private openCands = new Int32Array(0);

  /** `words` words per miss vector, for `sets` cross sets. */
  constructor(
    readonly words: number,
    readonly sets: number,
  ) {
    this.miss = new Int32Array(256 * Math.max(1, words));
  }

  /**
   * Adds an entry: its band word, its miss vector (from `at` in `vec`) and its code words (CODES
   * from `codesAt` in `codes`; none: it misses no code); returns its index.
   */
  add(cells: number, vec: ArrayLike<number>, at: number, codes?: ArrayLike<number>, codesAt = 0): number {
    const i = this.count;
    if (i === this.cells.length) {
      const cells2 = new Int32Array(2 * i);
      cells2.set(this.cells);
      this.cells = cells2;
      const miss2 = new Int32Array(2 * this.miss.length);
      miss2.set(this.miss);
      this.miss = miss2;
      const codes2 = new Int32Array(2 * this.codes.length);
      codes2.set(this.codes);
      this.codes = codes2;
    }
    this.cells[i] = cells;
    const W = this.words;
    for (let w = 0; w < W; w++) this.miss[i * W + w] = vec[at + w];
    if (codes) for (let c = 0; c < CODES; c++) this.codes[i * CODES + c] = codes[codesAt + c];
    this.count++;
    return i;
  }

  /** Turns the list around (per cross set, the entries hitting it); call once, after the last add. */
  seal(): void {
    const EW = (this.count + 31) >> 5;
    const W = this.words;
    // Entries that miss the same first (most selective) sets side by side: their bits die
    // together, so whole words leave the AND sooner.
    // Plain loops: `from` with a mapping function iterates, an object a step (a tenth of a
    // search's allocations).
    const rank = new Array<number>(this.count);
    for (let e = 0; e < this.count; e++) rank[e] = e;
    if (W > 0) {
      // Keys with set 0 (the most selective) as the top bit: its entries first, then by set 1...
      const k0 = new Float64Array(this.count);
      const k1 = new Float64Array(this.count);
      for (let e = 0; e < this.count; e++) {
        k0[e] = reverse32(this.miss[e * W]);
        k1[e] = W > 1 ? reverse32(this.miss[e * W + 1]) : 0;
      }
      rank.sort((a, b) => k0[a] - k0[b] || k1[a] - k1[b] || a - b);
    }
    this.slot = Int32Array.from(rank);
    // The WebAssembly kernel's hit vectors are in its memory, rows of `row` words: written there.
    const kernel = joinKernel(this.count, this.sets, W, this.slot, CODES);
    const row = kernel ? kernel.row : EW;
    const hits = kernel ? kernel.hits : new Int32Array(Math.max(1, this.sets * EW));
    // Every entry hits every set, then the sets it misses are cleared: an entry misses few.
    const tail = (this.count & 31) === 0 ? -1 : (1 << (this.count & 31)) - 1;
    for (let j = 0; EW > 0 && j < this.sets; j++) {
      hits.fill(-1, j * row, j * row + EW - 1);
      hits[j * row + EW - 1] = tail;
      // A reused kernel's memory holds the last list's words where this row is padded.
      hits.fill(0, j * row + EW, (j + 1) * row);
    }
    for (let e = 0; e < this.count; e++) {
      const src = rank[e];
      const keep = ~(1 << (e & 31));
      const ew = e >> 5;
      for (let w = 0; w < W; w++) {
        for (let x = this.miss[src * W + w]; x !== 0; x &= x - 1) hits[(32 * w + 31 - Math.clz32(x & -x)) * row + ew] &= keep;
      }
    }
    this.EW = EW;
    this.levels = 0;
    this.miss = new Int32Array(0);
    this.kernel = kernel;
    if (kernel) {
      kernel.cells.set(this.cells.subarray(0, this.count));
      kernel.codes.set(this.codes.subarray(0, this.count * CODES));
      this.codes = new Int32Array(0);
      this.walkCodes = kernel.walkCodes;
      this.walkCross = kernel.cross;
      this.walkPart = kernel.part;
      this.walkMissed = kernel.jx;
      this.walkClosed = kernel.closed;
    } else {
      this.hits = hits;
      this.grow(8);
      this.walkCross = new Int32Array(27 * W);
      this.walkPart = new Int32Array(this.sets);
      this.walkMissed = new Int32Array(DEPTHS * W);
      this.walkClosed = new Int32Array(DEPTHS * W);
      this.closing = new Int32Array(W);
      this.openSets = new Int32Array(this.sets);
      this.openCands = new Int32Array(this.sets);
    }
  }

  /** Done with the list: its WebAssembly instance goes to the next list sealed. Not used after. */
  release(): void {
    this.kernel?.release();
    this.kernel = undefined;
  }

  /**
   * Level `to` of a walk: level `from` (level 0: every entry) ANDed with the hit vectors of
   * the sets in `sets` (`words` words from `at`), the sets the walked side can no longer hit
   * below its current node. False when no entry is left: no clue set below has a partner.
   */
  narrow(from: number, to: number, sets: Int32Array, at: number): boolean {
    if (this.kernel) return this.kernel.narrow(from, to, sets, at);
    if (to + 1 >= this.levels) this.grow(2 * (to + 2));
    return this.and(from, to, sets, at) !== 0;
  }

  /**
   * The walked side's node at depth d, which may still add the cells `avail` and no longer the
   * cells `left` its parent could: the sets it misses (walkMissed) whose walked part lies
   * outside `avail` can no longer be hit below it, so every partner must hit them. Those not
   * closed above (walkClosed, row d) close here (row d + 1) and narrow level d into d + 1;
   * only the sets the cells of `left` hit are read, as only those can have closed. False when
   * no entry is left (no clue set below has a partner).
   */
  close(d: number, avail: number, left: number): boolean {
    if (this.kernel) return this.kernel.close(d, avail, left);
    const W = this.words;
    const cross = this.walkCross;
    const closed = this.walkClosed;
    const a = d * W;
    for (let w = 0; w < W; w++) {
      let x = 0;
      for (let m = left; m !== 0; m &= m - 1) x |= cross[(31 - Math.clz32(m & -m)) * W + w];
      x &= this.walkMissed[a + w] & ~closed[a + w];
      let shut = 0;
      for (; x !== 0; x &= x - 1) {
        if ((this.walkPart[32 * w + 31 - Math.clz32(x & -x)] & avail) === 0) shut |= x & -x;
      }
      this.closing[w] = shut;
      closed[a + W + w] = closed[a + w] | shut;
    }
    return this.narrow(d, d + 1, this.closing, 0);
  }

  /**
   * The partners of each last clue of the walked node at depth d (after its close), whose last
   * clue is a cell of `avail`: the sets it misses and has not closed, each with the cells of
   * `avail` hitting it, go to lastClues at level d + 1 (its out, start and count).
   */
  walkLastClues(d: number, avail: number, out: Int32Array, start: Int32Array, count: Int32Array): void {
    if (this.kernel) return this.kernel.walkLastClues(d, avail, out, start, count);
    const W = this.words;
    const a = d * W;
    let n = 0;
    for (let w = 0; w < W; w++) {
      for (let x = this.walkMissed[a + w] & ~this.walkClosed[a + W + w]; x !== 0; x &= x - 1) {
        const j = 32 * w + 31 - Math.clz32(x & -x);
        this.openSets[n] = j;
        this.openCands[n++] = this.walkPart[j] & avail;
      }
    }
    this.lastClues(d + 1, this.openSets, this.openCands, n, avail, out, start, count);
  }

  /**
   * The entries of level `level` (0 or one narrowed by the walk above) that also hit the sets
   * in `sets` (`words` words from `at`): the partners of a clue set of the other side whose
   * walk reached that level and misses those sets too; into `out` (room for `count`
   * entries), returns how many.
   */
  partners(level: number, sets: Int32Array, at: number, out: Int32Array): number {
    if (this.kernel) return this.kernel.partners(level, sets, at, out);
    const scratch = this.levels - 1;
    this.and(level, scratch, sets, at);
    return this.emit(scratch, out, 0);
  }

  /**
   * The partners of every last clue of a walked node at once. The node's level is `level`
   * (the sets it closed ANDed); it still misses the cross sets sets[0..n-1] (join order), and
   * set q is hit by the last-clue cells cands[q] (bits of the band). A last clue c's partners
   * are the level's entries hitting each of those sets that c misses. Instead of one AND
   * chain per c, the cells go down the sets together as a group: the sets no cell of the group
   * hits are ANDed first, once for all of them (every cell needs them, so each subgroup split
   * off later starts narrower and does not AND them again); at the next set some of its cells
   * hit, those leave as a group of their own (keeping the vector as it is), and the rest go on
   * likewise; a group whose vector empties ends (none of its cells has a partner). Per cell c
   * of `last`: its partners are out[start[c] .. start[c] + count[c]).
   */
  lastClues(level: number, sets: Int32Array, cands: Int32Array, n: number, last: number, out: Int32Array, start: Int32Array, count: Int32Array): void {
    if (this.kernel) return this.kernel.lastClues(level, sets, cands, n, last, out, start, count);
    for (let m = last; m !== 0; m &= m - 1) count[31 - Math.clz32(m & -m)] = 0;
    this.emitted = 0;
    this.group(last, level, false, level + 1, 0, -1, sets, cands, n, out, start, count);
  }

  private emitted = 0;

  /**
   * The cells `cells` whose vector is level `from` (their own, to AND into, when `own`), from
   * set q on; levels from `top` up are free. The sets from q on that no cell of `done` misses
   * and no cell of `cells` hits are in the vector already (done = -1: none is): the group that
   * split these cells off ANDed them.
   */
  private group(cells: number, from: number, own: boolean, top: number, q: number, done: number, sets: Int32Array, cands: Int32Array, n: number, out: Int32Array, start: Int32Array, count: Int32Array): void {
    let lv = from;
    for (;;) {
      // The sets no cell of the group hits, two a pass (the same set twice for one).
      let first = -1;
      for (let r = q; r < n; r++) {
        const c = cands[r];
        if ((c & cells) !== 0 || (done !== -1 && (c & done) === 0)) continue;
        if (first < 0) {
          first = sets[r];
          continue;
        }
        lv = this.groupPass(lv, own, top, first, sets[r]);
        own = true;
        first = -1;
        if (lv < 0) return;
      }
      if (first >= 0) {
        lv = this.groupPass(lv, own, top, first, first);
        own = true;
        if (lv < 0) return;
      }
      done = cells;
      // The next set some cells of the group hit and others miss: those cells go on alone.
      let h = 0;
      for (; q < n; q++) {
        h = cands[q] & cells;
        if (h !== 0 && h !== cells) break;
      }
      if (q === n) break;
      this.group(h, lv, false, own ? lv + 1 : top, q + 1, cells, sets, cands, n, out, start, count);
      cells &= ~h;
    }
    const at = this.emitted;
    const k = this.emit(lv, out, at);
    this.emitted += k;
    for (let m = cells; m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      start[c] = at;
      count[c] = k;
    }
  }

  /** A group's pass: its level `lv` ANDed with sets j and k into its own level (`top` when it has none yet); that level, or -1 when it holds no entry. */
  private groupPass(lv: number, own: boolean, top: number, j: number, k: number): number {
    const to = own ? lv : top;
    if (to + 1 >= this.levels) this.grow(2 * (to + 2));
    return this.andSet(lv, to, j, k) === 0 ? -1 : to;
  }

  /**
   * Level `to` := level `from` ANDed with the hit vectors of cross sets j and k (k = j: one
   * set) in one pass (`to` may be `from`); returns its nLive.
   */
  private andSet(from: number, to: number, j: number, k: number): number {
    const EW = this.EW;
    const cur = this.cur;
    const live = this.live;
    const hits = this.hits;
    const h = j * EW;
    const h2 = k * EW;
    const src = this.ref[from];
    const nSrc = this.nLive[src];
    const b = to * EW;
    let n = 0;
    if (nSrc < 0) {
      for (let i = 0; i < EW; i++) {
        const v = hits[h + i] & hits[h2 + i];
        cur[b + i] = v;
        if (v !== 0) live[b + n++] = i;
      }
    } else {
      const a = src * EW;
      for (let t = 0; t < nSrc; t++) {
        const i = live[a + t];
        const v = cur[a + i] & hits[h + i] & hits[h2 + i];
        cur[b + i] = v;
        if (v !== 0) live[b + n++] = i;
      }
    }
    this.ref[to] = to;
    this.nLive[to] = n;
    return n;
  }

  private grow(levels: number): void {
    const EW = this.EW;
    const cur = new Int32Array(levels * EW);
    const live = new Int32Array(levels * EW);
    cur.set(this.cur.subarray(0, (this.levels - 1) * EW));
    live.set(this.live.subarray(0, (this.levels - 1) * EW));
    const nLive = new Int32Array(levels);
    const ref = new Int32Array(levels);
    nLive.set(this.nLive.subarray(0, this.levels - 1));
    ref.set(this.ref.subarray(0, this.levels - 1));
    // Level 0: every entry.
    nLive[0] = -1;
    this.cur = cur;
    this.live = live;
    this.nLive = nLive;
    this.ref = ref;
    this.levels = levels;
  }

  /** Level `to` := level `from` ANDed with the hit vectors of `sets`, two a pass; returns its nLive. */
  private and(from: number, to: number, sets: Int32Array, at: number): number {
    // Until the first set is ANDed, level `to` is level `from`.
    this.ref[to] = this.ref[from];
    let nLive = this.nLive[this.ref[from]];
    let src = from;
    // A set waiting for a second one to share its pass (-1: none).
    let first = -1;
    for (let w = 0; w < this.words && nLive !== 0; w++) {
      for (let x = sets[at + w]; x !== 0 && nLive !== 0; x &= x - 1) {
        const j = 32 * w + 31 - Math.clz32(x & -x);
        if (first < 0) {
          first = j;
          continue;
        }
        nLive = this.andSet(src, to, first, j);
        src = to;
        first = -1;
      }
    }
    if (first >= 0 && nLive !== 0) nLive = this.andSet(src, to, first, first);
    return nLive;
  }

  /**
   * The pairs' first filter: of the entries out[from..to) (as the last partners or last-clues
   * call wrote them), those whose pair with the walked set (band word `cells`, code words in
   * walkCodes) keeps every stack within `cap` clues and whose mini-row bound fits band 3: a code
   * is missed by the pair when both sides miss one of its sets; a mini-row with missed codes
   * needs one clue, two when its three pairs are missed; at most k in all and within each
   * stack's room (cap less the pair's clues there). Into `pass`; returns how many (`fitted`:
   * how many were within the caps).
   */
  pairsPast(out: Int32Array, from: number, to: number, cells: number, cap: number, k: number, pass: Int32Array): number {
    if (this.kernel) {
      const r = this.kernel.pairsPast(from, to, cells, cap, k, pass);
      this.fitted = r.fitted;
      return r.passed;
    }
    const q0 = cap - popcount27(cells & STACK_MASK[0]);
    const q1 = cap - popcount27(cells & STACK_MASK[1]);
    const q2 = cap - popcount27(cells & STACK_MASK[2]);
    const wc = this.walkCodes;
    const ec = this.codes;
    let fitted = 0;
    let n = 0;
    for (let t = from; t < to; t++) {
      const e = out[t];
      const other = this.cells[e];
      const r0 = q0 - popcount27(other & STACK_MASK[0]);
      const r1 = q1 - popcount27(other & STACK_MASK[1]);
      const r2 = q2 - popcount27(other & STACK_MASK[2]);
      if (r0 < 0 || r1 < 0 || r2 < 0) continue;
      fitted++;
      // Per stack s, its mini-rows i (i % 3 = s) and their codes 4i..4i+3.
      let total = 0;
      let fits = true;
      for (let s = 0; s < 3 && fits; s++) {
        let needs = 0;
        for (let i = s; i < 9; i += 3) {
          let p = 0;
          for (let q = 0; q < 4; q++) if ((wc[4 * i + q] & ec[e * CODES + 4 * i + q]) !== 0) p |= 1 << q;
          needs += (p & 7) === 7 ? 2 : p !== 0 ? 1 : 0;
        }
        total += needs;
        fits = needs <= (s === 0 ? r0 : s === 1 ? r1 : r2) && total <= k;
      }
      if (fits) pass[n++] = e;
    }
    this.fitted = fitted;
    return n;
  }

  /** The entries of level `level` into `out` from `at`; returns how many. */
  private emit(level: number, out: Int32Array, at: number): number {
    const l = this.ref[level];
    const nLive = this.nLive[l];
    if (nLive < 0) {
      // No set ANDed: every entry.
      for (let e = 0; e < this.count; e++) out[at + e] = e;
      return this.count;
    }
    const a = l * this.EW;
    let n = at;
    for (let j = 0; j < nLive; j++) {
      const i = this.live[a + j];
      for (let v = this.cur[a + i]; v !== 0; v &= v - 1) out[n++] = this.slot[32 * i + 31 - Math.clz32(v & -v)];
    }
    return n - at;
  }
}

/** The 32 bits of x in reverse order, as an unsigned number. */
function reverse32(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return ((x >>> 16) | (x << 16)) >>> 0;
}

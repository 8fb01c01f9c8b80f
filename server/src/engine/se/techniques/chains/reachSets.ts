/**
 * Whether the branches of a static cell or region chain can have a node in common, told from bit
 * sets of everything each branch's start reaches, before any run is propagated.
 *
 * A static multiple chain needs a node that every branch reaches, and on the forum's hardest
 * fewer than 1% of level 3's nested cell and region chains have one. Yet every branch's run was
 * propagated: each run is a branch of its cell's chain and of up to three region chains, and the
 * common nodes of a chain's branches only run out at its last branch (any k − 1 of them share
 * the last one's start off, a value of the same cell or a place of the same house, with all it
 * implies). A static run from v on is what v on reaches in the pass's implication graph, up to
 * its first contradiction, where it stops: so it lies within that reach, and when the reaches of
 * a chain's branches have no node in common, neither have their runs: the chain has no hint.
 *
 * A reach is its set of off nodes, 27 words in places.ts's digitWords layout (digit d's cells
 * 27w..27w+26 at word 3d + w), with a summary: the 27-bit mask of its words that are not empty. An
 * on node turns off its same-digit peers with three word operations, and of the off nodes met for
 * the first time only those that turn something on (a bivalue cell's values, the places of a digit
 * with two in a house: marked once a grid) are followed one by one. The on nodes are only stamped,
 * to be followed once: the tests compare off nodes only (see first).
 */
import { PEER_WORDS, digitWords } from '../places';
import type { PassLinks } from './passLinks';
import { HOUSE_CELLS, NCAND, POPCOUNT9, lowBit, type ChainGrid } from './tables';

/** Words a reach takes: its off nodes. */
const SPAN = 27;

export class ReachSets {
  private g!: ChainGrid;
  private links!: PassLinks;
  // Each candidate's reach from it on (SPAN words from cand * SPAN), made when first asked for on
  // this grid. The table (about 80 KB) is made by the first `begin`: only the static multiple
  // chainers use one. Only the words in a reach's summary are written: a reach is two or three
  // on nodes on the forum's hardest, eight or nine words of 27, so neither making a reach nor
  // testing a chain touches the others (an empty word is never read: its summary bit tells).
  private sets = new Int32Array(0);
  private readonly summary = new Int32Array(NCAND);
  private readonly stamp = new Int32Array(NCAND);
  private gen = 0;
  /** The on nodes met by the reach being made: those stamped `onGen`. */
  private readonly onStamp = new Int32Array(NCAND);
  private onGen = 0;
  /** The grid's candidates, digitWords' layout. */
  private readonly digits = new Int32Array(27);
  /** The off nodes that turn something on, digitWords' layout. */
  private readonly live = new Int32Array(27);
  private readonly stack = new Int16Array(NCAND);
  private stackN = 0;
  private readonly common = new Int32Array(27);
  /** The words of `common` that are not empty: the others are stale. */
  private commonSum = 0;

  /** Reads `g`, whose links `links` gives (the XY pass, in use): every reach forgotten. */
  begin(g: ChainGrid, links: PassLinks): void {
    if (this.sets.length === 0) this.sets = new Int32Array(NCAND * SPAN);
    this.g = g;
    this.links = links;
    this.gen++;
    digitWords(g.cands, this.digits);
    // The off nodes that turn something on in the XY pass (offToOn): the values of a bivalue
    // cell, a digit's places in a house where it has two.
    const live = this.live;
    live.fill(0);
    for (let cell = 0; cell < 81; cell++) {
      const m = g.cands[cell];
      if (POPCOUNT9[m] !== 2) continue;
      const w = (cell / 27) | 0;
      for (let r = m; r; r &= r - 1) live[3 * lowBit(r) + w] |= 1 << (cell - 27 * w);
    }
    for (let hd = 0; hd < 27 * 9; hd++) {
      const pm = g.hpos[hd];
      if (POPCOUNT9[pm] !== 2) continue;
      const h = (hd / 9) | 0;
      const d = hd - 9 * h;
      for (let r = pm; r; r &= r - 1) {
        const cell = HOUSE_CELLS[h * 9 + lowBit(r)];
        const w = (cell / 27) | 0;
        live[3 * d + w] |= 1 << (cell - 27 * w);
      }
    }
  }

  /** Whether the reaches of every value of `cell` on have a node in common. */
  cellShares(cell: number): boolean {
    const m = this.g.cands[cell];
    this.first(cell * 9 + lowBit(m));
    let any = true;
    for (let r = m & (m - 1); r && any; r &= r - 1) any = this.retain(cell * 9 + lowBit(r));
    return any;
  }

  /** Whether the reaches of digit `d` on at each of its `places` in house `h` have a node in common. */
  houseShares(h: number, d: number, places: number): boolean {
    this.first(HOUSE_CELLS[h * 9 + lowBit(places)] * 9 + d);
    let any = true;
    for (let r = places & (places - 1); r && any; r &= r - 1) any = this.retain(HOUSE_CELLS[h * 9 + lowBit(r)] * 9 + d);
    return any;
  }

  // Only the off words are compared: a node common to two branches or more is reached by one of
  // them from elsewhere than its start, and an on node u only through a strong link into it,
  // from its cell's other value or its digit's other place in a house. That node is a weak
  // neighbour of u, which u on turns off in every branch that has u: so branches with a common
  // on node have a common off node too.
  private first(cand: number): void {
    const at = this.of(cand);
    const sets = this.sets;
    const common = this.common;
    const sum = this.summary[cand];
    for (let r = sum; r; r &= r - 1) {
      const i = 31 - Math.clz32(r & -r);
      common[i] = sets[at + i];
    }
    this.commonSum = sum;
  }

  /**
   * Keeps in `common` what `cand` on reaches too; whether anything is left. Only the words both
   * summaries have can keep a node: two reaches in different words fail without reading any.
   */
  private retain(cand: number): boolean {
    const at = this.of(cand);
    const sets = this.sets;
    const common = this.common;
    let left = 0;
    for (let r = this.commonSum & this.summary[cand]; r; r &= r - 1) {
      const b = r & -r;
      const i = 31 - Math.clz32(b);
      if ((common[i] &= sets[at + i]) !== 0) left |= b;
    }
    this.commonSum = left;
    return left !== 0;
  }

  /** Where `cand` on's reach is in `sets`, made when first asked for on this grid. */
  private of(cand: number): number {
    const at = cand * SPAN;
    if (this.stamp[cand] === this.gen) return at;
    this.stamp[cand] = this.gen;
    const sets = this.sets;
    // A word is written first when its summary bit is not set yet (no fill beforehand).
    let sum = 0;
    // Stamps kept in an Int32Array: the generation starts again, stamps cleared, before it
    // would wrap.
    if (++this.onGen === 0x7fffffff) {
      this.onStamp.fill(0);
      this.onGen = 1;
    }
    this.onNode(cand);
    const cands = this.g.cands;
    const digits = this.digits;
    const live = this.live;
    const made = this.stamp;
    const gen = this.gen;
    const summary = this.summary;
    while (this.stackN > 0) {
      const u = this.stack[--this.stackN];
      // An on node whose reach is already made on this grid (made whole: `of` is not reentered)
      // brings everything it reaches: its words are ORed in, not followed. An on node of that
      // reach met again from elsewhere is followed, but finds its off nodes there already.
      if (made[u] === gen && u !== cand) {
        const from = u * SPAN;
        const su = summary[u];
        for (let r = su; r; r &= r - 1) {
          const k = 31 - Math.clz32(r & -r);
          sets[at + k] = ((sum >>> k) & 1 ? sets[at + k] : 0) | sets[from + k];
        }
        sum |= su;
        continue;
      }
      const cell = (u / 9) | 0;
      const d = u - cell * 9;
      // Its digit's peers off: three words.
      for (let w = 0; w < 3; w++) {
        const k = 3 * d + w;
        const old = (sum >>> k) & 1 ? sets[at + k] : 0;
        const fresh = PEER_WORDS[3 * cell + w] & digits[k] & ~old;
        if (!fresh) continue;
        sets[at + k] = old | fresh;
        sum |= 1 << k;
        for (let b = fresh & live[k]; b; b &= b - 1) this.offNode((27 * w + 31 - Math.clz32(b & -b)) * 9 + d);
      }
      // Its cell's other values off.
      const w = (cell / 27) | 0;
      const bit = 1 << (cell - 27 * w);
      for (let r = cands[cell] & ~(1 << d); r; r &= r - 1) {
        const d2 = lowBit(r);
        const k = 3 * d2 + w;
        const old = (sum >>> k) & 1 ? sets[at + k] : 0;
        if (old & bit) continue;
        sets[at + k] = old | bit;
        sum |= 1 << k;
        if (live[k] & bit) this.offNode(cell * 9 + d2);
      }
    }
    this.summary[cand] = sum;
    return at;
  }

  /** Marks `cand` on in the reach being made, to be followed. */
  private onNode(cand: number): void {
    this.onStamp[cand] = this.onGen;
    this.stack[this.stackN++] = cand;
  }

  /** Follows off node `cand` (already marked) to what it turns on. */
  private offNode(cand: number): void {
    const links = this.links;
    const n = links.off(cand);
    for (let j = 0, k = links.offAt(cand); j < n; j++) {
      const p = links.offCand[k + j];
      if (this.onStamp[p] !== this.onGen) this.onNode(p);
    }
  }
}

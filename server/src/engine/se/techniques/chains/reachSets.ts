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
 * A reach is two sets of candidates, the on nodes and the off nodes, each 27 words in
 * places.ts's digitWords layout (digit d's cells 27w..27w+26 at word 3d + w): an on node turns
 * off its same-digit peers with three word operations, and of the off nodes met for the first time
 * only those that turn something on (a bivalue cell's values, the places of a digit with two in a
 * house: marked once a grid) are followed one by one.
 */
import { PEER_WORDS, digitWords } from '../places';
import type { PassLinks } from './passLinks';
import { HOUSE_CELLS, NCAND, POPCOUNT9, lowBit, type ChainGrid } from './tables';

/** Words a reach takes: 27 for its on nodes, then 27 for its off nodes. */
const SPAN = 54;

export class ReachSets {
  private g!: ChainGrid;
  private links!: PassLinks;
  // Each candidate's reach from it on (SPAN words from cand * SPAN), made when first asked for on
  // this grid. The table (about 160 KB) is made by the first `begin`: only the static multiple
  // chainers use one.
  private sets = new Int32Array(0);
  private readonly stamp = new Int32Array(NCAND);
  private gen = 0;
  /** The grid's candidates, digitWords' layout. */
  private readonly digits = new Int32Array(27);
  /** The off nodes that turn something on, digitWords' layout. */
  private readonly live = new Int32Array(27);
  private readonly stack = new Int16Array(NCAND);
  private stackN = 0;
  private readonly common = new Int32Array(27);

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
    const at = this.of(cand) + 27;
    const sets = this.sets;
    const common = this.common;
    for (let i = 0; i < 27; i++) common[i] = sets[at + i];
  }

  /** Keeps in `common` what `cand` on reaches too; whether anything is left. */
  private retain(cand: number): boolean {
    const at = this.of(cand) + 27;
    const sets = this.sets;
    const common = this.common;
    let any = 0;
    for (let i = 0; i < 27; i++) any |= common[i] &= sets[at + i];
    return any !== 0;
  }

  /** Where `cand` on's reach is in `sets`, made when first asked for on this grid. */
  private of(cand: number): number {
    const at = cand * SPAN;
    if (this.stamp[cand] === this.gen) return at;
    this.stamp[cand] = this.gen;
    const sets = this.sets;
    sets.fill(0, at, at + SPAN);
    const off = at + 27;
    this.onNode(at, cand);
    const cands = this.g.cands;
    const digits = this.digits;
    const live = this.live;
    while (this.stackN > 0) {
      const u = this.stack[--this.stackN];
      const cell = (u / 9) | 0;
      const d = u - cell * 9;
      // Its digit's peers off: three words.
      for (let w = 0; w < 3; w++) {
        const i = off + 3 * d + w;
        const fresh = PEER_WORDS[3 * cell + w] & digits[3 * d + w] & ~sets[i];
        if (!fresh) continue;
        sets[i] |= fresh;
        for (let b = fresh & live[3 * d + w]; b; b &= b - 1) this.offNode(at, (27 * w + 31 - Math.clz32(b & -b)) * 9 + d);
      }
      // Its cell's other values off.
      const w = (cell / 27) | 0;
      const bit = 1 << (cell - 27 * w);
      for (let r = cands[cell] & ~(1 << d); r; r &= r - 1) {
        const d2 = lowBit(r);
        const i = off + 3 * d2 + w;
        if (sets[i] & bit) continue;
        sets[i] |= bit;
        if (live[3 * d2 + w] & bit) this.offNode(at, cell * 9 + d2);
      }
    }
    return at;
  }

  /** Marks `cand` on in the reach at `at`, to be followed. */
  private onNode(at: number, cand: number): void {
    const cell = (cand / 9) | 0;
    const w = (cell / 27) | 0;
    this.sets[at + 3 * (cand - cell * 9) + w] |= 1 << (cell - 27 * w);
    this.stack[this.stackN++] = cand;
  }

  /** Follows off node `cand` (already marked) to what it turns on. */
  private offNode(at: number, cand: number): void {
    const links = this.links;
    const n = links.off(cand);
    const sets = this.sets;
    for (let j = 0, k = links.offAt(cand); j < n; j++) {
      const p = links.offCand[k + j];
      const cell = (p / 9) | 0;
      const w = (cell / 27) | 0;
      if (sets[at + 3 * (p - cell * 9) + w] & (1 << (cell - 27 * w))) continue;
      this.onNode(at, p);
    }
  }
}

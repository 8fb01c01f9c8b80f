/**
 * Which starts can matter to a chain search nested in a dynamic chain.
 *
 * Inside a dynamic chain, a nested chain is used only when it relies on a removal the outer
 * chain made (SE's rule parents: the removed candidates of the cells and houses where its
 * singles hold). A forcing chain (or a branch of a cell or region chain) therefore has to
 * take a strong link that such a removal created or changed: a "touched" cell that is now
 * bivalue, a touched house where the digit now has two places. A cycle needs any link in a
 * touched cell or house/digit. A chain without one is a chain of the outer grid, where the
 * search at this level found nothing, and reports no parents anyway.
 *
 * A start that cannot reach such a link in the implication graph cannot matter, so the
 * searches skip it: `marks` marks the nodes that can, `forcing` a stricter set for forcing
 * chains. Both work on bit sets of nodes (a candidate's on or off node a bit, places.ts's
 * digitWords layout), where an on node turns off its digit's peers with three word operations.
 */
import { PEER_WORDS } from '../places';
import { PassLinks } from './passLinks';
import {
  CELL_HOUSES,
  HOUSE_CELLS,
  NCAND,
  NKEY,
  ON,
  POPCOUNT9,
  lowBit,
  type ChainGrid,
} from './tables';

/** Words a reach's on or off nodes take, in places.ts's digitWords layout (digit d's cells 27w..27w+26 at word 3d + w). */
const SPAN = 27;
/** Words a reach takes: its on nodes, then its off nodes. */
const SET = 2 * SPAN;
/** The slots of `sets` after the candidates' where the marks' closures are made. */
const ANY = NCAND;
const STRONG = NCAND + 1;

/** HOUSE_WORDS[3 * h + w]: house h's cells among cells 27w..27w+26, digitWords' layout. */
const HOUSE_WORDS = (() => {
  const t = new Int32Array(27 * 3);
  for (let i = 0; i < 27 * 9; i++) {
    const cell = HOUSE_CELLS[i];
    const w = (cell / 27) | 0;
    t[3 * ((i / 9) | 0) + w] |= 1 << (cell - 27 * w);
  }
  return t;
})();

/** The candidate of the lowest bit of `bits`, word `k` of a reach's half. */
function candAt(k: number, bits: number): number {
  const d = (k / 3) | 0;
  return (27 * (k - 3 * d) + 31 - Math.clz32(bits & -bits)) * 9 + d;
}

export class Relevance {
  /** Nodes that can reach a touched strong link (forcing chains, branches). */
  readonly reachStrong = new Uint8Array(NKEY);
  /** Cells that lost a candidate since the outer start. */
  readonly cellTouched = new Uint8Array(81);
  /** House/digits (house * 9 + digit - 1) that lost a candidate since the outer start. */
  readonly houseTouched = new Uint8Array(27 * 9);
  /**
   * Nodes from which a forcing chain back to the node's own candidate in the other state can
   * take a touched strong link (see `forcing`).
   */
  readonly forcingFrom = new Uint8Array(NKEY);
  /**
   * The candidates marked on in the cycle marks (`anyMarked`) or either way in `forcingFrom`, a bit each, since the
   * caller last cleared it: the only starts a filtered static search runs, listed so that its
   * start loop visits a few dozen of the grid's ~200 candidates, not all of them.
   */
  readonly starts = new Int32Array((NCAND + 31) >>> 5);
  /** The links of `touch`'s grid, pass by pass (see passLinks.ts): the static search reads them too. */
  readonly links = new PassLinks();

  /** Computes the touched cells and houses of `g` against `initial`, then the marks. */
  compute(g: ChainGrid, initial: Uint16Array, isY: boolean, isX: boolean, cycles: boolean): void {
    this.touch(g, initial);
    this.marks(g, isY, isX, true, cycles);
  }

  /** The cells and houses of `g` that lost a candidate since `initial`, flagged and listed; `links` begun on `g`. */
  touch(g: ChainGrid, initial: Uint16Array): void {
    this.links.begin(g);
    const cellTouched = this.cellTouched;
    const houseTouched = this.houseTouched;
    houseTouched.fill(0);
    let nc = 0;
    let nh = 0;
    for (let c = 0; c < 81; c++) {
      const removed = initial[c] & ~g.cands[c];
      cellTouched[c] = removed ? 1 : 0;
      if (removed) this.touchedCells[nc++] = c;
      for (let r = removed; r; r &= r - 1) {
        const d = lowBit(r);
        for (let k = 0; k < 3; k++) {
          const hd = CELL_HOUSES[3 * c + k] * 9 + d;
          if (houseTouched[hd]) continue;
          houseTouched[hd] = 1;
          this.touchedHouses[nh++] = hd;
        }
      }
    }
    this.touchedCellN = nc;
    this.touchedHouseN = nh;
    this.livePass = -1;
  }

  // The touched cells and house/digits as lists: a pause touches a few of the 81 and 243.
  private readonly touchedCells = new Uint8Array(81);
  private touchedCellN = 0;
  private readonly touchedHouses = new Uint8Array(27 * 9);
  private touchedHouseN = 0;

  /**
   * The marks for the touched cells and houses (`touch` first): `reachStrong` when `strong`
   * (forcing chains, branches), the cycle marks (`anyMarked`, `cycleStart`) when `cycles`. The
   * static search's three passes share one `touch`, and its Y-only pass, cycles alone, needs no
   * `reachStrong`.
   *
   * A node reaches a tail exactly when the tail reversed reaches the node reversed: every link's
   * contrapositive is a link of the same pass (u on => x off, a weak link, and x on => u off; x
   * off => y on, a strong link, and y off => x on). So the nodes that reach a tail are, reversed,
   * what the tails reversed reach: made forward as bit sets, as a value's reach is (`close`),
   * a word operation for an on node's peers where a backward search read them one by one.
   */
  marks(g: ChainGrid, isY: boolean, isX: boolean, strong: boolean, cycles: boolean): void {
    this.links.use(isY, isX);
    this.beginPass(g, isY, isX);
    if (strong) {
      this.closeTails(STRONG, g, isY, isX, false);
      // Written out node by node for the dynamic chainers' branch tests, reversed.
      const rs = this.reachStrong;
      rs.fill(0);
      const at = STRONG * SET;
      for (let r = this.onSum[STRONG]; r; r &= r - 1) {
        const k = 31 - Math.clz32(r & -r);
        for (let b = this.sets[at + k]; b; b &= b - 1) rs[candAt(k, b)] = 1;
      }
      for (let r = this.offSum[STRONG]; r; r &= r - 1) {
        const k = 31 - Math.clz32(r & -r);
        for (let b = this.sets[at + SPAN + k]; b; b &= b - 1) rs[candAt(k, b) + ON] = 1;
      }
    }
    if (cycles) {
      this.closeTails(ANY, g, isY, isX, true);
      // The candidates whose on node reaches a tail: their off node is in the closure.
      const at = ANY * SET + SPAN;
      for (let r = this.offSum[ANY]; r; r &= r - 1) {
        const k = 31 - Math.clz32(r & -r);
        for (let b = this.sets[at + k]; b; b &= b - 1) this.start(candAt(k, b));
      }
    }
  }

  /**
   * Into slot `slot` of `sets`, what the tails reversed reach. Tails: off nodes with a touched
   * strong link out, and (`any`) on nodes with a touched weak link out. Only candidates of a
   * touched cell (Y) or house/digit have one: read from the lists.
   */
  private closeTails(slot: number, g: ChainGrid, isY: boolean, isX: boolean, any: boolean): void {
    this.at = slot * SET;
    this.sumOn = 0;
    this.sumOff = 0;
    this.onN = 0;
    if (isY) {
      for (let i = 0; i < this.touchedCellN; i++) {
        const c = this.touchedCells[i];
        const m = g.cands[c];
        const bivalue = POPCOUNT9[m] === 2;
        for (let mm = m; mm; mm &= mm - 1) {
          const cand = c * 9 + lowBit(mm);
          if (bivalue) this.onNode(cand);
          if (any) this.offSeed(cand);
        }
      }
    }
    for (let i = 0; i < this.touchedHouseN; i++) {
      const hd = this.touchedHouses[i];
      const pm = g.hpos[hd];
      const h = (hd / 9) | 0;
      const d = hd - h * 9;
      if (isX && POPCOUNT9[pm] === 2) {
        this.onNode(HOUSE_CELLS[h * 9 + lowBit(pm)] * 9 + d);
        this.onNode(HOUSE_CELLS[h * 9 + lowBit(pm & (pm - 1))] * 9 + d);
      }
      if (!any) continue;
      // Every place of the digit in the house off: a word operation each third of the grid.
      for (let w = 0; w < 3; w++) this.offCells(d, w, HOUSE_WORDS[3 * h + w]);
    }
    this.close();
    this.onSum[slot] = this.sumOn;
    this.offSum[slot] = this.sumOff;
  }

  /** Whether `key` reaches the tail of a touched link in the last `marks` with `cycles`. */
  anyMarked(key: number): boolean {
    // Reversed: an off node's candidate on, an on node's off, in the closure.
    return key < NCAND ? this.inAny(key, 0) : this.inAny(key - ON, SPAN);
  }

  /** Whether a cycle search from `cand` may close through a touched link: `cand` on and off both reach a tail (see anyMarked). */
  cycleStart(cand: number): boolean {
    return this.inAny(cand, 0) && this.inAny(cand, SPAN);
  }

  /** Whether `cand` is in the cycle marks' closure, its on half (`half` 0) or off half (SPAN). */
  private inAny(cand: number, half: number): boolean {
    const cell = (cand / 9) | 0;
    const w = (cell / 27) | 0;
    const k = 3 * (cand - cell * 9) + w;
    const sum = half === 0 ? this.onSum[ANY] : this.offSum[ANY];
    return ((sum >>> k) & 1) !== 0 && (this.sets[ANY * SET + half + k] & (1 << (cell - 27 * w))) !== 0;
  }

  /**
   * `forcingFrom` for the touched cells and houses (`touch` first), a stricter condition than
   * `reachStrong` for the static forcing searches. A chain from a node x to x reversed that
   * takes a touched strong link a off => b on has a contrapositive, also a chain of the pass,
   * from x to x reversed that takes b off => a on: so x implies both a off and b off, that is,
   * both a on and b on imply x reversed. What a on and b on imply, as bit sets (see `forward`),
   * ANDed word by word marks the nodes whose forcing search may find a chain with rule parents.
   * A value ends several touched links (its row, column, box, cell): about 38% of them at a
   * pause of the forum's hardest, so each value's reach is made once a pass and kept.
   */
  forcing(g: ChainGrid, isY: boolean, isX: boolean): void {
    this.links.use(isY, isX);
    this.forcingFrom.fill(0);
    this.beginPass(g, isY, isX);
    if (isY) {
      for (let i = 0; i < this.touchedCellN; i++) {
        const c = this.touchedCells[i];
        const m = g.cands[c];
        if (POPCOUNT9[m] === 2) this.forcingLink(c * 9 + lowBit(m), c * 9 + lowBit(m & (m - 1)));
      }
    }
    if (!isX) return;
    for (let i = 0; i < this.touchedHouseN; i++) {
      const hd = this.touchedHouses[i];
      const pm = g.hpos[hd];
      if (POPCOUNT9[pm] !== 2) continue;
      const h = (hd / 9) | 0;
      const d = hd - h * 9;
      this.forcingLink(HOUSE_CELLS[h * 9 + lowBit(pm)] * 9 + d, HOUSE_CELLS[h * 9 + lowBit(pm & (pm - 1))] * 9 + d);
    }
  }

  /**
   * Starts the pass's bit sets, unless this pass on `touch`'s grid has them already (the marks
   * and the forcing marks of one pass share them): the reaches of another pass forgotten, the
   * grid's candidates and the pass's off nodes that turn something on (offToOn: a bivalue cell's
   * values with Y links, a digit's places in a house where it has two with X links), in
   * digitWords' layout.
   */
  private beginPass(g: ChainGrid, isY: boolean, isX: boolean): void {
    const pass = isX ? (isY ? 2 : 0) : 1;
    if (this.livePass === pass) return;
    this.livePass = pass;
    if (this.sets.length === 0) this.sets = new Int32Array((NCAND + 2) * SET);
    this.reachPass++;
    this.isY = isY;
    this.cands = g.cands;
    // Read from the rows' places: row 3w + j's are bits 9j.. of word w.
    const hpos = g.hpos;
    const digits = this.digits;
    const live = this.live;
    for (let d = 0; d < 9; d++) {
      for (let w = 0; w < 3; w++) {
        let all = 0;
        let two = 0;
        for (let j = 0; j < 3; j++) {
          const pm = hpos[(3 * w + j) * 9 + d];
          all |= pm << (9 * j);
          if (isX && POPCOUNT9[pm] === 2) two |= pm << (9 * j);
        }
        digits[3 * d + w] = all;
        live[3 * d + w] = two;
      }
    }
    if (isX) {
      // Columns and boxes: the two places of a digit where it has two.
      for (let hd = 9 * 9; hd < 27 * 9; hd++) {
        const pm = hpos[hd];
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
    if (!isY) return;
    for (let cell = 0; cell < 81; cell++) {
      const m = g.cands[cell];
      if (POPCOUNT9[m] !== 2) continue;
      const w = (cell / 27) | 0;
      for (let r = m; r; r &= r - 1) live[3 * lowBit(r) + w] |= 1 << (cell - 27 * w);
    }
  }

  /** Marks, reversed, the nodes that both `a` on and `b` on imply: the words both summaries name, ANDed. */
  private forcingLink(a: number, b: number): void {
    const atA = this.reachOf(a);
    const atB = this.reachOf(b);
    const sets = this.sets;
    const from = this.forcingFrom;
    // On nodes both imply: a forcing search from the candidate off may find a chain.
    for (let r = this.onSum[a] & this.onSum[b]; r; r &= r - 1) {
      const k = 31 - Math.clz32(r & -r);
      for (let both = sets[atA + k] & sets[atB + k]; both; both &= both - 1) {
        const cand = candAt(k, both);
        from[cand] = 1;
        this.start(cand);
      }
    }
    // Off nodes both imply: from the candidate on.
    for (let r = this.offSum[a] & this.offSum[b]; r; r &= r - 1) {
      const k = 31 - Math.clz32(r & -r);
      for (let both = sets[atA + SPAN + k] & sets[atB + SPAN + k]; both; both &= both - 1) {
        const cand = candAt(k, both);
        from[cand + ON] = 1;
        this.start(cand);
      }
    }
  }

  /** Adds `cand` to `starts`. */
  private start(cand: number): void {
    this.starts[cand >>> 5] |= 1 << (cand & 31);
  }

  /** Where in `sets` the nodes `cand` on implies are, made once a pass. */
  private reachOf(cand: number): number {
    if (this.reachStamp[cand] !== this.reachPass) this.forward(cand);
    return cand * SET;
  }

  /** The pass `beginPass` made the bit sets for on this grid (0 X, 1 Y, 2 XY), -1 for none yet. */
  private livePass = -1;
  /** Whether the pass has Y links (a cell's other values). */
  private isY = false;
  private cands = new Uint16Array(81);
  // Each value's reach from it on in this pass, SET words from cand * SET: its on nodes (SPAN
  // words, digitWords' layout), then its off nodes, each half with a summary (the 27-bit mask of
  // its words that are not empty: only those are written and read); then the marks' closures
  // (slots ANY and STRONG). The table (about 160 KB) is made by the first `beginPass`.
  private sets = new Int32Array(0);
  private readonly onSum = new Int32Array(NCAND + 2);
  private readonly offSum = new Int32Array(NCAND + 2);
  private reachPass = 0;
  private readonly reachStamp = new Int32Array(NCAND);
  private readonly digits = new Int32Array(SPAN);
  private readonly live = new Int32Array(SPAN);
  private readonly onStack = new Int16Array(NCAND);
  private onN = 0;
  // The reach being made: where its words are and its summaries so far.
  private at = 0;
  private sumOn = 0;
  private sumOff = 0;

  /**
   * Makes the reach of `cand` on in the pass: the on and off nodes it implies. An on node turns
   * off its digit's peers (three word operations) and, with Y links, its cell's other values; of
   * the off nodes new to the reach only those that turn something on (`live`) are followed,
   * through the pass's links. An on node whose reach this pass already made brings all of it,
   * ORed in (its on nodes too, so none of them is followed again): a made reach is closed.
   */
  private forward(cand: number): void {
    this.at = cand * SET;
    this.sumOn = 0;
    this.sumOff = 0;
    this.onN = 0;
    this.onNode(cand);
    this.close();
    this.reachStamp[cand] = this.reachPass;
    this.onSum[cand] = this.sumOn;
    this.offSum[cand] = this.sumOff;
  }

  /** Follows the on nodes queued (see forward) until the set being made is closed. */
  private close(): void {
    const made = this.reachStamp;
    const pass = this.reachPass;
    const cands = this.cands;
    while (this.onN > 0) {
      const u = this.onStack[--this.onN];
      if (made[u] === pass) {
        this.orIn(u);
        continue;
      }
      const cell = (u / 9) | 0;
      const d = u - cell * 9;
      // Its digit's peers off: three word operations.
      for (let w = 0; w < 3; w++) this.offCells(d, w, PEER_WORDS[3 * cell + w]);
      if (!this.isY) continue;
      // Its cell's other values off.
      for (let r = cands[cell] & ~(1 << d); r; r &= r - 1) this.offSeed(cell * 9 + lowBit(r));
    }
  }

  /** Adds off node `cand` to the set being made (see offCells). */
  private offSeed(cand: number): void {
    const cell = (cand / 9) | 0;
    const w = (cell / 27) | 0;
    this.offCells(cand - cell * 9, w, 1 << (cell - 27 * w));
  }

  /**
   * Adds digit `d`'s candidates among `cells` (cells 27w..27w+26) off to the set being made; of
   * those new to it, follows the ones that turn something on.
   */
  private offCells(d: number, w: number, cells: number): void {
    const k = 3 * d + w;
    const i = this.at + SPAN + k;
    const old = (this.sumOff >>> k) & 1 ? this.sets[i] : 0;
    const fresh = cells & this.digits[k] & ~old;
    if (!fresh) return;
    this.sets[i] = old | fresh;
    this.sumOff |= 1 << k;
    for (let b = fresh & this.live[k]; b; b &= b - 1) this.offNode((27 * w + 31 - Math.clz32(b & -b)) * 9 + d);
  }

  /** Adds on node `cand` to the reach being made, to be followed, unless it is there already. */
  private onNode(cand: number): void {
    const cell = (cand / 9) | 0;
    const w = (cell / 27) | 0;
    const k = 3 * (cand - cell * 9) + w;
    const bit = 1 << (cell - 27 * w);
    const i = this.at + k;
    const old = (this.sumOn >>> k) & 1 ? this.sets[i] : 0;
    if (old & bit) return;
    this.sets[i] = old | bit;
    this.sumOn |= 1 << k;
    this.onStack[this.onN++] = cand;
  }

  /** Follows off node `cand`, new to the reach being made, to what it turns on. */
  private offNode(cand: number): void {
    const links = this.links;
    for (let j = 0, n = links.off(cand), at = links.offAt(cand); j < n; j++) this.onNode(links.offCand[at + j]);
  }

  /** ORs the reach of `u` on, made this pass, into the reach being made. */
  private orIn(u: number): void {
    const sets = this.sets;
    const at = this.at;
    const from = u * SET;
    const sumOn = this.sumOn;
    for (let r = this.onSum[u]; r; r &= r - 1) {
      const k = 31 - Math.clz32(r & -r);
      sets[at + k] = ((sumOn >>> k) & 1 ? sets[at + k] : 0) | sets[from + k];
    }
    this.sumOn = sumOn | this.onSum[u];
    const sumOff = this.sumOff;
    for (let r = this.offSum[u]; r; r &= r - 1) {
      const k = 31 - Math.clz32(r & -r) + SPAN;
      sets[at + k] = ((sumOff >>> (k - SPAN)) & 1 ? sets[at + k] : 0) | sets[from + k];
    }
    this.sumOff = sumOff | this.offSum[u];
  }
}

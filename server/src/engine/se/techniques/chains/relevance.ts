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
 * searches skip it: `reach` marks, by a backward search, the nodes that can.
 */
import { PassLinks } from './passLinks';
import { relevanceKernel, type RelevanceKernel } from './wasmRelevance';
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

export class Relevance {
  // The marks, the touched cells and houses and the starts are the relevance core's views where a
  // core serves this filter (see `touch`), else arrays of its own.
  /** Nodes that can reach a touched strong link (forcing chains, branches). */
  reachStrong: Uint8Array<ArrayBuffer> = new Uint8Array(NKEY);
  /** Nodes that can reach any touched link (cycles). */
  reachAny: Uint8Array<ArrayBuffer> = new Uint8Array(NKEY);
  /** Cells that lost a candidate since the outer start. */
  cellTouched: Uint8Array<ArrayBuffer> = new Uint8Array(81);
  /** House/digits (house * 9 + digit - 1) that lost a candidate since the outer start. */
  houseTouched: Uint8Array<ArrayBuffer> = new Uint8Array(27 * 9);
  /**
   * Nodes from which a forcing chain back to the node's own candidate in the other state can
   * take a touched strong link (see `forcing`).
   */
  forcingFrom: Uint8Array<ArrayBuffer> = new Uint8Array(NKEY);
  /**
   * The candidates marked both ways in `reachAny` (where a cycle search may run) or either way in
   * `forcingFrom`, a bit each, since the caller last cleared it: the only starts a filtered
   * static search runs, listed so that its start loop visits a few dozen of the grid's ~200
   * candidates, not all of them.
   */
  starts: Int32Array<ArrayBuffer> = new Int32Array((NCAND + 31) >>> 5);
  /**
   * The WebAssembly core that makes the marks (wasmRelevance.ts), taken at the first `touch`;
   * null: the TypeScript walks below make them.
   */
  private kernel: RelevanceKernel | null | undefined;
  /** The links of `touch`'s grid, pass by pass (see passLinks.ts): the static search reads them too. */
  readonly links = new PassLinks();
  private readonly stack = new Int16Array(NKEY);

  /** Computes the touched cells and houses of `g` against `initial`, then the marks. */
  compute(g: ChainGrid, initial: Uint16Array, isY: boolean, isX: boolean, cycles: boolean): void {
    this.touch(g, initial);
    this.marks(g, isY, isX, true, cycles);
  }

  /** The cells and houses of `g` that lost a candidate since `initial`, flagged and listed; `links` begun on `g`. */
  touch(g: ChainGrid, initial: Uint16Array): void {
    if (this.kernel === undefined) this.attach();
    this.links.begin(g);
    if (this.kernel) {
      this.kernel.touch(g, initial);
      return;
    }
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
  }

  /**
   * Takes a core where one loads: the marks and the links become views on its memory (the links
   * the TypeScript walks would have worked out are worked out there, for the searches to read).
   */
  private attach(): void {
    const k = relevanceKernel();
    this.kernel = k;
    if (!k) return;
    this.reachStrong = k.reachStrong;
    this.reachAny = k.reachAny;
    this.cellTouched = k.cellTouched;
    this.houseTouched = k.houseTouched;
    this.forcingFrom = k.forcingFrom;
    this.starts = k.starts;
    this.links.adopt(k.links);
  }

  // The touched cells and house/digits as lists: a pause touches a few of the 81 and 243.
  private readonly touchedCells = new Uint8Array(81);
  private touchedCellN = 0;
  private readonly touchedHouses = new Uint8Array(27 * 9);
  private touchedHouseN = 0;

  /**
   * The marks for the touched cells and houses (`touch` first): `reachStrong` when `strong`
   * (forcing chains, branches), `reachAny` when `cycles`. The static search's three passes
   * share one `touch`, and its Y-only pass, cycles alone, needs no `reachStrong`.
   */
  marks(g: ChainGrid, isY: boolean, isX: boolean, strong: boolean, cycles: boolean): void {
    this.links.use(isY, isX);
    if (this.kernel) {
      this.kernel.marks(this.links.stamp, isY, isX, strong, cycles);
      return;
    }
    const rs = this.reachStrong;
    const ra = this.reachAny;
    if (strong) rs.fill(0);
    if (cycles) ra.fill(0);
    this.strongN = 0;
    this.anyN = 0;
    // Tails: off nodes with a touched strong link out; on nodes with a touched weak link out.
    // Only candidates of a touched cell (Y) or house/digit have one: read from the lists.
    if (isY) {
      for (let i = 0; i < this.touchedCellN; i++) {
        const c = this.touchedCells[i];
        const m = g.cands[c];
        const bivalue = POPCOUNT9[m] === 2;
        for (let mm = m; mm; mm &= mm - 1) {
          const cand = c * 9 + lowBit(mm);
          if (bivalue) this.tail(cand, strong, cycles);
          if (cycles) this.anyTail(cand + ON);
        }
      }
    }
    for (let i = 0; i < this.touchedHouseN; i++) {
      const hd = this.touchedHouses[i];
      const pm = g.hpos[hd];
      const h = (hd / 9) | 0;
      const d = hd - h * 9;
      const two = isX && POPCOUNT9[pm] === 2;
      for (let m = pm; m; m &= m - 1) {
        const cand = HOUSE_CELLS[h * 9 + lowBit(m)] * 9 + d;
        if (two) this.tail(cand, strong, cycles);
        if (cycles) this.anyTail(cand + ON);
      }
    }
    if (strong) this.backward(rs, this.strongSeeds, this.strongN, null);
    if (cycles) {
      this.backward(ra, this.anySeeds, this.anyN, this.anyOff);
      // A cycle search needs its start marked on and off (see StaticChainer.unary): on a pause
      // of the forum's hardest about 17 off nodes are marked against some 95 on nodes, so the
      // starts are read from the off nodes, and the start loop skips the others whole.
      for (let i = 0; i < this.anyOffN; i++) {
        const c = this.anyOff[i];
        if (ra[c + ON]) this.start(c);
      }
    }
  }

  /** Marks off node `cand`, the tail of a touched strong link, in the marks asked for. */
  private tail(cand: number, strong: boolean, cycles: boolean): void {
    if (strong && !this.reachStrong[cand]) {
      this.reachStrong[cand] = 1;
      this.strongSeeds[this.strongN++] = cand;
    }
    if (cycles) this.anyTail(cand);
  }

  /** Marks `key`, the tail of a touched link, in `reachAny`. */
  private anyTail(key: number): void {
    if (this.reachAny[key]) return;
    this.reachAny[key] = 1;
    this.anySeeds[this.anyN++] = key;
  }

  // The tails marked by `marks`, where the backward searches start.
  private readonly strongSeeds = new Int16Array(NKEY);
  private strongN = 0;
  private readonly anySeeds = new Int16Array(NKEY);
  private anyN = 0;
  /** The off nodes `reachAny` marks (`backward` lists them). */
  private readonly anyOff = new Int16Array(NCAND);
  private anyOffN = 0;

  /**
   * `forcingFrom` for the touched cells and houses (`touch` first), a stricter condition than
   * `reachStrong` for the static forcing searches. A chain from a node x to x reversed that
   * takes a touched strong link a off => b on has a contrapositive, also a chain of the pass,
   * from x to x reversed that takes b off => a on: so x implies both a off and b off, that is,
   * both a on and b on imply x reversed. Two forward searches a link, from a on and b on, mark
   * the nodes whose forcing search may find a chain with rule parents. A value ends several
   * touched links (its row, column, box, cell): about 38% of them at a pause of the forum's
   * hardest, so each value's search runs once a pass and its list is kept.
   *
   * Many touched links mark the same nodes, and are skipped (see `sameMarks`): a strong link
   * a–b of the pass makes a on and b off imply each other (a on turns b off, b off turns a on),
   * and so b on and a off; so a on and b on lie in the strongly connected components of a on
   * and of a off. Another link c–d whose c on lies in one of those two components has d on
   * (which c off implies and which implies c off) in the other: its two reaches are a's and
   * b's, and so are the nodes it marks.
   */
  forcing(g: ChainGrid, isY: boolean, isX: boolean): void {
    this.links.use(isY, isX);
    if (this.kernel) {
      this.kernel.forcing(this.links.stamp, isY, isX);
      return;
    }
    const from = this.forcingFrom;
    from.fill(0);
    this.reachPass++;
    this.reachN = 0;
    this.classN = 0;
    this.inA.fill(0);
    this.inB.fill(0);
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

  /** Marks, reversed, the nodes that both `a` on and `b` on imply (unless an earlier link marked them). */
  private forcingLink(a: number, b: number): void {
    if (this.sameMarks(a)) return;
    const atA = this.reachOf(a);
    const atB = this.reachOf(b);
    const lists = this.reachLists;
    const seen = this.seen;
    const gen = ++this.seenGen;
    // The link's bit in inA/inB, while 32 links' reaches fit (beyond, links are not skipped).
    const bit = this.classN < 32 ? 1 << this.classN++ : 0;
    const inA = this.inA;
    const inB = this.inB;
    for (let i = atA, end = atA + this.reachLength[a]; i < end; i++) {
      seen[lists[i]] = gen;
      inA[lists[i]] |= bit;
    }
    const from = this.forcingFrom;
    for (let i = atB, end = atB + this.reachLength[b]; i < end; i++) {
      const k = lists[i];
      inB[k] |= bit;
      if (seen[k] !== gen) continue;
      from[k < NCAND ? k + ON : k - ON] = 1;
      this.start(k < NCAND ? k : k - ON);
    }
  }

  /**
   * Whether `c` on lies in the component of an earlier link's a on or b on (see `forcing`): c on
   * and a on imply each other where a on implies c on and c on implies a on, that is, a off
   * (whose reach is b on's) implies c off.
   */
  private sameMarks(c: number): boolean {
    const inA = this.inA;
    const inB = this.inB;
    return ((inA[c + ON] & inB[c]) | (inB[c + ON] & inA[c])) !== 0;
  }

  // Per node, bit i: the node is in the reach of the i-th marking link's a on (inA) or b on (inB).
  private readonly inA = new Int32Array(NKEY);
  private readonly inB = new Int32Array(NKEY);
  private classN = 0;

  /** Adds `cand` to `starts`. */
  private start(cand: number): void {
    this.starts[cand >>> 5] |= 1 << (cand & 31);
  }

  /** Where in `reachLists` the nodes `cand` on implies start, searched once a pass. */
  private reachOf(cand: number): number {
    if (this.reachStamp[cand] === this.reachPass) return this.reachStart[cand];
    this.forward(cand + ON);
    const n = this.reachedN;
    if (this.reachN + n > this.reachLists.length) {
      const grown = new Int16Array(Math.max(2 * this.reachLists.length, this.reachN + n));
      grown.set(this.reachLists.subarray(0, this.reachN));
      this.reachLists = grown;
    }
    // Copied a node at a time: a subarray view is an object, made thousands of times a rating.
    const lists = this.reachLists;
    const reached = this.reached;
    for (let i = 0, at = this.reachN; i < n; i++) lists[at + i] = reached[i];
    this.reachStamp[cand] = this.reachPass;
    this.reachStart[cand] = this.reachN;
    this.reachLength[cand] = n;
    this.reachN += n;
    return this.reachStart[cand];
  }

  /** Nodes marked with a generation: by `forward` as it goes, then by `forcingLink` (a later one). */
  private readonly seen = new Int32Array(NKEY);
  private seenGen = 0;
  // The forward lists of this pass's values (`reachOf`), one after another.
  private reachLists = new Int16Array(16 * NKEY);
  private reachN = 0;
  private reachPass = 0;
  private readonly reachStamp = new Int32Array(NCAND);
  private readonly reachStart = new Int32Array(NCAND);
  private readonly reachLength = new Int32Array(NCAND);
  private readonly reached = new Int16Array(NKEY);
  private reachedN = 0;

  /** Lists in `reached` every node `start` implies in the pass. */
  private forward(start: number): void {
    const seen = this.seen;
    const gen = ++this.seenGen;
    const queue = this.reached;
    let head = 0;
    let tail = 0;
    seen[start] = gen;
    queue[tail++] = start;
    const links = this.links;
    while (head < tail) {
      const key = queue[head++];
      const off = key < NCAND;
      const k = off ? links.off(key) : links.on(key - ON);
      const out = off ? links.offCand : links.onCand;
      const at = off ? links.offAt(key) : links.onAt(key - ON);
      const shift = off ? ON : 0;
      for (let j = 0; j < k; j++) {
        const p = out[at + j] + shift;
        if (seen[p] === gen) continue;
        seen[p] = gen;
        queue[tail++] = p;
      }
    }
    this.reachedN = tail;
  }

  /**
   * Marks every node that implies a marked node (the implication graph read backwards), from the
   * `seedN` marked `seeds`; the off nodes marked (seeds too) listed in `offs` (`anyOffN` of them)
   * when given.
   */
  private backward(mark: Uint8Array, seeds: Int16Array, seedN: number, offs: Int16Array | null): void {
    const stack = this.stack;
    for (let i = 0; i < seedN; i++) stack[i] = seeds[i];
    let n = seedN;
    let offN = 0;
    while (n > 0) {
      const key = stack[--n];
      if (key < NCAND) {
        // Every node marked is popped once.
        if (offs) offs[offN++] = key;
        // Off node: implied by the on nodes it implies itself being on (weak links go both ways).
        const k = this.links.on(key);
        for (let j = 0, at = this.links.onAt(key); j < k; j++) {
          const c = this.links.onCand[at + j];
          if (!mark[c + ON]) {
            mark[c + ON] = 1;
            stack[n++] = c + ON;
          }
        }
      } else {
        // On node: implied by the other value of its bivalue cell (Y) or the other place of
        // its digit in a house where it has two (X): the strong links go both ways, so these
        // are the candidates its own off node turns on.
        const cand = key - ON;
        const k = this.links.off(cand);
        for (let j = 0, at = this.links.offAt(cand); j < k; j++) {
          const p = this.links.offCand[at + j];
          if (!mark[p]) {
            mark[p] = 1;
            stack[n++] = p;
          }
        }
      }
    }
    if (offs) this.anyOffN = offN;
  }
}

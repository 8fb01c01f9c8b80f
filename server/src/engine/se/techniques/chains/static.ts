/**
 * Bidirectional cycles and forcing X-, Y- and XY-chains, searched as Sudoku Explainer 1.2.1's
 * Chaining(multiple = false, dynamic = false) does.
 *
 * For each empty cell (row-major) and each of its values, three searches start from "value is
 * in the cell": the cycle search (breadth-first, alternating a full round of "on implies off"
 * and a full round of "off implies on", keeping every path to an off node that is not already
 * on the path), then the forcing-chain searches from the value being on and from it being off.
 * This runs three times: X links only (one digit, houses), Y links only (bivalue cells; cycles
 * only), then both. All hints are sorted by difficulty, then complexity, then kind; hints with
 * the same removals as an earlier one are dropped.
 */
import type { Budget } from '../../../core/budget';
import { Kind, lengthBonus, nodeText, sortAndDedup, type ChainHint } from './hint';
import { digitWords } from '../places';
import { CycleComponents } from './cycleComponents';
import { DigitSees } from './digitSees';
import { Relevance } from './relevance';
import { StartSearch, slotOf, type FoundChain, type GridSearches, type SearchMemo } from './searchMemo';
import {
  CAUSE_NONE,
  CELL_HOUSES,
  NCAND,
  NKEY,
  ON,
  POPCOUNT9,
  SE_PEERS,
  lowBit,
  CandSet,
  GridKey,
  RemovedSince,
  type ChainGrid,
} from './tables';

/** What a nested search needs to report SE's "rule parents" for a chain. */
export interface NestedContext {
  /** Candidates of the outer search's starting grid. */
  initial: Uint16Array;
  /** The key of the grid searched, when the caller has it. */
  gridKey?: GridKey;
}

/** The names cycleHint and forcingHint give their steps, with SukakuExplainer's short names. */
const STATIC_SHORT_NAMES: Readonly<Record<string, string>> = {
  'Bidirectional X-Cycle': 'BiXCy',
  'Generalized X-Wing': 'GXW',
  'Bidirectional Y-Cycle': 'BiYCy',
  'Bidirectional Cycle': 'BiCy',
  'Forcing X-Chain': 'FXC',
  'Turbot Fish': 'TF',
  'Forcing Y-Chain': 'FYC',
  'Forcing Chain': 'FC',
};

/** A candidate's weak links: at most 8 other values of its cell and 20 peers (PassLinks' slot). */
const LIVE_SLOT = 32;

/** What the memo keeps for a search skipped because it finds nothing (see nestedSearch). */
const NO_CHAINS: readonly FoundChain[] = [];

export class StaticChainer {
  readonly stepNames: readonly string[] = Object.keys(STATIC_SHORT_NAMES);
  readonly shortNames = STATIC_SHORT_NAMES;
  private g!: ChainGrid;
  private nested: NestedContext | null = null;
  private display = true;

  // Node arena: key, parent node (-1 for the start), cause.
  private nodeKey = new Int16Array(1 << 12);
  private nodePar = new Int32Array(1 << 12);
  private nodeCause = new Uint8Array(1 << 12);
  private n = 0;
  // The cycle search's on nodes, this round's and the next's: each candidate is turned on at
  // most once a search (onMark), so NCAND slots hold a round.
  private qOn = new Int32Array(NCAND);
  private qNext = new Int32Array(NCAND);

  private readonly onMark = new Int32Array(NCAND);
  private gen = 0;
  private readonly cellMark = new Int32Array(81);
  private cellGen = 0;
  private readonly keyMark = new Int32Array(NKEY);
  private keyGen = 0;
  private readonly pathBuf = new Int32Array(2 * NCAND + 4);

  // Best-only mode: the best hint so far; searches stop where they cannot beat it.
  private bestOnly = false;
  private best: ChainHint | null = null;

  // Nested mode: skip starts that cannot reach a link the outer chain touched.
  private filtered = false;
  private readonly relevance = new Relevance();
  /** The pass's links, shared with the relevance marks' searches (see passLinks.ts). */
  private readonly links = this.relevance.links;

  // Nested mode with a memo: what earlier searches found on this grid, and what this one finds.
  private searches: GridSearches | null = null;
  private readonly finding: FoundChain[] = [];
  private pass = 0;

  /** `memo`: where nested searches keep what they find, by grid (see searchMemo.ts). */
  constructor(private readonly memo: SearchMemo | null = null) {}

  /**
   * All cycles and forcing chains of the grid, in SE's order. `nested` set: the search runs
   * inside a dynamic chain, and hints carry their rule parents and signature.
   */
  hints(g: ChainGrid, budget: Budget | null, nested: NestedContext | null): ChainHint[] {
    this.g = g;
    this.digitCellsReady = false;
    this.links.begin(g);
    this.liveGen++;
    this.nested = nested;
    this.removedReady = false;
    this.display = nested === null;
    this.bestOnly = false;
    this.best = null;
    this.searches = nested && this.memo ? this.memo.of(nested.gridKey ?? new GridKey().of(g.cands)) : null;
    if (nested) return sortAndDedup(this.nestedPasses(nested, budget));
    const all: ChainHint[] = [];
    this.loops(false, true, all, budget);
    this.loops(true, false, all, budget);
    this.loops(true, true, all, budget);
    return sortAndDedup(all);
  }

  /**
   * The three passes of a nested search, the XY pass first, their hints in SE's order (X, Y,
   * XY). The X and Y passes' links are among the XY pass's (X: houses only; Y: weak links
   * alike, strong links in bivalue cells only), so what a node implies in them it implies in
   * the XY pass, and the relevance marks of X and Y are within XY's. So an X forcing search
   * the X marks let through was made in the XY pass too, and if none there found a chain,
   * the X pass makes none (nor its forward marks). A cycle closes at an off node that turns
   * the start on (a strong partner of it), reached from an on node other than the start: an X
   * or Y cycle search is skipped where the XY one shows it cannot close (see closable), and
   * the X and Y cycle searches read the XY pass's cycle marks, not marks of their own (a
   * wider filter, but making X's marks cost more than the searches they spared).
   */
  private nestedPasses(nested: NestedContext, budget: Budget | null): ChainHint[] {
    this.relevance.touch(this.g, nested.initial);
    this.components.begin(this.links, this.gridDigitCells());
    this.verdictGen++;
    this.xyCycles = 0;
    this.xyForcing = false;
    const x: ChainHint[] = [];
    const y: ChainHint[] = [];
    const xy: ChainHint[] = [];
    this.loops(true, true, xy, budget);
    this.loops(false, true, x, budget);
    this.loops(true, false, y, budget);
    for (const h of y) x.push(h);
    for (const h of xy) x.push(h);
    return x;
  }

  // What the XY pass of a nested search tells the X and Y passes (see nestedPasses): stamps of
  // verdictGen on the starts where no X or Y cycle can close, or none can remove anything.
  private readonly noCycle = new Int32Array(NCAND);
  /** The XY links' components, for which starts' cycles could remove something. */
  private readonly components = new CycleComponents();
  private verdictGen = 0;
  /** Starts the XY pass left open to cycles: bit 0 any, bit 1 one in a bivalue cell. */
  private xyCycles = 0;
  /** Whether an XY forcing search found a chain (then X's may). */
  private xyForcing = false;
  /** In this pass (nested): whether cycle, forcing searches may run, their relevance marks made. */
  private passCycles = false;
  /** The XY pass's cycle starts, kept for the X and Y passes (`starts` is refilled each pass). */
  private readonly xyStarts = new Int32Array((NCAND + 31) >>> 5);
  private passForcing = false;

  /**
   * The first hint of `hints()` (SE applies only that one), found with less work: each search
   * stops at the depth where its chains can no longer come first.
   */
  firstHint(g: ChainGrid, budget: Budget | null): ChainHint | null {
    this.g = g;
    this.digitCellsReady = false;
    this.links.begin(g);
    this.liveGen++;
    this.nested = null;
    this.display = true;
    this.bestOnly = true;
    this.best = null;
    this.searches = null;
    try {
      const all: ChainHint[] = [];
      this.loops(false, true, all, budget);
      this.loops(true, false, all, budget);
      this.loops(true, true, all, budget);
      return this.best;
    } finally {
      this.bestOnly = false;
    }
  }

  /** Whether a hint of this base, complexity and kind would come before the best so far. */
  private canBeat(base: number, complexity: number, sortKey: number): boolean {
    // Outside best-only mode (every nested search) everything can: no length bonus to compute.
    if (!this.bestOnly || !this.best) return true;
    return this.before(base + lengthBonus(complexity), complexity, sortKey);
  }

  /** Whether (difficulty, complexity, sort key) comes before the best so far (ties lose). */
  private before(difficulty: number, complexity: number, sortKey: number): boolean {
    const b = this.best;
    if (!this.bestOnly || !b) return true;
    if (difficulty !== b.difficulty) return difficulty < b.difficulty;
    if (complexity !== b.complexity) return complexity < b.complexity;
    return sortKey < b.sortKey;
  }

  private offer(h: ChainHint, out: ChainHint[]): void {
    if (!this.bestOnly) out.push(h);
    else if (this.before(h.difficulty, h.complexity, h.sortKey)) this.best = h;
  }

  private loops(isY: boolean, isX: boolean, out: ChainHint[], budget: Budget | null): void {
    const cands = this.g.cands;
    this.pass = isX ? (isY ? 2 : 0) : 1;
    this.links.use(isY, isX);
    // Nested: skip starts that cannot reach a link the outer chain touched (see relevance.ts).
    this.filtered = this.nested !== null;
    if (this.filtered) {
      const xy = this.pass === 2;
      this.passCycles = xy || (this.xyCycles & (isX ? 1 : 2)) !== 0;
      this.passForcing = isX && (xy || this.xyForcing);
      const rel = this.relevance;
      rel.starts.fill(0);
      // The cycle marks (reachAny, which only `marks` writes) are made once, in the XY pass,
      // and serve X and Y too: their links and touched links are among XY's, so what reaches
      // one of theirs reaches one of XY's.
      if (xy) {
        rel.marks(this.g, isY, isX, false, true);
        this.xyStarts.set(rel.starts);
      } else if (this.passCycles) rel.starts.set(this.xyStarts);
      if (this.passForcing) rel.forcing(this.g, isY, isX);
      this.filteredStarts(isY, isX, out, budget);
      return;
    }
    for (let cell = 0; cell < 81; cell++) {
      const m = cands[cell];
      const card = POPCOUNT9[cands[cell]];
      if (this.g.values[cell] || card < 2) continue;
      if (card > 2 && !isX) continue; // Y-cycles start in bivalue cells only
      if (budget && (cell & 7) === 0) budget.check();
      for (let mm = m; mm; mm &= mm - 1) {
        const cand = cell * 9 + lowBit(mm);
        this.unary(cand, isY, isX, out);
      }
    }
  }

  /**
   * The start loop of a filtered pass: only the candidates the relevance marks name (a few
   * dozen of about 200 at a pause), in the same order (ascending) and with the same cell
   * tests as the full loop, so the searches and their hints come in the same order.
   */
  private filteredStarts(isY: boolean, isX: boolean, out: ChainHint[], budget: Budget | null): void {
    const starts = this.relevance.starts;
    const cands = this.g.cands;
    // One budget check a pass: a filtered pass searches a few dozen starts (tens of µs), and
    // the check every four words (six a pass, 96% of a median rating's checks) read the clock and
    // boxed its doubles 150,000 times a second, 8% of what the median forum puzzles allocated.
    budget?.check();
    for (let w = 0; w < starts.length; w++) {
      for (let bits = starts[w]; bits; bits &= bits - 1) {
        const cand = (w << 5) + (31 - Math.clz32(bits & -bits));
        const cell = (cand / 9) | 0;
        const card = POPCOUNT9[cands[cell]];
        if (card < 2 || (card > 2 && !isX)) continue;
        this.unary(cand, isY, isX, out);
      }
    }
  }

  // ---------------------------------------------------------------------------------------
  // Arena

  private grow(): void {
    const size = this.nodeKey.length * 2;
    const k = new Int16Array(size);
    k.set(this.nodeKey);
    this.nodeKey = k;
    const p = new Int32Array(size);
    p.set(this.nodePar);
    this.nodePar = p;
    const c = new Uint8Array(size);
    c.set(this.nodeCause);
    this.nodeCause = c;
  }

  private node(key: number, parent: number, cause: number): number {
    if (this.n === this.nodeKey.length) this.grow();
    const i = this.n++;
    this.nodeKey[i] = key;
    this.nodePar[i] = parent;
    this.nodeCause[i] = cause;
    return i;
  }

  /** Whether an off node with `key` is a strict ancestor of on node `p` (paths alternate). */
  private isParent(p: number, key: number): boolean {
    for (let q = this.nodePar[p]; q >= 0; ) {
      if (this.nodeKey[q] === key) return true;
      q = this.nodePar[q];
      if (q < 0) break;
      q = this.nodePar[q];
    }
    return false;
  }

  // ---------------------------------------------------------------------------------------
  // Searches

  private unary(cand: number, isY: boolean, isX: boolean, out: ChainHint[]): void {
    const f = this.filtered;
    // A cycle, or a chain from the value off, ends by turning the value on: that needs a
    // strong link into it.
    const strongIn = this.hasStrongIn(cand, isY, isX);
    const rel = this.relevance;
    if (!f) {
      if (strongIn) this.searchFrom(StartSearch.Cycles, cand, isY, isX, out);
      if (isX) {
        this.searchFrom(StartSearch.ForcingOn, cand, isY, isX, out);
        if (strongIn) this.searchFrom(StartSearch.ForcingOff, cand, isY, isX, out);
      }
      return;
    }
    // Nested: the relevance marks, then what the XY pass found (see nestedPasses). A cycle
    // through the start takes a touched link there and back: the start on reaches its tail,
    // and its head reaches the start on, so (every link's contrapositive is a link of the same
    // cell or house) the start off reaches the tail of the reversed link.
    if (strongIn && this.passCycles && rel.reachAny[cand + ON] && rel.reachAny[cand]) this.nestedSearch(StartSearch.Cycles, cand, isY, isX, out);
    if (!this.passForcing) return;
    if (rel.forcingFrom[cand + ON]) this.nestedSearch(StartSearch.ForcingOn, cand, isY, isX, out);
    if (strongIn && rel.forcingFrom[cand]) this.nestedSearch(StartSearch.ForcingOff, cand, isY, isX, out);
  }

  /**
   * A nested search from `cand`. In the XY pass, what it found is noted for the X and Y passes;
   * in those, a cycle search the XY pass showed cannot close is not made (but kept as made).
   */
  private nestedSearch(what: StartSearch, cand: number, isY: boolean, isX: boolean, out: ChainHint[]): void {
    const xy = this.pass === 2;
    if (!xy && what === StartSearch.Cycles && this.noCycle[cand] === this.verdictGen) {
      this.searches?.record(slotOf(this.pass, cand, what), NO_CHAINS);
      return;
    }
    // No cycle of the XY links through the start can remove anything (see cycleComponents.ts):
    // nor can an X or Y cycle, whose links are among them, so those searches are skipped too.
    if (xy && what === StartSearch.Cycles && !this.components.canRemove(cand)) {
      this.noCycle[cand] = this.verdictGen;
      return;
    }
    const before = out.length;
    this.closable = false;
    const searched = this.searchFrom(what, cand, isY, isX, out);
    if (!xy) return;
    if (what !== StartSearch.Cycles) {
      if (out.length > before) this.xyForcing = true;
    } else if (searched && !this.closable) this.noCycle[cand] = this.verdictGen;
    // A cycle search answered by the memo leaves the question open.
    else this.xyCycles |= POPCOUNT9[this.g.cands[(cand / 9) | 0]] === 2 ? 3 : 1;
  }

  /**
   * Whether the last cycle search of an XY pass may tell of an X or Y cycle: it reached an on
   * node p, not the start, that turns off x, a strong partner of the start, and reached as an
   * off node a strong partner of p other than x. An X or Y cycle closing at x from p reaches p
   * on a path of its pass without x (x is not p's ancestor), whose last link is such a
   * partner off; every node and link of it is one of the XY pass, whose search reaches every on
   * node it can and turns off everything each implies.
   */
  private closable = false;

  /**
   * One search from `cand`; with a memo, what an earlier search of this grid found from there
   * is reused (then false).
   */
  private searchFrom(what: StartSearch, cand: number, isY: boolean, isX: boolean, out: ChainHint[]): boolean {
    const searches = this.searches;
    const slot = searches ? slotOf(this.pass, cand, what) : -1;
    if (searches?.has(slot)) {
      for (const found of searches.results(slot)) out.push(this.withParents(found));
      return false;
    }
    // Cleared only when something is in it: setting an array's length is a runtime call even
    // when it is 0 already, and most searches find nothing.
    if (this.finding.length !== 0) this.finding.length = 0;
    this.n = 0;
    if (what === StartSearch.Cycles) this.cycles(cand, isY, isX, out);
    else {
      const end = this.forcing(what === StartSearch.ForcingOn ? cand + ON : cand, isY);
      if (end >= 0) this.offer(this.forcingHint(end, isY, isX), out);
    }
    if (searches) searches.record(slot, this.finding);
    return true;
  }

  private hasStrongIn(cand: number, isY: boolean, isX: boolean): boolean {
    const g = this.g;
    const cell = (cand / 9) | 0;
    if (isY && POPCOUNT9[g.cands[cell]] === 2) return true;
    if (!isX) return false;
    const d = cand - cell * 9;
    for (let k = 0; k < 3; k++) if (POPCOUNT9[g.hpos[CELL_HOUSES[3 * cell + k] * 9 + d]] === 2) return true;
    return false;
  }

  /** SE's doCycles from "cand is on"; reports each cycle back to the start as a hint. */
  private cycles(cand: number, isY: boolean, isX: boolean, out: ChainHint[]): void {
    const xy = isX && isY;
    const base = xy ? 7.0 : 6.5;
    const sortKey = xy ? 4 : isY ? 3 : 2;
    // A cycle closed in the off round at `length` has complexity `length` (>= 4).
    if (!this.canBeat(base, 4, sortKey)) return;
    // The start's strong partners: the only off nodes that close a cycle. A nested XY pass
    // watches for them (see closable).
    const watch = this.pass === 2 && this.nested !== null;
    this.markPartners(cand);
    const links = this.links;
    const onCand = links.onCand;
    const onCause = links.onCause;
    const offCand = links.offCand;
    const offCause = links.offCause;
    const livePos = this.livePos;
    const partners = this.partnerMark;
    const partnerGen = this.partnerGen;
    const offSeen = this.offSeen;
    const pairs = this.closePairs;
    let nPairs = 0;
    const gen = ++this.gen;
    const sourceKey = cand + ON;
    this.onMark[cand] = gen;
    let qOn = this.qOn;
    let qNext = this.qNext;
    let nOn = 1;
    qOn[0] = this.node(sourceKey, -1, CAUSE_NONE);
    let length = 0;
    // The nodes closing a cycle (most searches close none).
    const found = this.cycleEnds;
    let nFound = 0;
    // SE's rounds, the on nodes' weak links then the off nodes' strong links, taken together:
    // each off node is followed as soon as it is made, in the order SE's off round takes the
    // queue (the order it was made in), so the on nodes, their parents and the closing nodes
    // come in SE's order. An off node enters the arena only when it turns something on or
    // closes a cycle (a path runs through it): most lead nowhere, and SE's queue of them was
    // written and read again for nothing. Only the weak links to a candidate with a strong
    // link are read (see live).
    while (nOn > 0) {
      if (length + 2 >= 4 && !this.canBeat(base, length + 2, sortKey)) break;
      // The on round is at length + 1, the off round at length + 2.
      length += 2;
      let nNext = 0;
      for (let i = 0; i < nOn; i++) {
        const p = qOn[i];
        const pc = this.nodeKey[p] - ON;
        const k = this.live(pc);
        const at = links.onAt(pc);
        for (let l = 0, pos = (this.pass * NCAND + pc) * LIVE_SLOT; l < k; l++) {
          const j = at + livePos[pos + l];
          const off = onCand[j];
          const partner = partners[off] === partnerGen;
          // Past the first round p is not the start.
          if (watch && partner && length > 2) {
            pairs[nPairs++] = pc;
            pairs[nPairs++] = off;
          }
          // SE follows an off node wherever it is not on the path already, so one candidate
          // can be off many times a search. Met for the first time, it is on no path (the
          // path's off nodes were all met before). Met again, it was followed when first met
          // and turned on everything it can, so it can only close a cycle: not unless it is a
          // strong partner of the start, nor where it is on the path.
          if (offSeen[off] === gen) {
            if (!partner || this.isParent(p, off)) continue;
          } else offSeen[off] = gen;
          let offNode = -1;
          const cause1 = onCause[j];
          const m = links.off(off);
          for (let jj = 0, at2 = links.offAt(off); jj < m; jj++) {
            const on = offCand[at2 + jj];
            const cause = offCause[at2 + jj];
            if (length >= 4 && on === cand) {
              if (offNode < 0) offNode = this.node(off, p, cause1);
              found[nFound++] = this.node(sourceKey, offNode, cause);
            }
            if (this.onMark[on] === gen) continue;
            this.onMark[on] = gen;
            if (offNode < 0) offNode = this.node(off, p, cause1);
            qNext[nNext++] = this.node(on + ON, offNode, cause);
          }
        }
      }
      const t = qOn;
      qOn = qNext;
      qNext = t;
      nOn = nNext;
    }
    for (let i = 0; i < nPairs && !this.closable; i += 2) this.closable = this.turnedOnBesides(pairs[i], pairs[i + 1], gen);
    this.cycleEndCount = nFound;
    for (let i = 0; i < nFound; i++) {
      const hint = this.cycleHint(found[i], isY, isX);
      if (hint) this.offer(hint, out);
    }
  }

  // A typed list, not an array: an array's length write or push is a runtime call, and this is
  // cleared for every search. One closing per on node and strong partner of the start (at most
  // four: the cell's other value, the digit's other place in three houses).
  private readonly cycleEnds = new Int32Array(4 * NCAND);
  /** How many of cycleEnds the last cycle search that ran its rounds filled (not private: only the tests read it). */
  cycleEndCount = 0;

  // Per pass and candidate, for this grid: where in its weak links (PassLinks.on) the
  // candidates with a strong link in the pass are. A cycle search can skip the others: off,
  // they turn nothing on, and they are no strong partner of the start (so close nothing) nor
  // of an on node (so the closable verdict never reads them).
  private readonly liveStamp = new Int32Array(3 * NCAND);
  private readonly liveCount = new Uint8Array(3 * NCAND);
  private readonly livePos = new Uint8Array(3 * NCAND * LIVE_SLOT);
  private liveGen = 0;

  /** How many of `cand`'s weak links lead to a candidate with a strong link; positions from `(pass * NCAND + cand) * LIVE_SLOT` in livePos. */
  private live(cand: number): number {
    const i = this.pass * NCAND + cand;
    if (this.liveStamp[i] !== this.liveGen) {
      this.liveStamp[i] = this.liveGen;
      const links = this.links;
      const k = links.on(cand);
      let n = 0;
      for (let j = 0, at = links.onAt(cand); j < k; j++) if (links.off(links.onCand[at + j]) !== 0) this.livePos[i * LIVE_SLOT + n++] = j;
      this.liveCount[i] = n;
    }
    return this.liveCount[i];
  }

  // A cycle search's off nodes (stamped with its gen), and a nested XY search's pairs (on node
  // p, off node x) where p, not the start, turns off x, a strong partner of the start: where an
  // X or Y cycle could close, if p can be reached without x off (see closable).
  private readonly offSeen = new Int32Array(NCAND);
  private readonly closePairs = new Int16Array(8 * NCAND);

  /**
   * Whether the XY cycle search stamped `gen` reached, as an off node, a strong partner of `p`
   * (one that turns p on) other than `x`: a path to p that avoids x off ends with one. Strong
   * links go both ways, so p's partners are what p off turns on in the XY pass.
   */
  private turnedOnBesides(p: number, x: number, gen: number): boolean {
    const links = this.links;
    for (let j = 0, k = links.off(p), at = links.offAt(p); j < k; j++) {
      const o = links.offCand[at + j];
      if (o !== x && this.offSeen[o] === gen) return true;
    }
    return false;
  }

  /** Stamps the XY pass's strong partners of `cand` (the off nodes that turn it on, the same as what it turns on off) in partnerMark. */
  private markPartners(cand: number): void {
    const gen = ++this.partnerGen;
    const links = this.links;
    for (let j = 0, k = links.off(cand), at = links.offAt(cand); j < k; j++) this.partnerMark[links.offCand[at + j]] = gen;
  }

  private readonly partnerMark = new Int32Array(NCAND);
  private partnerGen = 0;

  /**
   * SE's doForcingChains from `sourceKey`: the first node found that contradicts the source
   * (its own candidate in the other state), or -1. SE keeps searching afterwards but can find
   * nothing else, so this stops there. Breadth-first over keys (candidate, on or off), in
   * alternating rounds: the on nodes' consequences, then the off nodes'.
   */
  private forcing(sourceKey: number, isY: boolean): number {
    const base = isY ? 7.0 : 6.6;
    const sortKey = isY ? 4 : 2;
    const sourceOn = sourceKey >= NCAND;
    const sourceCand = sourceOn ? sourceKey - ON : sourceKey;
    // The key that contradicts the source: an off key (made by an on round) for an on source,
    // an on key (made by an off round) for an off source.
    const contra = sourceOn ? sourceCand : sourceCand + ON;
    ++this.keyGen;
    this.reach(sourceKey, -1, CAUSE_NONE);
    // Links from the source to the nodes waiting in each queue; a target made from a queue at
    // depth t has complexity t + 2.
    let onDepth = 0;
    let offDepth = 0;
    let nOn = 0;
    let nOff = 0;
    if (sourceOn) this.candQOn[nOn++] = sourceCand;
    else this.candQOff[nOff++] = sourceCand;
    this.forcingFound = -1;
    while (nOn > 0 || nOff > 0) {
      if (nOn > 0) {
        if (!this.canBeat(base, onDepth + 2, sortKey)) break;
        offDepth = onDepth + 1;
      }
      nOff = this.onRound(contra, nOn, nOff);
      if (nOff < 0) break;
      if (nOff > 0) {
        if (!this.canBeat(base, offDepth + 2, sortKey)) break;
        onDepth = offDepth + 1;
      }
      nOn = this.offRound(contra, nOff);
      if (nOn < 0) break;
      nOff = 0;
    }
    const found = this.forcingFound;
    if (found < 0) return -1;
    // Rebuild the path as arena nodes for the hint.
    const par = this.keyPar;
    let n = 0;
    for (let k = found; k >= 0; k = par[k]) this.keyPath[n++] = k;
    let node = -1;
    for (let i = n - 1; i >= 0; i--) node = this.node(this.keyPath[i], node, this.keyCause[this.keyPath[i]]);
    return node;
  }

  /**
   * A forcing search's on round: the nOn on nodes queued turn off the cell's other values (Y)
   * and the digit in the peers, queued after the nOff off nodes waiting. The off queue's new
   * length, or -1 when `contra` was reached (see contradiction).
   */
  private onRound(contra: number, nOn: number, nOff: number): number {
    const qOn = this.candQOn;
    const qOff = this.candQOff;
    const links = this.links;
    const outCand = links.onCand;
    const outCause = links.onCause;
    for (let i = 0; i < nOn; i++) {
      const p = qOn[i];
      const pk = p + ON;
      const k = links.on(p);
      for (let j = 0, at = links.onAt(p); j < k; j++) {
        const off = outCand[at + j];
        // The source turned off: SE reports this node (fresh, its parent p).
        if (off === contra) return this.contradiction(off, pk, outCause[at + j]);
        if (this.reach(off, pk, outCause[at + j])) qOff[nOff++] = off;
      }
    }
    return nOff;
  }

  /**
   * A forcing search's off round: the offCount off nodes queued turn on the other value of a
   * bivalue cell (Y) and the other place of the digit in a house where it has two. The on
   * queue's new length, or -1 when `contra` was reached (see contradiction).
   */
  private offRound(contra: number, offCount: number): number {
    const qOn = this.candQOn;
    const qOff = this.candQOff;
    const links = this.links;
    const outCand = links.offCand;
    const outCause = links.offCause;
    let nOn = 0;
    for (let i = 0; i < offCount; i++) {
      const p = qOff[i];
      const k = links.off(p);
      for (let j = 0, at = links.offAt(p); j < k; j++) {
        const on = outCand[at + j];
        if (on + ON === contra) return this.contradiction(on + ON, p, outCause[at + j]);
        if (this.reach(on + ON, p, outCause[at + j])) qOn[nOn++] = on;
      }
    }
    return nOn;
  }

  /** Marks `key` reached from `parent` by `cause` in this forcing search; false when it already was. */
  private reach(key: number, parent: number, cause: number): boolean {
    if (this.keyMark[key] === this.keyGen) return false;
    this.keyMark[key] = this.keyGen;
    this.keyPar[key] = parent;
    this.keyCause[key] = cause;
    return true;
  }

  /** The forcing search reached the key contradicting its source (forcingFound): -1, for the round to stop. */
  private contradiction(key: number, parent: number, cause: number): number {
    this.keyPar[key] = parent;
    this.keyCause[key] = cause;
    this.forcingFound = key;
    return -1;
  }

  /** The node a forcing search found (see forcing), -1 for none. */
  private forcingFound = -1;
  private readonly keyPar = new Int16Array(NKEY);
  private readonly keyCause = new Uint8Array(NKEY);
  private readonly keyPath = new Int16Array(NKEY);
  private readonly candQOn = new Int16Array(NCAND);
  private readonly candQOff = new Int16Array(NCAND);

  // ---------------------------------------------------------------------------------------
  // Hints

  /** Nodes from `dst` up to the start (inclusive) into pathBuf; returns the count. */
  private path(dst: number): number {
    let n = 0;
    for (let q = dst; q >= 0; q = this.nodePar[q]) this.pathBuf[n++] = q;
    return n;
  }

  private cycleHint(dst: number, isY: boolean, isX: boolean): ChainHint | null {
    const g = this.g;
    const n = this.path(dst); // pathBuf[n - 1] is the start, same key as dst
    // Nearly every cycle found removes nothing: tell those apart on cell sets first.
    if (!this.cycleRemoves(n)) return null;
    const cellGen = ++this.cellGen;
    const cells: number[] = [];
    for (let i = 0; i < n - 1; i++) {
      const cell = (this.candOfNode(this.pathBuf[i]) / 9) | 0;
      if (this.cellMark[cell] !== cellGen) {
        this.cellMark[cell] = cellGen;
        cells.push(cell);
      }
    }
    // Candidates outside the cycle seeing an on node and an off node of their digit.
    const fwd = ++this.gen;
    const both = ++this.gen;
    const removable: number[] = [];
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < n - 1; i++) {
        const key = this.nodeKey[this.pathBuf[i]];
        const on = key >= NCAND;
        if ((pass === 0) !== on) continue;
        const cand = on ? key - ON : key;
        const cell = (cand / 9) | 0;
        const d = cand - cell * 9;
        for (let k = 0; k < 20; k++) {
          const peer = SE_PEERS[cell * 20 + k];
          if (this.cellMark[peer] === cellGen || !(g.cands[peer] & (1 << d))) continue;
          const pc = peer * 9 + d;
          if (pass === 0) this.onMark[pc] = fwd;
          else if (this.onMark[pc] === fwd) {
            this.onMark[pc] = both;
            removable.push(pc);
          }
        }
      }
    }
    if (removable.length === 0) return null;
    removable.sort((a, b) => a - b);
    const complexity = this.distinctKeys(n);
    const xy = isX && isY;
    const name = xy
      ? 'Bidirectional Cycle'
      : isY
        ? 'Bidirectional Y-Cycle'
        : cells.length === 4
          ? 'Generalized X-Wing'
          : 'Bidirectional X-Cycle';
    const hint = this.pathHint(n, Kind.Cycle, name, (xy ? 7.0 : 6.5) + lengthBonus(complexity), complexity, xy ? 4 : isY ? 3 : 2, removable, -1);
    if (!this.nested) return hint;
    // Targets: the cycle's end and its reversal; the reversal's on nodes are the off nodes.
    const singles: number[] = [];
    for (let i = 0; i < n; i++) this.addSingle(this.pathBuf[i], true, singles);
    for (let i = n - 1; i >= 0; i--) this.addSingle(this.pathBuf[i], false, singles);
    return this.found(hint, 'C', n, singles);
  }

  // What a cycle's nodes see, per digit; the grid's cells of each digit (three 27-cell words, per
  // grid).
  private readonly sees = new DigitSees();
  private readonly digitCells = new Int32Array(27);
  /** Whether digitCells is the searched grid's: false at the start of each search of a grid (a nested grid object is reused). */
  private digitCellsReady = false;

  /**
   * Whether the cycle of the `n` nodes in pathBuf removes something, as cycleHint works it out: a
   * candidate outside the cycle's cells seeing an on node and an off node of its digit.
   */
  private cycleRemoves(n: number): boolean {
    const sees = this.sees;
    sees.clear();
    let in0 = 0;
    let in1 = 0;
    let in2 = 0;
    for (let i = 0; i < n - 1; i++) {
      const key = this.nodeKey[this.pathBuf[i]];
      const cell = ((key >= NCAND ? key - ON : key) / 9) | 0;
      const w = (cell / 27) | 0;
      if (w === 0) in0 |= 1 << cell;
      else if (w === 1) in1 |= 1 << (cell - 27);
      else in2 |= 1 << (cell - 54);
      sees.add(key);
    }
    return sees.removesOutside(this.gridDigitCells(), in0, in1, in2);
  }

  /** digitCells, made the first time the searched grid asks (by a cycle, or a nested pass's components). */
  private gridDigitCells(): Int32Array {
    if (!this.digitCellsReady) {
      this.digitCellsReady = true;
      digitWords(this.g.cands, this.digitCells);
    }
    return this.digitCells;
  }

  private forcingHint(dst: number, isY: boolean, isX: boolean): ChainHint {
    const g = this.g;
    const n = this.path(dst);
    const key = this.nodeKey[dst];
    const on = key >= NCAND;
    const cand = on ? key - ON : key;
    const cell = (cand / 9) | 0;
    const removable: number[] = [];
    if (on) {
      for (let m = g.cands[cell] & ~(1 << (cand - cell * 9)); m; m &= m - 1) removable.push(cell * 9 + lowBit(m));
    } else removable.push(cand);
    const complexity = this.distinctKeys(n);
    const xy = isX && isY;
    const name = xy ? 'Forcing Chain' : isY ? 'Forcing Y-Chain' : complexity === 6 ? 'Turbot Fish' : 'Forcing X-Chain';
    const hint = this.pathHint(n, Kind.Forcing, name, (xy ? 7.0 : 6.6) + lengthBonus(complexity), complexity, xy ? 4 : isY ? 3 : 2, removable, on ? cand : -1);
    if (!this.nested) return hint;
    const singles: number[] = [];
    for (let i = 0; i < n; i++) this.addSingle(this.pathBuf[i], true, singles);
    return this.found(hint, 'F', n, singles);
  }

  /** A hint along the path's `n` nodes: what varies given, the path's links and text when displayed. */
  private pathHint(
    n: number,
    kind: Kind,
    name: string,
    difficulty: number,
    complexity: number,
    sortKey: number,
    removable: number[],
    placement: number,
  ): ChainHint {
    // One literal (no spread): nested searches make many of these.
    const hint: ChainHint = { kind, name, difficulty, complexity, sortKey, removable, placement, links: null, detail: '', house: -1, ruleParents: null, signature: null };
    if (this.display) {
      hint.links = this.pathLinks(n);
      hint.detail = this.pathText(n);
    }
    return hint;
  }

  /** SE's FullChain identity of a path hint (its nodes in order), hashed. */
  private pathSignature(kind: string, n: number): string {
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193;
    for (let i = 0; i < n; i++) {
      const key = this.nodeKey[this.pathBuf[i]];
      h1 = Math.imul(h1 ^ key, 0x01000193);
      h2 = Math.imul(h2 + key, 0x5bd1e995) ^ (h2 >>> 15);
    }
    return `${kind}${h1 >>> 0}:${h2 >>> 0}:${n}`;
  }

  private candOfNode(node: number): number {
    const key = this.nodeKey[node];
    return key >= NCAND ? key - ON : key;
  }

  private distinctKeys(n: number): number {
    const gen = ++this.keyGen;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const key = this.nodeKey[this.pathBuf[i]];
      if (this.keyMark[key] !== gen) {
        this.keyMark[key] = gen;
        count++;
      }
    }
    return count;
  }

  private pathLinks(n: number): number[] {
    const links: number[] = [];
    for (let i = n - 1; i > 0; i--) links.push(this.nodeKey[this.pathBuf[i]], this.nodeKey[this.pathBuf[i - 1]]);
    return links;
  }

  private pathText(n: number): string {
    const parts: string[] = [];
    for (let i = n - 1; i >= 0; i--) parts.push(nodeText(this.nodeKey[this.pathBuf[i]]));
    return parts.join(' -> ');
  }

  /**
   * A nested hint: its identity, kept (with a memo) as a FoundChain of `singles`, returned with
   * the rule parents they give from this outer start.
   */
  private found(hint: ChainHint, kind: string, n: number, singles: number[]): ChainHint {
    hint.signature = this.pathSignature(kind, n);
    const found: FoundChain = { hint, singles };
    if (this.searches) this.finding.push(found);
    return this.withParents(found);
  }

  private readonly seenParents = new CandSet();
  /** The grid's removals since the outer start: made when a search's first found chain needs them (most find none). */
  private readonly removed = new RemovedSince();
  private removedReady = false;

  /** The found chain's hint with SE's rule parents: what its singles rely on having gone since the outer start. */
  private withParents(found: FoundChain): ChainHint {
    const parents: number[] = [];
    const seen = this.seenParents;
    seen.clear();
    const singles = found.singles;
    if (!this.removedReady) {
      this.removed.of(this.nested!.initial, this.g);
      this.removedReady = true;
    }
    for (let i = 0; i < singles.length; i += 2) this.removed.collect(singles[i], singles[i + 1], parents, seen);
    const h = found.hint;
    // One literal (no spread): nested searches make many of these.
    return {
      kind: h.kind,
      name: h.name,
      difficulty: h.difficulty,
      complexity: h.complexity,
      sortKey: h.sortKey,
      removable: h.removable,
      placement: h.placement,
      links: null,
      detail: '',
      house: -1,
      ruleParents: parents,
      signature: h.signature,
    };
  }

  /**
   * SE's collectRuleParents for one node: an on node (or, `asOn` false, an off node read in
   * the reversed cycle) that a single made true relies on the removals, since the outer start,
   * of the other values of its cell or of the digit elsewhere in its house. Appends that
   * single's (candidate, cause).
   */
  private addSingle(node: number, asOn: boolean, singles: number[]): void {
    const key = this.nodeKey[node];
    if (key >= NCAND !== asOn) return;
    const cause = this.nodeCause[node];
    if (cause === CAUSE_NONE) return;
    singles.push(key >= NCAND ? key - ON : key, cause);
  }
}


/**
 * The simpler rules that dynamic chains with a level use as extra implications (SE's
 * getAdvancedPotentials): pointing/claiming, hidden pair, naked pair, X-Wing, then, from
 * level 2, nested chains. They run on the grid as the chain has reduced it; a rule's hint
 * counts only when it relies on some removal made since the propagation started (its "rule
 * parents"), which become the parents of the candidates it removes. Rules are tried in
 * order and the first one that yields anything is the only one used.
 */
import { BOXES, COLUMNS, INTER, ROWS, forEachLocking } from '../intersections';
import type { Budget } from '../../../core/budget';
import { DynamicChainer, type NestedHint } from './dynamic';
import type { ChainHint } from './hint';
import { SearchMemo } from './searchMemo';
import { StaticChainer, type NestedContext } from './static';
import { CELL_HOUSES, GridKey, HOUSE_CELLS, POPCOUNT9, lowBit, sameCands, type ChainGrid } from './tables';

export interface AdvancedOff {
  cand: number;
  /** Off candidates (already removed) the rule relied on. */
  parents: number[];
  nested: NestedHint | null;
}

/**
 * What every nested static search found, by grid, kept across rating steps (see searchMemo.ts):
 * 8,192 grids, about 8 MB.
 */
const nestedSearches = new SearchMemo(8192);

/** SE's region order for hidden and naked sets: boxes, columns, rows. */
const SET_ORDER = [BOXES, COLUMNS, ROWS];

/** Grids a PotentialsCache holds before it starts again. */
const CACHE_GRIDS = 20_000;

/**
 * Results by grid, for one starting grid (cleared when it changes or grows too large). A pause
 * looks in two or three of these and most miss, so nothing is allocated per grid: the grids'
 * candidates are copied into one flat store (grown by doubling), slots found by the key's hash.
 */
export class PotentialsCache {
  /** Slot by key hash: a grid whose hash another holds takes its slot (a cache may forget). */
  private readonly slots = new Map<number, number>();
  private grids = new Uint16Array(81 * 64);
  private readonly values: AdvancedOff[][] = [];
  private n = 0;
  private readonly initial = new Uint16Array(81);
  private initialHash = -1;
  private initialId = -1;

  /** Makes the cache about `initial`'s grid. */
  start(initial: GridKey): void {
    if (initial.id === this.initialId) return;
    // The same grid under another key (another level's): kept.
    if (initial.hash !== this.initialHash || !sameCands(initial.cands, this.initial, 0)) {
      this.empty();
      this.initial.set(initial.cands);
      this.initialHash = initial.hash;
    }
    this.initialId = initial.id;
  }

  get(key: GridKey): AdvancedOff[] | undefined {
    const slot = this.slots.get(key.hash);
    return slot !== undefined && sameCands(key.cands, this.grids, slot * 81) ? this.values[slot] : undefined;
  }

  set(key: GridKey, value: AdvancedOff[]): void {
    let slot = this.slots.get(key.hash);
    if (slot === undefined) {
      if (this.n >= CACHE_GRIDS) this.empty();
      slot = this.n++;
      if (slot * 81 >= this.grids.length) {
        const grown = new Uint16Array(Math.min(2 * this.grids.length, 81 * CACHE_GRIDS));
        grown.set(this.grids);
        this.grids = grown;
      }
      this.slots.set(key.hash, slot);
    }
    this.grids.set(key.cands, slot * 81);
    this.values[slot] = value;
  }

  clear(): void {
    this.empty();
    this.initialHash = -1;
    this.initialId = -1;
  }

  private empty(): void {
    this.slots.clear();
    this.values.length = 0;
    this.n = 0;
  }
}

/**
 * Levels 2 and 3 begin with the same rules (simple ones, then forcing chains), and so do
 * levels 4 and 5 (simple ones, then dynamic chains); SE tries the levels in turn on the same
 * grid, so the higher level meets the grids the lower one saw. The top-level chainers share
 * one cache per pair for the result of those first rules.
 */
export interface SharedPrefix {
  cache: PotentialsCache;
}

export class AdvancedRules {
  private readonly chainers: ((g: ChainGrid, b: Budget | null, nested: NestedContext) => ChainHint[])[] = [];
  private readonly dynamicChainers: DynamicChainer[] = [];
  private out: AdvancedOff[] = [];
  /**
   * Results by grid, for one starting grid: propagations from different assumptions often
   * reach the same grid (a bivalue cell's value off is its other value on).
   */
  private readonly cache = new PotentialsCache();

  /**
   * `shared`: a cache for the simple rules and the first chainer, shared with another level.
   * `simple`: a cache for the simple rules alone, shared by every level from 1 up: SE tries them
   * in turn on the same grid, and a level's runs go through the pauses of the level below until
   * its own nested chains first add something, so most of its pauses' grids were met already.
   */
  constructor(
    level: number,
    private readonly shared: SharedPrefix | null = null,
    private readonly simple: PotentialsCache | null = null,
  ) {
    if (level < 4) {
      if (level >= 2) {
        const s = new StaticChainer(nestedSearches);
        this.chainers.push((g, b, nested) => s.hints(g, b, nested));
      }
      if (level >= 3) {
        const m = new DynamicChainer({ multiple: true, dynamic: false, nishio: false, level: 0 });
        this.dynamicChainers.push(m);
        this.chainers.push((g, b, nested) => m.hints(g, b, nested));
      }
    } else {
      const d = new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 0 });
      this.dynamicChainers.push(d);
      this.chainers.push((g, b, nested) => d.hints(g, b, nested));
      if (level >= 5) {
        const n = new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: level - 3 });
        this.dynamicChainers.push(n);
        this.chainers.push((g, b, nested) => n.hints(g, b, nested));
      }
    }
  }

  /** Lets go of memory kept for reuse: the cache and the nested chainers' spare runs. */
  trim(): void {
    this.cache.clear();
    for (const c of this.dynamicChainers) c.trim();
  }

  /** The removals the first productive rule makes on `g`, relative to `initial`. */
  potentials(g: ChainGrid, initial: ChainGrid, budget: Budget | null): AdvancedOff[] {
    const initialKey = this.initialKey(initial.cands);
    this.cache.start(initialKey);
    this.shared?.cache.start(initialKey);
    this.simple?.start(initialKey);
    const key = this.key.of(g.cands);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const result = this.compute(g, initial, budget, key);
    this.cache.set(key, result);
    return result;
  }

  /**
   * The key of the starting grid, which is the same for every pause of every run of a search:
   * made again only when it changes, so that the caches' `start` see the same id.
   */
  private initialKey(cands: Uint16Array): GridKey {
    const last = this.lastInitial;
    if (this.initial.cands !== last || !sameCands(cands, last, 0)) {
      last.set(cands);
      this.initial.of(last);
    }
    return this.initial;
  }

  private readonly lastInitial = new Uint16Array(81);
  private readonly initial = new GridKey();
  /** The pause's key: good while the pause's grid stays as it is (through `compute`). */
  private readonly key = new GridKey();

  private compute(g: ChainGrid, initial: ChainGrid, budget: Budget | null, key: GridKey): AdvancedOff[] {
    const init = initial.cands;
    let first = this.shared?.cache.get(key);
    if (!first) {
      first = this.firstRules(g, initial, budget, key);
      this.shared?.cache.set(key, first);
    }
    if (first.length) return first;
    this.out = [];
    for (let i = 1; i < this.chainers.length && !this.out.length; i++) this.chain(i, g, init, budget, key);
    return this.out;
  }

  /** The simple rules, then the first chainer: what two levels share. */
  private firstRules(g: ChainGrid, initial: ChainGrid, budget: Budget | null, key: GridKey): AdvancedOff[] {
    this.out = [];
    const init = initial.cands;
    // No place lost since the outer start: no simple rule can have rule parents.
    if (!this.touch(g, initial)) return this.chainers.length ? this.chain(0, g, init, budget, key) : this.out;
    let simple = this.simple?.get(key);
    if (!simple) {
      simple = this.simpleRules(g, init);
      this.simple?.set(key, simple);
    }
    if (simple.length || !this.chainers.length) return simple;
    // A fresh list: the empty one may be kept in the simple rules' cache.
    this.out = [];
    return this.chain(0, g, init, budget, key);
  }

  /** The removals of the first simple rule that makes any with rule parents (`touch` first). */
  private simpleRules(g: ChainGrid, init: Uint16Array): AdvancedOff[] {
    this.out = [];
    this.locking(g, init);
    if (this.out.length) return this.out;
    this.hiddenPairs(g, init);
    if (this.out.length) return this.out;
    this.nakedPairs(g, init);
    if (this.out.length) return this.out;
    this.xWings(g, init);
    return this.out;
  }

  /**
   * The digits (bits) whose places in each house changed since the outer start, in `touched`;
   * whether any did. A simple rule's hint gets rule parents only from a house and digit it
   * reads that lost a place (see each rule), so the rules skip the others before building
   * anything: on the forum's hardest, a pause's grid has lost places in 23–39 of the 243
   * house/digits.
   */
  private touch(g: ChainGrid, initial: ChainGrid): boolean {
    // A digit's places in a house differ exactly where a cell of the house gained or lost it:
    // read from the 81 cells (a pause's grid differs in a few) rather than the 243 place masks.
    const touched = this.touched;
    touched.fill(0);
    const now = g.cands;
    const was = initial.cands;
    let any = 0;
    for (let c = 0; c < 81; c++) {
      const m = now[c] ^ was[c];
      if (!m) continue;
      touched[CELL_HOUSES[3 * c]] |= m;
      touched[CELL_HOUSES[3 * c + 1]] |= m;
      touched[CELL_HOUSES[3 * c + 2]] |= m;
      any |= m;
    }
    return any !== 0;
  }

  private readonly touched = new Uint16Array(27);

  /** The removals of chainer `i`'s hints that rely on the outer chain, in SE's order. */
  private chain(i: number, g: ChainGrid, init: Uint16Array, budget: Budget | null, gridKey: GridKey): AdvancedOff[] {
    for (const h of this.chainers[i](g, budget, { initial: init, gridKey })) {
      const parents = h.ruleParents!;
      if (parents.length === 0) continue;
      const nested: NestedHint = { complexity: h.complexity, signature: h.signature!, id: 0, epoch: 0 };
      for (const cand of h.removable) this.out.push({ cand, parents, nested });
    }
    return this.out;
  }

  private push(removable: number[], parents: number[]): void {
    if (parents.length === 0) return;
    for (const cand of removable) this.out.push({ cand, parents, nested: null });
  }

  private locking(g: ChainGrid, init: Uint16Array): void {
    this.lockingGrid = g;
    this.lockingInit = init;
    forEachLocking(g.hpos, this.lockingVisit, this.touched);
  }

  // The grids the locking visitor reads: a visitor made once, not a closure made at every pause.
  private lockingGrid: ChainGrid | null = null;
  private lockingInit: Uint16Array | null = null;
  /** A locked digit's lost places, gathered before a parents list is made for the few that have any. */
  private readonly lost = new Int16Array(9);

  // Parents: places of d in h1 lost since the outer start, so only touched digits are visited.
  private readonly lockingVisit = (h1: number, h2: number, d: number, _p1: number, rest: number): void => {
    const g = this.lockingGrid!;
    const init = this.lockingInit!;
    const in1 = INTER[27 * h1 + h2];
    const b = 1 << d;
    const lost = this.lost;
    let n = 0;
    for (let i = 0; i < 9; i++) {
      if (in1 & (1 << i)) continue;
      const c = HOUSE_CELLS[h1 * 9 + i];
      if (init[c] & b && !(g.cands[c] & b)) lost[n++] = c * 9 + d;
    }
    // The removals only for a hint with rule parents (h1 may have lost its places inside h2 only).
    if (n === 0) return;
    const parents: number[] = [];
    for (let i = 0; i < n; i++) parents.push(lost[i]);
    for (let m = rest; m; m &= m - 1) this.out.push({ cand: HOUSE_CELLS[h2 * 9 + lowBit(m)] * 9 + d, parents, nested: null });
  };

  /**
   * Hidden pairs: two digits whose places in a house are the same two cells (a digit of three
   * places or more never pairs with another: their union would have three). So only the digits
   * of exactly two places are paired, in SE's order (second digit, then first, ascending).
   */
  private hiddenPairs(g: ChainGrid, init: Uint16Array): void {
    for (const kind of SET_ORDER) {
      for (let i = 0; i < 9; i++) {
        const h = kind + i;
        // Parents: places of the pair's digits in h lost since the outer start.
        const touched = this.touched[h];
        if (!touched) continue;
        let two = 0;
        for (let d = 0; d < 9; d++) if (POPCOUNT9[g.hpos[h * 9 + d]] === 2) two |= 1 << d;
        if (!(two & touched) || !(two & (two - 1)) || g.emptyCount(h) <= 4) continue;
        for (let m2 = two & (two - 1); m2; m2 &= m2 - 1) {
          const d2 = lowBit(m2);
          const both = g.hpos[h * 9 + d2];
          for (let m1 = two & ((1 << d2) - 1); m1; m1 &= m1 - 1) {
            const d1 = lowBit(m1);
            if (!(touched & ((1 << d1) | (1 << d2))) || g.hpos[h * 9 + d1] !== both) continue;
            const keep = (1 << d1) | (1 << d2);
            const removable: number[] = [];
            for (let m = both; m; m &= m - 1) {
              const c = HOUSE_CELLS[h * 9 + lowBit(m)];
              for (let r = g.cands[c] & ~keep; r; r &= r - 1) removable.push(c * 9 + lowBit(r));
            }
            if (!removable.length) continue;
            const parents: number[] = [];
            for (let k = 0; k < 9; k++) {
              if (both & (1 << k)) continue;
              const c = HOUSE_CELLS[h * 9 + k];
              if (init[c] & (1 << d1)) parents.push(c * 9 + d1);
              if (init[c] & (1 << d2)) parents.push(c * 9 + d2);
            }
            this.push(removable, parents);
          }
        }
      }
    }
  }

  /**
   * Naked pairs: two cells of a house with the same two values (a cell of three values or more
   * never pairs). So only the house's bivalue cells are paired, in SE's order (second cell,
   * then first, ascending).
   */
  private nakedPairs(g: ChainGrid, init: Uint16Array): void {
    for (const kind of SET_ORDER) {
      for (let i = 0; i < 9; i++) {
        const h = kind + i;
        // Parents: values the pair's cells lost since the outer start (then h is touched).
        if (!this.touched[h]) continue;
        let bivalue = 0;
        for (let k = 0; k < 9; k++) if (POPCOUNT9[g.cands[HOUSE_CELLS[h * 9 + k]]] === 2) bivalue |= 1 << k;
        if (!(bivalue & (bivalue - 1)) || g.emptyCount(h) < 4) continue;
        for (let m2 = bivalue & (bivalue - 1); m2; m2 &= m2 - 1) {
          const k2 = lowBit(m2);
          const c2 = HOUSE_CELLS[h * 9 + k2];
          const vals = g.cands[c2];
          for (let m1 = bivalue & ((1 << k2) - 1); m1; m1 &= m1 - 1) {
            const k1 = lowBit(m1);
            const c1 = HOUSE_CELLS[h * 9 + k1];
            if (g.cands[c1] !== vals || (init[c1] === vals && init[c2] === vals)) continue;
            const removable: number[] = [];
            for (let k = 0; k < 9; k++) {
              if (k === k1 || k === k2) continue;
              const c = HOUSE_CELLS[h * 9 + k];
              for (let r = g.cands[c] & vals; r; r &= r - 1) removable.push(c * 9 + lowBit(r));
            }
            if (!removable.length) continue;
            const parents: number[] = [];
            for (let r = init[c1] & ~vals; r; r &= r - 1) parents.push(c1 * 9 + lowBit(r));
            for (let r = init[c2] & ~vals; r; r &= r - 1) parents.push(c2 * 9 + lowBit(r));
            this.push(removable, parents);
          }
        }
      }
    }
  }

  /**
   * X-Wings: a digit with the same two places in two base lines (one with three places or more
   * never pairs), in SE's order (line pairs, then digits, ascending). Each line's digits of
   * exactly two places are read once a pass, not once per pair of lines.
   */
  private xWings(g: ChainGrid, init: Uint16Array): void {
    // Allocation-free: this runs at every pause of every dynamic propagation with a level.
    const occ = this.occ;
    occ.fill(0);
    for (let c = 0; c < 81; c++) if (g.values[c]) occ[g.values[c] - 1]++;
    // SE skips a digit placed six times or more (occ + 4 > 9).
    let open = 0;
    for (let d = 0; d < 9; d++) if (occ[d] + 4 <= 9) open |= 1 << d;
    const two = this.lineTwo;
    for (let pass = 0; pass < 2; pass++) {
      const base = pass === 0 ? COLUMNS : ROWS;
      const cover = pass === 0 ? ROWS : COLUMNS;
      for (let i = 0; i < 9; i++) {
        let m = 0;
        for (let d = 0; d < 9; d++) if (POPCOUNT9[g.hpos[(base + i) * 9 + d]] === 2) m |= 1 << d;
        two[i] = m & open;
      }
      for (let j = 1; j < 9; j++) {
        for (let i = 0; i < j; i++) {
          // Parents: places of the digit in the two base lines lost since the outer start.
          const digits = (this.touched[base + i] | this.touched[base + j]) & two[i] & two[j];
          if (!digits) continue;
          const lineMask = (1 << i) | (1 << j);
          for (let dm = digits; dm; dm &= dm - 1) {
            const d = lowBit(dm);
            const common = g.hpos[(base + i) * 9 + d];
            if (g.hpos[(base + j) * 9 + d] !== common) continue;
            const removable: number[] = [];
            for (let m = common; m; m &= m - 1) {
              const line = cover + lowBit(m);
              for (let r = g.hpos[line * 9 + d] & ~lineMask; r; r &= r - 1) removable.push(HOUSE_CELLS[line * 9 + lowBit(r)] * 9 + d);
            }
            if (!removable.length) continue;
            const b = 1 << d;
            const parents: number[] = [];
            for (let t = 0; t < 2; t++) {
              const line = base + (t === 0 ? i : j);
              for (let k = 0; k < 9; k++) {
                if (common & (1 << k)) continue;
                const c = HOUSE_CELLS[line * 9 + k];
                if (init[c] & b && !(g.cands[c] & b)) parents.push(c * 9 + d);
              }
            }
            this.push(removable, parents);
          }
        }
      }
    }
  }

  /** Per base line of the X-Wing pass: its digits of exactly two places (not skipped, see `open`). */
  private readonly lineTwo = new Uint16Array(9);
  private readonly occ = new Int32Array(9);
}

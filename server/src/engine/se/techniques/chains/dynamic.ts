/**
 * Nishio, multiple, dynamic and nested forcing chains, as Sudoku Explainer 1.2.1's
 * Chaining(multiple, dynamic, nishio, level) finds them.
 *
 * One propagation ("run") starts from a candidate assumed on or off and collects everything
 * it implies: an on node turns off its cell's other values and its digit in its houses; an
 * off node turns on the other value of a bivalue cell and the other place of a digit with two
 * places in a house. The queue order is SE's: all pending on nodes before the next off node.
 * Dynamic runs also remove each off node's candidate from the grid when it is processed, so
 * later singles see those removals (the removed candidates become extra parents of what they
 * enable). Runs with a level also ask simpler rules (and, from level 2, nested chains) for
 * more removals whenever the queue is empty. Propagation stops at the first contradiction.
 *
 * For each empty cell (row-major; for multiple chains three or more candidates, for dynamic
 * ones two or more) and each of its values: contradiction and double chains from the value
 * on and off (dynamic), region chains over each house where the cell is the digit's first
 * place, then cell chains over the cell's values. All hints are sorted by difficulty, then
 * complexity (distinct ancestors of each branch's end, summed, plus nested chains), then kind.
 */
import type { Budget } from '../../../core/budget';
import { AdvancedRules, type PotentialsCache, type SharedPrefix } from './advanced';
import { BaseRuns } from './baseRuns';
import { Kind, lengthBonus, nodeText, sortAndDedup, type ChainHint } from './hint';
import { ReachSets } from './reachSets';
import { Relevance } from './relevance';
import { gridStamp, inCore, releaseSlot, searchCore, takeSlot, type ChainCoreInstance, type RunSlot } from './wasmRuns';
import type { NestedContext } from './static';
import {
  CandSet,
  CAUSE_ADVANCED,
  CAUSE_CELL,
  CAUSE_NONE,
  CELL_HOUSES,
  ChainGrid,
  HOUSE_CELLS,
  NCAND,
  NKEY,
  ON,
  RemovedSince,
  POPCOUNT9,
  offToOn,
  onToOff,
  takeOff,
  causeHouse,
  houseCause,
  lowBit,
} from './tables';
import { houseName, cellName } from '../../../core/grid';

/** A nested chain (or simpler rule's result) that removed candidates inside a run. */
export interface NestedHint {
  complexity: number;
  signature: string;
  /** The signature's id (see signatureId), good while `epoch` is the table's; made with epoch 0. */
  id: number;
  epoch: number;
}

/**
 * Nested chains' signatures as small integers: a hint counts each distinct nested chain on its
 * branches once, and a stamp per id tells it in one read, where a Set of the strings, made
 * anew for every hint, was about 5% of a level-4 search. A NestedHint learns its id when a
 * hint first meets it (most are met again and again: they are kept with the pauses' results).
 * The table starts over between hints once it holds MAX_SIGNATURES, so it stays bounded; within
 * a hint every id is of one table, so two ids are equal exactly when the signatures are.
 */
const signatureIds = new Map<string, number>();
let signatureEpoch = 1;
const MAX_SIGNATURES = 1 << 16;

function signatureId(nh: NestedHint): number {
  if (nh.epoch !== signatureEpoch) {
    let id = signatureIds.get(nh.signature);
    if (id === undefined) {
      id = signatureIds.size;
      signatureIds.set(nh.signature, id);
    }
    nh.id = id;
    nh.epoch = signatureEpoch;
  }
  return nh.id;
}

/** Starts the signature table over (a hint's ids are all of one table: only between hints). */
export function restartSignatures(): void {
  signatureIds.clear();
  signatureEpoch++;
}

/** Run.flag's bits. */
const IS_ON = 1;
const IS_OFF = 2;

/** The extra node slot: the fresh node of a contradiction. */
const EXTRA = NKEY;

/**
 * One propagation: the nodes found, their parents (as slots) and causes. A run with a level
 * (`withParents`) keeps each node's parents in `pool`: a pause's rule gives any list. A run
 * without one keeps only what implied each node (`first`) and its cause, and where each off node
 * was taken off (`offAt`): the rest of a node's parents, the removals since the start that made
 * its single, are read back from those when a hint is built (`parentsOf`), so no run is
 * propagated twice.
 */
class Run {
  /** Per candidate: IS_ON when it is an on node, IS_OFF an off node (one read tells both). */
  readonly flag: Uint8Array;
  /** Insertion order of on / off candidates. */
  readonly onList: Int16Array;
  readonly offList: Int16Array;
  onN = 0;
  offN = 0;
  readonly parStart = new Int32Array(NKEY + 1);
  readonly parCount = new Uint16Array(NKEY + 1);
  readonly cause: Uint8Array;
  /** Without parents: the node that implied each node (its first parent), -1 for the start. */
  readonly first: Int16Array;
  /** Without parents: each off node's place in `offList`, the order off nodes are taken off in. */
  readonly offAt: Int16Array;
  /**
   * Each node's depth: the length of a path of parents back to the start, recorded with or
   * without parents. A branch's complexity (its end's distinct ancestors) is at least its end's
   * depth plus one, which tells most nested hints too long to claim anything before they are
   * walked. Once a branch is walked (the run complete), its end's depth is raised to what the
   * walk counted, less one: the next chain with the same branch gets the tighter bound.
   */
  readonly depth: Uint16Array;
  pool = new Int32Array(1024);
  poolN = 0;
  nested: (NestedHint | null)[] | null = null;
  /** Key of the extra slot, -1 when unused. */
  extraKey = -1;
  /** The contradiction: slots of its on node and its off node, -1 when none. */
  absurdOn = -1;
  absurdOff = -1;
  /** Whether parents were recorded in `pool` (a run with a level) or only `first`. */
  withParents = false;
  /** Held by a BaseRuns: lent to searches, given back to the pool only by it. */
  kept = false;

  /**
   * `slot`: the arrays the propagation writes are views on a slot of the WebAssembly core's
   * memory (see wasmRuns.ts), where the core propagates a run without a level; else its own.
   */
  constructor(readonly slot: RunSlot | null = null) {
    this.flag = slot ? slot.flag : new Uint8Array(NCAND);
    this.onList = slot ? slot.onList : new Int16Array(NCAND);
    this.offList = slot ? slot.offList : new Int16Array(NCAND);
    this.cause = slot ? slot.cause : new Uint8Array(NKEY + 1);
    this.first = slot ? slot.first : new Int16Array(NKEY + 1);
    this.offAt = slot ? slot.offAt : new Int16Array(NCAND);
    this.depth = slot ? slot.depth : new Uint16Array(NKEY + 1);
  }

  reset(): void {
    for (let i = 0; i < this.onN; i++) this.flag[this.onList[i]] = 0;
    for (let i = 0; i < this.offN; i++) this.flag[this.offList[i]] = 0;
    // Only a run with parents can have nested chains among them.
    if (this.nested && this.withParents) for (let i = 0; i < this.offN; i++) this.nested[this.offList[i]] = null;
    this.onN = 0;
    this.offN = 0;
    this.poolN = 0;
    this.extraKey = -1;
    this.absurdOn = -1;
    this.absurdOff = -1;
  }

  ensurePool(extra: number): void {
    if (this.poolN + extra <= this.pool.length) return;
    let size = this.pool.length * 2;
    while (size < this.poolN + extra) size *= 2;
    const p = new Int32Array(size);
    p.set(this.pool.subarray(0, this.poolN));
    this.pool = p;
  }

  /** Key of a slot. */
  keyOf(slot: number): number {
    return slot === EXTRA ? this.extraKey : slot;
  }
}

/**
 * Records the contradiction of on node `p` turning off `c`, which is on: true (see propagate).
 */
function absurdOff(run: Run, c: number, p: number, cause: number): boolean {
  run.extraKey = c;
  run.depth[EXTRA] = run.depth[p + ON] + 1;
  run.parStart[EXTRA] = run.poolN;
  run.parCount[EXTRA] = 1;
  run.ensurePool(1);
  run.pool[run.poolN++] = p + ON;
  run.first[EXTRA] = p + ON;
  run.cause[EXTRA] = cause;
  run.absurdOn = c + ON;
  run.absurdOff = EXTRA;
  return true;
}

/**
 * Records the contradiction of off node `p` turning on `c`, which is off, with the `pc` parents
 * at `ps` in `parents`: true (see propagate).
 */
function absurdOn(run: Run, c: number, p: number, cause: number, parents: Int32Array, ps: number, pc: number): boolean {
  run.extraKey = c + ON;
  run.depth[EXTRA] = run.depth[p] + 1;
  run.ensurePool(pc);
  run.parStart[EXTRA] = run.poolN;
  run.parCount[EXTRA] = pc;
  for (let j = 0; j < pc; j++) run.pool[run.poolN++] = parents[ps + j];
  run.first[EXTRA] = p;
  run.cause[EXTRA] = cause;
  run.absurdOn = EXTRA;
  run.absurdOff = c;
  return true;
}

/**
 * The nodes common to the branches of a cell or region chain so far, in the first branch's
 * order: narrowed as each branch is added, so an empty set stops the chain early.
 */
class Common {
  readonly on = new Int16Array(NCAND);
  readonly off = new Int16Array(NCAND);
  onN = 0;
  offN = 0;

  /**
   * The nodes of the first two branches, `first` and `second`; false when none. One pass over
   * the first branch's nodes, not a copy and then a pass: a chain has at least two branches.
   */
  start(first: Run, second: Run): boolean {
    // Each node is written and kept by adding its mark to the count, with no branch: about a
    // third of the nodes tested are common, in no order a branch predictor could learn.
    const flag = second.flag;
    let n = 0;
    for (let i = 0; i < first.onN; i++) {
      const c = first.onList[i];
      this.on[n] = c;
      n += flag[c] & IS_ON;
    }
    this.onN = n;
    n = 0;
    for (let i = 0; i < first.offN; i++) {
      const c = first.offList[i];
      this.off[n] = c;
      n += (flag[c] & IS_OFF) >> 1;
    }
    this.offN = n;
    return this.onN + this.offN > 0;
  }

  /** Keeps the nodes `run` also has; false when none is left. */
  retain(run: Run): boolean {
    const flag = run.flag;
    let n = 0;
    for (let i = 0; i < this.onN; i++) {
      const c = this.on[i];
      this.on[n] = c;
      n += flag[c] & IS_ON;
    }
    this.onN = n;
    n = 0;
    for (let i = 0; i < this.offN; i++) {
      const c = this.off[i];
      this.off[n] = c;
      n += (flag[c] & IS_OFF) >> 1;
    }
    this.offN = n;
    return this.onN + this.offN > 0;
  }
}

/**
 * Which nested hint the outer chain would take each removal from. The outer propagation adds
 * a nested search's removals in SE's order of its hints (difficulty, complexity, sort key,
 * then the order found; difficulty grows with complexity) and skips a candidate already off:
 * each removal comes from the first hint, in that order, that makes it. A later hint claims a
 * candidate only with a smaller complexity, or the same and a smaller sort key; a hint that
 * claims nothing by the end of the search changes nothing outside, so it is not returned, and
 * one that would be longer than every claim it could beat is not even measured to the end.
 */
class NestedClaims {
  private readonly complexity = new Int32Array(NCAND);
  private readonly sortKey = new Uint8Array(NCAND);
  private readonly by: (ChainHint | null)[] = new Array(NCAND).fill(null);
  private readonly stamp = new Int32Array(NCAND);
  private gen = 1;

  clear(): void {
    this.gen++;
  }

  /**
   * The largest complexity at which a hint of `sortKey` concluding `conclusion` on `g` claims
   * one of its removals (the candidate off, or the cell's other values when it is on).
   */
  limit(g: ChainGrid, conclusion: number, sortKey: number): number {
    if (conclusion < NCAND) return this.beats(conclusion, sortKey);
    const cand = conclusion - ON;
    const cell = (cand / 9) | 0;
    let limit = -1;
    for (let m = g.cands[cell] & ~(1 << (cand - cell * 9)); m; m &= m - 1) {
      const beats = this.beats(cell * 9 + lowBit(m), sortKey);
      if (beats > limit) limit = beats;
    }
    return limit;
  }

  private beats(c: number, sortKey: number): number {
    if (this.stamp[c] !== this.gen) return Infinity;
    return sortKey < this.sortKey[c] ? this.complexity[c] : this.complexity[c] - 1;
  }

  claim(h: ChainHint): void {
    for (const c of h.removable) {
      if (this.stamp[c] === this.gen && (this.complexity[c] < h.complexity || (this.complexity[c] === h.complexity && this.sortKey[c] <= h.sortKey))) continue;
      this.stamp[c] = this.gen;
      this.complexity[c] = h.complexity;
      this.sortKey[c] = h.sortKey;
      this.by[c] = h;
    }
  }

  /** The hints of `found` (in the order found) that still claim a removal. */
  claiming(found: ChainHint[]): ChainHint[] {
    const out = found.filter((h) => h.removable.some((c) => this.by[c] === h));
    for (const h of found) for (const c of h.removable) this.by[c] = null;
    return out;
  }
}

/**
 * Runs not in use, shared by every chainer: a search holds a few hundred at once (the runs a
 * region chain needs stay until their cell's turn), and making a run zeroes 20-30 KB, so
 * allocating them afresh for each search was 6-12% of a hard rating. A run with a `nested`
 * table serves chainers without a level too (they leave it empty). Trimmed to a bound after
 * each top-level search.
 */
const spareRuns: Run[] = [];
const MAX_SPARE_RUNS = 384;
/**
 * The Runs viewing the core's slots, by slot: made once each, and again a chainer's run whenever
 * a chainer takes that slot. A free slot is the core's, for its nested searches' runs (see
 * searchInCore).
 */
const slotRuns: Run[] = [];
let slotRunsOf: unknown = null;

function slotRun(slot: RunSlot): Run {
  if (slotRunsOf !== slot.core) {
    slotRunsOf = slot.core;
    slotRuns.length = 0;
  }
  return (slotRuns[slot.index] ??= new Run(slot));
}
/** SE's sort key of each kind of hint (binaryHint's and multiHint's). */
const KIND_SORT_KEYS = [0, 0, 7, 1, 5, 6];

export interface ChainerOptions {
  multiple: boolean;
  dynamic: boolean;
  nishio: boolean;
  level: number;
  /** Levels 2-5 at the top: the cache shared with the level that starts with the same rules. */
  shared?: SharedPrefix;
  /** Levels 1-5 at the top: the simple rules' cache, shared by all of them (see AdvancedRules). */
  simple?: PotentialsCache;
}

export class DynamicChainer {
  readonly multiple: boolean;
  readonly dynamic: boolean;
  readonly nishio: boolean;
  readonly level: number;
  /** SE's difficulty before the length bonus. */
  readonly base: number;
  private readonly prefix: string;
  private readonly suffix: string;

  private g!: ChainGrid;
  /** The grid every run starts from (G0's own while one of its runs is made: see baseRuns.ts). */
  private save = new ChainGrid();
  /** The stamp of `save`'s content, for the core (see wasmRuns.ts's gridStamp). */
  private saveStamp = 0;
  private nestedCtx: NestedContext | null = null;
  private display = true;
  private budget: Budget | null = null;
  private budgetTick = 0;
  private advanced: AdvancedRules | null = null;
  private filtered = false;
  private readonly relevance = new Relevance();
  /** Static multiple chains: what each branch can reach, to skip chains whose branches share nothing. */
  private readonly reach = new ReachSets();
  private reachTest = false;
  /** Nested dynamic searches (level 4's pauses) borrow the outer start's runs: see baseRuns.ts. */
  private readonly bases: BaseRuns<Run> | null;
  private borrow = false;
  /** Whether its runs have no level and are dynamic: the runs the WebAssembly core propagates. */
  private readonly coreRuns: boolean;

  /**
   * The run from each candidate on, once computed in this search: a region chain needs the
   * runs of the digit's other places, which their own cells need again later.
   */
  private readonly onRuns: (Run | null)[] = new Array(NCAND).fill(null);
  private readonly onRunList: number[] = [];

  // scratch
  private readonly outCand = new Int16Array(32);
  private readonly outCause = new Uint8Array(32);
  private readonly outParStart = new Int32Array(33);
  private readonly outPar = new Int32Array(256);
  private readonly keyMark = new Int32Array(NKEY);
  private keyGen = 0;
  private readonly chainRuns: Run[] = new Array(9);
  private readonly chainSlots = new Int32Array(9);

  private readonly shared: SharedPrefix | null;
  private readonly simple: PotentialsCache | null;

  constructor(o: ChainerOptions) {
    this.shared = o.shared ?? null;
    this.simple = o.simple ?? null;
    this.multiple = o.multiple;
    this.dynamic = o.dynamic;
    this.nishio = o.nishio;
    this.level = o.level;
    this.base =
      o.level >= 2 ? 9.5 + 0.5 * (o.level - 2) : o.level > 0 ? 8.5 + 0.5 * o.level : o.nishio ? 7.5 : o.dynamic ? 8.5 : 8.0;
    this.prefix = o.level > 0 || (o.dynamic && !o.nishio) ? 'Dynamic ' : o.nishio ? 'Nishio ' : '';
    this.suffix = ' Chains' + nestedSuffix(o.level);
    this.coreRuns = o.dynamic && o.level === 0;
    this.bases = this.coreRuns ? new BaseRuns<Run>(() => this.takeRun(), (r) => this.releaseRun(r)) : null;
    this.kindNames[Kind.Contradiction] = this.prefix + 'Contradiction Forcing' + this.suffix;
    this.kindNames[Kind.Double] = this.prefix + 'Double Forcing' + this.suffix;
    this.kindNames[Kind.Cell] = this.prefix + 'Cell Forcing' + this.suffix;
    this.kindNames[Kind.Region] = this.prefix + 'Region Forcing' + this.suffix;
  }

  /**
   * The names its steps carry (as binaryHint and multiHint make them): Nishio's contradictions;
   * static multiple chains' cell and region chains; dynamic chains' four kinds.
   */
  get stepNames(): string[] {
    return Object.keys(this.shortNames);
  }

  /**
   * Its step names with SukakuExplainer's short names: a prefix (`N` Nishio, `D` dynamic or
   * nested), the kind (`F` Nishio, `CF` contradiction, `dF` double, `LF` cell, `RF` region), `C`
   * and the level's suffix (`+`, `+FC`, `+MFC`, `+DFC`, `+DFC+FC`): `NFC`, `LFC`, `DCFC+`.
   */
  get shortNames(): Record<string, string> {
    const shortPrefix = this.prefix === 'Nishio ' ? 'N' : this.prefix === 'Dynamic ' ? 'D' : '';
    const shortSuffix = 'C' + shortNestedSuffix(this.level);
    const kinds: [string, string][] = this.nishio
      ? [['', 'F']]
      : this.dynamic
        ? [['Contradiction ', 'CF'], ['Double ', 'dF'], ['Cell ', 'LF'], ['Region ', 'RF']]
        : [['Cell ', 'LF'], ['Region ', 'RF']];
    return Object.fromEntries(kinds.map(([kind, short]) => [`${this.prefix}${kind}Forcing${this.suffix}`, `${shortPrefix}${short}${shortSuffix}`]));
  }

  /** All hints in SE's order. `nested` set: running inside an outer dynamic chain. */
  hints(g: ChainGrid, budget: Budget | null, nested: NestedContext | null): ChainHint[] {
    this.bestOnly = false;
    this.best = null;
    try {
      return this.search(g, budget, nested);
    } finally {
      if (!nested) this.trim();
    }
  }

  /** Lets go of most memory kept for reuse (after a top-level search). */
  trim(): void {
    this.bases?.clear();
    this.coreUsed?.clearBase(this);
    this.coreUsed = null;
    if (spareRuns.length > MAX_SPARE_RUNS) spareRuns.length = MAX_SPARE_RUNS;
    this.advanced?.trim();
  }

  /**
   * The first hint of `hints()` (the step SE applies), without building the others: each
   * hint's complexity is still measured, but only a hint that beats the best so far is made.
   */
  firstHint(g: ChainGrid, budget: Budget | null): ChainHint | null {
    this.bestOnly = true;
    this.best = null;
    try {
      this.search(g, budget, null);
      return this.best;
    } finally {
      this.bestOnly = false;
      this.trim();
    }
  }

  private bestOnly = false;
  private best: ChainHint | null = null;

  /** Whether a hint of this complexity and kind would come before the best so far. */
  private canBeat(complexity: number, sortKey: number): boolean {
    const b = this.best;
    if (!this.bestOnly || !b) return true;
    const d = this.base + lengthBonus(complexity);
    if (d !== b.difficulty) return d < b.difficulty;
    if (complexity !== b.complexity) return complexity < b.complexity;
    return sortKey < b.sortKey;
  }

  private offer(h: ChainHint | null, out: ChainHint[]): void {
    if (!h) return;
    if (this.bestOnly) this.best = h;
    else out.push(h);
  }

  private search(g: ChainGrid, budget: Budget | null, nested: NestedContext | null): ChainHint[] {
    this.g = g;
    // Every run starts from this grid, and a dynamic run puts it back from here when it ends.
    if (this.dynamic) {
      this.save.copyFrom(g);
      this.saveStamp = gridStamp();
    }
    this.budget = budget;
    this.nestedCtx = nested;
    this.display = nested === null;
    if (this.level > 0 && !this.advanced) this.advanced = new AdvancedRules(this.level, this.shared, this.simple);
    // Nested static multiple chains: skip branches that cannot use a link the outer chain
    // touched (see relevance.ts). Dynamic runs change the grid as they go, so they are not
    // filtered.
    this.filtered = nested !== null && !this.dynamic;
    if (this.filtered) this.relevance.compute(g, nested!.initial, true, true, false);
    // A static run reads a fixed grid: its links are read once a node for all the search's runs
    // (see passLinks.ts), about 150 of them in a nested search (whose relevance marks began them).
    if (!this.dynamic && !this.filtered) {
      this.relevance.links.begin(g);
      this.relevance.links.use(!this.nishio, true);
    }
    // The static cell and region chains are tested before their runs (see reachSets.ts), on the
    // XY pass's links just begun.
    this.reachTest = this.multiple && !this.dynamic;
    if (this.reachTest) this.reach.begin(g, this.relevance.links);
    if (nested) {
      this.claims.clear();
      this.removed.of(nested.initial, g);
    }
    this.borrow = nested !== null && this.bases !== null;
    if (this.borrow) {
      const core = searchCore();
      if (core) {
        const found = this.searchInCore(core, nested!.initial);
        if (found) return found;
        this.claims.clear();
      }
      this.bases!.begin(nested!.initial, g);
    }
    const out: ChainHint[] = [];
    const cands = g.cands;
    try {
      for (let cell = 0; cell < 81; cell++) {
        if (g.values[cell]) continue;
        const card = POPCOUNT9[cands[cell]];
        if (card > 2 || (card > 1 && this.dynamic)) this.cellHints(cell, card, out);
      }
    } finally {
      this.releaseAllOnRuns();
    }
    return sortAndDedup(nested ? this.claims.claiming(out) : out);
  }

  /**
   * A nested dynamic search in the WebAssembly core (chainCore.ts's search) in one call: its
   * runs, G0's lent runs, its chains' common nodes and its hints' walks and claims; here the
   * hints left claiming become ChainHints, in the order found. Null when the core ran out of
   * room (the TypeScript loop then searches from the start).
   */
  private searchInCore(core: ChainCoreInstance, initial: Uint16Array): ChainHint[] | null {
    core.beginSearch(this, this.save, this.saveStamp, initial, this.removed);
    this.coreUsed = core;
    if (this.budget) this.budget.check();
    const n = core.search();
    if (n < 0) return null;
    const at = core.hintAt;
    const w = core.hints;
    const out: ChainHint[] = [];
    for (let i = 0; i < n; i++) {
      const r = at[i];
      const kind = w[r];
      const conclusion = w[r + 1];
      const h = this.makeHint(kind, this.kindNames[kind], w[r + 2], KIND_SORT_KEYS[kind], this.removableFor(conclusion), conclusion >= NCAND ? conclusion - ON : -1);
      h.ruleParents = Array.from(w.subarray(r + 7, r + 7 + w[r + 6]));
      // nestedHint's signature from the core's two hashes and the branch count.
      const h1 = w[r + 4];
      const h2 = w[r + 5];
      h.signature = String.fromCharCode(h1 & 0xffff, h1 >>> 16, h2 & 0xffff, h2 >>> 16, w[r + 3]);
      out.push(h);
    }
    return sortAndDedup(out);
  }

  private coreUsed: ChainCoreInstance | null = null;
  private readonly kindNames: string[] = [];

  // ---------------------------------------------------------------------------------------
  // Run pool

  private takeRun(): Run {
    const slot = this.coreRuns ? takeSlot() : null;
    const r = (slot ? slotRun(slot) : spareRuns.pop()) ?? new Run();
    if (this.level >= 2 && !r.nested) r.nested = new Array(NKEY + 1).fill(null);
    r.reset();
    return r;
  }

  private releaseRun(r: Run): void {
    if (r.kept) return;
    if (!r.slot) spareRuns.push(r);
    else {
      // A free slot's flags are clear: the core's searches take it as it is.
      r.reset();
      releaseSlot(r.slot);
    }
  }

  /** The run from `startKey`: G0's when it is the same here (see baseRuns.ts), else propagated. */
  private runFrom(startKey: number): Run {
    const kept = this.borrow ? this.bases!.unchanged(startKey, this.removed, this.propagateBase) : null;
    if (kept) return kept;
    const r = this.takeRun();
    this.propagate(r, startKey);
    return r;
  }

  /** Propagates `run` on G0 (the base runs' grid) for BaseRuns. */
  private readonly propagateBase = (run: Run, startKey: number): void => {
    const g = this.g;
    const save = this.save;
    const saveStamp = this.saveStamp;
    this.g = this.bases!.grid;
    this.save = this.bases!.start;
    this.saveStamp = this.bases!.stamp;
    try {
      this.propagate(run, startKey, false);
    } finally {
      this.g = g;
      this.save = save;
      this.saveStamp = saveStamp;
    }
  };

  /** The run from `cand` on (computed once per search). */
  private onRun(cand: number): Run {
    let r = this.onRuns[cand];
    if (!r) {
      r = this.runFrom(cand + ON);
      this.onRuns[cand] = r;
      this.onRunList.push(cand);
    }
    return r;
  }

  private releaseOnRun(cand: number): void {
    const r = this.onRuns[cand];
    if (r) {
      this.onRuns[cand] = null;
      this.releaseRun(r);
    }
  }

  private releaseAllOnRuns(): void {
    for (const cand of this.onRunList) this.releaseOnRun(cand);
    this.onRunList.length = 0;
  }

  // ---------------------------------------------------------------------------------------
  // Per cell

  private cellHints(cell: number, card: number, out: ChainHint[]): void {
    const valueRuns = this.valueRuns;
    let nValues = 0;
    const cands = this.g.cands[cell];
    const doCells = !this.nishio && (card === 2 || (this.multiple && card > 2));
    const doDouble = card >= 3 && !this.nishio && this.dynamic;
    const doContradiction = this.dynamic || this.nishio;
    const rel = this.relevance;
    let needCell = doCells;
    if (this.filtered && needCell && !rel.cellTouched[cell]) {
      needCell = false;
      for (let m = cands; m && !needCell; m &= m - 1) needCell = rel.reachStrong[cell * 9 + lowBit(m) + ON] === 1;
    }
    if (needCell && this.reachTest) needCell = this.reach.cellShares(cell);
    const needBinary = doContradiction || doDouble;
    // A bivalue cell's value off (with Y links: the other value is then on) propagates as the
    // other value on does; see binary.
    const bivalue = card === 2 && this.dynamic && !this.nishio;
    for (let m = cands; m; m &= m - 1) {
      const d = lowBit(m);
      const cand = cell * 9 + d;
      const regions = this.nishio ? 0 : this.regionsFrom(cell, d);
      if (!needBinary && !needCell && !regions) continue;
      // Static multiple chains use only what the value on implies (SE also propagates the
      // value off, and drops the result).
      const onRun = this.onRun(cand);
      if (needBinary) this.binary(cand, onRun, doDouble, doContradiction, out, bivalue ? this.onRun(cell * 9 + lowBit(cands & ~(1 << d))) : null);
      if (regions) this.regionChains(cell, d, onRun, regions, out);
      valueRuns[nValues++] = onRun;
      // Cell chains need a node common to every value: once there is none, the remaining
      // values are propagated only for their own chains.
      if (needCell) {
        if (nValues === 2) needCell = this.cellCommon.start(valueRuns[0], onRun);
        else if (nValues > 2) needCell = this.cellCommon.retain(onRun);
      }
    }
    if (needCell) this.multiHints(Kind.Cell, valueRuns, nValues, this.cellCommon, out, cell, 0);
    // No later cell needs these runs: a region chain starts at the digit's first place.
    for (let m = cands; m; m &= m - 1) this.releaseOnRun(cell * 9 + lowBit(m));
  }

  /**
   * The houses (bit k for the cell's k-th house: box, row, column) where `cell` is the first
   * place of digit `d` and SE looks for region chains; when filtered, only those that can
   * matter.
   */
  private regionsFrom(cell: number, d: number): number {
    const g = this.g;
    const rel = this.relevance;
    let out = 0;
    for (let k = 0; k < 3; k++) {
      const h = CELL_HOUSES[3 * cell + k];
      const pm = g.hpos[h * 9 + d];
      const card = POPCOUNT9[pm];
      if (!(card === 2 || (this.multiple && card > 2))) continue;
      if (HOUSE_CELLS[h * 9 + lowBit(pm)] !== cell) continue;
      if (this.filtered && !rel.houseTouched[h * 9 + d]) {
        let reach = false;
        for (let r = pm; r && !reach; r &= r - 1) reach = rel.reachStrong[HOUSE_CELLS[h * 9 + lowBit(r)] * 9 + d + ON] === 1;
        if (!reach) continue;
      }
      if (this.reachTest && !this.reach.houseShares(h, d, pm)) continue;
      out |= 1 << k;
    }
    return out;
  }

  /**
   * `partner`, for a value of a bivalue cell (dynamic, with Y links): the other value's on run.
   * The value's off run is then that run node for node, in the same order, with other parents:
   * taking the value off turns the other on first, whose cell's other value is the start,
   * already off, so both runs' queues and grids are the same from there on. A bivalue cell has no
   * double chains, so the off run is needed only for a contradiction, which the partner shows.
   */
  private binary(cand: number, onRun: Run, doDouble: boolean, doContradiction: boolean, out: ChainHint[], partner: Run | null): void {
    if (onRun.absurdOn >= 0 && doContradiction) {
      const h = this.binaryHint(Kind.Contradiction, cand + ON, onRun, onRun.absurdOn, onRun, onRun.absurdOff, cand, false);
      this.offer(h, out);
    }
    if (partner && partner.absurdOn < 0) return;
    // Without a level (no pause), an off run whose start implies nothing, as in most cells of
    // three values or more, is that node alone: no contradiction, nothing shared with the on run.
    if (this.level === 0 && offToOn(this.g, cand, !this.nishio, true, this.outCand, this.outCause) === 0) return;
    const offRun = this.runFrom(cand);
    this.offChains(cand, onRun, offRun, doDouble, doContradiction, out);
    this.releaseRun(offRun);
  }

  /** The contradiction from `cand` off and the double chains of `cand`: the common nodes of its two runs. */
  private offChains(cand: number, onRun: Run, offRun: Run, doDouble: boolean, doContradiction: boolean, out: ChainHint[]): void {
    if (offRun.absurdOn >= 0 && doContradiction) {
      const h = this.binaryHint(Kind.Contradiction, cand, offRun, offRun.absurdOn, offRun, offRun.absurdOff, cand, true);
      this.offer(h, out);
    }
    if (doDouble) {
      for (let i = 0; i < onRun.onN; i++) {
        const c = onRun.onList[i];
        if (!(offRun.flag[c] & IS_ON)) continue;
        const h = this.binaryHint(Kind.Double, cand + ON, onRun, c + ON, offRun, c + ON, c, true);
        this.offer(h, out);
      }
      for (let i = 0; i < onRun.offN; i++) {
        const c = onRun.offList[i];
        if (!(offRun.flag[c] & IS_OFF)) continue;
        const h = this.binaryHint(Kind.Double, cand + ON, onRun, c, offRun, c, c, false);
        this.offer(h, out);
      }
    }
  }

  private regionChains(cell: number, d: number, onRun: Run, regions: number, out: ChainHint[]): void {
    const g = this.g;
    for (let k = 0; k < 3; k++) {
      if (!(regions & (1 << k))) continue;
      const h = CELL_HOUSES[3 * cell + k];
      const pm = g.hpos[h * 9 + d];
      // The cell is the digit's first place in the house, so its run is the first branch.
      const runs = this.regionRuns;
      runs[0] = onRun;
      let n = 1;
      const common = this.regionCommon;
      let alive = true;
      for (let m = pm & (pm - 1); m && alive; m &= m - 1) {
        const run = this.onRun(HOUSE_CELLS[h * 9 + lowBit(m)] * 9 + d);
        runs[n++] = run;
        alive = n === 2 ? common.start(onRun, run) : common.retain(run);
      }
      if (alive) this.multiHints(Kind.Region, runs, n, common, out, h, d + 1);
    }
  }

  /**
   * The branches of the cell chain and the region chain at hand (a chainer never re-enters), the
   * first n of each: never emptied, since `length = 0` lets V8 free the list, and it is refilled
   * for every cell and region.
   */
  private readonly valueRuns: Run[] = [];
  private readonly regionRuns: Run[] = [];
  private readonly cellCommon = new Common();
  private readonly regionCommon = new Common();

  /** Cell or region chains: every node that all branches reach, in the first branch's order. */
  private multiHints(kind: Kind, runs: Run[], n: number, common: Common, out: ChainHint[], where: number, digit: number): void {
    for (let i = 0; i < common.onN; i++) this.offer(this.multiHint(kind, runs, n, common.on[i] + ON, where, digit), out);
    for (let i = 0; i < common.offN; i++) this.offer(this.multiHint(kind, runs, n, common.off[i], where, digit), out);
  }

  // ---------------------------------------------------------------------------------------
  // Propagation (SE's doChaining)

  private checkBudget(): void {
    if (this.budget && (++this.budgetTick & 63) === 0) this.budget.check();
  }

  /**
   * Fills `run` from the start key; true when it met a contradiction. Chainers with a level
   * record parents (a pause's rule gives any list); the others only what implied each node
   * (see Run): most of their runs are never walked. The tests record them both ways.
   */
  private propagate(run: Run, startKey: number, parents = this.level > 0): boolean {
    this.checkBudget();
    run.withParents = parents;
    const g = this.g;
    const save = this.save;
    const isY = !this.nishio;
    const dynamic = this.dynamic;
    const links = dynamic ? null : this.relevance.links;
    // The run's lists are its queues: nodes are processed in the order they are found.
    let onHead = 0;
    let offHead = 0;
    const startCand = startKey >= NCAND ? startKey - ON : startKey;
    if (startKey >= NCAND) this.storeOn(run, startCand, CAUSE_NONE, -1, 0, 0, 0);
    else this.storeOff(run, startCand, CAUSE_NONE, -1, 0);
    if (dynamic && !parents && this.level === 0) return this.propagateDynamic(run, isY);
    try {
      for (;;) {
        if (onHead < run.onN) {
          const p = run.onList[onHead++];
          let outCand = this.outCand;
          let outCause = this.outCause;
          let at = 0;
          let n: number;
          if (links) {
            n = links.on(p);
            outCand = links.onCand;
            outCause = links.onCause;
            at = links.onAt(p);
          } else n = onToOff(this.g, p, isY, outCand, outCause);
          for (let i = 0; i < n; i++) {
            const c = outCand[at + i];
            const f = run.flag[c];
            if (f & IS_ON) return absurdOff(run, c, p, outCause[at + i]);
            if (!(f & IS_OFF)) this.storeOff(run, c, outCause[at + i], p + ON, run.depth[p + ON] + 1);
          }
        } else if (offHead < run.offN) {
          const p = run.offList[offHead++];
          let outCand = this.outCand;
          let outCause = this.outCause;
          let at = 0;
          let n: number;
          if (parents) {
            n = this.offToOn(p, isY, dynamic);
            if (dynamic) g.remove(p);
          } else if (links) {
            // A static run: the grid stays as it is.
            n = links.off(p);
            outCand = links.offCand;
            outCause = links.offCause;
            at = links.offAt(p);
          } else n = takeOff(g, p, isY, outCand, outCause); // a dynamic run without a level
          for (let i = 0; i < n; i++) {
            const c = outCand[at + i];
            const ps = parents ? this.outParStart[i] : 0;
            const pc = parents ? this.outParStart[i + 1] - ps : 0;
            const f = run.flag[c];
            if (f & IS_OFF) return absurdOn(run, c, p, outCause[at + i], this.outPar, ps, pc);
            if (!(f & IS_ON)) this.storeOn(run, c, outCause[at + i], p, ps, pc, run.depth[p] + 1);
          }
        }
        if (onHead === run.onN && offHead === run.offN) {
          if (this.level > 0) {
            const added = this.advanced!.potentials(g, save, this.nestedBudget());
            for (let i = 0; i < added.length; i++) {
              const a = added[i];
              if (run.flag[a.cand] & IS_OFF) continue;
              run.flag[a.cand] |= IS_OFF;
              run.offList[run.offN++] = a.cand;
              run.ensurePool(a.parents.length);
              run.parStart[a.cand] = run.poolN;
              run.parCount[a.cand] = a.parents.length;
              let depth = 0;
              for (const pc of a.parents) {
                run.pool[run.poolN++] = pc;
                if (run.depth[pc] > depth) depth = run.depth[pc];
              }
              run.depth[a.cand] = depth + 1;
              run.cause[a.cand] = CAUSE_ADVANCED;
              if (run.nested) run.nested[a.cand] = a.nested;
            }
          }
          if (onHead === run.onN && offHead === run.offN) return false;
        }
      }
    } finally {
      if (dynamic) g.copyCandidatesFrom(save);
    }
  }

  /**
   * `propagate` for a dynamic run without a level (no pause, no parents), the run from its
   * start on: nearly all of a level-4 rating's runs (its nested searches). The same steps in the
   * same order and the same records as the general loop, apart so that V8 compiles it small
   * (the general one, with static links, parents and pauses, left onToOff out of line) and keeps
   * the run's arrays and counts in registers.
   */
  private propagateDynamic(run: Run, isY: boolean): boolean {
    if (inCore(run.slot)) return this.propagateInCore(run, run.slot, isY);
    const g = this.g;
    const { flag, onList, offList, depth, first, cause, offAt } = run;
    const outCand = this.outCand;
    const outCause = this.outCause;
    let onN = run.onN;
    let offN = run.offN;
    let onHead = 0;
    let offHead = 0;
    try {
      for (;;) {
        if (onHead < onN) {
          const p = onList[onHead++];
          const n = onToOff(g, p, isY, outCand, outCause);
          const from = p + ON;
          const d = depth[from] + 1;
          for (let i = 0; i < n; i++) {
            const c = outCand[i];
            const f = flag[c];
            if (f & IS_ON) return absurdOff(run, c, p, outCause[i]);
            if (f & IS_OFF) continue;
            flag[c] = f | IS_OFF;
            depth[c] = d;
            offAt[c] = offN;
            offList[offN++] = c;
            first[c] = from;
          }
        } else if (offHead < offN) {
          const p = offList[offHead++];
          const n = takeOff(g, p, isY, outCand, outCause);
          const d = depth[p] + 1;
          for (let i = 0; i < n; i++) {
            const c = outCand[i];
            const f = flag[c];
            if (f & IS_OFF) return absurdOn(run, c, p, outCause[i], this.outPar, 0, 0);
            if (f & IS_ON) continue;
            flag[c] = f | IS_ON;
            onList[onN++] = c;
            const slot = c + ON;
            depth[slot] = d;
            cause[slot] = outCause[i];
            first[slot] = p;
          }
        } else return false;
      }
    } finally {
      run.onN = onN;
      run.offN = offN;
      g.copyCandidatesFrom(this.save);
    }
  }

  /**
   * propagateDynamic in the WebAssembly core (wasmRuns.ts), on `save` (what `g` is at a run's
   * start, and again at its end): the same records, the contradiction recorded here as the
   * TypeScript loop records it.
   */
  private propagateInCore(run: Run, slot: RunSlot, isY: boolean): boolean {
    const core = slot.core;
    const result = core.propagate(slot, this.save, this.saveStamp, run.onN, run.offN, isY);
    run.onN = core.onN;
    run.offN = core.offN;
    if (result < 0) return false;
    // chainCore.ts's encoding: kind, cause, the node turned on or off, the node that did it.
    const cause = (result >> 1) & 7;
    const c = (result >> 4) & 2047;
    const p = result >> 15;
    return result & 1 ? absurdOn(run, c, p, cause, this.outPar, 0, 0) : absurdOff(run, c, p, cause);
  }

  private nestedBudget(): Budget | null {
    return this.budget;
  }

  /** `c` on, implied by off node `from` (-1 for the start); with parents, `pc` of them at `ps` in outPar. */
  private storeOn(run: Run, c: number, cause: number, from: number, ps: number, pc: number, depth: number): void {
    run.flag[c] |= IS_ON;
    run.onList[run.onN++] = c;
    const slot = c + ON;
    run.depth[slot] = depth;
    run.cause[slot] = cause;
    if (!run.withParents) {
      run.first[slot] = from;
      return;
    }
    run.ensurePool(pc);
    run.parStart[slot] = run.poolN;
    run.parCount[slot] = pc;
    for (let j = 0; j < pc; j++) run.pool[run.poolN++] = this.outPar[ps + j];
  }

  private storeOff(run: Run, c: number, cause: number, parent: number, depth: number): void {
    run.flag[c] |= IS_OFF;
    run.depth[c] = depth;
    if (!run.withParents) {
      run.offAt[c] = run.offN;
      run.offList[run.offN++] = c;
      run.first[c] = parent;
      return;
    }
    run.offList[run.offN++] = c;
    run.parStart[c] = run.poolN;
    if (parent >= 0) {
      run.ensurePool(1);
      run.pool[run.poolN++] = parent;
      run.parCount[c] = 1;
    } else run.parCount[c] = 0;
    run.cause[c] = cause;
    if (run.nested) run.nested[c] = null;
  }

  /**
   * Candidates turned on by `cand` off (current grid, before removing it), each with its
   * parents: the off node, then (dynamic) the removals since the start that made the single.
   */
  private offToOn(cand: number, isY: boolean, hidden: boolean): number {
    const g = this.g;
    const save = this.save;
    const cell = (cand / 9) | 0;
    const d = cand - cell * 9;
    const n = offToOn(g, cand, isY, true, this.outCand, this.outCause);
    let np = 0;
    for (let i = 0; i < n; i++) {
      this.outParStart[i] = np;
      this.outPar[np++] = cand;
      if (!hidden) continue;
      const cause = this.outCause[i];
      if (cause === CAUSE_CELL) {
        for (let r = save.cands[cell] & ~g.cands[cell]; r; r &= r - 1) this.outPar[np++] = cell * 9 + lowBit(r);
      } else {
        const h = causeHouse(cause, cell);
        for (let r = save.hpos[h * 9 + d] & ~g.hpos[h * 9 + d]; r; r &= r - 1) this.outPar[np++] = HOUSE_CELLS[h * 9 + lowBit(r)] * 9 + d;
      }
    }
    this.outParStart[n] = np;
    return n;
  }

  /**
   * The parents of `slot` (keys), in the order offToOn gives them: as many as it returns, from
   * `parentAt` in `parentList`. A run without parents rebuilds them from `first`: an off node
   * has one; an on node's single (dynamic) also relied on the removals since the start in the
   * cell or house of its cause, which are the off nodes taken off before the one that implied
   * it (its own candidate is the last to go), since a run without a level removes nothing else.
   */
  private parentsOf(run: Run, slot: number): number {
    if (run.withParents) {
      this.parentList = run.pool;
      this.parentAt = run.parStart[slot];
      return run.parCount[slot];
    }
    this.parentList = this.parentBuf;
    this.parentAt = 0;
    const from = run.first[slot];
    if (from < 0) return 0;
    const buf = this.parentBuf;
    buf[0] = from;
    if (from >= NCAND || !this.dynamic) return 1;
    // From the search's grid, which every run starts from and is back to now.
    const g = this.g;
    const before = run.offAt[from];
    const cell = (from / 9) | 0;
    const d = from - cell * 9;
    let n = 1;
    const cause = run.cause[slot];
    if (cause === CAUSE_CELL) {
      for (let m = g.cands[cell]; m; m &= m - 1) {
        const c = cell * 9 + lowBit(m);
        if (run.flag[c] & IS_OFF && run.offAt[c] < before) buf[n++] = c;
      }
    } else {
      const h = causeHouse(cause, cell);
      for (let m = g.hpos[h * 9 + d]; m; m &= m - 1) {
        const c = HOUSE_CELLS[h * 9 + lowBit(m)] * 9 + d;
        if (run.flag[c] & IS_OFF && run.offAt[c] < before) buf[n++] = c;
      }
    }
    return n;
  }

  private parentList: Int32Array = new Int32Array(0);
  private parentAt = 0;
  private readonly parentBuf = new Int32Array(9);

  // ---------------------------------------------------------------------------------------
  // Chain measures

  /**
   * SE's getChain order (breadth-first, each node once) of the ancestors of `slot`, as slots in
   * `walk`; returns how many. A node is marked and listed when first queued, not when taken from
   * the queue: the queue is first in, first out, so first queuings come in the order of first
   * takings, and the queue is the order itself (no node queued twice, nothing allocated). Used
   * for complexities, links, rule parents, nested chains and signatures. The walk stops once it
   * has more than `max` nodes (a nested hint that long can claim nothing).
   */
  private chainOrder(run: Run, slot: number, max = Infinity): number {
    const gen = ++this.keyGen;
    const mark = this.keyMark;
    const walk = this.walk;
    mark[run.keyOf(slot)] = gen;
    walk[0] = slot;
    let n = 1;
    for (let head = 0; head < n && n <= max; head++) {
      const pc = this.parentsOf(run, walk[head]);
      const list = this.parentList;
      const ps = this.parentAt;
      for (let j = 0; j < pc; j++) {
        // Parents are keys: only a start can be the extra slot.
        const p = list[ps + j];
        if (mark[p] === gen) continue;
        mark[p] = gen;
        walk[n++] = p;
        if (n > max) break;
      }
    }
    return n;
  }

  /** Each key once, and the start (maybe the extra slot, whose key is another's). */
  private readonly walk = new Int32Array(NKEY + 1);

  private links(run: Run, slot: number, out: number[]): void {
    const n = this.chainOrder(run, slot);
    for (let i = 0; i < n; i++) {
      const s = this.walk[i];
      const pc = this.parentsOf(run, s);
      if (pc > 6) continue;
      for (let j = 0; j < pc; j++) out.push(this.parentList[this.parentAt + j], run.keyOf(s));
    }
  }

  /**
   * A top-level hint's branch to `slot`: its distinct ancestors (chainOrder), and in the same walk
   * the complexities of the nested chains on it that no earlier branch of the hint used, added
   * to `nestedSum` (both started by `measureFrom`), where a second walk a branch did it before.
   */
  private measure(run: Run, slot: number): number {
    const n = this.chainOrder(run, slot);
    const nested = this.level >= 2 ? run.nested : null;
    if (!nested) return n;
    const walk = this.walk;
    for (let j = 0; j < n; j++) {
      const s = walk[j];
      const nh = s === EXTRA ? null : nested[s];
      if (nh && this.firstMeeting(nh)) this.nestedSum += nh.complexity;
    }
    return n;
  }

  /** Starts a hint's measures: no nested chain met yet. */
  private measureFrom(): void {
    this.nestedSum = 0;
    if (signatureIds.size >= MAX_SIGNATURES) restartSignatures();
    if (++this.nestedGen === 0x7fffffff) {
      this.nestedStamp.fill(0);
      this.nestedGen = 1;
    }
  }

  /** Whether the hint being measured meets a nested chain of this signature for the first time. */
  private firstMeeting(nh: NestedHint): boolean {
    const id = signatureId(nh);
    if (id >= this.nestedStamp.length) {
      const grown = new Int32Array(Math.max(2 * this.nestedStamp.length, id + 1));
      grown.set(this.nestedStamp);
      this.nestedStamp = grown;
    }
    if (this.nestedStamp[id] === this.nestedGen) return false;
    this.nestedStamp[id] = this.nestedGen;
    return true;
  }

  private nestedSum = 0;
  /** Per signature id: the last hint (by `nestedGen`) that met it. */
  private nestedStamp = new Int32Array(256);
  private nestedGen = 0;

  /**
   * A hint for an outer chain (nested mode), measured in one walk per branch end: its
   * complexity (ancestors plus distinct nested chains), SE's rule parents (the removals, since
   * the outer start, in the cells and houses of its singles) and its identity. A hint without
   * rule parents is of no use to the outer chain and is dropped, and so is one that cannot
   * claim a removal (see NestedClaims): its walk stops where it grows too long to.
   */
  private nestedHint(
    kind: Kind,
    name: string,
    sortKey: number,
    runs: Run[],
    slots: ArrayLike<number>,
    n: number,
    sourceCause: number,
    conclusion: number,
  ): ChainHint | null {
    const limit = this.claims.limit(this.g, conclusion, sortKey);
    // Most nested chains are too long to claim anything (80% on the forum's level-4-bound
    // puzzles); their depths tell most of them before they are walked.
    let least = 0;
    for (let i = 0; i < n; i++) least += runs[i].depth[slots[i]] + 1;
    if (least > limit) return null;
    // Gathered in a scratch list: most walks end without a hint.
    const parents = this.parents;
    parents.length = 0;
    const seenParents = this.seenParents;
    seenParents.clear();
    this.measureFrom();
    let complexity = 0;
    // SE's FullChain identity (the targets and each target's chain, in order), hashed.
    let h1 = 0x811c9dc5 ^ kind;
    let h2 = 0x01000193 + kind;
    for (let i = 0; i < n; i++) {
      const run = runs[i];
      const target = run.keyOf(slots[i]);
      h1 = Math.imul(h1 ^ (target + 0x10000), 0x01000193);
      h2 = Math.imul(h2 + target + 0x20000, 0x5bd1e995) ^ (h2 >>> 15);
      // The branches still to walk add at least their depths plus one each: this walk can stop
      // as soon as the chain cannot fit under the limit with them.
      least -= run.depth[slots[i]] + 1;
      const order = this.chainOrder(run, slots[i], limit - complexity - least);
      // All of the branch's ancestors, or (cut short) fewer than they are.
      if (order - 1 > run.depth[slots[i]]) run.depth[slots[i]] = order - 1;
      complexity += order;
      if (complexity + least > limit) return null;
      const walk = this.walk;
      const nested = run.nested;
      for (let j = 0; j < order; j++) {
        const s = walk[j];
        const key = run.keyOf(s);
        h1 = Math.imul(h1 ^ key, 0x01000193);
        h2 = Math.imul(h2 + key, 0x5bd1e995) ^ (h2 >>> 15);
        if (key < NCAND) {
          const nh = nested && s !== EXTRA ? nested[s] : null;
          if (nh && this.firstMeeting(nh)) {
            complexity += nh.complexity;
            if (complexity + least > limit) return null;
          }
          continue;
        }
        let cause = run.cause[s];
        if (cause === CAUSE_NONE) {
          if (sourceCause === CAUSE_NONE) continue;
          cause = sourceCause;
        }
        if (cause === CAUSE_ADVANCED) continue;
        this.removed.collect(key - ON, cause, parents, seenParents);
      }
    }
    if (parents.length === 0) return null;
    const h = this.makeHint(kind, name, complexity, sortKey, this.removableFor(conclusion), conclusion >= NCAND ? conclusion - ON : -1);
    h.ruleParents = parents.slice();
    // The two hashes and the branch count as five UTF-16 units: one to one, as the decimal text
    // was, but made without formatting three numbers (13% of this function's time). Never
    // a static chain's signature, which starts with its kind and is longer.
    h.signature = String.fromCharCode(h1 & 0xffff, h1 >>> 16, h2 & 0xffff, h2 >>> 16, n);
    this.claims.claim(h);
    return h;
  }

  private readonly claims = new NestedClaims();
  /** The rule parents of the singles a nested search's hints rest on. */
  private readonly removed = new RemovedSince();
  private readonly parents: number[] = [];
  private readonly seenParents = new CandSet();

  // ---------------------------------------------------------------------------------------
  // Hints

  /** Whether the conclusion `targetKey` removes anything (an on target needs another value). */
  private removes(targetKey: number): boolean {
    if (targetKey < NCAND) return true;
    const cand = targetKey - ON;
    const cell = (cand / 9) | 0;
    return (this.g.cands[cell] & ~(1 << (cand - cell * 9))) !== 0;
  }

  private removableFor(targetKey: number): number[] {
    const removable: number[] = [];
    if (targetKey >= NCAND) {
      const cand = targetKey - ON;
      const cell = (cand / 9) | 0;
      for (let m = this.g.cands[cell] & ~(1 << (cand - cell * 9)); m; m &= m - 1) removable.push(cell * 9 + lowBit(m));
    } else removable.push(targetKey);
    return removable;
  }

  private makeHint(kind: Kind, name: string, complexity: number, sortKey: number, removable: number[], placement: number): ChainHint {
    return {
      kind,
      name,
      difficulty: this.base + lengthBonus(complexity),
      complexity,
      sortKey,
      removable,
      placement,
      links: null,
      detail: '',
      house: -1,
      ruleParents: null,
      signature: null,
    };
  }

  /**
   * Contradiction (`kind` Contradiction: both ends in one run, the conclusion is the source
   * reversed) or double chain (ends in the on run and the off run, the conclusion is the end).
   * `onResult`: whether the conclusion puts `targetCand` on.
   */
  private binaryHint(
    kind: Kind,
    sourceKey: number,
    runA: Run,
    slotA: number,
    runB: Run,
    slotB: number,
    targetCand: number,
    onResult: boolean,
  ): ChainHint | null {
    const conclusion = onResult ? targetCand + ON : targetCand;
    if (!this.removes(conclusion)) return null;
    const sortKey = kind === Kind.Contradiction ? 7 : 1;
    const what = this.nishio ? 'Forcing' : kind === Kind.Contradiction ? 'Contradiction Forcing' : 'Double Forcing';
    if (this.nestedCtx) {
      const runs = this.chainRuns;
      const slots = this.chainSlots;
      runs[0] = runA;
      slots[0] = slotA;
      runs[1] = runB;
      slots[1] = slotB;
      return this.nestedHint(kind, this.prefix + what + this.suffix, sortKey, runs, slots, 2, CAUSE_NONE, conclusion);
    }
    this.measureFrom();
    const a = this.measure(runA, slotA);
    if (!this.canBeat(a + 1, sortKey)) return null;
    const complexity = a + this.measure(runB, slotB) + this.nestedSum;
    if (!this.canBeat(complexity, sortKey)) return null;
    const removable = this.removableFor(conclusion);
    const h = this.makeHint(
      kind,
      this.prefix + what + this.suffix,
      complexity,
      sortKey,
      removable,
      onResult ? targetCand : -1,
    );
    if (this.display) {
      const links: number[] = [];
      this.links(runA, slotA, links);
      this.links(runB, slotB, links);
      h.links = links;
      h.detail =
        kind === Kind.Contradiction
          ? `${nodeText(sourceKey)} ==> ${nodeText(runA.keyOf(slotA))} and ${nodeText(runB.keyOf(slotB))}`
          : `${nodeText(sourceKey)} and ${nodeText(sourceKey - ON)} ==> ${nodeText(runA.keyOf(slotA))}`;
    }
    return h;
  }

  /** A cell (`where` = cell) or region (`where` = house, `digit`) chain to `targetKey`, from the first n of `runs`. */
  private multiHint(kind: Kind, runs: Run[], n: number, targetKey: number, where: number, digit: number): ChainHint | null {
    if (!this.removes(targetKey)) return null;
    const sortKey = kind === Kind.Cell ? 5 : 6;
    const name = this.prefix + (kind === Kind.Cell ? 'Cell' : 'Region') + ' Forcing' + this.suffix;
    if (this.nestedCtx) {
      const slots = this.chainSlots;
      for (let i = 0; i < n; i++) slots[i] = targetKey;
      const cause = kind === Kind.Cell ? CAUSE_CELL : houseCause(where);
      return this.nestedHint(kind, name, sortKey, runs, slots, n, cause, targetKey);
    }
    this.measureFrom();
    let complexity = 0;
    for (let i = 0; i < n; i++) {
      complexity += this.measure(runs[i], targetKey);
      if (!this.canBeat(complexity + (n - 1 - i), sortKey)) return null;
    }
    complexity += this.nestedSum;
    if (!this.canBeat(complexity, sortKey)) return null;
    const removable = this.removableFor(targetKey);
    const h = this.makeHint(
      kind,
      name,
      complexity,
      sortKey,
      removable,
      targetKey >= NCAND ? targetKey - ON : -1,
    );
    if (this.display) {
      const links: number[] = [];
      for (let i = 0; i < n; i++) this.links(runs[i], targetKey, links);
      h.links = links;
      h.detail =
        kind === Kind.Cell
          ? `${cellName(where)} ==> ${nodeText(targetKey)}`
          : `${digit} in ${houseName(where)} ==> ${nodeText(targetKey)}`;
      if (kind === Kind.Region) h.house = where;
    }
    return h;
  }
}

/** SukakuExplainer's short form of nestedSuffix: `+`, `+FC`, `+MFC`, `+DFC`, `+DFC+FC`. */
function shortNestedSuffix(level: number): string {
  if (level === 1) return '+';
  if (level === 2) return '+FC';
  if (level === 3) return '+MFC';
  if (level === 4) return '+DFC';
  if (level >= 5) return '+DFC' + shortNestedSuffix(level - 3);
  return '';
}

export function nestedSuffix(level: number): string {
  if (level === 1) return ' (+)';
  if (level === 2) return ' (+ Forcing Chains)';
  if (level === 3) return ' (+ Multiple Forcing Chains)';
  if (level === 4) return ' (+ Dynamic Forcing Chains)';
  if (level >= 5) return ' (+ Dynamic Forcing Chains' + nestedSuffix(level - 3) + ')';
  return '';
}

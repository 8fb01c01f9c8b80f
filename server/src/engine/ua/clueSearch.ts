/**
 * Exhaustive search of the n-clue puzzles (17 by default) contained in one solution grid, by
 * blue's "bands 1+2, then band 3" method (see the 17-clue search seed).
 *
 * A clue set is a puzzle of the grid when it hits every UA set. Call band 3 the band with the
 * most clues (k of them; the lowest such band on ties) and XY the clues of the two others.
 * With m = ceil(n / 3), the search is split in passes that bound k and the stacks:
 *   A.  some band holds more than m clues (so XY has at most n - m - 1);
 *   A'. the same on the transposed grid: some stack holds more than m (what A found is skipped);
 *   B.  no band and no stack holds more than m clues: k = m and every stack is capped at m.
 * Each pass runs once per choice of band 3 (moved to rows 7-9) and per k:
 *
 * 1. XY: every set of n - k cells of bands 1+2 (within the band and stack caps) that hits
 *    every known UA set lying in bands 1+2: a depth-first hitting-set enumeration that
 *    branches on the UA set not hit with the fewest cells left to try (among the first 128
 *    not hit, smallest first: a third fewer nodes than branching on the first); cells tried
 *    before are excluded further down, so each set comes once; when all are hit, the clues
 *    left are chosen freely. One bit per UA set in a vector per depth (sparse: the non-zero
 *    words) and a hit vector per cell give the sets not hit and, two clues before the end,
 *    the cells that can still end it.
 * 2. Band 3. The UA sets meeting band 3 that XY misses (another vector per depth, so this
 *    is known at the leaf) are reduced to their band-3 part, a 27-bit word. Among them are
 *    the "gangster" UA sets: exchanging digits inside a mini-row of band 3 changes the digit
 *    sets of its columns, so bands 1+2 must change too (the bands 1+2 part); the pair or
 *    triplet of the mini-row is the band-3 part, shared by many UA sets. A mini-row with
 *    missed pairs needs one clue (two when all three pairs are missed), and parts disjoint
 *    from those and from each other one more each: a bound on the clues band 3 needs (per
 *    stack too when stacks are capped) that rejects most XY (~95%) for a few word
 *    operations (the smallest parts in a per-depth vector, the rest computed only for the
 *    XY that get past them). Then XY must make bands 1+2 unique with band 3 given (the
 *    solver; if not, the difference is learnt, see 3), and the k-clue sets of band 3 hitting
 *    every minimal part are enumerated like XY.
 * 3. Each full clue set goes to the solver. Whenever the solver finds a second solution, the
 *    cells where it differs contain new UA sets: the minimal ones inside (a UA enumeration
 *    restricted to those cells) are learnt, in the bands 1+2 list or the band-3 vectors, so
 *    the neighbourhood is rejected without the solver from then on ("fresh" UA sets).
 *
 * With the `join` option, step 1 is blue's X × Y join instead (runJoin): per split of the
 * n - k clues between bands 1 and 2, the valid clue sets of the band with fewer clues (those
 * hitting every UA set inside that band) are listed with the "cross" UA sets (cells in both
 * bands) each misses; the valid sets of the other band are walked, and each is joined with
 * the listed sets that hit every cross set it misses (clueJoin.ts: per cross set, a bit vector
 * of the entries hitting it, ANDed). Per pair, 36 words of gangster sets by band-3 code give
 * the mini-row part of the bound before anything else (codeBound). Same puzzles, but the
 * walk lists every valid set of its band whatever the cross sets, and measured slower.
 *
 * UA sets known at the start: every minimal UA set of at most `maxSize` cells (12), those
 * inside each band and each stack (any size) and, per band 3, those of at most
 * `gangsterSize` cells (16) whose band-3 part lies in one mini-row or is empty: the gangster
 * UA sets and the UA sets of bands 1+2.
 */
import { solve } from '../core/solve';
import type { Budget } from '../core/budget';
import { CellSetList, candidatesWithGivens, cellsOfWords, differingCells, popcount27, solutionDigits, type CellSet } from './cells';
import { JoinList } from './clueJoin';
import { enumerateUAs, minimalSorted } from './enumerate';
import { transposeGrid } from './symmetry';

export interface ClueSearchOptions {
  /** Clues per puzzle (default 17). */
  clues?: number;
  /** Size bound of the UA sets enumerated up front (default 12). */
  maxSize?: number;
  /** Size bound of the gangster UA sets of band 3 (default 16). */
  gangsterSize?: number;
  /**
   * Bands 1+2 as blue's X × Y join of two band lists (TaskRun.runJoin) instead of one
   * depth-first search: the same puzzles; measured 5-25% more CPU on the benchmark grids
   * (BENCHMARKS.md, "17-clue search"), so not the default.
   */
  join?: boolean;
  budget?: Budget;
  /** Called now and then with work done / total work (both in tasks: pass x band 3 x k). */
  onProgress?: (done: number, total: number) => void;
}

export interface ClueSearchResult {
  /** The n-clue puzzles with one solution, as 81-char strings, sorted. */
  puzzles: string[];
  stats: {
    /** With `join`: the X × Y pairs (bands 1+2 clue sets hitting every known UA set inside bands 1+2, within the stack caps). */
    pairs: number;
    /** Bands 1+2 clue sets hitting every known UA set inside bands 1+2 (with `join`: the pairs past the mini-row bound). */
    xy: number;
    /** Those that passed the band-3 bound and made bands 1+2 unique: band 3 enumerated. */
    band3: number;
    /** Solver calls (bands 1+2 checks and full clue sets). */
    solverCalls: number;
    /** UA sets learnt from second solutions. */
    learnt: number;
    /** UA sets known at the start (summed over the grids searched: 3 bands x 2 orientations). */
    uaSets: number;
    ms: number;
  };
}

const NODE_BUDGET = 5_000_000;
/** Vector words of missed sets (32 sets each) searched for the smallest live set to branch on. */
const BRANCH_WORDS = 4;
/**
 * Band-3 vector words kept per depth (the first 32 * CORE_WORDS sets: the smallest band-3
 * parts, the gangster pairs and triplets first); the rest is computed at the leaves that
 * get past the bound on these.
 */
const CORE_WORDS = 32;
/** Band-3 codes of the gangster sets: 9 mini-rows x (3 pairs, the triplet). */
const CODES = 36;
/**
 * Learnt difference sets up to this size are reduced to the minimal UA sets inside (a small
 * restricted enumeration); larger ones, costly to enumerate, are learnt as they are (still
 * UA sets, only weaker). Measured: the best trade-off of the sizes tried (0, 20, all).
 */
const MINIMIZE_UP_TO = 20;
const BAND = 0x7ffffff;
/** Cells of stack s inside a band word. */
const STACK_MASK = [0x1c0e07, 0x1c0e07 << 3, 0x1c0e07 << 6];
const stackOfBit = (b: number): number => ((b % 9) / 3) | 0;

/**
 * Writes the cells of bands 1 and 2 in the words (m0, m1) (cells 0..26 and 27..53) to `out`
 * from `at`, in increasing order; returns how many. The searches walk these lists instead of
 * peeling the bits in each loop.
 */
function listCells(m0: number, m1: number, out: Int8Array, at: number): number {
  let n = 0;
  for (let m = m0; m !== 0; m &= m - 1) out[at + n++] = 31 - Math.clz32(m & -m);
  for (let m = m1; m !== 0; m &= m - 1) out[at + n++] = 58 - Math.clz32(m & -m);
  return n;
}

interface Task {
  /** The grid as searched: band 3 in rows 6-8. */
  grid: Uint8Array;
  /** Searched cell -> cell of the input grid. */
  back: Int8Array;
  clues: number;
  /** Clues in band 3. */
  k: number;
  /** Most clues in bands 1 and 2 of the searched grid. */
  cap1: number;
  cap2: number;
  /** Most clues per stack (9 = no cap). */
  stackCap: number;
  /** Clue sets (input-grid cells) this task leaves to another. */
  skip?: (cells: number[]) => boolean;
  /** The grid searched is the transposed input grid, its bands in this order. */
  transposed: boolean;
  order: number[];
}

/** The grid with band t3 moved to the bottom, the other two in order, and the way back. */
function bandToBottom(g: Uint8Array, t3: number, transposed: boolean): { grid: Uint8Array; back: Int8Array; order: number[] } {
  const order = [0, 1, 2].filter((b) => b !== t3).concat([t3]);
  const grid = new Uint8Array(81);
  const back = new Int8Array(81);
  for (let nb = 0; nb < 3; nb++) {
    for (let i = 0; i < 27; i++) {
      const src = 27 * order[nb] + i;
      const dst = 27 * nb + i;
      grid[dst] = g[src];
      back[dst] = transposed ? 9 * (src % 9) + ((src / 9) | 0) : src;
    }
  }
  return { grid, back, order };
}

/** All puzzles of `clues` clues (default 17) with one solution whose solution is `solution`. */
export function searchClues(solution: string | ArrayLike<number>, options: ClueSearchOptions = {}): ClueSearchResult {
  const t0 = performance.now();
  const S = solutionDigits(solution);
  const n = options.clues ?? 17;
  if (!(Number.isInteger(n) && n >= 8 && n <= 40)) throw new Error(`clues: expected an integer in 8..40, got ${n}`);
  const m = Math.ceil(n / 3);
  const found = new Set<string>();
  const stats = { pairs: 0, xy: 0, band3: 0, solverCalls: 0, learnt: 0, uaSets: 0, ms: 0 };

  const tasks: Task[] = [];
  const passB: Task[] = [];
  for (const transposed of [false, true]) {
    const g = transposed ? transposeGrid(S) : S;
    for (let t3 = 0; t3 < 3; t3++) {
      const { grid, back, order } = bandToBottom(g, t3, transposed);
      const lower = [0, 1, 2].filter((b) => b !== t3);
      // Ties: band 3 is the lowest band with the most clues.
      const capOf = (b: number, k: number): number => (b < t3 ? k - 1 : k);
      const push = (list: Task[], k: number, stackCap: number): void => {
        const rest = n - k;
        const cap1 = Math.min(capOf(lower[0], k), rest);
        const cap2 = Math.min(capOf(lower[1], k), rest);
        if (cap1 + cap2 < rest) return;
        list.push({ grid, back, clues: n, k, cap1, cap2, stackCap, skip: transposed ? bandOver(m) : undefined, transposed, order });
      };
      for (let k = m + 1; k <= n; k++) push(tasks, k, 9); // passes A, A'
      if (!transposed) push(passB, m, m); // pass B
    }
  }
  // Pass B last: it is the largest, and it profits from the UA sets learnt before.
  tasks.push(...passB);

  const cache = new Map<string, Prepared>();
  const shared = new Map<boolean, CellSetList>();
  for (let ti = 0; ti < tasks.length; ti++) {
    const task = tasks[ti];
    const key = task.grid.join('');
    let prep = cache.get(key);
    if (!prep) {
      let common = shared.get(task.transposed);
      if (!common) {
        common = bandFreeUAs(task.transposed ? transposeGrid(S) : S, options.maxSize ?? 12, options.budget);
        shared.set(task.transposed, common);
      }
      prep = prepare(task.grid, task.order, common, options.gangsterSize ?? 16, options.budget);
      stats.uaSets += prep.two.count + prep.three.count;
      cache.set(key, prep);
    }
    const run = new TaskRun(task, prep, found, stats, options.budget, (f) => options.onProgress?.(ti + f, tasks.length));
    if (options.join) run.runJoin();
    else run.run();
  }
  options.onProgress?.(tasks.length, tasks.length);
  stats.ms = performance.now() - t0;
  return { puzzles: [...found].sort(), stats };
}

/** A pass on the transposed grid skips the clue sets with some band (of the input grid) over m. */
function bandOver(m: number): (cells: number[]) => boolean {
  return (cells) => {
    const count = [0, 0, 0];
    for (const c of cells) count[(c / 27) | 0]++;
    return count[0] > m || count[1] > m || count[2] > m;
  };
}

// ---------------------------------------------------------------------------
// UA sets with hit vectors
// ---------------------------------------------------------------------------

/** UA sets (three words each) and, per cell of bands 1+2, the vector of those it hits. */
class UAVectors {
  count = 0;
  /** Vector length in 32-bit words (capacity 32 * W sets). */
  W = 0;
  sets = new Int32Array(0);
  /** hit[c * W + w]: sets that cell c (0..53) hits. */
  hit = new Int32Array(0);
  /** Per set: 4 * mini-row + (0..2: which pair of its cells, 3: all three) when the band-3 part is that; else -1. */
  mini = new Int8Array(0);

  add(w0: number, w1: number, w2: number): number {
    const i = this.count;
    if (i >= 32 * this.W) {
      const W = Math.max(8, 2 * this.W);
      const hit = new Int32Array(54 * W);
      for (let c = 0; c < 54; c++) hit.set(this.hit.subarray(c * this.W, (c + 1) * this.W), c * W);
      const sets = new Int32Array(3 * 32 * W);
      sets.set(this.sets);
      const mini = new Int8Array(32 * W);
      mini.set(this.mini);
      this.hit = hit;
      this.sets = sets;
      this.mini = mini;
      this.W = W;
    }
    this.sets[3 * i] = w0;
    this.sets[3 * i + 1] = w1;
    this.sets[3 * i + 2] = w2;
    this.mini[i] = miniCode(w2);
    const W = this.W;
    for (const c of cellsOfWords(w0, w1, 0)) this.hit[c * W + (i >> 5)] |= 1 << (i & 31);
    this.count++;
    return i;
  }
}

/** MINI_PAIR[3-bit cells of a mini-row]: 0..2 for a pair, 3 for the triplet, -1 otherwise. */
const MINI_PAIR = [-1, -1, -1, 0, -1, 1, 2, 3];

function miniCode(p: number): number {
  if (p === 0) return -1;
  const low = 31 - Math.clz32(p & -p);
  const row = (low / 9) | 0;
  const box = ((low % 9) / 3) | 0;
  const shift = 9 * row + 3 * box;
  if ((p & ~(7 << shift)) !== 0) return -1;
  const kind = MINI_PAIR[(p >> shift) & 7];
  return kind < 0 ? -1 : 4 * (3 * row + box) + kind;
}

/** Cells of mini-row i (3 * row + box) in the band word. */
const MINI_CELLS = Array.from({ length: 9 }, (_, i) => 7 << (9 * ((i / 3) | 0) + 3 * (i % 3)));

interface Prepared {
  grid: Uint8Array;
  /** UA sets inside bands 1+2 (smallest first, then as learnt). */
  two: UAVectors;
  /** UA sets meeting band 3. */
  three: UAVectors;
}

function appendSets(all: CellSetList, l: CellSetList): void {
  for (let i = 0; i < l.count; i++) all.push(l.words[3 * i], l.words[3 * i + 1], l.words[3 * i + 2]);
}

/**
 * The UA sets of a grid that do not depend on which band is band 3: every minimal one of at
 * most `maxSize` cells and those inside each band and each stack (any size). Moving the
 * bands permutes the three words of each set, so they are enumerated once per orientation.
 */
function bandFreeUAs(grid: Uint8Array, maxSize: number, budget?: Budget): CellSetList {
  const all = new CellSetList(1024);
  const add = (l: CellSetList): void => appendSets(all, l);
  add(enumerateUAs(grid, { maxSize, budget }));
  for (let b = 0; b < 3; b++) {
    const fixed: CellSet = [BAND, BAND, BAND];
    fixed[b] = 0;
    add(enumerateUAs(grid, { maxSize: 27, fixedWords: fixed, budget }));
    const stack = STACK_MASK[b];
    add(enumerateUAs(grid, { maxSize: 27, fixedWords: [BAND & ~stack, BAND & ~stack, BAND & ~stack], budget }));
  }
  return all;
}

/** The UA vectors of `grid` (the grid of `common` with its bands in `order`). */
function prepare(grid: Uint8Array, order: number[], common: CellSetList, gangsterSize: number, budget?: Budget): Prepared {
  const all = new CellSetList(1024);
  const w = common.words;
  for (let i = 0; i < common.count; i++) all.push(w[3 * i + order[0]], w[3 * i + order[1]], w[3 * i + order[2]]);
  // Gangster UA sets of band 3 (band-3 part inside one mini-row) and UA sets of bands 1+2.
  appendSets(all, enumerateUAs(grid, { maxSize: gangsterSize, miniRowBand: 2, budget }));
  const min = minimalSorted(all);
  const two = new UAVectors();
  const three = new UAVectors();
  const meeting: number[] = [];
  const mw = min.words;
  for (let i = 0; i < min.count; i++) {
    if (mw[3 * i + 2] === 0) two.add(mw[3 * i], mw[3 * i + 1], 0);
    else meeting.push(i);
  }
  // Smallest band-3 parts first: the disjoint-part bound at the leaves meets them first.
  meeting.sort((a, b) => popcount27(mw[3 * a + 2]) - popcount27(mw[3 * b + 2]) || a - b);
  for (const i of meeting) three.add(mw[3 * i], mw[3 * i + 1], mw[3 * i + 2]);
  return { grid, two, three };
}

// ---------------------------------------------------------------------------
// One task: a grid (band 3 at the bottom), k, caps
// ---------------------------------------------------------------------------

class TaskRun {
  private readonly g: Uint8Array;
  private readonly target: number;
  private readonly chosen = new Int32Array(81);
  /** Per depth d, from 54 * d: the cells a loop at that depth tries (listCells). */
  private readonly cells: Int8Array;
  private readonly stackCount = new Int32Array(3);
  /**
   * Sets of `two` not hit by chosen[0..d-1], per depth d, sparse: the non-zero words only, as (word index, bits)
   * pairs in increasing word order (v2n[d] pairs from d * W2). Deeper, few words are left.
   */
  private v2i = new Int32Array(0);
  private v2b = new Int32Array(0);
  private readonly v2n: Int32Array;
  /** Sets of `three` not hit, per depth: the core words only (see CORE_WORDS). */
  private v3 = new Int32Array(0);
  private W2 = 0;
  private W3 = 0;
  /** Band-3 vector words kept per depth (or per join entry); the rest is completed at the leaves. */
  private core = CORE_WORDS;
  private nodes = 0;
  /** Set when a learnt UA set inside bands 1+2 shows the current XY fails. */
  private abortXY = false;
  // Band 3 state: the minimal parts to hit, clues placed.
  private parts = new Int32Array(1024);
  private nParts = 0;
  private readonly clues3 = new Int32Array(27);
  private readonly miniPairs = new Int32Array(9);
  private readonly perStack = new Int32Array(3);
  private readonly bucket: number[][] = Array.from({ length: 28 }, () => []);

  constructor(
    private readonly task: Task,
    private readonly prep: Prepared,
    private readonly found: Set<string>,
    private readonly stats: ClueSearchResult['stats'],
    private readonly budget: Budget | undefined,
    private readonly progress: (fraction: number) => void,
  ) {
    this.g = task.grid;
    this.target = task.clues - task.k;
    this.v2n = new Int32Array(this.target + 2);
    this.cells = new Int8Array(54 * (this.target + 2));
  }

  /** Clue c at depth d: counted in its stack; returns the stack (to count it out again). */
  private choose(d: number, c: number): number {
    this.chosen[d] = c;
    const s = stackOfBit(c);
    this.stackCount[s]++;
    return s;
  }

  run(): void {
    this.resize();
    // Depth 0: every set unhit.
    const { two, three } = this.prep;
    const used2 = (two.count + 31) >> 5;
    for (let w = 0; w < used2; w++) {
      this.v2i[w] = w;
      this.v2b[w] = w < used2 - 1 || (two.count & 31) === 0 ? -1 : (1 << (two.count & 31)) - 1;
    }
    this.v2n[0] = used2;
    for (let i = 0; i < three.count; i++) this.v3[i >> 5] |= 1 << (i & 31);
    this.progress(0);
    this.xy(0, 0, 0, 0, 0);
    this.progress(1);
  }

  // -------------------------------------------------------------------------
  // The X × Y join: bands 1+2 as a band-1 list joined with a band-2 list
  // -------------------------------------------------------------------------

  /** True while the task runs as a join (learnt bands 1+2 sets go to the fresh check). */
  private joined = false;
  /** The bands 1+2 sets learnt during the task (also in `two`, for the tasks after): checked at the join's leaves. */
  private readonly freshSets = new UAVectors();
  /** Per cell of bands 1+2 (c * CW): the cross sets it hits, in the join's order. */
  private crossHit = new Int32Array(0);
  private CW = 0;
  /** Per depth of a band walk: cross sets missed (d * CW). */
  private jx = new Int32Array(0);
  private partnersOut = new Int32Array(0);
  /** The last cells of the walked side's current parent (lastBase). */
  private lastCand = 0;
  /** Per cross set (join order): its part in the walked band. */
  private walkedPart = new Int32Array(0);
  /** Band-2 parts (or band-1: the stored side's) of the fresh sets the walked side misses. */
  private fresh: number[] = [];
  /**
   * The gangster sets by band-3 code (4 * mini-row + pair 0..2 / triplet 3; the first 32 of
   * each code): per cell, the bits of those it hits (c * CODES); per depth of a walk and per
   * listed entry, those missed. A code is missed by a pair when one of its sets is missed by
   * both sides: 36 ANDs give the mini-row part of the band-3 bound, which alone rejects
   * 99% of the pairs the full bound rejects.
   */
  private codeHit = new Int32Array(54 * CODES);
  private jm = new Int32Array(0);
  private sCode = new Int32Array(0);
  private readonly codes = new Int32Array(CODES);

  /**
   * Bands 1+2 per split (x clues in band 1, y in band 2): the valid y-clue sets of one band
   * (hitting the UA sets inside it) are listed with the cross UA sets each misses and its
   * band-3 core vector; the valid sets of the other band are walked, and each is joined with
   * the listed sets that hit every cross set it misses (JoinList). The pair is an XY leaf.
   * The list is the band with fewer clues (fewer sets); the other is never stored.
   */
  runJoin(): void {
    this.joined = true;
    this.resize();
    const { two, three } = this.prep;
    // The band-3 vector of a pair is computed whole at its leaf (few pairs get past codeBound).
    this.core = 0;
    const inner: number[][] = [[], []];
    const cross: number[] = [];
    for (let i = 0; i < two.count; i++) {
      const w0 = two.sets[3 * i];
      const w1 = two.sets[3 * i + 1];
      if (w1 === 0) inner[0].push(w0);
      else if (w0 === 0) inner[1].push(w1);
      else cross.push(i);
    }
    this.codeHit.fill(0);
    const perCode = new Int32Array(CODES);
    for (let i = 0; i < three.count; i++) {
      const code = three.mini[i];
      if (code < 0 || perCode[code] === 32) continue;
      const bit = 1 << perCode[code]++;
      for (const c of cellsOfWords(three.sets[3 * i], three.sets[3 * i + 1], 0)) this.codeHit[c * CODES + code] |= bit;
    }
    const codeFull = Array.from(perCode, (n) => (n === 32 ? -1 : (1 << n) - 1));
    const { cap1, cap2 } = this.task;
    const lo = Math.max(0, this.target - cap2);
    const hi = Math.min(cap1, this.target);
    this.progress(0);
    for (let x = lo; x <= hi; x++) {
      this.split(x, this.target - x, inner, cross, codeFull);
      this.progress((x - lo + 1) / (hi - lo + 1));
    }
  }

  private split(x: number, y: number, inner: number[][], cross: number[], codeFull: number[]): void {
    const sets = this.prep.two.sets;
    const walked = x >= y ? 0 : 1;
    const listed = 1 - walked;
    // Cross sets with the fewest cells in the listed band first: the fewest entries hit them,
    // so the join's AND empties soonest.
    const order = cross
      .map((i) => ({ i, size: popcount27(sets[3 * i + listed]) }))
      .sort((a, b) => a.size - b.size || a.i - b.i)
      .map((e) => e.i);
    const CW = (order.length + 31) >> 5;
    this.CW = CW;
    this.crossHit = new Int32Array(54 * Math.max(1, CW));
    for (let j = 0; j < order.length; j++) {
      for (const c of cellsOfWords(sets[3 * order[j]], sets[3 * order[j] + 1], 0)) this.crossHit[c * CW + (j >> 5)] |= 1 << (j & 31);
    }
    const most = Math.max(x, y) + 1;
    this.jx = new Int32Array(most * Math.max(1, CW));
    for (let w = 0; w < CW; w++) this.jx[w] = w < CW - 1 || (order.length & 31) === 0 ? -1 : (1 << (order.length & 31)) - 1;
    this.jm = new Int32Array(most * CODES);
    for (let c = 0; c < CODES; c++) this.jm[c] = codeFull[c];

    const list = new JoinList(CW, order.length);
    this.walk(listed, listed === 0 ? x : y, inner[listed], (d, cells) => {
      const e = list.add(cells, this.jx, d * CW);
      if ((e + 1) * CODES > this.sCode.length) {
        const bigger = new Int32Array(Math.max(1024 * CODES, 2 * this.sCode.length));
        bigger.set(this.sCode);
        this.sCode = bigger;
      }
      for (let c = 0; c < CODES; c++) this.sCode[e * CODES + c] = this.jm[d * CODES + c];
    });
    if (list.count === 0) return;
    list.seal();
    if (this.partnersOut.length < list.count) this.partnersOut = new Int32Array(list.count);
    // One clue before the end: the sets missed that no last cell can hit must be hit by the
    // partner; when no entry hits them all, every last cell is skipped at once.
    this.walkedPart = Int32Array.from(order, (i) => sets[3 * i + walked]);
    this.walk(
      walked,
      walked === 0 ? x : y,
      inner[walked],
      (d, cells) => this.pairs(walked, d, cells, list),
      (d, _cells, cand) => {
        this.lastCand = cand;
        return list.lastBase(this.jx, d * CW, this.walkedPart, cand);
      },
    );
  }

  /**
   * The fresh sets (bands 1+2 sets learnt in this task, from index `from`) that `cells` of
   * band `walked` miss: their part in the other band into `fresh`; false when one has none.
   */
  private freshParts(walked: number, cells: number, from: number): boolean {
    const fv = this.freshSets;
    const W = fv.W;
    const off = 27 * walked;
    const used = (fv.count + 31) >> 5;
    for (let w = from >> 5; w < used; w++) {
      let hit = 0;
      for (let m = cells; m !== 0; m &= m - 1) hit |= fv.hit[(off + 31 - Math.clz32(m & -m)) * W + w];
      let x = ~hit;
      if (w === used - 1 && (fv.count & 31) !== 0) x &= (1 << (fv.count & 31)) - 1;
      if (w === from >> 5) x &= -1 << (from & 31);
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        const part = fv.sets[3 * (32 * w + 31 - Math.clz32(low)) + 1 - walked];
        if (part === 0) return false;
        this.fresh.push(part);
      }
    }
    return true;
  }

  /** A walked set (depth d, band word `cells`) joined with its partners in `list`: the XY leaves. */
  private pairs(walked: number, d: number, cells: number, list: JoinList): void {
    const out = this.partnersOut;
    // A walk of one clue or more ends one clue after lastBase (walk's `last`): its base applies.
    const n = d === 0 ? list.partners(this.jx, 0, out) : list.lastPartners(this.jx, d * this.CW, out, this.walkedPart, this.lastCand);
    if (n === 0) return;
    // The codes whose sets this side misses (only those can be missed by a pair).
    const codes = this.codes;
    let nc = 0;
    for (let c = 0, a = d * CODES; c < CODES; c++) if (this.jm[a + c] !== 0) codes[nc++] = c;
    const fv = this.freshSets;
    let known = -1;
    const cap = this.task.stackCap;
    const w0 = walked * 27;
    const w1 = 27 - w0;
    const ws0 = popcount27(cells & STACK_MASK[0]);
    const ws1 = popcount27(cells & STACK_MASK[1]);
    const ws2 = popcount27(cells & STACK_MASK[2]);
    for (let j = 0; j < n; j++) {
      const e = out[j];
      const other = list.cells[e];
      const s0 = ws0 + popcount27(other & STACK_MASK[0]);
      const s1 = ws1 + popcount27(other & STACK_MASK[1]);
      const s2 = ws2 + popcount27(other & STACK_MASK[2]);
      if (s0 > cap || s1 > cap || s2 > cap) continue;
      this.stats.pairs++;
      if (!this.codeBound(nc, d * CODES, e * CODES, cap - s0, cap - s1, cap - s2)) continue;
      if (known < 0) {
        this.fresh.length = 0;
        if (!this.freshParts(walked, cells, 0)) return;
        known = fv.count;
      } else if (fv.count !== known) {
        if (!this.freshParts(walked, cells, known)) return;
        known = fv.count;
      }
      let hit = true;
      for (let f = 0; f < this.fresh.length && hit; f++) hit = (this.fresh[f] & other) !== 0;
      if (!hit) continue;
      let t = 0;
      for (let m = cells; m !== 0; m &= m - 1) this.chosen[t++] = w0 + 31 - Math.clz32(m & -m);
      for (let m = other; m !== 0; m &= m - 1) this.chosen[t++] = w1 + 31 - Math.clz32(m & -m);
      this.stackCount[0] = s0;
      this.stackCount[1] = s1;
      this.stackCount[2] = s2;
      this.leaf(this.target, true);
    }
  }


  /**
   * The mini-row part of the band-3 bound for a pair: the walked side's code words (jm from
   * `a`) and the listed entry's (sCode from `b`); false when band 3 needs more than k clues
   * or a stack more than its room.
   */
  private codeBound(nc: number, a: number, b: number, r0: number, r1: number, r2: number): boolean {
    const jm = this.jm;
    const sm = this.sCode;
    const codes = this.codes;
    const k = this.task.k;
    let lb = 0;
    let n0 = 0;
    let n1 = 0;
    let n2 = 0;
    // Codes come in mini-row order: p collects the missed ones of mini-row `row`.
    let row = -1;
    let p = 0;
    for (let j = 0; j <= nc; j++) {
      const c = j < nc ? codes[j] : 4 * 9;
      if (c >> 2 !== row) {
        if (p !== 0) {
          const need = (p & 7) === 7 ? 2 : 1;
          if ((lb += need) > k) return false;
          const stack = row % 3;
          if (stack === 0) n0 += need;
          else if (stack === 1) n1 += need;
          else n2 += need;
        }
        row = c >> 2;
        p = 0;
      }
      if (j < nc && (jm[a + c] & sm[b + c]) !== 0) p |= 1 << (c & 3);
    }
    return n0 <= r0 && n1 <= r1 && n2 <= r2;
  }


  /**
   * Every `size`-clue set of band `band` hitting the UA sets inside it (`inner`), within the
   * stack cap, once each: branch on the set missed with the fewest live cells (cells tried
   * before are excluded further down); when all are hit, the clues left are free, in
   * increasing order. The cross and band-3 core vectors follow, per depth.
   */
  private walk(
    band: number,
    size: number,
    inner: number[],
    leaf: (d: number, cells: number) => void,
    last?: (d: number, cells: number, cand: number) => boolean,
  ): void {
    const cap = this.task.stackCap;
    const step = (d: number, c: number): void => {
      const CW = this.CW;
      const cell = 27 * band + c;
      for (let w = 0, a = d * CW, h = cell * CW; w < CW; w++) this.jx[a + CW + w] = this.jx[a + w] & ~this.crossHit[h + w];
      for (let w = 0, a = d * CODES, h = cell * CODES; w < CODES; w++) this.jm[a + CODES + w] = this.jm[a + w] & ~this.codeHit[h + w];
    };
    const live = (cells: number, dead: number): number => {
      let l = BAND & ~cells & ~dead;
      if (cap < 9) {
        if (popcount27(cells & STACK_MASK[0]) >= cap) l &= ~STACK_MASK[0];
        if (popcount27(cells & STACK_MASK[1]) >= cap) l &= ~STACK_MASK[1];
        if (popcount27(cells & STACK_MASK[2]) >= cap) l &= ~STACK_MASK[2];
      }
      return l;
    };
    const free = (d: number, cells: number, from: number, dead: number): void => {
      if ((++this.nodes & 4095) === 0) this.budget?.check();
      if (d === size) {
        leaf(d, cells);
        return;
      }
      const l = live(cells, dead);
      if (d === size - 1 && last && !last(d, cells, l & (BAND << from))) return;
      for (let c = from; c < 27; c++) {
        if (((l >> c) & 1) === 0) continue;
        step(d, c);
        free(d + 1, cells | (1 << c), c + 1, dead);
      }
    };
    const branch = (d: number, cells: number, dead: number): void => {
      if ((++this.nodes & 4095) === 0) this.budget?.check();
      const l = live(cells, dead);
      let best = -1;
      let bestCount = 99;
      for (let i = 0; i < inner.length; i++) {
        const u = inner[i];
        if ((u & cells) !== 0) continue;
        const cnt = popcount27(u & l);
        if (cnt < bestCount) {
          bestCount = cnt;
          best = u & l;
          if (cnt === 0) return;
        }
      }
      if (best < 0) {
        free(d, cells, 0, dead);
        return;
      }
      if (d === size) return;
      if (d === size - 1 && last && !last(d, cells, best)) return;
      let dd = dead;
      for (let m = best; m !== 0; m &= m - 1) {
        const low = m & -m;
        step(d, 31 - Math.clz32(low));
        branch(d + 1, cells | low, dd);
        dd |= low;
      }
    };
    branch(0, 0, 0);
  }

  /** Reallocates the depth vectors when the UA lists outgrew them. */
  private resize(): void {
    const { two, three } = this.prep;
    const depths = this.target + 2;
    if (two.W !== this.W2) {
      const vi = new Int32Array(depths * two.W);
      const vb = new Int32Array(depths * two.W);
      for (let d = 0; d < depths && this.W2 > 0; d++) {
        vi.set(this.v2i.subarray(d * this.W2, (d + 1) * this.W2), d * two.W);
        vb.set(this.v2b.subarray(d * this.W2, (d + 1) * this.W2), d * two.W);
      }
      this.v2i = vi;
      this.v2b = vb;
      this.W2 = two.W;
    }
    if (three.W !== this.W3) {
      const v = new Int32Array(depths * three.W);
      for (let d = 0; d < depths && this.W3 > 0; d++) v.set(this.v3.subarray(d * this.W3, (d + 1) * this.W3), d * three.W);
      this.v3 = v;
      this.W3 = three.W;
    }
  }

  /** Vectors of depth d + 1 after chosen[d] = c (only the words in use). */
  private step(d: number, c: number): void {
    const W2 = this.W2;
    const vi = this.v2i;
    const vb = this.v2b;
    const h2 = this.prep.two.hit;
    const a = d * W2;
    const b = a + W2;
    const h = c * W2;
    let n = 0;
    for (let j = 0, m = this.v2n[d]; j < m; j++) {
      const w = vi[a + j];
      const x = vb[a + j] & ~h2[h + w];
      if (x !== 0) {
        vi[b + n] = w;
        vb[b + n] = x;
        n++;
      }
    }
    this.v2n[d + 1] = n;
    this.step3(d, c);
  }

  private step3(d: number, c: number): void {
    const W3 = this.W3;
    const v3 = this.v3;
    const h3 = this.prep.three.hit;
    const n3 = Math.min(CORE_WORDS, (this.prep.three.count + 31) >> 5);
    for (let w = 0, a = d * W3, b = a + W3, h = c * W3; w < n3; w++) v3[b + w] = v3[a + w] & ~h3[h + w];
  }

  /**
   * Words of the band-3 vector at depth d past the core (not kept per depth): computed from
   * the clues chosen[0..d-1] into v3 at depth d.
   */
  private completeV3(d: number): void {
    const three = this.prep.three;
    const used = (three.count + 31) >> 5;
    const W3 = this.W3;
    const v3 = this.v3;
    const h3 = three.hit;
    const base = d * W3;
    for (let w = this.core; w < used; w++) {
      let x = 0;
      for (let t = 0; t < d; t++) x |= h3[this.chosen[t] * W3 + w];
      const full = w < used - 1 || (three.count & 31) === 0 ? -1 : (1 << (three.count & 31)) - 1;
      v3[base + w] = full & ~x;
    }
  }

  /** The clues chosen[0..d-1] as band words (into x0, x1). */
  private x0 = 0;
  private x1 = 0;
  private chosenWords(d: number): void {
    let x0 = 0;
    let x1 = 0;
    for (let i = 0; i < d; i++) {
      const c = this.chosen[i];
      if (c < 27) x0 |= 1 << c;
      else x1 |= 1 << (c - 27);
    }
    this.x0 = x0;
    this.x1 = x1;
  }

  /** True when some set of `two` is missed at depth d. */
  private anyTwo(d: number): boolean {
    return this.v2n[d] > 0;
  }

  /** Cells of band 1 / band 2 still allowed by the caps (into a0, a1). */
  private a0 = 0;
  private a1 = 0;
  private allowed(n1: number, n2: number): void {
    let a0 = n1 < this.task.cap1 ? BAND : 0;
    let a1 = n2 < this.task.cap2 ? BAND : 0;
    const cap = this.task.stackCap;
    const sc = this.stackCount;
    if (sc[0] >= cap) {
      a0 &= ~STACK_MASK[0];
      a1 &= ~STACK_MASK[0];
    }
    if (sc[1] >= cap) {
      a0 &= ~STACK_MASK[1];
      a1 &= ~STACK_MASK[1];
    }
    if (sc[2] >= cap) {
      a0 &= ~STACK_MASK[2];
      a1 &= ~STACK_MASK[2];
    }
    this.a0 = a0;
    this.a1 = a1;
  }

  private xy(d: number, dead0: number, dead1: number, n1: number, n2: number): void {
    if ((++this.nodes & 4095) === 0) this.budget?.check();
    const two = this.prep.two;
    const a = d * this.W2;
    let i = -1;
    if (this.v2n[d] > 0) {
      const x = this.v2b[a];
      i = 32 * this.v2i[a] + 31 - Math.clz32(x & -x);
    }
    const left = this.target - d;
    if (i < 0) {
      if (left === 0) this.leaf(d);
      else this.free(d, 0, dead0, dead1, n1, n2);
      return;
    }
    if (left === 0) return;
    // Room left in the bands (and stacks) for the clues still to place.
    if (left > this.task.cap1 - n1 + this.task.cap2 - n2) return;
    this.allowed(n1, n2);
    // Branch on the set with the fewest live cells (not excluded, within the caps) among the
    // first missed ones; one without any ends the branch.
    const l0 = ~dead0 & this.a0;
    const l1 = ~dead1 & this.a1;
    let m0 = two.sets[3 * i] & l0;
    let m1 = two.sets[3 * i + 1] & l1;
    let best = popcount27(m0) + popcount27(m1);
    for (let j = 0, n = Math.min(this.v2n[d], BRANCH_WORDS); j < n && best > 1; j++) {
      const w = this.v2i[a + j];
      let x = this.v2b[a + j];
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        const u = 3 * (32 * w + 31 - Math.clz32(low));
        const s0 = two.sets[u] & l0;
        const s1 = two.sets[u + 1] & l1;
        const size = popcount27(s0) + popcount27(s1);
        if (size < best) {
          best = size;
          m0 = s0;
          m1 = s1;
          if (size === 0) return;
        }
      }
    }
    if (left === 2) {
      this.lastTwo(d, m0, m1, dead0, dead1, n1, n2);
      return;
    }
    if (left === 1) {
      // The last clue must hit every set still missed: straight to the leaves.
      for (let j = 0, n = this.v2n[d]; j < n && (m0 | m1) !== 0; j++) {
        const w = this.v2i[a + j];
        let x = this.v2b[a + j];
        while (x !== 0) {
          const low = x & -x;
          x ^= low;
          const j = 32 * w + 31 - Math.clz32(low);
          m0 &= two.sets[3 * j];
          m1 &= two.sets[3 * j + 1];
        }
      }
      const known = two.count;
      const cells = this.cells;
      for (let k = 0, at = 54 * d, n = listCells(m0, m1, cells, at); k < n; k++) {
        const c = cells[at + k];
        const s = this.choose(d, c);
        if (two.count !== known) this.step(d, c);
        else this.step3(d, c);
        if (two.count === known || !this.anyTwo(d + 1)) this.leaf(d + 1, true);
        this.stackCount[s]--;
      }
      return;
    }
    let d0 = dead0;
    let d1 = dead1;
    const cells = this.cells;
    const at = 54 * d;
    const n = listCells(m0, m1, cells, at);
    for (let k = 0; k < n; k++) {
      const c = cells[at + k];
      const s = this.choose(d, c);
      this.step(d, c);
      if (c < 27) this.xy(d + 1, d0, d1, n1 + 1, n2);
      else this.xy(d + 1, d0, d1, n1, n2 + 1);
      this.stackCount[s]--;
      if (c < 27) d0 |= 1 << c;
      else d1 |= 1 << (c - 27);
      if (d === 0) this.progress((k + 1) / n);
    }
  }

  /**
   * Two clues left (depth d, candidate cells m0/m1 of the first missed set): for each first
   * clue c, the second must lie in every set c misses (or anywhere when c hits them all);
   * the sets missed are listed once instead of stepping the vectors for each c.
   */
  private lastTwo(d: number, m0: number, m1: number, dead0: number, dead1: number, n1: number, n2: number): void {
    const two = this.prep.two;
    const sets = two.sets;
    const vi = this.v2i;
    const vb = this.v2b;
    const base = d * this.W2;
    const known = two.count;
    let d0 = dead0;
    let d1 = dead1;
    const cells = this.cells;
    const at = 54 * d;
    const at2 = at + 54;
    // Earlier clues are never picked again (free choice allows any cell not excluded).
    this.chosenWords(d);
    const e0 = this.x0;
    const e1 = this.x1;
    for (let k = 0, count = listCells(m0, m1, cells, at); k < count; k++) {
      const c = cells[at + k];
      const c0 = c < 27 ? 1 << c : 0;
      const c1 = c < 27 ? 0 : 1 << (c - 27);
      const s = this.choose(d, c);
      this.allowed(n1 + (c < 27 ? 1 : 0), n2 + (c < 27 ? 0 : 1));
      let i0 = this.a0 & ~d0 & ~c0 & ~e0;
      let i1 = this.a1 & ~d1 & ~c1 & ~e1;
      for (let j = 0, n = this.v2n[d]; j < n && (i0 | i1) !== 0; j++) {
        const w = vi[base + j];
        let x = vb[base + j];
        while (x !== 0) {
          const lw = x & -x;
          x ^= lw;
          const u = 32 * w + 31 - Math.clz32(lw);
          if ((sets[3 * u] & c0) | (sets[3 * u + 1] & c1)) continue;
          i0 &= sets[3 * u];
          i1 &= sets[3 * u + 1];
        }
      }
      if ((i0 | i1) !== 0) {
        this.step3(d, c);
        for (let k2 = 0, count2 = listCells(i0, i1, cells, at2); k2 < count2; k2++) {
          const c2 = cells[at2 + k2];
          const s2 = this.choose(d + 1, c2);
          if (two.count !== known) {
            this.step(d, c);
            this.step(d + 1, c2);
            if (!this.anyTwo(d + 2)) this.leaf(d + 2, true);
          } else {
            this.step3(d + 1, c2);
            this.leaf(d + 2, true);
          }
          this.stackCount[s2]--;
        }
      }
      this.stackCount[s]--;
      d0 |= c0;
      d1 |= c1;
    }
  }

  /** Every known set is hit: the clues left are any cells not excluded, in increasing order. */
  private free(d: number, from: number, dead0: number, dead1: number, n1: number, n2: number): void {
    if (d === this.target) {
      this.leaf(d);
      return;
    }
    this.allowed(n1, n2);
    const a0 = this.a0;
    const a1 = this.a1;
    for (let c = from; c < 54; c++) {
      const inB1 = c < 27;
      const low = 1 << (inB1 ? c : c - 27);
      if (inB1 ? (dead0 & low) !== 0 || (a0 & low) === 0 : (dead1 & low) !== 0 || (a1 & low) === 0) continue;
      let used = false;
      for (let j = 0; j < d; j++) if (this.chosen[j] === c) used = true;
      if (used) continue;
      const s = this.choose(d, c);
      this.step(d, c);
      if (inB1) this.free(d + 1, c + 1, dead0, dead1, n1 + 1, n2);
      else this.free(d + 1, c + 1, dead0, dead1, n1, n2 + 1);
      this.stackCount[s]--;
    }
  }

  /** XY complete (depth = target): band 3. */
  private leaf(d: number, twoHit = false): void {
    if (!twoHit && this.anyTwo(d)) return; // a set learnt meanwhile
    this.stats.xy++;
    if (!this.collectParts(d)) return;
    // Bands 1+2 must be unique with band 3 given; if not, learn why.
    this.chosenWords(d);
    this.stats.solverCalls++;
    const r = solve(candidatesWithGivens(this.g, this.x0, this.x1, BAND), { limit: 2, nodeBudget: NODE_BUDGET });
    if (r.count !== 1) {
      const other = r.solutions.find((s) => s.some((v, c) => v !== this.g[c]));
      if (other) this.learn(other, d);
      return;
    }
    this.stats.band3++;
    this.abortXY = false;
    const cap = this.task.stackCap;
    const sc = this.stackCount;
    this.band3(d, 0, 0, 0, cap - sc[0], cap - sc[1], cap - sc[2]);
    this.abortXY = false;
  }

  /**
   * The minimal band-3 parts of the sets XY misses, smallest first, into `parts`; false when
   * disjoint parts already need more than k clues (or more than a stack has room for).
   */
  private collectParts(d: number): boolean {
    const three = this.prep.three;
    const used = (three.count + 31) >> 5;
    if (!this.bound(d, Math.min(this.core, used))) return false;
    if (used > this.core) {
      this.completeV3(d);
      if (!this.bound(d, used)) return false;
    }
    const base = d * this.W3;
    // The minimal parts, smallest first.
    const buckets = this.bucket;
    for (let w = 0; w < used; w++) {
      let x = this.v3[base + w];
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        const p = three.sets[3 * (32 * w + 31 - Math.clz32(low)) + 2];
        buckets[popcount27(p)].push(p);
      }
    }
    this.nParts = 0;
    for (let size = 1; size < 28; size++) {
      const list = buckets[size];
      if (list.length === 0) continue;
      for (let j = 0; j < list.length; j++) {
        const p = list[j];
        let dominated = false;
        for (let q = 0; q < this.nParts; q++) {
          if ((this.parts[q] & ~p) === 0) {
            dominated = true;
            break;
          }
        }
        if (dominated) continue;
        if (this.nParts === this.parts.length) {
          const bigger = new Int32Array(2 * this.parts.length);
          bigger.set(this.parts);
          this.parts = bigger;
        }
        this.parts[this.nParts++] = p;
      }
      list.length = 0;
    }
    return true;
  }

  /**
   * Lower bound on the band-3 clues from the sets missed at depth d (first `words` words):
   * per mini-row, its missed pairs need 1 clue (2 when all three pairs are missed), its
   * triplet 1; other parts disjoint from those and from each other add 1 each (greedy, small
   * parts first). False when above k, or above a capped stack's room.
   */
  private bound(d: number, words: number): boolean {
    const three = this.prep.three;
    const base = d * this.W3;
    const pairs = this.miniPairs;
    pairs.fill(0);
    for (let w = 0; w < words; w++) {
      let x = this.v3[base + w];
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        const code = three.mini[32 * w + 31 - Math.clz32(low)];
        if (code >= 0) pairs[code >> 2] |= 1 << (code & 3);
      }
    }
    const k = this.task.k;
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
    for (let w = 0; w < words; w++) {
      let x = this.v3[base + w];
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        const i = 32 * w + 31 - Math.clz32(low);
        if (three.mini[i] >= 0) continue;
        const p = three.sets[3 * i + 2];
        if ((p & union) !== 0) continue;
        union |= p;
        if (++lb > k) return false;
        if ((p & ~STACK_MASK[0]) === 0) perStack[0]++;
        else if ((p & ~STACK_MASK[1]) === 0) perStack[1]++;
        else if ((p & ~STACK_MASK[2]) === 0) perStack[2]++;
      }
    }
    const cap = this.task.stackCap;
    if (cap < 9) {
      const sc = this.stackCount;
      if (perStack[0] > cap - sc[0] || perStack[1] > cap - sc[1] || perStack[2] > cap - sc[2]) return false;
    }
    return true;
  }

  /** Band 3: k clues hitting every part, within the stack rooms. */
  private band3(nXY: number, n3: number, dead: number, have: number, r0: number, r1: number, r2: number): void {
    if (this.abortXY) return;
    if ((++this.nodes & 4095) === 0) this.budget?.check();
    let pick = -1;
    let best = 99;
    for (let i = 0; i < this.nParts; i++) {
      const p = this.parts[i];
      if (p & have) continue;
      let live = p & ~dead;
      if (r0 === 0) live &= ~STACK_MASK[0];
      if (r1 === 0) live &= ~STACK_MASK[1];
      if (r2 === 0) live &= ~STACK_MASK[2];
      if (live === 0) return;
      const cnt = popcount27(live);
      if (cnt < best) {
        best = cnt;
        pick = i;
        if (cnt === 1) break;
      }
    }
    const left = this.task.k - n3;
    if (pick < 0) {
      if (left === 0) this.full(nXY, n3);
      else this.freeBand3(nXY, n3, dead, have, r0, r1, r2, 0);
      return;
    }
    if (left === 0) return;
    let cand = this.parts[pick] & ~dead;
    if (r0 === 0) cand &= ~STACK_MASK[0];
    if (r1 === 0) cand &= ~STACK_MASK[1];
    if (r2 === 0) cand &= ~STACK_MASK[2];
    let dd = dead;
    while (cand !== 0) {
      const low = cand & -cand;
      cand ^= low;
      const b = 31 - Math.clz32(low);
      const s = stackOfBit(b);
      this.clues3[n3] = b;
      this.band3(nXY, n3 + 1, dd, have | low, r0 - (s === 0 ? 1 : 0), r1 - (s === 1 ? 1 : 0), r2 - (s === 2 ? 1 : 0));
      if (this.abortXY) return;
      dd |= low;
    }
  }

  private freeBand3(nXY: number, n3: number, dead: number, have: number, r0: number, r1: number, r2: number, from: number): void {
    if (n3 === this.task.k) {
      this.full(nXY, n3);
      return;
    }
    for (let b = from; b < 27; b++) {
      const low = 1 << b;
      if ((dead | have) & low) continue;
      const s = stackOfBit(b);
      if ((s === 0 ? r0 : s === 1 ? r1 : r2) === 0) continue;
      this.clues3[n3] = b;
      this.freeBand3(nXY, n3 + 1, dead, have | low, r0 - (s === 0 ? 1 : 0), r1 - (s === 1 ? 1 : 0), r2 - (s === 2 ? 1 : 0), b + 1);
      if (this.abortXY) return;
    }
  }

  /** A full clue set: the solver decides; a second solution teaches new UA sets. */
  private full(nXY: number, n3: number): void {
    this.chosenWords(nXY);
    const w0 = this.x0;
    const w1 = this.x1;
    let w2 = 0;
    for (let i = 0; i < n3; i++) w2 |= 1 << this.clues3[i];
    this.stats.solverCalls++;
    const r = solve(candidatesWithGivens(this.g, w0, w1, w2), { limit: 2, nodeBudget: NODE_BUDGET });
    if (r.count === 1 && r.complete) {
      const src = cellsOfWords(w0, w1, w2);
      const cells = src.map((c) => this.task.back[c]);
      if (this.task.skip?.(cells)) return;
      const digits = new Array<string>(81).fill('.');
      for (let i = 0; i < src.length; i++) digits[cells[i]] = String(this.g[src[i]]);
      this.found.add(digits.join(''));
      return;
    }
    const other = r.solutions.find((s) => s.some((v, c) => v !== this.g[c]));
    if (other && this.learn(other, nXY)) this.abortXY = true;
  }

  /**
   * Learns the minimal UA sets inside the cells where `other` differs from the grid (all
   * missed by the clues tried), updating the depth vectors 0..depth. True when one lies
   * inside bands 1+2.
   */
  private learn(other: Uint8Array, depth: number): boolean {
    const g = this.g;
    const [d0, d1, d2] = differingCells(g, other);
    const size = popcount27(d0) + popcount27(d1) + popcount27(d2);
    let inner: CellSetList;
    if (size <= MINIMIZE_UP_TO) inner = enumerateUAs(g, { maxSize: size, fixedWords: [BAND & ~d0, BAND & ~d1, BAND & ~d2] });
    else {
      inner = new CellSetList(4);
      inner.push(d0, d1, d2);
    }
    let inBands12 = false;
    for (let j = 0; j < inner.count; j++) {
      const u0 = inner.words[3 * j];
      const u1 = inner.words[3 * j + 1];
      const u2 = inner.words[3 * j + 2];
      this.stats.learnt++;
      const list = u2 === 0 ? this.prep.two : this.prep.three;
      const i = list.add(u0, u1, u2);
      this.resize();
      // Unhit at every depth up to the first chosen clue inside it.
      let upto = depth;
      for (let t = 0; t < depth; t++) {
        const c = this.chosen[t];
        if (c < 27 ? (u0 >> c) & 1 : (u1 >> (c - 27)) & 1) {
          upto = t;
          break;
        }
      }
      if (u2 === 0 && this.joined) this.freshSets.add(u0, u1, 0);
      else if (u2 === 0) {
        // The newest set has the largest index: its word goes last (or is the last one).
        const w = i >> 5;
        const W = this.W2;
        for (let t = 0; t <= upto; t++) {
          const n = this.v2n[t];
          const at = t * W;
          if (n > 0 && this.v2i[at + n - 1] === w) this.v2b[at + n - 1] |= 1 << (i & 31);
          else {
            this.v2i[at + n] = w;
            this.v2b[at + n] = 1 << (i & 31);
            this.v2n[t] = n + 1;
          }
        }
      } else for (let t = 0; t <= upto; t++) this.v3[t * this.W3 + (i >> 5)] |= 1 << (i & 31);
      if (u2 === 0) inBands12 = true;
      else if (upto === depth) {
        // Missed by XY: its band-3 part joins the current parts.
        if (this.nParts === this.parts.length) {
          const bigger = new Int32Array(2 * this.parts.length);
          bigger.set(this.parts);
          this.parts = bigger;
        }
        this.parts[this.nParts++] = u2;
      }
    }
    return inBands12;
  }
}

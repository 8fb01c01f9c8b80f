/**
 * Exhaustive search of the n-clue puzzles (17 by default) contained in one solution grid, by
 * blue's "bands 1+2, then band 3" method (see the 17-clue search seed).
 *
 * A clue set is a puzzle of the grid when it hits every UA set. Call band 3 the band with the
 * most clues (k of them; the lowest such band on ties) and XY the clues of the two others.
 * With m = ceil(n / 3), the search is split in passes that bound k and the stacks:
 *   A.  some band holds more than m clues (so XY has at most n - m - 1); stacks are not capped;
 *   A'. the same on the transposed grid: some stack holds more than m and no band does (the
 *       bands of the input grid are the stacks of the transposed one: they are capped at m, so
 *       what A found is never searched again);
 *   B.  no band and no stack holds more than m clues: k = m and every stack is capped at m.
 * Each pass runs once per choice of band 3 (moved to rows 7-9) and per k:
 *
 * 1. XY: every set of n - k cells of bands 1+2 (within the band and stack caps) that hits
 *    every known UA set lying in bands 1+2, as blue's X × Y join: per split of the n - k
 *    clues between bands 1 and 2, the valid clue sets of the band with fewer clues (hitting
 *    every UA set inside that band) are listed with the "cross" UA sets (cells in both
 *    bands) each misses; the valid sets of the other band are walked (clueWalk.ts: a
 *    depth-first hitting-set enumeration that branches on the set not hit with the fewest
 *    live cells; cells tried before are excluded further down, so each set comes once; when
 *    all are hit, the clues left are free), and each is joined with the listed sets that
 *    hit every cross set it misses (clueJoin.ts: per cross set, a bit vector of the entries
 *    hitting it, ANDed). A cross set the walk misses and can no longer hit below a node (no
 *    cell of its part is left to add there) is ANDed at that node, once for every set
 *    below, and a node whose AND is empty is cut: no set below has a partner. The node
 *    before the last clue finds the partners of all its last clues at once (the cells that
 *    miss a set AND it together: JoinList.lastClues). A short list (ENTRY_WALKS sets at most)
 *    is joined entry by entry instead: per listed set, a walk of the other band with the
 *    cross sets that set misses among its inner sets, which lists exactly its partners.
 * 2. Band 3. The UA sets meeting band 3 that XY misses are reduced to their band-3 part, a
 *    27-bit word. Among them are the "gangster" UA sets: exchanging digits inside a mini-row
 *    of band 3 changes the digit sets of its columns, so bands 1+2 must change too (the
 *    bands 1+2 part); the pair or triplet of the mini-row is the band-3 part (its "code":
 *    mini-row, which pair or the triplet), shared by many UA sets. A mini-row with missed
 *    pairs needs one clue (two when all three pairs are missed), and parts disjoint from
 *    those and from each other one more each: a bound on the clues band 3 needs (per stack
 *    too when stacks are capped). Its mini-row part comes first, per pair, from 36 words
 *    (the first 32 gangster sets of each code that each side misses, ANDed: the join's
 *    filter, JoinList.pairsPast) and rejects 98% of the pairs; the vector of every band-3
 *    set the XY misses is computed only for the rest, for the whole bound. Then XY must
 *    make bands 1+2 unique with band 3 given (the solver; if not, the difference is learnt,
 *    see 3), and the k-clue sets of band 3 hitting every minimal part are enumerated like
 *    XY, bounded at each node: parts whose live cells are disjoint need a clue each, and the
 *    last clue lies in every part not yet hit.
 * 3. Each full clue set goes to the solver. Whenever the solver finds a second solution, the
 *    cells where it differs contain new UA sets: a large difference is first made smaller
 *    (another solution of the cells outside it that differs on fewer cells), then the minimal
 *    UA sets inside (the set itself when the solver shows it minimal, else a UA enumeration
 *    restricted to those cells) are learnt, into the lists for the tasks after and, inside
 *    bands 1+2, as "fresh" sets checked at each pair of the task, so the neighbourhood is
 *    rejected without the solver from then on.
 *
 * UA sets known at the start: every minimal UA set of at most `maxSize` cells (12), those
 * inside each band and each stack (any size) and, per band 3, those of at most
 * `gangsterSize` cells (16) whose band-3 part lies in one mini-row or is empty: the gangster
 * UA sets and the UA sets of bands 1+2 (gangster.ts: chains of moves in bands 1+2 per
 * permutation of a band-3 mini-row).
 */
import { solve, type SolveResult } from '../core/solve';
import type { Budget } from '../core/budget';
import { BAND_BITS, CellSetList, STACK_MASK, candidatesWithGivens, cellSetOf, cellsOfWords, differingCells, popcount27, sizeOfWords, solutionDigits, type CellSet } from './cells';
import { CODES, JoinList } from './clueJoin';
import { fewestClues, partnerInner, walkBand } from './clueWalk';
import { enumerateUAs, minimalSorted } from './enumerate';
import { gangsterUAs } from './gangster';
import { leafKernel } from './wasmLeaf';
import { transposeGrid } from './symmetry';

export interface ClueSearchOptions {
  /** Clues per puzzle (default 17). */
  clues?: number;
  /** Size bound of the UA sets enumerated up front (default 12). */
  maxSize?: number;
  /** Size bound of the gangster UA sets of band 3 (default 16). */
  gangsterSize?: number;
  /**
   * Cut the walked side of the join where no listed entry can be a partner any more (default
   * true; false walks every valid set, the same puzzles slower: for comparisons).
   */
  pruneWalk?: boolean;
  /**
   * A split whose listed band has at most this many clue sets is joined entry by entry, without
   * the join's vectors (default ENTRY_WALKS; 0: never; the same pairs: for comparisons).
   */
  entryWalks?: number;
  budget?: Budget;
  /** Called now and then with work done / total work (both in tasks: pass x band 3 x k). */
  onProgress?: (done: number, total: number) => void;
}

export interface ClueSearchResult {
  /** The n-clue puzzles with one solution, as 81-char strings, sorted. */
  puzzles: string[];
  stats: {
    /** X × Y pairs: bands 1+2 clue sets hitting every known UA set inside bands 1+2, within the stack caps. */
    pairs: number;
    /** The pairs past the mini-row part of the band-3 bound (the gangster sets by code): the XY leaves. */
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
/**
 * Lists of at most this many clue sets are joined entry by entry (TaskRun.byEntry). Measured on
 * the bench grids (each split's join replayed both ways): the walks per entry cost less up to
 * lists of about 40 entries (a list of 3: 1 ms against 14–21), from about 60 the join does.
 */
const ENTRY_WALKS = 48;
/**
 * Learnt difference sets up to this size are reduced to the minimal UA sets inside (a small
 * restricted enumeration, unless the set is minimal already); larger ones, costly to enumerate,
 * are only made smaller while a listed solution allows (smallestDifference), then learnt (still
 * UA sets, maybe weaker). Measured: the best trade-off of the sizes tried (0, 20, all).
 */
const MINIMIZE_UP_TO = 20;
const stackOfBit = (b: number): number => ((b % 9) / 3) | 0;
/** The solutions isMinimalUA lists at once before it tests a set cell by cell (fewer: all of them). */
const MINIMAL_LIMIT = 32;

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
  /** Most clues per stack (the clue count: no cap). */
  stackCap: number;
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

/** What a task of the search owns: the puzzles whose clues fall so (see clueTasks). */
export interface ClueTaskShape {
  /** Whether the grid searched is the transposed one (its bands are the input's stacks). */
  transposed: boolean;
  /** The searched grid's band moved to the bottom (band 3). */
  t3: number;
  /** Clues in band 3. */
  k: number;
  /** Most clues in the other two bands, in order. */
  cap1: number;
  cap2: number;
  /** Most clues per stack of the searched grid: `n` where there is no cap. */
  stackCap: number;
}

/**
 * The search's tasks for `n`-clue puzzles, in the order they run. With m = ceil(n / 3), every
 * puzzle belongs to exactly one: pass A (a band of more than m clues: band 3 is the lowest band
 * with the most clues; stacks not capped), pass A' (no band over m, a stack over m: the same on
 * the transposed grid, whose stacks are the input's bands, capped at m), pass B (no band or stack
 * over m: band 3 the lowest band with m clues). Pass B runs last: it is the largest, and it
 * profits from the UA sets learnt before.
 */
export function clueTasks(n: number): ClueTaskShape[] {
  const m = Math.ceil(n / 3);
  const tasks: ClueTaskShape[] = [];
  const passB: ClueTaskShape[] = [];
  for (const transposed of [false, true]) {
    for (let t3 = 0; t3 < 3; t3++) {
      const lower = [0, 1, 2].filter((b) => b !== t3);
      // Ties: band 3 is the lowest band with the most clues.
      const capOf = (b: number, k: number): number => (b < t3 ? k - 1 : k);
      const push = (list: ClueTaskShape[], k: number, stackCap: number): void => {
        const rest = n - k;
        const cap1 = Math.min(capOf(lower[0], k), rest);
        const cap2 = Math.min(capOf(lower[1], k), rest);
        if (cap1 + cap2 < rest) return;
        list.push({ transposed, t3, k, cap1, cap2, stackCap });
      };
      for (let k = m + 1; k <= n; k++) push(tasks, k, transposed ? m : n); // passes A, A'
      if (!transposed) push(passB, m, m); // pass B
    }
  }
  return tasks.concat(passB);
}

/** All puzzles of `clues` clues (default 17) with one solution whose solution is `solution`. */
export function searchClues(solution: string | ArrayLike<number>, options: ClueSearchOptions = {}): ClueSearchResult {
  const t0 = performance.now();
  const S = solutionDigits(solution);
  const n = options.clues ?? 17;
  if (!(Number.isInteger(n) && n >= 8 && n <= 40)) throw new Error(`clues: expected an integer in 8..40, got ${n}`);
  const found = new Set<string>();
  const stats = { pairs: 0, xy: 0, band3: 0, solverCalls: 0, learnt: 0, uaSets: 0, ms: 0 };

  const grids = new Map<string, ReturnType<typeof bandToBottom>>();
  const tasks: Task[] = clueTasks(n).map((t) => {
    const id = `${t.transposed} ${t.t3}`;
    let placed = grids.get(id);
    if (!placed) {
      placed = bandToBottom(t.transposed ? transposeGrid(S) : S, t.t3, t.transposed);
      grids.set(id, placed);
    }
    const { grid, back, order } = placed;
    return { grid, back, clues: n, k: t.k, cap1: t.cap1, cap2: t.cap2, stackCap: t.stackCap, transposed: t.transposed, order };
  });

  const cache = new Map<string, Prepared>();
  const shared = new Map<boolean, CellSetList>();
  for (let ti = 0; ti < tasks.length; ti++) {
    const task = tasks[ti];
    const key = task.grid.join('');
    let prep = cache.get(key);
    if (!prep) {
      let common = shared.get(task.transposed);
      if (!common) {
        // The other orientation's sets, transposed, are this one's: the bands and stacks trade places.
        const other = shared.get(!task.transposed);
        common = other ? transposedSets(other) : bandFreeUAs(task.transposed ? transposeGrid(S) : S, options.maxSize ?? 12, options.budget);
        shared.set(task.transposed, common);
      }
      prep = prepare(task.grid, task.order, common, options.gangsterSize ?? 16, options.budget);
      stats.uaSets += prep.two.count + prep.three.count;
      cache.set(key, prep);
    }
    // Most tasks of passes A and A' (k >= 8: 30 a pass) have no split whose bands can hold
    // their inner sets: skipped before a TaskRun is made.
    const fewest = fewestOf(prep, task.stackCap, options.budget);
    const [from, to] = splitRange(n - task.k, task.cap1, task.cap2, fewest[0], fewest[1]);
    if (from > to) continue;
    const progress = (f: number): void => options.onProgress?.(ti + f, tasks.length);
    new TaskRun(task, prep, found, stats, options.budget, options.pruneWalk ?? true, options.entryWalks ?? ENTRY_WALKS, progress).run(from, to);
  }
  options.onProgress?.(tasks.length, tasks.length);
  stats.ms = performance.now() - t0;
  return { puzzles: [...found].sort(), stats };
}

// ---------------------------------------------------------------------------
// UA sets with hit vectors
// ---------------------------------------------------------------------------

/** UA sets (three words each) and, per cell of bands 1+2, the vector of those it hits. */
export class UAVectors {
  count = 0;
  /** Vector length in 32-bit words (capacity 32 * W sets). */
  W = 0;
  sets = new Int32Array(0);
  /** hit[c * W + w]: sets that cell c (0..53) hits. */
  hit = new Int32Array(0);
  /** Per set: 4 * mini-row + (0..2: which pair of its cells, 3: all three) when the band-3 part is that; else -1. */
  mini = new Int8Array(0);
  /**
   * Per set: the codes (as above) whose cells its band-3 part contains, bit `code` (mini-rows
   * 0..7, `inLo`) and bit `code - 32` (mini-row 8, `inHi`): a leaf tells at once whether a
   * missed mini-row part lies inside it.
   */
  inLo = new Int32Array(0);
  inHi = new Int8Array(0);

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
      const inLo = new Int32Array(32 * W);
      inLo.set(this.inLo);
      const inHi = new Int8Array(32 * W);
      inHi.set(this.inHi);
      this.hit = hit;
      this.sets = sets;
      this.mini = mini;
      this.inLo = inLo;
      this.inHi = inHi;
      this.W = W;
    }
    this.sets[3 * i] = w0;
    this.sets[3 * i + 1] = w1;
    this.sets[3 * i + 2] = w2;
    this.mini[i] = miniCode(w2);
    let lo = 0;
    for (let r = 0; r < 8; r++) lo |= MINI_INSIDE[(w2 >> (9 * ((r / 3) | 0) + 3 * (r % 3))) & 7] << (4 * r);
    this.inLo[i] = lo;
    this.inHi[i] = MINI_INSIDE[(w2 >> 24) & 7];
    const W = this.W;
    for (const c of cellsOfWords(w0, w1, 0)) this.hit[c * W + (i >> 5)] |= 1 << (i & 31);
    this.count++;
    return i;
  }
}

/** MINI_PAIR[3-bit cells of a mini-row]: 0..2 for a pair, 3 for the triplet, -1 otherwise. */
const MINI_PAIR = [-1, -1, -1, 0, -1, 1, 2, 3];
/** MINI_INSIDE[3-bit cells of a mini-row]: the kinds (bit 0..2 a pair, bit 3 the triplet) whose cells lie among them. */
const MINI_INSIDE = [0, 0, 0, 1, 0, 2, 4, 15];

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

/**
 * Of the solutions of grid `g`'s cells outside the difference set d (the cells where another
 * solution differs from g), the one that differs from g on the fewest cells, as its difference
 * set: d itself when d is minimal (no solution differs on part of it only), a smaller set inside d
 * otherwise. Undefined when they are not all listed (`limit` or more, or the node budget).
 */
export function smallestDifference(g: Uint8Array, d: CellSet, limit = MINIMAL_LIMIT): CellSet | undefined {
  const all = solve(candidatesWithGivens(g, BAND_BITS & ~d[0], BAND_BITS & ~d[1], BAND_BITS & ~d[2]), { limit, nodeBudget: NODE_BUDGET });
  if (!all.complete || all.count >= limit) return undefined;
  let best = d;
  let bestSize = sizeOfWords(d[0], d[1], d[2]);
  for (const s of all.solutions) {
    const diff = differingCells(g, s);
    const size = sizeOfWords(diff[0], diff[1], diff[2]);
    if (size > 0 && size < bestSize) {
      best = diff;
      bestSize = size;
    }
  }
  return best;
}

/**
 * Whether the difference set (d0, d1, d2) of grid `g` is a minimal UA set: read off the solutions
 * outside it when they are few (smallestDifference); else, per cell c of the set, a UA set lies
 * inside it less c when the cells outside it and c, given, still have another solution (each such
 * puzzle has all but a few cells given, so its solver call is quick). An undecided call (node
 * budget) counts as not minimal.
 */
export function isMinimalUA(g: Uint8Array, d0: number, d1: number, d2: number, limit = MINIMAL_LIMIT): boolean {
  const smallest = smallestDifference(g, [d0, d1, d2], limit);
  if (smallest) return smallest[0] === d0 && smallest[1] === d1 && smallest[2] === d2;
  const cands = candidatesWithGivens(g, BAND_BITS & ~d0, BAND_BITS & ~d1, BAND_BITS & ~d2);
  const words = [d0, d1, d2];
  for (let b = 0; b < 3; b++) {
    for (let m = words[b]; m !== 0; m &= m - 1) {
      const c = 27 * b + 31 - Math.clz32(m & -m);
      cands[c] = 1 << (g[c] - 1);
      const r = solve(cands, { limit: 2, nodeBudget: NODE_BUDGET });
      cands[c] = 0x1ff;
      if (r.count !== 1 || !r.complete) return false;
    }
  }
  return true;
}

/**
 * The UA sets learnt from the difference set d of grid `g` (the cells where another solution
 * differs): d made smaller, a solver call a step, while a solution differs on fewer of its cells
 * (smaller sets learnt prune more: learnt -27% and pairs -6% on the first bench grid), then its
 * minimal UA sets when it is not one, by the enumeration up to MINIMIZE_UP_TO cells.
 *
 * When smallestDifference lists every solution outside a set, the smallest difference it returns
 * is a minimal UA set: a UA set strictly inside it would leave a solution differing on its cells
 * only, fewer, listed too. So a set it returned is not asked again (isMinimalUA would list a
 * subset of the same solutions and say yes): a quarter of the search's smallestDifference calls.
 */
export function minimalInside(g: Uint8Array, d: CellSet): CellSetList {
  let size = sizeOfWords(d[0], d[1], d[2]);
  let minimal = false;
  while (!minimal && size > MINIMIZE_UP_TO) {
    const smallest = smallestDifference(g, d);
    if (!smallest) break;
    d = smallest;
    size = sizeOfWords(d[0], d[1], d[2]);
    minimal = true;
  }
  const [d0, d1, d2] = d;
  // Almost every difference is a minimal UA set already (18.3 K of the 18.4 K learnt on the first
  // bench grid): a solver call per cell tells so for a fraction of the enumeration's cost.
  if (!minimal && size <= MINIMIZE_UP_TO && !isMinimalUA(g, d0, d1, d2)) return enumerateUAs(g, { maxSize: size, fixedWords: [BAND_BITS & ~d0, BAND_BITS & ~d1, BAND_BITS & ~d2] });
  const inner = new CellSetList(4);
  inner.push(d0, d1, d2);
  return inner;
}

interface Prepared {
  grid: Uint8Array;
  /** UA sets inside bands 1+2 (smallest first, then as learnt). */
  two: UAVectors;
  /** UA sets meeting band 3. */
  three: UAVectors;
  /** Per stack cap: bands 1 and 2's fewest clues (fewestClues) while `two` held `count` sets. */
  fewest: Map<number, { count: number; band1: number; band2: number }>;
}

/** The UA sets of `two` inside band 1 and inside band 2 (their one nonzero word), and the others' indices. */
function splitTwo(two: UAVectors): { inner: number[][]; cross: number[] } {
  const inner: number[][] = [[], []];
  const cross: number[] = [];
  for (let i = 0; i < two.count; i++) {
    const w0 = two.sets[3 * i];
    const w1 = two.sets[3 * i + 1];
    if (w1 === 0) inner[0].push(w0);
    else if (w0 === 0) inner[1].push(w1);
    else cross.push(i);
  }
  return { inner, cross };
}

/**
 * Bands 1 and 2's fewest clues under `stackCap`, counted again only when `two` has grown
 * since (sets learnt in a task are added to it): the same 30 tasks of a pass share a grid.
 */
function fewestOf(prep: Prepared, stackCap: number, budget?: Budget): [number, number] {
  let f = prep.fewest.get(stackCap);
  if (f === undefined || f.count !== prep.two.count) {
    const { inner } = splitTwo(prep.two);
    let nodes = 0;
    const tick = (): void => {
      if ((++nodes & 4095) === 0) budget?.check();
    };
    f = { count: prep.two.count, band1: fewestClues(inner[0], stackCap, tick), band2: fewestClues(inner[1], stackCap, tick) };
    prep.fewest.set(stackCap, f);
  }
  return [f.band1, f.band2];
}

/**
 * The splits of `target` clues over bands 1+2 (x in band 1, at most cap1; the rest in band 2,
 * at most cap2) in which each band can hold its inner sets (at least fewest1 / fewest2 clues):
 * x from `from` to `to`, none when from > to. A band given fewer clues than its inner sets
 * need lists nothing, so no pair lies outside these splits.
 */
export function splitRange(target: number, cap1: number, cap2: number, fewest1: number, fewest2: number): [number, number] {
  return [Math.max(0, target - cap2, fewest1), Math.min(cap1, target, target - fewest2)];
}

function appendSets(all: CellSetList, l: CellSetList): void {
  for (let i = 0; i < l.count; i++) all.push(l.words[3 * i], l.words[3 * i + 1], l.words[3 * i + 2]);
}

/**
 * The UA sets of a grid that do not depend on which band is band 3: every minimal one of at
 * most `maxSize` cells and those inside each band and each stack (any size). Moving the
 * bands permutes the three words of each set, so they are enumerated once per orientation.
 */
export function bandFreeUAs(grid: Uint8Array, maxSize: number, budget?: Budget): CellSetList {
  const all = new CellSetList(1024);
  const add = (l: CellSetList): void => appendSets(all, l);
  add(enumerateUAs(grid, { maxSize, budget }));
  for (let b = 0; b < 3; b++) {
    const fixed: CellSet = [BAND_BITS, BAND_BITS, BAND_BITS];
    fixed[b] = 0;
    add(enumerateUAs(grid, { maxSize: 27, fixedWords: fixed, budget }));
    const stack = STACK_MASK[b];
    add(enumerateUAs(grid, { maxSize: 27, fixedWords: [BAND_BITS & ~stack, BAND_BITS & ~stack, BAND_BITS & ~stack], budget }));
  }
  return all;
}

/** Every set of `list` transposed (cell 9r + c to 9c + r), in the same order. */
export function transposedSets(list: CellSetList): CellSetList {
  const out = new CellSetList(list.count);
  for (let i = 0; i < list.count; i++) out.push(...cellSetOf(list.cells(i).map((c) => 9 * (c % 9) + ((c / 9) | 0))));
  return out;
}

/** The UA vectors of `grid` (the grid of `common` with its bands in `order`). */
function prepare(grid: Uint8Array, order: number[], common: CellSetList, gangsterSize: number, budget?: Budget): Prepared {
  const all = new CellSetList(1024);
  const w = common.words;
  for (let i = 0; i < common.count; i++) all.push(w[3 * i + order[0]], w[3 * i + order[1]], w[3 * i + order[2]]);
  // Gangster UA sets of band 3 (band-3 part inside one mini-row) and UA sets of bands 1+2.
  appendSets(all, gangsterUAs(grid, gangsterSize, budget));
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
  return { grid, two, three, fewest: new Map() };
}

/**
 * The XY leaf's check: the solver on bands 1+2 with band 3 and the XY clues given. The candidate
 * state with band 3 given is built once a task; a check writes its clues in and takes them out
 * after its call (building the 81 candidates a call took 1.3 µs of the check's ~6).
 */
export class Bands12Check {
  private readonly cands: Uint16Array;

  /** grid: band 3 in rows 6-8. */
  constructor(private readonly grid: Uint8Array) {
    this.cands = candidatesWithGivens(grid, 0, 0, BAND_BITS);
  }

  /** Up to two solutions with the clues cells[0..n-1] (cells of bands 1+2) given too. */
  solve(cells: Int32Array, n: number): SolveResult {
    const cands = this.cands;
    for (let i = 0; i < n; i++) cands[cells[i]] = 1 << (this.grid[cells[i]] - 1);
    const r = solve(cands, { limit: 2, nodeBudget: NODE_BUDGET });
    for (let i = 0; i < n; i++) cands[cells[i]] = 0x1ff;
    return r;
  }
}

// ---------------------------------------------------------------------------
// One task: a grid (band 3 at the bottom), k, caps
// ---------------------------------------------------------------------------

class TaskRun {
  private readonly g: Uint8Array;
  private readonly target: number;
  private readonly chosen = new Int32Array(81);
  private readonly stackCount = new Int32Array(3);
  private nodes = 0;
  /** Set when a learnt UA set inside bands 1+2 shows the current XY fails. */
  private abortXY = false;
  // Band 3 state: the minimal parts to hit (the leaf kernel's, or a copy grown by learning), clues placed.
  private parts: Int32Array = new Int32Array(0);
  private nParts = 0;
  private readonly clues3 = new Int32Array(27);
  /** The leaf's band-3 work before band 3: the sets it misses, their bound, their minimal parts. */
  private readonly leafKernel = leafKernel();
  private readonly bands12: Bands12Check;

  constructor(
    private readonly task: Task,
    private readonly prep: Prepared,
    private readonly found: Set<string>,
    private readonly stats: ClueSearchResult['stats'],
    private readonly budget: Budget | undefined,
    private readonly prune: boolean,
    private readonly entryWalks: number,
    private readonly progress: (fraction: number) => void,
  ) {
    this.g = task.grid;
    this.target = task.clues - task.k;
    this.bands12 = new Bands12Check(this.g);
  }

  // -------------------------------------------------------------------------
  // The X × Y join: bands 1+2 as a band-1 list joined with a band-2 list
  // -------------------------------------------------------------------------

  /** The bands 1+2 sets learnt during the task (also in `two`, for the tasks after): checked at the join's leaves. */
  private readonly freshSets = new UAVectors();
  /** Per cell of bands 1+2 (c * CW): the cross sets it hits, in the join's order. */
  private crossHit = new Int32Array(0);
  private CW = 0;
  /** Per depth of a band walk: cross sets missed (d * CW). */
  private jx: Int32Array = new Int32Array(0);
  private partnersOut = new Int32Array(0);
  /**
   * The last clues' partners, found together at their parent node (JoinList.lastClues): per
   * cell of the walked band, where its partners start in partnersOut and how many.
   */
  private readonly lastStart = new Int32Array(27);
  private readonly lastCount = new Int32Array(27);
  /** Clues of the walked set (its band), the one at depth d cellAt[d]. */
  private readonly cellAt = new Int32Array(27);
  /** Clues per walked set. */
  private walkedSize = 0;
  /**
   * Per depth of the walked side (d * CW): the cross sets it can no longer hit, closed above
   * depth d (so the partner must hit them; JoinList.walkClosed, as jx is the list's while the
   * walked side walks); and the cells the node at depth d may still add.
   */
  private closed: Int32Array = new Int32Array(0);
  private readonly availAt = new Int32Array(28);
  /** Scratch for `pairs`: the cross sets a walked set misses and that were not closed above it. */
  private closing = new Int32Array(0);
  /**
   * Band-2 parts (or band-1: the stored side's) of the fresh sets the walked side misses, the
   * first nFresh. A typed array kept across walked sets: an array emptied by `length = 0` drops its
   * store and grew it again for each walked set with partners (a quarter of a search's allocations).
   */
  private fresh = new Int32Array(64);
  private nFresh = 0;
  /**
   * The gangster sets by band-3 code (4 * mini-row + pair 0..2 / triplet 3; the first 32 of
   * each code): per cell, the bits of those it hits (c * CODES); per depth of a walk and per
   * listed entry, those missed. A code is missed by a pair when one of its sets is missed by
   * both sides: 36 ANDs give the mini-row part of the band-3 bound, which alone rejects
   * 99% of the pairs the full bound rejects.
   */
  private codeHit = new Int32Array(54 * CODES);
  private jm = new Int32Array(0);
  /** A walked set's partners past the list's first filter (JoinList.pairsPast). */
  private pass = new Int32Array(0);

  /**
   * Bands 1+2 per split (x clues in band 1, y in band 2): the valid y-clue sets of one band
   * (hitting the UA sets inside it) are listed with the cross UA sets each misses and its
   * code words; the valid sets of the other band are walked, and each is joined with
   * the listed sets that hit every cross set it misses (JoinList). The pair is an XY leaf.
   * The list is the band with fewer clues (fewer sets); the other is never stored.
   */
  run(from: number, to: number): void {
    const { two, three } = this.prep;
    const { inner, cross } = splitTwo(two);
    this.codeHit.fill(0);
    const perCode = new Int32Array(CODES);
    for (let i = 0; i < three.count; i++) {
      const code = three.mini[i];
      if (code < 0 || perCode[code] === 32) continue;
      const bit = 1 << perCode[code]++;
      for (const c of cellsOfWords(three.sets[3 * i], three.sets[3 * i + 1], 0)) this.codeHit[c * CODES + code] |= bit;
    }
    const codeFull = Array.from(perCode, (n) => (n === 32 ? -1 : (1 << n) - 1));
    this.progress(0);
    for (let x = from; x <= to; x++) {
      this.split(x, this.target - x, inner, cross, codeFull);
      this.progress((x - from + 1) / (to - from + 1));
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
      list.add(cells, this.jx, d * CW, this.jm, d * CODES);
    });
    if (list.count === 0) return;
    // Room for every group of last clues of a node (at most 27, each emitting at most every entry).
    if (this.partnersOut.length < 27 * list.count) this.partnersOut = new Int32Array(27 * list.count);
    if (this.pass.length < list.count) this.pass = new Int32Array(list.count);
    if (list.count <= this.entryWalks) {
      const crossListed = order.map((i) => sets[3 * i + listed]);
      const crossWalked = order.map((i) => sets[3 * i + walked]);
      this.byEntry(walked, walked === 0 ? x : y, inner[walked], crossListed, crossWalked, list);
      return;
    }
    list.seal();
    this.walkedSize = walked === 0 ? x : y;
    // The walked side's vectors live in the list from here (in the kernel's memory when it runs).
    list.walkPart.set(order.map((i) => sets[3 * i + walked]));
    list.walkCross.set(this.crossHit.subarray(27 * walked * CW, 27 * (walked + 1) * CW));
    list.walkMissed.set(this.jx.subarray(0, CW));
    list.walkClosed.fill(0, 0, CW);
    this.jx = list.walkMissed;
    this.closed = list.walkClosed;
    this.closing = new Int32Array(Math.max(1, CW));
    try {
      this.walk(
        walked,
        walked === 0 ? x : y,
        inner[walked],
        (d, cells) => this.pairs(walked, d, cells, list),
        this.prune ? (d, avail) => this.close(d, avail, list) : undefined,
      );
    } finally {
      list.release();
    }
  }

  /**
   * A short list joined entry by entry: per listed set, the walked band's walk with the walked
   * parts of the cross sets that set misses among its inner sets lists exactly its partners
   * (partnerInner), so the list is not turned around and no node is closed. The join walks the
   * whole band whatever the list (a list of 3 entries in pass A: 7-clue walks of 20 K nodes and
   * more), a walk per entry only that entry's partners.
   */
  private byEntry(walked: number, size: number, inner: number[], crossListed: number[], crossWalked: number[], list: JoinList): void {
    const out = this.partnersOut;
    const cap = this.task.stackCap;
    const codes = list.walkCodes;
    for (let e = 0; e < list.count; e++) {
      walkBand({
        size,
        inner: partnerInner(inner, crossListed, crossWalked, list.cells[e]),
        stackCap: cap,
        step: (d, c) => this.stepCodes(d, 27 * walked + c),
        leaf: (d, cells) => {
          for (let w = 0; w < CODES; w++) codes[w] = this.jm[d * CODES + w];
          out[0] = e;
          const passed = list.pairsPast(out, 0, 1, cells, cap, this.task.k, this.pass);
          this.stats.pairs += list.fitted;
          this.leaves(walked, cells, list, passed);
        },
        tick: this.tick,
      });
    }
  }

  /**
   * The walked side's node at depth d, which may still add the cells `avail`: the sets it can
   * no longer hit close and narrow the list's level d into d + 1 (JoinList.close, given the
   * cells the parent could add and this node cannot). False when no entry is left: the
   * subtree is cut.
   */
  private close(d: number, avail: number, list: JoinList): boolean {
    const left = (d === 0 ? BAND_BITS : this.availAt[d - 1]) & ~avail;
    this.availAt[d] = avail;
    if (!list.close(d, avail, left)) return false;
    // The node before the last clue: every last clue's partners at once.
    if (d === this.walkedSize - 1) list.walkLastClues(d, avail, this.partnersOut, this.lastStart, this.lastCount);
    return true;
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
        if (this.nFresh === this.fresh.length) {
          const bigger = new Int32Array(2 * this.fresh.length);
          bigger.set(this.fresh);
          this.fresh = bigger;
        }
        this.fresh[this.nFresh++] = part;
      }
    }
    return true;
  }

  /** A walked set (depth d, band word `cells`) joined with its partners in `list`: the XY leaves. */
  private pairs(walked: number, d: number, cells: number, list: JoinList): void {
    const out = this.partnersOut;
    // The partners hit the sets closed above (level d, or none when the walk is not cut) and
    // the others this set misses.
    let first = 0;
    let n: number;
    // The codes whose sets this side misses (only those can be missed by a pair), for the list's filter.
    const codes = list.walkCodes;
    if (this.prune && d > 0) {
      // Found at the parent, with its other last clues.
      const c = this.cellAt[d - 1];
      first = this.lastStart[c];
      n = first + this.lastCount[c];
      if (n === first) return;
      for (let w = 0, a = (d - 1) * CODES, h = (27 * walked + c) * CODES; w < CODES; w++) codes[w] = this.jm[a + w] & ~this.codeHit[h + w];
    } else {
      const CW = this.CW;
      const a = d * CW;
      for (let w = 0; w < CW; w++) this.closing[w] = this.jx[a + w] & ~this.closed[a + w];
      n = list.partners(this.prune ? d : 0, this.closing, 0, out);
      if (n === 0) return;
      for (let w = 0; w < CODES; w++) codes[w] = this.jm[d * CODES + w];
    }
    const passed = list.pairsPast(out, first, n, cells, this.task.stackCap, this.task.k, this.pass);
    this.stats.pairs += list.fitted;
    this.leaves(walked, cells, list, passed);
  }

  /**
   * A walked set (band word `cells`) with its partners past the list's filter (pass[0..passed-1]):
   * those that also hit the fresh sets are the XY leaves.
   */
  private leaves(walked: number, cells: number, list: JoinList, passed: number): void {
    const fv = this.freshSets;
    let known = -1;
    const ws0 = popcount27(cells & STACK_MASK[0]);
    const ws1 = popcount27(cells & STACK_MASK[1]);
    const ws2 = popcount27(cells & STACK_MASK[2]);
    const w0 = walked * 27;
    const w1 = 27 - w0;
    for (let j = 0; j < passed; j++) {
      const other = list.cells[this.pass[j]];
      if (known < 0) {
        this.nFresh = 0;
        if (!this.freshParts(walked, cells, 0)) return;
        known = fv.count;
      } else if (fv.count !== known) {
        if (!this.freshParts(walked, cells, known)) return;
        known = fv.count;
      }
      let hit = true;
      for (let f = 0; f < this.nFresh && hit; f++) hit = (this.fresh[f] & other) !== 0;
      if (!hit) continue;
      let t = 0;
      for (let m = cells; m !== 0; m &= m - 1) this.chosen[t++] = w0 + 31 - Math.clz32(m & -m);
      for (let m = other; m !== 0; m &= m - 1) this.chosen[t++] = w1 + 31 - Math.clz32(m & -m);
      this.stackCount[0] = ws0 + popcount27(other & STACK_MASK[0]);
      this.stackCount[1] = ws1 + popcount27(other & STACK_MASK[1]);
      this.stackCount[2] = ws2 + popcount27(other & STACK_MASK[2]);
      this.leaf(this.target);
    }
  }

  /**
   * The walk (clueWalk.ts) of the `size`-clue sets of band `band`: the cross and band-3 code
   * vectors follow, per depth (jx, jm).
   */
  private walk(band: number, size: number, inner: number[], leaf: (d: number, cells: number) => void, open?: (d: number, avail: number) => boolean): void {
    walkBand({
      size,
      inner,
      stackCap: this.task.stackCap,
      step: (d, c) => {
        this.cellAt[d] = c;
        // With the walk cut, a walked set's vectors are left to pairs(), which needs only its
        // code words, and only when it has partners (most have none).
        if (open && d === size - 1) return;
        const CW = this.CW;
        const cell = 27 * band + c;
        for (let w = 0, a = d * CW, h = cell * CW; w < CW; w++) this.jx[a + CW + w] = this.jx[a + w] & ~this.crossHit[h + w];
        this.stepCodes(d, cell);
      },
      leaf,
      open: open && ((d, _cells, avail) => open(d, avail)),
      tick: this.tick,
    });
  }

  /** The band-3 codes missed at depth d + 1 of a walk: those missed at depth d less those cell (0..53) hits. */
  private stepCodes(d: number, cell: number): void {
    for (let w = 0, a = d * CODES, h = cell * CODES; w < CODES; w++) this.jm[a + CODES + w] = this.jm[a + w] & ~this.codeHit[h + w];
  }

  /** A walk node: the budget is checked every 4096. */
  private readonly tick = (): void => {
    if ((++this.nodes & 4095) === 0) this.budget?.check();
  };

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

  /** XY complete (depth = target): band 3. */
  private leaf(d: number): void {
    this.stats.xy++;
    const cap = this.task.stackCap;
    const sc = this.stackCount;
    if (!this.leafKernel.bound(this.prep.three, this.chosen, d, this.task.k, cap - sc[0], cap - sc[1], cap - sc[2])) return;
    // Bands 1+2 must be unique with band 3 given; if not, learn why.
    this.stats.solverCalls++;
    const r = this.bands12.solve(this.chosen, d);
    if (r.count !== 1) {
      const other = r.solutions.find((s) => s.some((v, c) => v !== this.g[c]));
      if (other) this.learn(other);
      return;
    }
    // The parts only now: a leaf that fails the check learns in bands 1+2 (band 3 is given to
    // the solver) and never reads them (22-29% of the leaves past the bound, fifteenth round).
    this.nParts = this.leafKernel.sieve();
    this.parts = this.leafKernel.parts;
    this.stats.band3++;
    // Band 3 has no clue set to try for most leaves (97% on grid 1): a kernel that can tell them spares the walk.
    if (this.leafKernel.mayComplete && !this.leafKernel.mayComplete(this.nParts, this.task.k, cap - sc[0], cap - sc[1], cap - sc[2])) return;
    this.abortXY = false;
    this.band3(d, 0, 0, 0, cap - sc[0], cap - sc[1], cap - sc[2]);
    this.abortXY = false;
  }

  /** Band 3: k clues hitting every part, within the stack rooms. */
  private band3(nXY: number, n3: number, dead: number, have: number, r0: number, r1: number, r2: number): void {
    if (this.abortXY) return;
    if ((++this.nodes & 4095) === 0) this.budget?.check();
    const left = this.task.k - n3;
    let pick = -1;
    let best = 99;
    // With one clue left, it must lie in every part not hit yet: their live cells' intersection.
    let inter = BAND_BITS;
    let union = 0;
    let disjoint = 0;
    for (let i = 0; i < this.nParts; i++) {
      const p = this.parts[i];
      if (p & have) continue;
      if (left === 0) return;
      let live = p & ~dead;
      if (r0 === 0) live &= ~STACK_MASK[0];
      if (r1 === 0) live &= ~STACK_MASK[1];
      if (r2 === 0) live &= ~STACK_MASK[2];
      if (live === 0) return;
      if (left === 1) {
        if ((inter &= live) === 0) return;
        pick = i;
        continue;
      }
      // Parts whose live cells are disjoint need a clue each (greedy, a lower bound).
      if ((live & union) === 0) {
        union |= live;
        if (++disjoint > left) return;
      }
      const cnt = popcount27(live);
      if (cnt < best) {
        best = cnt;
        pick = i;
        if (cnt === 1) break;
      }
    }
    if (pick < 0) {
      if (left === 0) this.full(nXY, n3);
      else this.freeBand3(nXY, n3, dead, have, r0, r1, r2, 0);
      return;
    }
    let cand = left === 1 ? inter : this.parts[pick] & ~dead;
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
      const digits = new Array<string>(81).fill('.');
      for (let i = 0; i < src.length; i++) digits[cells[i]] = String(this.g[src[i]]);
      this.found.add(digits.join(''));
      return;
    }
    const other = r.solutions.find((s) => s.some((v, c) => v !== this.g[c]));
    if (other && this.learn(other)) this.abortXY = true;
  }

  /**
   * Learns the minimal UA sets inside the cells where `other` differs from the grid (all
   * missed by the clues tried): into the lists (for the tasks after), the fresh sets or the
   * current band-3 parts. True when one lies inside bands 1+2 (the current XY fails).
   */
  private learn(other: Uint8Array): boolean {
    const inner = minimalInside(this.g, differingCells(this.g, other));
    let inBands12 = false;
    for (let j = 0; j < inner.count; j++) {
      const u0 = inner.words[3 * j];
      const u1 = inner.words[3 * j + 1];
      const u2 = inner.words[3 * j + 2];
      this.stats.learnt++;
      (u2 === 0 ? this.prep.two : this.prep.three).add(u0, u1, u2);
      if (u2 === 0) {
        this.freshSets.add(u0, u1, 0);
        inBands12 = true;
      } else {
        // Missed by XY (the clues keep their digits): its band-3 part joins the current parts.
        if (this.nParts === this.parts.length) {
          const bigger = new Int32Array(Math.max(16, 2 * this.parts.length));
          bigger.set(this.parts);
          this.parts = bigger;
        }
        this.parts[this.nParts++] = u2;
      }
    }
    return inBands12;
  }
}

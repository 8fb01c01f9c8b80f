/**
 * The outer start's runs, lent to nested dynamic searches (level 4's pauses) where a run is
 * the same on their grid.
 *
 * A nested dynamic search runs on a grid G' that is the outer start G0 less the removals made
 * since (RemovedSince). A run without a level is a sequence of steps, each taking a node from
 * its queues: an on node turns off the other values of its cell and its digit in its houses,
 * and an off node is removed from the grid and turns on what it leaves alone in its cell (two
 * values before it went) or in one of its houses for its digit (one place after). A step reads
 * only its node's cell and three house/digits, and while no removal since G0 was reached the
 * lost candidates are still there on G0's run's grid, so the step gives the same nodes on G'
 * unless: the node is on and a removal is in its cell or a house of its digit (G0's step lists
 * it); or the node is off and its cell lost r values and had 2 or 2 + r values on G0's run, or
 * one of its houses lost places of its digit and is left with one place on either grid. When no
 * step of G0's run from a start is such, the run on G' is G0's node for node: the same order,
 * first parents, depths, causes and contradiction (a lost candidate is only ever reached
 * through such a step). Then the search borrows G0's run instead of propagating its own:
 * 28% of the nested runs' nodes on forum puzzle 8's level-4 pauses (87% at a first pause).
 *
 * G0's runs are propagated once each, when a search first asks, and kept while G0 stays the
 * same (a level-4 step's searches all share it), each with its steps in an arena.
 */
import { CELL_HOUSES, ChainGrid, NKEY, ON, POPCOUNT9, sameCands, type RemovedSince } from './tables';
import { gridStamp } from './wasmRuns';

/** What a borrowed run must have (dynamic.ts's Run). */
export interface BaseRun {
  readonly onList: Int16Array;
  readonly offList: Int16Array;
  readonly onN: number;
  readonly offN: number;
  readonly first: Int16Array;
  /** The contradiction's on slot, -1 when none. */
  readonly absurdOn: number;
  /** Set while a BaseRuns holds the run: the searches that borrow it must not give it back. */
  kept: boolean;
}

/**
 * Each run's steps in the arena: how many, then for each its node's key and, for an off node,
 * its cell's count of values before and its three houses' places of its digit after (what the
 * step's singles read).
 */
const STEP = 5;

export class BaseRuns<R extends BaseRun> {
  /** G0 as a run leaves it (put back by the run) and as it starts. */
  readonly grid = new ChainGrid();
  readonly start = new ChainGrid();
  /** The stamp of `start`'s content, for the WebAssembly core (wasmRuns.ts's gridStamp). */
  stamp = 0;
  private readonly initial = new Uint16Array(81);
  private valid = false;
  private readonly runs: (R | null)[] = new Array(NKEY).fill(null);
  /** Each start key's steps in `arena`. */
  private readonly at = new Int32Array(NKEY);
  private readonly keys: number[] = [];
  private arena = new Int16Array(1 << 16);
  private used = 0;

  constructor(
    private readonly take: () => R,
    private readonly release: (run: R) => void,
  ) {}

  /** Keeps the runs when `initial` is the G0 they were made on; starts over otherwise. */
  begin(initial: Uint16Array, g: ChainGrid): void {
    if (this.valid && sameCands(initial, this.initial, 0)) return;
    this.clear();
    this.initial.set(initial);
    this.start.load(g.values, initial);
    this.grid.copyFrom(this.start);
    this.stamp = gridStamp();
    this.valid = true;
  }

  /** Gives the runs back (after a top-level search: the next G0 is another grid). */
  clear(): void {
    for (const key of this.keys) {
      const run = this.runs[key]!;
      this.runs[key] = null;
      run.kept = false;
      this.release(run);
    }
    this.keys.length = 0;
    this.used = 0;
    this.valid = false;
  }

  /**
   * G0's run from `startKey` when it is also the run on the grid that lost `removed` since G0,
   * else null. `propagate` fills a run on `grid`.
   */
  unchanged(startKey: number, removed: RemovedSince, propagate: (run: R, startKey: number) => void): R | null {
    const run = this.runs[startKey] ?? this.make(startKey, propagate);
    const a = this.arena;
    const lostCell = removed.cell;
    const lostHouse = removed.house;
    const at = this.at[startKey];
    for (let s = at + 1, end = at + 1 + STEP * a[at]; s < end; s += STEP) {
      const key = a[s];
      if (key >= ON) {
        if (removed.touches(key - ON)) return null;
        continue;
      }
      const cell = (key / 9) | 0;
      const d = key - cell * 9;
      const r = POPCOUNT9[lostCell[cell]];
      if (r && (a[s + 1] === 2 || a[s + 1] - r === 2)) return null;
      for (let k = 0; k < 3; k++) {
        const lost = lostHouse[CELL_HOUSES[3 * cell + k] * 9 + d];
        const m = a[s + 2 + k];
        if (lost && (POPCOUNT9[m] === 1 || POPCOUNT9[m & ~lost] === 1)) return null;
      }
    }
    return run;
  }

  /** Propagates G0's run from `startKey` and writes its steps. */
  private make(startKey: number, propagate: (run: R, startKey: number) => void): R {
    const run = this.take();
    propagate(run, startKey);
    run.kept = true;
    this.runs[startKey] = run;
    this.keys.push(startKey);
    if (this.used + 1 + STEP * (run.onN + run.offN) > this.arena.length) {
      const a = new Int16Array(2 * this.arena.length + STEP * (run.onN + run.offN));
      a.set(this.arena.subarray(0, this.used));
      this.arena = a;
    }
    const a = this.arena;
    const at = this.used;
    this.at[startKey] = at;
    // Each step stored its nodes together, and a node's first parent is the step's node: so the
    // steps are read back from the lists, in the queues' order (on nodes first), up to the one
    // that met the contradiction, if any. The grid is taken through the off nodes' steps again
    // for their counts (the run put it back to G0).
    const end = run.absurdOn >= 0 ? run.first[NKEY] : -1;
    const g = this.grid;
    let on = startKey >= ON ? 1 : 0;
    let off = 1 - on;
    let onHead = 0;
    let offHead = 0;
    let s = at + 1;
    while (onHead < on || offHead < off) {
      let key: number;
      if (onHead < on) {
        key = run.onList[onHead++] + ON;
        a[s] = key;
        while (off < run.offN && run.first[run.offList[off]] === key) off++;
      } else {
        key = run.offList[offHead++];
        const cell = (key / 9) | 0;
        const d = key - cell * 9;
        a[s] = key;
        a[s + 1] = POPCOUNT9[g.cands[cell]];
        g.remove(key);
        for (let k = 0; k < 3; k++) a[s + 2 + k] = g.hpos[CELL_HOUSES[3 * cell + k] * 9 + d];
        while (on < run.onN && run.first[run.onList[on] + ON] === key) on++;
      }
      s += STEP;
      if (key === end) break;
    }
    g.copyCandidatesFrom(this.start);
    a[at] = (s - at - 1) / STEP;
    this.used = s;
    return run;
  }
}

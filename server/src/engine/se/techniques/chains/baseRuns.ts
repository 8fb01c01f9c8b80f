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
 * same (a level-4 step's searches all share it), each with a summary of its steps by unit (below)
 * that answers the test above in a few reads per unit a search's grid lost, not one per step.
 */
import { CELL_HOUSES, ChainGrid, HOUSE_CELLS, NCAND, NKEY, ON, POPCOUNT9, sameCands, type RemovedSince } from './tables';
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
 * A kept run's summary of the steps the test reads (see `unchanged`), by unit: a bit set (UNIT_WORDS
 * words) of its on steps' candidates, then of the cells and the house/digits where it has off
 * steps; per cell, its values before the first and the last off step there (CELL_SPAN bytes);
 * per house/digit, its places after the first and the last (HOUSE_SPAN words). Within one cell
 * (house/digit) each off step takes one value (place) away, so the values before its steps run
 * down one by one from the first to the last, and a test over every step reduces to one over
 * those two ends.
 */
const ON_WORDS = (NCAND + 31) >> 5;
const CELL_BITS = 32 * ON_WORDS;
const HOUSE_BITS = CELL_BITS + 96;
const UNIT_WORDS = ON_WORDS + 3 + 8;
const CELL_SPAN = 2 * 81;
const HOUSE_SPAN = 2 * 27 * 9;

export class BaseRuns<R extends BaseRun> {
  /** G0 as a run leaves it (put back by the run) and as it starts. */
  readonly grid = new ChainGrid();
  readonly start = new ChainGrid();
  /** The stamp of `start`'s content, for the WebAssembly core (wasmRuns.ts's gridStamp). */
  stamp = 0;
  private readonly initial = new Uint16Array(81);
  private valid = false;
  private readonly runs: (R | null)[] = new Array(NKEY).fill(null);
  /** Each start key's summary: its index in the arrays below. */
  private readonly at = new Int32Array(NKEY);
  private readonly keys: number[] = [];
  private units = new Int32Array(64 * UNIT_WORDS);
  private cellSpan = new Uint8Array(64 * CELL_SPAN);
  private houseSpan = new Uint16Array(64 * HOUSE_SPAN);

  /**
   * What the search's grid lost since G0 (set by `begin`), as the units' bit set: the candidates
   * an on step must not be, the cells and house/digits that lost something.
   */
  private readonly touched = new Int32Array(UNIT_WORDS);
  private lost: RemovedSince | null = null;

  constructor(
    private readonly take: () => R,
    private readonly release: (run: R) => void,
  ) {}

  /**
   * Keeps the runs when `initial` is the G0 they were made on (starts over otherwise), for a
   * search on `g`, which lost `removed` since.
   */
  begin(initial: Uint16Array, g: ChainGrid, removed: RemovedSince): void {
    this.since(removed);
    if (this.valid && sameCands(initial, this.initial, 0)) return;
    this.clear();
    this.initial.set(initial);
    this.start.load(g.values, initial);
    this.grid.copyFrom(this.start);
    this.stamp = gridStamp();
    this.valid = true;
  }

  /** The units `removed` touches. */
  private since(removed: RemovedSince): void {
    this.lost = removed;
    const t = this.touched;
    t.fill(0);
    for (let cell = 0; cell < 81; cell++) {
      if (!removed.cell[cell]) continue;
      for (let c = cell * 9; c < cell * 9 + 9; c++) t[c >> 5] |= 1 << (c & 31);
      t[(CELL_BITS + cell) >> 5] |= 1 << cell;
    }
    for (let hd = 0; hd < 27 * 9; hd++) {
      if (!removed.house[hd]) continue;
      const h = (hd / 9) | 0;
      const d = hd - h * 9;
      for (let i = 0; i < 9; i++) {
        const c = HOUSE_CELLS[h * 9 + i] * 9 + d;
        t[c >> 5] |= 1 << (c & 31);
      }
      t[(HOUSE_BITS + hd) >> 5] |= 1 << hd;
    }
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
    this.valid = false;
  }

  /**
   * G0's run from `startKey` when it is also the run on the search's grid (`begin`'s), else
   * null. `propagate` fills a run on `grid`. The step-by-step test of the head comment, unit
   * by unit: an on step is divergent when its candidate is touched; an off step in a cell that
   * lost r values when it had 2 or 2 + r before it, so some step is exactly when 2 or 2 + r is
   * between the cell's two ends; one in a house/digit that lost places when it leaves one place
   * on G0's run or on the search's grid, so some step is exactly when the places left (on either
   * grid) go from one or more at the first end to one or none at the last.
   */
  unchanged(startKey: number, propagate: (run: R, startKey: number) => void): R | null {
    const run = this.runs[startKey] ?? this.make(startKey, propagate);
    const i = this.at[startKey];
    const units = this.units;
    const t = this.touched;
    const o = i * UNIT_WORDS;
    for (let w = 0; w < ON_WORDS; w++) if (units[o + w] & t[w]) return null;
    const removed = this.lost!;
    const cells = this.cellSpan;
    const at = i * CELL_SPAN;
    for (let w = ON_WORDS; w < ON_WORDS + 3; w++) {
      for (let m = units[o + w] & t[w]; m; m &= m - 1) {
        const cell = 32 * (w - ON_WORDS) + 31 - Math.clz32(m & -m);
        const first = cells[at + 2 * cell];
        const last = cells[at + 2 * cell + 1];
        const r2 = 2 + POPCOUNT9[removed.cell[cell]];
        if ((last <= 2 && first >= 2) || (last <= r2 && first >= r2)) return null;
      }
    }
    const houses = this.houseSpan;
    const ah = i * HOUSE_SPAN;
    for (let w = ON_WORDS + 3; w < UNIT_WORDS; w++) {
      for (let m = units[o + w] & t[w]; m; m &= m - 1) {
        const hd = 32 * (w - ON_WORDS - 3) + 31 - Math.clz32(m & -m);
        const first = houses[ah + 2 * hd];
        const last = houses[ah + 2 * hd + 1];
        const kept = ~removed.house[hd];
        if ((POPCOUNT9[first] >= 1 && POPCOUNT9[last] <= 1) || (POPCOUNT9[first & kept] >= 1 && POPCOUNT9[last & kept] <= 1)) return null;
      }
    }
    return run;
  }

  /** Propagates G0's run from `startKey` and writes its summary. */
  private make(startKey: number, propagate: (run: R, startKey: number) => void): R {
    const run = this.take();
    propagate(run, startKey);
    run.kept = true;
    const i = this.keys.length;
    this.runs[startKey] = run;
    this.keys.push(startKey);
    this.at[startKey] = i;
    if ((i + 1) * UNIT_WORDS > this.units.length) this.grow(2 * (i + 1));
    const units = this.units.subarray(i * UNIT_WORDS, (i + 1) * UNIT_WORDS);
    const cells = this.cellSpan.subarray(i * CELL_SPAN, (i + 1) * CELL_SPAN);
    const houses = this.houseSpan.subarray(i * HOUSE_SPAN, (i + 1) * HOUSE_SPAN);
    units.fill(0);
    cells.fill(0);
    houses.fill(0);
    // Each step stored its nodes together, and a node's first parent is the step's node: so the
    // steps are read back from the lists, in the queues' order (on nodes first), up to the one
    // that met the contradiction, if any. The grid is taken through the off nodes' steps again
    // for their counts (the run put it back to G0).
    const end = run.absurdOn >= 0 ? run.first[NKEY] : -1;
    const g = this.grid;
    let onN = startKey >= ON ? 1 : 0;
    let offN = 1 - onN;
    let onHead = 0;
    let offHead = 0;
    while (onHead < onN || offHead < offN) {
      let key: number;
      if (onHead < onN) {
        const c = run.onList[onHead++];
        key = c + ON;
        units[c >> 5] |= 1 << (c & 31);
        while (offN < run.offN && run.first[run.offList[offN]] === key) offN++;
      } else {
        key = run.offList[offHead++];
        const cell = (key / 9) | 0;
        const d = key - cell * 9;
        if (!cells[2 * cell]) {
          cells[2 * cell] = POPCOUNT9[g.cands[cell]];
          units[(CELL_BITS + cell) >> 5] |= 1 << cell;
        }
        cells[2 * cell + 1] = POPCOUNT9[g.cands[cell]];
        g.remove(key);
        for (let k = 0; k < 3; k++) {
          const hd = CELL_HOUSES[3 * cell + k] * 9 + d;
          const m = g.hpos[hd];
          if (!(units[(HOUSE_BITS + hd) >> 5] & (1 << hd))) {
            houses[2 * hd] = m;
            units[(HOUSE_BITS + hd) >> 5] |= 1 << hd;
          }
          houses[2 * hd + 1] = m;
        }
        while (onN < run.onN && run.first[run.onList[onN] + ON] === key) onN++;
      }
      if (key === end) break;
    }
    g.copyCandidatesFrom(this.start);
    return run;
  }

  /** Room for `runs` summaries. */
  private grow(runs: number): void {
    const units = new Int32Array(runs * UNIT_WORDS);
    units.set(this.units);
    this.units = units;
    const cells = new Uint8Array(runs * CELL_SPAN);
    cells.set(this.cellSpan);
    this.cellSpan = cells;
    const houses = new Uint16Array(runs * HOUSE_SPAN);
    houses.set(this.houseSpan);
    this.houseSpan = houses;
  }
}

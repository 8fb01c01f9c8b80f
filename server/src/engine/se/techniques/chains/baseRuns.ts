/**
 * The outer start's runs, resumed by nested dynamic searches (level 4's pauses).
 *
 * A nested dynamic search runs on a grid G' that is the outer start G0 less the removals made
 * since (what RemovedSince holds). A run without a level is a sequence of steps, each taking a
 * node from its queues: an on node turns off the other values of its cell and its digit in its
 * houses, an off node is removed from the grid and turns on what is left alone in its cell or
 * in one of its houses for its digit. A step reads and writes only its node's cell and its
 * node's three house/digits. So while no step of G0's run from a start touches a cell or a
 * house/digit that lost a candidate, the run on G' takes the same steps with the same results
 * (the same nodes stored in the same order, the same contradiction, the same first parent,
 * depth and cause of each node), its grid being G0's less those removals. The run on G' is
 * therefore G0's run up to its first step that touches one (a removed candidate itself is
 * reached only through such a step), and it is propagated from there: the nodes stored before
 * it are copied, the off nodes already taken are removed from G', and the queues resume at the
 * same heads. Counted on forum puzzle 8's level-4 pauses: 36% of the nested runs' nodes come
 * before that step (89% at a first pause, 25% once 2 or more candidates are gone).
 *
 * G0's runs are propagated once each, when a search first asks, and kept while G0 stays the
 * same (a level-4 step's searches all share it), with what each step left in the queues.
 */
import { CELL_HOUSES, ChainGrid, NKEY, ON, POPCOUNT9, sameCands, type RemovedSince } from './tables';

/** The fields a run without a level records for its nodes (dynamic.ts's Run). */
export interface RunNodes {
  readonly flag: Uint8Array;
  readonly onList: Int16Array;
  readonly offList: Int16Array;
  onN: number;
  offN: number;
  readonly first: Int16Array;
  readonly depth: Uint16Array;
  readonly cause: Uint8Array;
  readonly offAt: Int16Array;
  /** The contradiction's on slot, -1 when none. */
  absurdOn: number;
}

/**
 * G0's runs, one record each in one arena (a few hundred records of a few dozen nodes: they stay
 * in cache, where whole runs kept aside, 25 KB each, made resuming cost more than it saved): the
 * steps it completed, each as the on and off counts it left and, for an off node's step, its
 * cell's count before and its three houses' places of its digit after (what the step's singles
 * read); then its on nodes and its off nodes in list order, each as candidate, depth, cause and
 * first parent.
 */
const HEAD = 3;
const STEP = 6;
const NODE = 4;

export class BaseRuns<R extends RunNodes> {
  /** G0 as a run leaves it (put back by the run) and as it starts. */
  readonly grid = new ChainGrid();
  readonly start = new ChainGrid();
  private readonly initial = new Uint16Array(81);
  private valid = false;
  /** Each start key's record in `arena`, -1 when not made yet. */
  private readonly at = new Int32Array(NKEY).fill(-1);
  private readonly keys: number[] = [];
  private arena = new Int16Array(1 << 16);
  private used = 0;
  /** Where `resume` left the queues' heads. */
  onHead = 0;
  offHead = 0;

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
    this.valid = true;
  }

  /** Forgets the runs (after a top-level search: the next G0 is another grid). */
  clear(): void {
    for (const key of this.keys) this.at[key] = -1;
    this.keys.length = 0;
    this.used = 0;
    this.valid = false;
  }

  /**
   * Fills `run` (reset) with G0's run from `startKey` up to its first step that touches a
   * removal since G0, removes from `g` (G') the off nodes taken before it, and leaves the
   * queues' heads in `onHead` and `offHead`. `propagate` fills a run on `grid`.
   */
  resume(run: R, startKey: number, removed: RemovedSince, g: ChainGrid, propagate: (run: R, startKey: number) => void): void {
    const at = this.of(startKey, propagate);
    const a = this.arena;
    const steps = a[at];
    const onAt = at + HEAD + STEP * steps;
    const offAt = onAt + NODE * a[at + 1];
    const startOn = startKey >= ON ? 1 : 0;
    let onHead = 0;
    let offHead = 0;
    let onN = startOn;
    let offN = 1 - startOn;
    const lostCell = removed.cell;
    const lostHouse = removed.house;
    for (let i = 0, s = at + HEAD; i < steps; i++, s += STEP) {
      if (onHead < onN) {
        // An on node's step lists its cell's other values and its digit's other places in its
        // houses: on G' a removed one is missing from that list.
        if (removed.touches(a[onAt + NODE * onHead])) break;
        onHead++;
      } else {
        // An off node's step makes a single where its cell is left with one value (with `r`
        // values lost, G0's count less r on G'), or a house with one place of its digit (G0's
        // places less those lost): the same singles on both grids unless one of them has one.
        const c = a[offAt + NODE * offHead];
        const cell = (c / 9) | 0;
        const d = c - cell * 9;
        const r = POPCOUNT9[lostCell[cell]];
        if (r && (a[s + 2] === 2 || a[s + 2] - r === 2)) break;
        let same = true;
        for (let k = 0; k < 3 && same; k++) {
          const lost = lostHouse[CELL_HOUSES[3 * cell + k] * 9 + d];
          const m = a[s + 3 + k];
          same = !lost || (POPCOUNT9[m] !== 1 && POPCOUNT9[m & ~lost] !== 1);
        }
        if (!same) break;
        offHead++;
      }
      onN = a[s];
      offN = a[s + 1];
    }
    for (let j = 0, k = onAt; j < onN; j++, k += NODE) {
      const c = a[k];
      const slot = c + ON;
      run.flag[c] |= IS_ON;
      run.onList[j] = c;
      run.depth[slot] = a[k + 1];
      run.cause[slot] = a[k + 2];
      run.first[slot] = a[k + 3];
    }
    for (let j = 0, k = offAt; j < offN; j++, k += NODE) {
      const c = a[k];
      run.flag[c] |= IS_OFF;
      run.offList[j] = c;
      run.depth[c] = a[k + 1];
      run.offAt[c] = j;
      run.first[c] = a[k + 3];
    }
    run.onN = onN;
    run.offN = offN;
    for (let j = 0, k = offAt; j < offHead; j++, k += NODE) g.remove(a[k]);
    this.onHead = onHead;
    this.offHead = offHead;
  }

  /** Where G0's run from `startKey` is kept in the arena, propagated when first asked. */
  private of(startKey: number, propagate: (run: R, startKey: number) => void): number {
    if (this.at[startKey] >= 0) return this.at[startKey];
    const run = this.take();
    propagate(run, startKey);
    const at = this.used;
    const a = this.grow(HEAD + (STEP + NODE) * (run.onN + run.offN));
    // Each step stored its nodes together, and a node's first parent is the step's node: so
    // the steps are read back from the lists. A run that met a contradiction did not complete
    // the step where it met it (a resumed run takes that step again, and meets it too).
    const end = run.absurdOn >= 0 ? run.first[NKEY] : -1;
    let on = startKey >= ON ? 1 : 0;
    let off = 1 - on;
    let onHead = 0;
    let offHead = 0;
    // The grid is put back to G0 by the run, and taken through the off nodes' steps again.
    const g = this.grid;
    let steps = 0;
    for (let s = at + HEAD; onHead < on || offHead < off; s += STEP) {
      if (onHead < on) {
        const key = run.onList[onHead++] + ON;
        if (key === end) break;
        while (off < run.offN && run.first[run.offList[off]] === key) off++;
      } else {
        const key = run.offList[offHead++];
        if (key === end) break;
        while (on < run.onN && run.first[run.onList[on] + ON] === key) on++;
        const cell = (key / 9) | 0;
        const d = key - cell * 9;
        a[s + 2] = POPCOUNT9[g.cands[cell]];
        g.remove(key);
        for (let k = 0; k < 3; k++) a[s + 3 + k] = g.hpos[CELL_HOUSES[3 * cell + k] * 9 + d];
      }
      a[s] = on;
      a[s + 1] = off;
      steps++;
    }
    g.copyCandidatesFrom(this.start);
    a[at] = steps;
    a[at + 1] = run.onN;
    a[at + 2] = run.offN;
    let k = at + HEAD + STEP * steps;
    for (let j = 0; j < run.onN; j++, k += NODE) {
      const slot = run.onList[j] + ON;
      a[k] = run.onList[j];
      a[k + 1] = run.depth[slot];
      a[k + 2] = run.cause[slot];
      a[k + 3] = run.first[slot];
    }
    for (let j = 0; j < run.offN; j++, k += NODE) {
      const c = run.offList[j];
      a[k] = c;
      a[k + 1] = run.depth[c];
      a[k + 3] = run.first[c];
    }
    this.used = k;
    this.release(run);
    this.at[startKey] = at;
    this.keys.push(startKey);
    return at;
  }

  /** The arena with room for `n` more entries. */
  private grow(n: number): Int16Array {
    if (this.used + n > this.arena.length) {
      let size = this.arena.length * 2;
      while (size < this.used + n) size *= 2;
      const a = new Int16Array(size);
      a.set(this.arena.subarray(0, this.used));
      this.arena = a;
    }
    return this.arena;
  }
}

const IS_ON = 1;
const IS_OFF = 2;

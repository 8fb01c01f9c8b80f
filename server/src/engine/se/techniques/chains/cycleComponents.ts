/**
 * Which starts' cycle searches can make a hint, read from the strongly connected components of
 * a pass's implication graph.
 *
 * Every node of a cycle through a start s (a path from "s on" back to it) is reached from s on
 * and reaches it, so the whole cycle lies in the component of s on. A cycle makes a hint only
 * when it removes something (StaticChainer.cycleHint): a candidate of some digit d, outside the
 * cycle's cells, seeing an on node of d and an off node of d of the cycle. So where no candidate
 * of d sees both an on node of d and an off node of d of the component (cells of the cycle or
 * not: a wider test), no cycle through any start whose on node is in it makes a hint, whichever
 * paths SE's search takes. Off nodes that turn nothing on are left out of the graph: a cycle's
 * off nodes each turn its next node on.
 *
 * The components are found by Tarjan's search, started only from the starts asked about and
 * kept for the grid and pass: a nested pass asks about a dozen starts, mostly in few components.
 */
import { DigitSees } from './digitSees';
import type { PassLinks } from './passLinks';
import { NCAND, NKEY, ON } from './tables';

export class CycleComponents {
  private links!: PassLinks;
  // Per node, valid where stamp is this grid's: its visit order, the lowest order it reaches
  // on the stack, and its component (-1 while on the stack).
  private readonly stamp = new Int32Array(NKEY);
  private readonly order = new Int32Array(NKEY);
  private readonly low = new Int32Array(NKEY);
  private readonly comp = new Int32Array(NKEY);
  private gen = 0;
  private visited = 0;
  /** Per component (numbered per grid): whether a cycle in it could remove something. */
  private readonly removes = new Uint8Array(NKEY);
  private comps = 0;
  // Tarjan's stack of open nodes, and the walk's own (node, next link to read).
  private readonly open = new Int16Array(NKEY);
  private readonly walkNode = new Int16Array(NKEY);
  private readonly walkLink = new Int32Array(NKEY);
  // Per digit, the grid's cells of it (three 27-cell words: digitWords), and what the component
  // being closed sees.
  private digitCells!: Int32Array;
  private readonly sees = new DigitSees();

  /**
   * Forgets the last grid's components: `links` must give the grid's links of the pass asked
   * about, `digitCells` its cells of each digit (digitWords, the caller's: StaticChainer's
   * cycleRemoves reads the same words).
   */
  begin(links: PassLinks, digitCells: Int32Array): void {
    this.links = links;
    this.digitCells = digitCells;
    this.gen++;
    this.visited = 0;
    this.comps = 0;
  }

  /** Whether a cycle through `cand` on could remove a candidate (false: no cycle search from it makes a hint). */
  canRemove(cand: number): boolean {
    const key = cand + ON;
    if (this.stamp[key] !== this.gen) this.visit(key);
    return this.removes[this.comp[key]] === 1;
  }

  /** Tarjan's search from `root`, iterative: every component it closes gets its verdict. */
  private visit(root: number): void {
    const links = this.links;
    let nOpen = 0;
    let depth = 0;
    let v = root;
    this.enter(v);
    this.open[nOpen++] = v;
    this.walkNode[depth] = v;
    this.walkLink[depth++] = 0;
    while (depth > 0) {
      v = this.walkNode[depth - 1];
      const on = v >= NCAND;
      const c = on ? v - ON : v;
      const k = on ? links.on(c) : links.off(c);
      let j = this.walkLink[depth - 1];
      let w = -1;
      while (j < k && w < 0) {
        if (on) {
          const x = links.onCand[links.onAt(c) + j];
          if (links.off(x) !== 0) w = x;
        } else w = links.offCand[links.offAt(c) + j] + ON;
        j++;
      }
      this.walkLink[depth - 1] = j;
      if (w >= 0) {
        if (this.stamp[w] !== this.gen) {
          this.enter(w);
          this.open[nOpen++] = w;
          this.walkNode[depth] = w;
          this.walkLink[depth++] = 0;
        } else if (this.comp[w] < 0 && this.order[w] < this.low[v]) this.low[v] = this.order[w];
        continue;
      }
      depth--;
      if (this.low[v] === this.order[v]) nOpen = this.close(v, nOpen);
      if (depth > 0) {
        const u = this.walkNode[depth - 1];
        if (this.low[v] < this.low[u]) this.low[u] = this.low[v];
      }
    }
  }

  private enter(v: number): void {
    this.stamp[v] = this.gen;
    this.order[v] = this.low[v] = this.visited++;
    this.comp[v] = -1;
  }

  /** Pops the component rooted at `v` off the open stack, with its verdict; the stack's new height. */
  private close(v: number, nOpen: number): number {
    const id = this.comps++;
    const sees = this.sees;
    sees.clear();
    let w: number;
    do {
      w = this.open[--nOpen];
      this.comp[w] = id;
      sees.add(w);
    } while (w !== v);
    this.removes[id] = sees.removesOutside(this.digitCells, 0, 0, 0) ? 1 : 0;
    return nOpen;
  }
}

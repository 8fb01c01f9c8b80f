/**
 * The band walk of the 17-clue search's X × Y join (clueSearch.ts): every `size`-clue set of
 * one band (27-bit words) hitting the UA sets inside it, within a stack cap, once each. It
 * branches on the set missed with the fewest live cells (cells tried before are excluded
 * further down); when all are hit, the clues left are free, in increasing order.
 *
 * Each node can say which cells its subtree may still add (`avail`): the join closes there
 * the cross sets whose part in this band lies outside them (no clue below can hit those, so
 * the partner must) and cuts the node when no listed entry hits them all. `avail` must hold
 * every cell added below the node, or the cut would drop partners
 * (test/engine/clueWalk.test.ts).
 */
import { BAND_BITS, STACK_MASK, popcount27 } from './cells';

export interface BandWalk {
  /** Clues per set. */
  size: number;
  /** The UA sets inside the band (band words): every set must hit them all. */
  inner: number[];
  /** Most clues per stack (9 or more: none, a band's stack has 9 cells). */
  stackCap: number;
  /** The clue at depth d is cell c (0..26), before the node at depth d + 1. */
  step(d: number, c: number): void;
  /** A complete set (d = size clues). */
  leaf(d: number, cells: number): void;
  /** A node at depth d < size with clues `cells`, whose subtree adds only cells of `avail`: false cuts it. */
  open?(d: number, cells: number, avail: number): boolean;
  /** Called at every node (a budget check). */
  tick(): void;
}

export function walkBand(walk: BandWalk): void {
  const { size, inner, stackCap: cap } = walk;
  const live = (cells: number, dead: number): number => {
    let l = BAND_BITS & ~cells & ~dead;
    if (cap < 9) {
      if (popcount27(cells & STACK_MASK[0]) >= cap) l &= ~STACK_MASK[0];
      if (popcount27(cells & STACK_MASK[1]) >= cap) l &= ~STACK_MASK[1];
      if (popcount27(cells & STACK_MASK[2]) >= cap) l &= ~STACK_MASK[2];
    }
    return l;
  };
  // A node goes on when `avail` has a cell for each clue left and the walk's owner agrees.
  const open = (d: number, cells: number, avail: number): boolean => popcount27(avail) >= size - d && (!walk.open || walk.open(d, cells, avail));
  const free = (d: number, cells: number, from: number, dead: number): void => {
    walk.tick();
    if (d === size) {
      walk.leaf(d, cells);
      return;
    }
    const l = live(cells, dead) & (BAND_BITS << from);
    if (!open(d, cells, l)) return;
    for (let m = l; m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      walk.step(d, c);
      free(d + 1, cells | (1 << c), c + 1, dead);
    }
  };
  const branch = (d: number, cells: number, dead: number): void => {
    walk.tick();
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
    // The next clue hits `best`, the ones after it any live cell: the last clue is in `best`.
    if (!open(d, cells, d === size - 1 ? best : l)) return;
    let dd = dead;
    for (let m = best; m !== 0; m &= m - 1) {
      const low = m & -m;
      walk.step(d, 31 - Math.clz32(low));
      branch(d + 1, cells | low, dd);
      dd |= low;
    }
  };
  branch(0, 0, 0);
}

/**
 * The fewest clues of a valid set of the band (hitting every inner set within the stack cap),
 * or 28 when there is none: a band given fewer clues has no valid set, so the join skips
 * that split of the clues before building its tables (most splits of a task are such).
 * Walks the sizes up from 0 until one has a leaf; `tick` is called at every node.
 */
export function fewestClues(inner: number[], stackCap: number, tick: () => void): number {
  for (let size = 0; size <= 27; size++) {
    let found = false;
    walkBand({ size, inner, stackCap, step: () => {}, leaf: () => (found = true), tick });
    if (found) return size;
  }
  return 28;
}

/**
 * What a clue set of the walked band must hit to pair with the listed set `listedCells` of the
 * other band: the band's inner sets and, of each cross set the listed set misses (no clue in
 * its part there, `crossListed[j]`), its part in the walked band (`crossWalked[j]`). A walk
 * with these lists exactly the listed set's partners, as the pair must hit every cross set.
 */
export function partnerInner(inner: number[], crossListed: ArrayLike<number>, crossWalked: ArrayLike<number>, listedCells: number): number[] {
  const out = inner.slice();
  for (let j = 0; j < crossListed.length; j++) if ((crossListed[j] & listedCells) === 0) out.push(crossWalked[j]);
  return out;
}

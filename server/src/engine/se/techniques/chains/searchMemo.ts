/**
 * What nested static searches found from each start, kept by grid across rating steps.
 *
 * A search from one start (the cycle search from a value, or the forcing chain from the value
 * on or off, in one of the three passes) reads the grid alone. What the outer chain's starting
 * grid decides is which starts are searched (the relevance filter) and each hint's rule parents.
 * Propagations at a later rating step meet some of the grids an earlier step searched (4–13% of
 * them on the forum's hardest, BENCHMARKS.md), from a starting grid that lost the step's
 * removals; so what was found is kept with the singles its rule parents come from, and the filter
 * and the parents are worked out afresh for each outer start.
 */
import type { ChainHint } from './hint';
import { NCAND, sameCands, type GridKey } from './tables';

/** The searches made from each start candidate in each pass. */
export const enum StartSearch {
  Cycles,
  ForcingOn,
  ForcingOff,
}

/** Slots per grid: pass (X, Y, XY) × start candidate × StartSearch. */
const SLOTS = 3 * NCAND * 3;

/** Where the search `what` from `cand` in pass `pass` is kept. */
export const slotOf = (pass: number, cand: number, what: StartSearch): number => (pass * NCAND + cand) * 3 + what;

/** A chain one search found: the hint without rule parents, and what they come from. */
export interface FoundChain {
  /** `ruleParents` null: they depend on the outer start. */
  hint: ChainHint;
  /** (candidate, cause) of each single the chain's rule parents come from, in SE's order. */
  singles: number[];
}

const NOTHING: readonly FoundChain[] = [];

/** The searches made on one grid so far. */
export class GridSearches {
  /** The grid's candidates. */
  readonly cands = new Uint16Array(81);

  constructor(key: GridKey) {
    this.cands.set(key.cands);
  }

  private readonly searched = new Uint32Array((SLOTS + 31) >>> 5);
  /** Only the few searches that found something (most find nothing). */
  private found: Map<number, readonly FoundChain[]> | null = null;

  has(slot: number): boolean {
    return (this.searched[slot >>> 5] & (1 << (slot & 31))) !== 0;
  }

  /** What the search at `slot` found (`has(slot)` first). */
  results(slot: number): readonly FoundChain[] {
    return this.found?.get(slot) ?? NOTHING;
  }

  /** Marks `slot` searched, keeping a copy of `chains` (the searcher reuses its list). */
  record(slot: number, chains: readonly FoundChain[]): void {
    this.searched[slot >>> 5] |= 1 << (slot & 31);
    if (chains.length) (this.found ??= new Map()).set(slot, chains.slice());
  }

  /** Forgets every search, for the grid of `key`. */
  reset(key: GridKey): void {
    this.cands.set(key.cands);
    this.searched.fill(0);
    this.found = null;
  }
}

/**
 * Grids by their candidates, the least recently used forgotten beyond `capacity` (about 1 KB
 * each): a rating step meets a few thousand grids, and mostly reuses the last step's.
 */
export class SearchMemo {
  /** By the keys' hashes: a grid whose hash another holds takes its place (a memo may forget). */
  private readonly grids = new Map<number, GridSearches>();

  constructor(private readonly capacity: number) {}

  /** The searches of `key`'s grid, now the most recently used. */
  of(key: GridKey): GridSearches {
    let g = this.grids.get(key.hash);
    if (g) {
      this.grids.delete(key.hash);
      if (!sameCands(key.cands, g.cands, 0)) g.reset(key);
    } else if (this.grids.size >= this.capacity) {
      // The least recently used grid's searches, reused (no garbage).
      const oldest = this.grids.keys().next().value!;
      g = this.grids.get(oldest)!;
      this.grids.delete(oldest);
      g.reset(key);
    } else g = new GridSearches(key);
    this.grids.set(key.hash, g);
    return g;
  }

  get size(): number {
    return this.grids.size;
  }
}

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
  /** The hash the memo keeps it under. */
  hash: number;
  // The memo's recency list: the grid used just before this one, and just after.
  older: GridSearches | null = null;
  newer: GridSearches | null = null;

  constructor(key: GridKey) {
    this.cands.set(key.cands);
    this.hash = key.hash;
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
    this.hash = key.hash;
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
  /**
   * The grids from the most recently used to the least, linked through their own fields: a
   * Map's first key is no LRU's tail to take, as its deleted entries stay in the table until it
   * is rebuilt and every iterator walks past them (thousands a miss once the memo is full).
   */
  private newest: GridSearches | null = null;
  private oldest: GridSearches | null = null;

  constructor(private readonly capacity: number) {}

  /** The searches of `key`'s grid, now the most recently used. */
  of(key: GridKey): GridSearches {
    let g = this.grids.get(key.hash);
    if (g) {
      this.unlink(g);
      if (!sameCands(key.cands, g.cands, 0)) g.reset(key);
    } else if (this.grids.size >= this.capacity) {
      // The least recently used grid's searches, reused (no garbage).
      g = this.oldest!;
      this.unlink(g);
      this.grids.delete(g.hash);
      g.reset(key);
      this.grids.set(key.hash, g);
    } else {
      g = new GridSearches(key);
      this.grids.set(key.hash, g);
    }
    g.older = this.newest;
    if (this.newest) this.newest.newer = g;
    else this.oldest = g;
    this.newest = g;
    return g;
  }

  /** Takes `g` out of the recency list. */
  private unlink(g: GridSearches): void {
    if (g.newer) g.newer.older = g.older;
    else this.newest = g.older;
    if (g.older) g.older.newer = g.newer;
    else this.oldest = g.newer;
    g.newer = null;
    g.older = null;
  }

  get size(): number {
    return this.grids.size;
  }
}

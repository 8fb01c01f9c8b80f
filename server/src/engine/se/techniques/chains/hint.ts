/**
 * What the chaining searches report, how Sudoku Explainer orders it, and how it becomes a Step.
 */
import { cellName } from '../../../core/grid';
import { makeStep, type Candidate, type Link, type Step } from '../../../core/step';
import { NCAND, candOf, isOnKey } from './tables';

export const enum Kind {
  Cycle,
  Forcing,
  Contradiction,
  Double,
  Cell,
  Region,
}

export interface ChainHint {
  kind: Kind;
  /** Sudoku Explainer's name, e.g. `Forcing X-Chain`, `Dynamic Cell Forcing Chains (+)`. */
  name: string;
  difficulty: number;
  /** SE's complexity: ancestors of the chain ends (plus nested chains); `w/N nodes` is N + 2. */
  complexity: number;
  /** SE's tie-break after difficulty and complexity. */
  sortKey: number;
  /**
   * SE's removable candidates (cell * 9 + digit - 1), ascending. When the step places a value
   * these are the other candidates of that cell.
   */
  removable: number[];
  /** The candidate the step places, -1 when it only eliminates. */
  placement: number;
  /** For display: the chain's edges as [fromKey, toKey] pairs. */
  links: number[] | null;
  /** For display: what the chain starts from and concludes. */
  detail: string;
  /** For display: the house of a region chain, else -1. */
  house: number;
  /** Nested use: the candidates whose removal the chain relies on (SE's rule parents). */
  ruleParents: number[] | null;
  /** Nested use: identity of the whole chain (SE's FullChain). */
  signature: string | null;
}

/** SE's length bonus: +0.1 each time the length passes 4, 6, 8, 12, 16, 24, 32, ... */
export function lengthBonus(complexity: number): number {
  let added = 0.0;
  let ceil = 4;
  const length = complexity - 2;
  let odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ((ceil * 4) / 3) | 0 : ((ceil * 3) / 2) | 0;
    odd = !odd;
  }
  return added;
}

/** SE's order: difficulty, then complexity, then sort key; stable otherwise. */
export function compareHints(a: ChainHint, b: ChainHint): number {
  if (a.difficulty < b.difficulty) return -1;
  if (a.difficulty > b.difficulty) return 1;
  if (a.complexity !== b.complexity) return a.complexity - b.complexity;
  return a.sortKey - b.sortKey;
}

/**
 * Beyond this many hints, the built-in sort and buckets by the removals' hash; up to it, an
 * insertion sort and a scan of the hints kept. Nested searches sort a few hints each, thousands
 * of times a rating, and the built-in sort's work array and the buckets' Map and lists were 8% of
 * what the median forum puzzles allocated.
 */
const FEW_HINTS = 16;

/** Sorts (stably) and drops hints whose removals repeat an earlier hint's, as SE does. */
export function sortAndDedup(hints: ChainHint[]): ChainHint[] {
  if (hints.length === 0) return hints;
  const out = hints.slice();
  if (out.length > FEW_HINTS) return dedupByHash(out.sort(compareHints));
  // A stable sort's order is the only one: the insertion sort's is the built-in sort's.
  for (let i = 1; i < out.length; i++) {
    const h = out[i];
    let j = i;
    for (; j > 0 && compareHints(out[j - 1], h) > 0; j--) out[j] = out[j - 1];
    out[j] = h;
  }
  // Equal removals have equal hashes, so scanning every hint kept finds what the buckets do.
  let kept = 0;
  next: for (let i = 0; i < out.length; i++) {
    const h = out[i];
    for (let j = 0; j < kept; j++) if (sameRemovals(out[j], h)) continue next;
    out[kept++] = h;
  }
  out.length = kept;
  return out;
}

/** `sorted` without the hints whose removals repeat an earlier one's, found by hash. */
function dedupByHash(sorted: ChainHint[]): ChainHint[] {
  const seen = new Map<number, ChainHint[]>();
  const out: ChainHint[] = [];
  for (const h of sorted) {
    let key = h.removable.length;
    for (const c of h.removable) key = (Math.imul(key, 31) + c) | 0;
    const same = seen.get(key);
    if (same) {
      if (same.some((o) => sameRemovals(o, h))) continue;
      same.push(h);
    } else seen.set(key, [h]);
    out.push(h);
  }
  return out;
}

function sameRemovals(a: ChainHint, b: ChainHint): boolean {
  if (a.removable.length !== b.removable.length) return false;
  for (let i = 0; i < a.removable.length; i++) if (a.removable[i] !== b.removable[i]) return false;
  return true;
}

/** `r1c2=5` or `r1c2<>5` for a node key. */
export function nodeText(key: number): string {
  const c = candOf(key);
  return `${cellName((c / 9) | 0)}${isOnKey(key) ? '=' : '<>'}${(c % 9) + 1}`;
}

const toCandidate = (cand: number): Candidate => ({ cell: (cand / 9) | 0, digit: (cand % 9) + 1 });

/** The Step the rater and the editor show. */
export function toStep(h: ChainHint): Step {
  const placements = h.placement >= 0 ? [toCandidate(h.placement)] : [];
  const eliminations = h.placement >= 0 ? [] : h.removable.map(toCandidate);
  const links: Link[] = [];
  const cellSet = new Set<number>();
  const candSet = new Set<number>();
  if (h.links) {
    const seen = new Set<number>();
    for (let i = 0; i < h.links.length; i += 2) {
      const from = h.links[i];
      const to = h.links[i + 1];
      const id = from * 2 * NCAND + to;
      if (seen.has(id)) continue;
      seen.add(id);
      const fc = candOf(from);
      const tc = candOf(to);
      links.push({ from: toCandidate(fc), to: toCandidate(tc), strong: isOnKey(to) });
      cellSet.add((fc / 9) | 0).add((tc / 9) | 0);
      candSet.add(fc).add(tc);
    }
  }
  const conclusion =
    h.placement >= 0
      ? `${cellName((h.placement / 9) | 0)}=${(h.placement % 9) + 1}`
      : h.removable.map((c) => `${cellName((c / 9) | 0)}<>${(c % 9) + 1}`).join(', ');
  return makeStep({
    technique: h.name,
    difficulty: h.difficulty,
    placements,
    eliminations,
    cells: [...cellSet].sort((a, b) => a - b),
    candidates: [...candSet].sort((a, b) => a - b).map(toCandidate),
    houses: h.house >= 0 ? [h.house] : [],
    links,
    text: `${h.name}: ${h.detail} (w/${h.complexity - 2} nodes) => ${conclusion}`,
  });
}

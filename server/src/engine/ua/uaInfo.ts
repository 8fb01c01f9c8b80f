/**
 * What the editor needs from unavoidable sets for one 81-char classic puzzle, as small plain
 * data a worker can send back: the redundant clues of a unique puzzle, or for a puzzle with
 * several solutions its smallest unhit UA set and the clue to add. Each puzzle has a time budget.
 */
import { bit } from '../core/grid';
import { solve } from '../core/solve';
import { Budget, withinBudget } from '../core/budget';
import { minimality, multipleSolutions } from './index';

/** The puzzle's solution count as the analysis found it: which question to ask. */
export type UAKind = 'unique' | 'multiple';

/** A clue to add: a cell and its digit in one of the solutions. */
export interface ClueToAdd {
  cell: number;
  digit: number;
  /** True when this clue alone makes the puzzle unique. */
  unique: boolean;
  /** How many of the unhit UA sets it hits. */
  hits: number;
}

export type UAInfo =
  | {
      kind: 'unique';
      status: 'done';
      /** Clue cells removable one at a time. */
      redundant: number[];
      /** A largest set of clue cells removable together. */
      removable: number[];
    }
  | {
      kind: 'multiple';
      status: 'done';
      /** A smallest UA set no clue hits: the cells where two solutions differ least. */
      cells: number[];
      /** Those cells' digits in one solution and in another that differs there only. */
      digits: number[];
      others: number[];
      /** How many unhit UA sets have that smallest size. */
      smallest: number;
      /** Unhit UA sets of at most `searchedSize` cells. */
      unhit: number;
      searchedSize: number;
      add: ClueToAdd | null;
    }
  | { kind: UAKind; status: 'over-budget' };

/**
 * The digits of a grid that equals `solution` outside `cells` and differs on each of them:
 * one exists when `cells` is a minimal UA set or where two solutions differ.
 */
function otherFilling(solution: ArrayLike<number>, cells: readonly number[]): number[] {
  const cands = new Uint16Array(81);
  for (let c = 0; c < 81; c++) cands[c] = bit(solution[c]);
  for (const c of cells) cands[c] = 0x1ff & ~bit(solution[c]);
  const r = solve(cands, { limit: 1 });
  if (r.count !== 1) throw new Error('no other grid differs exactly on these cells');
  return cells.map((c) => r.solutions[0][c]);
}

function multipleInfo(text: string, budget: Budget): UAInfo {
  const r = multipleSolutions(text, { budget });
  if (r.solutions < 2) return { kind: 'multiple', status: 'over-budget' };
  const solution = Array.from(r.solution, Number);
  // The two sampled solutions differ on a UA set too, should no small one be found.
  const cells = r.smallest[0] ?? r.differing;
  // A clue that alone makes the puzzle unique hits every unhit set.
  const best = r.uniqueWith.length > 0 ? { ...r.uniqueWith[0], hits: r.unhit.length } : r.bestClues[0];
  return {
    kind: 'multiple',
    status: 'done',
    cells,
    digits: cells.map((c) => solution[c]),
    others: otherFilling(solution, cells),
    smallest: r.smallest.length,
    unhit: r.unhit.length,
    searchedSize: r.searchedSize,
    add: best ? { cell: best.cell, digit: best.digit, unique: r.uniqueWith.length > 0, hits: best.hits } : null,
  };
}

/** UA information for one 81-char puzzle (`.` or digits) within `budgetMs`. */
export function uaInfo(text: string, kind: UAKind, budgetMs: number): UAInfo {
  const budget = new Budget(budgetMs);
  const info = withinBudget((): UAInfo => {
    if (kind === 'multiple') return multipleInfo(text, budget);
    const r = minimality(text, { budget });
    // Not 1: the solver met its node budget on the first count.
    if (r.solutions !== 1) return { kind, status: 'over-budget' };
    return { kind, status: 'done', redundant: r.redundant, removable: r.largestRemovable };
  });
  return info ?? { kind, status: 'over-budget' };
}

export interface UAJob {
  items: { text: string; kind: UAKind }[];
  budgetMs: number;
  /** Start no further puzzle once this much time has passed (at least one is done). */
  sliceMs: number;
}

/** UA information for the first items of a batch: as many as fit in the slice. */
export function uaInfoBatch(job: UAJob): UAInfo[] {
  const start = performance.now();
  const out: UAInfo[] = [];
  for (const item of job.items) {
    if (out.length > 0 && performance.now() - start > job.sliceMs) break;
    out.push(uaInfo(item.text, item.kind, job.budgetMs));
  }
  return out;
}

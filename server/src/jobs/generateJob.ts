/**
 * Job `generate`: item k of a seeded generator run, on a worker thread or in-process. The item's
 * own random numbers (itemRandom(seed, k)) make its puzzle whatever thread or shard makes it: the
 * generator tries puzzles until one passes the `--where` filter (rated only as far as the filter
 * needs, filterJob.ts), then rates it for the row's trailing text if asked. The run's deadline is
 * a wall-clock time, so an item queued behind others gets what is left of it.
 */
import { Budget, BudgetExceeded } from '../engine/core/budget';
import { type GenerateSpec, generatePuzzle, itemRandom } from '../engine/generate';
import { runFilterJob } from './filterJob';
import type { Known, Where } from './filterLogic';
import { type RowJob, type RowResult, runRowJob } from './rowJobs';

export interface GenerateJob {
  spec: GenerateSpec;
  seed: number;
  item: number;
  /** The run's deadline (Date.now() milliseconds); Infinity for none. */
  until: number;
  where: Where | null;
  /** Each rating's budget (the filter's, the row's). */
  budgetMs: number;
  /** The ratings the row prints (its text is the puzzle's), or null for none. */
  row: Omit<RowJob, 'text' | 'budgetMs'> | null;
}

export interface GenerateResult {
  item: number;
  /** The puzzle (81 characters), or null when the deadline (or a cancel) came first. */
  puzzle: string | null;
  solution: string | null;
  /** Grids tried, puzzles the filter refused. */
  attempts: number;
  refused: number;
  row: RowResult | null;
}

const left = (until: number): number => Math.max(0, until - Date.now());

/** What is known of a generated puzzle before any rating: its clues, one solution; SE and W rate classic puzzles only. */
function knownOf(spec: GenerateSpec, clues: number): Known {
  const classic = spec.variant === 'classic' ? undefined : null;
  return { analysis: { clues, solutions: 1 }, se: classic, w: classic, gwb: classic };
}

export function runGenerateJob(job: GenerateJob, cancelled: () => boolean = () => false): GenerateResult {
  const random = itemRandom(job.seed, job.item);
  const budget = new Budget(left(job.until), cancelled);
  const tally = { attempts: 0 };
  let refused = 0;
  try {
    for (;;) {
      const g = generatePuzzle(job.spec, random, budget, tally);
      if (job.where) {
        const budgetMs = Math.min(job.budgetMs, left(job.until));
        const bliss = { variant: job.spec.variant, maxLevel: 2 as const };
        const verdict = runFilterJob({ text: g.puzzle, where: job.where, known: knownOf(job.spec, g.clues), budgetMs, bliss });
        if (!verdict.keep) {
          refused++;
          continue;
        }
      }
      const row = job.row && runRowJob({ ...job.row, text: g.puzzle, budgetMs: job.budgetMs });
      return { item: job.item, puzzle: g.puzzle, solution: g.solution, attempts: tally.attempts, refused, row };
    }
  } catch (err) {
    if (!(err instanceof BudgetExceeded)) throw err;
    return { item: job.item, puzzle: null, solution: null, attempts: tally.attempts, refused, row: null };
  }
}

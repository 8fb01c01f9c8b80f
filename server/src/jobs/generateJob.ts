/**
 * Job `generate`: item k of a seeded generator run, on a worker thread or in-process. The item's
 * own random numbers (itemRandom(seed, k)) make its puzzle whatever thread or shard makes it: the
 * generator tries puzzles until one passes the `--where` filter (rated only as far as the filter
 * needs, filterJob.ts), then rates it for the row's trailing text if asked. The run's deadline is
 * a wall-clock time, so an item queued behind others gets what is left of it.
 */
import { Budget, BudgetExceeded } from '../engine/core/budget';
import { candidatesFromGivens, pencilmarkString } from '../engine/core/grid';
import { type GenerateSpec, type Generated, type Tally, generatePuzzle, itemRandom, randomGrid } from '../engine/generate';
import { controlledBiasPuzzles } from '../engine/generate/controlledBias';
import { type Reduction, removeWrongCandidates, sukaku } from '../engine/generate/pencilmark';
import { runFilterJob } from './filterJob';
import type { Known, Where } from './filterLogic';
import { type RowJob, type RowResult, runRowJob } from './rowJobs';

/** How the puzzles are made: the spec's top-down removal, or Berthier's controlled-bias deletion (classic, minimal, no symmetry). */
export type GenerateMethod = 'top-down' | 'controlled-bias';

/** What the puzzle becomes before it is filtered and printed: a 729 line with wrong candidates taken out, or a sukaku of its solution. */
export type PencilmarkForm = { kind: 'pencilmark'; reduction: Reduction } | { kind: 'sukaku' };

export interface GenerateJob {
  spec: GenerateSpec;
  method: GenerateMethod;
  /** Null: the 81-character puzzle as made. */
  pencilmark: PencilmarkForm | null;
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

/** One controlled-bias puzzle (the generator is endless: its first value is always there); attempts go to the tally. */
const controlledBias = (random: () => number, budget: Budget, tally: Tally): Generated =>
  controlledBiasPuzzles(() => randomGrid('classic', random), random, budget, tally).next().value as Generated;

/** The puzzle in its printed form: as made, a reduced 729 line, or a sukaku of its solution. */
function inForm(g: Generated, form: PencilmarkForm | null, random: () => number, budget: Budget): Generated {
  if (!form) return g;
  const solution = Uint8Array.from(g.solution, Number);
  const cands = form.kind === 'sukaku' ? sukaku(solution, random, budget) : removeWrongCandidates(candidatesFromGivens(Uint8Array.from(g.puzzle, (ch) => (ch === '.' ? 0 : Number(ch)))), random, form.reduction);
  return { ...g, puzzle: pencilmarkString(cands), clues: cands.filter((m) => (m & (m - 1)) === 0).length };
}

export function runGenerateJob(job: GenerateJob, cancelled: () => boolean = () => false): GenerateResult {
  const random = itemRandom(job.seed, job.item);
  const budget = new Budget(left(job.until), cancelled);
  const tally = { attempts: 0 };
  let refused = 0;
  try {
    for (;;) {
      const made = job.method === 'controlled-bias' ? controlledBias(random, budget, tally) : generatePuzzle(job.spec, random, budget, tally);
      const g = inForm(made, job.pencilmark, random, budget);
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

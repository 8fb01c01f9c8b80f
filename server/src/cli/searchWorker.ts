/**
 * What `search-pattern` and `search17` share: the exhaustive UA searches (engine/ua) run on a
 * worker thread (dist/ratingWorker.js, jobs/uaJobs.ts), so the main thread draws the progress and
 * answers Ctrl-C (puzzles already printed stay; exit 130); the grids they read; their budgets.
 */
import { DEFAULT_NODE_BUDGET } from '../engine/core/analyze';
import type { SearchEvent } from '../jobs/uaJobs';
import type { JobArg, JobResult } from '../jobs/table';
import { runJob } from '../jobs/workers';
import type { BUDGET_NODES, OptionValues, budgetMs } from './command';
import type { Input } from './inputs';
import { cliWorkers, positiveInt } from './io';
import { Progress } from './progress';
import { type GridInput, readGrids } from './uaInputs';

/** What both searches read the same way. */
export type SearchOptions = OptionValues<{ 'budget-ms': ReturnType<typeof budgetMs>; 'budget-nodes': typeof BUDGET_NODES }>;

const SEARCH_BUDGET_MS = 600_000;

/**
 * Runs a job of dist/ratingWorker.js on its own thread, drawing its progress on stderr and
 * passing its other events on. Ctrl-C stops the worker and exits with status 130.
 */
export async function inWorker<K extends 'patternSearch' | 'clueSearch'>(
  name: K,
  job: JobArg<K>,
  label: string,
  onEvent: (e: SearchEvent, progress: Progress | null) => void,
): Promise<JobResult<K>> {
  const pool = cliWorkers().pool(1);
  let progress = null as Progress | null; // created by the first progress event, which knows the total
  let shown = 0;
  const onInterrupt = (): void => {
    progress?.clear();
    process.stderr.write(`sudoku-lens: ${label} interrupted\n`);
    void pool.terminate(true);
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);
  try {
    const on = (e: SearchEvent): void => {
      if (e.kind === 'progress') {
        progress ??= new Progress(e.total, label);
        progress.tick(e.done - shown);
        shown = e.done;
      }
      onEvent(e, progress);
    };
    return await runJob(pool, name, job, on);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    progress?.finish();
    await pool.terminate();
  }
}

export function budgetOf(values: SearchOptions): number {
  return positiveInt('budget-ms', values['budget-ms'], SEARCH_BUDGET_MS);
}

export function gridsOf(inputs: readonly Input[], values: SearchOptions, onRead?: (i: number) => ((chunk: Buffer) => void) | undefined): Promise<{ grids: GridInput[]; errors: number }> {
  return readGrids(inputs, positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET), onRead);
}

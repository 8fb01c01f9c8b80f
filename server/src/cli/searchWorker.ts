/**
 * What `search-pattern` and `search17` share: the exhaustive UA searches (engine/ua) run on a
 * worker thread, one for the command's life (dist/ratingWorker.js, jobs/uaJobs.ts), so the main thread draws the progress and
 * answers Ctrl-C (puzzles already printed stay; exit 130); the grids they read; their budgets.
 */
import type workerpool from 'workerpool';
import { DEFAULT_NODE_BUDGET } from '../engine/core/analyze';
import type { SearchEvent } from '../jobs/uaJobs';
import type { JobArg, JobResult } from '../jobs/table';
import { runJob } from '../jobs/workers';
import type { BUDGET_NODES, OptionValues, budgetMs } from './command';
import type { Input } from './inputs';
import { cliWorkers, positiveInt } from './io';
import { Progress } from './progress';
import { type GridReading, readGrids } from './uaInputs';

/** What both searches read the same way. */
export type SearchOptions = OptionValues<{ 'budget-ms': ReturnType<typeof budgetMs>; 'budget-nodes': typeof BUDGET_NODES }>;

const SEARCH_BUDGET_MS = 600_000;

/** One worker thread for a command's searches, one after another (a thread is started once, not per grid). */
export interface SearchWorker {
  /**
   * Runs a job of dist/ratingWorker.js on the thread, drawing its progress on stderr and passing
   * its other events on. Ctrl-C stops the worker and exits with status 130.
   */
  run<K extends 'patternSearch' | 'clueSearch'>(name: K, job: JobArg<K>, label: string, onEvent: (e: SearchEvent, progress: Progress | null) => void): Promise<JobResult<K>>;
  close(): Promise<void>;
}

export function searchWorker(): SearchWorker {
  const pool = cliWorkers().pool(1);
  return {
    run: (name, job, label, onEvent) => inWorker(pool, name, job, label, onEvent),
    close: async () => {
      await pool.terminate();
    },
  };
}

async function inWorker<K extends 'patternSearch' | 'clueSearch'>(
  pool: workerpool.Pool,
  name: K,
  job: JobArg<K>,
  label: string,
  onEvent: (e: SearchEvent, progress: Progress | null) => void,
): Promise<JobResult<K>> {
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
  }
}

export function budgetOf(values: SearchOptions): number {
  return positiveInt('budget-ms', values['budget-ms'], SEARCH_BUDGET_MS);
}

export function gridsOf(inputs: readonly Input[], values: SearchOptions, onRead?: (i: number) => ((chunk: Buffer) => void) | undefined): GridReading {
  return readGrids(inputs, positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET), onRead);
}

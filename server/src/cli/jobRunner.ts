/**
 * How the batch commands (rate, its filters, stats, generate) run a job per puzzle and how many they
 * keep in flight: one definition, so that all three treat a dead worker, Ctrl-C and a slow
 * pipe alike.
 */
import { availableParallelism } from 'node:os';
import type workerpool from 'workerpool';
import { plural } from '../engine/core/format';
import type { JobArg, JobResult } from '../jobs/table';
import { runJob } from '../jobs/workers';
import { positiveInt, UsageError } from './io';
import { workerCrash } from './workerFailure';

/**
 * Runs job `name` on the pool's worker threads, or in-process one per event-loop turn (so rows
 * are written and Ctrl-C is heard between puzzles). A worker that dies (out of memory, say) is
 * replaced by the pool: the job gets one more try on a fresh one.
 */
export function jobRunner<K extends 'row' | 'filter' | 'generate'>(
  pool: workerpool.Pool | null,
  name: K,
  inProcess: (arg: JobArg<K>) => JobResult<K>,
): (arg: JobArg<K>) => Promise<JobResult<K>> {
  const once = (arg: JobArg<K>): Promise<JobResult<K>> =>
    pool
      ? Promise.resolve(runJob(pool, name, arg))
      : new Promise((resolve, reject) =>
          setImmediate(() => {
            try {
              resolve(inProcess(arg));
            } catch (err) {
              reject(err);
            }
          }),
        );
  return (arg) => once(arg).catch((err: unknown) => (workerCrash(err) ? once(arg) : Promise.reject(err)));
}

/**
 * Puzzles started ahead of the one whose row is next: enough to keep every worker busy past a
 * slow puzzle, no more, so an endless pipe is read only as fast as it is rated.
 */
export const lookAhead = (pool: workerpool.Pool | null, workers: number): number => (pool ? Math.max(64, workers * 32) : 1);

/** `--workers N`, or serate's `--threads N` where a command takes it: parallel ratings, at most the cores available. */
export function workersOption(values: { workers?: string; threads?: string }, cores = availableParallelism()): number {
  if (values.workers !== undefined && values.threads !== undefined) throw new UsageError('--threads is serate’s name for --workers: give one of them');
  const name = values.threads !== undefined ? 'threads' : 'workers';
  const raw = values.threads ?? values.workers;
  const asked = positiveInt(name, raw, cores);
  // More threads than cores only add memory (each has its own heap): 400 of them exhaust V8's.
  if (asked > cores) process.stderr.write(`sudoku-lens: --${name} ${raw} capped at ${plural(cores, 'core')} available\n`);
  return Math.min(asked, cores);
}

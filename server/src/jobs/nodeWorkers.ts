/** The Node server's rating workers: worker threads running dist/ratingWorker.js. */
import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';
import workerpool from 'workerpool';
import type { RatingWorkers } from './workers';

/**
 * The V8 heap of every thread that rates (the CLI's and the language server's pools, and the
 * bench's ratings, `ratingThread`): a rating's garbage is short-lived, so a small young generation
 * is collected often and cheaply. 4 MiB (V8 makes that 2 MiB semi-spaces; its default is 48 MiB,
 * 16 MiB semi-spaces) costs no measurable CPU on the forum's hardest and keeps each thread's
 * memory tens of MiB lower (BENCHMARKS.md, "the garbage collector").
 */
export const RATING_HEAP: Readonly<ResourceLimits> = { maxYoungGenerationSizeMb: 4 };

/** `oldGenerationMb`: a cap on each thread's old generation (the CLI's: a long run's memory stays flat). */
export function nodeWorkers(script: string, oldGenerationMb?: number): RatingWorkers {
  const resourceLimits: ResourceLimits = oldGenerationMb ? { ...RATING_HEAP, maxOldGenerationSizeMb: oldGenerationMb } : { ...RATING_HEAP };
  return {
    cores: availableParallelism(),
    pool: (maxWorkers) => workerpool.pool(script, { workerType: 'thread', maxWorkers, workerThreadOpts: { resourceLimits } }),
  };
}

/** One thread running `script` with the rating heap: for a benchmark that rates as the product does. */
export const ratingThread = (script: string, options: WorkerOptions): Worker => new Worker(script, { ...options, resourceLimits: { ...RATING_HEAP } });

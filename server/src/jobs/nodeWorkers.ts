/** The Node server's rating workers: worker threads running dist/ratingWorker.js. */
import { availableParallelism } from 'node:os';
import type { ResourceLimits } from 'node:worker_threads';
import workerpool from 'workerpool';
import type { RatingWorkers } from './workers';

/** `limits`: each thread's V8 heap limits (the CLI keeps the young generation small: a long run's memory stays flat). */
export function nodeWorkers(script: string, limits?: ResourceLimits): RatingWorkers {
  return {
    cores: availableParallelism(),
    pool: (maxWorkers) => workerpool.pool(script, { workerType: 'thread', maxWorkers, workerThreadOpts: limits && { resourceLimits: limits } }),
  };
}

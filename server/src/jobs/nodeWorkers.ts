/** The Node server's rating workers: worker threads running dist/ratingWorker.js. */
import { availableParallelism } from 'node:os';
import workerpool from 'workerpool';
import type { RatingWorkers } from './workers';

export function nodeWorkers(script: string): RatingWorkers {
  return {
    cores: availableParallelism(),
    pool: (maxWorkers) => workerpool.pool(script, { workerType: 'thread', maxWorkers }),
  };
}

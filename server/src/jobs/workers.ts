/**
 * The callers' side of the rating worker: where its pools come from (RatingWorkers: threads in
 * Node, nodeWorkers.ts; Web Workers in the browser, browser.ts) and the one way to run a job of
 * the table on one (runJob).
 */
import type workerpool from 'workerpool';
import type { PauseFlag } from './pause';
import type { JobArg, JobEvent, JobName, JobResult } from './table';

/** Pools of workers running ratingWorker.ts's jobs. */
export interface RatingWorkers {
  /** Cores available: background work gets all but one. */
  readonly cores: number;
  /** A pool of at most `maxWorkers` workers. */
  pool(maxWorkers: number): workerpool.Pool;
}

/**
 * Job `name` on a worker of `pool`; `on` receives the events it emits; while `pause` is set, a job
 * that can pause waits at its next budget check (pause.ts). The returned promise is workerpool's,
 * so `cancel()` stops the job (and its worker, if it runs).
 */
export function runJob<K extends JobName>(pool: workerpool.Pool, name: K, arg: JobArg<K>, on?: (event: JobEvent<K>) => void, pause?: PauseFlag) {
  return pool.exec<(arg: JobArg<K>, pause?: PauseFlag) => JobResult<K>>(name, pause ? [arg, pause] : [arg], { on });
}

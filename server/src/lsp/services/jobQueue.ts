/**
 * The background pool's queue, kept in the server rather than in workerpool: the pool gets a job
 * only when one of its workers is free, so a job still waiting here has not started and can be
 * taken back (a hover that needs it now runs it on the interactive pool instead).
 */

/** A job waiting for a worker; `start` runs it and settles when it ends. */
export interface Queued {
  start(): Promise<unknown>;
}

export class JobQueue {
  /** In arrival order (a Set keeps it); the first starts next. */
  private readonly waiting = new Set<Queued>();
  private running = 0;

  /** `slots`: the pool's workers. */
  constructor(private readonly slots: number) {}

  add(job: Queued): void {
    this.waiting.add(job);
    this.next();
  }

  /** Takes `job` out if it has not started: true when it was still waiting. */
  take(job: Queued): boolean {
    return this.waiting.delete(job);
  }

  private next(): void {
    while (this.running < this.slots) {
      const job = this.waiting.values().next().value;
      if (!job) return;
      this.waiting.delete(job);
      this.running++;
      const freed = (): void => {
        this.running--;
        this.next();
      };
      job.start().then(freed, freed);
    }
  }
}

/**
 * The background pool's queue, kept in the server rather than in workerpool: the pool gets a job
 * only when one of its workers is free, so a job still waiting here has not started and can be
 * taken back (a hover that needs it now runs it on the interactive pool instead).
 * Three lanes: `later` runs only when `now` is empty. It holds what the view's puzzles will need
 * when hovered (their W and BLISS figures), behind their SE ratings: newest first, since the view
 * that asked last is the one the mouse is over; it keeps the newest `laterKept` jobs, so a view
 * scrolled past does not leave hours of work behind it. `bulk` runs when both are empty: work on
 * whole documents (the UA sets of every puzzle, a batch at a time), which would otherwise put a
 * batch's slice ahead of the ratings of each new view.
 * While held (someone waits for an interactive job), neither lane starts a job: the background
 * leaves the cores to what someone waits for.
 */

/** A job waiting for a worker; `start` runs it and settles when it ends. */
export interface Queued {
  start(): Promise<unknown>;
}

/** A job of the `later` lane: `drop` settles it when the lane lets it go unstarted. */
export interface Droppable extends Queued {
  drop(): void;
}

export class JobQueue {
  /** In arrival order (a Set keeps it); the first starts next. */
  private readonly waiting = new Set<Queued>();
  /** Oldest first; the last starts next. */
  private readonly later: Droppable[] = [];
  /** In arrival order, behind both other lanes. */
  private readonly bulk = new Set<Queued>();
  private running = 0;
  private held = false;

  /** `slots`: the pool's workers; `laterKept`: the most jobs the `later` lane holds. */
  constructor(
    private readonly slots: number,
    private readonly laterKept = 256,
  ) {}

  add(job: Queued): void {
    this.waiting.add(job);
    this.next();
  }

  /** Queues `job` behind every job of the `now` lane, ahead of the older ones of its own; the oldest is dropped past `laterKept`. */
  addLater(job: Droppable): void {
    this.later.push(job);
    if (this.later.length > this.laterKept) this.later.shift()?.drop();
    this.next();
  }

  /** Queues `job` behind every job of the other lanes. */
  addBulk(job: Queued): void {
    this.bulk.add(job);
    this.next();
  }

  /** Whether `job` waits in the `later` lane. */
  isLater(job: Queued): boolean {
    return this.later.includes(job as Droppable);
  }

  /** `held`: start no job until released (jobs that run go on; the server pauses those that can). */
  hold(held: boolean): void {
    if (held === this.held) return;
    this.held = held;
    this.next();
  }

  /** Takes `job` out if it has not started: true when it was still waiting (in any lane). */
  take(job: Queued): boolean {
    if (this.waiting.delete(job) || this.bulk.delete(job)) return true;
    const i = this.later.indexOf(job as Droppable);
    if (i >= 0) this.later.splice(i, 1);
    return i >= 0;
  }

  private next(): void {
    while (!this.held && this.running < this.slots) {
      const job = this.waiting.values().next().value ?? this.later.pop() ?? this.bulk.values().next().value;
      if (!job) return;
      this.waiting.delete(job);
      this.bulk.delete(job);
      this.running++;
      const freed = (): void => {
        this.running--;
        this.next();
      };
      job.start().then(freed, freed);
    }
  }
}

/**
 * SE ratings for the editor: computed in worker threads (a rating can take seconds), cached
 * by puzzle text as small summaries; full step lists are kept only for the latest few.
 * Two pools: background work (inlay hints, Rate all) may queue many hard puzzles, so what the
 * user is waiting for (hover, Rate, Show path, grid view) runs on a worker of its own. When a
 * hover stops waiting, its job moves to the background pool, so one hard puzzle hovered in
 * passing cannot hold up the next hover.
 * Where the workers come from is the entry's business (jobs/workers.ts's RatingWorkers): threads
 * in Node (jobs/nodeWorkers.ts), Web Workers in the browser (browser.ts).
 */
import type workerpool from 'workerpool';
import type { CancellationToken } from 'vscode-languageserver';
import type { ExtraRatings } from '../../engine/whips/extraRatings';
import type { PuzzleVariant } from '../../engine/core/parse';
import { type Rating, type RatingSummary, summarize } from '../../engine/se/rate';
import type { AnalysisCache } from './analysisCache';
import type { Puzzle } from '../../engine/core/parse';
import type { JobArg, JobEvent, JobName, JobResult } from '../../jobs/table';
import { type RatingWorkers, runJob } from '../../jobs/workers';

const PATHS_KEPT = 20;
const EXTRAS_KEPT = 20_000;

/** The jobs whose results the service keeps (run()). */
type Kept = 'rate' | 'extras';

interface Running {
  promise: Promise<unknown>;
  /** Cancels the interactive run; its waiters get the background run's result instead. */
  demote?: () => void;
}

/** Job `name` on a worker of `pool`; `token` cancels it, stopping its worker if it runs. */
function cancellable<K extends JobName>(pool: workerpool.Pool, name: K, arg: JobArg<K>, token?: CancellationToken, on?: (event: JobEvent<K>) => void): Promise<JobResult<K>> {
  const task = runJob(pool, name, arg, on);
  const cancelling = token?.onCancellationRequested(() => task.cancel());
  return Promise.resolve(task).finally(() => cancelling?.dispose());
}

export class RatingService {
  private readonly background: workerpool.Pool;
  private readonly interactive: workerpool.Pool;
  /** Long searches the user started (UA commands): a worker of their own, made on first use. */
  private searchPool: workerpool.Pool | null = null;
  private readonly summaries = new Map<string, RatingSummary>();
  private readonly paths = new Map<string, Rating>();
  private readonly extrasKept = new Map<string, ExtraRatings>();
  private readonly inflight = new Map<string, Running>();
  /**
   * Counts the setting changes that change what the jobs compute: a job started before one is
   * neither joined by a later request nor kept when it ends (its result is of the old settings).
   */
  private generation = 0;

  constructor(
    private readonly workers: RatingWorkers,
    private budgetMs: number,
    /** BLISS's DoSingles also applies locked candidates (setting sudokuLens.bliss.lockedCandidates). */
    private blissLockedCandidates: boolean,
    /** Called after each new rating, e.g. to refresh inlay hints and diagnostics. */
    private readonly onRated: (text: string) => void,
  ) {
    this.background = workers.pool(Math.max(1, workers.cores - 1));
    // Two, so that a hover's SE rating and its W and BLISS figures are computed side by side.
    this.interactive = workers.pool(Math.min(2, workers.cores));
  }

  configure(budgetMs: number, blissLockedCandidates: boolean): void {
    if (blissLockedCandidates !== this.blissLockedCandidates) {
      this.blissLockedCandidates = blissLockedCandidates;
      this.extrasKept.clear();
      this.generation++;
    }
    if (budgetMs === this.budgetMs) return;
    this.budgetMs = budgetMs;
    this.summaries.clear();
    this.paths.clear();
    this.extrasKept.clear();
    this.generation++;
  }

  peekExtras(text: string, variant: PuzzleVariant): ExtraRatings | undefined {
    return this.extrasKept.get(`${variant}:${text}`);
  }

  /** W, T&E depth, backdoor size and BLISS for one puzzle (see engine/whips/extraRatings.ts). */
  extras(text: string, variant: PuzzleVariant, interactive = false): Promise<ExtraRatings> {
    const key = `${variant}:${text}`;
    const kept = this.extrasKept.get(key);
    if (kept) return Promise.resolve(kept);
    return this.run('extras', key, { text, variant, budgetMs: this.budgetMs, lockedCandidates: this.blissLockedCandidates }, interactive, (extras) => {
      this.extrasKept.set(key, extras);
      if (this.extrasKept.size > EXTRAS_KEPT) this.extrasKept.delete(this.extrasKept.keys().next().value as string);
      this.onRated(text);
    });
  }

  peek(text: string): RatingSummary | undefined {
    return this.summaries.get(text);
  }

  /**
   * The full rating with its steps; `unique` must say whether the puzzle has one solution.
   * `interactive`: someone is waiting for it; it does not queue behind background work.
   */
  path(text: string, unique: boolean, interactive = false): Promise<Rating> {
    const kept = this.paths.get(text);
    if (kept) return Promise.resolve(kept);
    return this.run('rate', text, { text, unique, budgetMs: this.budgetMs }, interactive, (rating) => {
      this.summaries.set(text, summarize(rating));
      this.paths.set(text, rating);
      if (this.paths.size > PATHS_KEPT) this.paths.delete(this.paths.keys().next().value as string);
      this.onRated(text);
    });
  }

  async summary(text: string, unique: boolean, interactive = false): Promise<RatingSummary> {
    return this.peek(text) ?? summarize(await this.path(text, unique, interactive));
  }

  /** The rating of a unique puzzle if it comes within `ms`; past that it goes on in the background. */
  pathWithin(text: string, ms: number): Promise<Rating | undefined> {
    return this.waitOrDemote(this.path(text, true, true), this.jobId('rate', true, text), ms);
  }

  extrasWithin(text: string, variant: PuzzleVariant, ms: number): Promise<ExtraRatings | undefined> {
    return this.waitOrDemote(this.extras(text, variant, true), this.jobId('extras', true, `${variant}:${text}`), ms);
  }

  private async waitOrDemote<T>(promise: Promise<T>, id: string, ms: number): Promise<T | undefined> {
    const result = await within(promise, ms);
    if (result === undefined) this.inflight.get(id)?.demote?.();
    return result;
  }

  /**
   * A job whose result is not kept (BLISS over a whole file, a BLISS log): on the interactive pool
   * when someone waits for it, else the background one. `token` cancels it, stopping its worker if it runs.
   */
  oneOff<K extends JobName>(name: K, arg: JobArg<K>, interactive: boolean, token?: CancellationToken): Promise<JobResult<K>> {
    return cancellable(interactive ? this.interactive : this.background, name, arg, token);
  }

  /**
   * A search the user waits for (minutes, maybe): on its own worker, so hovers and background
   * ratings do not wait for it, nor it for them. `on` receives the worker's events (progress).
   */
  search<K extends JobName>(name: K, arg: JobArg<K>, token: CancellationToken, on?: (event: JobEvent<K>) => void): Promise<JobResult<K>> {
    this.searchPool ??= this.workers.pool(1);
    return cancellable(this.searchPool, name, arg, token, on);
  }

  async dispose(): Promise<void> {
    await Promise.all([this.background.terminate(true), this.interactive.terminate(true), this.searchPool?.terminate(true)]);
  }

  /** A running job's key in `inflight`: one per (name, pool, settings, key). */
  private jobId(name: Kept, interactive: boolean, key: string): string {
    return `${name}:${interactive ? 'i' : 'b'}:${this.generation}:${key}`;
  }

  /** One worker job per (name, pool, settings, key) at a time; `done` stores the result unless the settings changed meanwhile. */
  private run<K extends Kept>(name: K, key: string, arg: JobArg<K>, interactive: boolean, done: (result: JobResult<K>) => void): Promise<JobResult<K>> {
    const generation = this.generation;
    const id = this.jobId(name, interactive, key);
    const running = this.inflight.get(id);
    if (running) return running.promise as Promise<JobResult<K>>;
    const task = runJob(interactive ? this.interactive : this.background, name, arg);
    let demoted = false;
    const entry: Running = { promise: Promise.resolve() };
    const promise = Promise.resolve(task)
      .then(
        (result) => {
          if (generation === this.generation) done(result);
          return result;
        },
        (err: unknown) => {
          // Its waiters still get a result of the settings they asked under; kept only if those still hold.
          if (demoted) return this.run(name, key, arg, false, generation === this.generation ? done : () => undefined);
          throw err;
        },
      )
      .finally(() => {
        if (this.inflight.get(id) === entry) this.inflight.delete(id);
      });
    entry.promise = promise;
    if (interactive) {
      entry.demote = () => {
        demoted = true;
        this.inflight.delete(id);
        task.cancel();
      };
    }
    this.inflight.set(id, entry);
    return promise;
  }
}

/** The text to rate, or null: SE's techniques (uniqueness ones above all) need exactly one solution. */
export function ratableText(puzzle: Puzzle, cache: AnalysisCache): string | null {
  return cache.get(puzzle)?.status === 'unique' ? puzzle.text : null;
}

/** Resolves to undefined when `promise` takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * SE ratings for the editor: computed in worker threads (a rating can take seconds), cached
 * by puzzle text as small summaries; full step lists are kept only for the latest few.
 */
import { availableParallelism } from 'node:os';
import workerpool from 'workerpool';
import { type Rating, type RatingSummary, summarize } from './engine/rate';
import type { AnalysisCache } from './analysisCache';
import type { Puzzle } from './engine/parse';
import type { RateJob } from './ratingWorker';

const PATHS_KEPT = 20;

export class RatingService {
  private readonly pool: workerpool.Pool;
  private readonly summaries = new Map<string, RatingSummary>();
  private readonly paths = new Map<string, Rating>();
  private readonly inflight = new Map<string, Promise<Rating>>();

  constructor(
    workerScript: string,
    private budgetMs: number,
    /** Called after each new rating, e.g. to refresh inlay hints and diagnostics. */
    private readonly onRated: (text: string) => void,
  ) {
    this.pool = workerpool.pool(workerScript, { workerType: 'thread', maxWorkers: Math.max(1, availableParallelism() - 1) });
  }

  configure(budgetMs: number): void {
    if (budgetMs === this.budgetMs) return;
    this.budgetMs = budgetMs;
    this.summaries.clear();
    this.paths.clear();
  }

  peek(text: string): RatingSummary | undefined {
    return this.summaries.get(text);
  }

  /** The full rating with its steps; `unique` must say whether the puzzle has one solution. */
  path(text: string, unique: boolean): Promise<Rating> {
    const kept = this.paths.get(text);
    if (kept) return Promise.resolve(kept);
    const running = this.inflight.get(text);
    if (running) return running;
    const job: RateJob = { text, unique, budgetMs: this.budgetMs };
    const promise = Promise.resolve(this.pool.exec('rate', [job]) as Promise<Rating>).then(
      (rating) => {
        this.inflight.delete(text);
        this.summaries.set(text, summarize(rating));
        this.paths.set(text, rating);
        if (this.paths.size > PATHS_KEPT) this.paths.delete(this.paths.keys().next().value as string);
        this.onRated(text);
        return rating;
      },
      (err: unknown) => {
        this.inflight.delete(text);
        throw err;
      },
    );
    this.inflight.set(text, promise);
    return promise;
  }

  async summary(text: string, unique: boolean): Promise<RatingSummary> {
    return this.peek(text) ?? summarize(await this.path(text, unique));
  }

  isPending(text: string): boolean {
    return this.inflight.has(text);
  }

  dispose(): Promise<void> {
    return this.pool.terminate(true).then(() => undefined);
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

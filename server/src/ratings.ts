/**
 * SE ratings for the editor: computed in worker threads (a rating can take seconds), cached
 * by puzzle text as small summaries; full step lists are kept only for the latest few.
 * Two pools: background work (inlay hints, Rate all) may queue many hard puzzles, so what the
 * user is waiting for (hover, Rate, Show path, grid view) runs on a worker of its own.
 */
import { availableParallelism } from 'node:os';
import workerpool from 'workerpool';
import type { ExtraRatings } from './engine/extraRatings';
import type { PuzzleVariant } from './engine/parse';
import { type Rating, type RatingSummary, summarize } from './engine/rate';
import type { AnalysisCache } from './analysisCache';
import type { Puzzle } from './engine/parse';
import type { RateJob } from './ratingWorker';

const PATHS_KEPT = 20;
const EXTRAS_KEPT = 20_000;

export class RatingService {
  private readonly background: workerpool.Pool;
  private readonly interactive: workerpool.Pool;
  private readonly summaries = new Map<string, RatingSummary>();
  private readonly paths = new Map<string, Rating>();
  private readonly inflight = new Map<string, Promise<Rating>>();
  private readonly extrasKept = new Map<string, ExtraRatings>();
  private readonly extrasInflight = new Map<string, Promise<ExtraRatings>>();

  constructor(
    workerScript: string,
    private budgetMs: number,
    /** Called after each new rating, e.g. to refresh inlay hints and diagnostics. */
    private readonly onRated: (text: string) => void,
  ) {
    this.background = workerpool.pool(workerScript, { workerType: 'thread', maxWorkers: Math.max(1, availableParallelism() - 1) });
    this.interactive = workerpool.pool(workerScript, { workerType: 'thread', maxWorkers: 1 });
  }

  configure(budgetMs: number): void {
    if (budgetMs === this.budgetMs) return;
    this.budgetMs = budgetMs;
    this.summaries.clear();
    this.paths.clear();
    this.extrasKept.clear();
  }

  peekExtras(text: string, variant: PuzzleVariant): ExtraRatings | undefined {
    return this.extrasKept.get(`${variant}:${text}`);
  }

  /** W, T&E depth, backdoor size and BLISS for one puzzle (see engine/extraRatings.ts). */
  extras(text: string, variant: PuzzleVariant, interactive = false): Promise<ExtraRatings> {
    const key = `${variant}:${text}`;
    const kept = this.extrasKept.get(key);
    if (kept) return Promise.resolve(kept);
    const running = this.extrasInflight.get(key);
    if (running) return running;
    const pool = interactive ? this.interactive : this.background;
    const promise = Promise.resolve(pool.exec('extras', [{ text, variant, budgetMs: this.budgetMs }]) as Promise<ExtraRatings>).finally(() =>
      this.extrasInflight.delete(key),
    );
    this.extrasInflight.set(key, promise);
    return promise.then((extras) => {
      this.extrasKept.set(key, extras);
      if (this.extrasKept.size > EXTRAS_KEPT) this.extrasKept.delete(this.extrasKept.keys().next().value as string);
      this.onRated(text);
      return extras;
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
    const key = `${interactive ? 'i' : 'b'}:${text}`;
    const running = this.inflight.get(key);
    if (running) return running;
    const job: RateJob = { text, unique, budgetMs: this.budgetMs };
    const pool = interactive ? this.interactive : this.background;
    const promise = Promise.resolve(pool.exec('rate', [job]) as Promise<Rating>).then(
      (rating) => {
        this.inflight.delete(key);
        this.summaries.set(text, summarize(rating));
        this.paths.set(text, rating);
        if (this.paths.size > PATHS_KEPT) this.paths.delete(this.paths.keys().next().value as string);
        this.onRated(text);
        return rating;
      },
      (err: unknown) => {
        this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  async summary(text: string, unique: boolean, interactive = false): Promise<RatingSummary> {
    return this.peek(text) ?? summarize(await this.path(text, unique, interactive));
  }

  async dispose(): Promise<void> {
    await Promise.all([this.background.terminate(true), this.interactive.terminate(true)]);
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

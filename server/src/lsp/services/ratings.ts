/**
 * SE ratings for the editor: computed in worker threads (a rating can take seconds), cached
 * by puzzle text as small summaries; full step lists are kept only for the latest few.
 * Two pools: background work (inlay hints, Rate all) may queue many hard puzzles, so what the
 * user is waiting for (hover, Rate, Show path, grid view) runs on a worker of its own.
 * A puzzle is never rated twice at once: one job per (name, settings, puzzle), wherever it runs.
 * An interactive request joins a job already running, and promotes one still waiting in the
 * background queue (jobQueue.ts) to the interactive pool. When every interactive request has
 * stopped waiting (a hover's wait ran out, or it was cancelled), an interactive run goes back to
 * the background queue, so one hard puzzle hovered in passing cannot hold up the next hover; the
 * job's waiters keep waiting for it, whatever pool ends it.
 * Background ratings bring back the summary alone; what someone waits for, the full rating too.
 * Behind the background's work, in a lane of its own, comes what a hover on the lines in view
 * will show besides (prefetchExtras, prefetchSummary).
 * While an interactive run is under way the background yields the cores to it: its queue starts
 * nothing, and its running SE ratings pause at their next budget check (jobs/pause.ts) unless an
 * interactive request waits for that very rating (W/BLISS and UA runs cannot pause: their engine
 * budgets take no callback).
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
import { type PauseFlag, pauseFlag, pausesOf, setPaused } from '../../jobs/pause';
import { plural } from '../../engine/core/format';
import { type Droppable, JobQueue, type Queued } from './jobQueue';

/** Where a request's job goes: run at once for someone waiting, the background queue, or behind it. */
type Lane = 'interactive' | 'background' | 'later';

const PATHS_KEPT = 20;
const EXTRAS_KEPT = 20_000;

/** The jobs whose results the service keeps (run()), as the trace names them. */
export type Kept = 'rate' | 'extras';

/**
 * What an SE job brings back: its summary, and the full rating (every step) when the run computed
 * the path. Background ratings (inlay hints, Rate all, statistics) need the summary alone: the
 * steps of thousands of ratings, cloned from the workers only to be dropped, made most of the
 * server's garbage while the view moved (BENCHMARKS.md, Language server).
 */
interface SeResult {
  summary: RatingSummary;
  rating?: Rating;
}

/**
 * Why a prefetched job ended unstarted, the view having moved on: only prefetches wait for such a
 * job (any other request takes it out of the `later` lane), and they ignore it. One error for all,
 * since a view scrolled through drops dozens at a time.
 */
const DROPPED = new Error('dropped from the queue unstarted');

/** A job's run on a pool; `cancel` stops it, and its worker if it runs. */
type Running<T> = PromiseLike<T> & { cancel(): unknown };

/** One rating in flight, whoever asked for it. */
interface Job<T> extends Droppable {
  readonly name: Kept;
  readonly key: string;
  /** Runs the job on `pool`; an SE job waits while `pause` is set (jobs/pause.ts). */
  launch(pool: workerpool.Pool, pause?: PauseFlag): Running<T>;
  /** What the trace adds to the pool a run starts on: `, summary` for an SE run without the steps. */
  detail(): string;
  readonly result: Promise<T>;
  /** Waiting in the background queue, or running on a pool. */
  where: 'queued' | 'background' | 'interactive';
  /** Interactive requests waiting for it: while there are any, it does not wait in the queue. */
  wanted: number;
  /** The run under way; a run the job left (demoted) can settle it only with a result. */
  run?: { cancel(): unknown };
  settled: boolean;
  fulfil(result: T): void;
  fail(err: unknown): void;
}

/** An SE job: `path` says whether its run computes the full rating; set before the run starts. */
interface SeJob extends Job<SeResult> {
  path: boolean;
}

/** An interactive request's hold on a job: `release` when it stops waiting. */
interface Wait<T> {
  result: Promise<T>;
  release(): void;
}

const known = <T>(value: T): Wait<T> => ({ result: Promise.resolve(value), release: () => undefined });

/** Job `name` on a worker of `pool`; `token` cancels it, stopping its worker if it runs. */
function cancellable<K extends JobName>(pool: workerpool.Pool, name: K, arg: JobArg<K>, token?: CancellationToken, on?: (event: JobEvent<K>) => void): Promise<JobResult<K>> {
  const task = runJob(pool, name, arg, on);
  const cancelling = token?.onCancellationRequested(() => task.cancel());
  return Promise.resolve(task).finally(() => cancelling?.dispose());
}

/** The full rating a path request's job brought back (such a job always computes it). */
function pathOf({ rating }: SeResult): Rating {
  if (!rating) throw new Error('an SE job asked for its path ran without it');
  return rating;
}

export class RatingService {
  private readonly background: workerpool.Pool;
  private readonly queue: JobQueue;
  private readonly interactive: workerpool.Pool;
  /** Long searches the user started (UA commands): a worker of their own, made on first use. */
  private searchPool: workerpool.Pool | null = null;
  private readonly summaries = new Map<string, RatingSummary>();
  private readonly paths = new Map<string, Rating>();
  private readonly extrasKept = new Map<string, ExtraRatings>();
  private readonly inflight = new Map<string, Job<unknown>>();
  /** Runs on the interactive pool now: while there are any, the background yields. */
  private interactiveRuns = 0;
  /** The background pool's runs, each with its pause flag (absent where memory cannot be shared). */
  private readonly backgroundRuns = new Map<Running<unknown>, { job: Job<unknown>; pause: PauseFlag; paused: boolean }>();
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
    /** Called after each new result (SE's or the W/BLISS figures), e.g. to refresh inlay hints and diagnostics. */
    private readonly onRated: (text: string, kind: Kept) => void,
    /** Where a job starts, is joined, promoted or demoted (the client's trace, `$/logTrace`). */
    private readonly trace: (message: string) => void = () => undefined,
  ) {
    const backgroundWorkers = Math.max(1, workers.cores - 1);
    this.background = workers.pool(backgroundWorkers);
    this.queue = new JobQueue(backgroundWorkers);
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
    return this.extrasWait(text, variant, interactive ? 'interactive' : 'background').result;
  }

  /**
   * The puzzle's extras in the queue's `later` lane, behind every SE rating: what a hover on the
   * lines in view will show, so that it finds them there. Dropped unstarted when the view has
   * moved on far enough (JobQueue's `laterKept`).
   */
  prefetchExtras(text: string, variant: PuzzleVariant): void {
    if (!this.peekExtras(text, variant)) this.extrasWait(text, variant, 'later').result.catch(() => undefined);
  }

  /** The SE summary of a unique puzzle in the `later` lane: as prefetchExtras, for views whose inlay hints show W or BLISS. */
  prefetchSummary(text: string): void {
    if (!this.peek(text)) this.seWait(text, true, 'later', false).result.catch(() => undefined);
  }

  peek(text: string): RatingSummary | undefined {
    return this.summaries.get(text);
  }

  /**
   * The full rating with its steps; `unique` must say whether the puzzle has one solution.
   * `interactive`: someone is waiting for it; it does not queue behind background work.
   */
  path(text: string, unique: boolean, interactive = false): Promise<Rating> {
    return this.seWait(text, unique, interactive ? 'interactive' : 'background', true).result.then(pathOf);
  }

  /**
   * The rating's summary: computed without the steps unless someone waits for it (`interactive`:
   * a hover's or a command's puzzle keeps its path for the lenses that show it).
   */
  async summary(text: string, unique: boolean, interactive = false): Promise<RatingSummary> {
    return this.peek(text) ?? (await this.seWait(text, unique, interactive ? 'interactive' : 'background', false).result).summary;
  }

  /**
   * The rating of a unique puzzle if it comes within `ms` (and before `token` is cancelled); past
   * that it goes on in the background.
   */
  pathWithin(text: string, ms: number, token?: CancellationToken): Promise<Rating | undefined> {
    return waitFor(this.seWait(text, true, 'interactive', true), ms, token).then((r) => r && pathOf(r));
  }

  /** The summary alone (a hover's row): a running job of the puzzle's is joined whether or not it computes the path. */
  summaryWithin(text: string, ms: number, token?: CancellationToken): Promise<RatingSummary | undefined> {
    const kept = this.peek(text);
    return kept ? Promise.resolve(kept) : waitFor(this.seWait(text, true, 'interactive', false), ms, token).then((r) => r?.summary);
  }

  extrasWithin(text: string, variant: PuzzleVariant, ms: number, token?: CancellationToken): Promise<ExtraRatings | undefined> {
    return waitFor(this.extrasWait(text, variant, 'interactive'), ms, token);
  }

  /**
   * The puzzle's SE job. `path`: the caller needs the steps. A job still queued is made to compute
   * them when someone waits for it (free before it starts); a running one without them is waited
   * for, then a job with them follows (never two ratings of a puzzle at once).
   */
  private seWait(text: string, unique: boolean, lane: Lane, path: boolean): Wait<SeResult> {
    const rating = this.paths.get(text);
    if (rating) return known({ summary: this.summaries.get(text) ?? summarize(rating), rating });
    const summary = path ? undefined : this.summaries.get(text);
    if (summary) return known({ summary });
    const current = this.inflight.get(this.jobId('rate', text)) as SeJob | undefined;
    if (current && path && !current.path && current.where !== 'queued') return this.after(current, () => this.seWait(text, unique, lane, path));
    const steps = path || lane === 'interactive' || !unique;
    if (current?.where === 'queued' && steps) current.path = true;
    return this.run('rate', text, lane, () => this.newSeJob(text, unique, steps));
  }

  /** `then`'s wait once `job` has ended: what follows a running job that cannot give what is asked. */
  private after<T>(job: Job<unknown>, then: () => Wait<T>): Wait<T> {
    let next: Wait<T> | undefined;
    let released = false;
    const result = job.result
      .catch(() => undefined)
      .then(() => {
        next = then();
        if (released) next.release();
        return next.result;
      });
    return {
      result,
      release: () => {
        released = true;
        next?.release();
      },
    };
  }

  private newSeJob(text: string, unique: boolean, path: boolean): SeJob {
    const job = this.newJob<SeResult>(
      'rate',
      text,
      // Without the steps: the `row` job with SE alone (`se: true`, so its row has the summary).
      (pool, pause) =>
        job.path
          ? runJob(pool, 'rate', { text, unique, budgetMs: this.budgetMs }, undefined, pause).then((rating): SeResult => ({ summary: summarize(rating), rating }))
          : runJob(pool, 'row', { text, budgetMs: this.budgetMs, se: true, bliss: null, w: null }, undefined, pause).then((row): SeResult => ({ summary: row.se as RatingSummary })),
      ({ summary, rating }) => {
        this.summaries.set(text, summary);
        if (rating) {
          this.paths.set(text, rating);
          if (this.paths.size > PATHS_KEPT) this.paths.delete(this.paths.keys().next().value as string);
        }
        this.onRated(text, 'rate');
      },
      () => (job.path ? '' : ', summary'),
    ) as SeJob;
    job.path = path;
    return job;
  }

  private extrasWait(text: string, variant: PuzzleVariant, lane: Lane): Wait<ExtraRatings> {
    const key = `${variant}:${text}`;
    const kept = this.extrasKept.get(key);
    if (kept) return known(kept);
    const arg = { text, variant, budgetMs: this.budgetMs, lockedCandidates: this.blissLockedCandidates };
    return this.run('extras', key, lane, () =>
      this.newJob<ExtraRatings>('extras', key, (pool) => runJob(pool, 'extras', arg), (extras) => {
        this.extrasKept.set(key, extras);
        if (this.extrasKept.size > EXTRAS_KEPT) this.extrasKept.delete(this.extrasKept.keys().next().value as string);
        this.onRated(text, 'extras');
      }),
    );
  }

  /**
   * A job whose result is not kept (BLISS over a whole file, a BLISS log, UA batches): on the
   * interactive pool when someone waits for it, else through the background queue's bulk lane,
   * behind the ratings of the lines in view and what their hovers will show. `token` cancels it,
   * stopping its worker if it runs.
   */
  oneOff<K extends JobName>(name: K, arg: JobArg<K>, interactive: boolean, token?: CancellationToken): Promise<JobResult<K>> {
    if (interactive) return cancellable(this.interactive, name, arg, token);
    return new Promise((resolve, reject) => {
      const queued: Queued = {
        start: () => {
          const running = cancellable(this.background, name, arg, token);
          running.then(resolve, reject);
          return running;
        },
      };
      this.queue.addBulk(queued);
      token?.onCancellationRequested(() => {
        if (this.queue.take(queued)) reject(new Error(`${name} cancelled`));
      });
    });
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

  /** A job's key in `inflight`: one per (name, settings, key), whichever pool runs it. */
  private jobId(name: Kept, key: string): string {
    return `${name}:${this.generation}:${key}`;
  }

  /**
   * The job of (name, settings, key): joined if one is in flight, else a new one (`create`d),
   * queued in the background (`later`: behind the rest) or run at once on the interactive pool.
   * A background request takes a job it joins out of the `later` lane.
   */
  private run<T>(name: Kept, key: string, lane: Lane, create: () => Job<T>): Wait<T> {
    const id = this.jobId(name, key);
    const joined = this.inflight.get(id) as Job<T> | undefined;
    const job = joined ?? create();
    const interactive = lane === 'interactive';
    if (joined) this.trace(`${name} joined (${job.where}) by a ${interactive ? 'hover or command' : lane === 'later' ? 'prefetch' : 'background request'}: ${key}`);
    else this.inflight.set(id, job as Job<unknown>);
    if (!interactive) {
      if (!joined) {
        this.trace(`${name} queued${lane === 'later' ? ' (later)' : ''}: ${key}`);
        if (lane === 'later') this.queue.addLater(job);
        else this.queue.add(job);
      } else if (lane === 'background' && this.queue.isLater(job)) {
        this.queue.take(job);
        this.queue.add(job);
      }
      return { result: job.result, release: () => undefined };
    }
    job.wanted++;
    if (!joined) this.start(job, 'interactive');
    else if (this.queue.take(job)) {
      this.trace(`${name} promoted: ${key}`);
      this.start(job, 'interactive');
    } else this.shareCores(); // a running background job someone now waits for goes on
    let released = false;
    return {
      result: job.result,
      release: () => {
        if (released) return;
        released = true;
        if (--job.wanted === 0 && job.where === 'interactive' && !job.settled) this.demote(job);
        else this.shareCores();
      },
    };
  }

  /** A job of (name, settings, key); `done` stores its result unless the settings changed meanwhile. */
  private newJob<T>(name: Kept, key: string, launch: Job<T>['launch'], done: (result: T) => void, detail = (): string => ''): Job<T> {
    const generation = this.generation;
    const id = this.jobId(name, key);
    const ended = (): void => {
      job.settled = true;
      if (this.inflight.get(id) === job) this.inflight.delete(id);
      this.queue.take(job); // demoted, then its first run ended after all
    };
    let fulfil!: (result: T) => void;
    let fail!: (err: unknown) => void;
    const result = new Promise<T>((resolve, reject) => {
      fulfil = (value) => {
        if (job.settled) return;
        ended();
        if (generation === this.generation) done(value);
        resolve(value);
      };
      fail = (err) => {
        if (job.settled) return;
        ended();
        reject(err);
      };
    });
    const job: Job<T> = {
      name,
      key,
      launch,
      detail,
      result,
      fulfil,
      fail,
      where: 'queued',
      wanted: 0,
      settled: false,
      start: () => this.start(job, 'background'),
      drop: () => {
        this.trace(`${name} dropped: ${key}`);
        fail(DROPPED);
      },
    };
    return job;
  }

  /** Runs `job` on a pool; settles when that run ends (a run the job has left settles nothing but its result). */
  private start<T>(job: Job<T>, where: 'background' | 'interactive'): Promise<void> {
    this.trace(`${job.name} started (${where}${job.detail()}): ${job.key}`);
    job.where = where;
    // Only SE's rating can pause: the W/BLISS engine calls' budgets take no callback.
    const pause = where === 'background' && job.name === 'rate' ? pauseFlag() : undefined;
    const run = job.launch(where === 'interactive' ? this.interactive : this.background, pause);
    job.run = run;
    if (pause) this.backgroundRuns.set(run, { job, pause, paused: false });
    else if (where === 'interactive') this.interactiveRuns++;
    this.shareCores();
    const ended = (): void => {
      if (where === 'interactive') this.interactiveRuns--;
      this.backgroundRuns.delete(run);
      this.shareCores();
    };
    return Promise.resolve(run)
      .finally(ended)
      .then(job.fulfil, (err: unknown) => {
        if (job.run === run) job.fail(err);
      });
  }

  /**
   * While an interactive run is under way, the background queue starts nothing and each running
   * background job pauses, unless an interactive request waits for it (a hover that joined it).
   */
  private shareCores(): void {
    const busy = this.interactiveRuns > 0;
    this.queue.hold(busy);
    for (const run of this.backgroundRuns.values()) {
      const paused = busy && run.job.wanted === 0;
      if (paused === run.paused) continue;
      run.paused = paused;
      setPaused(run.pause, paused);
      // The worker's count says whether it reached a budget check meanwhile (a short job may have ended first).
      this.trace(paused ? `${run.job.name} paused (background): ${run.job.key}` : `${run.job.name} resumed (${plural(pausesOf(run.pause), 'pause')}): ${run.job.key}`);
    }
  }

  /** No interactive request waits any more: the run stops and the job waits in the background queue. */
  private demote(job: Job<unknown>): void {
    this.trace(`${job.name} demoted: ${job.key}`);
    const run = job.run;
    job.run = undefined;
    job.where = 'queued';
    run?.cancel();
    this.queue.add(job);
  }
}

/** `wait`'s result if it comes within `ms` and before `token` is cancelled; else undefined, and `wait` released. */
async function waitFor<T>(wait: Wait<T>, ms: number, token?: CancellationToken): Promise<T | undefined> {
  let cancelled: () => void = () => undefined;
  const cancelling = token?.onCancellationRequested(() => cancelled());
  try {
    const result = await within(Promise.race([wait.result, new Promise<undefined>((resolve) => (cancelled = () => resolve(undefined)))]), ms);
    if (result === undefined) wait.release();
    return result;
  } finally {
    cancelling?.dispose();
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

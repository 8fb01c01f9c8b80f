/**
 * The language server's RatingService (server/src/lsp/services/ratings.ts) with the bundled worker
 * (dist/ratingWorker.js, built by `npm test`): a hover that stops waiting for a hard puzzle moves
 * that rating to the background pool, so the next hover's puzzle is rated at once; a puzzle is
 * never rated twice at once (a hover joins or promotes the background job of its puzzle); while a
 * hover's own job runs, the background's SE rating pauses at its budget checks (jobs/pause.ts),
 * unless the hover waits for that rating. Jobs are counted from the service's trace.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Rating } from '../../server/src/engine/se/rate';
import { nodeWorkers } from '../../server/src/jobs/nodeWorkers';
import { pauseFlag, pausesOf, setPaused } from '../../server/src/jobs/pause';
import { runJob } from '../../server/src/jobs/workers';
import { CancellationTokenSource } from 'vscode-languageserver';
import { RatingService } from '../../server/src/lsp/services/ratings';

const WORKER = join(__dirname, '..', '..', 'dist', 'ratingWorker.js');
const GOLDEN_NUGGET = '.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....';
const SER_42 = '.......173...8...............71....6....4.3...85......2.....84..1.7........5.....';

/** Atomics.waitAsync (Node 16+; not in the ES2022 typings): resolves once `array[index]` is notified or no longer `value`. */
const { waitAsync } = Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number): { value: string | Promise<string> } };

/** Runs `test` on a service with two cores' pools (one background worker, two interactive) whose trace is kept. */
async function traced(budgetMs: number, test: (service: RatingService, trace: string[]) => Promise<void>): Promise<void> {
  const trace: string[] = [];
  const workers = { ...nodeWorkers(WORKER), cores: 2 };
  const service = new RatingService(workers, budgetMs, false, () => undefined, (m) => trace.push(m));
  try {
    await test(service, trace);
  } finally {
    await service.dispose();
  }
}

describe('RatingService', () => {
  const rated: string[] = [];
  const service = new RatingService(nodeWorkers(WORKER), 3_000, false, (text) => rated.push(text));
  afterAll(() => service.dispose());

  it('moves a job to the background when the hover stops waiting; its waiters still get the result', async () => {
    const order: string[] = [];
    const asked = service.pathWithin(GOLDEN_NUGGET, 50);
    const hard: Promise<Rating> = service.path(GOLDEN_NUGGET, true);
    hard.then(() => order.push('golden nugget'));
    expect(await asked).toBeUndefined();

    const easy = await service.pathWithin(SER_42, 60_000);
    order.push('ser 4.2');
    expect(easy).toMatchObject({ status: 'solved', er: 4.2 });

    const nugget = await hard;
    // The interactive worker was free for the second puzzle: it did not queue behind the first.
    expect(order).toEqual(['ser 4.2', 'golden nugget']);
    expect(nugget.status).toBe('budget');
    expect(nugget.er).toBeGreaterThan(7);
    expect(rated).toEqual([SER_42, GOLDEN_NUGGET]);
    expect(service.peek(GOLDEN_NUGGET)?.status).toBe('budget');
  });

  it('a hover joins the background rating of its puzzle: promoted while queued, rated once', () =>
    traced(3_000, async (two, trace) => {
      const blocking = two.path(GOLDEN_NUGGET, true); // the one background worker, for its whole budget
      const queued = two.path(SER_42, true); // waits behind it in the background queue
      const hovered = await two.pathWithin(SER_42, 60_000);
      expect(hovered).toMatchObject({ status: 'solved', er: 4.2 });
      expect(await queued).toBe(hovered); // the queued request's waiter got the promoted run's result
      await blocking;
      await two.path(GOLDEN_NUGGET, true); // kept: the queue has run dry
      expect(trace.filter((m) => m.endsWith(SER_42))).toEqual([`rate queued: ${SER_42}`, `rate joined (queued) by a hover or command: ${SER_42}`, `rate promoted: ${SER_42}`, `rate started (interactive): ${SER_42}`]);
    }));

  it('a cancelled hover leaves the background rating it joined running for the others', () =>
    traced(1_000, async (two, trace) => {
      const background = two.path(GOLDEN_NUGGET, true);
      const cancel = new CancellationTokenSource();
      const hover = two.pathWithin(GOLDEN_NUGGET, 60_000, cancel.token);
      cancel.cancel();
      expect(await hover).toBeUndefined();
      expect((await background).status).toBe('budget');
      expect(trace.filter((m) => m.startsWith('rate started'))).toEqual([`rate started (background): ${GOLDEN_NUGGET}`]);
    }));

  it('a cancelled hover that promoted a job sends it back to the queue; its background waiter still gets it', () =>
    traced(1_000, async (two, trace) => {
      const blocking = two.path(GOLDEN_NUGGET, true);
      const background = two.path(SER_42, true);
      const cancel = new CancellationTokenSource();
      const hover = two.pathWithin(SER_42, 60_000, cancel.token);
      cancel.cancel();
      expect(await hover).toBeUndefined();
      expect(await background).toMatchObject({ status: 'solved', er: 4.2 });
      await blocking;
      const runs = trace.filter((m) => m.endsWith(SER_42) && / (started|demoted)/.test(m));
      // Rated to the end once; the interactive run may have finished before its cancellation reached it.
      expect(runs.slice(0, 2)).toEqual([`rate started (interactive): ${SER_42}`, `rate demoted: ${SER_42}`]);
      expect(runs.length).toBeLessThanOrEqual(3);
    }));

  it('a background summary is rated without its steps; a path asked for while it runs follows it, never beside it', () =>
    traced(3_000, async (two, trace) => {
      const summary = two.summary(SER_42, true); // inlay hints, Rate all: the one background worker, at once
      const path = two.path(SER_42, true); // Show path meanwhile
      expect(await summary).toMatchObject({ status: 'solved', er: 4.2 });
      expect((await path).steps.length).toBeGreaterThan(0);
      expect(trace.filter((m) => m.startsWith('rate started') && m.endsWith(SER_42))).toEqual([
        `rate started (background, summary): ${SER_42}`,
        `rate started (background): ${SER_42}`,
      ]);
      await two.path(SER_42, true); // kept now
      expect(trace.filter((m) => m.startsWith('rate started')).length).toBe(2);
    }));

  it("a hover joins the puzzle's summary rating that runs in the background: no second run", () =>
    traced(1_000, async (two, trace) => {
      const background = two.summary(GOLDEN_NUGGET, true);
      const hover = await two.summaryWithin(GOLDEN_NUGGET, 60_000);
      expect(hover?.status).toBe('budget');
      expect(await background).toBe(hover);
      expect(trace.filter((m) => m.endsWith(GOLDEN_NUGGET))).toEqual([
        `rate queued: ${GOLDEN_NUGGET}`,
        `rate started (background, summary): ${GOLDEN_NUGGET}`,
        `rate joined (background) by a hover or command: ${GOLDEN_NUGGET}`,
      ]);
    }));

  it('a hover that promotes a queued summary rating has it rated with its steps, kept for the path lenses', () =>
    traced(1_000, async (two, trace) => {
      const blocking = two.path(GOLDEN_NUGGET, true);
      const queued = two.summary(SER_42, true);
      expect((await two.summaryWithin(SER_42, 60_000))?.er).toBe(4.2);
      expect((await queued).er).toBe(4.2);
      expect((await two.path(SER_42, true, true)).steps.length).toBeGreaterThan(0); // kept: no second run
      await blocking;
      expect(trace.filter((m) => m.startsWith('rate started') && m.endsWith(SER_42))).toEqual([`rate started (interactive): ${SER_42}`]);
    }));

  it("a background SE rating pauses at its next budget check while its run's flag is set, and goes on when it clears", async () => {
    const pool = nodeWorkers(WORKER).pool(1);
    try {
      const flag = pauseFlag();
      if (!flag) throw new Error('no SharedArrayBuffer in Node');
      setPaused(flag, true);
      const rating = Promise.resolve(runJob(pool, 'rate', { text: SER_42, unique: true, budgetMs: 60_000 }, undefined, flag));
      // The worker counts each pause and wakes waiters on that count: no clock involved.
      const paused = Promise.resolve(waitAsync(flag, 1, 0).value).then(() => 'paused');
      expect(await Promise.race([paused, rating.then(() => 'rated')])).toBe('paused');
      setPaused(flag, false);
      expect(await rating).toMatchObject({ status: 'solved', er: 4.2 });
      expect(pausesOf(flag)).toBeGreaterThan(0);
    } finally {
      await pool.terminate(true);
    }
  });

  it("pauses the background's SE rating while a hover's own rating runs, and resumes it when that ends", () =>
    traced(3_000, async (two, trace) => {
      const background = two.summary(GOLDEN_NUGGET, true); // the one background worker, for its budget
      expect((await two.pathWithin(SER_42, 60_000))?.er).toBe(4.2);
      const around = trace.filter((m) => m.endsWith(SER_42) || m.endsWith(GOLDEN_NUGGET)).filter((m) => / (started|paused|resumed)/.test(m));
      expect(around.map((m) => m.replace(/\(\d+ pauses?\)/, '(n pauses)'))).toEqual([
        `rate started (background, summary): ${GOLDEN_NUGGET}`,
        `rate started (interactive): ${SER_42}`,
        `rate paused (background): ${GOLDEN_NUGGET}`,
        `rate resumed (n pauses): ${GOLDEN_NUGGET}`,
      ]);
      expect((await background).status).toBe('budget');
    }));

  it('never pauses the background rating a hover waits for, while its other figures run', () =>
    traced(3_000, async (two, trace) => {
      const background = two.summary(GOLDEN_NUGGET, true);
      const cancel = new CancellationTokenSource();
      const hover = two.summaryWithin(GOLDEN_NUGGET, 60_000, cancel.token); // joins the background run
      expect(await two.extrasWithin(SER_42, 'classic', 60_000)).toBeDefined(); // on the interactive pool meanwhile
      expect(trace).toContain(`extras started (interactive): classic:${SER_42}`);
      expect(trace.filter((m) => m.endsWith(GOLDEN_NUGGET) && / (paused|resumed)/.test(m))).toEqual([]);
      cancel.cancel();
      await hover;
      await background;
    }));

  it('extras: an answer within the wait is returned and kept', async () => {
    const extras = await service.extrasWithin(SER_42, 'classic', 60_000);
    expect(extras?.bliss).toBeDefined();
    expect(service.peekExtras(SER_42, 'classic')).toBe(extras);
  });

  it('keeps no result of a job started under settings that changed while it ran, nor lets a later request join it', async () => {
    const changing = new RatingService(nodeWorkers(WORKER), 300, false, () => undefined);
    try {
      const old = changing.path(GOLDEN_NUGGET, true); // stops at its 300 ms budget
      changing.configure(200, false); // a new budget while it runs
      const again = changing.path(GOLDEN_NUGGET, true);
      expect(again).not.toBe(old);
      expect((await old).status).toBe('budget');
      expect(changing.peek(GOLDEN_NUGGET)).toBeUndefined();
      expect((await again).status).toBe('budget');
      expect(changing.peek(GOLDEN_NUGGET)?.status).toBe('budget');
    } finally {
      await changing.dispose();
    }
  });
});

/**
 * The background pool's queue (server/src/lsp/services/jobQueue.ts): its `later` lane (what a hover
 * on the lines in view will show) waits behind every job of the `now` lane (their SE ratings), runs
 * its newest first and holds only its newest jobs; the `bulk` lane (UA batches of whole documents)
 * waits behind both; held, it starts nothing. Jobs here are promises the test settles.
 */
import { describe, expect, it } from 'vitest';
import { type Droppable, JobQueue } from '../../server/src/lsp/services/jobQueue';

/** A job that records its start and ends when the test says; `dropped` once the queue lets it go. */
function job(name: string, started: string[]): Droppable & { end(): Promise<void>; dropped: boolean } {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const j = {
    dropped: false,
    start: () => {
      started.push(name);
      return ended;
    },
    drop: () => {
      j.dropped = true;
    },
    // Resolves once the queue has seen the job end and started what comes next.
    end: async () => {
      end();
      await ended;
      await Promise.resolve();
    },
  };
  return j;
}

describe('JobQueue', () => {
  it('starts a later job only once no job of the now lane waits', async () => {
    const started: string[] = [];
    const queue = new JobQueue(1);
    const rating = job('rating in view', started);
    const extras = job('extras for the hover', started);
    const next = job('next rating', started);
    queue.add(rating);
    queue.addLater(extras);
    queue.add(next);
    expect(started).toEqual(['rating in view']);
    await rating.end();
    expect(started).toEqual(['rating in view', 'next rating']);
    await next.end();
    expect(started).toEqual(['rating in view', 'next rating', 'extras for the hover']);
  });

  it('keeps the newest later jobs: the oldest still waiting is dropped, a started one never', async () => {
    const started: string[] = [];
    const queue = new JobQueue(1, 2);
    const first = job('first', started);
    queue.addLater(first); // starts at once: the pool is free
    const [a, b, c] = ['a', 'b', 'c'].map((name) => job(name, started));
    queue.addLater(a);
    queue.addLater(b);
    expect([first, a, b].map((j) => j.dropped)).toEqual([false, false, false]);
    queue.addLater(c);
    expect([first, a, b, c].map((j) => j.dropped)).toEqual([false, true, false, false]);
    expect(queue.take(a)).toBe(false);
    expect(queue.isLater(b)).toBe(true);
    await first.end();
    expect(started).toEqual(['first', 'c']);
  });

  it('runs the later lane newest first: the view asked last is the one hovered', async () => {
    const started: string[] = [];
    const queue = new JobQueue(1);
    const busy = job('busy', started);
    queue.add(busy);
    const [older, newer] = ['older view', 'newer view'].map((name) => job(name, started));
    queue.addLater(older);
    queue.addLater(newer);
    await busy.end();
    await newer.end();
    expect(started).toEqual(['busy', 'newer view', 'older view']);
  });

  it("runs a bulk job (a UA batch of the whole file) only once neither the view's ratings nor its hovers' figures wait", async () => {
    const started: string[] = [];
    const queue = new JobQueue(1);
    const running = job('running', started);
    queue.add(running);
    const batch = job('UA batch', started);
    queue.addBulk(batch);
    const rating = job('rating in view', started);
    const extras = job('extras for the hover', started);
    queue.add(rating);
    queue.addLater(extras);
    await running.end();
    await rating.end();
    await extras.end();
    expect(started).toEqual(['running', 'rating in view', 'extras for the hover', 'UA batch']);
    expect(queue.take(batch)).toBe(false);
  });

  it('starts no job of either lane while held (a hover waits for an interactive one); released, it goes on', async () => {
    const started: string[] = [];
    const queue = new JobQueue(1);
    const running = job('running', started);
    queue.add(running);
    queue.hold(true);
    queue.add(job('rating in view', started));
    queue.addLater(job('extras for the hover', started));
    await running.end(); // the worker is free, but the hover's job has the cores
    expect(started).toEqual(['running']);
    queue.hold(false);
    expect(started).toEqual(['running', 'rating in view']);
  });

  it('takes back a waiting job from either lane, so that a hover can run it now', () => {
    const started: string[] = [];
    const queue = new JobQueue(1);
    queue.add(job('busy', started));
    const waiting = job('waiting', started);
    const later = job('later', started);
    queue.add(waiting);
    queue.addLater(later);
    expect(queue.take(waiting)).toBe(true);
    expect(queue.take(later)).toBe(true);
    expect(queue.take(later)).toBe(false);
    expect(queue.isLater(later)).toBe(false);
  });
});

/**
 * The language server's RatingService (server/src/lsp/services/ratings.ts) with the bundled worker
 * (dist/ratingWorker.js, built by `npm test`): a hover that stops waiting for a hard puzzle moves
 * that rating to the background pool, so the next hover's puzzle is rated at once.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Rating } from '../../server/src/engine/se/rate';
import { nodeWorkers } from '../../server/src/jobs/nodeWorkers';
import { RatingService } from '../../server/src/lsp/services/ratings';

const WORKER = join(__dirname, '..', '..', 'dist', 'ratingWorker.js');
const GOLDEN_NUGGET = '.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....';
const SER_42 = '.......173...8...............71....6....4.3...85......2.....84..1.7........5.....';

describe('RatingService', () => {
  const rated: string[] = [];
  const service = new RatingService(nodeWorkers(WORKER), 3_000, false, (text) => rated.push(text));
  afterAll(() => service.dispose());

  it('moves a job to the background when the hover stops waiting; its waiters still get the result', async () => {
    const order: string[] = [];
    const hard: Promise<Rating> = service.path(GOLDEN_NUGGET, true, true);
    hard.then(() => order.push('golden nugget'));
    expect(await service.pathWithin(GOLDEN_NUGGET, 50)).toBeUndefined();

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

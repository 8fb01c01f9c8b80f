/**
 * The language server's UAService (server/src/lsp/services/uaService.ts) on the bundled worker
 * (dist/ratingWorker.js, built by `npm run build`): what it queues, drops and shows.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisCache } from '../../server/src/lsp/services/analysisCache';
import { splitLines } from '../../server/src/engine/core/parse';
import { PuzzleDocument } from '../../server/src/lsp/documents/puzzleDocument';
import { nodeWorkers } from '../../server/src/jobs/nodeWorkers';
import { RatingService } from '../../server/src/lsp/services/ratings';
import { UAService } from '../../server/src/lsp/services/uaService';

const WORKER = join(__dirname, '..', '..', 'dist', 'ratingWorker.js');
/** Not minimal: r1c2=8 and r1c8=9 are redundant. */
const DIABOLICAL = '.83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.';
const SER_42 = '.......173...8...............71....6....4.3...85......2.....84..1.7........5.....';

describe('UAService', () => {
  const ratings = new RatingService(nodeWorkers(WORKER), 3_000, false, () => undefined);
  let results = 0;
  let arrived: () => void = () => undefined;
  const service = new UAService(ratings, 2_000, () => {
    results++;
    arrived();
  });
  const nextResults = () => new Promise<void>((resolve) => (arrived = resolve));
  afterAll(() => ratings.dispose());

  const open = (uri: string, text: string) => {
    const doc = PuzzleDocument.parse(uri, 1, splitLines(text));
    const cache = new AnalysisCache({});
    for (const p of doc.puzzles) cache.get(p);
    return { doc, cache };
  };

  it('computes what a document wants, but not what a closed one wanted', async () => {
    const closed = open('file:///closed.sdm', `${DIABOLICAL}\n`);
    const kept = open('file:///kept.sdm', `${SER_42}\n`);
    service.want(closed.doc.uri, closed.doc.puzzles[0], closed.cache);
    service.close(closed.doc.uri);
    service.want(kept.doc.uri, kept.doc.puzzles[0], kept.cache);
    await nextResults();
    expect(results).toBe(1);
    expect(service.peek(kept.doc.puzzles[0], kept.cache)).toEqual({ kind: 'unique', status: 'done', redundant: [], removable: [] });
    // One batch held everything queued at the time: the closed document's puzzle was not in it.
    expect(service.peek(closed.doc.puzzles[0], closed.cache)).toBeUndefined();
  });

  it('keeps results by text, for classic puzzles only', async () => {
    const { doc, cache } = open('file:///variants.sdm', `${DIABOLICAL}\n#! variant: X\n${DIABOLICAL}\n`);
    const [classic, x] = doc.puzzles;
    service.want(doc.uri, x, cache);
    service.want(doc.uri, classic, cache);
    await nextResults();
    expect(service.peek(classic, cache)).toEqual({ kind: 'unique', status: 'done', redundant: [1, 7], removable: [1, 7] });
    expect(service.peek(x, cache)).toBeUndefined();
  });

  it('answers the hover with the Minimal row, and nothing for a puzzle with several solutions', async () => {
    const { doc, cache } = open('file:///hover.sdm', `${DIABOLICAL}\n${DIABOLICAL.replace('8', '.')}\n${'.'.repeat(81)}\n`);
    expect(await service.hoverRows(doc.puzzles[0], cache, 10_000)).toEqual([['Minimal', 'no (2 redundant clues, all removable together)']]);
    expect(await service.hoverRows(doc.puzzles[1], cache, 10_000)).toEqual([['Minimal', 'no (1 redundant clue)']]);
    expect(await service.hoverRows(doc.puzzles[2], cache, 10_000)).toEqual([]);
  });
});

/**
 * sudokuLens/collectionStats over stdio: the statistics of an open document with each bar's lines,
 * checked against the rows sudokuLens/rateLines gives for the same puzzles; work-done progress;
 * Cancel.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationTokenSource, ResponseError, WorkDoneProgress } from 'vscode-languageserver-protocol/node';
import type { CollectionStatsResponse, PuzzleRow } from '../../server/src/protocol';
import { MULTI } from '../cli';
import { dataPath } from '../dataPath';
import { type TestServer, startServer } from './server';

const REQUEST_CANCELLED = -32800;

const diabolical = (n: number): string[] =>
  readFileSync(dataPath('sudoku-exchange-puzzle-bank', 'diabolical.txt'), 'utf8')
    .split('\n')
    .slice(0, n)
    .map((l) => l.trim().split(/\s+/)[1].replace(/0/g, '.'));

/** 40 puzzles: more than one window of the server's (32), so progress comes twice and Cancel has a window to stop. */
const LINES = ['# statistics', ...diabolical(38), MULTI, `${'1'.repeat(40)}x${'.'.repeat(40)}`];

describe('collection statistics', () => {
  let server: TestServer;
  const uri = 'file:///collection-stats.sdm';
  let tokens = 0;

  const stats = (token?: CancellationTokenSource, onReport?: () => void) => {
    const workDoneToken = `stats-${++tokens}`;
    const kinds: string[] = [];
    const listening = server.connection.onProgress(WorkDoneProgress.type, workDoneToken, (p) => {
      kinds.push(p.kind);
      if (p.kind === 'report') onReport?.();
    });
    const params = { uri, workDoneToken };
    const sent = token
      ? server.connection.sendRequest<CollectionStatsResponse>('sudokuLens/collectionStats', params, token.token)
      : server.connection.sendRequest<CollectionStatsResponse>('sudokuLens/collectionStats', params);
    return { answer: sent.finally(() => listening.dispose()), kinds };
  };

  beforeAll(async () => {
    server = await startServer();
    server.open(uri, `${LINES.join('\n')}\n`);
  });
  afterAll(() => server.stop());

  it('stops on Cancel', async () => {
    const cancel = new CancellationTokenSource();
    const { answer } = stats(cancel, () => cancel.cancel());
    const error = await answer.then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError<unknown>).code).toBe(REQUEST_CANCELLED);
  }, 120_000);

  it("counts the document's puzzles as rateLines rates them, with each bar's lines", async () => {
    const { answer, kinds } = stats();
    const { stats: s, lines } = await answer;
    expect(kinds).toEqual(['begin', 'report', 'report', 'end']);

    const rows = await server.connection.sendRequest<PuzzleRow[]>('sudokuLens/rateLines', { uri, lines: LINES.map((_, i) => i).slice(1) });
    const rated = rows.filter((r) => r.rating?.status === 'solved');
    expect(s.puzzles).toBe(40);
    expect(s.outcomes).toMatchObject({ rated: rated.length, 'multiple-solutions': 1, unreadable: 1 });
    expect(rated.length).toBe(38);
    expect(lines['outcome:multiple-solutions']).toEqual([39]);
    expect(lines['outcome:unreadable']).toEqual([40]);

    // ER bars: each line in the bar of its row's ER; the hardest technique's bars likewise.
    const byEr = new Map<string, number[]>();
    const byHardest = new Map<string, number[]>();
    for (const r of rated) {
      byEr.set(`er:${r.rating!.er}`, [...(byEr.get(`er:${r.rating!.er}`) ?? []), r.line]);
      byHardest.set(`hardest:${r.rating!.hardest}`, [...(byHardest.get(`hardest:${r.rating!.hardest}`) ?? []), r.line]);
    }
    expect(Object.fromEntries(Object.entries(lines).filter(([k]) => k.startsWith('er:')))).toEqual(Object.fromEntries(byEr));
    expect(Object.fromEntries(Object.entries(lines).filter(([k]) => k.startsWith('hardest:')))).toEqual(Object.fromEntries(byHardest));
    expect(s.histograms.er.map((b) => [`er:${b.value}`, b.puzzles])).toEqual([...byEr].map(([k, l]) => [k, l.length]).sort((a, b) => Number(String(a[0]).slice(3)) - Number(String(b[0]).slice(3))));
    for (const t of s.techniques) expect(lines[`uses:${t.technique}`]).toHaveLength(t.puzzles);
    expect(s.histograms.clues.reduce((n, b) => n + b.puzzles, 0)).toBe(39);
  }, 120_000);
});

/**
 * Opening the 49,158-line 17-clue collection: the requests an editor sends right behind didOpen
 * (the inlay hints of the lines in view, then the code lenses) are answered before the server's
 * first pass over the whole file publishes anything, so lenses at the view come within the parse's
 * time, not after the diagnostics passes. Ordering, not wall-clock: it holds on a loaded machine.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeLens } from 'vscode-languageserver-protocol/node';
import { LENS_MARGIN } from '../../server/src/lsp/services/view';
import { ROOT, type TestServer, startServer } from './server';

const BIG = readFileSync(path.join(ROOT, '..', 'shared', 'data', 'tdoku', 'puzzles2_17_clue'), 'utf8');
const URI = 'file:///open-latency/puzzles2_17_clue.sdm';
const VIEW = { start: { line: 20_000, character: 0 }, end: { line: 20_050, character: 0 } };

describe('opening a 49,158-line collection', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('answers the code lenses around the view before the first diagnostics of the file', async () => {
    const events: string[] = [];
    const firstPush = server.nextPush(URI).then(() => events.push('diagnostics'));
    // One write: the requests are in the server's input when the document is, however loaded this process is.
    const [hints, lenses] = server.sendTogether([
      { method: 'textDocument/didOpen', params: { textDocument: { uri: URI, languageId: 'sudoku', version: 1, text: BIG } } },
      { method: 'textDocument/inlayHint', params: { textDocument: { uri: URI }, range: VIEW }, request: true },
      { method: 'textDocument/codeLens', params: { textDocument: { uri: URI } }, request: true },
    ]);
    const answered = lenses.then((l) => {
      events.push('lenses');
      return l as CodeLens[];
    });
    await Promise.all([hints, answered, firstPush]);
    expect(events).toEqual(['lenses', 'diagnostics']);
    const lines = new Set((await answered).map((l) => l.range.start.line));
    expect(Math.min(...lines)).toBe(VIEW.start.line - LENS_MARGIN);
    expect(Math.max(...lines)).toBe(VIEW.end.line + LENS_MARGIN);
  });
});

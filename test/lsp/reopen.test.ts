/**
 * A second `didOpen` of a URI that is already open (no `didClose` between: a client's protocol
 * slip) replaces the document: nothing of the first text survives (issue 16, item 7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSymbol } from 'vscode-languageserver-protocol/node';
import type { DocumentStatus } from '../../server/src/protocol';
import { type TestServer, startServer } from './server';

const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const OTHER = '083020090000800100029300008000098700070000060006740000300006980002005000010030540';

describe('a second didOpen of an open document', () => {
  let server: TestServer;
  const statuses: DocumentStatus[] = [];
  beforeAll(async () => {
    server = await startServer();
    server.connection.onNotification('sudokuLens/status', (s: DocumentStatus) => void statuses.push(s));
  });
  afterAll(() => server.stop());

  const puzzleLines = (uri: string) => server.connection.sendRequest<number[]>('sudokuLens/puzzleLines', { uri });

  it('replaces the text at a new version: no phantom puzzle of the first text', async () => {
    const uri = 'file:///twice.sdm';
    server.open(uri, `${TOP95_1}\n`);
    await server.nextPush(uri, (p) => p.version === 1);
    const second = server.nextPush(uri, (p) => p.version === 7);
    server.open(uri, `${OTHER}\n${TOP95_1}\n`, 7);
    expect(await puzzleLines(uri)).toEqual([0, 1]);
    const symbols = await server.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols.map((s) => s.range.start.line)).toEqual([0, 1]);
    expect((await second).diagnostics).toEqual([]);
    expect(statuses.filter((s) => s.uri === uri).at(-1)?.puzzles).toBe(2);
  });

  it('replaces the text at the same version: the first text\'s diagnostics go', async () => {
    const uri = 'file:///same-version.sdm';
    server.open(uri, `${TOP95_1.slice(0, 5)}z${TOP95_1.slice(6)}\n`);
    await server.nextPush(uri, (p) => p.diagnostics.some((d) => d.code === 'invalid-character'));
    server.open(uri, `# a comment\n${TOP95_1}\n`);
    // Answered after the open was handled, and its diagnostics were published.
    expect(await puzzleLines(uri)).toEqual([1]);
    expect(server.pushed.get(uri)?.diagnostics).toEqual([]);
  });
});

/**
 * The protocol's lifecycle (issue 16, item 8): requests before `initialize` are answered
 * ServerNotInitialized and notifications dropped; after `shutdown`, requests are answered
 * InvalidRequest; `exit` ends the process with 0 after a shutdown, 1 without one.
 */
import { describe, expect, it } from 'vitest';
import type { ResponseError } from 'vscode-languageserver-protocol/node';
import { spawnServer, startServer } from './server';

const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const URI = 'file:///lifecycle.sdm';
const SERVER_NOT_INITIALIZED = -32002;
const INVALID_REQUEST = -32600;

const codeOf = (answer: Promise<unknown>): Promise<number> =>
  answer.then(
    (result) => {
      throw new Error(`answered ${JSON.stringify(result)}`);
    },
    (err: ResponseError<unknown>) => err.code,
  );

describe('the server lifecycle', () => {
  it('refuses requests and drops notifications before initialize', async () => {
    const server = spawnServer();
    try {
      expect(await codeOf(server.connection.sendRequest('sudokuLens/puzzleLines', { uri: URI }))).toBe(SERVER_NOT_INITIALIZED);
      expect(await codeOf(server.connection.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 0 } }))).toBe(
        SERVER_NOT_INITIALIZED,
      );
      server.open(URI, `${TOP95_1}\n`); // dropped: the document is not open afterwards
      await server.initialize();
      expect(await server.connection.sendRequest('sudokuLens/puzzleLines', { uri: URI })).toEqual([]);
      expect(await codeOf(server.connection.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} }))).toBe(INVALID_REQUEST);
      expect(server.pushed.size).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it('refuses requests after shutdown, and exits 0 on exit', async () => {
    const server = await startServer();
    server.open(URI, `${TOP95_1}\n`);
    expect(await server.connection.sendRequest('sudokuLens/puzzleLines', { uri: URI })).toEqual([0]);
    await server.connection.sendRequest('shutdown');
    expect(await codeOf(server.connection.sendRequest('sudokuLens/puzzleLines', { uri: URI }))).toBe(INVALID_REQUEST);
    expect(await codeOf(server.connection.sendRequest('shutdown'))).toBe(INVALID_REQUEST);
    await server.connection.sendNotification('exit');
    expect(await server.exited).toBe(0);
    await server.stop();
  });

  it('exits 1 on exit without shutdown', async () => {
    const server = await startServer();
    await server.connection.sendNotification('exit');
    expect(await server.exited).toBe(1);
    await server.stop();
  });
});

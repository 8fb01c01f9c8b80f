/**
 * Parameters a client gets wrong (issue 16, item 8; the fuzzing campaign's cases): a custom request
 * with missing, null or wrong-typed parameters is answered InvalidParams naming the parameter, at
 * once (an unknown `what` no longer starts the 17-clue search), and nothing is logged; a standard
 * request whose handler throws on garbage is answered with an error and one log line, no stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseError } from 'vscode-languageserver-protocol/node';
import { REQUEST_PARAMS } from '../../server/src/protocol';
import { type TestServer, startServer } from './server';

const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const URI = 'file:///params.sdm';
const INVALID_PARAMS = -32602;

/** The error a request is answered with (fails the test if it gets a result). */
async function errorOf(server: TestServer, method: string, params?: unknown): Promise<ResponseError<unknown>> {
  const answer = params === undefined ? server.connection.sendRequest(method) : server.connection.sendRequest(method, params);
  return answer.then(
    (result) => {
      throw new Error(`${method} answered ${JSON.stringify(result)}`);
    },
    (err: ResponseError<unknown>) => err,
  );
}

/** Log lines or stderr output that carry a stack trace. */
const stackTraces = (server: TestServer): string[] =>
  [...server.logs.map((l) => l.message), server.stderr()].filter((text) => /\n\s+at /.test(text));

describe('custom requests with parameters the server cannot use', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    server.open(URI, `${TOP95_1}\n`);
  });
  afterAll(() => server.stop());

  const at = { uri: URI, line: 0 };
  const cases: [string, unknown, string][] = [
    // repro 11: each of these ran the 17-clue search (10-150 s of CPU).
    ['sudokuLens/uaSearch', { ...at, what: 'abc' }, 'params.what must be "pattern" or "seventeen" or "uaSets", not "abc"'],
    ['sudokuLens/uaSearch', { ...at, what: null }, 'params.what must be'],
    ['sudokuLens/uaSearch', { ...at, what: 42 }, 'params.what must be'],
    ['sudokuLens/uaSearch', { ...at, what: 'pattern', grids: { kind: 'zz' } }, 'params.grids must be'],
    ['sudokuLens/uaSearch', { ...at, what: 'uaSets', workDoneToken: {} }, 'params.workDoneToken must be a string or an integer'],
    ['sudokuLens/rate', null, 'sudokuLens/rate'],
    ['sudokuLens/rate', [URI, 0], 'parameters by name'],
    ['sudokuLens/rate', undefined, 'received none'],
    ['sudokuLens/rate', { uri: 5, line: 0 }, 'params.uri must be a string, not 5'],
    ['sudokuLens/path', { uri: URI, line: 'a' }, 'params.line must be a line number'],
    ['sudokuLens/whipPath', { uri: URI, line: -1 }, 'params.line must be a line number'],
    ['sudokuLens/grid', { uri: URI, line: 1.5 }, 'params.line must be a line number'],
    ['sudokuLens/solve', { ...at, reveal: 'yes' }, 'params.reveal must be true or false'],
    ['sudokuLens/validate', { uri: URI }, 'params.line must be a line number (an integer from 0), not nothing'],
    ['sudokuLens/blissLog', 42, 'sudokuLens/blissLog'],
    ['sudokuLens/blissLog', { uri: URI, line: [] }, 'params.line must be a line number (an integer from 0), not []'],
    ['sudokuLens/solve', 'text', 'sudokuLens/solve'],
    ['sudokuLens/patternAt', { line: 0 }, 'params.uri must be a string'],
    ['sudokuLens/convert', { ...at, version: 1, to: 'zz' }, 'params.to must be "81" or "729" or "grid"'],
    ['sudokuLens/convert', { ...at, to: '81' }, 'params.version must be an integer, not nothing'],
    ['sudokuLens/rateLines', { uri: URI, lines: null }, 'params.lines must be an array, each a line number (an integer from 0), not null'],
    ['sudokuLens/rateLines', { uri: URI, lines: [0, 'x'] }, 'params.lines[1] must be a line number'],
    ['sudokuLens/duplicates', { uri: URI, version: 1, mode: 'x' }, 'params.mode must be "exact" or "equivalent"'],
    ['sudokuLens/sortByRating', { uri: URI, version: 1.5 }, 'params.version must be an integer'],
    ['sudokuLens/rateInline', { uri: URI, version: '1' }, 'params.version must be an integer'],
    ['sudokuLens/blissApply', { uri: URI, version: 'x', lines: [0] }, 'params.version must be an integer'],
    ['sudokuLens/puzzleLines', { uri: URI, kind: 'x' }, 'params.kind must be "81" or "729" or "grid"'],
    ['sudokuLens/normalize', {}, 'params.uri must be a string, not nothing'],
    ['sudokuLens/generate', { uri: URI, count: 0, symmetry: 'none' }, 'params.count must be a positive integer, not 0'],
    ['sudokuLens/generate', { uri: URI, count: 5, symmetry: 'spiral' }, 'params.symmetry must be "none" or "central"'],
    ['sudokuLens/generate', { uri: URI, count: 5, symmetry: 'none', er: { least: -1, most: 80 } }, 'params.er.least must be an integer from 0'],
  ];

  it.each(cases)('%s %j → InvalidParams', async (method, params, message) => {
    const err = await errorOf(server, method, params);
    expect(err.code).toBe(INVALID_PARAMS);
    expect(err.message).toContain(message);
  });

  // A request defined in protocol.ts but registered by no handler table would be MethodNotFound.
  it.each(Object.keys(REQUEST_PARAMS))('%s has a handler, which checks its parameters', async (method) => {
    expect((await errorOf(server, method, null)).code).toBe(INVALID_PARAMS);
  });

  it('logs nothing for them, and still answers good parameters', async () => {
    expect(await server.connection.sendRequest('sudokuLens/puzzleLines', { uri: URI })).toEqual([0]);
    expect(server.logs).toEqual([]);
    expect(stackTraces(server)).toEqual([]);
  });
});

describe('standard requests with garbage parameters', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ textDocument: { diagnostic: {} } });
    server.open(URI, `${TOP95_1}\n`);
  });
  afterAll(() => server.stop());

  const doc = { textDocument: { uri: URI } };
  const cases: [string, unknown][] = [
    ['textDocument/hover', null],
    ['textDocument/hover', { textDocument: 5 }],
    ['textDocument/inlayHint', doc],
    ['textDocument/semanticTokens/range', { ...doc, range: null }],
    ['textDocument/codeAction', doc],
    ['textDocument/codeLens', null],
    ['textDocument/documentSymbol', {}],
    ['textDocument/foldingRange', { textDocument: null }],
    ['textDocument/diagnostic', null],
  ];

  it.each(cases)('%s %j is answered with an error', async (method, params) => {
    expect((await errorOf(server, method, params)).code).toBeLessThan(0);
  });

  it('logs one line for each handler that failed, no stack trace', () => {
    expect(server.logs.length).toBeGreaterThan(0);
    for (const log of server.logs) expect(log.message).toMatch(/^[^\n]+ failed: [^\n]+$/);
    expect(stackTraces(server)).toEqual([]);
  });
});

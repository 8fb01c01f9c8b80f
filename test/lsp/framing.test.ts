/**
 * A malformed frame on stdin (issue 16, item 5; repro 09): the server says why on stderr and exits
 * with status 1, so that the client can start a new one, instead of staying alive but deaf. Well-formed
 * frames, however they are cut into chunks, are read as before.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from './server';

const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

/** A JSON-RPC message framed as the base protocol says, with extra header lines if given. */
function frame(message: object, extraHeaders = ''): Buffer {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n${extraHeaders}\r\n`, 'ascii'), body]);
}

describe('malformed frames on stdin', () => {
  const junk: [string, string, RegExp][] = [
    ['a Content-Length that is no number', 'Content-Length: abc\r\n\r\n{}', /Content-Length "abc" is not a byte count/],
    ['a negative Content-Length', 'Content-Length: -5\r\n\r\n{}', /Content-Length "-5" is not a byte count/],
    ['NUL bytes', '\0'.repeat(100), /byte 0x00 in a header/],
    ['LF-only header ends', 'Content-Length: 2\n\n{}', /LF alone/],
    ['a header block without Content-Length', 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}', /without Content-Length/],
    ['a header line without a colon', 'Content-Length 2\r\n\r\n{}', /is not "Name: value"/],
  ];

  it.each(junk)('%s: the server says so on stderr and exits 1', async (_name, bytes, fault) => {
    const server = await startServer();
    const uri = 'file:///deaf.sdm';
    server.open(uri, `${TOP95_1}\n`);
    expect(await server.connection.sendRequest('sudokuLens/puzzleLines', { uri })).toEqual([0]);
    server.writeRaw(bytes);
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(/malformed LSP message on stdin/);
    expect(server.stderr()).toMatch(fault);
    await server.stop();
  });
});

describe('well-formed frames in any chunks', () => {
  it('reads a message cut into single bytes, two in one chunk, a Content-Type header and a UTF-8 body', async () => {
    const server = await startServer();
    try {
      const uri = 'file:///é-chunks.sdm';
      const open = frame({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'sudoku', version: 1, text: `# café\n${TOP95_1}\n` } } });
      const insertLine = (version: number) => ({
        method: 'textDocument/didChange',
        params: { textDocument: { uri, version }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# ünïcode\n' }] },
      });
      for (const byte of open) server.writeRaw(Buffer.from([byte]));
      server.writeRaw(Buffer.concat([frame(insertLine(2), 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n'), frame(insertLine(3))]));
      // Answered after the raw messages were read: the puzzle moved down by the two inserted lines.
      expect(await server.connection.sendRequest('sudokuLens/puzzleLines', { uri })).toEqual([3]);
      expect(server.stderr()).not.toMatch(/malformed/);
    } finally {
      await server.stop();
    }
  });
});

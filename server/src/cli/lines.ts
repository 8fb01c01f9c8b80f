/**
 * Reads a file, a device or stdin a chunk at a time and yields its lines (CRLF, LF and a lone CR
 * each end one, as splitLines counts them), so memory stays bounded by the longest line: an
 * endless input (/dev/zero, a pipe that never closes) is either processed as it comes or stopped
 * at a line longer than MAX_LINE, never read whole. Reads are asynchronous: while a pipe waits
 * for its writer, the rows that rating workers finish are still written.
 */
import { close, open, read } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { promisify } from 'node:util';
import { ioCause } from './io';

const openFd = promisify(open);
const closeFd = promisify(close);
const readFd = promisify(read);

const CHUNK = 1 << 16;
/** Far above any puzzle line (729 characters and a name): a longer line means the input is no puzzle file. */
export const MAX_LINE = 1 << 20;

/** One chunk; 0 at the end. A non-blocking stdin (a pipe from some parents) says EAGAIN while it waits for data. */
async function readChunk(fd: number, buf: Buffer): Promise<number> {
  for (;;) {
    try {
      return (await readFd(fd, buf, 0, buf.length, null)).bytesRead;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EOF') return 0;
      if (code !== 'EAGAIN') throw err;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/**
 * The lines of `path` (stdin when undefined), named `name` in errors, a chunk's worth at a time
 * (one await per chunk, not per line: a 10-million-line file is read at the speed of a loop).
 * `onRead` is given each chunk's bytes as read (valid during the call: the buffer is reused). An I/O error or an over-long line throws an
 * Error naming the file (and line).
 */
export async function* readLines(name: string, path: string | undefined, onRead?: (chunk: Buffer) => void): AsyncGenerator<string[]> {
  let fd = 0;
  try {
    if (path !== undefined) fd = await openFd(path, 'r');
  } catch (err) {
    throw new Error(`${name}: ${ioCause(err)}`);
  }
  const decoder = new StringDecoder('utf8');
  const buf = Buffer.alloc(CHUNK);
  const ends = /\r\n?|\n/g;
  let partial = '';
  let line = 0;
  // A byte order mark is no text: the editor does not show it, so it must not count as a column.
  let atStart = true;
  try {
    for (;;) {
      let n: number;
      try {
        n = await readChunk(fd, buf);
      } catch (err) {
        throw new Error(`${name}:${line + 1}: ${ioCause(err)}`);
      }
      onRead?.(buf.subarray(0, n));
      let text = partial + (n === 0 ? decoder.end() : decoder.write(buf.subarray(0, n)));
      if (atStart && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        atStart = false;
      }
      const lines: string[] = [];
      let start = 0;
      ends.lastIndex = 0;
      for (let m = ends.exec(text); m; m = ends.exec(text)) {
        // A CR at the chunk's end may be the first half of a CRLF: wait for the next chunk.
        if (n > 0 && m[0] === '\r' && m.index === text.length - 1) break;
        lines.push(text.slice(start, m.index));
        start = ends.lastIndex;
      }
      line += lines.length;
      partial = text.slice(start);
      if (n === 0) lines.push(partial);
      if (lines.length > 0) yield lines;
      if (n === 0) return;
      if (partial.length > MAX_LINE) {
        throw new Error(`${name}:${line + 1}: a line longer than ${MAX_LINE / (1 << 20)} MiB: no puzzle file has one (stopped reading)`);
      }
    }
  } finally {
    if (fd !== 0) await closeFd(fd);
  }
}

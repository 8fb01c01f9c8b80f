/**
 * Watches the framing of the LSP base protocol on the server's stdin: each message is header lines
 * (`Name: value\r\n`, Content-Length among them), an empty line, then Content-Length bytes of JSON.
 *
 * vscode-jsonrpc's stream reader, which reads the same bytes, loses its place at the first
 * malformed header (a Content-Length that is no byte count, NUL bytes, LF-only line ends) and from
 * then on reads every later message as garbage without a word: the server stays alive but deaf.
 * This watcher finds the same fault and says what it is, and the server exits rather than guess where
 * the next message begins (node.ts). Exiting is what lets the editor recover: resynchronising would
 * hide that the bytes skipped may have held a didChange, leaving the server's text out of step with
 * the editor's (diagnostics on the wrong lines, rewrites computed on a stale text) and a request
 * unanswered, whereas a client restarts a server that exits and opens every document again.
 */
import { constants } from 'node:buffer';

const CR = 0x0d;
const LF = 0x0a;
/** A header block longer than this has lost its empty line. */
const MAX_HEADER_BYTES = 8192;

/** Follows the frames chunk by chunk: skips bodies by their length, checks each header block. */
export class FrameChecker {
  private header: number[] = [];
  private bodyLeft = 0;

  /** The first framing fault in `chunk` (the bytes after the previous chunk's), or null. */
  check(chunk: Uint8Array): string | null {
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLeft > 0) {
        const n = Math.min(this.bodyLeft, chunk.length - at);
        this.bodyLeft -= n;
        at += n;
        continue;
      }
      const fault = this.headerByte(chunk[at++]);
      if (fault) return fault;
    }
    return null;
  }

  private headerByte(byte: number): string | null {
    const previous = this.header.at(-1);
    this.header.push(byte);
    if (previous === CR && byte !== LF) return 'a CR without LF in a header';
    if (byte === LF && previous !== CR) return 'a header line ending in LF alone (CRLF expected)';
    if (byte !== CR && byte !== LF && byte !== 0x09 && (byte < 0x20 || byte > 0x7e)) return `byte 0x${byte.toString(16).padStart(2, '0')} in a header`;
    if (this.header.length > MAX_HEADER_BYTES) return `no empty line ends the headers within ${MAX_HEADER_BYTES} bytes`;
    // The block ends at an empty line: CR LF CR LF (the last two bytes passed the checks above).
    const n = this.header.length;
    if (byte !== LF || n < 4 || this.header[n - 3] !== LF) return null;
    const lines = String.fromCharCode(...this.header).split('\r\n').slice(0, -2);
    this.header = [];
    return this.headerBlock(lines);
  }

  /** A complete header block's fault, or null (and the body's length is known). */
  private headerBlock(lines: string[]): string | null {
    let length: string | undefined;
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) return `header line ${JSON.stringify(line)} is not "Name: value"`;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') length = value;
      if (name === 'content-type' && /charset=(?!"?utf-?8"?\s*(;|$))/i.test(value)) return `Content-Type ${JSON.stringify(value)}: only UTF-8 is read`;
    }
    if (length === undefined) return 'a header block without Content-Length';
    if (!/^\d+$/.test(length)) return `Content-Length ${JSON.stringify(length)} is not a byte count`;
    // A longer body could not become one JavaScript string: no message is that long.
    if (Number(length) > constants.MAX_STRING_LENGTH) return `Content-Length ${length} is longer than any message`;
    this.bodyLeft = Number(length);
    return null;
  }
}

/** Checks every chunk `input` delivers (alongside the connection's own reader) and calls `onFault` at the first fault. */
export function watchFraming(input: NodeJS.ReadableStream, onFault: (fault: string) => void): void {
  const checker = new FrameChecker();
  const listener = (chunk: Buffer | string) => {
    const fault = checker.check(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    if (!fault) return;
    input.removeListener('data', listener);
    onFault(fault);
  };
  input.on('data', listener);
}

/**
 * Where `rate` writes its rows: stdout, or `--output FILE` (each row one synchronous write, so
 * an interrupted run leaves whole rows, at most a partial last line). `--resume` reads the rows
 * already in FILE (JSON or CSV), drops a partial last line, and appends.
 */
import { closeSync, existsSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { UsageError } from './io';

export type RowFormat = 'text' | 'json' | 'csv';

/** A row's identity for --resume: its file, 1-based line and puzzle text ('' when unreadable). */
export const rowKey = (file: string, line: number, text: string | null): string => `${file}\0${line}\0${text ?? ''}`;

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | boolean | null | undefined): string {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (fields: readonly (string | number | boolean | null | undefined)[]): string => fields.map(csvField).join(',');

/** The fields of one CSV line (quoted fields may hold commas and doubled quotes). */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let s = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) throw new Error('unterminated quoted field');
        s += line.slice(i, q);
        if (line[q + 1] === '"') {
          s += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      fields.push(s);
    } else {
      const comma = line.indexOf(',', i);
      fields.push(line.slice(i, comma < 0 ? line.length : comma));
      i = comma < 0 ? line.length : comma;
    }
    if (i >= line.length) return fields;
    if (line[i] !== ',') throw new Error(`unexpected character at ${i + 1}`);
    i++;
  }
}

export interface Output {
  /** True when rows go to a terminal (stdout is a TTY): a progress bar must step aside. */
  readonly toTerminal: boolean;
  /** Keys (rowKey) of the rows FILE already holds: --resume skips them. */
  readonly done: ReadonlySet<string>;
  write(text: string): void;
  close(): void;
}

/** The keys of the complete rows in `file`; a partial last line is cut off the file. */
function readDone(file: string, format: RowFormat, header: string | null): { done: Set<string>; empty: boolean } {
  const done = new Set<string>();
  if (!existsSync(file)) return { done, empty: true };
  const buf = readFileSync(file);
  const end = buf.lastIndexOf(0x0a) + 1;
  if (end < buf.length) truncateSync(file, end); // the row an interrupted run was writing
  const lines = buf.subarray(0, end).toString('utf8').split('\n');
  lines.pop();
  if (lines.length === 0) return { done, empty: true };
  let first = 0;
  if (format === 'csv') {
    if (lines[0].replace(/\r$/, '') !== header) {
      throw new UsageError(`--resume: ${file} does not start with this run's CSV header (${header})`);
    }
    first = 1;
  }
  for (let i = first; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (line === '') continue;
    try {
      if (format === 'json') {
        const row = JSON.parse(line) as { file?: unknown; line?: unknown; text?: unknown };
        if (typeof row.file !== 'string' || typeof row.line !== 'number') throw new Error('no "file" and "line"');
        done.add(rowKey(row.file, row.line, typeof row.text === 'string' ? row.text : null));
      } else {
        const [f, l, text] = parseCsvLine(line);
        if (!/^\d+$/.test(l ?? '')) throw new Error('no line number');
        done.add(rowKey(f, Number(l), text ?? ''));
      }
    } catch (err) {
      throw new UsageError(`--resume: line ${i + 1} of ${file} is no ${format.toUpperCase()} row of 'rate' (${(err as Error).message})`);
    }
  }
  return { done, empty: false };
}

/**
 * Opens the rows' destination. `header` is the CSV header (written first unless resuming a
 * file that has it). Text output cannot be resumed: its rows do not say their line.
 */
export function openOutput(file: string | undefined, resume: boolean, format: RowFormat, header: string | null): Output {
  if (file === undefined) {
    if (header !== null) process.stdout.write(`${header}\n`);
    return {
      toTerminal: Boolean(process.stdout.isTTY),
      done: new Set(),
      write: (text) => process.stdout.write(text),
      close: () => {},
    };
  }
  const { done, empty } = resume ? readDone(file, format, header) : { done: new Set<string>(), empty: true };
  const fd = openSync(file, resume ? 'a' : 'w');
  if (header !== null && empty) writeSync(fd, `${header}\n`);
  return {
    toTerminal: false,
    done,
    write: (text) => {
      writeSync(fd, text);
    },
    close: () => closeSync(fd),
  };
}

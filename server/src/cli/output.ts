/**
 * Where `rate` writes its rows: stdout, or `--output FILE` (each row one synchronous write, so
 * an interrupted run leaves whole rows, at most a partial last line). `--resume` reads the rows
 * already in FILE (JSON or CSV), and once every line is known to be a row, drops a partial last
 * line and appends.
 */
import { closeSync, openSync, readFileSync, statSync, truncateSync, writeSync } from 'node:fs';
import { ioCause } from './io';
import { writeOut } from './stdout';

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

/** How each row of `rate` in this format starts: its first field, one of the input files. */
const rowStarts = (format: RowFormat, files: readonly string[]): string[] =>
  [...new Set(files)].map((f) => (format === 'json' ? `{"file":${JSON.stringify(f)},"line":` : `${csvField(f)},`));

/** Whether `text` (a line cut short) can be the beginning of a line that starts with one of `starts`. */
const beginsLike = (text: string, starts: readonly string[]): boolean => starts.some((s) => text.startsWith(s) || s.startsWith(text));

/**
 * The keys of the complete rows in `file`. Every line is checked to be this run's header or a
 * row of `rate` before the file is touched; only then is a partial last line (the row an
 * interrupted run was writing) cut off. A file that is not such an output is left as it is.
 */
function readDone(file: string, format: RowFormat, header: string | null, files: readonly string[]): { done: Set<string>; empty: boolean } {
  const done = new Set<string>();
  let st;
  try {
    st = statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { done, empty: true };
    throw new Error(`${file}: ${ioCause(err)}`);
  }
  // A device or a FIFO is never an earlier run's rows (and /dev/zero would be read forever).
  if (!st.isFile()) throw new Error(`--resume: ${file} is no regular file`);
  const buf = onFile(file, () => readFileSync(file));
  const end = buf.lastIndexOf(0x0a) + 1;
  const lines = buf.subarray(0, end).toString('utf8').split('\n');
  lines.pop();
  let first = 0;
  if (format === 'csv' && lines.length > 0) {
    if (lines[0].replace(/\r$/, '') !== header) {
      throw new Error(`--resume: ${file} does not start with this run's CSV header (${header}); it is left as it is`);
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
      throw new Error(`--resume: line ${i + 1} of ${file} is no ${format.toUpperCase()} row of 'rate' (${(err as Error).message}); it is left as it is`);
    }
  }
  if (end < buf.length) {
    const partial = buf.subarray(end).toString('utf8');
    const starts = format === 'csv' && lines.length === 0 && header !== null ? [header] : rowStarts(format, files);
    if (!beginsLike(partial, starts)) {
      throw new Error(`--resume: the last line of ${file} (line ${lines.length + 1}, no line end) is no ${format.toUpperCase()} row of this run; it is left as it is`);
    }
    truncateSync(file, end);
  }
  return { done, empty: lines.length === 0 };
}

/** Runs a write to `file`, an error naming it (disk full, …) instead of Node's code and call. */
export function onFile<T>(file: string, act: () => T): T {
  try {
    return act();
  } catch (err) {
    throw new Error(`${file}: ${ioCause(err)}`);
  }
}

/**
 * Opens the rows' destination. `header` is the CSV header (written first unless resuming a
 * file that has it); `files` are the inputs' names (the first field of each row, which
 * --resume recognises a row by). Text output cannot be resumed: its rows do not say their line.
 * `kept`: a shard's manifest has cut FILE to the rows it accounts for (shard.ts): append to it.
 */
export function openOutput(file: string | undefined, resume: boolean, format: RowFormat, header: string | null, files: readonly string[], kept = false): Output {
  if (file === undefined) {
    if (header !== null) writeOut(`${header}\n`);
    return {
      toTerminal: Boolean(process.stdout.isTTY),
      done: new Set(),
      write: (text) => writeOut(text),
      close: () => {},
    };
  }
  const { done, empty } = kept
    ? { done: new Set<string>(), empty: onFile(file, () => statSync(file).size === 0) }
    : resume
      ? readDone(file, format, header, files)
      : { done: new Set<string>(), empty: true };
  const fd = onFile(file, () => openSync(file, resume || kept ? 'a' : 'w'));
  const write = (text: string): void => {
    onFile(file, () => writeSync(fd, text));
  };
  if (header !== null && empty) write(`${header}\n`);
  return { toTerminal: false, done, write, close: () => closeSync(fd) };
}

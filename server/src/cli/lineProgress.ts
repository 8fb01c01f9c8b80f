/**
 * Progress of a command that reads its inputs as they come (check): counted in lines, the only
 * total known before parsing, as a quick count of the line ends of each regular file. Inputs
 * that are no regular file (stdin, a device) have no total: then no progress is shown.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { Input } from './inputs';
import { Progress } from './progress';

/** Lines of a regular file (line ends + 1), or null for anything else. */
function lineCount(file: string): number | null {
  try {
    if (!statSync(file).isFile()) return null;
    const fd = openSync(file, 'r');
    const buf = Buffer.alloc(1 << 20);
    let lines = 1;
    try {
      for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) {
        for (let i = buf.indexOf(10); i >= 0 && i < n; i = buf.indexOf(10, i + 1)) lines++;
      }
    } finally {
      closeSync(fd);
    }
    return lines;
  } catch {
    return null; // reading it will say what is wrong
  }
}

export interface LineProgress {
  /** `input` has been processed up to `line` (its line count: Infinity at its end). */
  reached(input: Input, line: number): void;
  /** Before rows are written: takes the bar off a terminal that shows both (stdout and stderr). */
  clear(): void;
  finish(): void;
}

export function lineProgress(inputs: readonly Input[], label: string): LineProgress | null {
  const totals = new Map<Input, number>();
  for (const input of inputs) {
    const lines = input.text !== undefined ? 1 : input.path !== undefined ? lineCount(input.path) : null;
    if (lines === null) return null;
    totals.set(input, lines);
  }
  const progress = new Progress([...totals.values()].reduce((a, b) => a + b, 0), `${label} (lines)`);
  const done = new Map<Input, number>();
  return {
    reached(input, line) {
      const before = done.get(input) ?? 0;
      // A file of lone-CR line ends has more lines than its LF count: never past its total.
      const now = Math.min(line, totals.get(input) ?? 0);
      if (now > before) {
        done.set(input, now);
        progress.tick(now - before);
      }
    },
    clear: () => {
      if (process.stdout.isTTY) progress.clear();
    },
    finish: () => progress.finish(),
  };
}

/**
 * Rows to stdout. A reader that closes the pipe early (`rate big.sdm | head`) ends the run
 * quietly; any other failure (a full disk, EIO) ends it at once with one line and status 2, not
 * after the whole input has been worked through: a file stdout fails inside the write, but the
 * stream reports it only on its next tick, so each write looks at the stream's error itself.
 */
import { ioCause } from './io';

export function stdoutFailed(err: NodeJS.ErrnoException): never {
  if (err.code === 'EPIPE') process.exit(0);
  process.stderr.write(`sudoku-lens: cannot write the output: ${ioCause(err)}\n`);
  process.exit(2);
}

export function writeOut(text: string): void {
  process.stdout.write(text);
  const err = process.stdout.errored as NodeJS.ErrnoException | null;
  if (err) stdoutFailed(err);
}

/**
 * A worker thread that dies (out of memory, a fatal error) makes workerpool reject its task with
 * a multi-line dump (`exitCode`, `spawnArgs`, `stdout: [object Object]`, …). This says it in one line.
 */
const TERMINATED = /^Workerpool Worker terminated Unexpectedly\n\s*exitCode: `([^`]*)`\n\s*signalCode: `([^`]*)`/;
const WORKER_ERROR = /^Workerpool Worker error: (.*)/;

/** `the worker thread stopped (exit code 1)`, or null for any other error (one its task threw). */
export function workerCrash(err: unknown): string | null {
  const message = err instanceof Error ? err.message : '';
  const ended = TERMINATED.exec(message);
  // A thread has an exit code only; a process may have a signal instead.
  if (ended) return `the worker thread stopped (${/^\w+$/.test(ended[2]) && ended[2] !== 'null' && ended[2] !== 'undefined' ? `signal ${ended[2]}` : `exit code ${ended[1]}`})`;
  const failed = WORKER_ERROR.exec(message);
  return failed ? `the worker thread failed: ${failed[1]}` : null;
}

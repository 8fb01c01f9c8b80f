/**
 * The language server as the LSP bench runs it (dist/bench-server.js): the Node server with a
 * monitor of its own event loop. On SIGUSR2 it writes the longest delay since the previous signal,
 * in ms, to $SUDOKU_LENS_LOOP_FILE: how long the server went without answering anything, measured
 * inside it (a probe request's answer also waits on the pipe and on the client).
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import '../server/src/node';

const delays = monitorEventLoopDelay({ resolution: 5 });
delays.enable();
process.on('SIGUSR2', () => {
  const file = process.env.SUDOKU_LENS_LOOP_FILE;
  if (file) writeFileSync(file, String(delays.max / 1e6));
  delays.reset();
});

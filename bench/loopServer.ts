/**
 * The language server as the LSP bench runs it (dist/bench-server.js): the Node server with a
 * monitor of its own event loop. On SIGUSR2 it writes to $SUDOKU_LENS_LOOP_FILE the longest delay
 * since the previous signal, in ms (how long the server went without answering anything, measured
 * inside it: a probe request's answer also waits on the pipe and on the client), and the MB of heap
 * in use after a full garbage collection.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import '../server/src/lsp/node';

setFlagsFromString('--expose-gc');
// The flag set at run time reaches new contexts only.
const collectGarbage = runInNewContext('gc') as () => void;
const delays = monitorEventLoopDelay({ resolution: 5 });
delays.enable();
process.on('SIGUSR2', () => {
  const file = process.env.SUDOKU_LENS_LOOP_FILE;
  const blockMs = delays.max / 1e6;
  collectGarbage();
  if (file) writeFileSync(file, JSON.stringify({ blockMs, heapMb: process.memoryUsage().heapUsed / 2 ** 20 }));
  delays.reset();
});

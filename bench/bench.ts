/**
 * Benchmark entry point (bundled to dist/bench.js).
 *
 *   node dist/bench.js [name...] [--limit N] [--repeat N] [--budget-ms N] [--ser-every N]
 *                      [--sets sample,royle,forum] [--every N] [--from FILE]
 *
 * Runs the named benchmark modules (default: all, in the order below). Each
 * module exports a `name` and `run()`; module-specific options are read from
 * process.argv by the module itself.
 */
import * as bliss from './bliss';
import * as controlledBias from './controlledBias';
import * as filter from './filter';
import * as generate from './generate';
import * as lsp from './lsp';
import * as rating from './rating';
import * as sePaths from './sePaths';
import * as solver from './solver';
import * as stream from './stream';
import * as ua from './ua';
import * as whips from './whips';

interface Benchmark {
  name: string;
  run(): Promise<void>;
}

const BENCHMARKS: Benchmark[] = [solver, lsp, rating, sePaths, filter, bliss, whips, ua, stream, generate, controlledBias];

/** Options that take a value (read by the benchmark modules from process.argv). */
const VALUE_OPTIONS = new Set(['--limit', '--repeat', '--budget-ms', '--ser-every', '--sets', '--every', '--from', '--lines', '--commands', '--every-ms', '--only', '--views', '--record', '--against', '--base', '--seconds', '--out', '--file', '--passes', '--ratings', '--core', '--pick']);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(
      `usage: node dist/bench.js [name...] [--limit N] [--repeat N] [--budget-ms N] [--ser-every N]\n` +
        `benchmarks: ${BENCHMARKS.map((b) => b.name).join(', ')} (default: all)\n` +
        `  --limit N      only the first N puzzles of each set (solver, rating, filter); puzzles to make (generate)\n` +
        `  --repeat N     best of N timed passes (solver); N timed 17-clue searches a grid after an untimed one, median CPU (ua)\n` +
        `  --core C       the solver core: wasm (default, where it loads) or ts (solver)\n` +
        `  --budget-ms N  time budget per rating (rating; default 10000)\n` +
        `  --ser-every N  every Nth of Royle's 17-clue puzzles for the SER comparison (rating; default 100)\n` +
        `  --sets LIST    rating sets to run: sample,royle,forum (rating; default all)\n` +
        `  --every N      every Nth puzzle of each rating set (rating); candidates for ER >= 9 (generate)\n` +
        `  --from FILE    compare the rows of \`sudoku-lens rate --json\` with the forum set instead (rating)\n` +
        `  --record FILE / --against FILE / --base BUNDLE   write, compare with, or rate beside another build (se-paths)\n` +
        `  --file FILE    rate a file's puzzles (se-paths); --passes N: time the last of N passes; --ratings FILE: ER/EP/ED and CPU a line\n` +
        `  --pick I,J     only the puzzles at those positions of the list (se-paths); --each: a line per puzzle, both engines' CPU\n` +
        `  --main-thread  rate on the main thread, not on a thread with the rating workers' heap (se-paths)\n` +
        `  --lines N      lines of the generated input (stream; default 10000000)\n` +
        `  --commands L   check,rate (stream; default both)\n` +
        `  --only view    open, then only the hovers as VS Code asks for them (lsp); --only search17: the 17-clue search alone (ua)\n` +
        `  --views N      how many of those hovers (lsp --only view; default 100)\n` +
        `  --seconds N    wall time making puzzles (controlled-bias; default 600)\n` +
        `  --out FILE     the puzzles made, one a line (controlled-bias)\n` +
        `data: ../shared/data beside the repository, or $SUDOKU_LENS_DATA`,
    );
    return;
  }
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i].startsWith('-')) {
      if (VALUE_OPTIONS.has(args[i])) i++; // skip the option's value
      continue;
    }
    names.push(args[i]);
  }
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length > 0) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
  for (const b of BENCHMARKS) {
    if (names.length === 0 || names.includes(b.name)) await b.run();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

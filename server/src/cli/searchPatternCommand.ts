/**
 * `sudoku-lens search-pattern PATTERN --grids …`: every unique puzzle with the clue pattern in the
 * solution grids given. Puzzles go to stdout one per line (or one JSON object per grid), summaries
 * to stderr.
 */
import { patternClues } from '../engine/core/parse';
import { plural } from '../engine/core/format';
import { elapsed } from '../engine/ua/uaTargets';
import type { PatternGridDone, PatternJob } from '../jobs/uaJobs';
import { BUDGET_NODES, type OptionValues, budgetMs, command, json, valued } from './command';
import { ARGUMENT, listInputs } from './inputs';
import { UsageError } from './io';
import type { Progress } from './progress';
import { RUN_OPTIONS, openShardRun } from './shardRun';
import { budgetOf, gridsOf, searchWorker } from './searchWorker';
import { gridOrigin, patternInput, readPatterns } from './uaInputs';

const USAGE = `  sudoku-lens search-pattern PATTERN --grids GRID|PUZZLE|FILE... [--json] [--budget-ms N] [--shard I/N] [--output FILE [--resume]]
                                 every unique puzzle with the clue pattern (81 chars of x and ., or a
                                 file of pattern lines or 9-row x/. grids) in the solution grids given
                                 (required: grids, or unique puzzles whose solutions are used);
                                 --budget-ms for the whole search (default 600000)`;

const OPTIONS = {
  grids: { ...valued('GRID|PUZZLE|FILE', 'the solution grids searched (required; further arguments are grids too)'), multiple: true as const },
  json: json('grid'),
  'budget-ms': budgetMs('for the whole search (default 600000)'),
  'budget-nodes': BUDGET_NODES,
  ...RUN_OPTIONS,
};

/** search-pattern PATTERN --grids …: the grids are --grids' values and any further arguments. */
async function runSearchPattern(args: string[], values: OptionValues<typeof OPTIONS>): Promise<number> {
  const [patternArg, ...rest] = args;
  if (!patternArg) throw new UsageError("'search-pattern' needs a PATTERN (81 chars of 'x' and '.', or a file)");
  const gridArgs = [...(values.grids ?? []), ...rest];
  // No grids from stdin either: a pipe of puzzles is no list of grids, and none are made up.
  if (gridArgs.length === 0) {
    throw new UsageError("'search-pattern' needs solution grids: --grids GRID|PUZZLE|FILE... (no grids are made up)");
  }
  // Each (pattern, grid) pair is an item, in the order one run prints them: with one pattern, a grid.
  const inputs = [patternInput(patternArg), ...listInputs(gridArgs, true)];
  // The budget shapes no row (a stopped search prints none for the grids it did not search): a --resume may give a larger one.
  const run = openShardRun({ command: 'search-pattern', values, ignored: ['grids', 'budget-ms'], inputs });
  const patterns = await readPatterns(inputs[0], run.onRead(0));
  const budgetMs = budgetOf(values);
  const { grids, errors } = gridsOf(inputs.slice(1), values, (i) => run.onRead(i + 1));
  let stopped = false;
  let found = 0;
  let searched = 0;
  const t0 = performance.now();
  const worker = searchWorker();
  // Grid by grid as they are read (a long stream is never held), each searched for every pattern
  // in turn; the whole search shares one budget. Each (grid, pattern) pair is an item, in that order.
  try {
    for await (const g of grids) {
      searched++;
      for (const p of patterns) {
        const own = run.next();
        if (!own || own.done) continue;
        const name = p.file === ARGUMENT ? 'PATTERN' : `${p.file}:${p.line}`;
        const print = (done: PatternGridDone, progress: Progress | null): void => {
          progress?.clear();
          found += done.puzzles.length;
          if (values.json) {
            const row = { pattern: p.pattern, patternFile: p.file, patternLine: p.line, file: g.file, line: g.line, grid: g.grid, source: g.source, puzzles: done.puzzles, ms: Math.round(done.ms) };
            run.write(`${JSON.stringify(row)}\n`);
          } else {
            run.write(done.puzzles.length > 0 ? `${done.puzzles.join('\n')}\n` : '');
            process.stderr.write(`${name} (${plural(patternClues(p.pattern), 'clue')}) in ${gridOrigin(g)}: ${plural(done.puzzles.length, 'puzzle')}, ${elapsed(done.ms)}\n`);
          }
        };
        const job: PatternJob = { pattern: p.pattern, grids: [g.grid], budgetMs: Math.max(1, Math.round(budgetMs - (performance.now() - t0))) };
        const r = await worker.run('patternSearch', job, `search-pattern ${name}`, (e, progress) => {
          if (e.kind === 'grid') print(e.result, progress);
        });
        if (r.stopped) {
          stopped = true;
          // The pairs not searched are left to --resume (a manifest records items in order: nothing after them either).
          run.unfinished();
          break;
        }
      }
      if (stopped) break;
    }
  } finally {
    await worker.close();
  }
  run.end();
  run.close();
  if (stopped) process.stderr.write(`stopped by --budget-ms ${budgetMs} after ${plural(searched, 'grid')}: the list is incomplete\n`);
  else if (searched === 0) throw new UsageError(`no solution grid in ${gridArgs.join(' ')}`);
  process.stderr.write(`${plural(found, 'puzzle')} in ${elapsed(performance.now() - t0)}\n`);
  return stopped || errors() > 0 ? 1 : 0;
}

export const SEARCH_PATTERN = command({ name: 'search-pattern', usage: USAGE, options: OPTIONS, run: runSearchPattern });

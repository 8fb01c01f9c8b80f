/**
 * `sudoku-lens search17 GRID…`: every puzzle of --clues clues (default 17) whose solution is the
 * grid. Puzzles go to stdout one per line (or one JSON object per grid), summaries to stderr.
 */
import { plural } from '../engine/core/format';
import { elapsed } from '../engine/ua/uaTargets';
import type { ClueJob } from '../jobs/uaJobs';
import { BUDGET_NODES, type OptionValues, budgetMs, command, json, valued } from './command';
import { ARGUMENT, inputArgs, listInputs } from './inputs';
import { UsageError, positiveInt } from './io';
import { RUN_OPTIONS, openShardRun } from './shardRun';
import { budgetOf, gridsOf, searchWorker } from './searchWorker';
import { gridOrigin } from './uaInputs';

const USAGE = `  sudoku-lens search17 GRID|PUZZLE|FILE... [--clues N] [--json] [--budget-ms N] [--shard I/N] [--output FILE [--resume]]
                                 every puzzle of N clues (default 17) whose solution is the grid;
                                 --budget-ms per grid (default 600000)`;

const OPTIONS = {
  clues: valued('N', 'the clue count of the puzzles (default 17, 8 to 40)'),
  json: json('grid'),
  'budget-ms': budgetMs('per grid (default 600000)'),
  'budget-nodes': BUDGET_NODES,
  ...RUN_OPTIONS,
};

/** search17 GRID…: every puzzle of --clues clues in each grid. */
async function runSearch17(args: string[], values: OptionValues<typeof OPTIONS>): Promise<number> {
  const named = inputArgs(args, "'search17' needs a solution grid, a puzzle or a file");
  const clues = positiveInt('clues', values.clues, 17);
  if (clues < 8 || clues > 40) throw new UsageError(`--clues takes 8 to 40, not ${clues} (no puzzle has fewer than 17 clues; more than 40 are too many to list)`);
  const budgetMs = budgetOf(values);
  // Each grid is an item: a shard searches its own. (Its writes are synchronous: an error leaves whole rows.)
  const inputs = listInputs(named, true);
  const run = openShardRun({ command: 'search17', values, defaults: { clues: '17' }, inputs });
  const { grids, errors } = gridsOf(inputs, values, run.onRead);
  let stopped = false;
  const worker = searchWorker();
  // One grid searched at a time, as it is read: the rest of a long stream waits in its pipe.
  try {
    for await (const g of grids) {
      const own = run.next();
      if (!own || own.done) continue;
      const job: ClueJob = { grid: g.grid, clues, budgetMs };
      const r = await worker.run('clueSearch', job, `search17 ${g.file === ARGUMENT ? 'GRID' : `${g.file}:${g.line}`}`, () => undefined);
      if (!r.puzzles) stopped = true;
      if (values.json) {
        const row = { file: g.file, line: g.line, grid: g.grid, source: g.source, clues, puzzles: r.puzzles, ms: Math.round(r.ms) };
        run.write(`${JSON.stringify(r.puzzles ? row : { ...row, reason: `over the budget of ${budgetMs} ms` })}\n`);
      } else if (r.puzzles) {
        run.write(r.puzzles.length > 0 ? `${r.puzzles.join('\n')}\n` : '');
        process.stderr.write(`${gridOrigin(g)}: ${plural(r.puzzles.length, 'puzzle')} of ${clues} clues, ${elapsed(r.ms)}\n`);
      } else {
        run.write('');
        process.stderr.write(`${gridOrigin(g)}: stopped by --budget-ms ${budgetMs}: no list (the search finds all or nothing)\n`);
      }
    }
  } finally {
    await worker.close();
  }
  run.end();
  run.close();
  return stopped || errors() > 0 ? 1 : 0;
}

export const SEARCH17 = command({ name: 'search17', usage: USAGE, options: OPTIONS, run: runSearch17 });

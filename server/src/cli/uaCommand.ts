/**
 * `sudoku-lens ua`: the minimal UA sets of solution grids, one per line, smallest first, with
 * a count by size; for a unique puzzle, the sets of its solution (the header says which).
 */
import { DEFAULT_NODE_BUDGET } from '../engine/core/analyze';
import { cellName } from '../engine/core/grid';
import { DEFAULT_RATING_BUDGET_MS } from '../engine/se/rate';
import { countBySize, elapsed, uaCountSummary, uaSetLine, uaSetText } from '../engine/ua/uaTargets';
import { uaSetsJob } from '../jobs/uaJobs';
import { BUDGET_NODES, type OptionValues, budgetMs, command, json, valued } from './command';
import { inputArgs, listInputs } from './inputs';
import { UsageError, positiveInt } from './io';
import { RUN_OPTIONS, openShardRun } from './shardRun';
import { gridOrigin, readGrids } from './uaInputs';

const UA_USAGE = `  sudoku-lens ua GRID|PUZZLE|FILE... [--max-size N] [--json] [--budget-ms N] [--shard I/N] [--output FILE [--resume]]
                                 the minimal UA sets of at most N cells (default 12) of a solution
                                 grid (81 digits) or of a unique puzzle's solution, smallest first`;

const UA_OPTIONS = {
  'max-size': valued('N', 'the largest UA sets listed, in cells (default 12, 4 to 81)'),
  json: json('grid'),
  'budget-ms': budgetMs('per grid (default 10000)'),
  'budget-nodes': BUDGET_NODES,
  ...RUN_OPTIONS,
};

async function runUA(args: string[], values: OptionValues<typeof UA_OPTIONS>): Promise<number> {
  const named = inputArgs(args, "'ua' needs a solution grid, a puzzle or a file");
  const maxSize = positiveInt('max-size', values['max-size'], 12);
  if (maxSize < 4 || maxSize > 81) throw new UsageError(`--max-size takes 4 to 81 cells (the smallest UA set has 4), not ${maxSize}`);
  const budgetMs = positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS);
  const nodeBudget = positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET);
  // Each grid is an item: a shard lists the UA sets of its own. (Its writes are synchronous: an error leaves whole rows.)
  const inputs = listInputs(named, true);
  const run = openShardRun({ command: 'ua', values, defaults: { 'max-size': '12' }, inputs });
  const { grids, errors } = readGrids(inputs, nodeBudget, run.onRead);
  let overBudget = 0;
  // Each grid's sets are written before the next grid is read: memory stays that of one grid.
  for await (const g of grids) {
    const own = run.next();
    if (!own || own.done) continue;
    const { sets, ms } = uaSetsJob({ grid: g.grid, maxSize, budgetMs });
    if (!sets) overBudget++;
    if (values.json) {
      const row = {
        file: g.file,
        line: g.line,
        grid: g.grid,
        source: g.source,
        maxSize,
        count: sets ? sets.length : null,
        bySize: sets ? countBySize(sets) : null,
        sets: sets ? sets.map((s) => ({ cells: s.map(cellName), digits: s.map((c) => Number(g.grid[c])), text: uaSetText(s, g.grid) })) : null,
        ...(sets ? {} : { reason: `over the budget of ${budgetMs} ms` }),
      };
      run.write(`${JSON.stringify(row)}\n`);
      continue;
    }
    const lines = [`# ${gridOrigin(g)}: ${g.grid}`];
    if (sets) lines.push(...sets.map((s) => uaSetLine(s, g.grid)), `# ${uaCountSummary(sets, maxSize)}, in ${elapsed(ms)}`, '');
    else lines.push(`# over the budget of ${budgetMs} ms: no list (try a smaller --max-size)`, '');
    run.write(lines.join('\n') + '\n');
  }
  run.end();
  run.close();
  return errors() > 0 || overBudget > 0 ? 1 : 0;
}

export const UA = command({ name: 'ua', usage: UA_USAGE, options: UA_OPTIONS, run: runUA });

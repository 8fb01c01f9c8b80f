/**
 * `sudoku-lens bliss`: the BLISS solver (engine/bliss) on each puzzle, printing its log in the
 * forum thread's format and a summary line, or one JSON object per puzzle with every step
 * (jobs/blissReport.ts).
 */
import { DEFAULT_NODE_BUDGET } from '../engine/core/analyze';
import { plural } from '../engine/core/format';
import { DEFAULT_RATING_BUDGET_MS } from '../engine/se/rate';
import { type BlissRunOptions, blissReport } from '../jobs/blissReport';
import { BUDGET_NODES, LEVEL, LOCKED_CANDIDATES, type OptionValues, VARIANT, budgetMs, command, json } from './command';
import { inputArgs, listInputs } from './inputs';
import { positiveInt } from './io';
import { levelOption, variantOption } from './ratingOptions';
import { RUN_OPTIONS, openShardRun, runPuzzles } from './shardRun';

const BLISS_USAGE = `  sudoku-lens bliss PUZZLE|FILE... [--level 1|2] [--variant classic|X|P|PX] [--locked-candidates] [--json] [--budget-ms N]
                  [--shard I/N] [--output FILE [--resume]]
                                 the BLISS solver's log (singles and implications of tested candidates)
                                 and a summary line per puzzle; --level 1: BLISS(1) only;
                                 --locked-candidates: DoSingles also applies pointing/claiming (also for rate)`;

const BLISS_OPTIONS = {
  level: LEVEL,
  variant: VARIANT,
  'locked-candidates': LOCKED_CANDIDATES,
  json: json('puzzle'),
  'budget-ms': budgetMs('per puzzle (default 10000)'),
  'budget-nodes': BUDGET_NODES,
  ...RUN_OPTIONS,
};

async function runBlissCommand(args: string[], values: OptionValues<typeof BLISS_OPTIONS>): Promise<number> {
  const named = inputArgs(args, "'bliss' needs at least one puzzle or file");
  const options: BlissRunOptions = {
    variant: variantOption(values.variant),
    maxLevel: levelOption(values.level),
    lockedCandidates: Boolean(values['locked-candidates']),
    budgetMs: positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS),
    nodeBudget: positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET),
  };

  const inputs = listInputs(named, true);
  const run = openShardRun({ command: 'bliss', values, defaults: { level: '2' }, inputs });
  let puzzles = 0;
  let withErrors = 0;
  try {
    for await (const { input, puzzle, done } of runPuzzles(run, inputs)) {
      if (done) continue;
      const { lines, error } = blissReport(input.name, puzzle, options, Boolean(values.json));
      if (!values.json) lines.push('');
      puzzles++;
      if (error) withErrors++;
      run.write(`${lines.join('\n')}\n`);
    }
    run.end();
  } finally {
    run.close();
  }
  if (!values.json) process.stderr.write(`${plural(puzzles, 'puzzle')}, ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}

export const BLISS = command({ name: 'bliss', usage: BLISS_USAGE, options: BLISS_OPTIONS, run: runBlissCommand });

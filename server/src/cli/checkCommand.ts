/** `sudoku-lens check`: validate and solve every puzzle of whole collections; errors and warnings only. */
import { DEFAULT_NODE_BUDGET } from '../engine/core/analyze';
import { DEFAULT_RATING_BUDGET_MS } from '../engine/se/rate';
import { diagnosticLines } from '../jobs/findingLines';
import { type OptionValues, command } from './command';
import { WHERE_OPTION, filterOf, refuseRowOptions, runFilter } from './filter';
import { positiveInt } from './io';
import { CHECK_OPTIONS, type CheckOptions, type PuzzleCommand, jsonRow, runPuzzleCommand } from './puzzleCommand';
import { variantOption } from './ratingOptions';

const CHECK_ROWS: PuzzleCommand<CheckOptions> = {
  name: 'check',
  takesPuzzles: false,
  progress: true,
  lines: (file, row, values) => (values.json ? jsonRow(file, row) : diagnosticLines(file, row.findings)),
};

const OPTIONS = { ...CHECK_OPTIONS, where: WHERE_OPTION };

/** `check --where`: the filter, in-process (a rating it needs gets rate's default budget). */
function runCheck(args: string[], values: OptionValues<typeof OPTIONS>): number | Promise<number> {
  const where = filterOf(values);
  if (!where) return runPuzzleCommand(CHECK_ROWS, args, values);
  const nodeBudget = positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET);
  refuseRowOptions(values);
  const run = { command: 'check', where, budgetMs: DEFAULT_RATING_BUDGET_MS, nodeBudget, variant: variantOption(values.variant), workers: 1, values } as const;
  return runFilter(args, run);
}

export const CHECK = command({
  name: 'check',
  usage: `  sudoku-lens check PUZZLE|FILE|DIR... [--json] [--budget-nodes N] [--where EXPR] [--shard I/N] [--output FILE [--resume]]
                                 validate and solve every puzzle; with --where, keep the puzzles EXPR holds for`,
  options: OPTIONS,
  run: runCheck,
});

/**
 * `sudoku-lens bliss`: the BLISS solver (engine/bliss) on each puzzle, printing its log in the
 * forum thread's format and a summary line, or one JSON object per puzzle with every step
 * (jobs/blissReport.ts).
 */
import { DEFAULT_NODE_BUDGET } from '../engine/analyze';
import { plural } from '../engine/format';
import { DEFAULT_RATING_BUDGET_MS } from '../engine/rate';
import { type BlissRunOptions, blissReport } from '../jobs/blissReport';
import { listInputs, puzzlesIn } from './inputs';
import { UsageError, positiveInt } from './io';
import { writeOut } from './stdout';
import { levelOption, variantOption } from './rateCommand';

export const BLISS_USAGE = `  sudoku-lens bliss PUZZLE|FILE... [--level 1|2] [--variant classic|X|P|PX] [--locked-candidates] [--json] [--budget-ms N]
                                 the BLISS solver's log (singles and implications of tested candidates)
                                 and a summary line per puzzle; --level 1: BLISS(1) only;
                                 --locked-candidates: DoSingles also applies pointing/claiming (also for rate)`;

export interface BlissOptions {
  json?: boolean;
  level?: string;
  variant?: string;
  'budget-ms'?: string;
  'budget-nodes'?: string;
  'locked-candidates'?: boolean;
}

export function runBlissCommand(args: string[], values: BlissOptions): number {
  if (args.length === 0) throw new UsageError("'bliss' needs at least one puzzle or file");
  const options: BlissRunOptions = {
    variant: variantOption(values.variant),
    maxLevel: levelOption(values.level),
    lockedCandidates: Boolean(values['locked-candidates']),
    budgetMs: positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS),
    nodeBudget: positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET),
  };

  let puzzles = 0;
  let withErrors = 0;
  for (const input of listInputs(args, true)) {
    for (const puzzle of puzzlesIn(input)) {
      const { lines, error } = blissReport(input.name, puzzle, options, Boolean(values.json));
      if (!values.json) lines.push('');
      puzzles++;
      if (error) withErrors++;
      writeOut(`${lines.join('\n')}\n`);
    }
  }
  if (!values.json) process.stderr.write(`${plural(puzzles, 'puzzle')}, ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}

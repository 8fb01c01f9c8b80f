/**
 * What the per-puzzle commands check, solve and path share: the loop over the inputs' puzzles,
 * each analysed, given its findings and printed as soon as it is made (`rate` is rateCommand.ts).
 */
import { DEFAULT_NODE_BUDGET, analyzePuzzle } from '../engine/core/analyze';
import { plural } from '../engine/core/format';
import { puzzleFindings } from '../engine/core/puzzleFindings';
import { type Rating, summarize } from '../engine/se/rate';
import type { WResult } from '../engine/whips';
import { hasError } from '../jobs/findingLines';
import { BUDGET_NODES, type OptionValues, VARIANT, json } from './command';
import { type Input, inputArgs, listInputs } from './inputs';
import { positiveInt } from './io';
import { lineProgress } from './lineProgress';
import { variantOption } from './ratingOptions';
import { type BaseRow, baseJson } from './rows';
import { RUN_OPTIONS, openShardRun, runPuzzles } from './shardRun';

/** One puzzle command: which arguments it takes, what it adds to a row, how a row prints. */
export interface PuzzleCommand<O extends CheckOptions> {
  name: 'check' | 'solve' | 'path';
  /** check reads files only; solve and path take puzzle lines as arguments too. */
  takesPuzzles: boolean;
  /** check goes through whole collections: it says how far it is (solve and path print as they go). */
  progress: boolean;
  /** Defaults of its options that shape the rows, for a shard's manifest (shardRun.ts). */
  defaults?: Record<string, string>;
  /** Called before the findings are made (path rates the puzzle here); a usage error is thrown before any input is read. */
  prepare?(values: O): (row: PuzzleRow) => void;
  /** The lines a row prints; `--json` rows that are not the base row (path's steps) too. */
  lines(file: string, row: PuzzleRow, values: O): string[];
}

/** The options every puzzle command takes. */
export const CHECK_OPTIONS = { json: json('puzzle'), 'budget-nodes': BUDGET_NODES, variant: VARIANT, ...RUN_OPTIONS };
export type CheckOptions = OptionValues<typeof CHECK_OPTIONS>;

export interface PuzzleRow extends BaseRow {
  /** `path` only: the SE rating, or why there is none. */
  rating?: Rating | null;
  /** `path --method w`: the W path. */
  wPath?: WResult;
  ratingReason?: string;
}

/** A row as `--json` prints it by default: the base record. */
export const jsonRow = (file: string, row: PuzzleRow): string[] => [JSON.stringify(baseJson(file, row))];

/** check, solve and path: one row per puzzle of the inputs, written as soon as it is made. */
export async function runPuzzleCommand<O extends CheckOptions>(command: PuzzleCommand<O>, args: string[], values: O): Promise<number> {
  const named = inputArgs(args, `'${command.name}' needs at least one ${command.takesPuzzles ? 'puzzle or file' : 'file'}`);
  const nodeBudget = positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET);
  const defaultVariant = variantOption(values.variant);
  const extend = command.prepare?.(values);

  const inputs: Input[] = listInputs(named, command.takesPuzzles);
  const run = openShardRun({ command: command.name, values, defaults: command.defaults, inputs });
  const progress = command.progress ? lineProgress(inputs, command.name) : null;
  let puzzles = 0;
  let withErrors = 0;
  try {
    for await (const { input, puzzle, done } of runPuzzles(run, inputs, progress)) {
      if (done) continue;
      const analysis = analyzePuzzle(puzzle, { nodeBudget, defaultVariant });
      const row: PuzzleRow = { puzzle, analysis, findings: [] };
      extend?.(row);
      row.findings = puzzleFindings(puzzle, { analysis, rating: row.rating && summarize(row.rating) });
      puzzles++;
      if (hasError(row.findings)) withErrors++;
      const lines = command.lines(input.name, row, values);
      progress?.clear();
      run.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
    }
    run.end();
  } finally {
    run.close();
  }
  progress?.finish();
  if (!values.json) process.stderr.write(`${plural(puzzles, 'puzzle')}, ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}

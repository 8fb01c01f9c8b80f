/** The per-puzzle commands check, solve and path, in text or JSON (`rate` is in rateCommand.ts). */
import { DEFAULT_NODE_BUDGET, analyzePuzzle, describeStatus } from '../engine/core/analyze';
import { gridPicture, plural, solutionString } from '../engine/core/format';
import { candidatesOf } from '../engine/core/parse';
import { DEFAULT_RATING_BUDGET_MS, type Rating, describeRating, pathText, ratePuzzle, seFormat, summarize } from '../engine/se/rate';
import { puzzleFindings } from '../engine/core/puzzleFindings';
import type { Step } from '../engine/core/step';
import { describeWPath, wPath, wPathLines } from '../engine/whips/whipRatings';
import type { WResult } from '../engine/whips';
import { BUDGET_NODES, type OptionSpecs, type OptionValues, VARIANT, budgetMs, command, json, valued } from './command';
import { type Input, listInputs, puzzlesIn } from './inputs';
import { UsageError, positiveInt } from './io';
import { writeOut } from './stdout';
import { lineProgress } from './lineProgress';
import { variantOption } from './rateCommand';
import { diagnosticLines, hasError } from '../jobs/findingLines';
import { type BaseRow, baseJson, cellDigit } from './rows';

const CHECK_OPTIONS = { json: json('puzzle'), 'budget-nodes': BUDGET_NODES, variant: VARIANT };

const PATH_OPTIONS = {
  ...CHECK_OPTIONS,
  json: json('step'),
  method: valued('se|w', "Sudoku Explainer's path (se, default) or Berthier's W path (w)"),
  'budget-ms': budgetMs('for the rating of each puzzle (default 10000)'),
} satisfies OptionSpecs;

/** What check, solve and path read (each takes only its own, main.ts checks). */
type PuzzleOptions = OptionValues<typeof PATH_OPTIONS>;

interface Row extends BaseRow {
  /** `path` only: the SE rating, or why there is none. */
  rating?: Rating | null;
  /** `path --method w`: the W path. */
  wPath?: WResult;
  ratingReason?: string;
}

/** Text output per command. */
function textRow(command: string, file: string, row: Row): string[] {
  const out = diagnosticLines(file, row.findings);
  if (command === 'solve') {
    out.push(`${file}:${row.puzzle.line + 1}: ${row.analysis ? describeStatus(row.analysis.status) : 'unreadable'}`);
    if (row.analysis?.solution) out.push(solutionString(row.analysis.solution), gridPicture(row.analysis.solution), '');
  } else if (row.wPath) {
    out.push(`${file}:${row.puzzle.line + 1}: ${describeWPath(row.wPath)}`, ...wPathLines(row.wPath.steps), '');
  } else if (command === 'path') {
    out.push(`${file}:${row.puzzle.line + 1}: ${row.rating ? describeRating(summarize(row.rating)) : `no path: ${row.ratingReason}`}`);
    if (row.rating) out.push(...pathText(row.rating), '');
  }
  return out;
}

/** One step of `path --json`: SE steps carry their difficulty, W steps their length (0 for a single). */
const stepJson = (s: Step, measure: { difficulty: number } | { length: number }): string =>
  JSON.stringify({
    technique: s.technique,
    ...measure,
    placements: s.placements.map(cellDigit),
    eliminations: s.eliminations.map(cellDigit),
    text: s.text,
  });

/** Why a path stops short of the solution, or null when it reaches it. */
function pathStop(row: Row): string | null {
  if (row.wPath) return row.wPath.status === 'solved' ? null : describeWPath(row.wPath);
  if (!row.rating) return `no path: ${row.ratingReason}`;
  const summary = summarize(row.rating);
  return summary.status === 'solved' ? null : describeRating(summary);
}

/** `path --json`: the steps, then a record saying why the path stops when it stops short. */
function pathJson(file: string, row: Row): string[] {
  const lines = [
    ...(row.rating?.steps ?? []).map((s) => stepJson(s, { difficulty: Number(seFormat(s.difficulty)) })),
    ...(row.wPath?.steps ?? []).map((s) => stepJson(s, { length: s.length })),
  ];
  const stopped = pathStop(row);
  if (stopped) lines.push(JSON.stringify({ file, line: row.puzzle.line + 1, text: row.puzzle.text, stopped }));
  return lines;
}

/** check, solve and path: one row per puzzle of the inputs, written as soon as it is made. */
function runPuzzleCommand(command: string, args: string[], values: PuzzleOptions): number {
  const takesPuzzles = command !== 'check';
  if (args.length === 0) throw new UsageError(`'${command}' needs at least one ${takesPuzzles ? 'puzzle or file' : 'file'}`);
  const nodeBudget = positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET);
  const budgetMs = positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS);
  const rates = command === 'path';
  const method = values.method ?? 'se';
  if (method !== 'se' && method !== 'w') throw new UsageError(`path --method takes se or w, not '${method}'`);
  const defaultVariant = variantOption(values.variant);

  const inputs: Input[] = listInputs(args, takesPuzzles);
  // check goes through whole collections: it says how far it is (solve and path print as they go).
  const progress = command === 'check' ? lineProgress(inputs, 'check') : null;
  let puzzles = 0;
  let withErrors = 0;
  for (const input of inputs) {
    for (const puzzle of puzzlesIn(input)) {
      const analysis = analyzePuzzle(puzzle, { nodeBudget, defaultVariant });
      const row: Row = { puzzle, analysis, findings: [] };
      if (rates) {
        const cands = candidatesOf(puzzle);
        if (cands && analysis?.status === 'unique' && method === 'w') {
          row.wPath = wPath(cands, budgetMs);
        } else if (cands && analysis?.status === 'unique') {
          row.rating = ratePuzzle(cands, puzzle.kind === '729', { unique: true, budgetMs });
        } else {
          row.rating = null;
          row.ratingReason = analysis ? describeStatus(analysis.status) : 'unreadable';
        }
      }
      row.findings = puzzleFindings(puzzle, { analysis, rating: row.rating && summarize(row.rating) });
      puzzles++;
      if (hasError(row.findings)) withErrors++;
      const lines =
        command === 'path' && values.json
          ? pathJson(input.name, row)
          : values.json
            ? [JSON.stringify(baseJson(input.name, row))]
            : textRow(command, input.name, row);
      progress?.clear();
      if (lines.length > 0) writeOut(`${lines.join('\n')}\n`);
      progress?.reached(input, puzzle.range.end.line + 1);
    }
    progress?.reached(input, Infinity);
  }
  progress?.finish();
  if (!values.json) process.stderr.write(`${plural(puzzles, 'puzzle')}, ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}

export const CHECK = command({
  name: 'check',
  usage: '  sudoku-lens check PUZZLE|FILE|DIR... [--json] [--budget-nodes N]   validate and solve every puzzle',
  options: CHECK_OPTIONS,
  run: (args, values) => runPuzzleCommand('check', args, values),
});

export const SOLVE = command({
  name: 'solve',
  usage: '  sudoku-lens solve PUZZLE|FILE... [--json] [--budget-nodes N]        print solutions',
  options: CHECK_OPTIONS,
  run: (args, values) => runPuzzleCommand('solve', args, values),
});

export const PATH = command({
  name: 'path',
  usage: `  sudoku-lens path PUZZLE|FILE... [--method se|w] [--json] [--budget-ms N]
                                 the solving path, one step a line: Sudoku Explainer's (se, default)
                                 or Berthier's W path (w: chains in SudoRules syntax, singles summarised)`,
  options: PATH_OPTIONS,
  run: (args, values) => runPuzzleCommand('path', args, values),
});

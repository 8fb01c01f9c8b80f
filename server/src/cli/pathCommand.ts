/**
 * `sudoku-lens path`: the solving path, one step a line: Sudoku Explainer's (se, default) or
 * Berthier's W path (w); `--json` prints one record per step.
 */
import { DEFAULT_RATING_BUDGET_MS, describeRating, pathText, ratePuzzle, seFormat, summarize } from '../engine/se/rate';
import { describeStatus } from '../engine/core/analyze';
import { candidatesOf } from '../engine/core/parse';
import type { Step } from '../engine/core/step';
import { describeWPath, wPath, wPathLines } from '../engine/whips/whipRatings';
import { diagnosticLines } from '../jobs/findingLines';
import { type OptionSpecs, type OptionValues, budgetMs, command, json, valued } from './command';
import { UsageError, positiveInt } from './io';
import { CHECK_OPTIONS, type PuzzleCommand, type PuzzleRow, runPuzzleCommand } from './puzzleCommand';
import { cellDigit } from './rows';
import { EXCLUDE, TECHS, excludeOption } from './techniqueOption';

const OPTIONS = {
  ...CHECK_OPTIONS,
  json: json('step'),
  method: valued('se|w', "Sudoku Explainer's path (se, default) or Berthier's W path (w)"),
  'budget-ms': budgetMs('for the rating of each puzzle (default 10000)'),
  exclude: EXCLUDE,
  techs: TECHS,
} satisfies OptionSpecs;

type PathOptions = OptionValues<typeof OPTIONS>;

/** Rates each puzzle with a unique solution by the method asked for; the others say why they have no path. */
function rater(values: PathOptions): (row: PuzzleRow) => void {
  const budgetMs = positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS);
  const method = values.method ?? 'se';
  if (method !== 'se' && method !== 'w') throw new UsageError(`path --method takes se or w, not '${method}'`);
  const exclude = excludeOption(values);
  if (exclude.length > 0 && method === 'w') throw new UsageError('--exclude leaves out SE techniques: it goes with --method se');
  return (row) => {
    const cands = candidatesOf(row.puzzle);
    if (cands && row.analysis?.status === 'unique' && method === 'w') {
      row.wPath = wPath(cands, budgetMs);
    } else if (cands && row.analysis?.status === 'unique') {
      row.rating = ratePuzzle(cands, row.puzzle.kind === '729', { unique: true, budgetMs, exclude });
    } else {
      row.rating = null;
      row.ratingReason = row.analysis ? describeStatus(row.analysis.status) : 'unreadable';
    }
  };
}

function pathTextRow(file: string, row: PuzzleRow): string[] {
  const out = diagnosticLines(file, row.findings);
  if (row.wPath) {
    out.push(`${file}:${row.puzzle.line + 1}: ${describeWPath(row.wPath)}`, ...wPathLines(row.wPath.steps), '');
  } else {
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
function pathStop(row: PuzzleRow): string | null {
  if (row.wPath) return row.wPath.status === 'solved' ? null : describeWPath(row.wPath);
  if (!row.rating) return `no path: ${row.ratingReason}`;
  const summary = summarize(row.rating);
  return summary.status === 'solved' ? null : describeRating(summary);
}

/** `path --json`: the steps, then a record saying why the path stops when it stops short (and what a reduced rating left out). */
function pathJson(file: string, row: PuzzleRow): string[] {
  const lines = [
    ...(row.rating?.steps ?? []).map((s) => stepJson(s, { difficulty: Number(seFormat(s.difficulty)) })),
    ...(row.wPath?.steps ?? []).map((s) => stepJson(s, { length: s.length })),
  ];
  const stopped = pathStop(row);
  const excluded = row.rating?.excluded;
  // A path of a reduced set of techniques ends with a record saying which were left out.
  if (stopped || excluded) {
    lines.push(JSON.stringify({ file, line: row.puzzle.line + 1, text: row.puzzle.text, ...(stopped ? { stopped } : {}), ...(excluded ? { excluded } : {}) }));
  }
  return lines;
}

const PATH_ROWS: PuzzleCommand<PathOptions> = {
  name: 'path',
  takesPuzzles: true,
  progress: false,
  defaults: { method: 'se' },
  prepare: rater,
  lines: (file, row, values) => (values.json ? pathJson(file, row) : pathTextRow(file, row)),
};

export const PATH = command({
  name: 'path',
  usage: `  sudoku-lens path PUZZLE|FILE... [--method se|w] [--json] [--budget-ms N] [--shard I/N] [--output FILE [--resume]]
                                 the solving path, one step a line: Sudoku Explainer's (se, default)
                                 or Berthier's W path (w: chains in SudoRules syntax, singles summarised)`,
  options: OPTIONS,
  run: (args, values) => runPuzzleCommand(PATH_ROWS, args, values),
});

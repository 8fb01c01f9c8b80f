/** `sudoku-lens solve`: each puzzle's solution status, its solution as a line and as a grid. */
import { describeStatus } from '../engine/core/analyze';
import { gridPicture, solutionString } from '../engine/core/format';
import { diagnosticLines } from '../jobs/findingLines';
import { command } from './command';
import { CHECK_OPTIONS, type CheckOptions, type PuzzleCommand, type PuzzleRow, jsonRow, runPuzzleCommand } from './puzzleCommand';

function solveText(file: string, row: PuzzleRow): string[] {
  const out = diagnosticLines(file, row.findings);
  out.push(`${file}:${row.puzzle.line + 1}: ${row.analysis ? describeStatus(row.analysis.status) : 'unreadable'}`);
  if (row.analysis?.solution) out.push(solutionString(row.analysis.solution), gridPicture(row.analysis.solution), '');
  return out;
}

const SOLVE_ROWS: PuzzleCommand<CheckOptions> = {
  name: 'solve',
  takesPuzzles: true,
  progress: false,
  lines: (file, row, values) => (values.json ? jsonRow(file, row) : solveText(file, row)),
};

export const SOLVE = command({
  name: 'solve',
  usage: `  sudoku-lens solve PUZZLE|FILE... [--json] [--budget-nodes N] [--shard I/N] [--output FILE [--resume]]
                                 print solutions`,
  options: CHECK_OPTIONS,
  run: (args, values) => runPuzzleCommand(SOLVE_ROWS, args, values),
});

/** `sudoku-lens check`: validate and solve every puzzle of whole collections; errors and warnings only. */
import { diagnosticLines } from '../jobs/findingLines';
import { command } from './command';
import { CHECK_OPTIONS, type CheckOptions, type PuzzleCommand, jsonRow, runPuzzleCommand } from './puzzleCommand';

const CHECK_ROWS: PuzzleCommand<CheckOptions> = {
  name: 'check',
  takesPuzzles: false,
  progress: true,
  lines: (file, row, values) => (values.json ? jsonRow(file, row) : diagnosticLines(file, row.findings)),
};

export const CHECK = command({
  name: 'check',
  usage: '  sudoku-lens check PUZZLE|FILE|DIR... [--json] [--budget-nodes N]   validate and solve every puzzle',
  options: CHECK_OPTIONS,
  run: (args, values) => runPuzzleCommand(CHECK_ROWS, args, values),
});

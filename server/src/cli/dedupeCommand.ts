/**
 * `sudoku-lens dedupe`: the input lines with every puzzle line that repeats an earlier one left
 * out, identically or (--equivalent) up to the Sudoku symmetries, by the engine's DuplicateFilter
 * (the editor's "Remove duplicate puzzles" uses it too). Lines are read and written as they come;
 * memory grows with the puzzles kept. Other lines (comments, headers, grids, broken puzzles) pass
 * through unchanged.
 */
import { DuplicateFilter } from '../engine/canonical';
import { plural } from '../engine/core/format';
import { type PuzzleVariant, isLinePuzzle, parseLines, shiftPuzzle, variantDirective } from '../engine/core/parse';
import { diagnosticLines } from '../jobs/findingLines';
import { type OptionValues, command, flag } from './command';
import { listInputs } from './inputs';
import { UsageError } from './io';
import { readLines } from './lines';
import { writeOut } from './stdout';

const DEDUPE_USAGE = `  sudoku-lens dedupe FILE|-... [--equivalent]
                                 the lines, less each puzzle line that repeats an earlier one (the
                                 first is kept, lines print verbatim); --equivalent: also puzzles
                                 equal up to the Sudoku symmetries (same 'canon' form)`;

const DEDUPE_OPTIONS = {
  equivalent: flag('also drop puzzles equivalent to an earlier one (transposed, lines permuted, digits renamed)'),
};

async function runDedupe(args: string[], values: OptionValues<typeof DEDUPE_OPTIONS>): Promise<number> {
  if (args.length === 0) throw new UsageError("'dedupe' needs at least one file (or - for stdin)");
  // A variant's puzzles are equivalent under fewer symmetries: they are compared among themselves, identically.
  const filters = new Map<PuzzleVariant, DuplicateFilter>();
  const filterFor = (variant: PuzzleVariant) => {
    let f = filters.get(variant);
    if (!f) filters.set(variant, (f = new DuplicateFilter(values.equivalent && variant === 'classic' ? 'equivalent' : 'exact')));
    return f;
  };
  let puzzles = 0;
  let dropped = 0;
  let broken = 0;
  for (const input of listInputs(args, false)) {
    let variant: PuzzleVariant = 'classic';
    let lineNo = 0;
    // Blank lines wait for the next line: the one after the input's last line break is no line.
    let blanks = 0;
    const chunks = input.text !== undefined ? [[input.text]] : readLines(input.name, input.path);
    for await (const chunk of chunks) for (const line of chunk) {
      lineNo++;
      if (line === '') {
        blanks++;
        continue;
      }
      const set = variantDirective(line);
      if (set) variant = set;
      if (isLinePuzzle(line)) {
        const puzzle = shiftPuzzle(parseLines([line])[0], lineNo - 1);
        if (puzzle.text !== null) {
          puzzles++;
          if (filterFor(variant).add(puzzle.text) !== undefined) {
            dropped++;
            continue;
          }
        } else {
          broken++;
          process.stderr.write(diagnosticLines(input.name, puzzle.problems).map((l) => `${l}\n`).join(''));
        }
      }
      writeOut(`${'\n'.repeat(blanks)}${line}\n`);
      blanks = 0;
    }
    if (blanks > 1) writeOut('\n'.repeat(blanks - 1));
  }
  process.stderr.write(`${plural(puzzles, 'puzzle')}, ${dropped} ${dropped === 1 ? 'duplicate' : 'duplicates'} dropped\n`);
  return broken > 0 ? 1 : 0;
}

export const DEDUPE = command({ name: 'dedupe', usage: DEDUPE_USAGE, options: DEDUPE_OPTIONS, run: runDedupe });

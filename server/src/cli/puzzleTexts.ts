/**
 * The loop `canon` and `transform` share: every puzzle of the inputs, in order, as its normalized
 * text (81 or 729 characters). A puzzle that cannot be read, a clue pattern, or a puzzle of a
 * variant (whose symmetries are fewer than classic Sudoku's) gets its located line on stderr and
 * the stream goes on.
 */
import { plural } from '../engine/core/format';
import type { Puzzle } from '../engine/core/parse';
import { diagnosticLines, hasError } from '../jobs/findingLines';
import { listInputs, puzzlesIn } from './inputs';
import { UsageError } from './io';
import { writeOut } from './stdout';

/** Why a puzzle has no text to transform, as located lines (none when it has one), and whether that is an error. */
function refusal(file: string, puzzle: Puzzle): { lines: string[]; error: boolean } {
  if (puzzle.text === null) return { lines: diagnosticLines(file, puzzle.problems), error: hasError(puzzle.problems) };
  if (puzzle.variant === null || puzzle.variant === 'classic') return { lines: [], error: false };
  const { line, character } = puzzle.range.start;
  const why = `a Sudoku${puzzle.variant} puzzle: the symmetries of classic Sudoku would not keep its extra houses`;
  return { lines: [`${file}:${line + 1}:${character + 1}: error: ${why}`], error: true };
}

/**
 * Calls `line` for each readable classic puzzle and writes what it returns. Exit status 1 when
 * some puzzle was refused with an error, else 0.
 */
export async function eachPuzzleText(name: string, args: string[], line: (text: string, puzzle: Puzzle) => string): Promise<number> {
  if (args.length === 0) throw new UsageError(`'${name}' needs at least one puzzle or file (or - for stdin)`);
  let done = 0;
  let refused = 0;
  for (const input of listInputs(args, true)) {
    for await (const { puzzle } of puzzlesIn(input)) {
      const { lines, error } = refusal(input.name, puzzle);
      if (puzzle.text !== null && lines.length === 0) {
        writeOut(`${line(puzzle.text, puzzle)}\n`);
        done++;
        continue;
      }
      process.stderr.write(lines.map((l) => `${l}\n`).join(''));
      if (error) refused++;
    }
  }
  process.stderr.write(`${plural(done, 'puzzle')}${refused ? `, ${refused} refused` : ''}\n`);
  return refused > 0 ? 1 : 0;
}

/**
 * Writing BLISS's finds back into a 729-char pencilmark line: an eliminated candidate's
 * character becomes the line's empty marker, a placed cell keeps only its digit. No other
 * character moves or changes (nor does the text trailing the cells), so the edit is exactly
 * the finds.
 */
import { type Puzzle, isLibraryLine } from '../core/parse';
import type { Range } from '../core/types';
import type { BlissStep } from './bliss';

export type BlissFindRef = Pick<BlissStep, 'kind' | 'cell' | 'digit'>;

/** The 729 cell characters with the finds applied; a line written with '0' for absent candidates stays so. */
export function applyBlissSteps(cells: string, steps: readonly BlissFindRef[]): string {
  const empty = cells.includes('0') && !cells.includes('.') ? '0' : '.';
  const chars = [...cells];
  for (const s of steps) {
    const first = 9 * s.cell;
    if (s.kind === 'eliminate') chars[first + s.digit - 1] = empty;
    else for (let d = 1; d <= 9; d++) if (d !== s.digit) chars[first + d - 1] = empty;
  }
  return chars.join('');
}

/** Replaces the cells of a readable 729 puzzle on `lineText` (its line); null when the finds change nothing. */
export function blissEdit(puzzle: Puzzle, lineText: string, steps: readonly BlissFindRef[]): { range: Range; newText: string } | null {
  // A HoDoKu library line's candidates are no characters of it: there is nothing to rewrite in place.
  if (puzzle.kind !== '729' || puzzle.text === null || isLibraryLine(puzzle) || puzzle.range.start.line !== puzzle.range.end.line) return null;
  const cells = lineText.slice(puzzle.range.start.character, puzzle.range.end.character);
  const newText = applyBlissSteps(cells, steps);
  return newText === cells ? null : { range: puzzle.range, newText };
}

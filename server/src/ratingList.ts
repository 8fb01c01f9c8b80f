/**
 * "Rate all puzzles in file → List the ratings in a new document": the list's text, and the SE
 * rating's text that Rate all also writes after each line. Plain data only: the client builds the
 * list (and opens it as a read-only side document, which the server does not analyse: no lenses or
 * inlay hints of its own), its row links read LINE_REFERENCE (client/src/sideLinks.ts).
 */
import { plural } from './engine/core/format';
import { type PuzzleRow, edText, isRated } from './protocol';

/** The end of each row: `# line 12`, the puzzle's line (1-based) in the rated file. */
export const LINE_REFERENCE = /# line (\d+)$/;
export const lineReference = (line: number): string => `# line ${line + 1}`;

/** A header (what was rated, what the columns mean), then one row per puzzle: the puzzle, its rating or why none, its line. */
export function ratingList(file: string, rows: readonly PuzzleRow[]): string {
  const header = [
    `# Ratings of ${file}`,
    `# Sudoku Explainer ratings (Rate all puzzles in file): ${plural(rows.filter(isRated).length, 'puzzle')} rated of ${rows.length}`,
    `# Each row: the puzzle; ED=ER/EP/ED (ER the hardest step, EP the hardest up to the first placement, ED the first step) or why it is not rated; its line in ${file}`,
  ];
  const body = rows.map((r) => {
    const rating = r.rating && isRated(r) ? edText(r.rating) : `# not rated: ${r.status}${r.rating ? `, ${r.rating.status}` : ''}`;
    return `${r.text ?? '# unreadable'} ${rating} ${lineReference(r.line)}`;
  });
  return `${[...header, ...body].join('\n')}\n`;
}

/**
 * `sudoku-lens canon`: each puzzle's minlex form (engine/canonical.ts), one line each, as the
 * puzzles come: equivalent puzzles print the same line, so `sort -u` or `uniq -c` on the output
 * counts the distinct puzzles of a collection.
 */
import { canonicalForm } from '../engine/canonical';
import { command } from './command';
import { eachPuzzleText } from './puzzleTexts';

const CANON_USAGE = `  sudoku-lens canon PUZZLE|FILE|-...
                                 each puzzle's minlex form: the lexicographically smallest 81-char
                                 string ('.' before 1-9) over the 2 x 3,359,232 arrangements
                                 (transposition, bands, stacks, rows, columns) with the digits
                                 relabelled 1, 2, 3… in order of first appearance; a 729-char line's
                                 smallest 729-char form under the same group`;

export const CANON = command({
  name: 'canon',
  usage: CANON_USAGE,
  options: {},
  run: (args) => eachPuzzleText('canon', args, canonicalForm),
});

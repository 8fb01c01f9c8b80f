/**
 * "Rate all → List the ratings in a new document" (server/src/ratingList.ts): a header saying what
 * was rated and what the columns mean (its first line also titles an editor tab), then one row per
 * puzzle that still reads as a puzzle line and ends with its source line, which the side document's
 * links (client/src/sideLinks.ts) take back to the file.
 */
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../server/src/engine/core/parse';
import type { PuzzleRow } from '../../server/src/protocol';
import { LINE_REFERENCE, ratingList } from '../../server/src/ratingList';

const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const MANY = '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...96........';
const rating = (status: string, er = '9.0'): PuzzleRow['rating'] => ({ status, er, ep: '1.2', ed: '1.2', hardest: 'Nishio', steps: 60 });
const ROWS: PuzzleRow[] = [
  { line: 1, kind: '81', text: TOP95_1, status: 'unique solution', givens: 17, rating: rating('solved') },
  { line: 3, kind: '81', text: MANY, status: 'at least 2 solutions', givens: 16, rating: null },
  { line: 4, kind: null, text: null, status: 'unreadable', givens: null, rating: null },
  { line: 9, kind: '81', text: TOP95_1, status: 'unique solution', givens: 17, rating: rating('stuck', '12.0') },
];

describe('the Rate all list document', () => {
  const lines = ratingList('collection.sdm', ROWS).split('\n');

  it('starts with a header: what was rated (the tab title), how many, what the columns mean', () => {
    expect(lines[0]).toBe('# Ratings of collection.sdm');
    expect(lines[1]).toBe('# Sudoku Explainer ratings (Rate all puzzles in file): 2 puzzles rated of 4');
    expect(lines[2]).toMatch(/^# Each row: the puzzle; ED=ER\/EP\/ED \(ER the hardest step, .*\) or why it is not rated; its line in collection\.sdm$/);
  });

  it("gives each puzzle a row with its rating, or why it has none, ending with its line in the file", () => {
    expect(lines.slice(3)).toEqual([
      `${TOP95_1} ED=9.0/1.2/1.2 # line 2`,
      `${MANY} # not rated: at least 2 solutions # line 4`,
      '# unreadable # not rated: unreadable # line 5',
      `${TOP95_1} ED=20.0/1.2/1.2 # line 10`,
      '',
    ]);
    expect(lines.slice(3, -1).map((l) => LINE_REFERENCE.exec(l)?.[1])).toEqual(['2', '4', '5', '10']);
  });

  it('reads back as the same puzzles, with the rating as trailing text', () => {
    const puzzles = parseDocument(lines.join('\n')).puzzles.map((p) => [p.line, p.text, p.trailing]);
    expect(puzzles).toEqual([
      [3, TOP95_1, 'ED=9.0/1.2/1.2 # line 2'],
      [4, MANY, '# not rated: at least 2 solutions # line 4'],
      [6, TOP95_1, 'ED=20.0/1.2/1.2 # line 10'],
    ]);
  });
});

/** A pencilmark line that removes the solution digits of its own givens-only puzzle says where. */
import { describe, expect, it } from 'vitest';
import { analyzePuzzle } from '../../server/src/engine/core/analyze';
import { findingsOf } from '../../server/src/engine/core/findings';
import { pencilmarkString } from '../../server/src/engine/core/grid';
import { candidatesOf, parseDocument } from '../../server/src/engine/core/parse';
import { solveString } from '../../server/src/engine/core/solve';
import { eliminateGivens, givensOf } from '../../server/src/engine/core/validate';

const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

function pencilmarks(puzzle: string): string[] {
  const cands = candidatesOf(parseDocument(puzzle).puzzles[0])!;
  return [...pencilmarkString(eliminateGivens(cands, givensOf(cands)))];
}

describe('pencilmarks that remove the solution', () => {
  it('names the cell and the digit when the givens alone are unique', () => {
    const solution = solveString(TOP95_1).solutions[0];
    const chars = pencilmarks(TOP95_1);
    const cell = 21; // r3c4, empty in the puzzle
    chars[9 * cell + solution[cell] - 1] = '.';
    const [puzzle] = parseDocument(chars.join('')).puzzles;
    const analysis = analyzePuzzle(puzzle)!;
    expect(analysis.status).toBe('none');
    const findings = findingsOf(puzzle, analysis.issues);
    expect(findings).toEqual([
      {
        severity: 'error',
        code: 'pencilmarks-remove-solution',
        message: `The pencilmarks remove the solution digit ${solution[cell]} from r3c4 (the givens alone have one solution)`,
        range: { start: { line: 0, character: 9 * cell + solution[cell] - 1 }, end: { line: 0, character: 9 * cell + solution[cell] } },
      },
    ]);
  });

  it('keeps the plain no-solution error when the givens alone do not decide', () => {
    const chars = pencilmarks('.'.repeat(80) + '1');
    chars[0] = '.';
    for (let d = 2; d <= 9; d++) chars[d - 1] = '.'; // r1c1 has no candidate left: structural error instead
    const [puzzle] = parseDocument(chars.join('')).puzzles;
    const codes = findingsOf(puzzle, analyzePuzzle(puzzle)!.issues).map((f) => f.code);
    expect(codes).not.toContain('pencilmarks-remove-solution');
  });
});

/** Findings from a rating: the BUG warning (where it points, what it says) and the trailing-ED hint. */
import { describe, expect, it } from 'vitest';
import { candidatesOf, parseDocument } from '../../server/src/engine/parse';
import { ratePuzzle, summarize } from '../../server/src/engine/rate';
import { ratingFindings } from '../../server/src/engine/ratingFindings';
import { eliminateGivens, givensOf } from '../../server/src/engine/validate';
import { pencilmarkString } from '../../server/src/engine/grid';

// From the Sudoku Exchange bank: its path reaches a BUG+1 state (r6c4 must be 9), ER 5.6.
const BUG_PUZZLE = '.215.........83.2...6...8.....8....1.38...45.7....6.....2...5...5.62.........173.';

function findingsFor(line: string) {
  const [puzzle] = parseDocument(line).puzzles;
  const summary = summarize(ratePuzzle(candidatesOf(puzzle)!, puzzle.kind === '729', { unique: true }));
  return { puzzle, summary, findings: ratingFindings(puzzle, summary) };
}

describe('BUG warnings', () => {
  it('names the BUG and what it forces, on the cell it forces', () => {
    const { summary, findings } = findingsFor(BUG_PUZZLE);
    expect(summary.status).toBe('solved');
    expect(summary.er).toBeCloseTo(5.6);
    const bug = findings.filter((f) => f.code === 'bug');
    expect(bug).toHaveLength(1);
    expect(bug[0]).toMatchObject({ severity: 'warning', message: 'BUG+1: r6c4 must be 9 (the solving path reaches a BUG state: BUG type 1)' });
    expect(bug[0].range).toEqual({ start: { line: 0, character: 48 }, end: { line: 0, character: 49 } });
  });

  it('points at candidate characters on a 729-char line', () => {
    const cands = candidatesOf(parseDocument(BUG_PUZZLE).puzzles[0])!;
    const line = pencilmarkString(eliminateGivens(cands, givensOf(cands)));
    const bug = findingsFor(line).findings.filter((f) => f.code === 'bug');
    expect(bug.length).toBeGreaterThan(0);
    for (const f of bug) {
      const width = f.range.end.character - f.range.start.character;
      expect(width === 1 || width === 9).toBe(true); // one candidate, or the whole cell when no digit is named
      expect(Math.floor(f.range.start.character / 9)).toBe(48); // r6c4
    }
  });
});

describe('trailing rating', () => {
  it('hints when a trailing ED= disagrees, and is quiet when it agrees', () => {
    const wrong = findingsFor(`${BUG_PUZZLE} ED=5.7/1.2/1.2`).findings.filter((f) => f.code === 'rating-mismatch');
    expect(wrong).toEqual([
      {
        severity: 'hint',
        code: 'rating-mismatch',
        message: 'The line says ED=5.7/1.2/1.2, computed ED=5.6/1.2/1.2',
        range: { start: { line: 0, character: 82 }, end: { line: 0, character: 96 } },
      },
    ]);
    expect(findingsFor(`${BUG_PUZZLE} ED=5.6/1.2/1.2`).findings.filter((f) => f.code === 'rating-mismatch')).toEqual([]);
  });
});

/**
 * Findings from a rating: the BUG finding (where it points, what it says, its severity), the trailing-ED hint, and the
 * W path's chains as the setting sudokuLens.diagnostics.whipPath picks them.
 */
import { describe, expect, it } from 'vitest';
import { candidatesOf, parseDocument } from '../../server/src/engine/core/parse';
import { ratePuzzle, summarize } from '../../server/src/engine/se/rate';
import { extraRatings } from '../../server/src/engine/whips/extraRatings';
import { type BugSeverity, type WhipPathDiagnostics, ratingFindings, whipFindings } from '../../server/src/engine/se/ratingFindings';
import { eliminateGivens, givensOf } from '../../server/src/engine/core/validate';
import { pencilmarkString } from '../../server/src/engine/core/grid';

// From the Sudoku Exchange bank: its path reaches a BUG+1 state (r6c4 must be 9), ER 5.6.
const BUG_PUZZLE = '.215.........83.2...6...8.....8....1.38...45.7....6.....2...5...5.62.........173.';

function findingsFor(line: string, bugSeverity?: BugSeverity) {
  const [puzzle] = parseDocument(line).puzzles;
  const summary = summarize(ratePuzzle(candidatesOf(puzzle)!, puzzle.kind === '729', { unique: true }));
  return { puzzle, summary, findings: ratingFindings(puzzle, summary, bugSeverity) };
}

describe('BUG findings', () => {
  it('names the BUG and what it forces, on the cell it forces, as information: a BUG is a technique, not a fault', () => {
    const { summary, findings } = findingsFor(BUG_PUZZLE);
    expect(summary.status).toBe('solved');
    expect(summary.er).toBeCloseTo(5.6);
    const bug = findings.filter((f) => f.code === 'bug');
    expect(bug).toHaveLength(1);
    expect(bug[0]).toMatchObject({ severity: 'information', message: 'BUG+1: r6c4 must be 9 (the solving path reaches a BUG state: BUG type 1)' });
    expect(bug[0].range).toEqual({ start: { line: 0, character: 48 }, end: { line: 0, character: 49 } });
  });

  it('takes the severity sudokuLens.diagnostics.bugSeverity asks for', () => {
    expect(findingsFor(BUG_PUZZLE, 'warning').findings.find((f) => f.code === 'bug')?.severity).toBe('warning');
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

describe('W path chains', () => {
  // Published W4 (Berthier's SudoRules path: ../shared/data/berthier-ratings/paths).
  const W4 = '....5..8.45...9...6.9....1.2.......834...1.7...172...4...9......6...4....1.86..27';
  const cands = candidatesOf(parseDocument(W4).puzzles[0])!;
  const PM = pencilmarkString(eliminateGivens(cands, givensOf(cands)));
  const grid = W4.match(/.{9}/g)!.join('\n');
  const codes = (text: string, mode: WhipPathDiagnostics) => {
    const [puzzle] = parseDocument(text).puzzles;
    return whipFindings(puzzle, extraRatings(puzzle.text!, 'classic', 10_000), mode).map((f) => f.code);
  };

  it('follows the setting: pencilmark lines by default, every puzzle with "all", none with "off"', () => {
    for (const text of [W4, grid]) {
      expect(codes(text, 'pencilmark')).toEqual([]);
      expect(codes(text, 'all')).toEqual(['whip-chain']);
      expect(codes(text, 'off')).toEqual([]);
    }
    const eliminations = codes(PM, 'pencilmark');
    expect(eliminations.length).toBeGreaterThan(30);
    expect(new Set(eliminations)).toEqual(new Set(['whip-elimination']));
    expect(codes(PM, 'all')).toEqual(eliminations);
    expect(codes(PM, 'off')).toEqual([]);
  });

  it("keeps only an 81-cell puzzle's first chain, and a grid's goes on its rows", () => {
    const [puzzle] = parseDocument(grid).puzzles;
    const extras = extraRatings(puzzle.text!, 'classic', 10_000);
    expect(extras.w?.chains).toHaveLength(1);
    const [f] = whipFindings(puzzle, extras, 'all');
    expect(f.range).toEqual(puzzle.range);
    expect(f.message).toBe('first chain of the W path (W4): whip[1]: c2n9{r4 .} ==> r6c1≠9');
    // the chain's one candidate, 9r4c2: row 4, column 2 of the grid
    expect(f.related?.map((r) => r.range.start)).toEqual([{ line: 3, character: 1 }]);
  });

  it('says "so far" when the path stops before the end', () => {
    const [puzzle] = parseDocument(PM).puzzles;
    const extras = extraRatings(puzzle.text!, 'classic', 10_000);
    const stopped = { ...extras, w: { ...extras.w!, status: 'budget' as const, chains: extras.w!.chains.slice(0, 2) } };
    expect(whipFindings(puzzle, stopped, 'pencilmark')[0].message).toMatch(/^W path, chain 1 of 2 so far: whip\[1\]: /);
  });
});

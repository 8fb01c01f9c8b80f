/**
 * Structural checks (server/src/engine/core/validate.ts) and the analysis with the exact
 * solver (analyze.ts), placed in the source by findings.ts: every diagnostic code on
 * minimal crafted puzzles, then real data sets from ../shared/data.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AnalyzeOptions, analyze, analyzePuzzle } from '../../server/src/engine/core/analyze';
import { findingsOf } from '../../server/src/engine/core/findings';
import { HOUSES, HOUSES_OF, PEERS, bit, cellName, popcount } from '../../server/src/engine/core/grid';
import { type Puzzle, candidateRange, candidatesOf, cellRange, parseDocument } from '../../server/src/engine/core/parse';
import { solve } from '../../server/src/engine/core/solve';
import type { Range } from '../../server/src/engine/core/types';
import { validateState } from '../../server/src/engine/core/validate';
import { dataPath } from '../dataPath';

const dataLines = (...parts: string[]): string[] =>
  readFileSync(dataPath(...parts), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));

/** Golden Nugget and its solution. */
const GN = '.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....';
const GN_SOLUTION = '751846239892371465643259871238197546974562318165438927319684752527913684486725193';

const rng = (line: number, start: number, end: number, endLine = line): Range => ({
  start: { line, character: start },
  end: { line: endLine, character: end },
});

interface Checked {
  puzzle: Puzzle;
  analysis: NonNullable<ReturnType<typeof analyzePuzzle>>;
  findings: ReturnType<typeof findingsOf>;
}

/** Parses a one-puzzle document, analyses it and places its findings. */
function check(source: string, options?: AnalyzeOptions): Checked {
  const { puzzles } = parseDocument(source);
  expect(puzzles).toHaveLength(1);
  const puzzle = puzzles[0];
  expect(puzzle.problems).toEqual([]);
  const analysis = analyzePuzzle(puzzle, options);
  expect(analysis).not.toBeNull();
  return { puzzle, analysis: analysis!, findings: findingsOf(puzzle, analysis!.issues) };
}

const codes = (c: Checked): string[] => c.findings.map((f) => f.code);
const withCode = (c: Checked, code: string) => c.findings.filter((f) => f.code === code);

/** An 81-char puzzle with the given cells set (0-based index → digit). */
function puzzle81(cells: Record<number, number>): string {
  const t = Array<string>(81).fill('.');
  for (const [i, d] of Object.entries(cells)) t[Number(i)] = String(d);
  return t.join('');
}

/** 729 chars from candidate masks. */
function pencilString(masks: ArrayLike<number>): string {
  let s = '';
  for (let c = 0; c < 81; c++) for (let d = 1; d <= 9; d++) s += masks[c] & bit(d) ? String(d) : '.';
  return s;
}

/** Candidate masks of an 81-char puzzle; `reduce` removes the givens' digits from their peers. */
function masksOf(text: string, reduce: boolean): number[] {
  return Array.from({ length: 81 }, (_, c) => {
    if (text[c] !== '.') return bit(Number(text[c]));
    if (!reduce) return 0x1ff;
    let m = 0x1ff;
    for (const p of PEERS[c]) if (text[p] !== '.') m &= ~bit(Number(text[p]));
    return m;
  });
}

/** True when `grid` is a complete valid sudoku solution that keeps every candidate constraint of `cands`. */
function isSolutionOf(grid: ArrayLike<number>, cands: ArrayLike<number>): boolean {
  for (let c = 0; c < 81; c++) if (!(cands[c] & bit(grid[c]))) return false;
  return HOUSES.every((h) => new Set(h.map((c) => grid[c])).size === 9);
}

describe('duplicate-given', () => {
  it('reports a pair in a row (sharing a box too) once per cell, with related info to the other', () => {
    const c = check(puzzle81({ 0: 1, 1: 1 }));
    expect(c.analysis.status).toBe('invalid');
    expect(c.analysis.solutions).toBeNull();
    expect(c.analysis.solution).toBeNull();
    expect(c.findings).toEqual([
      {
        severity: 'error',
        code: 'duplicate-given',
        message: 'Digit 1 appears twice in row 1: r1c1 and r1c2',
        range: rng(0, 0, 1),
        related: [{ range: rng(0, 1, 2), message: 'r1c2 is also 1' }],
      },
      {
        severity: 'error',
        code: 'duplicate-given',
        message: 'Digit 1 appears twice in row 1: r1c1 and r1c2',
        range: rng(0, 1, 2),
        related: [{ range: rng(0, 0, 1), message: 'r1c1 is also 1' }],
      },
    ]);
  });

  it('reports a pair in a column', () => {
    const c = check(puzzle81({ 0: 5, 72: 5 }));
    expect(codes(c)).toEqual(['duplicate-given', 'duplicate-given']);
    expect(c.findings.map((f) => f.range)).toEqual([rng(0, 0, 1), rng(0, 72, 73)]);
    expect(c.findings[0].message).toBe('Digit 5 appears twice in column 1: r1c1 and r9c1');
    expect(c.findings[1].related).toEqual([{ range: rng(0, 0, 1), message: 'r1c1 is also 5' }]);
  });

  it('reports a pair in a box only', () => {
    const c = check(puzzle81({ 0: 7, 10: 7 }));
    expect(c.findings.map((f) => [f.code, f.message, f.range])).toEqual([
      ['duplicate-given', 'Digit 7 appears twice in box 1: r1c1 and r2c2', rng(0, 0, 1)],
      ['duplicate-given', 'Digit 7 appears twice in box 1: r1c1 and r2c2', rng(0, 10, 11)],
    ]);
  });

  it('reports a triple with related info to both others', () => {
    const c = check(puzzle81({ 0: 9, 1: 9, 2: 9 }));
    expect(codes(c)).toEqual(['duplicate-given', 'duplicate-given', 'duplicate-given']);
    expect(c.findings[0].message).toBe('Digit 9 appears three times in row 1: r1c1, r1c2 and r1c3');
    expect(c.findings[1].related?.map((r) => r.range)).toEqual([rng(0, 0, 1), rng(0, 2, 3)]);
  });

  it('reports a given duplicated in two houses for each house', () => {
    // r1c1=4 twice over: with r1c9 (row 1) and with r9c1 (column 1).
    const c = check(puzzle81({ 0: 4, 8: 4, 72: 4 }));
    expect(c.findings.map((f) => [f.message, f.range.start.character])).toEqual([
      ['Digit 4 appears twice in row 1: r1c1 and r1c9', 0],
      ['Digit 4 appears twice in row 1: r1c1 and r1c9', 8],
      ['Digit 4 appears twice in column 1: r1c1 and r9c1', 0],
      ['Digit 4 appears twice in column 1: r1c1 and r9c1', 72],
    ]);
  });

  it('points at grid positions in a .ss grid', () => {
    const rows = ['..3|.2.|6..', '9..|3.5|..1', '..1|8.6|4..', '---+---+---', '..8|1.2|9..', '7..|...|..8', '..6|7.8|2..', '---+---+---', '..2|6.9|5.2', '8..|2.3|..9', '..5|.1.|3..'];
    const c = check(rows.join('\n'));
    // r7c9 = 2 repeats r7c3; row 7 is on line 8 (after two separators).
    expect(c.findings.map((f) => [f.code, f.message, f.range])).toEqual([
      ['duplicate-given', 'Digit 2 appears twice in row 7: r7c3 and r7c9', rng(8, 2, 3)],
      ['duplicate-given', 'Digit 2 appears twice in row 7: r7c3 and r7c9', rng(8, 10, 11)],
    ]);
  });

  it("points at the duplicated digit's own character in a 729 line", () => {
    const masks = Array<number>(81).fill(0x1ff);
    masks[0] = bit(5);
    masks[3] = bit(5);
    const c = check(pencilString(masks));
    const dupes = withCode(c, 'duplicate-given');
    expect(dupes.map((f) => f.range)).toEqual([rng(0, 4, 5), rng(0, 31, 32)]);
    expect(dupes[0].message).toBe('Digit 5 appears twice in row 1: r1c1 and r1c4');
    expect(dupes[0].related).toEqual([{ range: rng(0, 31, 32), message: 'r1c4 is also 5' }]);
    expect(c.analysis.status).toBe('invalid');
  });

  it('hides digit-without-place noise when there are duplicates', () => {
    const c = check(puzzle81({ 0: 1, 1: 1 }));
    expect(codes(c)).not.toContain('digit-without-place');
  });
});

describe('cell-without-candidates', () => {
  it('reports an empty cell whose peers hold every digit, with related info to each blocker', () => {
    // Row 1 holds 2-9 and r4c1 holds 1: r1c1 has nothing left.
    const c = check(`${'.23456789'}${'.'.repeat(18)}1${'.'.repeat(53)}`);
    expect(c.analysis.status).toBe('invalid');
    expect(c.findings).toEqual([
      {
        severity: 'error',
        code: 'cell-without-candidates',
        message: 'r1c1 has no candidate left: its peers hold 1, 2, 3, 4, 5, 6, 7, 8, 9',
        range: rng(0, 0, 1),
        related: [
          ...[2, 3, 4, 5, 6, 7, 8, 9].map((d) => ({ range: rng(0, d - 1, d), message: `r1c${d} holds ${d}` })),
          { range: rng(0, 27, 28), message: 'r4c1 holds 1' },
        ],
      },
      { severity: 'error', code: 'digit-without-place', message: 'Digit 1 has no place in row 1', range: rng(0, 0, 1) },
    ]);
  });

  it('reports a 729 cell emptied of every candidate, over its 9 characters', () => {
    const masks = masksOf(GN, true);
    expect(GN[40]).toBe('.');
    masks[40] = 0;
    const c = check(`${pencilString(masks)} r5c5 emptied`);
    const empty = withCode(c, 'cell-without-candidates');
    expect(empty).toEqual([{ severity: 'error', code: 'cell-without-candidates', message: 'r5c5 has no candidates', range: rng(0, 360, 369) }]);
    expect(c.analysis.status).toBe('invalid');
    expect(c.findings.every((f) => f.code === 'cell-without-candidates' || f.code === 'digit-without-place')).toBe(true);
  });

  it('names the remaining candidates a 729 cell loses to its peers', () => {
    const masks = masksOf(GN, true);
    // r1c1 keeps only 3 and 9, both given in row 1.
    masks[0] = bit(3) | bit(9);
    const c = check(pencilString(masks));
    const [empty] = withCode(c, 'cell-without-candidates');
    expect(empty.message).toBe('r1c1 has no candidate left: its peers hold 3, 9');
    expect(empty.range).toEqual(rng(0, 0, 9));
    expect(empty.related?.map((r) => [r.range, r.message])).toEqual([
      [rng(0, 63, 72), 'r1c8 holds 3'],
      [rng(0, 72, 81), 'r1c9 holds 9'],
      [rng(0, 180, 189), 'r3c3 holds 3'],
    ]);
  });
});

describe('digit-without-place', () => {
  it('reports a digit with no place in a row, a column and a box, on the first open cell', () => {
    // 1s at r2c4, r3c7, r4c1, r7c2 and r1c3=2 leave 1 no place in row 1, column 3 and box 1.
    const c = check(puzzle81({ 2: 2, 12: 1, 24: 1, 27: 1, 55: 1 }));
    expect(c.analysis.status).toBe('invalid');
    const notPossible = (cells: number[]) => cells.map((i) => ({ range: rng(0, i, i + 1), message: `1 is not possible in ${cellName(i)}` }));
    expect(c.findings).toEqual([
      { severity: 'error', code: 'digit-without-place', message: 'Digit 1 has no place in row 1', range: rng(0, 0, 1), related: notPossible([1, 3, 4, 5, 6, 7, 8]) },
      { severity: 'error', code: 'digit-without-place', message: 'Digit 1 has no place in column 3', range: rng(0, 11, 12), related: notPossible([20, 29, 38, 47, 56, 65, 74]) },
      { severity: 'error', code: 'digit-without-place', message: 'Digit 1 has no place in box 1', range: rng(0, 0, 1), related: notPossible([1, 9, 10, 11, 18, 19, 20]) },
    ]);
  });

  it("points at the missing candidate's character in a 729 line", () => {
    const masks = masksOf(GN, true);
    for (let c = 0; c < 9; c++) if (GN[c] === '.') masks[c] &= ~bit(1);
    const c = check(pencilString(masks));
    const row1 = withCode(c, 'digit-without-place').find((f) => f.message === 'Digit 1 has no place in row 1');
    expect(row1).toBeDefined();
    expect(row1!.range).toEqual(rng(0, 0, 1));
    expect(row1!.related?.map((r) => r.range)).toEqual([1, 2, 3, 4, 5, 6].map((cell) => rng(0, 9 * cell, 9 * cell + 1)));
    expect(codes(c)).not.toContain('cell-without-candidates');
  });
});

describe('given-peer-candidate', () => {
  it('hints at each given of a 729 puzzle whose peers still hold its digit', () => {
    const c = check(pencilString(masksOf(GN, false)));
    const hints = withCode(c, 'given-peer-candidate');
    expect(hints).toHaveLength(21);
    expect(hints.every((f) => f.severity === 'hint')).toBe(true);
    // r1c8 = 3: the hint sits on its '3' character.
    const r1c8 = hints.find((f) => f.message.startsWith('r1c8=3'))!;
    expect(r1c8.range).toEqual(rng(0, 65, 66));
    expect(r1c8.message).toMatch(/^r1c8=3, but 3 is still a candidate in r1c1, r1c2, /);
    const openPeers = PEERS[7].filter((p) => GN[p] === '.');
    expect(r1c8.related).toEqual(openPeers.map((p) => ({ range: rng(0, 9 * p + 2, 9 * p + 3), message: `${cellName(p)} still has candidate 3` })));
    // Hints are no errors: the puzzle is solved as usual.
    expect(c.analysis.status).toBe('unique');
    expect(c.analysis.solution && Array.from(c.analysis.solution).join('')).toBe(GN_SOLUTION);
    expect(codes(c).filter((code) => code !== 'given-peer-candidate')).toEqual([]);
  });

  it('is not reported for a reduced 729 puzzle nor for 81-char puzzles', () => {
    expect(check(pencilString(masksOf(GN, true))).findings).toEqual([]);
    expect(check(GN).findings).toEqual([]);
    const unreduced = Uint16Array.from(masksOf(GN, false));
    expect(validateState(unreduced, false)).toEqual([]);
    expect(validateState(unreduced, true).map((i) => i.code)).toEqual(Array(21).fill('given-peer-candidate'));
  });
});

describe('no-solution', () => {
  it('reports a structurally valid puzzle without solution over the whole puzzle', () => {
    const text = '1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.';
    const c = check(`  ${text} # none`);
    expect(c.findings).toEqual([{ severity: 'error', code: 'no-solution', message: 'The puzzle has no solution', range: rng(0, 2, 83) }]);
    expect(c.analysis.status).toBe('none');
    expect(c.analysis.solutions).toBe(0);
    expect(c.analysis.solution).toBeNull();
  });

  it('reports every 0-count puzzle of tdoku-tests as no-solution or a structural error', () => {
    const zero = dataLines('tdoku-tests/test_puzzles').filter((l) => l.split(':')[1] === '0');
    expect(zero).toHaveLength(10);
    for (const line of zero) {
      const c = check(line);
      expect(c.puzzle.trailing).toBe(':0');
      const errors = c.findings.filter((f) => f.severity === 'error');
      expect(errors.length).toBeGreaterThan(0);
      if (c.analysis.status === 'none') expect(codes(c)).toEqual(['no-solution']);
      else expect(c.analysis.status).toBe('invalid');
      expect(c.analysis.solution).toBeNull();
    }
  });
});

describe('multiple-solutions', () => {
  /** Checks the warning against two solutions found independently with solve(). */
  function checkMultiple(text: string): Checked {
    const c = check(text);
    expect(c.analysis.status).toBe('multiple');
    expect(c.analysis.solutions).toBe(2);
    expect(c.analysis.solution).toBeNull();
    const [warning, ...rest] = c.findings.filter((f) => f.severity !== 'hint');
    expect(rest).toEqual([]);
    expect(warning.severity).toBe('warning');
    expect(warning.code).toBe('multiple-solutions');
    expect(warning.range).toEqual(c.puzzle.range);
    expect(warning.message).toMatch(/^The puzzle has at least 2 solutions; they differ at /);
    const differing = c.analysis.differing;
    expect(differing.length).toBeGreaterThanOrEqual(2);
    expect(warning.message).toContain(`${differing.length} cells)`);
    expect(warning.message).toContain(differing.slice(0, 20).map(cellName).join(', '));
    // The related cells really differ between two real solutions.
    const cands = candidatesOf(c.puzzle)!;
    const { solutions, count } = solve(cands, { limit: 2 });
    expect(count).toBe(2);
    const [a, b] = solutions;
    expect(isSolutionOf(a, cands)).toBe(true);
    expect(isSolutionOf(b, cands)).toBe(true);
    const diff = Array.from({ length: 81 }, (_, i) => i).filter((i) => a[i] !== b[i]);
    expect(diff).toEqual(differing);
    expect(warning.related).toEqual(
      differing.slice(0, 20).map((cell) => ({
        range: cellRange(c.puzzle, cell),
        message: `${cellName(cell)} is ${a[cell]} in one solution and ${b[cell]} in another`,
      })),
    );
    return c;
  }

  it('warns with the differing cells on a crafted puzzle (sample)', () => {
    checkMultiple('8.........59.......76.........978245...653198...412736...591......836.1....724.8.');
  });

  it('warns on the empty grid', () => {
    checkMultiple('.'.repeat(81));
  });

  it('lists at most 20 cells and says how many differ', () => {
    // Every cell keeps its solution digit and the next one: the solution and its relabelling both fit.
    const masks = Array.from(GN_SOLUTION, (ch) => bit(Number(ch)) | bit((Number(ch) % 9) + 1));
    const c = checkMultiple(pencilString(masks));
    const [warning] = withCode(c, 'multiple-solutions');
    expect(c.analysis.differing.length).toBeGreaterThan(20);
    expect(warning.message).toContain(`, … (${c.analysis.differing.length} cells)`);
    expect(warning.related).toHaveLength(20);
    expect(warning.related![0].range).toEqual(candidateRange(c.puzzle, c.analysis.differing[0], 0));
  });

  it('warns on the first 50 puzzles of the Serg benchmark (all have 2 or more solutions)', () => {
    const serg = dataLines('tdoku/puzzles7_serg_benchmark').slice(0, 50);
    expect(serg).toHaveLength(50);
    for (const text of serg) checkMultiple(text);
  });
});

describe('full-grid', () => {
  it('informs about a complete grid, which is its own unique solution', () => {
    const c = check(GN_SOLUTION);
    expect(c.findings).toEqual([{ severity: 'information', code: 'full-grid', message: 'A complete grid: every cell is given', range: rng(0, 0, 81) }]);
    expect(c.analysis.status).toBe('unique');
    expect(c.analysis.givens).toBe(81);
    expect(c.analysis.solutions).toBe(1);
    expect(Array.from(c.analysis.solution!).join('')).toBe(GN_SOLUTION);
  });

  it('informs about a complete 729 grid too', () => {
    const c = check(pencilString(masksOf(GN_SOLUTION, false)));
    expect(codes(c)).toEqual(['full-grid']);
    expect(c.findings[0].range).toEqual(rng(0, 0, 729));
  });

  it('reports duplicates instead for a broken complete grid', () => {
    // r1c1 takes r2c1's digit: it repeats in column 1, box 1 and row 1.
    const broken = `${GN_SOLUTION[9]}${GN_SOLUTION.slice(1, 9)}${GN_SOLUTION[9]}${GN_SOLUTION.slice(10)}`;
    const c = check(broken);
    expect(codes(c)).not.toContain('full-grid');
    expect(codes(c).every((code) => code === 'duplicate-given')).toBe(true);
    expect(c.analysis.status).toBe('invalid');
  });
});

describe('solver-budget', () => {
  it('warns and reports status unknown when a tiny node budget runs out on a hard puzzle', () => {
    const c = check(GN, { nodeBudget: 1 });
    expect(c.analysis.status).toBe('unknown');
    expect(c.analysis.solutions).toBeNull();
    expect(c.analysis.solution).toBeNull();
    expect(c.analysis.nodes).toBeLessThanOrEqual(1);
    expect(c.findings).toHaveLength(1);
    const [f] = c.findings;
    expect(f.severity).toBe('warning');
    expect(f.code).toBe('solver-budget');
    expect(f.range).toEqual(rng(0, 0, 81));
    expect(f.message).toContain('budget of 1 nodes');
    expect(f.message).toContain('unknown');
  });

  it('is not reported with the default budget', () => {
    const c = check(GN);
    expect(c.findings).toEqual([]);
    expect(c.analysis.status).toBe('unique');
    expect(c.analysis.nodes).toBeGreaterThan(1);
  });
});

describe('valid unique puzzles', () => {
  it('tdoku 17-clue puzzles (a sample of 100) have no findings and the known solution', () => {
    const sol = dataLines('tdoku/solutions/puzzles2_17_clue.sol');
    const sample = sol.filter((_, i) => i % 491 === 0);
    expect(sample.length).toBeGreaterThanOrEqual(100);
    for (const line of sample) {
      const [text, count, solution] = line.split(':');
      expect(count).toBe('1');
      const c = check(text);
      expect(c.findings).toEqual([]);
      expect(c.analysis.status).toBe('unique');
      expect(c.analysis.givens).toBe(17);
      expect(Array.from(c.analysis.solution!).join('')).toBe(solution);
    }
  });

  it('the forum hardest 375 are unique with their known solutions', () => {
    const sol = dataLines('forum-hardest-110626/HardestDatabase110626.sol');
    expect(sol).toHaveLength(375);
    for (const line of sol) {
      const [text, , solution] = line.split(':');
      const analysis = analyze(Uint16Array.from(masksOf(text, false)), false);
      expect(analysis.issues).toEqual([]);
      expect(analysis.status).toBe('unique');
      expect(Array.from(analysis.solution!).join('')).toBe(solution);
    }
  });

  it('tdoku test puzzles: counts 0, 1 and many', () => {
    for (const line of dataLines('tdoku-tests/test_puzzles')) {
      const [text, countText, solution] = line.split(':');
      const count = Number(countText);
      const c = check(line);
      expect(c.puzzle.text).toBe(text);
      if (count === 1) {
        expect(c.findings).toEqual([]);
        expect(Array.from(c.analysis.solution!).join('')).toBe(solution);
      } else if (count > 1) {
        expect(codes(c)).toEqual(['multiple-solutions']);
      } else {
        expect(['none', 'invalid']).toContain(c.analysis.status);
      }
    }
  });

  it('pencilmark puzzles with 86 eliminations are unique (hints only)', () => {
    const sol = dataLines('pencilmark-t-dillon/86_clue_first5000.sol').slice(0, 40);
    for (const line of sol) {
      const [text, , solution] = line.split(':');
      const c = check(text);
      expect(c.analysis.status).toBe('unique');
      expect(c.findings.every((f) => f.severity === 'hint')).toBe(true);
      expect(Array.from(c.analysis.solution!).join('')).toBe(solution);
    }
  });
});

describe('invalid_sudokus.txt (rust-sudoku-bench)', () => {
  const lines = dataLines('rust-sudoku-bench/invalid_sudokus.txt');
  const expectations: Record<string, { code: string; house?: RegExp }> = {
    'box duplicate': { code: 'duplicate-given', house: / in box \d/ },
    'column duplicate': { code: 'duplicate-given', house: / in column \d/ },
    'row duplicate': { code: 'duplicate-given', house: / in row \d/ },
    'unsolvable square': { code: 'cell-without-candidates' },
    'unsolvable box': { code: 'digit-without-place', house: / in box \d/ },
    'unsolvable column': { code: 'digit-without-place', house: / in column \d/ },
    'unsolvable row': { code: 'digit-without-place', house: / in row \d/ },
  };

  it('holds the 7 documented cases', () => {
    expect(lines.map((l) => l.slice(82))).toEqual(Object.keys(expectations));
  });

  it.each(Object.entries(expectations))('%s', (reason, { code, house }) => {
    const line = lines.find((l) => l.slice(82) === reason)!;
    const c = check(line);
    expect(c.puzzle.trailing).toBe(reason);
    expect(c.analysis.status).toBe('invalid');
    expect(c.findings.every((f) => f.severity === 'error')).toBe(true);
    const mine = withCode(c, code);
    expect(mine.length).toBeGreaterThan(0);
    if (house) expect(mine.some((f) => house.test(f.message))).toBe(true);
    if (code === 'duplicate-given') {
      expect(codes(c).every((k) => k === 'duplicate-given')).toBe(true);
      expect(mine.every((f) => house!.test(f.message))).toBe(true);
      // Each duplicated cell is a given holding the digit named in the message.
      for (const f of mine) {
        const digit = f.message.match(/^Digit (\d)/)![1];
        expect(line[f.range.start.character]).toBe(digit);
        for (const r of f.related!) expect(line[r.range.start.character]).toBe(digit);
      }
    }
    if (code === 'cell-without-candidates') {
      // The cell is empty and every digit is held by a related peer.
      const [f] = mine;
      expect(line[f.range.start.character]).toBe('.');
      const held = new Set(f.related!.map((r) => line[r.range.start.character]));
      expect(held.size).toBe(9);
    }
    // The data set is right: none of these has a solution.
    expect(solve(candidatesOf(c.puzzle)!, { limit: 1 }).count).toBe(0);
  });
});

describe('validateState against a plain reference implementation', () => {
  /** Issue keys `code@cell:digit`, computed the obvious way. */
  function reference(cands: Uint16Array, pencilmark: boolean): string[] {
    const single = (m: number) => (popcount(m) === 1 ? 31 - Math.clz32(m) + 1 : 0);
    const givens = Array.from(cands, single);
    const keys: string[] = [];
    let dupes = 0;
    const seen = new Set<string>();
    HOUSES.forEach((house) => {
      for (let d = 1; d <= 9; d++) {
        const cells = house.filter((c) => givens[c] === d);
        if (cells.length < 2 || seen.has(`${d}:${cells}`)) continue;
        seen.add(`${d}:${cells}`);
        for (const c of cells) keys.push(`duplicate-given@${c}:${d}`);
        dupes++;
      }
    });
    const left = (c: number) => PEERS[c].reduce((m, p) => (givens[p] ? m & ~bit(givens[p]) : m), cands[c]);
    for (let c = 0; c < 81; c++) if (!givens[c] && left(c) === 0) keys.push(`cell-without-candidates@${c}:0`);
    if (dupes === 0) {
      HOUSES.forEach((house) => {
        for (let d = 1; d <= 9; d++) {
          const open = house.filter((c) => !givens[c]);
          if (open.length === 0 || house.some((c) => givens[c] === d || (!givens[c] && left(c) & bit(d)))) continue;
          keys.push(`digit-without-place@${open[0]}:${d}`);
        }
      });
    }
    if (pencilmark) {
      for (let c = 0; c < 81; c++) {
        if (givens[c] && PEERS[c].some((p) => !givens[p] && cands[p] & bit(givens[c]))) keys.push(`given-peer-candidate@${c}:${givens[c]}`);
      }
    }
    return keys.sort();
  }

  const keysOf = (cands: Uint16Array, pencilmark: boolean): string[] =>
    validateState(cands, pencilmark)
      .map((i) => `${i.code}@${i.cells[0]}:${i.digit ?? 0}`)
      .sort();

  it('agrees on random damaged pencilmark states', () => {
    const base = masksOf(GN, true);
    fc.assert(
      fc.property(
        fc.array(fc.record({ cell: fc.integer({ min: 0, max: 80 }), mask: fc.oneof(fc.integer({ min: 0, max: 0x1ff }), fc.integer({ min: 0, max: 8 }).map((k) => 1 << k)) }), { maxLength: 6 }),
        fc.boolean(),
        (edits, pencilmark) => {
          const cands = Uint16Array.from(base);
          for (const e of edits) cands[e.cell] = e.mask;
          expect(keysOf(cands, pencilmark)).toEqual(reference(cands, pencilmark));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('agrees on random givens puzzles, and errors always mean no solution', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ cell: fc.integer({ min: 0, max: 80 }), digit: fc.integer({ min: 1, max: 9 }) }), { minLength: 10, maxLength: 30 }), (placed) => {
        const cands = new Uint16Array(81).fill(0x1ff);
        for (const { cell, digit } of placed) cands[cell] = bit(digit);
        const issues = validateState(cands, false);
        expect(keysOf(cands, false)).toEqual(reference(cands, false));
        if (issues.some((i) => i.severity === 'error')) expect(solve(cands, { limit: 1, nodeBudget: 100_000 }).count).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('places every house once per cell (sanity of the grid model used here)', () => {
    for (let c = 0; c < 81; c++) expect(HOUSES_OF[c].map((h) => HOUSES[h].includes(c))).toEqual([true, true, true]);
  });
});

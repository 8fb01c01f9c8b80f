/**
 * Writing BLISS's finds into 729-char pencilmark lines (server/src/engine/bliss/apply.ts), as the
 * quick fix and "Apply BLISS eliminations to all pencilmark lines" do: the rewritten line keeps the
 * solution, loses exactly BLISS's eliminations (a placed cell keeps only its digit), and keeps
 * everything around its cells; plus the final message of a whole-file run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BlissStep, bliss } from '../../server/src/engine/bliss';
import { applyBlissSteps, blissEdit } from '../../server/src/engine/bliss/apply';
import { describeBlissApply } from '../../server/src/protocol';
import { HOUSES } from '../../server/src/engine/core/grid';
import { type Puzzle, candidatesOf, parseDocument } from '../../server/src/engine/core/parse';
import { dataPath } from '../dataPath';

const ROOT = join(__dirname, '..', '..');
const TDILLON_FILE = readFileSync(join(ROOT, 'test', 'fixtures', 'tdillon.sdm'), 'utf8');
const PM_DIR = dataPath('pencilmark-t-dillon');

/** The line after the edit, and its puzzle parsed again. */
function rewrite(puzzle: Puzzle, line: string, steps: readonly BlissStep[]): { line: string; puzzle: Puzzle } {
  const edit = blissEdit(puzzle, line, steps);
  expect(edit, 'BLISS finds something here').not.toBeNull();
  expect(edit!.range).toEqual(puzzle.range);
  const out = line.slice(0, edit!.range.start.character) + edit!.newText + line.slice(edit!.range.end.character);
  const [reparsed] = parseDocument(out).puzzles;
  return { line: out, puzzle: reparsed };
}

/** Candidates removed per cell (as masks); throws if any was added. */
function removed(before: Uint16Array, after: Uint16Array): number[] {
  return Array.from(before, (m, c) => {
    expect(after[c] & ~m, `no candidate added at cell ${c}`).toBe(0);
    return m & ~after[c];
  });
}

/** What the finds should remove: each eliminated candidate, and every other candidate of a placed cell. */
function expectedRemovals(before: Uint16Array, steps: readonly BlissStep[]): number[] {
  const masks = new Array<number>(81).fill(0);
  for (const s of steps) masks[s.cell] |= s.kind === 'eliminate' ? 1 << (s.digit - 1) : before[s.cell] & ~(1 << (s.digit - 1));
  return masks;
}

/** A complete grid that is a Sudoku solution and fits the candidates. */
function isSolutionOf(solution: ArrayLike<number>, cands: Uint16Array): boolean {
  if (HOUSES.some((house) => new Set(house.map((c) => solution[c])).size !== 9)) return false;
  return Array.from(cands).every((m, c) => (m & (1 << (solution[c] - 1))) !== 0);
}

const keepsSolution = (solution: ArrayLike<number>, cands: Uint16Array): boolean => Array.from(cands).every((m, c) => (m & (1 << (solution[c] - 1))) !== 0);

describe("BLISS's finds written into the tdillon pencilmark puzzle", () => {
  const [puzzle] = parseDocument(TDILLON_FILE).puzzles;
  const line = TDILLON_FILE.split('\n')[puzzle.line];
  const before = candidatesOf(puzzle)!;
  const result = bliss(before, { guessCount: false });
  const after = rewrite(puzzle, line, result.steps);

  it('is the seed log: 39 eliminations and 6 placements, solved through a backdoor', () => {
    expect(result.steps.filter((s) => s.kind === 'eliminate')).toHaveLength(39);
    expect(result.steps.filter((s) => s.kind === 'place')).toHaveLength(6);
    expect(result.backdoor).toBe(true);
  });

  it('keeps the trailing text and every character outside the cells', () => {
    expect(puzzle.trailing).toBe('tdillon hard #1');
    expect(after.line.length).toBe(line.length);
    expect(after.line.slice(729)).toBe(line.slice(729));
    expect(after.puzzle.trailing).toBe(puzzle.trailing);
  });

  it('removes exactly the eliminated candidates, and a placed cell keeps only its digit', () => {
    const now = candidatesOf(after.puzzle)!;
    expect(removed(before, now)).toEqual(expectedRemovals(before, result.steps));
    for (const s of result.steps.filter((x) => x.kind === 'place')) expect(now[s.cell]).toBe(1 << (s.digit - 1));
  });

  it('keeps the solution (the seed prints it: S: 849765231…)', () => {
    const solution = [...'849765231376142859251893476195284763683571942724936518562418397437629185918357624'].map(Number);
    expect(isSolutionOf(solution, before)).toBe(true);
    expect(keepsSolution(solution, candidatesOf(after.puzzle)!)).toBe(true);
  });

  it("keeps a line's own empty marker ('0')", () => {
    const zeros = line.slice(0, 729).replace(/\./g, '0') + line.slice(729);
    const [p0] = parseDocument(zeros).puzzles;
    const out = rewrite(p0, zeros, result.steps);
    expect(out.line).not.toContain('.');
    expect(out.line.slice(0, 729)).toBe(after.line.slice(0, 729).replace(/\./g, '0'));
  });

  it('changes nothing without finds, and only 729 lines', () => {
    expect(blissEdit(puzzle, line, [])).toBeNull();
    const [givens] = parseDocument('4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........').puzzles;
    expect(blissEdit(givens, givens.text!, [{ kind: 'eliminate', cell: 1, digit: 2 }])).toBeNull();
    expect(applyBlissSteps('123456789'.repeat(81), [{ kind: 'place', cell: 80, digit: 5 }]).slice(720)).toBe('....5....');
  });
});

describe("BLISS's finds on t-dillon's 86-clue pencilmark puzzles (solutions from tdoku)", () => {
  const lines = readFileSync(join(PM_DIR, '86_clue_first5000.txt'), 'utf8').split('\n').slice(0, 150);
  const solutions = readFileSync(join(PM_DIR, '86_clue_first5000.sol'), 'utf8').split('\n');

  it('every rewritten line keeps its solution and loses exactly what BLISS found', () => {
    let rewritten = 0;
    lines.forEach((line, i) => {
      const [puzzle] = parseDocument(line).puzzles;
      const before = candidatesOf(puzzle)!;
      const [text, count, grid] = solutions[i].split(':');
      expect(text).toBe(line.slice(0, 729));
      expect(count).toBe('1');
      const steps = bliss(before, { guessCount: false }).steps;
      if (steps.length === 0) return expect(blissEdit(puzzle, line, steps)).toBeNull();
      rewritten++;
      const now = candidatesOf(rewrite(puzzle, line, steps).puzzle)!;
      expect(removed(before, now)).toEqual(expectedRemovals(before, steps));
      expect(keepsSolution([...grid].map(Number), now), `line ${i + 1}`).toBe(true);
    });
    expect(rewritten).toBeGreaterThan(50);
  });
});

describe('the message after a whole file', () => {
  it('counts each outcome and names the first line of each problem (1-based)', () => {
    const rows = [
      ...Array.from({ length: 4812 }, (_, i) => ({ line: 1000 + i, outcome: 'applied' as const })),
      ...Array.from({ length: 17 }, (_, i) => ({ line: 10 + i, outcome: 'unchanged' as const })),
      { line: 200, outcome: 'contradictory' as const },
      { line: 87, outcome: 'contradictory' as const },
      { line: 300, outcome: 'contradictory' as const },
    ];
    expect(describeBlissApply(rows)).toBe('applied to 4,812 lines, 17 unchanged, 3 contradictory (first: line 88)');
    expect(describeBlissApply([{ line: 4, outcome: 'applied' }, { line: 11, outcome: 'over budget' }, { line: 2, outcome: 'unreadable' }])).toBe(
      'applied to 1 line, 1 over budget (first: line 12), 1 unreadable (first: line 3)',
    );
  });
});

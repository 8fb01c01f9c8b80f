/**
 * The generator (engine/generate/): each puzzle checked here by means of its own — the clue
 * symmetries from the cells' coordinates, uniqueness and minimality by the exact solver (classic)
 * or a plain search written here (variants) — never by the generator's own verification.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Budget, BudgetExceeded } from '../../server/src/engine/core/budget';
import { solveString } from '../../server/src/engine/core/solve';
import { type GenerateSpec, type ClueSymmetry, CLUE_SYMMETRIES, generatePuzzle, itemRandom, orbits, randomGrid } from '../../server/src/engine/generate';
import { dataPath } from '../dataPath';

const spec = (over: Partial<GenerateSpec> = {}): GenerateSpec => ({ variant: 'classic', symmetry: 'none', clues: [0, 81], minimal: 'orbits', grid: null, pattern: null, ...over });
const make = (over: Partial<GenerateSpec>, item = 0, seed = 1) => generatePuzzle(spec(over), itemRandom(seed, item), new Budget(60_000));

/** The cell (r, c) ↦ where each symmetry's transformations send it, from the coordinates alone. */
const MOVES: Record<ClueSymmetry, ((r: number, c: number) => [number, number])[]> = {
  none: [],
  central: [(r, c) => [8 - r, 8 - c]],
  diagonal: [(r, c) => [c, r]],
  'anti-diagonal': [(r, c) => [8 - c, 8 - r]],
  mirror: [(r, c) => [r, 8 - c]],
  rot90: [(r, c) => [c, 8 - r]],
  dihedral: [(r, c) => [c, 8 - r], (r, c) => [r, 8 - c], (r, c) => [c, r]],
};

function symmetric(puzzle: string, symmetry: ClueSymmetry): boolean {
  const clue = (r: number, c: number): boolean => puzzle[9 * r + c] !== '.';
  return MOVES[symmetry].every((move) => [...Array(81).keys()].every((cell) => clue(...move((cell / 9) | 0, cell % 9)) === clue((cell / 9) | 0, cell % 9)));
}

const clueCount = (p: string): number => [...p].filter((ch) => ch !== '.').length;
const without = (p: string, cell: number): string => `${p.slice(0, cell)}.${p.slice(cell + 1)}`;
/** Every clue needed: without any one of them the puzzle has two solutions. */
const minimal = (p: string): boolean => [...p].every((ch, cell) => ch === '.' || solveString(without(p, cell)).count === 2);

/** The houses of a variant, from coordinates: rows, columns, boxes, and X's diagonals or P's box positions. */
function houses(variant: 'X' | 'P'): number[][] {
  const hs: number[][] = [];
  for (let i = 0; i < 9; i++) {
    hs.push([...Array(9).keys()].map((j) => 9 * i + j), [...Array(9).keys()].map((j) => 9 * j + i));
    hs.push([...Array(9).keys()].map((j) => 9 * (3 * Math.floor(i / 3) + Math.floor(j / 3)) + 3 * (i % 3) + (j % 3)));
    if (variant === 'P') hs.push([...Array(9).keys()].map((b) => 9 * (3 * Math.floor(b / 3) + Math.floor(i / 3)) + 3 * (b % 3) + (i % 3)));
  }
  if (variant === 'X') hs.push([...Array(9).keys()].map((i) => 10 * i), [...Array(9).keys()].map((i) => 8 * (i + 1)));
  return hs;
}

/** Solutions of a variant puzzle, up to 2, by a plain backtracking search (no logic beyond peers). */
const peersOf = (variant: 'X' | 'P'): number[][] =>
  [...Array(81).keys()].map((c) => [...new Set(houses(variant).filter((h) => h.includes(c)).flat())].filter((p) => p !== c));
const PEERS = { X: peersOf('X'), P: peersOf('P') };

function variantCount(puzzle: string, variant: 'X' | 'P'): number {
  const peers = PEERS[variant];
  const v = [...puzzle].map((ch) => (ch === '.' ? 0 : Number(ch)));
  let count = 0;
  const search = (): void => {
    let best = -1;
    let options: number[] = [];
    for (let c = 0; c < 81; c++) {
      if (v[c]) continue;
      const free = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => peers[c].every((p) => v[p] !== d));
      if (best < 0 || free.length < options.length) [best, options] = [c, free];
      if (free.length === 0) return;
    }
    if (best < 0) {
      count++;
      return;
    }
    for (const d of options) {
      v[best] = d;
      search();
      v[best] = 0;
      if (count >= 2) return;
    }
  };
  search();
  return count;
}

describe('generator: classic', () => {
  it('makes unique minimal puzzles, different for each item and the same for the same seed and item', () => {
    const puzzles = [0, 1, 2, 3, 4, 5].map((k) => make({}, k).puzzle);
    expect(new Set(puzzles).size).toBe(6);
    for (const p of puzzles) {
      expect(solveString(p).count).toBe(1);
      expect(minimal(p)).toBe(true);
    }
    expect(make({}, 3).puzzle).toBe(puzzles[3]);
    expect(make({}, 3, 2).puzzle).not.toBe(puzzles[3]);
  });

  it('gives each symmetry its clue pattern, minimal up to an orbit', () => {
    for (const symmetry of CLUE_SYMMETRIES) {
      const g = make({ symmetry });
      expect(symmetric(g.puzzle, symmetry), symmetry).toBe(true);
      expect(solveString(g.puzzle).count).toBe(1);
      if (symmetry !== 'none') expect(orbits(symmetry).length, symmetry).toBeLessThan(81);
    }
    // No symmetry but its own: a puzzle with central symmetry is (almost surely) not also mirrored.
    expect(symmetric(make({ symmetry: 'central' }).puzzle, 'mirror')).toBe(false);
  });

  it('keeps only strictly minimal puzzles under a symmetry when asked', () => {
    const g = make({ symmetry: 'central', minimal: 'clues' });
    expect(symmetric(g.puzzle, 'central')).toBe(true);
    expect(minimal(g.puzzle)).toBe(true);
  });

  it('stops removing within the clue bounds when not minimal', () => {
    for (const k of [0, 1, 2]) {
      const g = make({ minimal: 'no', clues: [30, 32] }, k);
      expect(clueCount(g.puzzle)).toBeGreaterThanOrEqual(30);
      expect(clueCount(g.puzzle)).toBeLessThanOrEqual(32);
      expect(g.clues).toBe(clueCount(g.puzzle));
      expect(solveString(g.puzzle).count).toBe(1);
      expect(minimal(g.puzzle)).toBe(false);
    }
  });

  it('keeps minimal puzzles within the clue bounds only', () => {
    const g = make({ clues: [26, 27] });
    expect([26, 27]).toContain(clueCount(g.puzzle));
    expect(minimal(g.puzzle)).toBe(true);
  });

  it('makes its puzzles from a given grid, or on a given pattern', () => {
    // A top95 puzzle's solution and clue pattern give back that puzzle.
    const top = readFileSync(dataPath('magictour-top95', 'top95.txt'), 'utf8').split('\n')[0].trim();
    const solution = solveString(top).solutions[0];
    const g = make({ grid: solution, pattern: Uint8Array.from(top, (ch) => (ch === '.' ? 0 : 1)), minimal: 'no' });
    expect(g.puzzle).toBe(top);
    const fromGrid = make({ grid: solution }, 1);
    expect(fromGrid.solution).toBe(solution.join(''));
    expect(minimal(fromGrid.puzzle)).toBe(true);
  });

  it('gives up at its budget on an impossible request (17 clues, full dihedral symmetry)', () => {
    const start = performance.now();
    expect(() => generatePuzzle(spec({ symmetry: 'dihedral', clues: [17, 17] }), itemRandom(1, 0), new Budget(300))).toThrow(BudgetExceeded);
    expect(performance.now() - start).toBeLessThan(3_000);
  });

  it('makes valid complete grids, each different', () => {
    const grids = [0, 1, 2, 3].map((k) => randomGrid('classic', itemRandom(5, k)).join(''));
    expect(new Set(grids).size).toBe(4);
    for (const g of grids) expect(solveString(g).count).toBe(1);
  });
});

describe('generator: variants', () => {
  it('makes SudokuX puzzles unique as X (not as classic), minimal, from a published X grid', () => {
    const line = readFileSync(dataPath('iss-variants', 'iss_puzzles_with_solutions.tsv'), 'utf8').split('\n').find((l) => l.startsWith('Sudoku X\t'));
    const xGrid = Uint8Array.from(line!.split('\t')[3].trim(), Number);
    const g = make({ variant: 'X', grid: xGrid });
    expect(g.solution).toBe(xGrid.join(''));
    expect(variantCount(g.puzzle, 'X')).toBe(1);
    expect(solveString(g.puzzle).count).toBe(2);
    // Minimal: a few of its clues checked (the plain search is slow on puzzles with several solutions).
    const clues = [...g.puzzle.matchAll(/[1-9]/g)].map((m) => m.index).slice(0, 4);
    for (const cell of clues) expect(variantCount(without(g.puzzle, cell), 'X')).toBe(2);
  });

  it('makes SudokuP puzzles whose solution has the nine box positions as houses', () => {
    const g = make({ variant: 'P' }, 2);
    expect(variantCount(g.puzzle, 'P')).toBe(1);
    for (const h of houses('P')) expect(new Set(h.map((c) => g.solution[c])).size).toBe(9);
  });
});

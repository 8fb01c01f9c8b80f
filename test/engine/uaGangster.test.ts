import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Budget, BudgetExceeded } from '../../server/src/engine/core/budget';
import { enumerateUAs } from '../../server/src/engine/ua';
import { CellSetList, type CellSet } from '../../server/src/engine/ua/cells';
import { gangsterUAs } from '../../server/src/engine/ua/gangster';
import { transposeGrid } from '../../server/src/engine/ua/symmetry';
import { dataPath } from '../dataPath';

// Grids of the 17-clue list, and the transposed first one (other bands at the bottom).
const SOLUTIONS = fs
  .readFileSync(dataPath('tdoku', 'solutions', 'puzzles2_17_clue.sol'), 'utf8')
  .split('\n')
  .filter((l) => l.length > 81 && !l.startsWith('#'))
  .map((l) => l.split(':')[2]);
const toDigits = (s: string): Uint8Array => Uint8Array.from(s, Number);
const GRIDS = [toDigits(SOLUTIONS[0]), toDigits(SOLUTIONS[7000]), toDigits(SOLUTIONS[30000]), transposeGrid(toDigits(SOLUTIONS[0]))];
const BAND = 0x7ffffff;

const keys = (l: CellSetList): string[] => Array.from({ length: l.count }, (_, i) => l.words.subarray(3 * i, 3 * i + 3).join(',')).sort();

/**
 * The oracle: per mini-row of rows 6-8, the general enumeration with every other cell of
 * that band given (the minimal UA sets whose band-3 part lies in that mini-row, or is
 * empty), all nine together.
 */
function oracle(grid: Uint8Array, maxSize: number): string[] {
  const all = new Set<string>();
  for (let mini = 0; mini < 9; mini++) {
    const cells = 7 << (9 * ((mini / 3) | 0) + 3 * (mini % 3));
    const fixed: CellSet = [0, 0, BAND & ~cells];
    for (const k of keys(enumerateUAs(grid, { maxSize, fixedWords: fixed }))) all.add(k);
  }
  return [...all].sort();
}

describe('gangster UA sets', () => {
  it.each(GRIDS.map((g, i) => [i, g] as const))('grid %i: the same sets as the general enumeration, up to 16 cells', (_, grid) => {
    const sets = gangsterUAs(grid, 16);
    expect(sets.count).toBeGreaterThan(500);
    expect(keys(sets)).toEqual(oracle(grid, 16));
  });

  it('honours the size bound, smallest first', () => {
    const sets = gangsterUAs(GRIDS[1], 12);
    expect(keys(sets)).toEqual(oracle(GRIDS[1], 12));
    for (let i = 1; i < sets.count; i++) expect(sets.size(i)).toBeGreaterThanOrEqual(sets.size(i - 1));
    expect(sets.size(sets.count - 1)).toBeLessThanOrEqual(12);
  });

  it('throws BudgetExceeded when the budget is spent', () => {
    expect(() => gangsterUAs(GRIDS[0], 16, new Budget(0))).toThrow(BudgetExceeded);
  });
});

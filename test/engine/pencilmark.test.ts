/**
 * engine/generate/pencilmark.ts: pencilmark puzzles from Sudoku Exchange's diabolical puzzles (their
 * solutions from the bank's .sol file): wrong candidates taken out, and minimal sukakus.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../server/src/engine/core/budget';
import { popcount } from '../../server/src/engine/core/grid';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { solve } from '../../server/src/engine/core/solve';
import { PencilmarkError, countCandidates, removeWrongCandidates, sukaku, uniqueWithSolution } from '../../server/src/engine/generate/pencilmark';
import { seededRandom } from '../../server/src/engine/symmetry';
import { dataPath } from '../dataPath';

/** [puzzle, solution] pairs: `puzzle:1:solution`, 0 for an empty cell. */
const BANK = readFileSync(dataPath('sudoku-exchange-puzzle-bank', 'diabolical.sol'), 'utf8')
  .split('\n')
  .slice(0, 6)
  .map((l) => l.split(':'))
  .map(([p, , s]) => [p.replace(/0/g, '.'), s] as const);
const digits = (s: string): Uint8Array => Uint8Array.from(s, Number);

describe('pencilmark puzzles', () => {
  it('takes out a number of wrong candidates, or down to a target, and only wrong ones', () => {
    for (const [i, [puzzle, solution]] of BANK.entries()) {
      const start = candidatesOfText(puzzle);
      const random = seededRandom(i);
      const fewer = removeWrongCandidates(start, random, { remove: 100 });
      expect(countCandidates(fewer)).toBe(countCandidates(start) - 100);
      const toTarget = removeWrongCandidates(start, random, { target: 200 });
      expect(countCandidates(toTarget)).toBe(200);
      for (const out of [fewer, toTarget]) {
        expect(uniqueWithSolution(out, digits(solution))).toBe(true);
        for (let c = 0; c < 81; c++) {
          // Nothing added, the solution's digit kept: what went was wrong.
          expect(out[c] & ~start[c]).toBe(0);
          expect(out[c] & (1 << (Number(solution[c]) - 1))).not.toBe(0);
        }
      }
    }
  });

  it('refuses a puzzle without exactly one solution', () => {
    const several = `${BANK[0][0].slice(0, 40)}.${BANK[0][0].slice(41)}`.replace(/[1-9]/g, (d, at: number) => (at < 20 ? '.' : d));
    expect(() => removeWrongCandidates(candidatesOfText(several), seededRandom(1), { remove: 1 })).toThrow(PencilmarkError);
  });

  it('makes minimal sukakus: no givens, the grid the only solution, every missing candidate needed', () => {
    for (const [i, [, solution]] of BANK.slice(0, 2).entries()) {
      const grid = digits(solution);
      const cands = sukaku(grid, seededRandom(i), new Budget(20_000));
      expect(uniqueWithSolution(cands, grid)).toBe(true);
      for (let c = 0; c < 81; c++) {
        expect(popcount(cands[c])).toBeGreaterThanOrEqual(2);
        for (let d = 0; d < 9; d++) {
          if (cands[c] & (1 << d)) continue;
          const back = cands.slice();
          back[c] |= 1 << d;
          expect(solve(back, { limit: 2 }).count).toBe(2);
        }
      }
    }
  });
});

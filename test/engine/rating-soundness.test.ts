/**
 * Soundness of the whole rating engine: on puzzles from every shared data set, every step of
 * every path agrees with the known solution (no wrong placement, no solution digit eliminated),
 * and a finished rating ends on the solution with ED <= EP <= ER.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellName } from '../../server/src/engine/core/grid';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { rate } from '../../server/src/engine/se/rate';
import { solve } from '../../server/src/engine/core/solve';
import { State } from '../../server/src/engine/core/state';
import { dataPath } from '../dataPath';

const BUDGET_MS = 1500;

/** Every `step`-th puzzle line of a file (81 or 729 cell characters at the start of the line). */
function sample(file: string, count: number, width = 81): string[] {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/[\s,:]/)[0])
    .filter((l) => l.length === width && /^[0-9.]+$/.test(l));
  const step = Math.max(1, Math.floor(lines.length / count));
  return lines.filter((_, i) => i % step === 0).slice(0, count).map((l) => l.replace(/0/g, '.'));
}

const SETS: [string, string[]][] = [
  ['se-sample', sample(dataPath('se-sample', 'puzzles.txt'), 80)],
  ['diabolical bank', sample(dataPath('sudoku-exchange-puzzle-bank', 'diabolical.sol'), 80)],
  ['17-clue', sample(dataPath('tdoku', 'puzzles2_17_clue'), 80)],
  ['top1465', sample(dataPath('tdoku', 'puzzles3_magictour_top1465'), 30)],
  ['forum hardest', sample(dataPath('forum-hardest-110626', 'HardestDatabase110626.sol'), 10)],
  ['pencilmark 86-clue', sample(dataPath('pencilmark-t-dillon', '86_clue_first5000.txt'), 20, 729)],
];

describe.each(SETS)('every step is sound: %s', (_name, puzzles) => {
  it.each(puzzles.map((p, i) => [i, p] as const))('puzzle %i', (_i, text) => {
    const cands = candidatesOfText(text);
    const solved = solve(cands);
    expect(solved.count).toBe(1);
    const solution = solved.solutions[0];
    const state = State.fromCandidates(cands, text.length === 729);
    const rating = rate(state, { unique: true, budgetMs: BUDGET_MS });
    for (const step of rating.steps) {
      for (const p of step.placements) expect(p.digit, `${step.text}: ${cellName(p.cell)}`).toBe(solution[p.cell]);
      for (const e of step.eliminations) expect(e.digit, `${step.text}: ${cellName(e.cell)}`).not.toBe(solution[e.cell]);
      expect(step.placements.length + step.eliminations.length, step.text).toBeGreaterThan(0);
    }
    if (rating.status === 'solved') {
      expect(rating.ed <= rating.ep && rating.ep <= rating.er).toBe(true);
      expect(Array.from(state.values)).toEqual(Array.from(solution));
    }
  });
});

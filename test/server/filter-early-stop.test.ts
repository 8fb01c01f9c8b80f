/**
 * A filter's SE rating stops once the expression is decided (jobs/filterJob.ts): on real puzzles
 * the kept set must be the one the complete ratings give, and the stops must happen.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWhere } from '../../server/src/cli/where';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { DEFAULT_RATING_BUDGET_MS, ratePuzzle } from '../../server/src/engine/se/rate';
import { runFilterJob } from '../../server/src/jobs/filterJob';
import { DIAMOND, type Known, PEARL, evaluate, ratingSe } from '../../server/src/jobs/filterLogic';
import { dataPath } from '../dataPath';

// 300 diabolical puzzles (ER 4.6 to 9.1), every third one.
const PUZZLES = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8')
  .split('\n')
  .filter((l) => /^\d{81}$/.test(l))
  .filter((_, i) => i % 3 === 0)
  .map((l) => l.replace(/0/g, '.')); // the normalized text the CLI hands the job

const EXPRESSIONS = [
  'er>=7.2',
  'er<=6',
  'er<7.1 and ed>=1.5',
  'uses("XY-Wing")',
  'not uses("Aligned Pair Exclusion") and er<7.3',
  'hardest("Forcing Chain") or er>=8',
  'er>=6.6 or clues<24',
];

const analysis = (text: string): Known['analysis'] => ({ clues: [...text].filter((c) => c !== '.').length, solutions: 1 });

describe('early stopping', () => {
  it('keeps exactly the puzzles the complete ratings keep', { timeout: 600_000 }, () => {
    const complete = PUZZLES.map((text) => ratingSe(ratePuzzle(candidatesOfText(text), false, { unique: true, budgetMs: 60_000 })));
    expect(complete.every((r) => r.complete)).toBe(true);
    const wheres = [...EXPRESSIONS.map((e) => ({ name: e, where: parseWhere(e) })), { name: '--diamond', where: DIAMOND }, { name: '--pearl', where: PEARL }];
    for (const { name, where } of wheres) {
      let stopped = 0;
      const kept: number[] = [];
      const expected: number[] = [];
      PUZZLES.forEach((text, i) => {
        const r = runFilterJob({ text, where, known: { analysis: analysis(text) }, budgetMs: DEFAULT_RATING_BUDGET_MS, bliss: { variant: 'classic', maxLevel: 2 } });
        if (r.stoppedEarly) stopped++;
        if (r.keep) kept.push(i);
        if (evaluate(where, { analysis: analysis(text), se: complete[i] })) expected.push(i);
      });
      expect(kept, name).toEqual(expected);
      // Every expression here is decided before the end on some puzzles.
      expect(stopped, name).toBeGreaterThan(0);
    }
  });
});

/**
 * Lower bounds on ER (`er>=9`) stop early too once the path's ceiling (engine/se/pathCeiling.ts)
 * proves the rest of the path stays below them: on real puzzles, with every technique and with
 * some left out, the kept set must be the one the complete ratings give.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWhere } from '../../server/src/cli/where';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { DEFAULT_RATING_BUDGET_MS, ratePuzzle } from '../../server/src/engine/se/rate';
import { runFilterJob, seStop } from '../../server/src/jobs/filterJob';
import { type Known, evaluate, ratingSe } from '../../server/src/jobs/filterLogic';
import { dataPath, diabolicalBank } from '../dataPath';

const bank = diabolicalBank();
// The first 40, and 3 the bank rates 8.9 or more (ER 9 and more with some techniques left out).
const BANK = [...bank.slice(0, 40), ...bank.filter((b) => b.rating >= 8.9).slice(0, 3)].map((b) => b.puzzle);
// SukakuExplainer's sample (ER 4.6 to 9.1), every 15th.
const SAMPLE = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8')
  .split('\n')
  .filter((l, i) => /^\d{81}$/.test(l) && i % 15 === 0)
  .map((l) => l.replace(/0/g, '.'));

const CASES: { expression: string; puzzles: string[] }[] = [
  { expression: 'er>=9', puzzles: BANK },
  { expression: 'er>=7.2', puzzles: SAMPLE },
  { expression: 'er>6.5', puzzles: SAMPLE },
  { expression: 'er>=4', puzzles: SAMPLE },
];
const EXCLUSIONS: readonly (readonly string[])[] = [[], ['Forcing Chains & Cycles', 'Naked Pair']];

const analysis = (text: string): Known['analysis'] => ({ clues: [...text].filter((c) => c !== '.').length, solutions: 1 });

describe('lower bounds on ER', () => {
  it('keep exactly the puzzles the complete ratings keep, and stop ratings below them', { timeout: 900_000 }, () => {
    for (const exclude of EXCLUSIONS) {
      const complete = new Map<string, ReturnType<typeof ratingSe>>();
      for (const { expression, puzzles } of CASES) {
        const where = parseWhere(expression);
        const name = `${expression} without ${exclude.join(', ') || 'nothing'}`;
        const kept: number[] = [];
        const expected: number[] = [];
        let stoppedBelow = 0;
        puzzles.forEach((text, i) => {
          if (!complete.has(text)) complete.set(text, ratingSe(ratePuzzle(candidatesOfText(text), false, { unique: true, budgetMs: 120_000, exclude })));
          const full = complete.get(text)!;
          expect(full.complete, text).toBe(true);
          const known: Known = { analysis: analysis(text) };
          const r = runFilterJob({ text, where, known, budgetMs: DEFAULT_RATING_BUDGET_MS, bliss: { variant: 'classic', maxLevel: 2 }, exclude });
          if (r.keep) kept.push(i);
          const holds = evaluate(where, { ...known, se: full }) === true;
          if (holds) expected.push(i);
          // A rating that does not reach the bound stopped: only the ceiling can have ended it.
          else if (r.stoppedEarly) stoppedBelow++;
        });
        expect(kept, name).toEqual(expected);
        // er>=4 holds for the whole sample: there it checks that no ceiling drops a puzzle.
        if (expected.length < puzzles.length) expect(stoppedBelow, name).toBeGreaterThan(0);
      }
    }
  });

  it('settle er>=9 before the first chain search where the static chains solve the puzzle', () => {
    // The bank's puzzles are rated 7.1-7.2 mostly, by forcing chains; 36 of its first 40 are
    // solved from the start by the singles, confinements and static forcing chains.
    const where = parseWhere('er>=9');
    let beforeChains = 0;
    for (const text of BANK.slice(0, 40)) {
      const known: Known = { analysis: analysis(text) };
      const r = ratePuzzle(candidatesOfText(text), false, { unique: true, budgetMs: DEFAULT_RATING_BUDGET_MS, stop: seStop(where, known) });
      if (r.status !== 'stopped') continue;
      expect(r.erAtMost, text).toBeLessThan(9);
      if (r.steps.every((s) => s.difficulty < 6.5)) beforeChains++;
    }
    expect(beforeChains).toBeGreaterThanOrEqual(32);
  });
});


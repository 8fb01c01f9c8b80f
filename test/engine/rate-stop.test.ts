/**
 * The SE rating's stop hook (engine/se/rate.ts) and the names its steps carry (the techniques'
 * stepNames, engine/se/techniques), on real puzzles.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { type PartialRating, type Rating, ratePuzzle } from '../../server/src/engine/se/rate';
import { STEP_NAMES } from '../../server/src/engine/se/techniques';
import { dataPath } from '../dataPath';

const lines = (parts: string[], every: number): string[] =>
  readFileSync(dataPath(...parts), 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/[\s,:]/)[0])
    .filter((l, i) => l.length === 81 && i % every === 0)
    .map((l) => l.replace(/0/g, '.'));

const DIABOLICAL = lines(['se-sample', 'puzzles.txt'], 10);
// Magic Tour's top 95: dynamic and nested forcing chains.
const HARD = lines(['magictour-top95', 'top95.txt'], 8);

const rateText = (text: string, stop?: (p: PartialRating) => boolean, budgetMs = 20_000): Rating =>
  ratePuzzle(candidatesOfText(text), false, { unique: true, budgetMs, stop });

const figures = (r: Rating) => ({ status: r.status, er: r.er, ep: r.ep, ed: r.ed, steps: r.steps.map((s) => s.text) });

describe('the stop hook', () => {
  it('leaves the rating unchanged while it says go on', () => {
    for (const text of DIABOLICAL) expect(figures(rateText(text, () => false))).toEqual(figures(rateText(text)));
  });

  it('ends the rating with status stopped and the steps so far', () => {
    const text = DIABOLICAL[0];
    const r = rateText(text, (p) => p.steps.length >= 3);
    expect(r.status).toBe('stopped');
    expect(r.steps.map((s) => s.text)).toEqual(rateText(text).steps.slice(0, 3).map((s) => s.text));
  });

  it("is asked before each technique with the next step's least difficulty: a chain search can be skipped", () => {
    let skipped = 0;
    for (const text of DIABOLICAL) {
      const full = rateText(text);
      const r = rateText(text, (p) => p.nextAtLeast >= 6.5);
      if (full.er < 6.5) {
        expect(r.status).toBe('solved');
        continue;
      }
      // Stopped where the forcing chains would start: ER is known to be at least 6.5, no chain step taken.
      expect(r.status).toBe('stopped');
      expect(r.er).toBeGreaterThanOrEqual(6.5);
      expect(r.steps.every((s) => s.difficulty < 6.5)).toBe(true);
      skipped++;
    }
    expect(skipped).toBeGreaterThan(0);
  });
});

describe('SE technique names', () => {
  it('lists every name the steps of real ratings carry', { timeout: 300_000 }, () => {
    const seen = new Set<string>();
    for (const text of [...DIABOLICAL, ...HARD]) for (const s of rateText(text, undefined, 5_000).steps) seen.add(s.technique);
    expect([...seen].filter((name) => !STEP_NAMES.includes(name))).toEqual([]);
    // The sample reaches the chains, so the list's generated names are exercised.
    expect([...seen].some((name) => name.startsWith('Dynamic '))).toBe(true);
  });
});

/**
 * engine/collectionStats.ts: what each puzzle adds (outcome, bars) and the statistics gathered, on
 * puzzles of Sudoku Exchange's diabolical set rated here; and the rating summary's step tally.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CollectionStats, barsOf, outcomeOf } from '../../server/src/engine/collectionStats';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { ratePuzzle, summarize } from '../../server/src/engine/se/rate';
import { dataPath } from '../dataPath';

const PUZZLE = readFileSync(dataPath('sudoku-exchange-puzzle-bank', 'diabolical.txt'), 'utf8').split('\n')[0].trim().split(/\s+/)[1].replace(/0/g, '.');
const rating = ratePuzzle(candidatesOfText(PUZZLE), false, { unique: true });
const se = summarize(rating);

describe('collection statistics', () => {
  it("tallies a summary's steps per technique, in path order", () => {
    expect(Object.values(se.techniques).reduce((a, b) => a + b, 0)).toBe(rating.steps.length);
    expect(Object.keys(se.techniques)).toEqual([...new Set(rating.steps.map((s) => s.technique))]);
    expect(se.techniques[se.hardest!]).toBeGreaterThan(0);
  });

  it('puts a rated puzzle in its ER, EP, ED, clue, technique and hardest bars; a cut-short rating in its outcome and clues only', () => {
    const keys = barsOf({ status: 'unique', clues: 24, se, w: 4 }).map((b) => `${b.kind}:${b.value}`);
    expect(keys).toEqual(expect.arrayContaining(['outcome:rated', 'clues:24', 'w:4', `hardest:${se.hardest}`, ...Object.keys(se.techniques).map((t) => `uses:${t}`)]));
    expect(keys.filter((k) => /^e[rpd]:/.test(k))).toHaveLength(3);
    const stuck = { ...se, status: 'stuck' as const };
    expect(barsOf({ status: 'unique', clues: 24, se: stuck }).map((b) => `${b.kind}:${b.value}`)).toEqual(['outcome:stuck', 'clues:24']);
    expect(outcomeOf({ status: 'unique', clues: 24, se: { ...se, status: 'budget' } })).toBe('over-budget');
    expect(outcomeOf({ status: 'multiple', clues: 20 })).toBe('multiple-solutions');
    expect(outcomeOf({ status: null, clues: null })).toBe('unreadable');
  });

  it('adds the puzzles up: outcomes, steps per technique, histograms ascending, W without a number', () => {
    const stats = new CollectionStats({ se: true, w: true });
    stats.add({ status: 'unique', clues: 24, se, w: 5 });
    stats.add({ status: 'unique', clues: 22, se, w: null });
    stats.add({ status: 'none', clues: 30 });
    const s = stats.result();
    expect(s.puzzles).toBe(3);
    expect(Object.values(s.outcomes).reduce((a, b) => a + b, 0)).toBe(3);
    expect(s.outcomes).toMatchObject({ rated: 2, 'no-solution': 1, stuck: 0 });
    const hidden = s.techniques.find((t) => t.technique === 'Hidden Single')!;
    expect(hidden).toEqual({ technique: 'Hidden Single', puzzles: 2, hardest: se.hardest === 'Hidden Single' ? 2 : 0, steps: 2 * se.techniques['Hidden Single'] });
    expect(s.histograms.clues).toEqual([
      { value: '22', puzzles: 1 },
      { value: '24', puzzles: 1 },
      { value: '30', puzzles: 1 },
    ]);
    expect(s.histograms.w).toEqual([{ value: '5', puzzles: 1 }]);
    expect(s.wWithout).toBe(1);
    expect(s.histograms.er).toEqual([{ value: (Math.trunc((se.er + 0.05) * 10) / 10).toFixed(1), puzzles: 2 }]);
  });
});

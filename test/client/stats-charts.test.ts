/**
 * The Collection statistics panel's data (client/src/statsView/charts.ts), without the DOM: the
 * charts drawn from statistics of real puzzles (Sudoku Exchange's diabolical set, rated here), what
 * a bar stands for, and the side document of a bar's puzzles, whose rows link back to their lines.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { barDocument, describeBar, parseBarKey, statsCharts } from '../../client/src/statsView/charts';
import { CollectionStats, barKey } from '../../server/src/engine/collectionStats';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { ratePuzzle, summarize } from '../../server/src/engine/se/rate';
import type { CollectionStatsResponse } from '../../server/src/protocol';
import { LINE_REFERENCE } from '../../server/src/ratingList';
import { dataPath } from '../dataPath';

const PUZZLES = readFileSync(dataPath('sudoku-exchange-puzzle-bank', 'diabolical.txt'), 'utf8')
  .split('\n')
  .slice(0, 6)
  .map((l) => l.trim().split(/\s+/)[1].replace(/0/g, '.'));

/** The answer the server gives for these puzzles, one per line from line 0, and a line with several solutions; W for some. */
function answer(w: (i: number) => number | null | undefined): CollectionStatsResponse {
  const stats = new CollectionStats({ se: true, w: true });
  const lines: Record<string, number[]> = {};
  const add = (line: number, input: Parameters<CollectionStats['add']>[0]) => {
    for (const bar of stats.add(input)) (lines[barKey(bar)] ??= []).push(line);
  };
  PUZZLES.forEach((text, i) => {
    const se = summarize(ratePuzzle(candidatesOfText(text), false, { unique: true }));
    add(i, { status: 'unique', clues: [...text].filter((c) => c !== '.').length, se, w: w(i) });
  });
  add(PUZZLES.length, { status: 'multiple', clues: 20 });
  return { stats: stats.result(), lines };
}

describe('statistics charts', () => {
  const withoutW = answer(() => undefined);

  it('draws ER as the histogram, each bar against the largest', () => {
    const er = statsCharts(withoutW).find((c) => c.title.startsWith('ER'))!;
    expect(er.rows.map((r) => [r.label, r.bars[0].puzzles])).toEqual(withoutW.stats.histograms.er.map((b) => [b.value, b.puzzles]));
    expect(Math.max(...er.rows.map((r) => r.bars[0].share))).toBe(1);
    expect(er.rows.map((r) => r.bars[0].key)).toEqual(withoutW.stats.histograms.er.map((b) => `er:${b.value}`));
    expect(er.note).toBe(`${PUZZLES.length} puzzles rated of ${PUZZLES.length + 1}`);
  });

  it('gives each technique a bar of the puzzles using it and one of those where it is the hardest', () => {
    const techniques = statsCharts(withoutW).find((c) => c.title === 'Techniques')!;
    expect(techniques.series).toHaveLength(2);
    const hidden = techniques.rows.find((r) => r.label === 'Hidden Single')!;
    expect(hidden.bars.map((b) => [b.key, b.puzzles])).toEqual([
      ['uses:Hidden Single', PUZZLES.length],
      ['hardest:Hidden Single', 0],
    ]);
    expect(hidden.bars[0].share).toBe(1);
    const hardest = techniques.rows.flatMap((r) => r.bars.filter((b) => b.key.startsWith('hardest:')));
    expect(hardest.reduce((n, b) => n + b.puzzles, 0)).toBe(PUZZLES.length);
  });

  it('shows W only when some puzzle has a W, saying of how many', () => {
    expect(statsCharts(withoutW).some((c) => c.title.startsWith('W'))).toBe(false);
    const withW = answer((i) => (i === 0 ? 3 : i === 1 ? null : undefined));
    const w = statsCharts(withW).find((c) => c.title.startsWith('W'))!;
    expect(w.rows.map((r) => [r.label, r.bars[0].key, r.bars[0].puzzles])).toEqual([['W3', 'w:3', 1]]);
    expect(w.note).toMatch(/^W of the 2 puzzles whose W is computed; 1 without a W/);
  });

  it('lists what became of the puzzles, and each bar opens its lines', () => {
    const outcomes = statsCharts(withoutW).find((c) => c.title === 'Puzzles')!;
    expect(outcomes.rows.map((r) => [r.label, r.bars[0].puzzles])).toEqual([
      ['rated by SE', PUZZLES.length],
      ['several solutions', 1],
    ]);
    expect(withoutW.lines['outcome:multiple-solutions']).toEqual([PUZZLES.length]);
  });

  it('writes a bar\'s puzzles as a side document whose rows link back to their lines', () => {
    const key = 'uses:Hidden Single';
    const doc = barDocument('diabolical.sdm', key, withoutW.lines[key], (line) => `${PUZZLES[line]} # a name  `);
    const [header, ...rows] = doc.trimEnd().split('\n');
    expect(header).toBe(`# Puzzles of diabolical.sdm: using Hidden Single (${PUZZLES.length} puzzles; Collection statistics)`);
    expect(rows.map((r) => Number(LINE_REFERENCE.exec(r)?.[1]))).toEqual(PUZZLES.map((_, i) => i + 1));
    expect(rows[0]).toBe(`${PUZZLES[0]} # a name # line 1`);
  });

  it('names each bar in words, and reads its key back', () => {
    expect(describeBar({ kind: 'er', value: '9.0' })).toBe('ER 9.0');
    expect(describeBar({ kind: 'w', value: '5' })).toBe('W5');
    expect(describeBar({ kind: 'clues', value: '24' })).toBe('24 clues');
    expect(describeBar({ kind: 'hardest', value: 'XY-Wing' })).toBe('XY-Wing the hardest step');
    expect(describeBar({ kind: 'outcome', value: 'no-solution' })).toBe('no solution');
    expect(parseBarKey(barKey({ kind: 'uses', value: 'A: B' }))).toEqual({ kind: 'uses', value: 'A: B' });
    expect(parseBarKey('nothing')).toBeNull();
    expect(parseBarKey('frob:1')).toBeNull();
  });
});

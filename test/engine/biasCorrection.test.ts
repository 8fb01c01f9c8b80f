/**
 * engine/biasCorrection.ts and the corrected estimates of engine/collectionStats.ts: Berthier's
 * factors against his published table (stats.md of shared/data/berthier-ratings, from
 * W-classification-results.pdf §1.3), and weighted shares and moments worked out by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { correctionFactor, moments } from '../../server/src/engine/biasCorrection';
import { CollectionStats } from '../../server/src/engine/collectionStats';
import { dataPath } from '../dataPath';

describe("Berthier's correction factors", () => {
  it('reproduces the published cf(19..31)', () => {
    const stats = readFileSync(dataPath('berthier-ratings', 'stats.md'), 'utf8');
    const published = /cf\[19\.\.31\] = ([\d. ]+)/.exec(stats)![1].trim().split(/\s+/).map(Number);
    expect(published).toHaveLength(13);
    published.forEach((cf, i) => {
      // The table is rounded to 3 significant digits (4 for 2.037, 3.929, …).
      expect(Math.abs(correctionFactor(19 + i) - cf) / cf).toBeLessThan(0.005);
    });
    expect(correctionFactor(26)).toBe(1);
    expect(correctionFactor(27) / correctionFactor(26)).toBeCloseTo(55 / 27, 12);
    expect(correctionFactor(-1)).toBe(0);
    expect(correctionFactor(82)).toBe(0);
  });

  it('weighs values for the mean and the sd; nothing weighed has none', () => {
    expect(moments([{ value: 1, weight: 1 }, { value: 3, weight: 3 }])).toEqual({ mean: 2.5, sd: Math.sqrt(0.75) });
    expect(moments([{ value: 1, weight: 0 }])).toBeNull();
  });

  it('gives each bar its share counted and corrected; the unreadable weigh nothing', () => {
    const stats = new CollectionStats({ se: false, w: true }, true);
    stats.add({ status: 'unique', clues: 25, w: 0 });
    stats.add({ status: 'unique', clues: 26, w: 0 });
    stats.add({ status: 'unique', clues: 27, w: 3 });
    stats.add({ status: null, clues: null });
    const c = stats.result().corrected!;
    // Weights 26/56, 1 and 55/27.
    const [w25, w26, w27] = [26 / 56, 1, 55 / 27];
    const total = w25 + w26 + w27;
    expect(c.histograms.clues.map((b) => b.value)).toEqual(['25', '26', '27']);
    c.histograms.clues.forEach((b, i) => {
      expect(b.share).toBeCloseTo(1 / 3, 12);
      expect(b.corrected).toBeCloseTo([w25, w26, w27][i] / total, 12);
    });
    expect(c.histograms.w).toEqual([
      { value: '0', share: 2 / 3, corrected: expect.closeTo((w25 + w26) / total, 12) },
      { value: '3', share: 1 / 3, corrected: expect.closeTo(w27 / total, 12) },
    ]);
    expect(c.moments.clues!.raw.mean).toBeCloseTo(26, 12);
    expect(c.moments.clues!.corrected.mean).toBeCloseTo((25 * w25 + 26 * w26 + 27 * w27) / total, 12);
    expect(c.moments.er).toBeNull();
    expect(new CollectionStats({ se: false, w: true }).result().corrected).toBeUndefined();
  });
});

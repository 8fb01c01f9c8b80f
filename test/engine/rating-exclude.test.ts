/**
 * Technique selection (issue 12, item 7): the SE rating without some techniques, as serate's
 * --techs leaves them out; the full set when none is excluded.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { describeRating, ratePuzzle, summarize } from '../../server/src/engine/se/rate';
import { STEP_NAMES, TECHNIQUES, TECHNIQUE_NAMES, techniquesWithout, unknownTechniques } from '../../server/src/engine/se/techniques';
import { dataPath } from '../dataPath';

/** se-sample's first lines (diabolical, ER 5.6 and up), '0' for empty. */
const SAMPLE = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8')
  .split('\n')
  .slice(0, 30)
  .map((l) => l.replace(/0/g, '.'));
const rate = (text: string, exclude?: string[]) => ratePuzzle(candidatesOfText(text), false, { unique: true, budgetMs: 60_000, exclude });

describe('rating without some techniques', () => {
  it('is the full rating when none is excluded', () => {
    for (const p of SAMPLE.slice(0, 4)) {
      const full = rate(p);
      expect(rate(p, [])).toEqual(full);
      expect(full.excluded).toBeUndefined();
      expect(techniquesWithout(TECHNIQUES, [])).toBe(TECHNIQUES);
    }
  });

  it('never uses an excluded technique, and says it ran without it', () => {
    // se-sample line 16: its hardest step is a BUG; line 27: a forcing chain.
    const bug = { p: SAMPLE[15], r: rate(SAMPLE[15]) };
    const chain = { p: SAMPLE[26], r: rate(SAMPLE[26]) };
    expect(bug.r.hardest?.technique).toMatch(/^BUG/);
    expect(chain.r.hardest?.technique).toBe('Forcing X-Chain');

    const noBug = rate(bug.p, ['bug']);
    expect(noBug.status).toBe('solved');
    expect(noBug.steps.some((s) => s.technique.startsWith('BUG'))).toBe(false);
    expect(noBug.er).toBeGreaterThan(bug.r.er);
    expect(noBug.excluded).toEqual(['bug']);
    expect(describeRating(summarize(noBug))).toMatch(/\[without bug\]$/);

    const noChains = rate(chain.p, ['Forcing Chains & Cycles']);
    expect(noChains.steps.some((s) => /Cycle|Forcing X-Chain|Forcing Y-Chain|^Forcing Chain/.test(s.technique))).toBe(false);
    expect(noChains.er).toBeGreaterThanOrEqual(7.5);
  });

  it('leaves out one kind of a family, keeping its others', () => {
    // se-sample line 4: its hardest step is a cell forcing chain (8.4).
    const full = rate(SAMPLE[3]);
    expect(full.hardest?.technique).toBe('Cell Forcing Chains');
    const reduced = rate(SAMPLE[3], ['cell forcing chains']);
    expect(reduced.status).toBe('solved');
    expect(reduced.steps.some((s) => s.technique === 'Cell Forcing Chains')).toBe(false);
    expect(reduced.er).toBeGreaterThan(full.er);
    const kept = techniquesWithout(TECHNIQUES, ['Cell Forcing Chains']);
    expect(kept.map((t) => t.name)).toContain('Multiple Forcing Chains');
    expect(techniquesWithout(TECHNIQUES, ['Cell Forcing Chains', 'Region Forcing Chains']).map((t) => t.name)).not.toContain('Multiple Forcing Chains');
  });

  it('leaves out one kind of any family that names its steps apart: a forcing X-chain keeps the cycles', () => {
    const chain = { p: SAMPLE[26], r: rate(SAMPLE[26]) };
    expect(chain.r.hardest?.technique).toBe('Forcing X-Chain');
    const reduced = rate(chain.p, ['Forcing X-Chain']);
    expect(reduced.status).toBe('solved');
    expect(reduced.steps.some((s) => s.technique === 'Forcing X-Chain')).toBe(false);
    expect(reduced.er).toBeGreaterThan(chain.r.er);
    expect(techniquesWithout(TECHNIQUES, ['Forcing X-Chain']).map((t) => t.name)).toContain('Forcing Chains & Cycles');
  });

  it("takes the step names from the techniques' own lists: every kind of every family, no family name", () => {
    expect(STEP_NAMES).toEqual([...new Set(TECHNIQUES.flatMap((t) => t.stepNames))]);
    for (const name of ['Direct Pointing', 'Claiming', 'Unique Rectangle type 1', 'Unique Loop 8 type 3', 'BUG type 2', 'Turbot Fish']) {
      expect(STEP_NAMES).toContain(name);
    }
    for (const family of ['Direct Intersections', 'Unique Loop', 'BUG', 'Multiple Forcing Chains']) expect(STEP_NAMES).not.toContain(family);
    expect(unknownTechniques(['direct pointing', 'Unique Loop 8 type 3', 'BUG type 2'])).toEqual([]);
  });

  it('knows the technique names, in any case', () => {
    expect(TECHNIQUE_NAMES).toContain('Nishio Forcing Chains');
    expect(TECHNIQUE_NAMES).toContain('Multiple Forcing Chains');
    expect(TECHNIQUE_NAMES).toContain('Cell Forcing Chains');
    expect(TECHNIQUE_NAMES).toContain('Dynamic Region Forcing Chains (+)');
    expect(unknownTechniques(['nishio forcing chains', 'Nishio', 'XY-Wing'])).toEqual(['Nishio']);
    expect(techniquesWithout(TECHNIQUES, ['xy-wing']).map((t) => t.name)).not.toContain('XY-Wing');
    expect(techniquesWithout(TECHNIQUES, ['xy-wing'])).toHaveLength(TECHNIQUES.length - 1);
  });
});

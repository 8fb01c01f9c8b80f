/**
 * SukakuExplainer's short technique names (serate's %S %T %U), declared by each technique beside
 * its step names, and the ED/EP techniques a rating summary names (%D %P).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { ratePuzzle, summarize } from '../../server/src/engine/se/rate';
import { TECHNIQUES, shortStepName } from '../../server/src/engine/se/techniques';
import { dataPath } from '../dataPath';

const SAMPLE = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8')
  .split('\n')
  .slice(0, 10)
  .map((l) => l.replace(/0/g, '.'));

describe('short technique names', () => {
  it('every technique gives each of its step names exactly one', () => {
    for (const t of TECHNIQUES) expect(Object.keys(t.shortNames).sort(), t.name).toEqual([...t.stepNames].sort());
  });

  it("are SukakuExplainer's (its rules' getShortName)", () => {
    const expected: Record<string, string> = {
      'Hidden Single': 'HS',
      'Naked Single': 'NS',
      'Direct Pointing': 'DP',
      'Direct Claiming': 'DC',
      'Direct Hidden Pair': 'DP',
      'Direct Hidden Triplet': 'DT',
      Pointing: 'Po',
      Claiming: 'Cl',
      'Naked Pair': 'NP',
      'Hidden Quad': 'HQ',
      'X-Wing': 'XW',
      Jellyfish: 'JF',
      'XY-Wing': 'XYW',
      'XYZ-Wing': 'XYZW',
      'Unique Rectangle type 2': 'UR2',
      'Unique Loop type 3': 'UL63',
      'Unique Loop 10 type 1': 'UL101',
      'BUG type 3': 'BUG3',
      'Aligned Pair Exclusion': 'APE',
      'Aligned Triplet Exclusion': 'ATE',
      'Generalized X-Wing': 'GXW',
      'Turbot Fish': 'TF',
      'Forcing Chain': 'FC',
      'Nishio Forcing Chains': 'NFC',
      'Cell Forcing Chains': 'LFC',
      'Region Forcing Chains': 'RFC',
      'Dynamic Contradiction Forcing Chains': 'DCFC',
      'Dynamic Double Forcing Chains (+)': 'DdFC+',
      'Dynamic Region Forcing Chains (+ Multiple Forcing Chains)': 'DRFC+MFC',
      'Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))': 'DLFC+DFC+FC',
    };
    for (const [name, short] of Object.entries(expected)) expect(shortStepName(name), name).toBe(short);
    expect(shortStepName('Unique Loop')).toBeNull();
  });
});

describe("a summary's ED and EP techniques", () => {
  it('are the first step’s and the first hardest up to the first placement, as serate takes them', () => {
    for (const text of SAMPLE.slice(0, 10)) {
      const rating = ratePuzzle(candidatesOfText(text), false, { unique: true, budgetMs: 60_000 });
      const summary = summarize(rating);
      expect(summary.diamond).toBe(rating.steps[0].technique);
      const upToPlacement = rating.steps.slice(0, rating.steps.findIndex((s) => s.placements.length > 0) + 1);
      const pearl = upToPlacement.find((s) => s.difficulty === Math.max(...upToPlacement.map((u) => u.difficulty)));
      expect(summary.pearl).toBe(pearl?.technique);
      expect(pearl?.difficulty).toBe(rating.ep);
    }
  });
});

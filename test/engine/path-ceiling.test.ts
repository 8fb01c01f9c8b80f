/**
 * The SE path's ceiling (engine/se/pathCeiling.ts): on every state of real SE paths, rated with
 * all techniques and with some left out, the steps still to come are never harder than the
 * ceiling proven there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../server/src/engine/core/budget';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { State } from '../../server/src/engine/core/state';
import { CONFINEMENTS, ceilingPlan, pathCeiling } from '../../server/src/engine/se/pathCeiling';
import { forcingChainsAndCycles } from '../../server/src/engine/se/techniques/chains';
import { ratePuzzle } from '../../server/src/engine/se/rate';
import { TECHNIQUES, techniquesWithout } from '../../server/src/engine/se/techniques';
import { dataPath, diabolicalBank } from '../dataPath';

// SukakuExplainer's sample (ER 4.6 to 9.1), every 20th, and the diabolical bank's first 30.
const SAMPLE = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8')
  .split('\n')
  .filter((l, i) => /^\d{81}$/.test(l) && i % 20 === 0)
  .map((l) => l.replace(/0/g, '.'));
const BANK = diabolicalBank(30).map((b) => b.puzzle);

const EXCLUSIONS: readonly (readonly string[])[] = [[], ['Forcing Chains & Cycles'], ['Naked Pair', 'Claiming'], ['X-Wing', 'Hidden Single']];

describe('the path ceiling', () => {
  it('bounds every later step of real SE paths, with every technique and with some left out', { timeout: 600_000 }, () => {
    for (const exclude of EXCLUSIONS) {
      const techniques = techniquesWithout(TECHNIQUES, exclude);
      // The whole tier, and the cut the rater uses.
      const plans = [ceilingPlan(techniques), ceilingPlan(techniques, 2)];
      const proven = plans.map(() => 0);
      for (const text of [...SAMPLE, ...BANK]) {
        const rating = ratePuzzle(candidatesOfText(text), false, { unique: true, budgetMs: 60_000, exclude });
        // Without hidden singles SE can get stuck: then no ceiling may be proven on the way.
        expect(['solved', 'stuck'], text).toContain(rating.status);
        const state = State.fromCandidates(candidatesOfText(text), false);
        for (let k = 0; k <= rating.steps.length; k++) {
          const where = `${text} [without ${exclude.join(', ')}] after step ${k}`;
          const rest = Math.max(0, ...rating.steps.slice(k).map((s) => s.difficulty));
          plans.forEach((plan, p) => {
            const ceiling = pathCeiling(state, plan, { unique: true, budget: new Budget(10_000) })?.most ?? null;
            if (ceiling === null) return;
            proven[p]++;
            expect(rating.status, where).toBe('solved');
            expect(rest, where).toBeLessThanOrEqual(ceiling);
          });
          if (k < rating.steps.length) state.apply(rating.steps[k]);
        }
      }
      plans.forEach((plan, p) => {
        if (plan.tier.length > 0) expect(proven[p], `without ${exclude.join(', ')}`).toBeGreaterThan(0);
      });
    }
  });

  it('leaves the state it looks at unchanged', () => {
    const state = State.fromCandidates(candidatesOfText(BANK[0]), false);
    const before = state.clone();
    pathCeiling(state, ceilingPlan(TECHNIQUES), { unique: true, budget: new Budget(10_000) });
    expect(state).toEqual(before);
  });

  it('cuts the tier at the first confinement the rating leaves out, and counts what SE may try before it', () => {
    expect(ceilingPlan(TECHNIQUES).tier).toEqual([...CONFINEMENTS, forcingChainsAndCycles]);
    // Unique loops (up to 5.6) come before the naked quad in SE's order.
    expect(ceilingPlan(TECHNIQUES).ceilingAt.at(-2)).toBeCloseTo(5.6);
    // The static chains end the tier: 7.0 and the longest chain's bonus, below 9.
    expect(ceilingPlan(TECHNIQUES).ceilingAt.at(-1)).toBeCloseTo(8.7);
    expect(ceilingPlan(techniquesWithout(TECHNIQUES, ['Forcing Chain'])).tier).toEqual(CONFINEMENTS);
    expect(ceilingPlan(techniquesWithout(TECHNIQUES, ['Naked Pair'])).tier).toEqual(CONFINEMENTS.slice(0, 3));
    expect(ceilingPlan(techniquesWithout(TECHNIQUES, ['Claiming'])).tier).toEqual(CONFINEMENTS.slice(0, 2));
    expect(ceilingPlan(techniquesWithout(TECHNIQUES, ['Hidden Single'])).tier).toEqual([]);
    // Without XY-Wing the tier up to the hidden triplet stays 4.0, the next one rises to the loops'.
    const noWings = ceilingPlan(techniquesWithout(TECHNIQUES, ['XY-Wing', 'XYZ-Wing']));
    expect(noWings.ceilingAt.slice(8, 10).map((c) => c.toFixed(1))).toEqual(['4.0', '5.6']);
  });

  it('proves a ceiling below 9 from the start where static forcing chains solve the puzzle', () => {
    // The bank's first puzzle needs forcing chains from the start (ER 7.2).
    const state = State.fromCandidates(candidatesOfText(BANK[0]), false);
    expect(pathCeiling(state, ceilingPlan(TECHNIQUES), { unique: true, budget: new Budget(10_000) })?.most).toBeCloseTo(8.7);
    expect(pathCeiling(state, ceilingPlan(TECHNIQUES, CONFINEMENTS.length), { unique: true, budget: new Budget(10_000) })).toBeNull();
  });

  it("proves nothing from the start of the forum's hardest puzzles (SE ratings 9.0 and more)", () => {
    const rows = readFileSync(dataPath('forum-hardest-110626', 'HardestDatabase110626.txt'), 'utf8')
      .split('\n')
      .slice(3)
      .map((l) => l.split(','))
      .filter(([p]) => /^[1-9.]{81}$/.test(p ?? ''));
    expect(rows.length).toBe(375);
    const plan = ceilingPlan(TECHNIQUES);
    for (const [text] of rows) {
      const state = State.fromCandidates(candidatesOfText(text), false);
      expect(pathCeiling(state, plan, { unique: true, budget: new Budget(10_000) }), text).toBeNull();
    }
  });

  it('stops for a puzzle without a solution or with several', () => {
    const plan = ceilingPlan(TECHNIQUES);
    // Two 1s in row 1; then the first 16 clues of a 17-clue puzzle (many solutions).
    for (const text of ['11' + '.'.repeat(79), '...........1..2..3..4.5.6.7.8.9....9.8.7.6.5.4.3.2..1...........................']) {
      const state = State.fromCandidates(candidatesOfText(text), false);
      expect(pathCeiling(state, plan, { unique: true, budget: new Budget(10_000) }), text).toBeNull();
    }
  });
});

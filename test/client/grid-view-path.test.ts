/**
 * The grid view's path model (client/src/gridView/path.ts): the states the webview draws along
 * the solving path, and what the path does with one cell's candidates.
 */
import { describe, expect, it } from 'vitest';
import type { GridPuzzle } from '../../client/src/gridView/messages';
import { fatesOf, statesOf } from '../../client/src/gridView/path';
import { ALL_DIGITS, PEERS, bit } from '../../server/src/engine/core/grid';

type Step = GridPuzzle['steps'][number];

const step = (technique: string, placements: Step['placements'], eliminations: Step['eliminations'] = []): Step => ({
  technique,
  difficulty: 1,
  placements,
  eliminations,
  cells: [],
  candidates: [],
  houses: [],
  links: [],
  text: technique,
});

/** An empty grid (every candidate open) with these steps. */
const puzzle = (steps: Step[]): GridPuzzle => ({
  line: 0,
  kind: '81',
  text: null,
  status: 'unique',
  givens: new Array<number>(81).fill(0),
  candidates: new Array<number>(81).fill(ALL_DIGITS),
  solution: null,
  solutionHidden: false,
  rating: null,
  steps,
  message: null,
});

// r1c1 (cell 0) = 5, then 3 eliminated from r1c2 (cell 1), then r1c2 = 7.
const STEPS = [step('Naked Single', [{ cell: 0, digit: 5 }]), step('Pointing', [], [{ cell: 1, digit: 3 }]), step('Hidden Single', [{ cell: 1, digit: 7 }])];

describe('statesOf', () => {
  it('starts from the givens and candidates, then applies each step: placements clear their digit from the peers', () => {
    const states = statesOf(puzzle(STEPS));
    expect(states).toHaveLength(4);
    expect(states[0].values[0]).toBe(0);
    expect(states[1].values[0]).toBe(5);
    expect(states[1].cands[0]).toBe(0);
    for (const p of PEERS[0]) expect(states[1].cands[p] & bit(5)).toBe(0);
    expect(states[1].cands[80]).toBe(ALL_DIGITS); // no peer of r1c1
    expect(states[2].cands[1] & bit(3)).toBe(0);
    expect(states[1].cands[1] & bit(3)).not.toBe(0); // earlier states stay as they were
  });
});

describe('fatesOf', () => {
  const p = puzzle(STEPS);
  const states = statesOf(p);

  it('lists each candidate by the step that placed or eliminated it (its technique, or the placement that took it), in path order', () => {
    const fates = fatesOf(p, states, 1, STEPS.length);
    expect(fates.slice(0, 2)).toEqual([
      { digit: 5, step: 0, placed: false, why: 'r1c1=5' },
      { digit: 3, step: 1, placed: false, why: 'Pointing' },
    ]);
    // r1c2's own placement: its digit placed, the others gone with it, by digit.
    expect(fates.slice(2).map((f) => [f.digit, f.step, f.placed, f.why])).toEqual(
      [1, 2, 4, 6, 7, 8, 9].map((d) => (d === 7 ? [7, 2, true, null] : [d, 2, false, 'r1c2=7'])),
    );
  });

  it('tells only what the first `seen` steps did (spoiler protection)', () => {
    const fates = fatesOf(p, states, 1, 1);
    expect(fates[0]).toEqual({ digit: 5, step: 0, placed: false, why: 'r1c1=5' });
    expect(fates.slice(1).every((f) => f.step === null)).toBe(true);
  });
});

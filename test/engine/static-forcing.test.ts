/**
 * What static forcing chains decide, all at once (engine/se/staticForcing.ts), against Sudoku
 * Explainer's own static chain search (chains/static.ts, every hint): on every state of real SE
 * paths, what they remove (the candidates called false, and the other candidates of a cell whose
 * candidate is called true) is exactly what SE's cycles and forcing chains remove (a placement
 * removes the cell's other candidates; SE drops a hint whose removals repeat another's, so
 * placements are compared by what they remove). The path's ceiling rests on both directions: SE
 * finds a step wherever the closure applies one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { State } from '../../server/src/engine/core/state';
import { ratePuzzle } from '../../server/src/engine/se/rate';
import { staticForcing } from '../../server/src/engine/se/staticForcing';
import { StaticChainer } from '../../server/src/engine/se/techniques/chains/static';
import { ChainGrid } from '../../server/src/engine/se/techniques/chains/tables';
import { dataPath, diabolicalBank } from '../dataPath';

const bank = diabolicalBank(12).map((b) => b.puzzle);
const sample = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8')
  .split('\n')
  .filter((l, i) => /^\d{81}$/.test(l) && i % 37 === 0)
  .map((l) => l.replace(/0/g, '.'));

/** What SE's static search removes on `state`, all its hints together, ascending. */
function seRemovals(state: State): number[] {
  const g = new ChainGrid();
  g.load(state.values, state.cands);
  const removed = new Set<number>();
  for (const h of new StaticChainer().hints(g, null, null)) for (const c of h.removable) removed.add(c);
  return [...removed].sort((a, b) => a - b);
}

/** What staticForcing's conclusions remove, ascending. */
function removals(state: State): number[] {
  const forced = staticForcing(state.cands);
  const removed = new Set(forced.false);
  for (const c of forced.true) {
    const cell = (c / 9) | 0;
    for (let d = 0; d < 9; d++) if (cell * 9 + d !== c && state.cands[cell] & (1 << d)) removed.add(cell * 9 + d);
  }
  return [...removed].sort((a, b) => a - b);
}

describe('static forcing', () => {
  it("decides what SE's cycles and forcing chains decide, on every state of real paths", { timeout: 300_000 }, () => {
    let states = 0;
    let deciding = 0;
    for (const text of [...bank, ...sample]) {
      const rating = ratePuzzle(candidatesOfText(text), false, { unique: true, budgetMs: 60_000 });
      const state = State.fromCandidates(candidatesOfText(text), false);
      for (let k = 0; k <= rating.steps.length; k++) {
        const mine = removals(state);
        expect(mine, `${text} after step ${k}`).toEqual(seRemovals(state));
        states++;
        if (mine.length > 0) deciding++;
        if (k < rating.steps.length) state.apply(rating.steps[k]);
      }
    }
    // Not a vacuous agreement: many states have something to decide.
    expect(states).toBeGreaterThan(500);
    expect(deciding).toBeGreaterThan(100);
  });

  it('finds the XY-Wing as a chain from its removal back to it', () => {
    // Pivot r1c1 {1,2}, wings r1c5 {1,3} and r5c1 {2,3}: r5c5<>3. The rest of the grid is open
    // (every digit everywhere), so no other cell is bivalue and no house has two places.
    const cands = new Uint16Array(81).fill(0x1ff);
    const set = (cell: number, ...digits: number[]): void => {
      cands[cell] = digits.reduce((m, d) => m | (1 << (d - 1)), 0);
    };
    set(0, 1, 2);
    set(4, 1, 3);
    set(36, 2, 3);
    const forced = staticForcing(cands);
    expect(forced.false).toContain(40 * 9 + 2);
    expect(forced.true).toEqual([]);
  });
});

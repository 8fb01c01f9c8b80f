/**
 * Real pauses for the chains' tests: the grids a level-2 search meets where it pauses for its
 * nested rules, and the puzzle states they start from.
 */
import { expect, vi } from 'vitest';
import { candidatesFromGivens } from '../../server/src/engine/core/grid';
import { State } from '../../server/src/engine/core/state';
import { AdvancedRules } from '../../server/src/engine/se/techniques/chains/advanced';
import { DynamicChainer } from '../../server/src/engine/se/techniques/chains/dynamic';
import { ChainGrid } from '../../server/src/engine/se/techniques/chains/tables';

export function stateOf(puzzle: string): State {
  const givens = new Uint8Array(81);
  for (let c = 0; c < 81; c++) {
    const ch = puzzle[c];
    givens[c] = ch >= '1' && ch <= '9' ? Number(ch) : 0;
  }
  return State.fromCandidates(candidatesFromGivens(givens), false);
}

/**
 * The first `count` pauses a level-2 search of a level-3 puzzle (or of `puzzle`) makes (copies
 * of their grids), and its start. With `rules` each pause gets what the rules find, as in a rating; without,
 * nothing, so the search goes on from each start to the next and meets more starts' pauses.
 */
export function level2Pauses(
  count: number,
  rules: boolean,
  puzzle = '1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.',
): { start: ChainGrid; pauses: ChainGrid[] } {
  const state = stateOf(puzzle);
  const start = new ChainGrid();
  start.load(state.values, state.cands);
  const pauses: ChainGrid[] = [];
  const potentials = AdvancedRules.prototype.potentials;
  const spy = vi.spyOn(AdvancedRules.prototype, 'potentials').mockImplementation(function (this: AdvancedRules, g, initial, budget) {
    if (pauses.length >= count) throw new Error('enough');
    const copy = new ChainGrid();
    copy.copyFrom(g);
    pauses.push(copy);
    return rules ? potentials.call(this, g, initial, budget) : [];
  });
  try {
    expect(() => new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 2 }).firstHint(start, null)).toThrow('enough');
  } finally {
    spy.mockRestore();
  }
  return { start, pauses };
}

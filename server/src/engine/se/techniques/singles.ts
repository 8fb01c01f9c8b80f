/**
 * Singles, in Sudoku Explainer's order and values: the last empty cell of a house (1.0), then a
 * digit with one place in a box (1.2), a column or a row (1.5); naked singles (2.3) come later in
 * the technique order, after the direct intersections and hidden pairs.
 */
import { HOUSES, cellName, houseName, singleDigit } from '../../core/grid';
import type { State } from '../../core/state';
import { makeStep, type Step } from '../../core/step';
import type { Technique } from './technique';

const BOXES = HOUSES.slice(18);
const COLUMNS = HOUSES.slice(9, 18);
const ROWS = HOUSES.slice(0, 9);
// SE scans boxes, then columns, then rows.
const SCAN: { houses: readonly (readonly number[])[]; offset: number }[] = [
  { houses: BOXES, offset: 18 },
  { houses: COLUMNS, offset: 9 },
  { houses: ROWS, offset: 0 },
];

function* hiddenSingles(state: State, aloneOnly: boolean): Iterable<Step> {
  for (const { houses, offset } of SCAN) {
    for (let h = 0; h < 9; h++) {
      const cells = houses[h];
      let empty = 0;
      for (const c of cells) if (!state.values[c]) empty++;
      const alone = empty === 1;
      if (alone !== aloneOnly) continue;
      for (let d = 1; d <= 9; d++) {
        const positions = state.positions(cells, d);
        if (positions === 0 || (positions & (positions - 1)) !== 0) continue;
        const cell = cells[31 - Math.clz32(positions)];
        const house = offset + h;
        const difficulty = alone ? 1.0 : house >= 18 ? 1.2 : 1.5;
        const where = alone ? `last empty cell of ${houseName(house)}` : houseName(house);
        yield makeStep({
          technique: 'Hidden Single', // SE's name, for the last empty cell too
          difficulty,
          placements: [{ cell, digit: d }],
          cells: [cell],
          houses: [house],
          text: `Hidden Single: ${cellName(cell)}=${d} (${where})`,
        });
      }
    }
  }
}

export const hiddenSingle: Technique = {
  name: 'Hidden Single',
  stepNames: ['Hidden Single'],
  shortNames: { 'Hidden Single': 'HS' },
  maxDifficulty: 1.5,
  *steps(state) {
    yield* hiddenSingles(state, true);
    yield* hiddenSingles(state, false);
  },
};

export const nakedSingle: Technique = {
  name: 'Naked Single',
  stepNames: ['Naked Single'],
  shortNames: { 'Naked Single': 'NS' },
  maxDifficulty: 2.3,
  *steps(state) {
    for (let cell = 0; cell < 81; cell++) {
      const digit = singleDigit(state.cands[cell]);
      if (state.values[cell] || !digit) continue;
      yield makeStep({
        technique: 'Naked Single',
        difficulty: 2.3,
        placements: [{ cell, digit }],
        cells: [cell],
        candidates: [{ cell, digit }],
        text: `Naked Single: ${cellName(cell)}=${digit}`,
      });
    }
  },
};

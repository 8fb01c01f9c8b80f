/**
 * Singles, in Sudoku Explainer's order and values: the last empty cell of a house (1.0), then a
 * digit with one place in a box (1.2), a column or a row (1.5); naked singles (2.3) come later in
 * the technique order, after the direct intersections and hidden pairs.
 */
import { HOUSES, cellName, houseName, singleDigit } from '../../core/grid';
import type { State } from '../../core/state';
import { makeStep, type Step } from '../../core/step';
import { emptyCount, digitsByPlaces } from './places';
import { BOX_COLUMN_ROW } from './subsets';
import type { Technique } from './technique';

/** The last empty cells of houses first (1.0), then the other hidden singles (1.2 in a box, 1.5 in a line). */
function* hiddenSingles(state: State): Iterable<Step> {
  const { values, cands } = state;
  // The houses with one empty cell (bit per house), counted once for both rounds.
  let lastEmpty = 0;
  for (let house = 0; house < 27; house++) if (emptyCount(values, HOUSES[house]) === 1) lastEmpty |= 1 << house;
  for (let round = 0; round < 2; round++) {
    const alone = round === 0;
    // SE scans boxes, then columns, then rows; digits 1-9 within a house.
    for (let k = 0; k < 27; k++) {
      const house = BOX_COLUMN_ROW[k];
      if ((((lastEmpty >> house) & 1) === 1) !== alone) continue;
      const cells = HOUSES[house];
      for (let once = digitsByPlaces(cands, cells, 1, 1); once; once &= once - 1) {
        const b = once & -once;
        const d = 32 - Math.clz32(b);
        let i = 0;
        while (!(cands[cells[i]] & b)) i++;
        const cell = cells[i];
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
  steps: (state) => hiddenSingles(state),
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

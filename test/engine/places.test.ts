/**
 * A house's digits by their number of places (places.ts), against counting each digit's places
 * cell by cell, on the grids a rating passes through (real puzzles, every step).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOUSES, PEERS } from '../../server/src/engine/core/grid';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { State } from '../../server/src/engine/core/state';
import { rate } from '../../server/src/engine/se/rate';
import { PEER_WORDS, digitWords, digitsByPlaces, emptyCount, placesOf } from '../../server/src/engine/se/techniques/places';
import { dataPath } from '../dataPath';

/** Every grid on the rating paths of se-sample's first puzzles (start and after each step). */
function grids(): State[] {
  const lines = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8').split('\n').slice(0, 12);
  const out: State[] = [];
  for (const line of lines) {
    const state = State.fromCandidates(candidatesOfText(line.trim().replace(/0/g, '.')), false);
    out.push(state.clone());
    rate(state, { unique: true, budgetMs: 20_000, onStep: () => out.push(state.clone()) });
  }
  return out;
}

/** Digit d's places in the house, cell by cell (bit i: the house's i-th cell). */
function placesCounted(cands: Uint16Array, cells: readonly number[], d: number): number {
  let mask = 0;
  for (let i = 0; i < 9; i++) if (cands[cells[i]] & (1 << d)) mask |= 1 << i;
  return mask;
}

const count = (mask: number): number => mask.toString(2).split('1').length - 1;

describe('places of digits in a house', () => {
  const states = grids();

  it('walks real rating paths (many grids, some houses with few places)', () => {
    expect(states.length).toBeGreaterThan(300);
  });

  it('digitsByPlaces: the digits with least..most places, for every house of every grid', () => {
    const got: number[] = [];
    const expected: number[] = [];
    for (const { cands } of states) {
      for (const cells of HOUSES) {
        for (const [least, most] of [[1, 1], [2, 2], [2, 3], [2, 4], [1, 4], [3, 4]]) {
          let digits = 0;
          for (let d = 0; d < 9; d++) {
            const n = count(placesCounted(cands, cells, d));
            if (n >= least && n <= most) digits |= 1 << d;
          }
          expected.push(digits);
          got.push(digitsByPlaces(cands, cells, least, most));
        }
      }
    }
    expect(got).toEqual(expected);
  });

  it('placesOf: the places of the asked digits only, the others 0', () => {
    const out = new Uint16Array(9);
    const got: number[] = [];
    const expected: number[] = [];
    for (const { cands } of states) {
      for (const cells of HOUSES) {
        const digits = 0b101100101;
        placesOf(cands, cells, digits, out);
        got.push(...out);
        for (let d = 0; d < 9; d++) expected.push(digits & (1 << d) ? placesCounted(cands, cells, d) : 0);
      }
    }
    expect(got).toEqual(expected);
  });

  it('emptyCount: the cells without a value', () => {
    const got = states.flatMap(({ values }) => HOUSES.map((cells) => emptyCount(values, cells)));
    const expected = states.flatMap(({ values }) => HOUSES.map((cells) => cells.filter((c) => values[c] === 0).length));
    expect(got).toEqual(expected);
  });

  /** The cells of three 27-cell words. */
  const cellsOf = (words: ArrayLike<number>, at: number): number[] => {
    const out: number[] = [];
    for (let w = 0; w < 3; w++) for (let i = 0; i < 27; i++) if (words[at + w] & (1 << i)) out.push(27 * w + i);
    return out;
  };

  it("PEER_WORDS: each cell's 20 peers as 27-cell words", () => {
    expect(Array.from({ length: 81 }, (_, c) => cellsOf(PEER_WORDS, 3 * c))).toEqual(PEERS.map((p) => [...p]));
  });

  it('digitWords: the cells of each digit, for every grid', () => {
    const out = new Int32Array(27);
    const got: number[][] = [];
    const expected: number[][] = [];
    for (const { cands } of states) {
      digitWords(cands, out);
      for (let d = 0; d < 9; d++) {
        got.push(cellsOf(out, 3 * d));
        expected.push([...Array(81).keys()].filter((c) => cands[c] & (1 << d)));
      }
    }
    expect(got).toEqual(expected);
  });
});

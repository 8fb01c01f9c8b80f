/**
 * The grid view's model of a solving path, without the DOM (the webview draws it; unit tests read
 * it): the values and candidates before and after each step, and what the path does with a cell's
 * candidates.
 */
import { PEERS, bit, cellName } from '../../../server/src/engine/core/grid';
import type { GridPuzzle } from './messages';

type StepView = GridPuzzle['steps'][number];

/** Values (0: empty) and candidate masks of the 81 cells at one point of the path. */
export interface Shown {
  values: number[];
  cands: number[];
}

/** The state after `step`: its placements (their digit gone from the peers) and eliminations. */
function applyStep(state: Shown, step: StepView): Shown {
  const values = state.values.slice();
  const cands = state.cands.slice();
  for (const p of step.placements) {
    values[p.cell] = p.digit;
    cands[p.cell] = 0;
    for (const q of PEERS[p.cell]) cands[q] &= ~bit(p.digit);
  }
  for (const e of step.eliminations) cands[e.cell] &= ~bit(e.digit);
  return { values, cands };
}

/** The start, then the state after each step: index k is the state before step k + 1. */
export function statesOf(puzzle: GridPuzzle): Shown[] {
  const states: Shown[] = [{ values: puzzle.givens.slice(), cands: puzzle.candidates.slice() }];
  for (const step of puzzle.steps) states.push(applyStep(states[states.length - 1], step));
  return states;
}

/** What became of one candidate: placed or eliminated at step index `step` (0-based), or null: still there. */
export interface Fate {
  digit: number;
  step: number | null;
  placed: boolean;
  /** What eliminated it: the step's technique, or the placement `r2c4=6` that took it. */
  why: string | null;
}

/**
 * The fate of each starting candidate of `cell` within the first `seen` steps, in path order (a
 * step's digits in increasing order), then what is left.
 */
export function fatesOf(puzzle: GridPuzzle, states: readonly Shown[], cell: number, seen: number): Fate[] {
  const start = states[0].cands[cell];
  const fates: Fate[] = [];
  for (let d = 1; d <= 9; d++) {
    if (!(start & bit(d))) continue;
    let fate: Fate = { digit: d, step: null, placed: false, why: null };
    for (let k = 0; k < seen; k++) {
      const after = states[k + 1];
      if (after.values[cell] === d) {
        fate = { digit: d, step: k, placed: true, why: null };
        break;
      }
      if (after.values[cell] || !(after.cands[cell] & bit(d))) {
        const s = puzzle.steps[k];
        const own = s.eliminations.some((e) => e.cell === cell && e.digit === d);
        const by = s.placements.find((p) => p.cell === cell || (p.digit === d && PEERS[cell].includes(p.cell)));
        fate = { digit: d, step: k, placed: false, why: !own && by ? `${cellName(by.cell)}=${by.digit}` : s.technique };
        break;
      }
    }
    fates.push(fate);
  }
  return fates.sort((a, b) => (a.step ?? Infinity) - (b.step ?? Infinity) || a.digit - b.digit);
}

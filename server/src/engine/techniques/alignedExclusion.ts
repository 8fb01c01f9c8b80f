/**
 * Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5), as Sudoku Explainer's
 * AlignedPairExclusion and AlignedExclusion(3) find them.
 *
 * Base cells: every cell (row-major) with two or more candidates whose peers include no cell with a
 * single candidate and at least one "excluder": a peer with 2 candidates (pair) or 2–3 (triplet).
 * - Pairs: every two base cells, in increasing binary order of their positions in that list.
 * - Triplets: the same pairs, then as third cell each cell of the pair's "twin area" in order:
 *   the excluders of the first cell then those of the second (peers in SE's order: box, row,
 *   column), keeping base cells only, without the two cells themselves.
 * The cells need at least two common excluders. A combination of one candidate per base cell is
 * impossible when two base cells sharing a house get the same digit, or when a common excluder
 * would lose all its candidates; a candidate in no possible combination is eliminated.
 */
import { bit, cellName, digitsOf, popcount } from '../grid';
import type { State } from '../state';
import { eliminationsText, makeStep, type Candidate, type Step } from '../step';
import type { Technique, TechniqueContext } from './technique';
import { SE_PEERS, sees } from './uniqueness';

interface Base {
  /** Base cells, row-major. */
  list: number[];
  /** Excluders of each base cell, in SE's peer order (parallel to list). */
  excluders: number[][];
  /** The same as 81-bit sets: three 27-bit words per base cell. */
  words: Int32Array;
}

function baseCells(state: State, degree: number): Base {
  const cands = state.cands;
  const list: number[] = [];
  const excluders: number[][] = [];
  for (let cell = 0; cell < 81; cell++) {
    if (popcount(cands[cell]) < 2) continue;
    let single = false;
    const ex: number[] = [];
    for (const p of SE_PEERS[cell]) {
      const n = popcount(cands[p]);
      if (n === 1) single = true;
      else if (n >= 2 && n <= degree) ex.push(p);
    }
    if (single || ex.length === 0) continue;
    list.push(cell);
    excluders.push(ex);
  }
  const words = new Int32Array(3 * list.length);
  for (let i = 0; i < list.length; i++) {
    for (const p of excluders[i]) words[3 * i + ((p / 27) | 0)] |= 1 << p % 27;
  }
  return { list, excluders, words };
}

/** Cells of a three-word set, in cell order. */
function cellsOfWords(w0: number, w1: number, w2: number): number[] {
  const out: number[] = [];
  const words = [w0, w1, w2];
  for (let k = 0; k < 3; k++) {
    for (let w = words[k]; w; w &= w - 1) out.push(27 * k + 31 - Math.clz32(w & -w));
  }
  return out;
}

/**
 * The eliminations of one aligned set: `cells` the base cells, `excluders` their common
 * excluders. Returns the removable mask per base cell and the excluders that locked a
 * combination involving a removed candidate.
 */
function exclude(
  cands: Uint16Array,
  cells: readonly number[],
  excluders: readonly number[],
): { removable: number[]; lockers: number[] } {
  const n = cells.length;
  const exMasks = excluders.map((c) => cands[c]);
  const allowed = new Array<number>(n).fill(0);
  const values = cells.map((c) => digitsOf(cands[c]));
  const peer01 = sees(cells[0], cells[1]);
  const peer02 = n > 2 && sees(cells[0], cells[2]);
  const peer12 = n > 2 && sees(cells[1], cells[2]);
  const locking = new Array<number>(excluders.length).fill(0);
  const lockedCombos: { combo: number[]; by: number }[] = []; // combinations an excluder forbids
  const check = (combo: number[]): void => {
    const [a, b, c] = combo;
    if ((a === b && peer01) || (n > 2 && ((a === c && peer02) || (b === c && peer12)))) return;
    let m = bit(a) | bit(b);
    if (n > 2) m |= bit(c);
    for (let k = 0; k < exMasks.length; k++) {
      if ((exMasks[k] & ~m) === 0) {
        lockedCombos.push({ combo, by: k });
        return;
      }
    }
    for (let i = 0; i < n; i++) allowed[i] |= bit(combo[i]);
  };
  for (const a of values[0]) {
    for (const b of values[1]) {
      if (n === 2) check([a, b]);
      else for (const c of values[2]) check([a, b, c]);
    }
  }
  const removable = cells.map((cell, i) => cands[cell] & ~allowed[i]);
  for (const { combo, by } of lockedCombos) {
    if (combo.some((d, i) => removable[i] & bit(d))) locking[by] = 1;
  }
  return { removable, lockers: excluders.filter((_, k) => locking[k]) };
}

function makeAlignedStep(cands: Uint16Array, cells: number[], excluders: number[]): Step | null {
  const { removable, lockers } = exclude(cands, cells, excluders);
  const eliminations: Candidate[] = [];
  cells.forEach((cell, i) => {
    for (const d of digitsOf(removable[i])) eliminations.push({ cell, digit: d });
  });
  if (eliminations.length === 0) return null;
  const degree = cells.length;
  const technique = degree === 2 ? 'Aligned Pair Exclusion' : 'Aligned Triplet Exclusion';
  const candidates: Candidate[] = [];
  for (const c of lockers) for (const d of digitsOf(cands[c])) candidates.push({ cell: c, digit: d });
  return makeStep({
    technique,
    difficulty: degree === 2 ? 6.2 : 7.5,
    eliminations,
    cells: [...cells, ...lockers],
    candidates,
    text:
      `${technique}: ${cells.map(cellName).join(',')} (excluders ${lockers.map(cellName).join(',')})` +
      ` ==> ${eliminationsText(eliminations)}`,
  });
}

/** Aligned pair exclusion steps in SE's order. */
export function* alignedPairSteps(state: State, ctx?: TechniqueContext): Generator<Step> {
  const base = baseCells(state, 2);
  const { list, words } = base;
  const n = list.length;
  if (n < 2) return;
  for (let hi = 1; hi < n; hi++) {
    if ((hi & 15) === 0) ctx?.budget.check();
    for (let lo = 0; lo < hi; lo++) {
      const w0 = words[3 * lo] & words[3 * hi];
      const w1 = words[3 * lo + 1] & words[3 * hi + 1];
      const w2 = words[3 * lo + 2] & words[3 * hi + 2];
      if (popcount27(w0) + popcount27(w1) + popcount27(w2) < 2) continue;
      const step = makeAlignedStep(state.cands, [list[lo], list[hi]], cellsOfWords(w0, w1, w2));
      if (step) yield step;
    }
  }
}

/** Aligned triplet exclusion steps in SE's order; checks the budget as it goes. */
export function* alignedTripletSteps(state: State, ctx?: TechniqueContext): Generator<Step> {
  const base = baseCells(state, 3);
  const { list, excluders, words } = base;
  const n = list.length;
  if (n < 3) return;
  const indexOf = new Int16Array(81).fill(-1);
  list.forEach((c, i) => (indexOf[c] = i));
  const inTwin = new Uint8Array(81);
  for (let hi = 1; hi < n; hi++) {
    for (let lo = 0; lo < hi; lo++) {
      ctx?.budget.check();
      const c0 = list[lo];
      const c1 = list[hi];
      const twin: number[] = [];
      for (const list2 of [excluders[lo], excluders[hi]]) {
        for (const c of list2) {
          if (inTwin[c] || indexOf[c] < 0 || c === c0 || c === c1) continue;
          inTwin[c] = 1;
          twin.push(c);
        }
      }
      for (const c of twin) inTwin[c] = 0;
      const a0 = words[3 * lo] & words[3 * hi];
      const a1 = words[3 * lo + 1] & words[3 * hi + 1];
      const a2 = words[3 * lo + 2] & words[3 * hi + 2];
      if (popcount27(a0) + popcount27(a1) + popcount27(a2) < 2) continue;
      for (const c2 of twin) {
        const k = indexOf[c2];
        const w0 = a0 & words[3 * k];
        const w1 = a1 & words[3 * k + 1];
        const w2 = a2 & words[3 * k + 2];
        if (popcount27(w0) + popcount27(w1) + popcount27(w2) < 2) continue;
        const step = makeAlignedStep(state.cands, [c0, c1, c2], cellsOfWords(w0, w1, w2));
        if (step) yield step;
      }
    }
  }
}

function popcount27(w: number): number {
  let n = 0;
  for (let m = w; m; m &= m - 1) n++;
  return n;
}

export const alignedPairExclusion: Technique = {
  name: 'Aligned Pair Exclusion',
  steps: (state, ctx) => alignedPairSteps(state, ctx),
};

export const alignedTripletExclusion: Technique = {
  name: 'Aligned Triplet Exclusion',
  steps: (state, ctx) => alignedTripletSteps(state, ctx),
};

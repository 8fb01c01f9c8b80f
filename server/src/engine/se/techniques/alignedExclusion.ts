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
import { cellName, digitsOf, popcount } from '../../core/grid';
import type { State } from '../../core/state';
import { eliminationsText, makeStep, type Candidate, type Step } from '../../core/step';
import type { Technique, TechniqueContext } from './technique';
import { SE_PEERS, sees } from './uniqueness';

const PAIR = { name: 'Aligned Pair Exclusion', difficulty: 6.2 };
const TRIPLET = { name: 'Aligned Triplet Exclusion', difficulty: 7.5 };

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
 * Walks every combination of one candidate per base cell (c0, c1 and c2, or no third cell when
 * c2 < 0) against the first `nEx` excluder masks of `exMasks`. Without `removable`: ORs each
 * possible combination's digits into `allowed`. With it: marks in `locking` each excluder that is
 * the first to forbid a combination using a removable candidate.
 */
function combinations(
  cands: Uint16Array,
  c0: number,
  c1: number,
  c2: number,
  exMasks: Int32Array,
  nEx: number,
  allowed: Int32Array,
  removable: Int32Array | null,
  locking: Uint8Array | null,
): void {
  const three = c2 >= 0;
  const peer01 = sees(c0, c1);
  const peer02 = three && sees(c0, c2);
  const peer12 = three && sees(c1, c2);
  const m2 = three ? cands[c2] : 1;
  for (let ma = cands[c0]; ma; ma &= ma - 1) {
    const a = ma & -ma;
    for (let mb = cands[c1]; mb; mb &= mb - 1) {
      const b = mb & -mb;
      if (a === b && peer01) continue;
      for (let mc = m2; mc; mc &= mc - 1) {
        const c = three ? mc & -mc : 0;
        if (three && ((a === c && peer02) || (b === c && peer12))) continue;
        const m = a | b | c;
        let by = -1;
        for (let k = 0; k < nEx && by < 0; k++) if ((exMasks[k] & ~m) === 0) by = k;
        if (by < 0) {
          if (!removable) {
            allowed[0] |= a;
            allowed[1] |= b;
            allowed[2] |= c;
          }
        } else if (removable && locking && (removable[0] & a || removable[1] & b || removable[2] & c)) locking[by] = 1;
      }
    }
  }
}

// Scratch of `excludes` and makeAlignedStep, filled and read before they return: the common
// excluders' candidates, in cell order, and what each base cell may keep and would lose.
const exclusions = new Int32Array(81);
const allowedScratch = new Int32Array(3);
const removableScratch = new Int32Array(3);

/**
 * Whether one of the base cells c0, c1 and c2 (none when c2 < 0) loses a candidate, with the
 * common excluders in words w0-w2, without building anything: nearly every combination of cells
 * tried loses none. Leaves each cell's removable candidates in `removableScratch`.
 */
function excludes(cands: Uint16Array, c0: number, c1: number, c2: number, w0: number, w1: number, w2: number): boolean {
  let nEx = 0;
  for (let w = w0; w; w &= w - 1) exclusions[nEx++] = cands[31 - Math.clz32(w & -w)];
  for (let w = w1; w; w &= w - 1) exclusions[nEx++] = cands[27 + 31 - Math.clz32(w & -w)];
  for (let w = w2; w; w &= w - 1) exclusions[nEx++] = cands[54 + 31 - Math.clz32(w & -w)];
  const allowed = allowedScratch.fill(0);
  combinations(cands, c0, c1, c2, exclusions, nEx, allowed, null, null);
  const removable = removableScratch.fill(0);
  removable[0] = cands[c0] & ~allowed[0];
  removable[1] = cands[c1] & ~allowed[1];
  if (c2 >= 0) removable[2] = cands[c2] & ~allowed[2];
  return (removable[0] | removable[1] | removable[2]) !== 0;
}

/** The step of base cells c0, c1 and c2 (none when c2 < 0) and their common excluders in words w0-w2, or null when no candidate goes. */
function makeAlignedStep(cands: Uint16Array, c0: number, c1: number, c2: number, w0: number, w1: number, w2: number): Step | null {
  if (!excludes(cands, c0, c1, c2, w0, w1, w2)) return null;
  const cells = c2 >= 0 ? [c0, c1, c2] : [c0, c1];
  const excluders = cellsOfWords(w0, w1, w2);
  const removable = removableScratch;
  const locking = new Uint8Array(excluders.length);
  combinations(cands, c0, c1, c2, exclusions, excluders.length, allowedScratch, removable, locking);
  const lockers = excluders.filter((_, k) => locking[k]);
  const eliminations: Candidate[] = [];
  cells.forEach((cell, i) => {
    for (const d of digitsOf(removable[i])) eliminations.push({ cell, digit: d });
  });
  const { name: technique, difficulty } = c2 >= 0 ? TRIPLET : PAIR;
  const candidates: Candidate[] = [];
  for (const c of lockers) for (const d of digitsOf(cands[c])) candidates.push({ cell: c, digit: d });
  return makeStep({
    technique,
    difficulty,
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
      if (popcount(w0) + popcount(w1) + popcount(w2) < 2) continue;
      const step = makeAlignedStep(state.cands, list[lo], list[hi], -1, w0, w1, w2);
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
  const twin: number[] = [];
  for (let hi = 1; hi < n; hi++) {
    ctx?.budget.check();
    for (let lo = 0; lo < hi; lo++) {
      const a0 = words[3 * lo] & words[3 * hi];
      const a1 = words[3 * lo + 1] & words[3 * hi + 1];
      const a2 = words[3 * lo + 2] & words[3 * hi + 2];
      if (popcount(a0) + popcount(a1) + popcount(a2) < 2) continue;
      const c0 = list[lo];
      const c1 = list[hi];
      twin.length = 0;
      addTwins(excluders[lo], indexOf, inTwin, c0, c1, twin);
      addTwins(excluders[hi], indexOf, inTwin, c0, c1, twin);
      for (const c of twin) inTwin[c] = 0;
      for (const c2 of twin) {
        const k = indexOf[c2];
        const w0 = a0 & words[3 * k];
        const w1 = a1 & words[3 * k + 1];
        const w2 = a2 & words[3 * k + 2];
        if (popcount(w0) + popcount(w1) + popcount(w2) < 2) continue;
        const step = makeAlignedStep(state.cands, c0, c1, c2, w0, w1, w2);
        if (step) yield step;
      }
    }
  }
}

/** Appends the base cells among `excluders` (not c0, c1, nor already there) to the twin area. */
function addTwins(excluders: readonly number[], indexOf: Int16Array, inTwin: Uint8Array, c0: number, c1: number, twin: number[]): void {
  for (const c of excluders) {
    if (inTwin[c] || indexOf[c] < 0 || c === c0 || c === c1) continue;
    inTwin[c] = 1;
    twin.push(c);
  }
}

export const alignedPairExclusion: Technique = {
  name: PAIR.name,
  stepNames: [PAIR.name],
  shortNames: { [PAIR.name]: 'APE' },
  minDifficulty: PAIR.difficulty,
  maxDifficulty: PAIR.difficulty,
  steps: (state, ctx) => alignedPairSteps(state, ctx),
};

export const alignedTripletExclusion: Technique = {
  name: TRIPLET.name,
  stepNames: [TRIPLET.name],
  shortNames: { [TRIPLET.name]: 'ATE' },
  minDifficulty: TRIPLET.difficulty,
  maxDifficulty: TRIPLET.difficulty,
  steps: (state, ctx) => alignedTripletSteps(state, ctx),
};

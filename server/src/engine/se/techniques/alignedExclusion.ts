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

/**
 * Where the triplet searches found nothing, kept from one search to the next: a rating searches
 * at every step that comes this far, and a step changes few cells' candidates. A triplet's
 * verdict reads only its three cells' candidates and its common excluders'. So where none of
 * them changed since a search that found nothing there, there is still nothing: an unchanged
 * cell that is a common excluder now was one then, with the same candidates, so the excluders
 * now are among those, and fewer excluders forbid fewer combinations.
 */
export class TripletVerdicts {
  /** Per triplet `(c0 * 81 + c1) * 81 + c2`: the last search (its generation) that found nothing there. */
  private stamps = new Int32Array(0);
  /** The candidates the last search began on. */
  private readonly last = new Uint16Array(81);

  /** The last search's generation. */
  private gen = 0;

  /** `limit`: the generation at which the stamps restart (tests make it small). */
  constructor(private readonly limit = 0x7fffffff) {}

  /**
   * Begins a search on `cands` (which must not change until it ends). Searches may interleave
   * (generators): a stamp always means "nothing there on the candidates its search began on",
   * and `held` is the search begun last, the one `changed` is measured from.
   */
  begin(cands: Uint16Array): VerdictSearch {
    // Made on the first search (2 MB); restarted before a stamp could come round to another
    // search's generation.
    if (this.stamps.length === 0) this.stamps = new Int32Array(81 * 81 * 81);
    else if (this.gen === this.limit) {
      this.stamps.fill(0);
      this.gen = 0;
    }
    const changed = new Int32Array(3);
    for (let c = 0; c < 81; c++) if (cands[c] !== this.last[c]) changed[(c / 27) | 0] |= 1 << c % 27;
    this.last.set(cands);
    // No search since the (re)start: no stamp holds (an empty stamp is 0).
    const held = this.gen === 0 ? -1 : this.gen;
    return { stamps: this.stamps, held, now: ++this.gen, changed };
  }
}

/** One search's hold on the verdicts (see TripletVerdicts.begin). */
interface VerdictSearch {
  stamps: Int32Array;
  /** The generation whose stamps still hold where nothing in `changed` is read. */
  held: number;
  /** This search's generation. */
  now: number;
  /** The cells whose candidates changed since the search `held`, three 27-bit words. */
  changed: Int32Array;
}

const tripletVerdicts = new TripletVerdicts();

/**
 * Aligned triplet exclusion steps in SE's order; checks the budget as it goes. `verdicts`: where
 * earlier searches found nothing (tests give their own).
 */
export function* alignedTripletSteps(state: State, ctx?: TechniqueContext, verdicts = tripletVerdicts): Generator<Step> {
  const base = baseCells(state, 3);
  const { list, excluders, words } = base;
  const n = list.length;
  if (n < 3) return;
  const { stamps, held, now, changed } = verdicts.begin(state.cands);
  const [ch0, ch1, ch2] = changed;
  const isChanged = (c: number) => (changed[(c / 27) | 0] & (1 << c % 27)) !== 0;
  const indexOf = new Int16Array(81).fill(-1);
  list.forEach((c, i) => (indexOf[c] = i));
  const inTwin = new Uint8Array(81);
  // A typed list with a count, read by index: an array's iterator and length write cost more
  // than the tests of the triplets the verdicts let go.
  const twin = new Int8Array(81);
  for (let hi = 1; hi < n; hi++) {
    ctx?.budget.check();
    for (let lo = 0; lo < hi; lo++) {
      const a0 = words[3 * lo] & words[3 * hi];
      const a1 = words[3 * lo + 1] & words[3 * hi + 1];
      const a2 = words[3 * lo + 2] & words[3 * hi + 2];
      if (popcount(a0) + popcount(a1) + popcount(a2) < 2) continue;
      const c0 = list[lo];
      const c1 = list[hi];
      const nTwin = addTwins(excluders[hi], indexOf, inTwin, c0, c1, twin, addTwins(excluders[lo], indexOf, inTwin, c0, c1, twin, 0));
      for (let t = 0; t < nTwin; t++) inTwin[twin[t]] = 0;
      const pairHeld = !isChanged(c0) && !isChanged(c1);
      for (let t = 0; t < nTwin; t++) {
        const c2 = twin[t];
        const k = indexOf[c2];
        const w0 = a0 & words[3 * k];
        const w1 = a1 & words[3 * k + 1];
        const w2 = a2 & words[3 * k + 2];
        if (popcount(w0) + popcount(w1) + popcount(w2) < 2) continue;
        const key = (c0 * 81 + c1) * 81 + c2;
        if (pairHeld && stamps[key] === held && !isChanged(c2) && ((w0 & ch0) | (w1 & ch1) | (w2 & ch2)) === 0) {
          stamps[key] = now;
          continue;
        }
        const step = makeAlignedStep(state.cands, c0, c1, c2, w0, w1, w2);
        if (step) yield step;
        else stamps[key] = now;
      }
    }
  }
}

/** Appends the base cells among `excluders` (not c0, c1, nor already there) to the twin area's first `n`; its new length. */
function addTwins(excluders: readonly number[], indexOf: Int16Array, inTwin: Uint8Array, c0: number, c1: number, twin: Int8Array, n: number): number {
  for (let i = 0; i < excluders.length; i++) {
    const c = excluders[i];
    if (inTwin[c] || indexOf[c] < 0 || c === c0 || c === c1) continue;
    inTwin[c] = 1;
    twin[n++] = c;
  }
  return n;
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

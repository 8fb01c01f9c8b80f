/**
 * Bivalue Universal Grave, types 1 to 4, as Sudoku Explainer's BivalueUniversalGrave finds it.
 * Sound only when the puzzle has one solution: the technique reports nothing unless `ctx.unique`.
 *
 * Detection, as SE has it: scan boxes, rows, then columns, and in each house every digit; a digit
 * with neither zero nor two places in the house must have exactly one of them in a cell with three
 * or more candidates (that cell is a BUG cell and the digit one of its extra candidates; with none
 * it is no BUG; with several the house decides nothing). Without the extra candidates every empty
 * cell must be bivalue and every digit must have zero or two places in every house.
 *
 * Resolution, in SE's order (the first step is the one applied):
 * - one BUG cell: type 1 (5.6), the cell loses its other candidates;
 * - one extra digit: type 2 (5.7), the digit leaves every cell seeing all BUG cells; then, with
 *   two BUG cells, type 4;
 * - else, when some cells see all BUG cells: with two BUG cells type 4 (5.7): the two share a
 *   house and exactly one digit besides the extras, which is then locked to them and one of them
 *   takes its extra, so each loses its other pair digit; then type 3 (5.7 + 0.1 per naked digit
 *   beyond the first): the extra digits act as one more cell of a naked set with cells of a
 *   house shared by all BUG cells.
 * More than one BUG cell, more than one extra digit and no cell seeing them all: nothing.
 */
import { HOUSES, cellName, digitsOf, houseName, popcount } from '../../core/grid';
import type { State } from '../../core/state';
import { eliminationsText, makeStep, type Candidate, type Step } from '../../core/step';
import type { Technique } from './technique';
import { SE_PEERS, houseOfType, sees, subsetsInOrder } from './uniqueness';

export type BugType = 1 | 2 | 3 | 4;

const BUG_TYPES: readonly BugType[] = [1, 2, 3, 4];
const bugName = (type: BugType): string => `BUG type ${type}`;

export interface BugPattern {
  /** The BUG cells (three or more candidates), in the order SE finds them. */
  cells: number[];
  /** Extra candidates of each BUG cell, as digit masks, parallel to `cells`. */
  extraMasks: number[];
  /** Every extra candidate ("BUG+n" counts them), by cell then digit. */
  extras: Candidate[];
  /** Cells (solved ones too, as SE keeps them) seeing every BUG cell, in SE's order. */
  commonCells: number[];
  /**
   * The steps SE would take, in its order: the first is the one it applies. Empty when the
   * pattern has several BUG cells, several extra digits and no cell seeing all BUG cells.
   */
  steps: Step[];
  /** Type of the first step, 0 when there is none. */
  type: BugType | 0;
  /** BUG+1 with a single extra candidate: the value the cell must take. */
  mustBe: Candidate | null;
  /** Forum line for the pattern itself, e.g. `BUG+1: r5c6=7`, `BUG+2: r1c2=3 or r1c5=7`. */
  text: string;
}

const SET_NAMES = ['', '', 'pair', 'triplet', 'quad', 'quintuplet', 'sextuplet'];

function alternativesText(cells: readonly number[], masks: readonly number[]): string {
  return cells.map((c, i) => `${cellName(c)}=${digitsOf(masks[i]).join('|')}`).join(' or ');
}

function elimsOf(removable: Map<number, number>): Candidate[] {
  const out: Candidate[] = [];
  for (const [cell, mask] of removable) for (const d of digitsOf(mask)) out.push({ cell, digit: d });
  return out;
}

interface Scan {
  cells: number[];
  masks: number[];
  all: number;
  common: number[] | null;
}

/** SE's scan for BUG cells; null when the state is no BUG. */
function scan(state: State): Scan | null {
  const cands = state.cands;
  const cells: number[] = [];
  const masks: number[] = [];
  let all = 0;
  let common: number[] | null = null;
  const reduced = cands.slice();
  // lkSudoku's fix in SukakuExplainer (on by default): while every irregular house is irregular
  // in one digit, the cells with three or more candidates holding it in those houses are all
  // gathered, so a BUG cell whose extra digit shares each house with another BUG cell's is
  // found too (SE 1.2.1 skips such houses and so misses that BUG type 2).
  let digitCells: number[] | null = null;
  let onlyDigit = 0;
  let oneDigit = true;
  const addBugCell = (bugCell: number, b: number): void => {
    let i = cells.indexOf(bugCell);
    if (i < 0) {
      i = cells.length;
      cells.push(bugCell);
      masks.push(0);
    }
    masks[i] |= b;
    all |= b;
    reduced[bugCell] &= ~b;
    common = common === null ? [...SE_PEERS[bugCell]] : common.filter((c) => sees(bugCell, c));
    common = common.filter((c) => !cells.includes(c));
  };
  for (let t = 0; t < 3; t++) {
    for (let k = 0; k < 9; k++) {
      const house = HOUSES[t === 0 ? 18 + k : t === 1 ? k : 9 + k];
      for (let d = 1; d <= 9; d++) {
        const b = 1 << (d - 1);
        let places = 0;
        const bugCells: number[] = [];
        for (const c of house) {
          if (!(cands[c] & b)) continue;
          places++;
          if (popcount(cands[c]) >= 3) bugCells.push(c);
        }
        if (places === 0 || places === 2) continue;
        if (digitCells === null) {
          digitCells = [...bugCells];
          onlyDigit = d;
        } else if (oneDigit) {
          if (d !== onlyDigit) oneDigit = false;
          else for (const c of bugCells) if (!digitCells.includes(c)) digitCells.push(c);
        }
        if (bugCells.length === 0) return null;
        if (bugCells.length === 1) addBugCell(bugCells[0], b);
      }
    }
  }
  if (oneDigit && digitCells !== null && digitCells.length > cells.length) {
    // SE adds them in cell order (its CellSet). It leaves them out of its set of extra digits,
    // which differs from ours only when no house had a lone BUG cell: SE would then resolve the
    // BUG with an empty set of extra digits, which proves nothing; ours counts the digit.
    const missed = digitCells.filter((c) => !cells.includes(c)).sort((a, b) => a - b);
    for (const c of missed) addBugCell(c, 1 << (onlyDigit - 1));
  }
  for (let c = 0; c < 81; c++) if (!state.values[c] && popcount(reduced[c]) !== 2) return null;
  for (let h = 0; h < 27; h++) {
    for (let d = 1; d <= 9; d++) {
      const b = 1 << (d - 1);
      let places = 0;
      for (const c of HOUSES[h]) if (reduced[c] & b) places++;
      if (places !== 0 && places !== 2) return null;
    }
  }
  if (cells.length === 0) return null; // a grid with no extra candidate: not a BUG+n
  return { cells, masks, all, common };
}

function bugStep(
  type: BugType,
  difficulty: number,
  s: Scan,
  removable: Map<number, number>,
  detail: string,
  extra: { cells?: number[]; candidates?: Candidate[]; houses?: number[] } = {},
): Step {
  const eliminations = elimsOf(removable);
  const candidates: Candidate[] = [];
  s.cells.forEach((c, i) => {
    for (const d of digitsOf(s.masks[i])) candidates.push({ cell: c, digit: d });
  });
  const n = s.masks.reduce((acc, m) => acc + popcount(m), 0);
  return makeStep({
    technique: bugName(type),
    difficulty,
    eliminations,
    cells: [...s.cells, ...(extra.cells ?? [])],
    candidates: [...candidates, ...(extra.candidates ?? [])],
    houses: extra.houses ?? [],
    text: `BUG+${n}: ${alternativesText(s.cells, s.masks)}${detail} ==> ${eliminationsText(eliminations)}`,
  });
}

function type2(state: State, s: Scan): Step | null {
  if (!s.common || s.common.length === 0) return null;
  const b = s.all;
  const removable = new Map<number, number>();
  for (const c of s.common) if (state.cands[c] & b) removable.set(c, b);
  if (removable.size === 0) return null;
  return bugStep(2, 5.7, s, removable, '');
}

function sharedHouse(cells: readonly number[], t: number): number {
  const h = houseOfType(cells[0], t);
  return cells.every((c) => houseOfType(c, t) === h) ? h : -1;
}

function type4(state: State, s: Scan): Step[] {
  const out: Step[] = [];
  const cands = state.cands;
  const [c1, c2] = s.cells;
  const common = cands[c1] & cands[c2] & ~s.all;
  if (popcount(common) !== 1) return out;
  const value = digitsOf(common)[0];
  for (let t = 0; t < 3; t++) {
    const h = sharedHouse(s.cells, t);
    if (h < 0) continue;
    const removable = new Map<number, number>([
      [c1, cands[c1] & ~s.masks[0] & ~common],
      [c2, cands[c2] & ~s.masks[1] & ~common],
    ]);
    out.push(
      bugStep(4, 5.7, s, removable, `, ${value} locked in ${houseName(h)}`, {
        candidates: [
          { cell: c1, digit: value },
          { cell: c2, digit: value },
        ],
        houses: [h],
      }),
    );
  }
  return out;
}

/** Type 3's largest naked set (SE's limit). */
const MAX_TYPE3_DEGREE = 6;

function type3(state: State, s: Scan): Step[] {
  const out: Step[] = [];
  const cands = state.cands;
  const common = s.common ?? [];
  for (let t = 0; t < 3; t++) {
    const h = sharedHouse(s.cells, t);
    if (h < 0) continue;
    const regionCells = common.filter((c) => houseOfType(c, t) === h);
    for (let degree = 2; degree <= MAX_TYPE3_DEGREE; degree++) {
      if (regionCells.length < degree) continue;
      for (const pick of subsetsInOrder(regionCells.length, degree - 1)) {
        const naked: number[] = [];
        let others = 0;
        let ok = popcount(s.all) > 1;
        for (let i = 0; i < regionCells.length; i++) {
          if (!(pick & (1 << i))) continue;
          const m = cands[regionCells[i]];
          naked.push(regionCells[i]);
          others |= m;
          if (popcount(m) <= 1) ok = false;
        }
        if (popcount(others) !== degree || !ok) continue;
        const set = others | s.all;
        if (popcount(set) !== degree) continue;
        const removable = new Map<number, number>();
        for (const c of regionCells) {
          if (naked.includes(c) || s.cells.includes(c)) continue;
          const r = cands[c] & set;
          if (r) removable.set(c, r);
        }
        if (removable.size === 0) continue;
        const setCandidates: Candidate[] = [];
        for (const c of naked) for (const d of digitsOf(cands[c])) setCandidates.push({ cell: c, digit: d });
        out.push(
          bugStep(
            3,
            5.7 + (degree - 1) * 0.1,
            s,
            removable,
            `, naked ${SET_NAMES[degree]} ${naked.map(cellName).join(',')} (${digitsOf(set).join(',')})` +
              ` in ${houseName(h)}`,
            { cells: naked, candidates: setCandidates, houses: [h] },
          ),
        );
      }
    }
  }
  return out;
}

/**
 * Whether `state` is a BUG+n state as Sudoku Explainer sees it, and how SE resolves it. Pure; it
 * does not check uniqueness (the resolution is only sound for a puzzle with one solution).
 */
export function findBug(state: State): BugPattern | null {
  const s = scan(state);
  if (!s) return null;
  const steps: Step[] = [];
  const multiple = s.cells.length > 1 && popcount(s.all) > 1 && (s.common === null || s.common.length === 0);
  if (!multiple) {
    if (s.cells.length === 1) {
      const cell = s.cells[0];
      const removable = new Map<number, number>([[cell, state.cands[cell] & ~s.all]]);
      steps.push(bugStep(1, 5.6, s, removable, ''));
    } else if (popcount(s.all) === 1) {
      const t2 = type2(state, s);
      if (t2) steps.push(t2);
      if (s.cells.length === 2) steps.push(...type4(state, s));
    } else if (s.common && s.common.length > 0) {
      if (s.cells.length === 2) steps.push(...type4(state, s));
      steps.push(...type3(state, s));
    }
  }
  const extras: Candidate[] = [];
  s.cells.forEach((c, i) => {
    for (const d of digitsOf(s.masks[i])) extras.push({ cell: c, digit: d });
  });
  const first = steps[0];
  return {
    cells: s.cells,
    extraMasks: s.masks,
    extras,
    commonCells: s.common ?? [],
    steps,
    type: first ? (Number(first.technique.slice(-1)) as BugType) : 0,
    mustBe: extras.length === 1 ? extras[0] : null,
    text: `BUG+${extras.length}: ${alternativesText(s.cells, s.masks)}`,
  };
}

export const bug: Technique = {
  name: 'BUG',
  stepNames: BUG_TYPES.map(bugName),
  shortNames: Object.fromEntries(BUG_TYPES.map((type) => [bugName(type), `BUG${type}`])),
  // Type 3 with the largest set: 5.7 plus 0.1 per digit beyond the pair.
  maxDifficulty: 5.7 + (MAX_TYPE3_DEGREE - 1) * 0.1,
  *steps(state, ctx) {
    if (!ctx.unique) return;
    const found = findBug(state);
    if (found) yield* found.steps;
  },
};

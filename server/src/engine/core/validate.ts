/**
 * Structural checks on a starting candidate state, in cell terms (no source positions):
 * duplicate givens, cells left without candidates, digits without a place in a house.
 * A "given" is a cell with a single candidate, for givens and pencilmark puzzles alike.
 */
import { ALL_DIGITS, HOUSES, HOUSES_OF, PEERS, bit, cellName, digitsOf, houseName, singleDigit } from './grid';
import type { FindingCode, Severity } from './types';

export interface CellNote {
  cell: number;
  /** Narrows the note to one candidate's character in a 729 line. */
  digit?: number;
  message: string;
}

/** A finding about cells; `cells` empty means the puzzle as a whole. */
export interface CellIssue {
  severity: Severity;
  code: FindingCode;
  message: string;
  cells: number[];
  digit?: number;
  related: CellNote[];
}

const COUNT_WORDS = ['', 'once', 'twice', 'three times'];
const times = (n: number): string => COUNT_WORDS[n] ?? `${n} times`;
/** r1c1, r1c2 and r1c3 */
function list(cells: number[]): string {
  const names = cells.map(cellName);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function duplicateGivens(givens: Uint8Array): CellIssue[] {
  const issues: CellIssue[] = [];
  const seen = new Set<string>();
  HOUSES.forEach((house, h) => {
    for (let d = 1; d <= 9; d++) {
      const cells = house.filter((c) => givens[c] === d);
      const key = `${d}:${cells.join(',')}`;
      if (cells.length < 2 || seen.has(key)) continue;
      seen.add(key); // a pair sharing a row and a box is reported once
      const message = `Digit ${d} appears ${times(cells.length)} in ${houseName(h)}: ${list(cells)}`;
      for (const cell of cells) {
        issues.push({
          severity: 'error',
          code: 'duplicate-given',
          message,
          cells: [cell],
          digit: d,
          related: cells.filter((o) => o !== cell).map((o) => ({ cell: o, digit: d, message: `${cellName(o)} is also ${d}` })),
        });
      }
    }
  });
  return issues;
}

/** Candidates left once every given's digit is removed from its peers. */
export function eliminateGivens(cands: Uint16Array, givens: Uint8Array): Uint16Array {
  const left = cands.slice();
  for (let c = 0; c < 81; c++) {
    if (givens[c]) for (const p of PEERS[c]) if (!givens[p]) left[p] &= ~bit(givens[c]);
  }
  return left;
}

function emptyCells(cands: Uint16Array, left: Uint16Array, givens: Uint8Array): CellIssue[] {
  const issues: CellIssue[] = [];
  for (let c = 0; c < 81; c++) {
    if (givens[c] || left[c]) continue;
    const blockers = PEERS[c].filter((p) => givens[p] && cands[c] & bit(givens[p]));
    const message =
      cands[c] === 0
        ? `${cellName(c)} has no candidates`
        : `${cellName(c)} has no candidate left: its peers hold ${digitsOf(cands[c]).join(', ')}`;
    issues.push({
      severity: 'error',
      code: 'cell-without-candidates',
      message,
      cells: [c],
      related: blockers.map((p) => ({ cell: p, message: `${cellName(p)} holds ${givens[p]}` })),
    });
  }
  return issues;
}

function placelessDigits(left: Uint16Array, givens: Uint8Array): CellIssue[] {
  const issues: CellIssue[] = [];
  HOUSES.forEach((house, h) => {
    for (let d = 1; d <= 9; d++) {
      if (house.some((c) => givens[c] === d || (!givens[c] && left[c] & bit(d)))) continue;
      const open = house.filter((c) => !givens[c]);
      if (open.length === 0) continue; // a full house missing d already shows as a duplicate
      issues.push({
        severity: 'error',
        code: 'digit-without-place',
        message: `Digit ${d} has no place in ${houseName(h)}`,
        cells: [open[0]],
        digit: d,
        related: open.slice(1).map((c) => ({ cell: c, digit: d, message: `${d} is not possible in ${cellName(c)}` })),
      });
    }
  });
  return issues;
}

/** In a pencilmark puzzle, a given whose digit is still a candidate of a peer: legal, but unreduced. */
function unreducedGivens(cands: Uint16Array, givens: Uint8Array): CellIssue[] {
  const issues: CellIssue[] = [];
  for (let c = 0; c < 81; c++) {
    const d = givens[c];
    if (!d) continue;
    const peers = PEERS[c].filter((p) => !givens[p] && cands[p] & bit(d));
    if (peers.length === 0) continue;
    issues.push({
      severity: 'hint',
      code: 'given-peer-candidate',
      message: `${cellName(c)}=${d}, but ${d} is still a candidate in ${list(peers)}`,
      cells: [c],
      digit: d,
      related: peers.map((p) => ({ cell: p, digit: d, message: `${cellName(p)} still has candidate ${d}` })),
    });
  }
  return issues;
}

export function givensOf(cands: Uint16Array): Uint8Array {
  const givens = new Uint8Array(81);
  for (let c = 0; c < 81; c++) givens[c] = singleDigit(cands[c]);
  return givens;
}

const houseGivens = new Uint16Array(27);
const housePlaces = new Uint16Array(27);

/**
 * True when the state has no structural issue at all: the common case, answered with
 * bit operations only, so that large collections skip the detailed (allocating) checks.
 */
function isClean(cands: Uint16Array, givens: Uint8Array, pencilmark: boolean): boolean {
  houseGivens.fill(0);
  housePlaces.fill(0);
  for (let c = 0; c < 81; c++) {
    if (!givens[c]) continue;
    for (const h of HOUSES_OF[c]) {
      if (houseGivens[h] & cands[c]) return false; // duplicate given
      houseGivens[h] |= cands[c];
    }
  }
  for (let c = 0; c < 81; c++) {
    if (givens[c]) continue;
    const [r, k, b] = HOUSES_OF[c];
    const blocked = houseGivens[r] | houseGivens[k] | houseGivens[b];
    const left = cands[c] & ~blocked;
    if (left === 0 || (pencilmark && cands[c] & blocked)) return false;
    housePlaces[r] |= left;
    housePlaces[k] |= left;
    housePlaces[b] |= left;
  }
  for (let h = 0; h < 27; h++) if ((houseGivens[h] | housePlaces[h]) !== ALL_DIGITS) return false;
  return true;
}

/** Every structural issue of a starting state; errors mean the puzzle cannot have a solution. */
export function validateState(cands: Uint16Array, pencilmark: boolean): CellIssue[] {
  const givens = givensOf(cands);
  if (isClean(cands, givens, pencilmark)) return [];
  const dupes = duplicateGivens(givens);
  const left = eliminateGivens(cands, givens);
  const issues = [...dupes, ...emptyCells(cands, left, givens)];
  // A duplicate already empties houses of its digit; more noise would hide the cause.
  if (dupes.length === 0) issues.push(...placelessDigits(left, givens));
  if (pencilmark) issues.push(...unreducedGivens(cands, givens));
  return issues;
}

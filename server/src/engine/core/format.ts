/** Plain-text pictures of a grid, shared by hovers, the CLI and the solution document. */
import { digitsOf, singleDigit } from './grid';

/** 81 cell texts as a 9x9 picture with box separators, each column as wide as its widest cell. */
function boxedPicture(cells: readonly string[]): string {
  const widths = Array.from({ length: 9 }, (_, c) => Math.max(...Array.from({ length: 9 }, (_, r) => cells[r * 9 + c].length)));
  // A box's cells with the spaces between them, then the rule under it: ' | ' between boxes.
  const boxWidth = (b: number): number => widths[3 * b] + widths[3 * b + 1] + widths[3 * b + 2] + 2;
  const rule = `${'-'.repeat(boxWidth(0) + 1)}+${'-'.repeat(boxWidth(1) + 2)}+${'-'.repeat(boxWidth(2) + 1)}`;
  const rows: string[] = [];
  for (let r = 0; r < 9; r++) {
    if (r === 3 || r === 6) rows.push(rule);
    const row: string[] = [];
    for (let c = 0; c < 9; c++) {
      if (c === 3 || c === 6) row.push('|');
      row.push(cells[r * 9 + c].padEnd(widths[c]));
    }
    rows.push(row.join(' ').trimEnd());
  }
  return rows.join('\n');
}

/**
 * A 9x9 grid with box separators: digits for solved cells, '.' for others.
 * `digits` holds 0 for an empty cell.
 */
export const gridPicture = (digits: ArrayLike<number>): string => boxedPicture(Array.from(digits, (d) => (d ? String(d) : '.')));

/** A pencilmark grid: each cell's candidates (one digit: a solved cell; '.': none left), columns as wide as they need. */
export const pencilmarkPicture = (cands: Uint16Array): string => boxedPicture(Array.from(cands, (m) => digitsOf(m).join('') || '.'));

/** The solved digit of each cell of a candidate state (0 where several candidates remain). */
export function solvedDigits(cands: Uint16Array): Uint8Array {
  const digits = new Uint8Array(81);
  for (let c = 0; c < 81; c++) digits[c] = singleDigit(cands[c]);
  return digits;
}

/** `1 elimination`, `4,812 lines`. */
export const plural = (n: number, word: string): string => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

export const solutionString = (solution: ArrayLike<number>): string => Array.from(solution).join('');

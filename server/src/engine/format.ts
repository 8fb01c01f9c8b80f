/** Plain-text pictures of a grid, shared by hovers, the CLI and the solution document. */
import { singleDigit } from './grid';

/**
 * A 9x9 grid with box separators: digits for solved cells, '.' for others.
 * `digits` holds 0 for an empty cell.
 */
export function gridPicture(digits: ArrayLike<number>): string {
  const rows: string[] = [];
  for (let r = 0; r < 9; r++) {
    if (r === 3 || r === 6) rows.push('------+-------+------');
    const cells: string[] = [];
    for (let c = 0; c < 9; c++) {
      if (c === 3 || c === 6) cells.push('|');
      const d = digits[r * 9 + c];
      cells.push(d ? String(d) : '.');
    }
    rows.push(cells.join(' '));
  }
  return rows.join('\n');
}

/** The solved digit of each cell of a candidate state (0 where several candidates remain). */
export function solvedDigits(cands: Uint16Array): Uint8Array {
  const digits = new Uint8Array(81);
  for (let c = 0; c < 81; c++) digits[c] = singleDigit(cands[c]);
  return digits;
}

/** `1 elimination`, `4,812 lines`. */
export const plural = (n: number, word: string): string => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

export const solutionString = (solution: ArrayLike<number>): string => Array.from(solution).join('');

/**
 * serate's texts of a grid as SE holds it while it rates (placed digits, candidates of the empty
 * cells): the letters %m and %M of `rate --start/--before/--after`, laid out as SukakuExplainer's
 * Grid prints them (toStringPencilmarks, toStringMultilinePencilmarks).
 */
import { bit, digitsOf, pencilmarkString, popcount } from '../engine/core/grid';
import { candidatesOfText } from '../engine/core/parse';
import { State } from '../engine/core/state';

/** The grid SE starts from, as it reads a puzzle text (a givens puzzle's empty cells with every digit no peer holds). */
export const startGrid = (text: string): State => State.fromCandidates(candidatesOfText(text), text.length === 729);

/** Each cell's candidates, a placed digit standing as its cell's one candidate. */
function cellCandidates(grid: State): Uint16Array {
  return grid.cands.map((mask, c) => (grid.values[c] ? bit(grid.values[c]) : mask));
}

/** %m: 729 characters, digit k+1 at 9*cell+k when the cell holds or may hold it, else '.'. */
export const gridPencilmarks = (grid: State): string => pencilmarkString(cellCandidates(grid));

/**
 * %M: the grid framed in `+---+` and `|` lines, every cell as wide as the most candidates any
 * empty cell has, a space before each cell and before each box's `|`. Lines end without a break
 * after the last one. As serate, a grid with no cell of two or more candidates (a solved one)
 * prints nothing.
 */
export function multilinePencilmarks(grid: State): string {
  let width = 1;
  for (let c = 0; c < 81; c++) width = Math.max(width, popcount(grid.cands[c]));
  if (width === 1) return '';
  const rule = `+${`${'-'.repeat(3 * (width + 1) + 1)}+`.repeat(3)}`;
  const cell = (c: number): string => ` ${(grid.values[c] ? String(grid.values[c]) : digitsOf(grid.cands[c]).join('')).padEnd(width)}`;
  const lines: string[] = [];
  for (let r = 0; r < 9; r++) {
    if (r % 3 === 0) lines.push(rule);
    let line = '|';
    for (let box = 0; box < 3; box++) line += `${cell(9 * r + 3 * box)}${cell(9 * r + 3 * box + 1)}${cell(9 * r + 3 * box + 2)} |`;
    lines.push(line);
  }
  lines.push(rule);
  return lines.join('\n');
}

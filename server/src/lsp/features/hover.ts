/** Hover: the puzzle's summary and grid; on a cell, that cell and its candidates first. */
import type { Hover } from 'vscode-languageserver';
import type { AnalysisCache } from '../services/analysisCache';
import { type Analysis, describeStatus } from '../../engine/core/analyze';
import { gridPicture, pencilmarkPicture, plural, solvedDigits } from '../../engine/core/format';
import { bit, cellName, digitsOf, singleDigit } from '../../engine/core/grid';
import { type Puzzle, candidatesOf, cellAt, cellChar, cellRange, isLibraryLine } from '../../engine/core/parse';
import { eliminateGivens, givensOf } from '../../engine/core/validate';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import { HIDDEN_SOLUTION } from '../services/settings';

const KIND_TEXT = { '81': '81-char givens line', '729': '729-char pencilmark line', grid: '9-row grid' } as const;
const HEADER_TEXT: Record<string, string> = {
  A: 'Author', D: 'Description', C: 'Comment', B: 'Date', S: 'Source', L: 'Level', U: 'URL', title: 'Title',
};

/**
 * User text (trailing text, headers, syntax messages quoting a character) as markdown that shows it
 * as written: a `|` would end the table cell, `*`, `_`, `[`, `<`… would format or link.
 */
const escapeMarkdown = (s: string): string => s.replace(/[\\`*_[\]<>|~&]/g, (ch) => `\\${ch}`);

function cellText(puzzle: Puzzle, cands: Uint16Array, cell: number, character: number): string {
  const given = singleDigit(cands[cell]);
  const name = `**${cellName(cell)}**`;
  if (puzzle.kind === '729' && isLibraryLine(puzzle)) return `${name}: candidates ${digitsOf(cands[cell]).join(' ') || 'none'}`;
  if (puzzle.kind === '729') {
    const digit = character - cellChar(puzzle, cell) + 1;
    const fate = cands[cell] & bit(digit) ? 'present' : 'eliminated';
    const list = digitsOf(cands[cell]).join(' ') || 'none';
    return `${name}: candidates ${list}${given ? ' (solved)' : ''}; this character is candidate ${digit} (${fate})`;
  }
  if (given) return `${name}: given ${given}`;
  const left = eliminateGivens(cands, givensOf(cands))[cell];
  return `${name}: empty; candidates ${digitsOf(left).join(' ') || 'none'} (after the givens' eliminations)`;
}

/**
 * Two grid pictures beside each other, without titles: the full one is the solution, and a title
 * row would push the grids' last row out of the hover's 250 pixels.
 */
function besideEachOther(left: string, right: string): string {
  const a = left.split('\n');
  const b = right.split('\n');
  const width = Math.max(...a.map((l) => l.length)) + 4;
  return a.map((l, i) => `${l.padEnd(width)}${b[i] ?? ''}`.trimEnd()).join('\n');
}

/** What the puzzle is, in one line: format, givens (and candidates), solution status. */
function headline(puzzle: Puzzle, analysis: Analysis | null, hideSolution: boolean): string {
  const parts = [`**Line ${puzzle.line + 1}**`, KIND_TEXT[puzzle.kind]];
  if (analysis) {
    parts.push(plural(analysis.givens, 'given'));
    if (puzzle.kind === '729') parts.push(plural(analysis.candidates, 'candidate'));
    parts.push(describeStatus(analysis.status) + (analysis.solution && hideSolution ? ` (${HIDDEN_SOLUTION})` : ''));
  }
  return parts.join(' · ');
}

/**
 * A grid picture as nine rows: without the rules between its bands (the `|` still part the boxes),
 * so that on a cell, below that cell's line and the headline, its last row still fits the hover.
 */
const nineRows = (grid: string): string =>
  grid
    .split('\n')
    .filter((row) => !/^[-+]+$/.test(row.replace(/ /g, '')))
    .join('\n');

/** The grid (a 729 line's candidates), beside its solution's unless there is none to show. */
function picture(puzzle: Puzzle, cands: Uint16Array, solution: Uint8Array | null): string {
  // A pencilmark line's givens are its solved cells, often none: its candidates are the picture.
  const grid = nineRows(puzzle.kind === '729' ? pencilmarkPicture(cands) : gridPicture(solvedDigits(cands)));
  return solution ? besideEachOther(grid, nineRows(gridPicture(solution))) : grid;
}

/** Label | value rows, the first as the table's header row (an empty header would cost a row). */
const table = (rows: [string, string][]): string =>
  rows.map(([k, v], i) => `| ${k} | ${v} |${i === 0 ? '\n|---|---|' : ''}`).join('\n');

/**
 * The puzzle's headline, its picture, then a table of what is known (ratings, trailing text,
 * headers): the picture first, so it shows without scrolling the hover.
 */
function summary(puzzle: Puzzle, cands: Uint16Array | null, analysis: Analysis | null, ratings: [string, string][], hideSolution: boolean): string {
  const rows: [string, string][] = analysis ? [...ratings] : [[puzzle.pattern ? 'Pattern' : 'Syntax', escapeMarkdown(puzzle.problems.map((p) => p.message).join('; '))]];
  if (puzzle.trailing) rows.push(['Trailing text', escapeMarkdown(puzzle.trailing)]);
  for (const h of puzzle.header) rows.push([h.tag === 'title' ? 'Title' : `#${h.tag} ${HEADER_TEXT[h.tag]}`, escapeMarkdown(h.value)]);
  const parts = [headline(puzzle, analysis, hideSolution)];
  const solution = analysis?.solution && !hideSolution ? analysis.solution : null;
  if (cands) parts.push('```text\n' + picture(puzzle, cands, solution) + '\n```');
  if (rows.length > 0) parts.push(table(rows));
  return parts.join('\n\n');
}

/**
 * `ratings`: the rating rows known for the puzzle (SE, W, BLISS…), as [label, value].
 * `hideSolution` (spoiler protection): no solution grid, the ratings stay.
 */
export function hoverAt(
  doc: PuzzleDocument,
  cache: AnalysisCache,
  line: number,
  character: number,
  ratings: [string, string][] = [],
  hideSolution = false,
): Hover | null {
  const puzzle = doc.puzzleAt(line);
  if (!puzzle) return null;
  const analysis = cache.get(puzzle);
  const cands = candidatesOf(puzzle);
  const cell = cands ? cellAt(puzzle, line, character) : -1;
  const text = summary(puzzle, cands, analysis, ratings, hideSolution);
  // On a cell, that cell's line first, in the headline's paragraph (a hard break, no rule): the
  // hover's height goes to the grid.
  const value = cands && cell >= 0 ? `${cellText(puzzle, cands, cell, character)}  \n${text}` : text;
  return {
    contents: { kind: 'markdown', value },
    range: cell >= 0 ? cellRange(puzzle, cell) : puzzle.range,
  };
}

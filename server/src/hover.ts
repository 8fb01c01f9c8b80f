/** Hover: the puzzle's summary and grid; on a cell, that cell and its candidates first. */
import type { Hover } from 'vscode-languageserver';
import type { AnalysisCache } from './analysisCache';
import { type Analysis, describeStatus } from './engine/analyze';
import { gridPicture, solvedDigits } from './engine/format';
import { bit, cellName, digitsOf, singleDigit } from './engine/grid';
import { type Puzzle, candidatesOf, cellAt, cellChar, cellRange } from './engine/parse';
import { eliminateGivens, givensOf } from './engine/validate';
import type { PuzzleDocument } from './puzzleDocument';
import { HIDDEN_SOLUTION } from './settings';

const KIND_TEXT = { '81': '81-char givens line', '729': '729-char pencilmark line', grid: '9-row grid' } as const;
const HEADER_TEXT: Record<string, string> = {
  A: 'Author', D: 'Description', C: 'Comment', B: 'Date', S: 'Source', L: 'Level', U: 'URL', title: 'Title',
};

const escapeCell = (s: string): string => s.replace(/[|\\`*_[\]<>]/g, (ch) => `\\${ch}`);

function cellText(puzzle: Puzzle, cands: Uint16Array, cell: number, character: number): string {
  const given = singleDigit(cands[cell]);
  const name = `**${cellName(cell)}**`;
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

/** Two grid pictures beside each other, each under its title. */
function besideEachOther(left: string, right: string, titles: [string, string]): string {
  const a = left.split('\n');
  const b = right.split('\n');
  const width = Math.max(...a.map((l) => l.length), titles[0].length) + 4;
  return [titles, ...a.map((l, i) => [l, b[i] ?? ''])].map(([l, r]) => `${l.padEnd(width)}${r}`.trimEnd()).join('\n');
}

function summary(puzzle: Puzzle, cands: Uint16Array | null, analysis: Analysis | null, ratings: [string, string][], hideSolution: boolean): string {
  const rows: [string, string][] = [['Format', KIND_TEXT[puzzle.kind]]];
  const solution = analysis?.solution && !hideSolution ? analysis.solution : null;
  if (analysis) {
    rows.push(['Givens', String(analysis.givens)]);
    if (puzzle.kind === '729') rows.push(['Candidates', String(analysis.candidates)]);
    const hidden = analysis.solution && hideSolution ? ` (${HIDDEN_SOLUTION})` : '';
    rows.push(['Solution', describeStatus(analysis.status) + hidden]);
    rows.push(...ratings);
  } else {
    rows.push([puzzle.pattern ? 'Pattern' : 'Syntax', puzzle.problems.map((p) => p.message).join('; ')]);
  }
  if (puzzle.trailing) rows.push(['Trailing text', `\`${puzzle.trailing.replace(/`/g, "'")}\``]);
  for (const h of puzzle.header) rows.push([h.tag === 'title' ? 'Title' : `#${h.tag} ${HEADER_TEXT[h.tag]}`, escapeCell(h.value)]);
  const table = ['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
  const parts = [`**Sudoku puzzle** (line ${puzzle.line + 1})`, table];
  if (cands) {
    const grid = gridPicture(solvedDigits(cands));
    const picture = solution ? besideEachOther(grid, gridPicture(solution), ['puzzle', 'solution']) : grid;
    parts.push('```text\n' + picture + '\n```');
  }
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
  const parts = [summary(puzzle, cands, analysis, ratings, hideSolution)];
  if (cands && cell >= 0) parts.unshift(cellText(puzzle, cands, cell, character), '---');
  return {
    contents: { kind: 'markdown', value: parts.join('\n\n') },
    range: cell >= 0 ? cellRange(puzzle, cell) : puzzle.range,
  };
}

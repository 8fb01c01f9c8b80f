/**
 * What the UA commands (CLI and editor) run on and print: the solution grid of a puzzle
 * (itself when every cell is given, else its one solution), the grids and clue patterns of a
 * document, and the text of UA sets and search headers. One place, so both surfaces agree.
 */
import { type Analysis, analyzePuzzle, describeStatus } from '../core/analyze';
import { plural, solutionString } from '../core/format';
import { cellName } from '../core/grid';
import { type Puzzle, parseDocument } from '../core/parse';
import { puzzleFindings } from '../core/puzzleFindings';
import type { Position } from '../core/types';

/** 'grid': the puzzle is the grid (81 givens); 'solution': the grid is the puzzle's one solution. */
export type GridSource = 'grid' | 'solution';

export type GridOf = { grid: string; source: GridSource } | { reason: string; at: Position | null };

/** The solution grid a puzzle stands for, or why it stands for none (pointing at the first error). */
export function solutionGridOf(puzzle: Puzzle, analysis: Analysis | null): GridOf {
  if (puzzle.pattern) return { reason: 'a clue pattern, not a solution grid or a puzzle', at: puzzle.range.start };
  const error = puzzleFindings(puzzle, { analysis }).find((f) => f.severity === 'error');
  if (!analysis || puzzle.text === null) return { reason: error?.message ?? 'unreadable', at: error?.range.start ?? puzzle.range.start };
  if (puzzle.kind === '729') return { reason: 'a pencilmark line: give an 81-digit grid or a puzzle', at: puzzle.range.start };
  if (analysis.givens === 81) {
    return error ? { reason: `not a valid solution grid: ${error.message}`, at: error.range.start } : { grid: puzzle.text, source: 'grid' };
  }
  if (analysis.status === 'unique' && analysis.solution) return { grid: solutionString(analysis.solution), source: 'solution' };
  if (error) return { reason: error.message, at: error.range.start };
  return { reason: `not a solution grid, and the puzzle has ${describeStatus(analysis.status)}`, at: puzzle.range.start };
}

export interface DocumentGrid {
  grid: string;
  source: GridSource;
  /** 0-based line of the puzzle it came from. */
  line: number;
}

/** A puzzle that stands for no grid: several solutions, broken, an invalid grid (with `error`). */
export interface SkippedGrid {
  line: number;
  at: Position | null;
  reason: string;
  error: boolean;
}

export interface DocumentGrids {
  /** Distinct grids, in document order. */
  grids: DocumentGrid[];
  skipped: SkippedGrid[];
}

/** One puzzle of a document as the UA commands take it: its grid, or why it is skipped; null for a clue pattern. */
export function puzzleGrid(p: Puzzle, nodeBudget?: number): DocumentGrid | { skipped: SkippedGrid } | null {
  if (p.pattern) return null;
  const analysis = analyzePuzzle(p, { nodeBudget });
  const r = solutionGridOf(p, analysis);
  if ('reason' in r) {
    const error = !analysis || analysis.status === 'invalid' || analysis.status === 'none';
    return { skipped: { line: p.line, at: r.at, reason: r.reason, error } };
  }
  return { ...r, line: p.line };
}

/** The solution grids of a document: its full grids and the solutions of its unique puzzles. */
export function documentGrids(text: string, nodeBudget?: number): DocumentGrids {
  const out: DocumentGrids = { grids: [], skipped: [] };
  const seen = new Set<string>();
  for (const p of parseDocument(text).puzzles) {
    const r = puzzleGrid(p, nodeBudget);
    if (r === null) continue;
    if ('skipped' in r) out.skipped.push(r.skipped);
    else if (!seen.has(r.grid)) {
      seen.add(r.grid);
      out.grids.push(r);
    }
  }
  return out;
}

/** `4: r1c1 r1c2 r2c1 r2c2 (1221)`: a UA set's size, cells and their digits in the grid. */
export function uaSetLine(cells: readonly number[], grid: string): string {
  return `${cells.length}: ${cells.map(cellName).join(' ')} (${cells.map((c) => grid[c]).join('')})`;
}

/** The UA set as an 81-char line: its cells' digits, '.' elsewhere. */
export const uaSetText = (cells: readonly number[], grid: string): string => {
  const chars = new Array<string>(81).fill('.');
  for (const c of cells) chars[c] = grid[c];
  return chars.join('');
};

/** Set sizes and how many sets have each: `{4: 2, 6: 11}`. */
export function countBySize(sets: readonly (readonly number[])[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of sets) out[s.length] = (out[s.length] ?? 0) + 1;
  return out;
}

/** `332 minimal UA sets of at most 12 cells (size 4: 2, 6: 11, …)`. */
export function uaCountSummary(sets: readonly (readonly number[])[], maxSize: number): string {
  const by = Object.entries(countBySize(sets)).map(([size, n]) => `${size}: ${n}`);
  return `${plural(sets.length, 'minimal UA set')} of at most ${maxSize} cells${by.length > 0 ? ` (size ${by.join(', ')})` : ''}`;
}

/** `the solution grid` / `the solution of the puzzle`, for headers saying what was used. */
export const describeGridSource = (source: GridSource): string => (source === 'grid' ? 'the solution grid' : 'the solution of the puzzle');

/** `0.8 s`, `12 ms`. */
export const elapsed = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * Which lines a rewrite moves or deletes with a puzzle: the lines of its cells, its own headers, and
 * (for Sort) the comments and labels right above it. What no puzzle owns stays where it is.
 */
import { type Puzzle, variantDirective } from '../../engine/core/parse';

/** An inclusive run of lines. */
export interface LineSpan {
  first: number;
  last: number;
}

/**
 * The lines Remove duplicates deletes with a puzzle: its cells' lines, its `#A`-style headers
 * wherever they are above it, and the header or label lines right above it (`Grid 01`). A
 * comment, a blank line or prose set apart by one stays.
 */
export function ownLines(p: Puzzle): number[] {
  const lines = new Set<number>();
  for (let line = p.range.start.line; line <= p.range.end.line; line++) lines.add(line);
  for (const h of p.header) if (h.tag !== 'title') lines.add(h.line);
  const headerLines = new Set(p.header.map((h) => h.line));
  for (let line = p.range.start.line - 1; headerLines.has(line); line--) lines.add(line);
  return [...lines].sort((a, b) => a - b);
}

/** Sorted lines as runs of consecutive lines. */
export function spans(lines: readonly number[]): LineSpan[] {
  const runs: LineSpan[] = [];
  for (const line of lines) {
    const last = runs[runs.length - 1];
    if (last && line === last.last + 1) last.last = line;
    else runs.push({ first: line, last: line });
  }
  return runs;
}

/**
 * The block Sort moves with each one-line puzzle: the puzzle's line and the lines right above it
 * that are no blank, no other puzzle and no `#! variant:` directive (its headers, labels and
 * comments). A line set apart by a blank line (a file's title) stays in place.
 */
export function lineBlocks(puzzles: readonly Puzzle[], lineText: (line: number) => string): LineSpan[] {
  const puzzleLines = new Set(puzzles.map((p) => p.line));
  return puzzles.map((p) => {
    let first = p.line;
    while (first > 0 && !puzzleLines.has(first - 1) && lineText(first - 1).trim() !== '' && variantDirective(lineText(first - 1)) === undefined) first--;
    return { first, last: p.line };
  });
}

/**
 * One parsed version of a text document, with a line → puzzle index for position lookups.
 * A new version reparses only the lines that changed, widened to whole puzzle blocks, so
 * typing in a 50,000-line collection stays cheap.
 */
import { type Puzzle, isLinePuzzle, parseLines, shiftPuzzle, splitLines } from './engine/parse';

/** First line of a puzzle, its header fields included. */
const firstLine = (p: Puzzle): number => (p.header.length > 0 ? Math.min(p.header[0].line, p.range.start.line) : p.range.start.line);

export class PuzzleDocument {
  /** For each line, the index of the puzzle it belongs to (cells, headers, trailing text), or -1. */
  private readonly lineOwner: Int32Array;

  private constructor(
    readonly uri: string,
    readonly version: number,
    readonly puzzles: readonly Puzzle[],
    private readonly lines: readonly string[],
  ) {
    this.lineOwner = new Int32Array(lines.length).fill(-1);
    puzzles.forEach((p, i) => {
      for (let l = firstLine(p); l <= p.range.end.line; l++) this.lineOwner[l] = i;
    });
  }

  static parse(uri: string, version: number, text: string): PuzzleDocument {
    const lines = splitLines(text);
    return new PuzzleDocument(uri, version, parseLines(lines), lines);
  }

  /** The next version of this document. */
  update(version: number, text: string): PuzzleDocument {
    const lines = splitLines(text);
    const old = this.lines;
    let prefix = 0;
    const common = Math.min(old.length, lines.length);
    while (prefix < common && old[prefix] === lines[prefix]) prefix++;
    let suffix = 0;
    while (suffix < common - prefix && old[old.length - 1 - suffix] === lines[lines.length - 1 - suffix]) suffix++;
    if (prefix === lines.length && lines.length === old.length) return new PuzzleDocument(this.uri, version, this.puzzles, lines);
    // A changed `#! variant:` line changes every puzzle below it.
    const changed = (from: readonly string[]) => from.slice(prefix, from.length - suffix).some((l) => l.trimStart().startsWith('#!'));
    if (changed(old) || changed(lines)) return PuzzleDocument.parse(this.uri, version, text);

    // Widen to whole blocks: headers and grid rows belong with their neighbours, a line puzzle stands alone.
    let start = prefix;
    while (start > 0 && !isLinePuzzle(lines[start - 1])) start--;
    let end = lines.length - suffix;
    while (end < lines.length && (end === start || !isLinePuzzle(lines[end - 1]))) end++;
    const delta = lines.length - old.length;
    const oldEnd = end - delta;

    const straddles = (line: number) => (p: Puzzle) => firstLine(p) < line && p.range.end.line >= line;
    // A block that changed shape across the window's edge (a header turned into a puzzle, …): parse it all.
    if (this.puzzles.some(straddles(start)) || this.puzzles.some(straddles(oldEnd))) {
      return new PuzzleDocument(this.uri, version, parseLines(lines), lines);
    }
    const before = this.puzzles.filter((p) => p.range.end.line < start);
    const after = this.puzzles.filter((p) => firstLine(p) >= oldEnd).map((p) => (delta ? shiftPuzzle(p, delta) : p));
    return new PuzzleDocument(this.uri, version, [...before, ...parseLines(lines, start, end), ...after], lines);
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** The text of one line, without its line break ('' past the end). */
  lineText(line: number): string {
    return this.lines[line] ?? '';
  }

  /** Puzzles with a cell or trailing text on a line in [from, to] (headers aside), in document order. */
  puzzlesBetween(from: number, to: number): Puzzle[] {
    // Puzzles are in line order: binary search the first one that ends at or after `from`.
    let lo = 0;
    let hi = this.puzzles.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.puzzles[mid].range.end.line < from) lo = mid + 1;
      else hi = mid;
    }
    const found: Puzzle[] = [];
    for (let i = lo; i < this.puzzles.length && this.puzzles[i].range.start.line <= to; i++) found.push(this.puzzles[i]);
    return found;
  }

  puzzleAt(line: number): Puzzle | undefined {
    const i = line >= 0 && line < this.lineOwner.length ? this.lineOwner[line] : -1;
    return i >= 0 ? this.puzzles[i] : undefined;
  }
}

/**
 * One parsed version of a text document, with a line → puzzle index for position lookups.
 * A new version reparses only the lines that changed, widened to whole puzzle blocks, and keeps
 * every other puzzle's object as first parsed (its origin) with the number of lines it has moved
 * by since: typing, even a line break at the top of a 50,000-line collection, costs what changed.
 * Position-free work (diagnostics by text) is kept per origin; a moved puzzle's copy at its new
 * lines is made only when asked for.
 */
import type { LineChange, LinesSnapshot } from './lineDocument';
import { type Puzzle, firstLine, isLinePuzzle, parseLines, shiftPuzzle } from '../../engine/core/parse';

/** The first index in [0, n) where `past` holds (it holds from some index on). */
function firstWhere(n: number, past: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (past(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Numbers the parses: a puzzle parsed by an earlier one and still here was in every version between. */
let parses = 0;

export class PuzzleDocument {
  /** For each line, the index of the puzzle it belongs to (cells, headers, trailing text), or -1. */
  private readonly lineOwner: Int32Array;
  private all?: readonly Puzzle[];

  private constructor(
    readonly uri: string,
    readonly version: number,
    private readonly lines: readonly string[],
    /** Each puzzle as parsed, at the lines it had then. */
    private readonly origins: readonly Puzzle[],
    /** How many lines each has moved by since. */
    private readonly shifts: Int32Array,
    /** The parse each came from. */
    private readonly parsedBy: Int32Array,
    /** This version's own parse (of the lines that changed). */
    private readonly parse: number,
    /** Moved puzzles' copies at their lines in this version, made when first asked for. */
    private readonly moved: (Puzzle | undefined)[] = [],
  ) {
    this.lineOwner = new Int32Array(lines.length).fill(-1);
    for (let i = 0; i < origins.length; i++) {
      const last = origins[i].range.end.line + shifts[i];
      for (let l = firstLine(origins[i]) + shifts[i]; l <= last; l++) this.lineOwner[l] = i;
    }
  }

  static parse(uri: string, version: number, lines: readonly string[]): PuzzleDocument {
    const puzzles = parseLines(lines);
    const parse = ++parses;
    return new PuzzleDocument(uri, version, lines, puzzles, new Int32Array(puzzles.length), new Int32Array(puzzles.length).fill(parse), parse);
  }

  /** The next version of this document: `snapshot` says which lines changed since this one's. */
  update(version: number, { lines, changes }: LinesSnapshot): PuzzleDocument {
    const old = this.lines;
    if (changes.length === 0) return new PuzzleDocument(this.uri, version, lines, this.origins, this.shifts, this.parsedBy, this.parse, this.moved);
    // A changed `#! variant:` line changes every puzzle below it.
    const directive = (from: readonly string[], start: number, end: number) => from.slice(start, end).some((l) => l.trimStart().startsWith('#!'));
    if (changes.some((c) => directive(old, c.oldStart, c.oldEnd) || directive(lines, c.start, c.end))) return PuzzleDocument.parse(this.uri, version, lines);

    // Each region widened to whole blocks (headers and grid rows belong with their neighbours, a
    // line puzzle stands alone); regions that then meet are one.
    const windows: LineChange[] = [];
    for (const c of changes) {
      let start = c.start;
      while (start > 0 && !isLinePuzzle(lines[start - 1])) start--;
      let end = c.end;
      while (end < lines.length && (end === start || !isLinePuzzle(lines[end - 1]))) end++;
      const window = { start, end, oldStart: start - (c.start - c.oldStart), oldEnd: end - (c.end - c.oldEnd) };
      const previous = windows[windows.length - 1];
      if (previous && start <= previous.end) Object.assign(previous, { end: window.end, oldEnd: window.oldEnd });
      else windows.push(window);
    }

    // A block that changed shape across a window's edge (a header turned into a puzzle, …): parse it all.
    const straddles = (line: number) => line > 0 && line < old.length && this.lineOwner[line] >= 0 && this.lineOwner[line] === this.lineOwner[line - 1];
    if (windows.some((w) => straddles(w.oldStart) || straddles(w.oldEnd))) return PuzzleDocument.parse(this.uri, version, lines);

    const n = this.origins.length;
    const parse = ++parses;
    const origins: Puzzle[] = [];
    const shifts: number[] = [];
    const parsedBy: number[] = [];
    let next = 0; // the first old puzzle not yet placed
    const keep = (to: number, added: number) => {
      for (; next < to; next++) {
        origins.push(this.origins[next]);
        shifts.push(this.shifts[next] + added);
        parsedBy.push(this.parsedBy[next]);
      }
    };
    for (const w of windows) {
      keep(this.firstEndingFrom(w.oldStart), w.start - w.oldStart);
      for (const p of parseLines(lines, w.start, w.end)) {
        origins.push(p);
        shifts.push(0);
        parsedBy.push(parse);
      }
      next = firstWhere(n, (i) => firstLine(this.origins[i]) + this.shifts[i] >= w.oldEnd);
    }
    const last = windows[windows.length - 1];
    keep(n, last.end - last.oldEnd);
    return new PuzzleDocument(this.uri, version, lines, origins, Int32Array.from(shifts), Int32Array.from(parsedBy), parse);
  }

  /**
   * Where each puzzle of this version was in `earlier` (an earlier version of this document it was
   * updated from), -1 for the puzzles parsed since: work done for `earlier` carries over.
   */
  placesIn(earlier: PuzzleDocument): Int32Array {
    const places = new Int32Array(this.origins.length).fill(-1);
    let j = 0;
    for (let i = 0; i < this.origins.length; i++) {
      if (this.parsedBy[i] > earlier.parse) continue;
      while (j < earlier.origins.length && earlier.origins[j] !== this.origins[i]) j++;
      if (j === earlier.origins.length) break; // not an earlier version of this one after all
      places[i] = j++;
    }
    return places;
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** The text of one line, without its line break ('' past the end). */
  lineText(line: number): string {
    return this.lines[line] ?? '';
  }

  get puzzleCount(): number {
    return this.origins.length;
  }

  /** The i-th puzzle, at its lines in this version. */
  puzzle(i: number): Puzzle {
    const shift = this.shifts[i];
    if (shift === 0) return this.origins[i];
    this.moved[i] ??= shiftPuzzle(this.origins[i], shift);
    return this.moved[i];
  }

  /** The i-th puzzle as first parsed, the same object in every version that kept it; `shift(i)` lines above where it is now. */
  origin(i: number): Puzzle {
    return this.origins[i];
  }

  shift(i: number): number {
    return this.shifts[i];
  }

  /** Every puzzle, in document order. */
  get puzzles(): readonly Puzzle[] {
    this.all ??= this.shifts.some((s) => s !== 0) ? this.origins.map((_, i) => this.puzzle(i)) : this.origins;
    return this.all;
  }

  /** Puzzles with a cell or trailing text on a line in [from, to] (headers aside), in document order. */
  puzzlesBetween(from: number, to: number): Puzzle[] {
    const found: Puzzle[] = [];
    const n = this.origins.length;
    for (let i = this.firstEndingFrom(from); i < n; i++) {
      if (this.origins[i].range.start.line + this.shifts[i] > to) break;
      found.push(this.puzzle(i));
    }
    return found;
  }

  /** The first puzzle whose last line is `line` or later. */
  private firstEndingFrom(line: number): number {
    return firstWhere(this.origins.length, (i) => this.origins[i].range.end.line + this.shifts[i] >= line);
  }

  puzzleAt(line: number): Puzzle | undefined {
    const i = line >= 0 && line < this.lineOwner.length ? this.lineOwner[line] : -1;
    return i >= 0 ? this.puzzle(i) : undefined;
  }
}

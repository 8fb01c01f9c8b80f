/** One parsed version of a text document, with a line → puzzle index for position lookups. */
import { type ParsedDocument, type Puzzle, parseDocument } from './engine/parse';

export class PuzzleDocument {
  readonly parsed: ParsedDocument;
  /** For each line, the index of the puzzle it belongs to (cells, headers, trailing text), or -1. */
  private readonly lineOwner: Int32Array;

  constructor(
    readonly uri: string,
    readonly version: number,
    text: string,
  ) {
    this.parsed = parseDocument(text);
    let lines = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
    this.lineOwner = new Int32Array(lines).fill(-1);
    this.parsed.puzzles.forEach((p, i) => {
      const first = p.header.length > 0 ? Math.min(p.header[0].line, p.range.start.line) : p.range.start.line;
      for (let l = first; l <= p.range.end.line; l++) this.lineOwner[l] = i;
    });
  }

  get puzzles(): readonly Puzzle[] {
    return this.parsed.puzzles;
  }

  puzzleAt(line: number): Puzzle | undefined {
    const i = line >= 0 && line < this.lineOwner.length ? this.lineOwner[line] : -1;
    return i >= 0 ? this.parsed.puzzles[i] : undefined;
  }
}

/**
 * Semantic tokens (`textDocument/semanticTokens/full`, `/full/delta`, `/range`): givens, empty
 * cells, pencilmark candidates, a 729 line's single-candidate cells and trailing text. Read from
 * the parsed document's characters alone (never the solver), so a broken line keeps its colours
 * while it is being typed, and a range costs only its own lines in a 50,000-line collection.
 */
import type { Range, SemanticTokens, SemanticTokensDelta, SemanticTokensEdit, SemanticTokensLegend } from 'vscode-languageserver';
import { type Puzzle, cellChar, gridRowCells, isEmptyMarker, isLibraryLine } from '../../engine/core/parse';
import type { PuzzleDocument } from '../documents/puzzleDocument';

/**
 * `given`, `emptyCell` and `candidate` are ours (package.json declares them with a standard
 * super type and TextMate scopes, so every theme colours them); trailing text is a `comment`
 * with its `ED=…` ratings as `number`s. Modifier `solved`: a 729 line's cell with one candidate.
 */
export const LEGEND: SemanticTokensLegend = {
  tokenTypes: ['given', 'emptyCell', 'candidate', 'comment', 'number'],
  tokenModifiers: ['solved'],
};
// Token types are sent as their index in the legend, modifiers as bit sets.
const [GIVEN, EMPTY, CANDIDATE, COMMENT, NUMBER] = LEGEND.tokenTypes.map((_, i) => i);
const SOLVED = 1 << LEGEND.tokenModifiers.indexOf('solved');
const NONE = -1;

/** The ratings the TextMate grammar also picks out of trailing text. */
const RATING_RE = /(?<![\w=./])(?:ED|ER|EP|SE)=\d+(?:\.\d+)?(?:\/\d+(?:\.\d+)?)*/g;

const isDigit = (code: number): boolean => code >= 49 && code <= 57;

/**
 * LSP's relative encoding, written in order as the tokens come. Into a typed buffer, then one
 * presized array: growing a plain array by push took 4× as long on a 49,000-line file.
 */
class Encoder {
  private buffer = new Int32Array(1 << 12);
  private length = 0;
  private line = 0;
  private character = 0;

  push(line: number, character: number, length: number, type: number, modifiers: number): void {
    if (this.length + 5 > this.buffer.length) {
      const bigger = new Int32Array(this.buffer.length * 2);
      bigger.set(this.buffer);
      this.buffer = bigger;
    }
    const deltaLine = line - this.line;
    const b = this.buffer;
    b[this.length++] = deltaLine;
    b[this.length++] = deltaLine === 0 ? character - this.character : character;
    b[this.length++] = length;
    b[this.length++] = type;
    b[this.length++] = modifiers;
    this.line = line;
    this.character = character;
  }

  /** A plain array, as JSON-RPC sends it. */
  data(): number[] {
    const out = new Array<number>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.buffer[i];
    return out;
  }
}

/** Adjacent characters of one type and modifier on a line become one token: fewer numbers to send. */
class Runs {
  private line = 0;
  private start = 0;
  private end = 0;
  private type = NONE;
  private modifiers = 0;

  constructor(private readonly encoder: Encoder) {}

  add(line: number, character: number, type: number, modifiers = 0, length = 1): void {
    if (type === this.type && modifiers === this.modifiers && line === this.line && character === this.end) {
      this.end += length;
      return;
    }
    this.flush();
    this.line = line;
    this.start = character;
    this.end = character + length;
    this.type = type;
    this.modifiers = modifiers;
  }

  flush(): void {
    if (this.type !== NONE) this.encoder.push(this.line, this.start, this.end - this.start, this.type, this.modifiers);
    this.type = NONE;
  }
}

/** Token type of a cell character by char code: digits are givens, empty markers empty cells, the rest (typos) none. */
const CELL_TYPE = new Int8Array(128).fill(NONE);
for (let code = 49; code <= 57; code++) CELL_TYPE[code] = GIVEN;
for (let code = 0; code < 128; code++) if (isEmptyMarker(String.fromCharCode(code))) CELL_TYPE[code] = EMPTY;

function givenChar(runs: Runs, line: number, text: string, ch: number): void {
  const code = text.charCodeAt(ch);
  const type = code < 128 ? CELL_TYPE[code] : NONE;
  if (type !== NONE) runs.add(line, ch, type);
}

/** A 729 line: character 9*cell+k is candidate k+1 or '.'; a cell with one candidate is a given. */
function candidateChars(runs: Runs, line: number, text: string, start: number, end: number): void {
  for (let cell = start; cell < end; cell += 9) {
    const stop = Math.min(cell + 9, end);
    let digits = 0;
    for (let ch = cell; ch < stop; ch++) if (isDigit(text.charCodeAt(ch))) digits++;
    for (let ch = cell; ch < stop; ch++) {
      const code = text.charCodeAt(ch);
      if (isDigit(code)) runs.add(line, ch, digits === 1 ? GIVEN : CANDIDATE, digits === 1 ? SOLVED : 0);
      else if (code === 46 || code === 48) runs.add(line, ch, EMPTY);
    }
  }
}

function trailingText(runs: Runs, p: Puzzle): void {
  if (!p.trailingRange) return;
  const { line, character } = p.trailingRange.start;
  let at = 0;
  for (const m of p.trailing.matchAll(RATING_RE)) {
    if (m.index > at) runs.add(line, character + at, COMMENT, 0, m.index - at);
    runs.add(line, character + m.index, NUMBER, 0, m[0].length);
    at = m.index + m[0].length;
  }
  if (at < p.trailing.length) runs.add(line, character + at, COMMENT, 0, p.trailing.length - at);
}

/** The encoded tokens of lines [from, to] (default: all). */
export function semanticTokens(doc: PuzzleDocument, from = 0, to = doc.lineCount - 1): number[] {
  const encoder = new Encoder();
  const runs = new Runs(encoder);
  for (const p of doc.puzzlesBetween(from, to)) {
    const { start, end } = p.range;
    if (p.kind === 'grid') {
      // Row by row, broken grids too; separator lines have no cells.
      for (let line = Math.max(start.line, from); line <= Math.min(end.line, to); line++) {
        const text = doc.lineText(line);
        for (const ch of gridRowCells(text) ?? []) givenChar(runs, line, text, ch);
      }
      continue;
    }
    if (p.line < from || p.line > to) continue;
    const text = doc.lineText(p.line);
    if (isLibraryLine(p)) for (let c = 0; c < 81; c++) givenChar(runs, p.line, text, cellChar(p, c));
    else if (p.kind === '729') candidateChars(runs, p.line, text, start.character, end.character);
    else for (let ch = start.character; ch < end.character; ch++) givenChar(runs, p.line, text, ch);
    trailingText(runs, p);
  }
  runs.flush();
  return encoder.data();
}

/** One edit from the common prefix and suffix: typing changes one place at a time. */
function diff(before: number[], after: number[]): SemanticTokensEdit[] {
  let prefix = 0;
  const common = Math.min(before.length, after.length);
  while (prefix < common && before[prefix] === after[prefix]) prefix++;
  if (prefix === before.length && prefix === after.length) return [];
  let suffix = 0;
  while (suffix < common - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return [{ start: prefix, deleteCount: before.length - suffix - prefix, data: after.slice(prefix, after.length - suffix) }];
}

/**
 * Above this many lines a document gets no whole-file tokens (null: the grammar's colours stay).
 * On a 49,158-line collection they are 1.4 million tokens, 14 MB of JSON and 0.2–0.5 s of the
 * server's time on every edit: typing would stall, as VS Code's own large-file optimisations avoid.
 */
export const FULL_TOKENS_MAX_LINES = 10_000;

/** The last full result per document, kept so that `/full/delta` can send only what changed. */
export class SemanticTokensProvider {
  private readonly last = new Map<string, SemanticTokens>();
  private ids = 0;

  full(doc: PuzzleDocument): SemanticTokens | null {
    if (doc.lineCount > FULL_TOKENS_MAX_LINES) {
      this.last.delete(doc.uri);
      return null;
    }
    const result = { resultId: String(++this.ids), data: semanticTokens(doc) };
    this.last.set(doc.uri, result);
    return result;
  }

  delta(doc: PuzzleDocument, previousResultId: string): SemanticTokens | SemanticTokensDelta | null {
    const previous = this.last.get(doc.uri);
    const result = this.full(doc);
    if (!result || previous?.resultId !== previousResultId) return result; // the client's base is gone: all of it
    return { resultId: result.resultId, edits: diff(previous.data, result.data) };
  }

  range(doc: PuzzleDocument, range: Range): SemanticTokens {
    return { data: semanticTokens(doc, range.start.line, range.end.line) };
  }

  close(uri: string): void {
    this.last.delete(uri);
  }
}

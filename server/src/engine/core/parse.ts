/**
 * Reads a puzzle document: 81-char lines, 729-char pencilmark lines, SadMan `.sdk`
 * grids, Simple Sudoku `.ss` grids and HoDoKu library lines, mixed freely. Every puzzle keeps the exact
 * source position of each of its cells so findings can point at one character.
 */
import { plural } from './format';
import { ALL_DIGITS, PEERS, cellName, pencilmarkString } from './grid';
import { type Finding, type FindingCode, type Range, range } from './types';

export type PuzzleKind = '81' | '729' | 'grid';

/** Extra houses: SudokuX (both diagonals), SudokuP (same position in each box), or both. */
export type PuzzleVariant = 'classic' | 'X' | 'P' | 'PX';

export interface HeaderField {
  /** `A`, `D`, `C`, `B`, `S`, `L`, `U` for SadMan headers; `title` for a plain label line. */
  tag: string;
  value: string;
  line: number;
}

export interface Puzzle {
  kind: PuzzleKind;
  /** 0-based line of the puzzle's first cell. */
  line: number;
  /** The cells' source: the 81/729 characters of a line, or the rows of a grid. */
  range: Range;
  /** Normalized text: 81 chars ('.' for empty) or 729 chars; null when the syntax is broken. */
  text: string | null;
  /** Syntax problems; a puzzle with an error here has no text. */
  problems: Finding[];
  /** Whatever trails the puzzle on its line (names, `ED=…`), without the separator's leading space. */
  trailing: string;
  trailingRange: Range | null;
  header: HeaderField[];
  /** Set by the nearest `#! variant: X` line above the puzzle; null when none (the default applies). */
  variant: PuzzleVariant | null;
  /**
   * Grids and HoDoKu library lines: line and character of each cell, as pairs. Other line puzzles
   * need no table: cell c starts at character range.start.character + c (or + 9c for 729 lines).
   */
  gridCells: Int32Array | null;
  /**
   * A clue pattern instead of a puzzle: cells of only 'x' and '.' (or '0'), both used, as
   * 81 chars of 'x' and '.'. Its text is null and its one problem is a `clue-pattern` information finding.
   */
  pattern: string | null;
}

export interface ParsedDocument {
  puzzles: Puzzle[];
}

const EMPTY_MARKERS = '.0-*_xX';
const HEADER_RE = /^#([ADCBSLU])(?:\s+(.*))?$/;
const DIRECTIVE_RE = /^#!\s*variant\s*:\s*(\S+)/i;
const VARIANT_NAMES: Record<string, PuzzleVariant> = {
  classic: 'classic', x: 'X', sudokux: 'X', 'sudoku-x': 'X', p: 'P', sudokup: 'P', 'sudoku-p': 'P', px: 'PX', sudokupx: 'PX', 'sudoku-px': 'PX',
};

/** The variant a `#! variant: …` line sets, undefined for any other line (null: an unknown name). */
export function variantDirective(text: string): PuzzleVariant | null | undefined {
  const m = DIRECTIVE_RE.exec(text.trim());
  return m ? (VARIANT_NAMES[m[1].toLowerCase()] ?? null) : undefined;
}
const MAX_REPORTED_CHARS = 5;

const isDigit = (ch: string): boolean => ch >= '1' && ch <= '9';
/** A character that stands for an empty cell ('.', '0', '-', '*', '_', 'x'). */
export const isEmptyMarker = (ch: string): boolean => ch.length === 1 && EMPTY_MARKERS.includes(ch);
const isCellChar = (ch: string): boolean => isDigit(ch) || isEmptyMarker(ch);
// Char-code tests: these run on every character of a 50,000-line collection.
const isTrailingStart = (code: number): boolean =>
  code === 35 || code === 58 || code === 44 || code <= 32 || (code >= 127 && /\s/.test(String.fromCharCode(code)));

/** First line of a puzzle, its header fields included. */
export const firstLine = (p: Puzzle): number => (p.header.length > 0 ? Math.min(p.header[0].line, p.range.start.line) : p.range.start.line);

export const cellLine = (p: Puzzle, cell: number): number => (p.gridCells ? p.gridCells[2 * cell] : p.line);

/** First character of a cell (a 729 cell spans 9 characters). */
export const cellChar = (p: Puzzle, cell: number): number =>
  p.gridCells ? p.gridCells[2 * cell + 1] : p.range.start.character + (p.kind === '729' ? 9 * cell : cell);

/**
 * A HoDoKu library line (`:0000:x:<cells>:<deleted candidates>:…`): its cells are one character
 * each (a placed one after a `+`), also when the deleted candidates make it a 729 puzzle.
 */
export const isLibraryLine = (p: Puzzle): boolean => p.kind !== 'grid' && p.gridCells !== null;

/** Characters a cell spans: 9 in a 729 line, else 1. */
const cellWidth = (p: Puzzle): number => (p.kind === '729' && !p.gridCells ? 9 : 1);

/** The range of one cell (a 729 cell covers its 9 characters). */
export function cellRange(p: Puzzle, cell: number): Range {
  const start = cellChar(p, cell);
  return range(cellLine(p, cell), start, start + cellWidth(p));
}

/** The range of one candidate's character in a 729 line, else (or for digit 0) of its cell. */
export function candidateRange(p: Puzzle, cell: number, digit: number): Range {
  if (p.kind !== '729' || !digit || p.gridCells) return cellRange(p, cell);
  const ch = cellChar(p, cell) + digit - 1;
  return range(p.line, ch, ch + 1);
}

/** The cell under a source position, or -1. */
export function cellAt(p: Puzzle, line: number, character: number): number {
  if (p.text === null) return -1;
  const width = cellWidth(p);
  for (let c = 0; c < 81; c++) {
    const start = cellChar(p, c);
    if (cellLine(p, c) === line && character >= start && character < start + width) return c;
  }
  return -1;
}

/**
 * Characters no text line holds: C0 controls but the blanks (tab, vertical tab, form feed), DEL, and
 * U+FFFD (what a decoder puts for bytes that are not UTF-8). A line with one is binary content, not a
 * puzzle or a label.
 */
const BINARY_RE = /[\x00-\x08\x0e-\x1f\x7f\ufffd]/;

/** A character as a message shows it: controls, format characters and line separators as `U+0085`. */
export function quoteChar(ch: string): string {
  if (ch === '\t') return "'\\t'";
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\ufffd]/u.test(ch)) return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${ch}'`;
}

/** A line of one punctuation character repeated (a banner `-----…`, `*****…`), unless it could be an empty 81/729 puzzle of dots. */
const isBanner = (trimmed: string): boolean =>
  /^([^\p{L}\p{N}])\1*$/u.test(trimmed) && !(trimmed[0] === '.' && (trimmed.length === 81 || trimmed.length === 729));

/** Where a grid row's `#` or `//` comment starts (after a blank), or -1. */
export const rowCommentStart = (text: string): number => {
  const blank = text.search(/\s(#|\/\/)/);
  return blank < 0 ? -1 : blank + 1;
};

/** Whether each cell's character is known: a grid read whole, or a line of exactly 81 or 729 characters. */
export const cellsKnown = (p: Puzzle): boolean =>
  p.kind === 'grid' ? p.gridCells !== null : p.range.end.character - p.range.start.character === (p.kind === '729' ? 729 : 81);

type LineClass =
  | { type: 'blank' | 'comment' | 'separator' }
  /** A line of one punctuation character repeated that is no grid separator row: it ends a grid. */
  | { type: 'banner' }
  | { type: 'binary'; at: number }
  | { type: 'header'; field: HeaderField }
  | { type: 'label'; text: string }
  /** `partial`: a row of the wrong width, a broken grid row only next to real ones. */
  | { type: 'row'; cells: number[]; partial?: boolean }
  /** `tokenStart` past the line's first character: a short leading field (an id, a number) comes before the puzzle. */
  | { type: 'puzzle'; tokenStart: number; tokenEnd: number }
  /** A HoDoKu library line: where its colons are. */
  | { type: 'library'; colons: number[] };

function classify(text: string, line: number): LineClass {
  const binary = text.search(BINARY_RE);
  if (binary >= 0) return { type: 'binary', at: binary };
  const trimmed = text.trim();
  if (trimmed === '') return { type: 'blank' };
  const header = HEADER_RE.exec(trimmed);
  if (header) return { type: 'header', field: { tag: header[1], value: (header[2] ?? '').trim(), line } };
  if (trimmed.startsWith('#') || trimmed.startsWith('//')) return { type: 'comment' };
  if (/^\[puzzle\]$/i.test(trimmed)) return { type: 'comment' };
  const colons = libraryColons(text);
  if (colons) return { type: 'library', colons };

  // A grid row: 9 cells once grid separators and spaces are dropped (short lines only);
  // a `#` or `//` comment may follow it.
  if (trimmed.length < 40) {
    if (/^[\s-]+$/.test(trimmed) && trimmed.length >= 3) return { type: 'separator' };
    const comment = rowCommentStart(text);
    const cellText = comment >= 0 ? text.slice(0, comment) : text;
    const cells: number[] = [];
    let onlyCells = true;
    for (let i = 0; i < cellText.length; i++) {
      const ch = text[i];
      if (ch === '|' || ch === '!' || /\s/.test(ch)) continue;
      if (isCellChar(ch)) cells.push(i);
      else onlyCells = false;
    }
    if (onlyCells && cells.length === 9) return { type: 'row', cells };
    if (/^[\s*|!+=-]+$/.test(trimmed) && /[-=]{3}/.test(trimmed)) return { type: 'separator' };
    if (onlyCells && cells.length >= 3 && cells.length <= 20) return { type: 'row', cells, partial: true };
  }

  if (isBanner(trimmed)) return { type: 'banner' };
  const start = text.length - text.trimStart().length;
  let end = start;
  while (end < text.length && !isTrailingStart(text.charCodeAt(end))) end++;
  const token = text.slice(start, end);
  let cellLike = 0;
  for (let i = 0; i < token.length; i++) if (isCellChar(token[i])) cellLike++;
  // Long tokens made mostly of cell characters are puzzles, broken or not; other text is a label.
  if (token.length >= 30 && cellLike >= token.length * 0.8) return { type: 'puzzle', tokenStart: start, tokenEnd: end };
  return puzzleAfterField(text, end) ?? { type: 'label', text: trimmed };
}

/** How far into a line a puzzle may start after a leading field. */
const LEADING_FIELD_MAX = 64;

/**
 * A puzzle after a short leading field, as collections keyed by an id write them (Sudoku Exchange's
 * bank: `00015097c6c3 083020090…  7.2`; `12: 4...3…`): a later token of exactly 81 or 729 cell
 * characters starting within LEADING_FIELD_MAX characters. Read as a label, the line's puzzle was
 * silently lost. Only whole tokens count, so prose that merely holds digits stays a label.
 */
function puzzleAfterField(text: string, from: number): LineClass | null {
  let i = from;
  while (i < text.length && i <= LEADING_FIELD_MAX) {
    const code = text.charCodeAt(i);
    if (code === 35) return null; // '#': a comment follows
    if (isTrailingStart(code)) {
      i++;
      continue;
    }
    const start = i;
    let cells = true;
    for (; i < text.length && !isTrailingStart(text.charCodeAt(i)); i++) if (!isCellChar(text[i])) cells = false;
    const n = i - start;
    if (cells && (n === 81 || n === 729)) return { type: 'puzzle', tokenStart: start, tokenEnd: i };
  }
  return null;
}

/**
 * HoDoKu's library format: `:<technique>:<candidates>:<cells>:<deleted candidates>:<eliminations>:
 * <placements>[:<extra>]`, 6 or 7 colons, the cells (a placed one after a `+`) in the third field.
 * HoDoKu reads such a line as one record; so does this parser when the cells field looks like a
 * puzzle (mostly cell characters), else the line is prose.
 */
function libraryColons(text: string): number[] | null {
  const start = text.length - text.trimStart().length;
  if (text[start] !== ':') return null;
  const colons: number[] = [];
  for (let i = start; i < text.length; i++) if (text.charCodeAt(i) === 58) colons.push(i);
  if (colons.length !== 6 && colons.length !== 7) return null;
  const cells = text.slice(colons[2] + 1, colons[3]).replace(/\+/g, '');
  let cellLike = 0;
  for (let i = 0; i < cells.length; i++) if (isCellChar(cells[i])) cellLike++;
  return cells.length >= 30 && cellLike >= cells.length * 0.8 ? colons : null;
}

function emptyPuzzle(kind: PuzzleKind, line: number, r: Range, header: HeaderField[]): Puzzle {
  return {
    kind,
    line,
    range: r,
    text: null,
    problems: [],
    trailing: '',
    trailingRange: null,
    header,
    variant: null,
    gridCells: null,
    pattern: null,
  };
}

const syntaxError = (code: FindingCode, message: string, r: Range): Finding => ({ severity: 'error', code, message, range: r });

/** Tracks the empty-cell marker a puzzle uses: '.' and '0' mix freely; '-', '*', '_', 'x' stand alone. */
class MarkerCheck {
  private marker = '';
  private reported = 0;
  constructor(private readonly problems: Finding[]) {}

  accept(ch: string, p: Puzzle, cell: number): void {
    const kind = ch === '0' || ch === '.' ? '.' : ch.toLowerCase();
    if (this.marker === '') this.marker = kind;
    if (kind === this.marker || this.reported++ >= MAX_REPORTED_CHARS) return;
    const uses = this.marker === '.' ? "'.' or '0'" : `'${this.marker}'`;
    const message = `Inconsistent empty-cell marker '${ch}' at ${cellName(cell)}: this puzzle uses ${uses}`;
    this.problems.push(syntaxError('mixed-empty-markers', message, cellRange(p, cell)));
  }
}

function invalidChar(ch: string, where: string, expected: string, r: Range): Finding {
  return syntaxError('invalid-character', `Invalid character ${quoteChar(ch)} at ${where}: expected ${expected}`, r);
}

/** A line with bytes that are not text: one error on its first such character; the line is no puzzle. */
function binaryLine(text: string, line: number, at: number): Puzzle {
  // Its range is the one character: no rewrite takes the line for cells.
  const p = emptyPuzzle('81', line, range(line, at, at + 1), []);
  const what = text[at] === '\ufffd' ? 'U+FFFD (bytes that are not UTF-8)' : `the control character ${quoteChar(text[at])}`;
  p.problems.push(syntaxError('binary-content', `Binary content, not text: ${what} at column ${at + 1}`, range(line, at, at + 1)));
  return p;
}

/**
 * Digits kept, every other character '.'. Most lines are already normal and are kept as they
 * are; the others are rebuilt by char code (String.replace's result can hold kilobytes here).
 */
function normalized(chars: string): string {
  if (!/[^1-9.]/.test(chars)) return chars;
  const codes = new Array<number>(chars.length);
  for (let i = 0; i < chars.length; i++) {
    const code = chars.charCodeAt(i);
    codes[i] = code >= 49 && code <= 57 ? code : 46;
  }
  return String.fromCharCode(...codes);
}

/** The number of clues of a clue pattern ('x' cells). */
export const patternClues = (pattern: string): number => pattern.split('x').length - 1;

/** 'x' for a clue, '.' for an empty cell, when the cells are a clue pattern ('x' and '.'/'0', both used); else null. */
function cluePattern(chars: string): string | null {
  if (!/^[.0xX]{81}$/.test(chars) || !/[xX]/.test(chars) || !/[.0]/.test(chars)) return null;
  return chars.replace(/[xX]/g, 'x').replace(/0/g, '.');
}

/** Checks cell characters (81-char lines and grids) and sets the normalized text; reports bad characters. */
function readGivens(p: Puzzle, chars: string): void {
  p.pattern = cluePattern(chars);
  if (p.pattern) {
    // 'x' also marks empty cells, but mixed with '.' it is a pattern: say so rather than report mixed markers.
    const message = `Clue pattern (${plural(patternClues(p.pattern), 'clue')}), not a puzzle: "Find puzzles for this pattern" searches it (or \`sudoku-lens search-pattern\`)`;
    p.problems.push({ severity: 'information', code: 'clue-pattern', message, range: p.range });
    return;
  }
  const markers = new MarkerCheck(p.problems);
  let invalid = 0;
  for (let c = 0; c < 81; c++) {
    const ch = chars[c];
    if (isDigit(ch)) continue;
    if (EMPTY_MARKERS.includes(ch)) markers.accept(ch, p, c);
    else if (invalid++ < MAX_REPORTED_CHARS) {
      p.problems.push(invalidChar(ch, cellName(c), "a digit 1-9, or '.' or '0' for an empty cell", cellRange(p, c)));
    }
  }
  if (p.problems.length === 0) p.text = normalized(chars);
}

function readPencilmarks(p: Puzzle, token: string): void {
  let invalid = 0;
  for (let i = 0; i < 729; i++) {
    const ch = token[i];
    const cell = (i / 9) | 0;
    const digit = (i % 9) + 1;
    if (ch === '.' || ch === '0' || ch.charCodeAt(0) === 48 + digit || invalid++ >= MAX_REPORTED_CHARS) continue;
    const r = candidateRange(p, cell, digit);
    const expected = `'${digit}' or '.' (character ${digit} of ${cellName(cell)} stands for candidate ${digit})`;
    p.problems.push(
      isDigit(ch)
        ? syntaxError('misplaced-candidate', `Misplaced candidate '${ch}' at ${cellName(cell)}: expected ${expected}`, r)
        : invalidChar(ch, cellName(cell), expected, r),
    );
  }
  if (p.problems.length === 0) p.text = normalized(token);
}

/**
 * The starting candidate state of a well-formed puzzle (bit d-1 = digit d possible), derived
 * from its text on demand so that a large collection keeps only strings in memory.
 */
export function candidatesOf(p: Puzzle): Uint16Array | null {
  return p.text === null ? null : candidatesOfText(p.text);
}

/** Candidates of a normalized puzzle text (81 chars with '.', or 729 chars). */
export function candidatesOfText(text: string): Uint16Array {
  const cands = new Uint16Array(81);
  if (text.length === 729) {
    for (let i = 0; i < 729; i++) if (text.charCodeAt(i) !== 46) cands[(i / 9) | 0] |= 1 << i % 9;
  } else {
    for (let c = 0; c < 81; c++) {
      const code = text.charCodeAt(c);
      cands[c] = code === 46 ? ALL_DIGITS : 1 << (code - 49);
    }
  }
  return cands;
}

function readLinePuzzle(text: string, line: number, start: number, tokenEnd: number, header: HeaderField[]): Puzzle {
  const token = text.slice(start, tokenEnd);
  const n = token.length;
  const kind: PuzzleKind = n > 405 ? '729' : '81';
  const p = emptyPuzzle(kind, line, range(line, start, tokenEnd), header);
  const trailingStart = text.slice(tokenEnd).search(/\S/);
  if (trailingStart >= 0) {
    p.trailing = text.slice(tokenEnd + trailingStart).trimEnd();
    p.trailingRange = range(line, tokenEnd + trailingStart, tokenEnd + trailingStart + p.trailing.length);
  }
  if (n !== 81 && n !== 729) {
    const expected = kind === '729' ? 729 : 81;
    // Point at the excess characters when there are too many, else at the whole token.
    const r = n > expected ? range(line, start + expected, tokenEnd) : p.range;
    p.problems.push(
      syntaxError('wrong-length', `Wrong length: expected 81 or 729 cell characters, found ${n}`, r),
    );
    return p;
  }
  if (kind === '729') readPencilmarks(p, token);
  else readGivens(p, token);
  return p;
}

const CANDIDATE_RE = /^[1-9]{3}$/;

/**
 * A HoDoKu library line as a puzzle: its cells, placed ones counting as values, and when the
 * deleted-candidates field lists any (`537` = 5 in r3c7), the 729 puzzle HoDoKu would show: every
 * candidate no value in its houses excludes, less those.
 */
function readLibraryLine(text: string, line: number, colons: number[], header: HeaderField[]): Puzzle {
  const start = colons[2] + 1;
  const end = colons[3];
  const p = emptyPuzzle('81', line, range(line, start, end), header);
  // The last field (a chain's length, or nothing) is where a rating goes, as after any puzzle line.
  const last = colons[colons.length - 1] + 1;
  const tail = text.slice(last);
  const trailingStart = last + (tail.length - tail.trimStart().length);
  p.trailing = text.slice(trailingStart).trimEnd();
  p.trailingRange = range(line, trailingStart, trailingStart + p.trailing.length);
  const chars: string[] = [];
  const at: number[] = [];
  for (let i = start; i < end; i++) {
    if (text[i] === '+' && isDigit(text[i + 1] ?? '')) continue;
    chars.push(text[i]);
    at.push(i);
  }
  if (chars.length !== 81) {
    const message = `Wrong length: a HoDoKu library line's cells field needs 81 cells (a '+' marks a placed digit), found ${chars.length}`;
    p.problems.push(syntaxError('wrong-length', message, p.range));
    return p;
  }
  p.gridCells = new Int32Array(162);
  at.forEach((ch, c) => {
    p.gridCells![2 * c] = line;
    p.gridCells![2 * c + 1] = ch;
  });
  readGivens(p, chars.join(''));
  const deleted: number[] = [];
  const field = text.slice(colons[3] + 1, colons[4]);
  for (const m of field.matchAll(/\S+/g)) {
    const from = colons[3] + 1 + m.index;
    if (CANDIDATE_RE.test(m[0])) deleted.push(m[0].charCodeAt(0) - 49, (m[0].charCodeAt(1) - 49) * 9 + m[0].charCodeAt(2) - 49);
    else {
      const message = `Invalid deleted candidate '${m[0]}' in a HoDoKu library line: expected digit, row and column (537: 5 in r3c7)`;
      p.problems.push(syntaxError('invalid-character', message, range(line, from, from + m[0].length)));
    }
  }
  if (p.problems.some((f) => f.severity === 'error')) p.text = null;
  if (p.text === null || deleted.length === 0) return p;
  const cands = candidatesOfText(p.text);
  for (let c = 0; c < 81; c++) if (p.text.charCodeAt(c) !== 46) for (const q of PEERS[c]) if (p.text.charCodeAt(q) === 46) cands[q] &= ~cands[c];
  for (let i = 0; i < deleted.length; i += 2) if (p.text.charCodeAt(deleted[i + 1]) === 46) cands[deleted[i + 1]] &= ~(1 << deleted[i]);
  p.kind = '729';
  p.text = pencilmarkString(cands);
  return p;
}

interface RowLine {
  line: number;
  text: string;
  cells: number[];
}

function readGrid(rows: RowLine[], header: HeaderField[]): Puzzle {
  const first = rows[0];
  const last = rows[rows.length - 1];
  const whole = range(first.line, first.cells[0], last.cells[last.cells.length - 1] + 1, last.line);
  const p = emptyPuzzle('grid', first.line, whole, header);
  for (const row of rows) {
    if (row.cells.length !== 9) {
      const r = range(row.line, row.cells[0], row.cells[row.cells.length - 1] + 1);
      p.problems.push(syntaxError('grid-row-length', `Grid row has ${row.cells.length} cells, expected 9`, r));
    }
  }
  if (rows.length !== 9) {
    const what = rows.length < 9 ? 'missing rows' : 'extra rows';
    p.problems.push(syntaxError('grid-row-count', `Grid has ${rows.length} rows, expected 9 (${what})`, whole));
  }
  if (p.problems.length > 0) return p;
  const chars: string[] = [];
  p.gridCells = new Int32Array(162);
  rows.forEach((row, r) =>
    row.cells.forEach((ch, c) => {
      p.gridCells![2 * (r * 9 + c)] = row.line;
      p.gridCells![2 * (r * 9 + c) + 1] = ch;
      chars.push(row.text[ch]);
    }),
  );
  readGivens(p, chars.join(''));
  return p;
}

/** A file's text: a leading byte order mark is no column (editors do not show it). */
export function parseDocument(source: string): ParsedDocument {
  return { puzzles: parseLines(splitLines(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source)) };
}

/** Lines as editors count them (LSP too): CRLF, LF and a lone CR each end one. */
export const splitLines = (source: string): string[] => source.split(/\r\n|\r|\n/);

/** The characters of a grid row's cells, or null when the line is no grid row (a separator, a header, …). */
export function gridRowCells(text: string): number[] | null {
  const cls = classify(text, 0);
  return cls.type === 'row' ? cls.cells : null;
}

/**
 * The usual collection line, 81 digits, dots and zeros and nothing else: classify calls it a puzzle
 * (a banner is one repeated punctuation character, and 81 dots are exempt), so a shard passing over
 * millions of them skips classify's checks.
 */
const PLAIN_81 = /^[0-9.]{81}$/;

/** A line that is a puzzle by itself (81 or 729 characters): no grid or header spans across it. */
export const isLinePuzzle = (text: string): boolean => {
  if (text.length === 81 && PLAIN_81.test(text)) return true;
  const type = classify(text, 0).type;
  return type === 'puzzle' || type === 'library';
};

/** Parses lines [from, to) of a document; puzzles carry the lines' real numbers. */
export function parseLines(lines: readonly string[], from = 0, to = lines.length): Puzzle[] {
  const puzzles: Puzzle[] = [];
  let variant: PuzzleVariant | null = null;
  for (let line = from - 1; line >= 0; line--) {
    const set = variantDirective(lines[line]);
    if (set !== undefined) {
      variant = set;
      break;
    }
  }
  let header: HeaderField[] = [];
  let rows: RowLine[] = [];

  const take = (p: Puzzle): void => {
    p.variant = variant;
    puzzles.push(p);
    header = [];
  };
  const flushGrid = (): void => {
    // Short runs of digits with no full row among them ("2010", "001") are labels, not grids.
    if (rows.some((r) => r.cells.length === 9)) take(readGrid(rows, header));
    else for (const r of rows) header.push({ tag: 'title', value: r.text.trim(), line: r.line });
    rows = [];
  };

  for (let line = from; line < to; line++) {
    const text = lines[line];
    const cls = classify(text, line);
    if (cls.type === 'row') {
      rows.push({ line, text, cells: cls.cells });
      continue;
    }
    if (cls.type === 'separator' && rows.length > 0) continue;
    flushGrid();
    const set = cls.type === 'comment' ? variantDirective(text) : undefined;
    if (set !== undefined) variant = set;
    switch (cls.type) {
      case 'header':
        header.push(cls.field);
        break;
      case 'label':
        header.push({ tag: 'title', value: cls.text, line });
        break;
      case 'puzzle': {
        // A leading field names the puzzle, as a label line above it would.
        const leading = text.slice(0, cls.tokenStart).trim().replace(/[\s,:;]+$/, '');
        if (leading !== '') header.push({ tag: 'title', value: leading, line });
        take(readLinePuzzle(text, line, cls.tokenStart, cls.tokenEnd, header));
        break;
      }
      case 'library':
        take(readLibraryLine(text, line, cls.colons, header));
        break;
      case 'binary':
        // Reported, but no puzzle: the headers above stay for the next puzzle.
        puzzles.push(binaryLine(text, line, cls.at));
        break;
      default:
        break;
    }
  }
  flushGrid();
  return puzzles;
}

/** The same range `delta` lines further down. */
export const shiftRange = (r: Range, delta: number): Range => ({
  start: { line: r.start.line + delta, character: r.start.character },
  end: { line: r.end.line + delta, character: r.end.character },
});

/** The same puzzle `delta` lines further down (lines were inserted or deleted above it). */
export function shiftPuzzle(p: Puzzle, delta: number): Puzzle {
  let gridCells = p.gridCells;
  if (gridCells) {
    gridCells = gridCells.slice();
    for (let i = 0; i < gridCells.length; i += 2) gridCells[i] += delta;
  }
  return {
    ...p,
    line: p.line + delta,
    range: shiftRange(p.range, delta),
    trailingRange: p.trailingRange && shiftRange(p.trailingRange, delta),
    header: p.header.map((h) => ({ ...h, line: h.line + delta })),
    problems: p.problems.map((f) => ({
      ...f,
      range: shiftRange(f.range, delta),
      ...(f.related ? { related: f.related.map((r) => ({ ...r, range: shiftRange(r.range, delta) })) } : {}),
    })),
    gridCells,
  };
}

/**
 * Whole-collection requests: the puzzle rows (with SE ratings) that "Rate all", "Export to CSV"
 * and "Sort by rating" work from, and the rewrites (Normalize, Convert, Remove duplicates, Sort,
 * Rate all inline) as edits the client applies in one undoable edit. A rewrite changes puzzles
 * only: headers, comments and trailing text stay with their puzzle, other lines where they are.
 */
import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import type { AnalysisCache } from '../services/analysisCache';
import { describeStatus } from '../../engine/core/analyze';
import { removeDuplicates } from '../../engine/canonical';
import { plural } from '../../engine/core/format';
import { givensString, pencilmarkString } from '../../engine/core/grid';
import { type Puzzle, type PuzzleKind, candidatesOf, cellLine, isLibraryLine, rowCommentStart } from '../../engine/core/parse';
import { seFormat } from '../../engine/se/rate';
import { ED_RE } from '../../engine/se/ratingFindings';
import { type Range, range } from '../../engine/core/types';
import { eliminateGivens, givensOf } from '../../engine/core/validate';
import { normalizeEdits } from '../features/codeActions';
import { type PuzzleRow, type RewriteParams, type RewriteResponse, type TextEditData, edText, isRated } from '../../protocol';
import { type LineSpan, lineBlocks, ownLines, spans } from '../documents/puzzleBlocks';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import { type RatingService, ratableText } from '../services/ratings';

/** The first line of every puzzle (or of every puzzle of one kind), in document order. */
export const puzzleLines = (doc: PuzzleDocument, kind?: PuzzleKind): number[] => doc.puzzles.filter((p) => !kind || p.kind === kind).map((p) => p.line);

export async function rateLines(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService, lines: number[]): Promise<PuzzleRow[]> {
  return Promise.all(
    lines.map(async (line): Promise<PuzzleRow> => {
      const p = doc.puzzleAt(line);
      if (!p) return { line, kind: null, text: null, status: 'no puzzle', givens: null, rating: null };
      const analysis = cache.get(p);
      const row: PuzzleRow = {
        line: p.line,
        kind: p.kind,
        text: p.text,
        status: analysis ? describeStatus(analysis.status) : 'unreadable',
        givens: analysis?.givens ?? null,
        rating: null,
      };
      const text = ratableText(p, cache);
      if (!text) return row;
      const s = await ratings.summary(text, true);
      row.rating = { status: s.status, er: seFormat(s.er), ep: seFormat(s.ep), ed: seFormat(s.ed), hardest: s.hardest, steps: s.steps };
      return row;
    }),
  );
}

/** An open document as a rewrite reads it: its parse, its version now, the line break it uses. */
export interface RewriteSource {
  doc: PuzzleDocument;
  version: () => number | undefined;
  lineBreak: string;
}

/**
 * A rewrite of the document as it was at `params.version`: ContentModified when the document is
 * another version, before the edits are computed or once they are (Sort and Rate all wait for ratings).
 */
export async function checkedRewrite(
  params: RewriteParams,
  source: RewriteSource | undefined,
  compute: (source: RewriteSource) => RewriteResponse | Promise<RewriteResponse>,
): Promise<RewriteResponse | ResponseError> {
  const modified = () => new ResponseError(LSPErrorCodes.ContentModified, 'The document changed since the command started: nothing was applied');
  if (!source || source.version() !== params.version || source.doc.version !== params.version) return modified();
  const answer = await compute(source);
  return source.version() === params.version ? answer : modified();
}

/** The SE rows of every puzzle (the RateLinesRequest batches the client sent before cached them). */
export const rateAllLines = (doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService): Promise<PuzzleRow[]> => rateLines(doc, cache, ratings, puzzleLines(doc));

const lineEnd = (doc: PuzzleDocument, line: number) => ({ line, character: doc.lineText(line).length });
/** Lines [first, last] as a range, from the first's start to the last's end. */
const wholeLines = (doc: PuzzleDocument, first: number, last: number): Range => ({ start: { line: first, character: 0 }, end: lineEnd(doc, last) });

export function normalizeAll(doc: PuzzleDocument): RewriteResponse {
  const perPuzzle = doc.puzzles.map((p) => normalizeEdits(p, (line) => doc.lineText(line))).filter((edits) => edits.length > 0);
  return { edits: perPuzzle.flat(), message: perPuzzle.length === 0 ? 'Every puzzle already uses . for its empty cells.' : `Normalized ${plural(perPuzzle.length, 'puzzle')}.` };
}

/** Deletes lines [first, last] with their line breaks (at the end of the text, the break before them). */
function deleteLines(doc: PuzzleDocument, { first, last }: LineSpan): TextEditData {
  if (last + 1 < doc.lineCount) return { range: range(first, 0, 0, last + 1), newText: '' };
  const start = first > 0 ? lineEnd(doc, first - 1) : { line: 0, character: 0 };
  return { range: { start, end: lineEnd(doc, last) }, newText: '' };
}

/**
 * Removes the puzzles that repeat an earlier one, identically or (mode 'equivalent') up to the
 * Sudoku symmetries, each with its own header lines; blank lines, comments and prose stay.
 */
export function removeDuplicatesEdits(doc: PuzzleDocument, mode: 'exact' | 'equivalent'): RewriteResponse {
  const readable = doc.puzzles.filter((p) => p.text !== null);
  const { duplicateOf } = removeDuplicates(readable.map((p) => p.text as string), mode);
  const dupes = [...duplicateOf].map(([i, j]) => ({ puzzle: readable[i], of: readable[j] }));
  if (dupes.length === 0) return { edits: [], message: 'No duplicate puzzles.' };
  const lines = dupes.flatMap((d) => ownLines(d.puzzle)).sort((a, b) => a - b);
  const example = `e.g. line ${dupes[0].puzzle.line + 1} (same as line ${dupes[0].of.line + 1})`;
  return { edits: spans(lines).map((span) => deleteLines(doc, span)), message: `Removed ${plural(dupes.length, 'duplicate puzzle')}, ${example}.` };
}

/** A line puzzle's trailing text as a comment line (it then stays the puzzle's when the puzzle is a grid). */
const asComment = (trailing: string): string => (/^(#|\/\/)/.test(trailing) ? trailing : `# ${trailing}`);

/** A grid's row comments (`..3|.2.|6.. # x-wing`), in row order. */
function rowComments(doc: PuzzleDocument, p: Puzzle): string[] {
  const comments: string[] = [];
  for (let line = p.range.start.line; line <= p.range.end.line; line++) {
    const text = doc.lineText(line);
    const at = rowCommentStart(text);
    if (at >= 0) comments.push(text.slice(at).trimEnd());
  }
  return comments;
}

/**
 * Rewrites one puzzle as an 81-char line, a reduced 729-char pencilmark line, or a 9-row grid.
 * Nothing is lost: a line's trailing text becomes a comment line above the grid; a grid's row
 * comments become comment lines above the line.
 */
export function convertAt(doc: PuzzleDocument, line: number, to: '81' | '729' | 'grid', eol: string): RewriteResponse {
  const p = doc.puzzleAt(line);
  if (!p) return { edits: null, message: `No puzzle on line ${line + 1}` };
  if (p.pattern) return { edits: null, message: 'A clue pattern is not a puzzle: there is nothing to convert' };
  const cands = candidatesOf(p);
  if (!cands) return { edits: null, message: 'The puzzle is unreadable: fix its syntax first' };
  if (p.kind === to && !isLibraryLine(p)) return { edits: null, message: `The puzzle already is ${to === 'grid' ? 'a grid' : `an ${to}-char line`}` };
  const givens = givensOf(cands);
  const cells = to === '729' ? pencilmarkString(p.kind === '729' ? cands : eliminateGivens(cands, givens)) : givensString(givens);
  const lossy = p.kind === '729' && to !== '729' && cands.some((m, c) => !givens[c] && m !== 0x1ff);
  const message = lossy ? 'Pencilmarks other than solved cells are dropped in this format' : null;
  // A HoDoKu library line becomes a plain line puzzle (its other fields would not fit the new cells), keeping its trailing text.
  if (isLibraryLine(p) && to !== 'grid') {
    const newText = p.trailing ? `${cells} ${p.trailing}` : cells;
    return { edits: [{ range: range(p.line, 0, doc.lineText(p.line).length), newText }], message };
  }
  if (p.kind !== 'grid' && to !== 'grid') return { edits: [{ range: p.range, newText: cells }], message };
  let lines: string[];
  let replaced: Range;
  if (to === 'grid') {
    lines = [...(p.trailing ? [asComment(p.trailing)] : []), ...(cells.match(/.{9}/g) as string[])];
    replaced = wholeLines(doc, p.line, p.line);
  } else {
    lines = [...rowComments(doc, p), cells];
    replaced = wholeLines(doc, cellLine(p, 0), cellLine(p, 80));
  }
  return { edits: [{ range: replaced, newText: lines.join(eol) }], message };
}

const ratingKey = (r: PuzzleRow): number => (r.rating && isRated(r) ? (r.rating.status === 'stuck' ? 20 : Number(r.rating.er)) : Infinity);

/**
 * The one-line puzzles sorted by SE rating (unrated ones last, ties in document order), each with
 * its block (the headers, labels and comments right above it); lines between blocks stay where
 * they are. One edit over the lines from the first block to the last.
 */
export function sortEdits(doc: PuzzleDocument, rows: readonly PuzzleRow[], eol: string): RewriteResponse {
  const puzzles = doc.puzzles;
  if (puzzles.some((p) => p.kind === 'grid')) return { edits: null, message: 'Sorting works on one-puzzle-per-line collections; this file has grids.' };
  if (new Set(puzzles.map((p) => p.variant)).size > 1) {
    return { edits: null, message: 'This file mixes variants (#! variant: lines): sorting would move puzzles across them.' };
  }
  const binary = puzzles.find((p) => p.problems.some((f) => f.code === 'binary-content'));
  // Such a line is no puzzle, and which puzzle it goes with is anyone's guess.
  if (binary) return { edits: null, message: `Line ${binary.line + 1} is not text (binary-content): fix it before sorting.` };
  if (puzzles.length < 2) return { edits: [], message: 'Nothing to sort.' };
  const blocks = lineBlocks(puzzles, (line) => doc.lineText(line));
  const keyOf = new Map(rows.map((r) => [r.line, ratingKey(r)]));
  const order = blocks.map((_, i) => i).sort((a, b) => (keyOf.get(puzzles[a].line) ?? Infinity) - (keyOf.get(puzzles[b].line) ?? Infinity) || a - b);
  if (order.every((b, i) => b === i)) return { edits: [], message: 'The puzzles already are in rating order.' };
  const first = blocks[0].first;
  const last = blocks[blocks.length - 1].last;
  const out: string[] = [];
  let slot = 0;
  for (let line = first; line <= last; line++) {
    if (slot < blocks.length && line === blocks[slot].first) {
      const moved = blocks[order[slot]];
      for (let l = moved.first; l <= moved.last; l++) out.push(doc.lineText(l));
      line = blocks[slot++].last;
    } else out.push(doc.lineText(line));
  }
  return { edits: [{ range: wholeLines(doc, first, last), newText: out.join(eol) }], message: `Sorted ${plural(puzzles.length, 'puzzle')} by rating.` };
}

/** `ED=…` after each rated line puzzle's trailing text, or in place of the `ED=…` it already has. */
export function rateInlineEdits(doc: PuzzleDocument, rows: readonly PuzzleRow[]): RewriteResponse {
  const edits: TextEditData[] = [];
  for (const row of rows) {
    const p = doc.puzzleAt(row.line);
    if (!p || p.kind === 'grid' || !row.rating || !isRated(row)) continue;
    const text = edText(row.rating);
    const existing = p.trailingRange && ED_RE.exec(p.trailing);
    if (p.trailingRange && existing) {
      const start = p.trailingRange.start.character + existing.index;
      edits.push({ range: range(p.line, start, start + existing[0].length), newText: text });
    } else {
      const end = (p.trailingRange ?? p.range).end;
      edits.push({ range: { start: end, end }, newText: ` ${text}` });
    }
  }
  return { edits, message: `Wrote ED=… after ${plural(edits.length, 'puzzle line')} (${rows.filter(isRated).length} of ${rows.length} puzzles rated).` };
}

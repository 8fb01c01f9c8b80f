/**
 * Whole-collection requests: the puzzle rows (with SE ratings) that "Rate all", "Export to CSV"
 * and "Sort by rating" work from, normalizing every puzzle, and converting one puzzle's format.
 */
import type { TextEdit } from 'vscode-languageserver';
import type { AnalysisCache } from './analysisCache';
import { describeStatus } from './engine/analyze';
import { removeDuplicates } from './engine/canonical';
import { givensString, pencilmarkString } from './engine/grid';
import { type PuzzleKind, candidatesOf } from './engine/parse';
import { seFormat } from './engine/rate';
import { eliminateGivens, givensOf } from './engine/validate';
import { normalizeEdits } from './codeActions';
import type { ConvertResponse, DuplicateLine, PuzzleRow } from './protocol';
import type { PuzzleDocument } from './puzzleDocument';
import { type RatingService, ratableText } from './ratings';

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

export function normalizeAll(doc: PuzzleDocument, lineText: (line: number) => string): TextEdit[] {
  return doc.puzzles.flatMap((p) => normalizeEdits(p, lineText));
}

/** Puzzles that repeat an earlier one, identically or (mode 'equivalent') up to the Sudoku symmetries. */
export function duplicates(doc: PuzzleDocument, mode: 'exact' | 'equivalent'): DuplicateLine[] {
  const readable = doc.puzzles.filter((p) => p.text !== null);
  const { duplicateOf } = removeDuplicates(readable.map((p) => p.text as string), mode);
  return [...duplicateOf].map(([i, j]) => {
    const p = readable[i];
    const first = Math.min(p.range.start.line, ...p.header.map((h) => h.line));
    return { line: p.line, firstLine: first, lastLine: p.range.end.line, duplicateOf: readable[j].line };
  });
}

/** Rewrites one puzzle as an 81-char line, a reduced 729-char pencilmark line, or a 9-row grid. */
export function convertAt(doc: PuzzleDocument, line: number, to: '81' | '729' | 'grid'): ConvertResponse {
  const p = doc.puzzleAt(line);
  const cands = p ? candidatesOf(p) : null;
  if (!p || !cands) return { edit: null, reason: p ? 'The puzzle is unreadable: fix its syntax first' : `No puzzle on line ${line + 1}` };
  if (p.kind === to) return { edit: null, reason: `The puzzle already is ${to === 'grid' ? 'a grid' : `an ${to}-char line`}` };
  const givens = givensOf(cands);
  let newText: string;
  if (to === '729') newText = pencilmarkString(p.kind === '729' ? cands : eliminateGivens(cands, givens));
  else if (to === '81') newText = givensString(givens);
  else newText = Array.from({ length: 9 }, (_, r) => givensString(givens).slice(9 * r, 9 * r + 9)).join('\n');
  const lossy = p.kind === '729' && to !== '729' && cands.some((m, c) => !givens[c] && m !== 0x1ff);
  return {
    edit: { range: p.range, newText },
    reason: lossy ? 'Pencilmarks other than solved cells are dropped in this format' : null,
  };
}

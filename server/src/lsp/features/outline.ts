/**
 * The outline (one symbol per puzzle, with its status and rating) and folding for grids with headers,
 * both limited to `sudokuLens.outline.maxItems` (as VS Code's JSON server's `json.maxItemsComputed`):
 * the client asks for them whole after every edit.
 */
import { type DocumentSymbol, type FoldingRange, SymbolKind } from 'vscode-languageserver';
import type { AnalysisCache } from '../services/analysisCache';
import { describeStatus } from '../../engine/core/analyze';
import { plural } from '../../engine/core/format';
import { type Puzzle, firstLine, shiftRange } from '../../engine/core/parse';
import { seFormat } from '../../engine/se/rate';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import type { RatingService } from '../services/ratings';

/**
 * A symbol for each of the first `maxItems` puzzles, then, if there are more, one that says how many
 * and leads to them. That last symbol spans only the first puzzle left out: spanning the rest of the
 * file, it would hold every line below, and sticky scroll and the breadcrumbs would show it wherever
 * the cursor is down there.
 */
export function documentSymbols(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService, maxItems: number): DocumentSymbol[] {
  // Origins and their shifts: no puzzle is copied to its new lines for this.
  const symbols = Array.from({ length: Math.min(maxItems, doc.puzzleCount) }, (_, i) => puzzleSymbol(doc.origin(i), doc.shift(i), cache, ratings));
  const left = doc.puzzleCount - symbols.length;
  if (left > 0) {
    const next = doc.puzzle(symbols.length);
    symbols.push({
      name: `${plural(left, 'more puzzle')} not listed`,
      detail: 'limit: sudokuLens.outline.maxItems',
      kind: SymbolKind.Object,
      range: { start: { line: firstLine(next), character: 0 }, end: next.range.end },
      selectionRange: next.range,
    });
  }
  return symbols;
}

/** The symbol of puzzle `p`, `moved` lines further down than where it was parsed. */
function puzzleSymbol(p: Puzzle, moved: number, cache: AnalysisCache, ratings: RatingService): DocumentSymbol {
  const title = p.header.find((h) => h.tag === 'D' || h.tag === 'title')?.value;
  const analysis = cache.peek(p);
  const rating = p.text ? ratings.peek(p.text) : undefined;
  const detail = [
    p.kind === 'grid' ? 'grid' : `${p.kind}-char`,
    p.pattern ? 'clue pattern' : p.text === null ? 'unreadable' : analysis ? describeStatus(analysis.status) : undefined,
    rating?.status === 'solved' ? `ER ${seFormat(rating.er)}` : undefined,
  ].filter(Boolean);
  const cells = moved === 0 ? p.range : shiftRange(p.range, moved);
  return {
    name: `Line ${p.line + moved + 1}${title ? `: ${title}` : ''}`,
    detail: detail.join(' · '),
    kind: SymbolKind.Object,
    range: { start: { line: firstLine(p) + moved, character: 0 }, end: cells.end },
    selectionRange: cells,
  };
}

/** Grids with headers fold with them; at most `maxItems` ranges, as the outline. */
export function foldingRanges(doc: PuzzleDocument, maxItems: number): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  for (let i = 0; i < doc.puzzleCount && ranges.length < maxItems; i++) {
    // Origins and their shifts: a file of one-line puzzles is read without copying any.
    const p = doc.origin(i);
    const moved = doc.shift(i);
    if (p.range.end.line > firstLine(p)) ranges.push({ startLine: firstLine(p) + moved, endLine: p.range.end.line + moved, kind: 'region' });
  }
  return ranges;
}

/**
 * The outline (one symbol per puzzle, with its status and rating) and folding for grids with headers,
 * both limited to `sudokuLens.outline.maxItems` (as VS Code's JSON server's `json.maxItemsComputed`):
 * the client asks for them whole after every edit.
 */
import { type DocumentSymbol, type FoldingRange, SymbolKind } from 'vscode-languageserver';
import type { AnalysisCache } from './analysisCache';
import { describeStatus } from './engine/analyze';
import { plural } from './engine/format';
import type { Puzzle } from './engine/parse';
import { seFormat } from './engine/rate';
import type { PuzzleDocument } from './puzzleDocument';
import type { RatingService } from './ratings';

const firstLine = (p: Puzzle): number => Math.min(p.range.start.line, ...p.header.map((h) => h.line));

/** A symbol for each of the first `maxItems` puzzles, then, if there are more, one that says how many and leads to them. */
export function documentSymbols(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService, maxItems: number): DocumentSymbol[] {
  const symbols = doc.puzzles.slice(0, maxItems).map((p) => puzzleSymbol(p, cache, ratings));
  const left = doc.puzzles.length - symbols.length;
  if (left > 0) {
    const next = doc.puzzles[symbols.length];
    symbols.push({
      name: `${plural(left, 'more puzzle')} not listed`,
      detail: 'limit: sudokuLens.outline.maxItems',
      kind: SymbolKind.Object,
      range: { start: { line: firstLine(next), character: 0 }, end: doc.puzzles[doc.puzzles.length - 1].range.end },
      selectionRange: next.range,
    });
  }
  return symbols;
}

function puzzleSymbol(p: Puzzle, cache: AnalysisCache, ratings: RatingService): DocumentSymbol {
  const title = p.header.find((h) => h.tag === 'D' || h.tag === 'title')?.value;
  const analysis = cache.peek(p);
  const rating = p.text ? ratings.peek(p.text) : undefined;
  const detail = [
    p.kind === 'grid' ? 'grid' : `${p.kind}-char`,
    p.pattern ? 'clue pattern' : p.text === null ? 'unreadable' : analysis ? describeStatus(analysis.status) : undefined,
    rating?.status === 'solved' ? `ED ${seFormat(rating.er)}` : undefined,
  ].filter(Boolean);
  return {
    name: `Line ${p.line + 1}${title ? `: ${title}` : ''}`,
    detail: detail.join(' · '),
    kind: SymbolKind.Object,
    range: { start: { line: firstLine(p), character: 0 }, end: p.range.end },
    selectionRange: p.range,
  };
}

/** Grids with headers fold with them; at most `maxItems` ranges, as the outline. */
export function foldingRanges(doc: PuzzleDocument, maxItems: number): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  for (const p of doc.puzzles) {
    if (ranges.length >= maxItems) break;
    if (p.range.end.line > firstLine(p)) ranges.push({ startLine: firstLine(p), endLine: p.range.end.line, kind: 'region' });
  }
  return ranges;
}

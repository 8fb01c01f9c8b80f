/** The outline (one symbol per puzzle, with its status and rating) and folding for grids with headers. */
import { type DocumentSymbol, type FoldingRange, SymbolKind } from 'vscode-languageserver';
import type { AnalysisCache } from './analysisCache';
import { describeStatus } from './engine/analyze';
import type { Puzzle } from './engine/parse';
import { seFormat } from './engine/rate';
import type { PuzzleDocument } from './puzzleDocument';
import type { RatingService } from './ratings';

const firstLine = (p: Puzzle): number => Math.min(p.range.start.line, ...p.header.map((h) => h.line));

export function documentSymbols(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService): DocumentSymbol[] {
  return doc.puzzles.map((p) => {
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
  });
}

export function foldingRanges(doc: PuzzleDocument): FoldingRange[] {
  return doc.puzzles
    .filter((p) => p.range.end.line > firstLine(p))
    .map((p) => ({ startLine: firstLine(p), endLine: p.range.end.line, kind: 'region' }));
}

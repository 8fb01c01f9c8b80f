/**
 * Inlay hint after each puzzle in view: its SE rating (`ED 7.2`). Ratings not yet known are
 * queued on the workers; the server asks the client to refresh hints as they arrive.
 */
import type { InlayHint, Range } from 'vscode-languageserver';
import type { AnalysisCache } from './analysisCache';
import { seFormat } from './engine/rate';
import type { PuzzleDocument } from './puzzleDocument';
import { type RatingService, ratableText } from './ratings';

export function inlayHints(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService, range: Range): InlayHint[] {
  const hints: InlayHint[] = [];
  for (const puzzle of doc.puzzles) {
    if (puzzle.range.end.line < range.start.line || puzzle.line > range.end.line) continue;
    const text = ratableText(puzzle, cache);
    if (!text) continue;
    const summary = ratings.peek(text);
    if (!summary) {
      ratings.path(text, true).catch(() => undefined); // refreshed through onRated
      continue;
    }
    const value = seFormat(summary.er);
    const label = summary.status === 'solved' ? `ED ${value}` : `ED ≥${value}`;
    const tooltip = summary.status === 'solved' ? `Sudoku Explainer rating ER ${value}` : `Sudoku Explainer rating: ${summary.status}, at least ${value}`;
    hints.push({ position: (puzzle.trailingRange ?? puzzle.range).end, label, paddingLeft: true, tooltip });
  }
  return hints;
}

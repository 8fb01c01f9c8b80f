/**
 * Inlay hint after each puzzle in view with its headline rating, as the user picks it:
 * Sudoku Explainer's ER (`ER 7.2`), Berthier's W (`W5`) or the BLISS level (`BLISS 1`). Ratings
 * not yet known are queued on the workers; the server asks for a refresh as they arrive. Behind
 * them, the other figures a hover on those lines shows are queued too, so that the hover finds them.
 */
import type { InlayHint, Range } from 'vscode-languageserver';
import type { AnalysisCache } from '../services/analysisCache';
import type { Puzzle } from '../../engine/core/parse';
import { seFormat, seRatingText } from '../../engine/se/rate';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import type { RatingService } from '../services/ratings';
import type { HeadlineRating } from '../services/settings';

type Label = { label: string; tooltip: string } | null;

function seLabel(puzzle: Puzzle, cache: AnalysisCache, ratings: RatingService): Label {
  if (cache.get(puzzle)?.status !== 'unique' || !puzzle.text) return null;
  const summary = ratings.peek(puzzle.text);
  if (!summary) {
    ratings.summary(puzzle.text, true).catch(() => undefined);
    return null;
  }
  // Labelled ER, the number it is: SE's triple reads ED=ER/EP/ED, so `ED 4.2` would name its third figure.
  const value = seFormat(summary.er);
  return summary.status === 'solved'
    ? { label: `ER ${value}`, tooltip: `Sudoku Explainer rating ${seRatingText(summary)} (ER/EP/ED)` }
    : { label: `ER ≥${value}`, tooltip: `Sudoku Explainer rating: ${summary.status}, ER at least ${value}` };
}

function extrasLabel(puzzle: Puzzle, cache: AnalysisCache, ratings: RatingService, which: 'w' | 'bliss'): Label {
  const status = cache.get(puzzle)?.status;
  if (!puzzle.text || (status !== 'unique' && status !== 'unchecked')) return null;
  const variant = cache.variant(puzzle);
  const extras = ratings.peekExtras(puzzle.text, variant);
  if (!extras) {
    ratings.extras(puzzle.text, variant).catch(() => undefined);
    return null;
  }
  if (which === 'w') {
    if (!extras.w) return null;
    const label = extras.w.status === 'solved' ? `W${extras.w.rating}` : extras.w.status === 'budget' ? 'W?' : 'W>20';
    return { label, tooltip: `Berthier's W rating (whips): ${extras.w.status}` };
  }
  const level = extras.bliss.level;
  return { label: level === null ? 'BLISS –' : `BLISS ${level}`, tooltip: `BLISS level${extras.bliss.backdoor ? ', backdoor found' : ''}` };
}

/** What a hover on the puzzle shows besides the headline rating, queued behind the view's ratings. */
function prefetch(puzzle: Puzzle, cache: AnalysisCache, ratings: RatingService, which: 'se' | 'w' | 'bliss'): void {
  const status = cache.get(puzzle)?.status;
  if (!puzzle.text || (status !== 'unique' && status !== 'unchecked')) return;
  if (which === 'se') ratings.prefetchExtras(puzzle.text, cache.variant(puzzle));
  else if (status === 'unique') ratings.prefetchSummary(puzzle.text);
}

export function inlayHints(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService, range: Range, which: HeadlineRating): InlayHint[] {
  if (which === 'off') return [];
  const hints: InlayHint[] = [];
  const inView = doc.puzzlesBetween(range.start.line, range.end.line);
  for (const puzzle of inView) {
    const label = which === 'se' ? seLabel(puzzle, cache, ratings) : extrasLabel(puzzle, cache, ratings, which);
    if (label) hints.push({ position: (puzzle.trailingRange ?? puzzle.range).end, paddingLeft: true, ...label });
  }
  for (const puzzle of inView) prefetch(puzzle, cache, ratings, which);
  return hints;
}

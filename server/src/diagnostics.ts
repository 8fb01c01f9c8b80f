/**
 * Diagnostics of a document. Quick pass (as you type): syntax, structural checks and any
 * cached solver results. Full pass (open, save): every puzzle solved, in time slices that
 * yield to other requests and stop when the document changes.
 */
import type { Diagnostic } from 'vscode-languageserver';
import type { AnalysisCache } from './analysisCache';
import type { Analysis } from './engine/analyze';
import { findingsOf } from './engine/findings';
import { blissFindings, ratingFindings } from './engine/ratingFindings';
import { type Puzzle, candidatesOf } from './engine/parse';
import { withUAFindings } from './engine/uaFindings';
import { validateState } from './engine/validate';
import { toDiagnostic } from './lsp';
import type { PuzzleDocument } from './puzzleDocument';
import type { RatingService } from './ratings';
import { nextTurn } from './turn';
import type { UAService } from './uaService';

const SLICE_MS = 10;

/** Findings of the ratings already known for a puzzle (SE: BUG, trailing ED; BLISS on 729 lines). */
function knownRatingFindings(puzzle: Puzzle, cache: AnalysisCache, ratings: RatingService) {
  const text = puzzle.text ?? '';
  return [...ratingFindings(puzzle, ratings.peek(text)), ...blissFindings(puzzle, ratings.peekExtras(text, cache.variant(puzzle)))];
}

/** A solved puzzle's findings: its analysis's, plus what the ratings and UA sets found so far. */
function analysedFindings(puzzle: Puzzle, analysis: Analysis, cache: AnalysisCache, ratings: RatingService, ua: UAService) {
  const findings = [...findingsOf(puzzle, analysis.issues), ...knownRatingFindings(puzzle, cache, ratings)];
  return withUAFindings(puzzle, findings, ua.peek(puzzle, cache));
}

function quickFindings(puzzle: Puzzle, cache: AnalysisCache, ratings: RatingService, ua: UAService) {
  const cached = cache.peek(puzzle);
  if (cached) return analysedFindings(puzzle, cached, cache, ratings, ua);
  const cands = candidatesOf(puzzle);
  return cands ? findingsOf(puzzle, validateState(cands, puzzle.kind === '729')) : puzzle.problems;
}

function fullFindings(puzzle: Puzzle, cache: AnalysisCache, ratings: RatingService, ua: UAService, uri: string) {
  const analysis = cache.get(puzzle);
  if (!analysis) return puzzle.problems;
  // Pencilmark lines are validated and reduced with BLISS: start it now, its findings follow.
  if (puzzle.kind === '729' && (analysis.status === 'unique' || analysis.status === 'unchecked')) {
    ratings.extras(puzzle.text as string, cache.variant(puzzle)).catch(() => undefined);
  }
  // Redundant clues, or the smallest unhit UA set: computed on the workers, shown when they arrive.
  ua.want(uri, puzzle, cache);
  return analysedFindings(puzzle, analysis, cache, ratings, ua);
}

export function quickDiagnostics(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService, ua: UAService): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const p of doc.puzzles) for (const f of quickFindings(p, cache, ratings, ua)) out.push(toDiagnostic(f, doc.uri));
  return out;
}

export interface Cancellable {
  readonly isCancellationRequested: boolean;
}

/** Every puzzle solved (cache first); null when cancelled before the end. */
export async function fullDiagnostics(
  doc: PuzzleDocument,
  cache: AnalysisCache,
  ratings: RatingService,
  ua: UAService,
  token: Cancellable,
): Promise<Diagnostic[] | null> {
  const out: Diagnostic[] = [];
  let sliceStart = performance.now();
  for (const p of doc.puzzles) {
    for (const f of fullFindings(p, cache, ratings, ua, doc.uri)) out.push(toDiagnostic(f, doc.uri));
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      if (token.isCancellationRequested) return null;
      sliceStart = performance.now();
    }
  }
  return out;
}

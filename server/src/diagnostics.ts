/**
 * Diagnostics of a document. Quick pass (as you type): syntax, structural checks and any
 * cached solver results. Full pass (open, save): every puzzle solved, in time slices that
 * yield to other requests and stop when the document changes.
 */
import type { Diagnostic } from 'vscode-languageserver';
import type { AnalysisCache } from './analysisCache';
import { findingsOf } from './engine/findings';
import { ratingFindings } from './engine/ratingFindings';
import { type Puzzle, candidatesOf } from './engine/parse';
import { validateState } from './engine/validate';
import { toDiagnostic } from './lsp';
import type { PuzzleDocument } from './puzzleDocument';
import type { RatingService } from './ratings';

const SLICE_MS = 10;

function quickFindings(puzzle: Puzzle, cache: AnalysisCache, ratings: RatingService) {
  const cached = cache.peek(puzzle);
  if (cached) return [...findingsOf(puzzle, cached.issues), ...ratingFindings(puzzle, ratings.peek(puzzle.text ?? ''))];
  const cands = candidatesOf(puzzle);
  return cands ? findingsOf(puzzle, validateState(cands, puzzle.kind === '729')) : puzzle.problems;
}

function fullFindings(puzzle: Puzzle, cache: AnalysisCache, ratings: RatingService) {
  const analysis = cache.get(puzzle);
  if (!analysis) return puzzle.problems;
  return [...findingsOf(puzzle, analysis.issues), ...ratingFindings(puzzle, ratings.peek(puzzle.text ?? ''))];
}

export function quickDiagnostics(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const p of doc.puzzles) for (const f of quickFindings(p, cache, ratings)) out.push(toDiagnostic(f, doc.uri));
  return out;
}

export interface Cancellable {
  readonly isCancellationRequested: boolean;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Every puzzle solved (cache first); null when cancelled before the end. */
export async function fullDiagnostics(
  doc: PuzzleDocument,
  cache: AnalysisCache,
  ratings: RatingService,
  token: Cancellable,
): Promise<Diagnostic[] | null> {
  const out: Diagnostic[] = [];
  let sliceStart = performance.now();
  for (const p of doc.puzzles) {
    for (const f of fullFindings(p, cache, ratings)) out.push(toDiagnostic(f, doc.uri));
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      if (token.isCancellationRequested) return null;
      sliceStart = performance.now();
    }
  }
  return out;
}

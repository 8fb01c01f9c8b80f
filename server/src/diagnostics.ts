/**
 * Diagnostics of a document. Quick pass (as you type): syntax, structural checks and any
 * cached solver results, reusing each unchanged puzzle's diagnostics (DiagnosticsMemo). Full
 * pass (open, save): every puzzle solved, in time slices that yield to other requests and stop
 * when the document changes. Both count the puzzles with errors and warnings as they go.
 */
import type { Diagnostic, Range } from 'vscode-languageserver';
import type { AnalysisCache } from './analysisCache';
import type { DiagnosticsMemo, PuzzleCount, PuzzleDiagnostics } from './diagnosticsMemo';
import type { Analysis } from './engine/analyze';
import { findingsOf } from './engine/findings';
import { type WhipPathDiagnostics, blissFindings, ratingFindings, whipFindings } from './engine/ratingFindings';
import { type Puzzle, candidatesOf } from './engine/parse';
import type { Finding } from './engine/types';
import { withUAFindings } from './engine/uaFindings';
import { validateState } from './engine/validate';
import { toDiagnostic } from './lsp';
import type { PuzzleDocument } from './puzzleDocument';
import type { RatingService } from './ratings';
import { nextTurn } from './turn';
import type { UAService } from './uaService';

const SLICE_MS = 10;

/** Where a document's findings come from: the solver's cache, the ratings, the UA sets; what the settings show. */
export interface Sources {
  cache: AnalysisCache;
  ratings: RatingService;
  ua: UAService;
  whipPath: WhipPathDiagnostics;
  memo: DiagnosticsMemo;
}

/** A pass's diagnostics and the counts the language status item shows. */
export interface PassResult {
  diagnostics: Diagnostic[];
  withErrors: number;
  withWarnings: number;
  /** The document version it is for, and each puzzle's part (refreshes patch it). */
  doc: PuzzleDocument;
  perPuzzle: PuzzleDiagnostics[];
}

/** Findings of the ratings already known for a puzzle (SE: BUG, trailing ED; BLISS on 729 lines; the W path's chains). */
function knownRatingFindings(puzzle: Puzzle, { cache, ratings, whipPath }: Sources) {
  const text = puzzle.text ?? '';
  const extras = ratings.peekExtras(text, cache.variant(puzzle));
  return [...ratingFindings(puzzle, ratings.peek(text)), ...blissFindings(puzzle, extras), ...whipFindings(puzzle, extras, whipPath)];
}

/** A solved puzzle's findings: its analysis's, plus what the ratings and UA sets found so far. */
function analysedFindings(puzzle: Puzzle, analysis: Analysis, sources: Sources) {
  const findings = [...findingsOf(puzzle, analysis.issues), ...knownRatingFindings(puzzle, sources)];
  return withUAFindings(puzzle, findings, sources.ua.peek(puzzle, sources.cache));
}

function countOf(puzzle: Puzzle, analysis: Analysis | null | undefined): PuzzleCount {
  const status = puzzle.text === null ? (puzzle.pattern ? undefined : 'invalid') : analysis?.status;
  return status === 'invalid' || status === 'none' ? 'error' : status === 'multiple' || status === 'unknown' ? 'warning' : null;
}

const withRanges = (puzzle: Puzzle, analysis: Analysis | null | undefined, findings: Finding[], uri: string): PuzzleDiagnostics => ({
  diagnostics: findings.map((f) => toDiagnostic(f, uri)),
  count: countOf(puzzle, analysis),
});

function quickFindings(puzzle: Puzzle, sources: Sources): Finding[] {
  const cached = sources.cache.peek(puzzle);
  if (cached) return analysedFindings(puzzle, cached, sources);
  const cands = candidatesOf(puzzle);
  return cands ? findingsOf(puzzle, validateState(cands, puzzle.kind === '729')) : puzzle.problems;
}

function fullFindings(puzzle: Puzzle, analysis: Analysis | null, sources: Sources, uri: string): Finding[] {
  const { cache, ratings, ua } = sources;
  if (!analysis) return puzzle.problems;
  // Pencilmark lines are validated and reduced with BLISS: start it now, its findings follow.
  if (puzzle.kind === '729' && (analysis.status === 'unique' || analysis.status === 'unchecked')) {
    ratings.extras(puzzle.text as string, cache.variant(puzzle)).catch(() => undefined);
  }
  // Redundant clues, or the smallest unhit UA set: computed on the workers, shown when they arrive.
  ua.want(uri, puzzle, cache);
  return analysedFindings(puzzle, analysis, sources);
}

/** A puzzle's diagnostics from a full pass: solved, its background work started; kept in the memo. */
function fullPuzzle(puzzle: Puzzle, sources: Sources, uri: string): PuzzleDiagnostics {
  const analysis = sources.cache.get(puzzle);
  return sources.memo.set(puzzle, withRanges(puzzle, analysis, fullFindings(puzzle, analysis, sources, uri), uri), true);
}

/** Adds one puzzle's diagnostics and count to a pass's result. */
function add(result: PassResult, part: PuzzleDiagnostics): void {
  result.perPuzzle.push(part);
  for (const d of part.diagnostics) result.diagnostics.push(d);
  if (part.count === 'error') result.withErrors++;
  else if (part.count === 'warning') result.withWarnings++;
}

const emptyResult = (doc: PuzzleDocument): PassResult => ({ diagnostics: [], withErrors: 0, withWarnings: 0, doc, perPuzzle: [] });

const quickPuzzle = (p: Puzzle, sources: Sources, uri: string): PuzzleDiagnostics =>
  sources.memo.get(p) ?? sources.memo.set(p, withRanges(p, sources.cache.peek(p), quickFindings(p, sources), uri), false);

export function quickDiagnostics(doc: PuzzleDocument, sources: Sources): PassResult {
  const result = emptyResult(doc);
  for (const p of doc.puzzles) add(result, quickPuzzle(p, sources, doc.uri));
  return result;
}

/** Where each text stands in a document version (built once per version, on its first refresh). */
const positions = new WeakMap<PuzzleDocument, Map<string, number[]>>();

function positionsOf(doc: PuzzleDocument): Map<string, number[]> {
  let byText = positions.get(doc);
  if (!byText) {
    byText = new Map();
    doc.puzzles.forEach((p, i) => {
      if (p.text !== null) byText!.get(p.text)?.push(i) ?? byText!.set(p.text, [i]);
    });
    positions.set(doc, byText);
  }
  return byText;
}

/**
 * `previous` with the puzzles of `texts` (new ratings or UA sets) computed again: results stream in
 * from the workers for minutes after a large file opens, and each batch costs what it changed.
 */
export function refreshedDiagnostics(previous: PassResult, texts: Iterable<string>, sources: Sources): PassResult {
  const { doc } = previous;
  const perPuzzle = [...previous.perPuzzle];
  const byText = positionsOf(doc);
  for (const text of texts) for (const i of byText.get(text) ?? []) perPuzzle[i] = quickPuzzle(doc.puzzles[i], sources, doc.uri);
  const result = emptyResult(doc);
  for (const part of perPuzzle) add(result, part);
  return result;
}

export interface Cancellable {
  readonly isCancellationRequested: boolean;
}

/** Every puzzle solved (cache first); null when cancelled before the end. */
export async function fullDiagnostics(
  doc: PuzzleDocument,
  sources: Sources,
  token: Cancellable,
): Promise<PassResult | null> {
  const result = emptyResult(doc);
  let sliceStart = performance.now();
  for (const p of doc.puzzles) {
    add(result, sources.memo.get(p, true) ?? fullPuzzle(p, sources, doc.uri));
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      if (token.isCancellationRequested) return null;
      sliceStart = performance.now();
    }
  }
  return result;
}

/**
 * With W paths shown on every puzzle: the lines in view (an inlay hint request's range) get their
 * W computed in the background, so 81-cell puzzles show their first chain where the user looks,
 * and a large file is never rated as a whole.
 */
export function wantWhipPathsInView(doc: PuzzleDocument, { cache, ratings, whipPath }: Sources, range: Range): void {
  if (whipPath !== 'all') return;
  for (const p of doc.puzzlesBetween(range.start.line, range.end.line)) {
    if (!p.text) continue;
    if (cache.get(p)?.status === 'unique' && !ratings.peekExtras(p.text, cache.variant(p))) ratings.extras(p.text, cache.variant(p)).catch(() => undefined);
  }
}

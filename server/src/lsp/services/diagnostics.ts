/**
 * Diagnostics of a document. Quick pass (as you type): syntax, structural checks and any cached
 * solver results, carrying over the last pass's unchanged puzzles and taking the others' from the
 * memo when they are there (DiagnosticsMemo). Full pass (open, save): every puzzle solved, in time
 * slices that yield to other requests and stop when the document changes. Both count the puzzles
 * with errors and warnings as they go.
 */
import type { Diagnostic, Range } from 'vscode-languageserver';
import type { AnalysisCache } from './analysisCache';
import type { DiagnosticsMemo, PuzzleCount, PuzzleDiagnostics } from './diagnosticsMemo';
import type { Analysis } from '../../engine/core/analyze';
import type { Puzzle } from '../../engine/core/parse';
import { puzzleFindings } from '../../engine/core/puzzleFindings';
import type { BugSeverity, WhipPathDiagnostics } from '../../engine/se/ratingFindings';
import type { Finding } from '../../engine/core/types';
import { movedDiagnostics, toDiagnostic } from '../lsp';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import type { RatingService } from './ratings';
import { nextTurn } from '../turn';
import type { UAService } from './uaService';

const SLICE_MS = 10;

/** Where a document's findings come from: the solver's cache, the ratings, the UA sets; what the settings show. */
export interface Sources {
  cache: AnalysisCache;
  ratings: RatingService;
  ua: UAService;
  whipPath: WhipPathDiagnostics;
  bugSeverity: BugSeverity;
  memo: DiagnosticsMemo;
}

/**
 * A pass over one document version, puzzle by puzzle: what is published, what the language status
 * item counts, and what the next pass starts from (it computes only what changed since).
 */
export interface PassResult {
  doc: PuzzleDocument;
  /** The memo's mark when the pass began: texts with results since then are computed again by the next. */
  mark: number;
  /** What the status item counts each puzzle as: 0, WARNING or ERROR. */
  counts: Uint8Array;
  /** The puzzles with diagnostics, by index, at this version's lines. */
  found: Map<number, Diagnostic[]>;
  withErrors: number;
  withWarnings: number;
  /** Puzzles not carried over from the previous pass (0: the same diagnostics as it). */
  updated: number;
}

const WARNING = 1;
const ERROR = 2;

/** Every diagnostic of a pass, to publish. */
export const diagnosticsOf = (result: PassResult): Diagnostic[] => [...result.found.values()].flat();

/** A solved puzzle's findings: its analysis's, plus what the ratings (SE, extras) and UA sets found so far. */
function analysedFindings(puzzle: Puzzle, analysis: Analysis, { cache, ratings, ua, whipPath, bugSeverity }: Sources) {
  const text = puzzle.text ?? '';
  const known = { analysis, rating: ratings.peek(text), extras: ratings.peekExtras(text, cache.variant(puzzle)), ua: ua.peek(puzzle, cache) };
  return puzzleFindings(puzzle, known, { whipPath, bugSeverity });
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
  const cached = sources.cache.shown(puzzle);
  // Not solved yet: syntax and the structural checks only.
  return cached ? analysedFindings(puzzle, cached, sources) : puzzleFindings(puzzle, {});
}

function fullFindings(puzzle: Puzzle, analysis: Analysis | null, sources: Sources, uri: string): Finding[] {
  const { cache, ratings, ua } = sources;
  if (!analysis) return puzzleFindings(puzzle, { analysis });
  // Pencilmark lines are validated and reduced with BLISS: start it now, its findings follow.
  if (puzzle.kind === '729' && (analysis.status === 'unique' || analysis.status === 'unchecked')) {
    ratings.extras(puzzle.text as string, cache.variant(puzzle)).catch(() => undefined);
  }
  // Redundant clues, or the smallest unhit UA set: computed on the workers, shown when they arrive.
  ua.want(uri, puzzle, cache);
  return analysedFindings(puzzle, analysis, sources);
}

/** A puzzle's diagnostics from a full pass: solved, its background work started; kept in the memo. */
function fullPuzzle(origin: Puzzle, sources: Sources, uri: string): PuzzleDiagnostics {
  const analysis = sources.cache.get(origin);
  return sources.memo.set(origin, withRanges(origin, analysis, fullFindings(origin, analysis, sources, uri), uri), true);
}

const quickPuzzle = (origin: Puzzle, sources: Sources, uri: string): PuzzleDiagnostics =>
  sources.memo.get(origin) ?? sources.memo.set(origin, withRanges(origin, sources.cache.shown(origin), quickFindings(origin, sources), uri), false);

function count(result: PassResult, i: number, code: number): void {
  result.counts[i] = code;
  if (code === ERROR) result.withErrors++;
  else if (code === WARNING) result.withWarnings++;
}

/** Puts puzzle i's diagnostics and count in a pass's result, moved from its origin's lines to its own. */
function place(result: PassResult, i: number, part: PuzzleDiagnostics, shift: number): void {
  result.updated++;
  if (part.diagnostics.length > 0) result.found.set(i, movedDiagnostics(part.diagnostics, shift));
  count(result, i, part.count === 'error' ? ERROR : part.count === 'warning' ? WARNING : 0);
}

const emptyResult = (doc: PuzzleDocument, mark: number): PassResult => ({
  doc,
  mark,
  counts: new Uint8Array(doc.puzzleCount),
  found: new Map(),
  withErrors: 0,
  withWarnings: 0,
  updated: 0,
});

/**
 * Syntax, structure and what is known of each puzzle. From a `previous` pass over an earlier
 * version, the puzzles it had whose texts got no result since are carried over (their diagnostics
 * moved with their lines): typing in a 50,000-line file costs what the typing changed.
 */
export const quickDiagnostics = (doc: PuzzleDocument, sources: Sources, previous?: PassResult): PassResult => atOnce(quickSteps(doc, sources, previous));

/**
 * The quick pass after results arrive, in time slices: the background's UA sets and ratings come
 * for thousands of texts at a time after a large file opens, and computing their puzzles again at
 * once held up a hover for up to a quarter of a second. Null when cancelled before the end.
 */
export const slicedQuickDiagnostics = (doc: PuzzleDocument, sources: Sources, token: Cancellable, previous?: PassResult): Promise<PassResult | null> =>
  inSlices(quickSteps(doc, sources, previous), token);

function* quickSteps(doc: PuzzleDocument, sources: Sources, previous?: PassResult): PassSteps {
  const result = emptyResult(doc, sources.memo.mark());
  const again = previous && sources.memo.changedSince(previous.mark);
  // Each puzzle's place in the previous pass, and back.
  const from = previous && again && { previous, places: doc.placesIn(previous.doc), to: new Int32Array(previous.doc.puzzleCount).fill(-1) };
  const sliceOver = sliceClock(64);
  for (let i = 0; i < doc.puzzleCount; i++) {
    const j = from ? from.places[i] : -1;
    if (from && j >= 0 && !(again.size > 0 && again.has(doc.origin(i).text as string))) {
      count(result, i, from.previous.counts[j]);
      from.to[j] = i;
    } else place(result, i, quickPuzzle(doc.origin(i), sources, doc.uri), doc.shift(i));
    if (sliceOver()) yield;
  }
  if (from) moveCarried(result, from.previous, from.to);
  return result;
}

/** The carried puzzles' diagnostics, moved by as many lines as each puzzle moved since the previous pass. */
function moveCarried(result: PassResult, previous: PassResult, to: Int32Array): void {
  for (const [j, diagnostics] of previous.found) {
    const i = to[j];
    if (i >= 0) result.found.set(i, movedDiagnostics(diagnostics, result.doc.shift(i) - previous.doc.shift(j)));
  }
}

export interface Cancellable {
  readonly isCancellationRequested: boolean;
}

/** A pass as a sequence of time slices: it yields where a driver may answer other requests before going on. */
type PassSteps = Generator<void, PassResult, void>;

/**
 * True once SLICE_MS have gone by since the slice began, which then begins anew. The clock is read
 * every `every` calls: the quick pass's carried-over puzzles cost less than reading it.
 */
function sliceClock(every = 1): () => boolean {
  let sliceStart = performance.now();
  let calls = 0;
  return () => {
    if (++calls % every !== 0 || performance.now() - sliceStart <= SLICE_MS) return false;
    sliceStart = performance.now();
    return true;
  };
}

/** Runs a pass to its end without yielding (a quick pass after typing: what it computes is what the typing changed). */
function atOnce(steps: PassSteps): PassResult {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs a pass a slice at a time, letting the requests queued meanwhile go first; null when cancelled before the end. */
async function inSlices(steps: PassSteps, token: Cancellable): Promise<PassResult | null> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
    if (token.isCancellationRequested) return null;
  }
}

/** Each puzzle's diagnostics from `part`. */
function* everyPuzzle(doc: PuzzleDocument, sources: Sources, part: (origin: Puzzle) => PuzzleDiagnostics): PassSteps {
  const result = emptyResult(doc, sources.memo.mark());
  const sliceOver = sliceClock();
  for (let i = 0; i < doc.puzzleCount; i++) {
    place(result, i, part(doc.origin(i)), doc.shift(i));
    if (sliceOver()) yield;
  }
  return result;
}

/**
 * A document's first pass, when it opens: what the quick pass finds (syntax, structure, cached
 * results), in time slices. At once it would hold up the requests the editor sends right behind
 * the document (lenses, inlay hints of the lines in view) for half a second on a 50,000-line file.
 */
export const openingDiagnostics = (doc: PuzzleDocument, sources: Sources, token: Cancellable): Promise<PassResult | null> =>
  inSlices(everyPuzzle(doc, sources, (origin) => quickPuzzle(origin, sources, doc.uri)), token);

/** Every puzzle solved (cache first); null when cancelled before the end. */
export const fullDiagnostics = (doc: PuzzleDocument, sources: Sources, token: Cancellable): Promise<PassResult | null> =>
  inSlices(everyPuzzle(doc, sources, (origin) => sources.memo.get(origin, true) ?? fullPuzzle(origin, sources, doc.uri)), token);

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

/** Answers to the client's custom requests (protocol.ts): solve, validate, rate one puzzle; its SE and W paths. */
import { type CancellationToken, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import type { AnalysisCache } from '../services/analysisCache';
import { describeStatus } from '../../engine/core/analyze';
import { gridPicture, plural, solutionString } from '../../engine/core/format';
import type { Puzzle } from '../../engine/core/parse';
import { describeRating, pathText, summarize } from '../../engine/se/rate';
import type { WPathJob } from '../../jobs/table';
import { type PathResponse, type RateResponse, type SolveResponse, type ValidateResponse, fileName } from '../../protocol';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import { type RatingService, ratableText } from '../services/ratings';
import { HIDDEN_SOLUTION } from '../services/settings';

const where = (p: Puzzle): string => `Line ${p.line + 1}`;

/** `hide` (spoiler protection): a unique solution is withheld, and the answer says so. */
export function solveAt(doc: PuzzleDocument, cache: AnalysisCache, line: number, hide = false): SolveResponse {
  const p = doc.puzzleAt(line);
  if (!p) return { puzzle: null };
  const analysis = cache.get(p);
  const status = analysis ? analysis.status : 'invalid';
  const summary = analysis ? describeStatus(status) : p.problems.map((f) => f.message).join('; ');
  const hidden = hide && !!analysis?.solution;
  const solution = analysis?.solution && !hidden ? solutionString(analysis.solution) : null;
  const file = fileName(doc.uri);
  const lines = [`# ${where(p)} of ${file}: ${summary}`, `# puzzle`, p.text ?? '(unreadable)'];
  if (solution && analysis?.solution) lines.push('# solution', solution, '', gridPicture(analysis.solution));
  if (hidden) lines.push(`# solution ${HIDDEN_SOLUTION}: "Reveal solution" shows it`);
  return {
    puzzle: { line: p.line, insertLine: p.range.end.line + 1, status, summary, solution, hidden, document: lines.join('\n') + '\n' },
  };
}

export function validateAt(doc: PuzzleDocument, cache: AnalysisCache, line: number): ValidateResponse {
  const p = doc.puzzleAt(line);
  if (!p) return { message: null, severity: 'information' };
  const analysis = cache.get(p);
  if (!analysis) return { message: `${where(p)}: ${p.problems.map((f) => f.message).join('; ')}`, severity: 'error' };
  const problems = analysis.issues.filter((i) => i.severity === 'error' || i.severity === 'warning');
  const detail = problems.length > 0 ? ` — ${problems.map((i) => i.message).join('; ')}` : '';
  const severity = problems.some((i) => i.severity === 'error') ? 'error' : problems.length > 0 ? 'warning' : 'information';
  return { message: `${where(p)}: ${describeStatus(analysis.status)}, ${plural(analysis.givens, 'given')}${detail}`, severity };
}

export async function rateAt(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService, line: number): Promise<RateResponse> {
  const p = doc.puzzleAt(line);
  if (!p) return { message: null };
  const text = ratableText(p, cache);
  if (!text) return { message: `${where(p)}: not rated: ${cache.get(p) ? describeStatus(cache.get(p)!.status) : 'unreadable'}` };
  return { message: `${where(p)}: ${describeRating(await ratings.summary(text, true, true))}` };
}

/** The work's result, or RequestCancelled when the client cancelled it (its worker was stopped). */
export async function unlessCancelled<T>(token: CancellationToken, what: string, work: Promise<T>): Promise<T | ResponseError> {
  try {
    return await work;
  } catch (err) {
    if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, `${what} cancelled`);
    throw err;
  }
}

/** The puzzle at `line` with the text to rate, or why it has no path (no puzzle, no unique solution). */
function ratablePuzzle(doc: PuzzleDocument, cache: AnalysisCache, line: number): { p: Puzzle; text: string } | PathResponse {
  const p = doc.puzzleAt(line);
  if (!p) return { document: null, reason: `No puzzle on line ${line + 1}` };
  const text = ratableText(p, cache);
  if (!text) return { document: null, reason: `${where(p)}: no path: ${cache.get(p) ? describeStatus(cache.get(p)!.status) : 'unreadable'}` };
  return { p, text };
}

/** A path's side document: a header the client links back to the line, the puzzle, the steps. */
const pathDocument = (p: Puzzle, uri: string, headline: string, text: string, title: string, steps: string[]): PathResponse => ({
  document: [`# ${where(p)} of ${fileName(uri)}: ${headline}`, `# puzzle`, text, `# ${title}`, ...steps].join('\n') + '\n',
  reason: null,
});

export async function pathAt(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService, line: number): Promise<PathResponse> {
  const found = ratablePuzzle(doc, cache, line);
  if (!('p' in found)) return found;
  const rating = await ratings.path(found.text, true, true);
  return pathDocument(found.p, doc.uri, describeRating(summarize(rating)), found.text, 'path (difficulty, step)', pathText(rating));
}

/**
 * The "Whip path" lens: the puzzle's W path (chains numbered, singles summarised), computed on the
 * interactive rating worker within the rating budget. Over budget, a message says so; a puzzle whips
 * do not solve gets its path up to where they run out, under a header saying so.
 */
export async function whipPathAt(
  doc: PuzzleDocument,
  cache: AnalysisCache,
  ratings: RatingService,
  line: number,
  budgetMs: number,
  token: CancellationToken,
): Promise<PathResponse | ResponseError> {
  const found = ratablePuzzle(doc, cache, line);
  if (!('p' in found)) return found;
  const job: WPathJob = { text: found.text, budgetMs };
  const path = await unlessCancelled(token, 'Whip path', ratings.oneOff('wPath', job, true, token));
  if (path instanceof ResponseError) return path;
  if (path.overBudget) {
    return { document: null, reason: `${where(found.p)}: ${path.headline}: the rating budget (sudokuLens.rating.budgetMs, ${budgetMs} ms) ran out` };
  }
  return pathDocument(found.p, doc.uri, path.headline, found.text, 'W path (chains in SudoRules syntax, singles summarised)', path.lines);
}

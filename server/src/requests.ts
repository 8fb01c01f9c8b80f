/** Answers to the client's custom requests (protocol.ts): solve and validate one puzzle. */
import type { AnalysisCache } from './analysisCache';
import { describeStatus } from './engine/analyze';
import { gridPicture, solutionString } from './engine/format';
import type { Puzzle } from './engine/parse';
import { describeRating, pathText, summarize } from './engine/rate';
import type { PathResponse, RateResponse, SolveResponse, ValidateResponse } from './protocol';
import type { PuzzleDocument } from './puzzleDocument';
import { type RatingService, ratableText } from './ratings';
import { HIDDEN_SOLUTION } from './settings';

const where = (p: Puzzle): string => `Line ${p.line + 1}`;
/** The file name a header shows, e.g. `collection.sdm`. */
export const fileName = (uri: string): string => decodeURIComponent(uri.split('/').pop() ?? uri);

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
  return { message: `${where(p)}: ${describeStatus(analysis.status)}, ${analysis.givens} givens${detail}`, severity };
}

export async function rateAt(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService, line: number): Promise<RateResponse> {
  const p = doc.puzzleAt(line);
  if (!p) return { message: null };
  const text = ratableText(p, cache);
  if (!text) return { message: `${where(p)}: not rated: ${cache.get(p) ? describeStatus(cache.get(p)!.status) : 'unreadable'}` };
  return { message: `${where(p)}: ${describeRating(await ratings.summary(text, true, true))}` };
}

export async function pathAt(doc: PuzzleDocument, cache: AnalysisCache, ratings: RatingService, line: number): Promise<PathResponse> {
  const p = doc.puzzleAt(line);
  if (!p) return { document: null, reason: `No puzzle on line ${line + 1}` };
  const text = ratableText(p, cache);
  if (!text) return { document: null, reason: `${where(p)}: no path: ${cache.get(p) ? describeStatus(cache.get(p)!.status) : 'unreadable'}` };
  const rating = await ratings.path(text, true, true);
  const file = fileName(doc.uri);
  const head = [`# ${where(p)} of ${file}: ${describeRating(summarize(rating))}`, `# puzzle`, text, `# path (difficulty, step)`];
  return { document: [...head, ...pathText(rating)].join('\n') + '\n', reason: null };
}

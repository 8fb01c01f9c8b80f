/**
 * The grid view's answer (`sudokuLens/grid`): the puzzle at a line as the solving path starts
 * from it (values and candidates, as engine/core/state.ts reads them), its solution and its steps.
 */
import type { AnalysisCache } from '../services/analysisCache';
import { describeStatus } from '../../engine/core/analyze';
import { candidatesOf } from '../../engine/core/parse';
import { describeRating, summarize } from '../../engine/se/rate';
import { State } from '../../engine/core/state';
import type { Candidate, Link, Step } from '../../engine/core/step';
import type { GridResponse, StepView } from '../../protocol';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import { type RatingService, ratableText } from '../services/ratings';

/** How long the grid waits for a rating before it answers without steps (the rating goes on). */
export const GRID_RATING_WAIT_MS = 3_000;

const zeros = (): number[] => new Array<number>(81).fill(0);
const candidate = (c: Candidate): Candidate => ({ cell: c.cell, digit: c.digit });
const link = (l: Link): Link => ({ from: candidate(l.from), to: candidate(l.to), strong: l.strong });

/** A plain copy of a step's fields: JSON as it is, whatever class or worker made the step. */
export function stepView(s: Step): StepView {
  return {
    technique: s.technique,
    difficulty: s.difficulty,
    placements: s.placements.map(candidate),
    eliminations: s.eliminations.map(candidate),
    cells: [...s.cells],
    candidates: s.candidates.map(candidate),
    houses: [...s.houses],
    links: s.links.map(link),
    text: s.text,
  };
}

export async function gridAt(
  doc: PuzzleDocument,
  cache: AnalysisCache,
  ratings: Pick<RatingService, 'pathWithin'>,
  line: number,
  waitMs = GRID_RATING_WAIT_MS,
  hideSolution = false,
): Promise<GridResponse> {
  const p = doc.puzzleAt(line);
  if (!p) return { puzzle: null };
  const base = { line: p.line, kind: p.kind, text: p.text, solution: null, solutionHidden: false, rating: null, steps: [] };
  const cands = candidatesOf(p);
  const analysis = cache.get(p);
  if (!cands || !analysis) {
    const why = p.problems.map((f) => f.message).join('; ') || 'unreadable';
    return { puzzle: { ...base, status: 'invalid', givens: zeros(), candidates: zeros(), message: `unreadable: ${why}` } };
  }
  const start = State.fromCandidates(cands, p.kind === '729');
  const puzzle = {
    ...base,
    status: analysis.status,
    givens: [...start.values],
    candidates: [...start.cands],
    solution: analysis.solution && !hideSolution ? [...analysis.solution] : null,
    solutionHidden: !!analysis.solution && hideSolution,
  };
  const text = ratableText(p, cache);
  if (!text) return { puzzle: { ...puzzle, message: `no solving path: ${describeStatus(analysis.status)}` } };
  try {
    const rating = await ratings.pathWithin(text, waitMs);
    if (!rating) {
      return { puzzle: { ...puzzle, message: `the rating is still running (more than ${waitMs / 1000} s); the steps appear when it is done` } };
    }
    const message = rating.status === 'solved' ? null : describeRating(summarize(rating));
    return { puzzle: { ...puzzle, rating: describeRating(summarize(rating)), steps: rating.steps.map(stepView), message } };
  } catch (err) {
    return { puzzle: { ...puzzle, message: `the rating failed: ${err instanceof Error ? err.message : String(err)}` } };
  }
}

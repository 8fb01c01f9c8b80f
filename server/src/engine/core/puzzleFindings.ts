/**
 * A puzzle's findings from whatever is known about it: the one place the editor's diagnostics
 * and the CLI's rows put syntax, structure, solver, rating, BLISS, W path and UA findings
 * together, so both show the same findings in the same order.
 */
import type { Analysis } from './analyze';
import type { ExtraRatings } from '../whips/extraRatings';
import { findingsOf } from './findings';
import { type Puzzle, candidatesOf } from './parse';
import type { RatingSummary } from '../se/rate';
import { type BugSeverity, type WhipPathDiagnostics, DEFAULT_BUG_SEVERITY, blissFindings, ratingFindings, whipFindings } from '../se/ratingFindings';
import type { Finding } from './types';
import { withUAFindings } from '../ua/uaFindings';
import type { UAInfo } from '../ua/uaInfo';
import { validateState } from './validate';

/** What is known about a puzzle; each piece is left out until it is computed. */
export interface Known {
  /**
   * The solver's analysis; null when the syntax is broken (the parse problems are the findings);
   * left out before the puzzle is solved: the structural checks, which are cheap, stand in for it.
   */
  analysis?: Analysis | null;
  /** The SE rating (BUG states, a trailing ED that disagrees). */
  rating?: RatingSummary | null;
  /** W, BLISS and the rest (BLISS's finds on 729 lines, the W path's chains). */
  extras?: ExtraRatings;
  /** Redundant clues, or the smallest unhit UA set of a puzzle with several solutions. */
  ua?: UAInfo;
}

/** How some findings show: the editor's settings; the CLI keeps the defaults (no W path findings). */
export interface Shown {
  bugSeverity?: BugSeverity;
  whipPath?: WhipPathDiagnostics;
}

export function puzzleFindings(puzzle: Puzzle, known: Known, shown: Shown = {}): Finding[] {
  const { analysis, rating, extras, ua } = known;
  if (analysis === undefined) {
    const cands = candidatesOf(puzzle);
    return cands ? findingsOf(puzzle, validateState(cands, puzzle.kind === '729')) : puzzle.problems;
  }
  if (analysis === null) return puzzle.problems;
  const findings = [
    ...findingsOf(puzzle, analysis.issues),
    ...ratingFindings(puzzle, rating ?? undefined, shown.bugSeverity ?? DEFAULT_BUG_SEVERITY),
    ...blissFindings(puzzle, extras),
    ...whipFindings(puzzle, extras, shown.whipPath ?? 'off'),
  ];
  return withUAFindings(puzzle, findings, ua);
}

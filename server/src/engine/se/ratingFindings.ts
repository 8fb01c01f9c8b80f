/**
 * Findings that come from a puzzle's ratings: BUG states met on the SE path (information, or what
 * `sudokuLens.diagnostics.bugSeverity` says), a trailing `ED=…` that disagrees with the computed
 * rating (hint), BLISS's finds and the W path's chains.
 */
import { findingsOf } from '../core/findings';
import { cellName } from '../core/grid';
import type { Puzzle } from '../core/parse';
import type { ExtraRatings, WChain } from '../whips/extraRatings';
import { type RatingSummary, seRatingText } from './rate';
import { range, type Finding, type Severity } from '../core/types';
import type { CellIssue } from '../core/validate';

/** A trailing `ED=ER/EP/ED` as SE writes it. */
export const ED_RE = /\bED=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)/;

/** `BUG+1: r5c6=7 ==> …` → `BUG+1: r5c6 must be 7`: the forum's way of saying what the BUG forces. */
const bugResolution = (text: string): string => text.split(' ==> ')[0].replace(/(r\dc\d)=(\d)/g, '$1 must be $2');

/**
 * How a BUG state shows (setting `sudokuLens.diagnostics.bugSeverity`). Information by default: a
 * BUG is a step of a valid puzzle's solving path (a technique, as an X-Wing is), not a fault, and
 * a warning would mark sound collections as having problems.
 */
export type BugSeverity = Extract<Severity, 'hint' | 'information' | 'warning'>;
export const DEFAULT_BUG_SEVERITY: BugSeverity = 'information';

function bugIssues(summary: RatingSummary, severity: BugSeverity): CellIssue[] {
  return summary.bugSteps.map((step) => {
    const involved = step.candidates.length > 0 ? step.candidates : step.cells.map((cell) => ({ cell, digit: 0 }));
    const [first, ...rest] = involved;
    return {
      severity,
      code: 'bug',
      message: `${bugResolution(step.text)} (the solving path reaches a BUG state: ${step.technique})`,
      cells: first ? [first.cell] : [],
      digit: first?.digit || undefined,
      related: rest.map((c) => ({
        cell: c.cell,
        digit: c.digit || undefined,
        message: c.digit ? `${cellName(c.cell)} candidate ${c.digit} of the BUG pattern` : `${cellName(c.cell)} is part of the BUG pattern`,
      })),
    };
  });
}

function edMismatch(puzzle: Puzzle, summary: RatingSummary): Finding[] {
  if (!puzzle.trailingRange || summary.status !== 'solved') return [];
  const m = ED_RE.exec(puzzle.trailing);
  if (!m) return [];
  const computed = seRatingText(summary);
  const stated = `ED=${[m[1], m[2], m[3]].map((x) => Number(x).toFixed(1)).join('/')}`;
  if (stated === computed) return [];
  const start = puzzle.trailingRange.start.character + m.index;
  return [
    {
      severity: 'hint',
      code: 'rating-mismatch',
      message: `The line says ${stated}, computed ${computed}`,
      range: range(puzzle.trailingRange.start.line, start, start + m[0].length),
    },
  ];
}

/** BLISS's eliminations and placements on a 729 line, each on its candidate's character. */
export function blissFindings(puzzle: Puzzle, extras: ExtraRatings | undefined): Finding[] {
  if (!extras || puzzle.kind !== '729') return [];
  const issues: CellIssue[] = extras.bliss.steps.map((s) => ({
    severity: 'information',
    code: s.kind === 'place' ? 'bliss-placement' : 'bliss-elimination',
    message: s.text,
    cells: [s.cell],
    digit: s.digit,
    related: s.tested.map((t) => ({ cell: t.cell, digit: t.digit, message: `tested ${t.digit}${cellName(t.cell)}` })),
  }));
  return findingsOf(puzzle, issues);
}

/** Which puzzles show their W path's chains as diagnostics (setting `sudokuLens.diagnostics.whipPath`). */
export type WhipPathDiagnostics = 'all' | 'pencilmark' | 'off';

const chainPosition = (i: number, n: number, complete: boolean): string => `W path, chain ${i + 1} of ${n}${complete ? '' : ' so far'}`;

/**
 * The W path's chains (extras.w.chains): on a 729 line, each elimination on its candidate's
 * character, the chain's candidates as related information; on an 81-cell puzzle, its first chain
 * on the puzzle, the chain's cells as related information. The message says where in the path the
 * chain is: later chains rely on the eliminations of earlier ones.
 */
export function whipFindings(puzzle: Puzzle, extras: ExtraRatings | undefined, mode: WhipPathDiagnostics): Finding[] {
  const w = extras?.w;
  if (!w || mode === 'off' || (mode === 'pencilmark' && puzzle.kind !== '729')) return [];
  const complete = w.status === 'solved';
  const related = (step: WChain) =>
    step.candidates.map((c) => ({ cell: c.cell, digit: c.digit, message: `${c.digit}${cellName(c.cell)} in the chain` }));
  if (puzzle.kind !== '729') {
    const first = w.chains[0];
    if (!first) return [];
    const where = complete ? `first chain of the W path (W${w.rating})` : 'first chain of the W path';
    const cellsOnly = related(first).map((r) => ({ ...r, digit: undefined }));
    return findingsOf(puzzle, [{ severity: 'information', code: 'whip-chain', message: `${where}: ${first.text}`, cells: [], related: cellsOnly }]);
  }
  const issues: CellIssue[] = w.chains.flatMap((step, i) =>
    step.eliminations.map((e) => ({
      severity: 'information' as const,
      code: 'whip-elimination',
      message: `${chainPosition(i, w.chains.length, complete)}: ${step.text}`,
      cells: [e.cell],
      digit: e.digit,
      related: related(step),
    })),
  );
  return findingsOf(puzzle, issues);
}

export function ratingFindings(puzzle: Puzzle, summary: RatingSummary | undefined, bugSeverity = DEFAULT_BUG_SEVERITY): Finding[] {
  if (!summary) return [];
  return [...findingsOf(puzzle, bugIssues(summary, bugSeverity)), ...edMismatch(puzzle, summary)];
}

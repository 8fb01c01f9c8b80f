/**
 * Findings that come from a puzzle's SE rating: BUG states met on the path (warnings) and
 * a trailing `ED=…` that disagrees with the computed rating (hint).
 */
import { findingsOf } from './findings';
import { cellName } from './grid';
import type { Puzzle } from './parse';
import type { ExtraRatings } from './extraRatings';
import { type RatingSummary, seRatingText } from './rate';
import { range, type Finding } from './types';
import type { CellIssue } from './validate';

const ED_RE = /\bED=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)/;

/** `BUG+1: r5c6=7 ==> …` → `BUG+1: r5c6 must be 7`: the forum's way of saying what the BUG forces. */
const bugResolution = (text: string): string => text.split(' ==> ')[0].replace(/(r\dc\d)=(\d)/g, '$1 must be $2');

function bugIssues(summary: RatingSummary): CellIssue[] {
  return summary.bugSteps.map((step) => {
    const involved = step.candidates.length > 0 ? step.candidates : step.cells.map((cell) => ({ cell, digit: 0 }));
    const [first, ...rest] = involved;
    return {
      severity: 'warning',
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

export function ratingFindings(puzzle: Puzzle, summary: RatingSummary | undefined): Finding[] {
  if (!summary) return [];
  return [...findingsOf(puzzle, bugIssues(summary)), ...edMismatch(puzzle, summary)];
}

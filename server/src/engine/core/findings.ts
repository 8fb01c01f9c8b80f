/** Places cell-level issues in the source: each finding gets the narrowest range that shows it. */
import { type Puzzle, candidateRange } from './parse';
import type { Finding } from './types';
import type { CellIssue } from './validate';

export function findingsOf(puzzle: Puzzle, issues: readonly CellIssue[]): Finding[] {
  return issues.map((issue) => {
    const cell = issue.cells[0];
    const finding: Finding = {
      severity: issue.severity,
      code: issue.code,
      message: issue.message,
      range: cell === undefined ? puzzle.range : candidateRange(puzzle, cell, issue.digit ?? 0),
    };
    if (issue.related.length > 0) {
      finding.related = issue.related.map((note) => ({
        range: candidateRange(puzzle, note.cell, note.digit ?? 0),
        message: note.message,
      }));
    }
    return finding;
  });
}

/** What the per-puzzle commands print for every puzzle: the base JSON row (diagnostic lines: jobs/findingLines.ts). */
import type { Analysis } from '../engine/core/analyze';
import { solutionString } from '../engine/core/format';
import { cellName } from '../engine/core/grid';
import type { Puzzle } from '../engine/core/parse';
import type { Candidate } from '../engine/core/step';
import type { Finding } from '../engine/core/types';

export interface BaseRow {
  puzzle: Puzzle;
  analysis: Analysis | null;
  findings: Finding[];
}

export const cellDigit = (c: Candidate) => ({ cell: cellName(c.cell), digit: c.digit });

/** `{"file","line","kind","text","givens","solutions","solution","diagnostics"}`, in that order. */
export function baseJson(file: string, row: BaseRow): Record<string, unknown> {
  const { puzzle, analysis, findings } = row;
  return {
    file,
    line: puzzle.line + 1,
    kind: puzzle.kind,
    text: puzzle.text,
    givens: analysis ? analysis.givens : null,
    solutions: analysis ? analysis.solutions : null,
    solution: analysis?.solution ? solutionString(analysis.solution) : null,
    diagnostics: findings.map((f) => ({ severity: f.severity, code: f.code, message: f.message, range: f.range })),
  };
}

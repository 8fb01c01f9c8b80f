/** What the per-puzzle commands print for every puzzle: the base JSON row and diagnostic lines. */
import type { Analysis } from '../engine/analyze';
import { solutionString } from '../engine/format';
import { cellName } from '../engine/grid';
import type { Puzzle } from '../engine/parse';
import type { Candidate } from '../engine/step';
import type { Finding } from '../engine/types';

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

/** `file:line:col: severity code: message`, hints left out. */
export const diagnosticLines = (file: string, findings: Finding[]): string[] =>
  findings
    .filter((f) => f.severity !== 'hint')
    .map((f) => `${file}:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} ${f.code}: ${f.message}`);

export const hasError = (findings: Finding[]): boolean => findings.some((f) => f.severity === 'error');

/**
 * Findings as the CLI prints them. Here, not in cli/, because the worker's BLISS log
 * (blissReport.ts) prints a puzzle's diagnostics exactly as `sudoku-lens bliss` does.
 */
import type { Finding } from '../engine/core/types';

/** `file:line:col: severity code: message`, hints left out. */
export const diagnosticLines = (file: string, findings: Finding[]): string[] =>
  findings
    .filter((f) => f.severity !== 'hint')
    .map((f) => `${file}:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} ${f.code}: ${f.message}`);

export const hasError = (findings: Finding[]): boolean => findings.some((f) => f.severity === 'error');

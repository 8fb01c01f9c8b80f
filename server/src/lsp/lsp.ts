/** The one boundary where engine data becomes LSP data. */
import { type Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import { shiftRange } from '../engine/core/parse';
import type { Finding, Severity } from '../engine/core/types';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toDiagnostic(finding: Finding, uri: string): Diagnostic {
  const diagnostic: Diagnostic = {
    range: finding.range,
    severity: SEVERITY[finding.severity],
    code: finding.code,
    source: 'sudoku-lens',
    message: finding.message,
  };
  if (finding.related) {
    diagnostic.relatedInformation = finding.related.map((r) => ({ location: { uri, range: r.range }, message: r.message }));
  }
  return diagnostic;
}

/** The same diagnostics `lines` lines further down (their puzzle moved as lines were added or removed above it). */
export function movedDiagnostics(diagnostics: Diagnostic[], lines: number): Diagnostic[] {
  if (lines === 0) return diagnostics;
  return diagnostics.map((d) => {
    const moved: Diagnostic = { ...d, range: shiftRange(d.range, lines) };
    if (d.relatedInformation) moved.relatedInformation = d.relatedInformation.map((r) => ({ ...r, location: { ...r.location, range: shiftRange(r.location.range, lines) } }));
    return moved;
  });
}

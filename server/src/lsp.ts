/** The one boundary where engine data becomes LSP data. */
import { type Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import type { Finding, Severity } from './engine/types';

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

/**
 * A BUG state (Bivalue Universal Grave) met on a valid puzzle's solving path is a technique, not a
 * fault: its `bug` diagnostic is information by default, and `sudokuLens.diagnostics.bugSeverity`
 * raises (or lowers) it.
 */
import { describe, expect, it } from 'vitest';
import { type Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-protocol/node';
import { startServer } from './server';

// From the Sudoku Exchange bank: one solution; its path reaches a BUG+1 state (r6c4 must be 9), ER 5.6.
const BUG_PUZZLE = '.215.........83.2...6...8.....8....1.38...45.7....6.....2...5...5.62.........173.';
const uri = 'file:///bug.sdm';

/** The `bug` diagnostic the server pushes for BUG_PUZZLE with these settings. */
async function bugDiagnostic(settings: unknown): Promise<Diagnostic> {
  const server = await startServer({ workspace: { configuration: true } }, settings);
  try {
    server.open(uri, `${BUG_PUZZLE}\n`);
    // As VS Code does once it is ready: the settings are read again and the document checked with them.
    server.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    // Ratings run for the lines in view, which the editor's inlay hint requests tell the server.
    await server.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } } });
    const pushed = await server.pushMatching(uri, (p) => p.diagnostics.some((d) => d.code === 'bug'));
    return pushed.diagnostics.find((d) => d.code === 'bug')!;
  } finally {
    await server.stop();
  }
}

describe('BUG diagnostics', () => {
  it('are information by default, on the cell the BUG forces', async () => {
    const bug = await bugDiagnostic({});
    expect(bug.severity).toBe(DiagnosticSeverity.Information);
    expect(bug.message).toBe('BUG+1: r6c4 must be 9 (the solving path reaches a BUG state: BUG type 1)');
    expect(bug.range.start).toEqual({ line: 0, character: 48 });
  });

  it.each([
    ['warning', DiagnosticSeverity.Warning],
    ['hint', DiagnosticSeverity.Hint],
  ])('follow sudokuLens.diagnostics.bugSeverity: %s', async (bugSeverity, severity) => {
    expect((await bugDiagnostic({ diagnostics: { bugSeverity } })).severity).toBe(severity);
  });
});

/** The language status item: the active collection's puzzle and problem counts, from the server. */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { type DocumentStatus, StatusNotification } from '../../server/src/protocol';

export function registerStatus(client: BaseLanguageClient): vscode.Disposable {
  const item = vscode.languages.createLanguageStatusItem('sudokuLens.status', { language: 'sudoku' });
  item.name = 'Sudoku Lens';
  item.text = 'Sudoku Lens';
  item.command = { title: 'Problems', command: 'workbench.actions.view.problems' };
  const byUri = new Map<string, DocumentStatus>();

  const show = (): void => {
    const uri = vscode.window.activeTextEditor?.document.uri.toString();
    const s = uri ? byUri.get(uri) : undefined;
    if (!s) return;
    item.text = `${s.puzzles} puzzle${s.puzzles === 1 ? '' : 's'}`;
    item.detail = [s.withErrors ? `${s.withErrors} with errors` : '', s.withWarnings ? `${s.withWarnings} not unique` : ''].filter(Boolean).join(', ') || 'all valid';
    item.severity = s.withErrors ? vscode.LanguageStatusSeverity.Error : s.withWarnings ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
  };

  return vscode.Disposable.from(
    item,
    client.onNotification(StatusNotification, (s: DocumentStatus) => {
      byUri.set(s.uri, s);
      show();
    }),
    vscode.window.onDidChangeActiveTextEditor(show),
    vscode.workspace.onDidCloseTextDocument((d) => byUri.delete(d.uri.toString())),
  );
}

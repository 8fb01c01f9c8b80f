/**
 * "Apply BLISS eliminations to all pencilmark lines": BLISS on every 729-char line in the
 * server's worker pool (progress, Cancel), then one undoable edit, unless the file changed
 * meanwhile.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  COMMANDS,
  type BlissApplyParams,
  BlissApplyRequest,
  type BlissLineResult,
  PuzzleLinesRequest,
  type PuzzleLinesParams,
  describeBlissApply,
} from '../../server/src/protocol';
import { activeSudoku, inBatches } from './collection';
import { applyUnlessChanged, staleWarning } from './rewrite';

/** `uri`: the code action's document; else the active editor's. */
async function applyBlissAll(client: BaseLanguageClient, uri?: string): Promise<void> {
  const doc = uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri) : activeSudoku()?.document;
  if (!doc) return;
  const version = doc.version;
  const at: PuzzleLinesParams = { uri: doc.uri.toString(), kind: '729' };
  const lines = await client.sendRequest<number[]>(PuzzleLinesRequest, at);
  if (lines.length === 0) {
    void vscode.window.showInformationMessage('No 729-char pencilmark lines in this file: BLISS writes its eliminations into pencilmark lines only.');
    return;
  }
  let rows: BlissLineResult[] | undefined;
  try {
    rows = await inBatches('BLISS on pencilmark lines', lines, 'pencilmark lines', (batch, token) => {
      const params: BlissApplyParams = { uri: at.uri, version, lines: batch };
      return client.sendRequest<BlissLineResult[]>(BlissApplyRequest, params, token);
    });
  } catch (err) {
    // The server answers ContentModified once the text is no longer the version asked about.
    if (doc.version !== version) return staleWarning('BLISS');
    void vscode.window.showErrorMessage(`BLISS failed: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  if (!rows) {
    void vscode.window.showInformationMessage('BLISS cancelled: nothing was applied.');
    return;
  }
  if (!(await applyUnlessChanged(doc, version, rows.flatMap((row) => (row.edit ? [row.edit] : [])), 'BLISS'))) return;
  void vscode.window.showInformationMessage(`BLISS: ${describeBlissApply(rows)}.`);
}

export function registerBlissApply(client: BaseLanguageClient): vscode.Disposable {
  return vscode.commands.registerCommand(COMMANDS.blissAll.id, (uri?: string) => applyBlissAll(client, uri));
}

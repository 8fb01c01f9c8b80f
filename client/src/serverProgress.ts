/**
 * A long server request behind a cancellable progress notification: the request carries a
 * work-done token, the server's `$/progress` reports move the notification, and Cancel cancels
 * the request (the server stops its work). Used by the UA searches, Collection statistics and
 * Generate puzzles; `newDocument` opens such a request's answer as a new untitled document.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { WorkDoneProgress } from 'vscode-languageclient';
import type { PathResponse } from '../../server/src/protocol';

let requests = 0;

/** `method` with `params` and a work-done token, behind a notification titled `title`; undefined when cancelled. */
export function withServerProgress<R>(client: BaseLanguageClient, title: string, method: string, params: object): Thenable<R | undefined> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    const workDoneToken = `sudokuLens.progress.${++requests}`;
    let shown = 0;
    const listening = client.onProgress(WorkDoneProgress.type, workDoneToken, (p) => {
      if (p.kind !== 'report') return;
      const percentage = p.percentage ?? shown;
      progress.report({ message: p.message, increment: percentage - shown });
      shown = percentage;
    });
    try {
      return await client.sendRequest<R>(method, { ...params, workDoneToken }, token);
    } catch (err) {
      if (token.isCancellationRequested) return undefined;
      throw err;
    } finally {
      listening.dispose();
    }
  });
}

/** `method`'s answer (a document's text, or why none) behind progress, opened as a new untitled Sudoku document; failure, Cancel and no document as messages. */
export async function newDocument(client: BaseLanguageClient, title: string, method: string, params: object): Promise<void> {
  let answer: PathResponse | undefined;
  try {
    answer = await withServerProgress<PathResponse>(client, title, method, params);
  } catch (err) {
    void vscode.window.showErrorMessage(`${title} failed: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  if (!answer) {
    void vscode.window.showInformationMessage(`${title}: cancelled.`);
    return;
  }
  if (!answer.document) {
    void vscode.window.showWarningMessage(answer.reason ?? `${title}: nothing found.`);
    return;
  }
  const doc = await vscode.workspace.openTextDocument({ language: 'sudoku', content: answer.document });
  await vscode.window.showTextDocument(doc, { preview: false });
}

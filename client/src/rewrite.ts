/**
 * Applying the server's rewrites of a collection: each one undoable WorkspaceEdit, applied only
 * while the document is still the version the command started from.
 */
import * as vscode from 'vscode';
import { type BaseLanguageClient, LSPErrorCodes } from 'vscode-languageclient';
import type { RewriteResponse, TextEditData } from '../../server/src/protocol';

type Range = TextEditData['range'];
export const toRange = (r: Range) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);

/** The server answers ContentModified once the text is no longer the version asked about. */
const isContentModified = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === LSPErrorCodes.ContentModified;

/** Says that `what` was not applied because the file changed while it ran. */
export const staleWarning = (what: string): void =>
  void vscode.window.showWarningMessage(`The file changed while ${what} ran: nothing was applied. Run the command again on the new text.`);

/** `edits` as one undoable edit of `doc`, unless it is no longer `version`; false (and a warning) when nothing was applied. */
export async function applyUnlessChanged(doc: vscode.TextDocument, version: number, edits: readonly TextEditData[], what: string): Promise<boolean> {
  if (doc.version !== version) {
    staleWarning(what);
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) edit.replace(doc.uri, toRange(e.range), e.newText);
  if (edit.size > 0 && !(await vscode.workspace.applyEdit(edit))) {
    void vscode.window.showWarningMessage('The edit could not be applied: nothing was changed.');
    return false;
  }
  return true;
}

/**
 * Asks the server for a rewrite of `doc` at `version` (`params` name both) and applies it; says
 * why not when the server refuses, or what was done.
 */
export async function rewrite(client: BaseLanguageClient, doc: vscode.TextDocument, what: string, request: string, params: { uri: string; version: number }): Promise<void> {
  let answer: RewriteResponse;
  try {
    answer = await client.sendRequest<RewriteResponse>(request, params);
  } catch (err) {
    if (isContentModified(err) || doc.version !== params.version) return staleWarning(what);
    void vscode.window.showErrorMessage(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  if (!answer.edits) {
    void vscode.window.showWarningMessage(answer.message ?? `${what}: nothing to do.`);
    return;
  }
  if ((await applyUnlessChanged(doc, params.version, answer.edits, what)) && answer.message) void vscode.window.showInformationMessage(answer.message);
}

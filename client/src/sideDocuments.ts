/**
 * Read-only side documents: a puzzle's solution and paths, the Rate all list. A scheme of their own
 * keeps them out of the language server's document selector, so they are coloured but not
 * analysed (no diagnostics, lenses or inlay hints of their own); the source's URI is their query.
 */
import * as vscode from 'vscode';
import { fileName } from '../../server/src/protocol';

export const SIDE_SCHEME = 'sudoku-solution';

class SideDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /** One document per source and `title` (`line 4 path`, `ratings`), refreshed when asked again; the tab reads `collection.sdm line 4 path.sdk`. */
  show(source: string, title: string, text: string): Thenable<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: SIDE_SCHEME, path: `/${fileName(source)} ${title}.sdk`, query: source });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return vscode.workspace
      .openTextDocument(uri)
      .then((doc) => vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true }));
  }
}

export const sideDocuments = new SideDocuments();

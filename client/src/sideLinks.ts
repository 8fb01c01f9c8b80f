/**
 * Links a side document's header (`# Line 88 of collection.sdm: …`) back to that line of its
 * source, whose URI the side document's query holds (commands.ts SideDocuments).
 */
import * as vscode from 'vscode';

const HEADER = /^# (Line (\d+) of [^:]+)/;

export function sideDocumentLinks(scheme: string): vscode.Disposable {
  return vscode.languages.registerDocumentLinkProvider(
    { scheme },
    {
      provideDocumentLinks(doc) {
        const m = HEADER.exec(doc.lineAt(0).text);
        if (!m || !doc.uri.query) return [];
        // The `#L88` fragment makes VS Code reveal that line.
        const link = new vscode.DocumentLink(new vscode.Range(0, 2, 0, 2 + m[1].length), vscode.Uri.parse(doc.uri.query).with({ fragment: `L${m[2]}` }));
        link.tooltip = `Go to ${m[1].toLowerCase()}`;
        return [link];
      },
    },
  );
}

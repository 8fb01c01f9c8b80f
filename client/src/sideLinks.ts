/**
 * Links a side document back to its source, whose URI the side document's query holds
 * (sideDocuments.ts): its header (`# Line 88 of collection.sdm: …`) to that line, and in the Rate all
 * list each row's `# line 88` to its puzzle's line.
 */
import * as vscode from 'vscode';
import { LINE_REFERENCE } from '../../server/src/ratingList';

const HEADER = /^# (Line (\d+) of [^:]+)/;

/** A link over `length` characters of `line` from `start`, to line `target` (1-based) of `source`. */
function lineLink(source: vscode.Uri, line: number, start: number, length: number, target: string): vscode.DocumentLink {
  // The `#L88` fragment makes VS Code reveal that line.
  const link = new vscode.DocumentLink(new vscode.Range(line, start, line, start + length), source.with({ fragment: `L${target}` }));
  link.tooltip = `Go to line ${target} of ${source.path.split('/').pop()}`;
  return link;
}

export function sideDocumentLinks(scheme: string): vscode.Disposable {
  return vscode.languages.registerDocumentLinkProvider(
    { scheme },
    {
      provideDocumentLinks(doc) {
        if (!doc.uri.query) return [];
        const source = vscode.Uri.parse(doc.uri.query);
        const links: vscode.DocumentLink[] = [];
        const header = HEADER.exec(doc.lineAt(0).text);
        if (header) links.push(lineLink(source, 0, 2, header[1].length, header[2]));
        for (let line = 1; line < doc.lineCount; line++) {
          const text = doc.lineAt(line).text;
          const row = LINE_REFERENCE.exec(text);
          if (row) links.push(lineLink(source, line, row.index, row[0].length, row[1]));
        }
        return links;
      },
    },
  );
}

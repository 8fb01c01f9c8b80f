/**
 * Web extension entry (VS Code for the Web): starts dist/web/server.js in a Web Worker
 * (features.ts does the rest).
 */
import { type ExtensionContext, Uri } from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { clientOptions, startClient } from './features';

/** The web extension host's Worker (the typings at hand have no DOM lib). */
declare const Worker: new (url: string, options?: { name?: string }) => ConstructorParameters<typeof LanguageClient>[2];

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const server = Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js');
  const worker = new Worker(server.toString(true), { name: 'Sudoku Lens server' });
  // languageclient 11's browser constructor: the worker comes before the options.
  client = new LanguageClient('sudokuLens', 'Sudoku Lens', worker, clientOptions);
  await startClient(client, context);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

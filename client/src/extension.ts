/** Node extension entry: starts dist/server.js over IPC (features.ts does the rest). */
import type { ExtensionContext } from 'vscode';
import { LanguageClient, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { clientOptions, startClient } from './features';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  client = new LanguageClient('sudokuLens', 'Sudoku Lens', serverOptions, clientOptions);
  await startClient(client, context);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

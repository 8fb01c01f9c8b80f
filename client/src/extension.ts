/** Extension entry: starts the language server and registers the commands its lenses call. */
import * as path from 'node:path';
import type { ExtensionContext } from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { registerBlissApply } from './blissApply';
import { registerCollectionCommands } from './collection';
import { registerCommands } from './commands';
import { registerGridView } from './gridView';
import { registerStatus } from './status';
import { registerUACommands } from './uaCommands';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // Files and unsaved buffers only: the read-only solution documents are not analysed.
    documentSelector: [
      { language: 'sudoku', scheme: 'file' },
      { language: 'sudoku', scheme: 'untitled' },
    ],
    synchronize: { configurationSection: 'sudokuLens' },
  };
  client = new LanguageClient('sudokuLens', 'Sudoku Lens', serverOptions, clientOptions);
  context.subscriptions.push(registerCommands(client), registerCollectionCommands(client), registerBlissApply(client), registerUACommands(client));
  context.subscriptions.push(registerGridView(client, context));
  await client.start();
  context.subscriptions.push(registerStatus(client));
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

/** What the Node extension (extension.ts) and the web one (browser.ts) share once they have a client. */
import type { ExtensionContext } from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { registerBlissApply } from './blissApply';
import { registerCollectionCommands } from './collection';
import { registerCommands } from './commands';
import { documentSelector } from './documents';
import { registerGenerate } from './generate';
import { registerGridView } from './gridView/panel';
import { registerStatsView } from './statsView/panel';
import { registerStatus } from './status';
import { registerUACommands } from './uaCommands';

export const clientOptions: LanguageClientOptions = {
  documentSelector,
  synchronize: { configurationSection: 'sudokuLens' },
};

/** Registers the commands, the grid view, the statistics panel and the status item, and starts the client. */
export async function startClient(client: BaseLanguageClient, context: ExtensionContext): Promise<void> {
  context.subscriptions.push(registerCommands(client), registerCollectionCommands(client), registerBlissApply(client), registerUACommands(client), registerGenerate(client));
  context.subscriptions.push(registerGridView(client, context), registerStatsView(client, context));
  await client.start();
  context.subscriptions.push(registerStatus(client));
}

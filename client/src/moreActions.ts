/** The "More…" code lens: the puzzle's actions not in the lens row, as a quick pick; the chosen one runs on that puzzle. */
import * as vscode from 'vscode';
import { COMMANDS, type LensAction, fileName } from '../../server/src/protocol';

async function moreActions(uri: string, line: number, actions: LensAction[]): Promise<void> {
  const picked = await vscode.window.showQuickPick(
    actions.map((action) => ({ label: action.title, action })),
    { title: `Line ${line + 1} of ${fileName(uri)}`, placeHolder: 'Run on this puzzle' },
  );
  if (picked) await vscode.commands.executeCommand(picked.action.command, uri, line);
}

export const registerMoreActions = (): vscode.Disposable => vscode.commands.registerCommand(COMMANDS.more.id, moreActions);

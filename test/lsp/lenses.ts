/** What the LSP tests read from code lenses: a puzzle's actions, in its lens row or behind "More…". */
import type { CodeLens, Command } from 'vscode-languageserver-protocol/node';
import { COMMANDS, type LensAction } from '../../server/src/protocol';

/** The actions the lenses on `line` offer, the row's first, then those of the "More…" quick pick (with the arguments it runs them with). */
export function lensActions(lenses: CodeLens[], line: number): Command[] {
  return lenses
    .filter((l) => l.range.start.line === line && l.command)
    .flatMap((l): Command[] => {
      const command = l.command as Command;
      if (command.command !== COMMANDS.more.id) return [command];
      const [uri, at, actions] = command.arguments as [string, number, LensAction[]];
      return actions.map((a) => ({ title: a.title, command: a.command, arguments: [uri, at] }));
    });
}

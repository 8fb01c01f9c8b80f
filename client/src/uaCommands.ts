/**
 * "Find puzzles for this pattern", "Find 17-clue puzzles in this solution grid" and "List UA
 * sets of this solution": the line under the cursor (or a pattern's lens) goes to the server (UASearchRequest), which
 * searches on a worker of its own; a cancellable progress notification shows its progress and the
 * answer opens as a new untitled document.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import {
  type GridsFrom,
  COMMANDS,
  PatternAtRequest,
  type PatternAtResponse,
  type PuzzleAt,
  UASearchRequest,
  type UASearchParams,
} from '../../server/src/protocol';
import { activeSudoku } from './collection';
import { newDocument } from './serverProgress';
import { lensOrCursor } from './target';

const search = (client: LanguageClient, title: string, at: PuzzleAt, what: UASearchParams['what'], grids?: GridsFrom): Promise<void> =>
  newDocument(client, title, UASearchRequest, { ...at, what, grids } satisfies UASearchParams);

/** The lens's puzzle, else the cursor's line in a Sudoku editor (else a warning: open one first). */
const cursor = (uri?: string, line?: number): PuzzleAt | undefined => lensOrCursor(uri, line, activeSudoku);

/**
 * The grids a pattern is searched in: this file's (its 81-digit solution grids and the
 * solutions of its unique puzzles), or another file's, picked by the user.
 */
async function pickGrids(): Promise<GridsFrom | undefined> {
  const choice = await vscode.window.showQuickPick(
    [
      { label: 'Solution grids in this file', detail: 'Its 81-digit solution grids and the solutions of its puzzles with one solution', value: 'document' },
      { label: 'Solution grids from a file…', detail: 'The same, read from another file', value: 'file' },
    ],
    { title: 'Find puzzles for this pattern: in which solution grids?' },
  );
  if (!choice) return undefined;
  if (choice.value === 'document') return { kind: 'document' };
  const [file] =
    (await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: 'Search in these grids', filters: { 'Sudoku collections': ['sdk', 'sdm', 'ss', 'txt'], 'All files': ['*'] } })) ?? [];
  if (!file) return undefined;
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  return { kind: 'text', name: file.path.split('/').pop() ?? file.path, text };
}

async function findPatternPuzzles(client: LanguageClient, uri?: string, line?: number): Promise<void> {
  const at = cursor(uri, line);
  if (!at) return;
  const found = await client.sendRequest<PatternAtResponse>(PatternAtRequest, at);
  if (!found.pattern) {
    void vscode.window.showWarningMessage(found.reason ?? 'No clue pattern on this line.');
    return;
  }
  const grids = await pickGrids();
  if (grids) await search(client, COMMANDS.pattern.title, at, 'pattern', grids);
}

export function registerUACommands(client: LanguageClient): vscode.Disposable {
  const run = (title: string, what: UASearchParams['what']) => () => {
    const at = cursor();
    return at && search(client, title, at, what);
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMANDS.pattern.id, (uri?: string, line?: number) => findPatternPuzzles(client, uri, line)),
    vscode.commands.registerCommand(COMMANDS.find17.id, run(COMMANDS.find17.title, 'seventeen')),
    vscode.commands.registerCommand(COMMANDS.uaSets.id, run(COMMANDS.uaSets.title, 'uaSets')),
  );
}

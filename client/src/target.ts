/** The puzzle a command is about: a lens's `(uri, line)`, else the cursor's line. */
import type * as vscode from 'vscode';
import type { PuzzleAt } from '../../server/src/protocol';

/**
 * The lens's puzzle when a lens passed one, else the cursor's line in `editor()`: each command
 * says which editor counts (any, or only an analysed Sudoku one) and warns in its own way when
 * none does. `editor` runs only without a lens's puzzle, so a lens never shows that warning.
 */
export function lensOrCursor(uri: unknown, line: unknown, editor: () => vscode.TextEditor | undefined): PuzzleAt | undefined {
  if (typeof uri === 'string' && typeof line === 'number') return { uri, line };
  const active = editor();
  return active && { uri: active.document.uri.toString(), line: active.selection.active.line };
}

/** What the grid view's panel (panel.ts) and its webview (webview/main.ts) say to each other. JSON only. */
import type { GridResponse } from '../../../server/src/protocol';

export type GridPuzzle = NonNullable<GridResponse['puzzle']>;

/** Extension → webview. `key` names the puzzle: the webview keeps its step and selection while it stays the same. */
export type ToWebview =
  | { type: 'puzzle'; key: string; file: string; puzzle: GridPuzzle }
  | { type: 'empty'; message: string };

/** Webview → extension: a new (or reloaded) page asks for what it showed. */
export type FromWebview = { type: 'ready' };

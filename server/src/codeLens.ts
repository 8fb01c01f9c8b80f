/**
 * Code lenses above each puzzle; their commands are the client's (protocol.ts LensCommands). By
 * default one short row (the most used actions and "More…", which offers the others in a quick
 * pick): seven lenses on every line of a one-puzzle-per-line collection took a row each, halving
 * the puzzles on a screen. `sudokuLens.codeLens.show: "all"` shows every action as a lens.
 */
import type { CodeLens, Range } from 'vscode-languageserver';
import { type LensAction, LensCommands } from './protocol';
import type { PuzzleDocument } from './puzzleDocument';
import type { LensSet } from './settings';
import type { LineSpan } from './view';

/** Every action on a puzzle, in the order the full set shows them. */
const ACTIONS: readonly LensAction[] = [
  { title: 'Solve this line', command: LensCommands.solve },
  { title: 'Validate', command: LensCommands.validate },
  { title: 'Rate', command: LensCommands.rate },
  { title: 'Show path', command: LensCommands.path },
  { title: 'Whip path', command: LensCommands.whipPath },
  { title: 'BLISS log', command: LensCommands.blissLog },
  { title: 'Open in grid view', command: LensCommands.grid },
];
/** The compact row's actions; the rest are behind "More…". */
const COMPACT = new Set<string>([LensCommands.solve, LensCommands.rate, LensCommands.path]);
const MORE_TITLE = 'More…';

/** The lenses of one puzzle at `range`, opening `uri`'s line `line`. */
function puzzleLenses(uri: string, line: number, range: Range, show: LensSet): CodeLens[] {
  const lens = (a: LensAction): CodeLens => ({ range, command: { title: a.title, command: a.command, arguments: [uri, line] } });
  if (show === 'all') return ACTIONS.map(lens);
  const rest = ACTIONS.filter((a) => !COMPACT.has(a.command));
  const more: CodeLens = { range, command: { title: MORE_TITLE, command: LensCommands.more, arguments: [uri, line, rest] } };
  return [...ACTIONS.filter((a) => COMPACT.has(a.command)).map(lens), more];
}

/** The lenses of every puzzle, or of the puzzles in `window` (a large document: see view.ts). */
export function codeLenses(doc: PuzzleDocument, window: LineSpan | null, show: LensSet): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const p of window ? doc.puzzlesBetween(window.from, window.to) : doc.puzzles) {
    const range = { start: { line: p.line, character: 0 }, end: { line: p.line, character: 0 } };
    // A clue pattern is no puzzle: nothing to solve or rate, only puzzles to find.
    if (p.pattern) lenses.push({ range, command: { title: 'Find puzzles for this pattern', command: LensCommands.pattern, arguments: [doc.uri, p.line] } });
    else lenses.push(...puzzleLenses(doc.uri, p.line, range, show));
  }
  return lenses;
}

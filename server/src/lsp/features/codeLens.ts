/**
 * Code lenses above each puzzle; their commands are the client's (protocol.ts COMMANDS). By
 * default one short row (the most used actions and "More…", which offers the others in a quick
 * pick): seven lenses on every line of a one-puzzle-per-line collection took a row each, halving
 * the puzzles on a screen. `sudokuLens.codeLens.show: "all"` shows every action as a lens.
 */
import type { CodeLens, Range } from 'vscode-languageserver';
import { COMMANDS, type LensAction } from '../../protocol';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import type { LensSet } from '../services/settings';
import type { LineSpan } from '../services/view';

const lensAction = (c: { id: LensAction['command']; lens: string }): LensAction => ({ title: c.lens, command: c.id });

/** Every action on a puzzle, in the order the full set shows them. */
const ACTIONS: readonly LensAction[] = [COMMANDS.solve, COMMANDS.validate, COMMANDS.rate, COMMANDS.path, COMMANDS.whipPath, COMMANDS.blissLog, COMMANDS.grid].map(lensAction);
/** The compact row's actions; the rest are behind "More…". */
const COMPACT = new Set<string>([COMMANDS.solve.id, COMMANDS.rate.id, COMMANDS.path.id]);

/** The lenses of one puzzle at `range`, opening `uri`'s line `line`. */
function puzzleLenses(uri: string, line: number, range: Range, show: LensSet): CodeLens[] {
  const lens = (a: LensAction): CodeLens => ({ range, command: { title: a.title, command: a.command, arguments: [uri, line] } });
  if (show === 'all') return ACTIONS.map(lens);
  const rest = ACTIONS.filter((a) => !COMPACT.has(a.command));
  const more: CodeLens = { range, command: { title: COMMANDS.more.lens, command: COMMANDS.more.id, arguments: [uri, line, rest] } };
  return [...ACTIONS.filter((a) => COMPACT.has(a.command)).map(lens), more];
}

/** The lenses of every puzzle, or of the puzzles in `window` (a large document: see view.ts). */
export function codeLenses(doc: PuzzleDocument, window: LineSpan | null, show: LensSet): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const p of window ? doc.puzzlesBetween(window.from, window.to) : doc.puzzles) {
    const range = { start: { line: p.line, character: 0 }, end: { line: p.line, character: 0 } };
    // A clue pattern is no puzzle: nothing to solve or rate, only puzzles to find.
    if (p.pattern) lenses.push({ range, command: { ...lensAction(COMMANDS.pattern), arguments: [doc.uri, p.line] } });
    else lenses.push(...puzzleLenses(doc.uri, p.line, range, show));
  }
  return lenses;
}

/** Code lenses above each puzzle; their commands are the client's (see client/src/commands.ts). */
import type { CodeLens } from 'vscode-languageserver';
import type { PuzzleDocument } from './puzzleDocument';
import type { LineSpan } from './view';

export const SOLVE_COMMAND = 'sudokuLens.solveLine';
export const VALIDATE_COMMAND = 'sudokuLens.validateLine';
export const RATE_COMMAND = 'sudokuLens.rateLine';
export const PATH_COMMAND = 'sudokuLens.showPath';
export const WHIP_PATH_COMMAND = 'sudokuLens.whipPath';
export const GRID_COMMAND = 'sudokuLens.openGrid';
export const BLISS_LOG_COMMAND = 'sudokuLens.blissLog';
export const PATTERN_COMMAND = 'sudokuLens.findPatternPuzzles';

/** The lenses of every puzzle, or of the puzzles in `window` (a large document: see view.ts). */
export function codeLenses(doc: PuzzleDocument, window: LineSpan | null): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const p of window ? doc.puzzlesBetween(window.from, window.to) : doc.puzzles) {
    const range = { start: { line: p.line, character: 0 }, end: { line: p.line, character: 0 } };
    if (p.pattern) {
      // A clue pattern is no puzzle: nothing to solve or rate, only puzzles to find.
      lenses.push({ range, command: { title: 'Find puzzles for this pattern', command: PATTERN_COMMAND, arguments: [doc.uri, p.line] } });
      continue;
    }
    lenses.push(
      { range, command: { title: 'Solve this line', command: SOLVE_COMMAND, arguments: [doc.uri, p.line] } },
      { range, command: { title: 'Validate', command: VALIDATE_COMMAND, arguments: [doc.uri, p.line] } },
      { range, command: { title: 'Rate', command: RATE_COMMAND, arguments: [doc.uri, p.line] } },
      { range, command: { title: 'Show path', command: PATH_COMMAND, arguments: [doc.uri, p.line] } },
      { range, command: { title: 'Whip path', command: WHIP_PATH_COMMAND, arguments: [doc.uri, p.line] } },
      { range, command: { title: 'BLISS log', command: BLISS_LOG_COMMAND, arguments: [doc.uri, p.line] } },
      { range, command: { title: 'Open in grid view', command: GRID_COMMAND, arguments: [doc.uri, p.line] } },
    );
  }
  return lenses;
}

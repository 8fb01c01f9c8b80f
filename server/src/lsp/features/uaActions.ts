/**
 * Quick fixes from UA information: remove a redundant clue, remove a largest set of clues that
 * are removable together (removing every redundant clue at once may lose uniqueness), and add
 * the clue that resolves the most of a puzzle with several solutions.
 */
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import { charAt, fix } from './codeActions';
import { FindingCode } from '../../engine/core/findingCodes';
import { type Puzzle, cellAt, cellRange } from '../../engine/core/parse';
import { placementText } from '../../engine/core/step';
import type { UAInfo } from '../../engine/ua/uaInfo';
import type { PuzzleDocument } from '../documents/puzzleDocument';

/** The puzzle's own empty-cell character (`.`, `0`, …), read from the source. */
function emptyMarker(puzzle: Puzzle, lineText: (line: number) => string): string {
  const cell = (puzzle.text as string).indexOf('.');
  return cell < 0 ? '.' : charAt(lineText, cellRange(puzzle, cell));
}

const clueOf = (puzzle: Puzzle, cell: number) => ({ cell, digit: Number((puzzle.text as string)[cell]) });

export function uaCodeActions(
  doc: PuzzleDocument,
  lineText: (line: number) => string,
  diagnostics: Diagnostic[],
  infoOf: (puzzle: Puzzle) => UAInfo | undefined,
): CodeAction[] {
  const actions: CodeAction[] = [];
  const together = new Set<Puzzle>();
  for (const d of diagnostics) {
    if (d.code !== FindingCode.redundantClue && d.code !== FindingCode.multipleSolutions) continue;
    const puzzle = doc.puzzleAt(d.range.start.line);
    const info = puzzle && infoOf(puzzle);
    if (!puzzle || info?.status !== 'done') continue;
    if (info.kind === 'multiple') {
      if (d.code === FindingCode.multipleSolutions && info.add) {
        const edit: TextEdit = { range: cellRange(puzzle, info.add.cell), newText: String(info.add.digit) };
        actions.push(fix(`Add clue ${placementText(info.add)}`, doc.uri, [edit], d));
      }
      continue;
    }
    const cell = cellAt(puzzle, d.range.start.line, d.range.start.character);
    if (d.code !== FindingCode.redundantClue || !info.redundant.includes(cell)) continue;
    const marker = emptyMarker(puzzle, lineText);
    const remove = (c: number): TextEdit => ({ range: cellRange(puzzle, c), newText: marker });
    actions.push(fix(`Remove redundant clue ${placementText(clueOf(puzzle, cell))}`, doc.uri, [remove(cell)], d));
    if (info.removable.length > 1 && !together.has(puzzle)) {
      together.add(puzzle);
      const title = `Remove the ${info.removable.length} clues removable together`;
      actions.push({ ...fix(title, doc.uri, info.removable.map(remove), d), isPreferred: false });
    }
  }
  return actions;
}

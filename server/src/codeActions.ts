/**
 * Quick fixes for diagnostics that have a safe repair, plus a source action that normalizes a
 * puzzle line. Every fix keeps the puzzle's length, so no other cell moves.
 */
import { type CodeAction, CodeActionKind, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver';
import type { BlissStep } from './engine/bliss';
import { blissEdit } from './engine/bliss/apply';
import type { Puzzle } from './engine/parse';
import { BLISS_ALL_COMMAND } from './protocol';
import type { PuzzleDocument } from './puzzleDocument';

const EMPTY_MARKER = /[0\-*_xX]/g;

export function fix(title: string, uri: string, edits: TextEdit[], diagnostic?: Diagnostic): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    edit: { changes: { [uri]: edits } },
    ...(diagnostic ? { diagnostics: [diagnostic], isPreferred: true } : {}),
  };
}

/** Edits that turn every empty marker of the puzzle's cells into '.'; none when already normal. */
export function normalizeEdits(puzzle: Puzzle, lineText: (line: number) => string): TextEdit[] {
  const edits: TextEdit[] = [];
  for (let line = puzzle.range.start.line; line <= puzzle.range.end.line; line++) {
    const text = lineText(line);
    const start = line === puzzle.range.start.line ? puzzle.range.start.character : 0;
    const end = line === puzzle.range.end.line ? puzzle.range.end.character : text.length;
    // A 729 line uses '0' for an absent candidate; other markers belong to 81-char puzzles and grids.
    const pattern = puzzle.kind === '729' ? /0/g : EMPTY_MARKER;
    const cells = text.slice(start, end);
    const normal = cells.replace(pattern, '.');
    if (normal !== cells) edits.push({ range: { start: { line, character: start }, end: { line, character: end } }, newText: normal });
  }
  return edits;
}

export const charAt = (lineText: (line: number) => string, r: Range): string => lineText(r.start.line).slice(r.start.character, r.end.character);

/** The client command behind "Apply BLISS eliminations in the whole file" (client/src/blissApply.ts). */

export function codeActions(
  doc: PuzzleDocument,
  lineText: (line: number) => string,
  range: Range,
  diagnostics: Diagnostic[],
  blissSteps: (puzzle: Puzzle) => readonly BlissStep[] | undefined,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    const oneChar = d.range.start.line === d.range.end.line && d.range.end.character - d.range.start.character === 1;
    const puzzle = doc.puzzleAt(d.range.start.line);
    if (!puzzle || !oneChar) {
      if (puzzle && d.code === 'mixed-empty-markers') actions.push(fix("Use '.' for every empty cell", doc.uri, normalizeEdits(puzzle, lineText), d));
      continue;
    }
    const ch = charAt(lineText, d.range);
    if (d.code === 'invalid-character' || d.code === 'misplaced-candidate') {
      actions.push(fix(`Replace '${ch}' with '.'`, doc.uri, [{ range: d.range, newText: '.' }], d));
    } else if (d.code === 'mixed-empty-markers') {
      actions.push(fix("Use '.' for every empty cell", doc.uri, normalizeEdits(puzzle, lineText), d));
    } else if (d.code === 'duplicate-given' && puzzle.kind !== '729') {
      actions.push(fix(`Remove this given (${ch})`, doc.uri, [{ range: d.range, newText: '.' }], d));
    }
  }
  const here = doc.puzzleAt(range.start.line);
  const steps = here ? blissSteps(here) : undefined;
  const bliss = here && steps ? blissEdit(here, lineText(here.line), steps) : null;
  if (bliss) {
    const blissDiagnostics = diagnostics.filter((d) => d.code === 'bliss-elimination' || d.code === 'bliss-placement');
    actions.push({
      title: `Apply BLISS eliminations (${steps!.length})`,
      kind: CodeActionKind.QuickFix,
      edit: { changes: { [doc.uri]: [bliss] } },
      ...(blissDiagnostics.length > 0 ? { diagnostics: blissDiagnostics } : {}),
    });
    const title = 'Apply BLISS eliminations in the whole file';
    actions.push({ title, kind: CodeActionKind.QuickFix, command: { title, command: BLISS_ALL_COMMAND, arguments: [doc.uri] } });
  }
  if (here) {
    const edits = normalizeEdits(here, lineText);
    if (edits.length > 0) actions.push({ title: "Normalize puzzle: '.' for empty cells", kind: CodeActionKind.Source + '.normalize', edit: { changes: { [doc.uri]: edits } } });
  }
  return actions;
}

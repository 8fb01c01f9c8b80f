/**
 * Quick fixes for diagnostics that have a safe repair, plus a source action that normalizes a
 * puzzle line. Every fix keeps the puzzle's length, so no other cell moves.
 */
import { type CodeAction, CodeActionKind, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver';
import type { BlissStep } from '../../engine/bliss';
import { blissEdit } from '../../engine/bliss/apply';
import { FindingCode } from '../../engine/core/findingCodes';
import { type Puzzle, cellChar, cellLine, cellsKnown, isEmptyMarker, quoteChar } from '../../engine/core/parse';
import { COMMANDS } from '../../protocol';
import type { PuzzleDocument } from '../documents/puzzleDocument';

export function fix(title: string, uri: string, edits: TextEdit[], diagnostic?: Diagnostic): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    edit: { changes: { [uri]: edits } },
    ...(diagnostic ? { diagnostics: [diagnostic], isPreferred: true } : {}),
  };
}

/**
 * Edits that turn every empty marker of the puzzle's cells into '.' (a 729 line's '0' for an absent
 * candidate: other markers belong to 81-char puzzles and grids); none when already normal. Only
 * cells change: a grid's separators and row comments stay, and so does a clue pattern's 'x'.
 */
export function normalizeEdits(puzzle: Puzzle, lineText: (line: number) => string): TextEdit[] {
  if (puzzle.pattern !== null || !cellsKnown(puzzle)) return [];
  const width = puzzle.kind === '729' ? 9 : 1;
  const isMarker = (ch: string) => ch !== '.' && (puzzle.kind === '729' ? ch === '0' : isEmptyMarker(ch));
  const byLine = new Map<number, number[]>();
  for (let c = 0; c < 81; c++) {
    const line = cellLine(puzzle, c);
    const text = lineText(line);
    for (let i = cellChar(puzzle, c); i < cellChar(puzzle, c) + width; i++) {
      if (!isMarker(text[i])) continue;
      const chars = byLine.get(line);
      if (chars) chars.push(i);
      else byLine.set(line, [i]);
    }
  }
  return [...byLine].map(([line, chars]) => {
    const start = chars[0];
    const end = chars[chars.length - 1] + 1;
    const cells = new Set(chars);
    const newText = lineText(line).slice(start, end).split('').map((ch, i) => (cells.has(start + i) ? '.' : ch)).join('');
    return { range: { start: { line, character: start }, end: { line, character: end } }, newText };
  });
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
      if (puzzle && d.code === FindingCode.mixedEmptyMarkers) actions.push(fix("Use '.' for every empty cell", doc.uri, normalizeEdits(puzzle, lineText), d));
      continue;
    }
    const ch = charAt(lineText, d.range);
    if (d.code === FindingCode.invalidCharacter || d.code === FindingCode.misplacedCandidate) {
      actions.push(fix(`Replace ${quoteChar(ch)} with '.'`, doc.uri, [{ range: d.range, newText: '.' }], d));
    } else if (d.code === FindingCode.mixedEmptyMarkers) {
      actions.push(fix("Use '.' for every empty cell", doc.uri, normalizeEdits(puzzle, lineText), d));
    } else if (d.code === FindingCode.duplicateGiven && puzzle.kind !== '729') {
      actions.push(fix(`Remove this given (${ch})`, doc.uri, [{ range: d.range, newText: '.' }], d));
    }
  }
  const here = doc.puzzleAt(range.start.line);
  const steps = here ? blissSteps(here) : undefined;
  const bliss = here && steps ? blissEdit(here, lineText(here.line), steps) : null;
  if (bliss) {
    const blissDiagnostics = diagnostics.filter((d) => d.code === FindingCode.blissElimination || d.code === FindingCode.blissPlacement);
    actions.push({
      title: `Apply BLISS eliminations (${steps!.length})`,
      kind: CodeActionKind.QuickFix,
      edit: { changes: { [doc.uri]: [bliss] } },
      ...(blissDiagnostics.length > 0 ? { diagnostics: blissDiagnostics } : {}),
    });
    const title = 'Apply BLISS eliminations in the whole file';
    actions.push({ title, kind: CodeActionKind.QuickFix, command: { title, command: COMMANDS.blissAll.id, arguments: [doc.uri] } });
  }
  if (here) {
    const edits = normalizeEdits(here, lineText);
    if (edits.length > 0) actions.push({ title: "Normalize puzzle: '.' for empty cells", kind: CodeActionKind.Source + '.normalize', edit: { changes: { [doc.uri]: edits } } });
  }
  return actions;
}

/**
 * Incremental reparsing: a document's lines followed change by change (LineDocument) and its
 * puzzles updated from them (PuzzleDocument.update) must hold exactly what a fresh parse of the
 * editor's new text finds, for every mix of line kinds, line breaks and kinds of change.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type Puzzle, splitLines } from '../../server/src/engine/core/parse';
import { LineDocument } from '../../server/src/lsp/documents/lineDocument';
import { PuzzleDocument } from '../../server/src/lsp/documents/puzzleDocument';

const LINES = [
  '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ top95 #1',
  '.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7..... ED=11.9/11.9/11.3',
  '.4.1..35.......a.....2.5......4.89..26.....12.5.3....7..4...16.6....7....1..8..2.',
  '.4.1..35.............2.5......4.89..26.....12.5.3....7..4...16.6....7....1..8..2',
  '#A tarek',
  '#D Golden Nugget',
  'Grid 01',
  '..3|.2.|6..',
  '9..|3.5|..1',
  '-----------',
  '.......39',
  '# a comment',
  '// another',
  '',
  '[Puzzle]',
  '#! variant: P',
  '#! variant: classic',
];

const snapshot = (puzzles: readonly Puzzle[]) =>
  JSON.stringify(puzzles.map((p) => ({ ...p, gridCells: p.gridCells ? Array.from(p.gridCells) : null })));

const BREAKS = ['\n', '\n', '\n', '\r\n', '\r'];
const docText = fc.tuple(fc.array(fc.constantFrom(...LINES), { maxLength: 40 }), fc.constantFrom(...BREAKS)).map(([lines, br]) => lines.join(br));
/** What a user types or pastes: a character, a line break, whole lines. */
const typed = fc.oneof(
  fc.constantFrom('.', '5', 'x', '', '  ', ...BREAKS),
  fc.tuple(fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 4 }), fc.constantFrom('\n', '\r\n')).map(([lines, br]) => lines.map((l) => l + br).join('')),
);
/**
 * A change at offsets of the text as it is then (turned into a range below), often at a line's start
 * or end, where line breaks meet; `whole`: the client sent the full text.
 */
const change = fc.record({
  from: fc.nat(),
  at: fc.constantFrom('offset', 'lineStart', 'lineEnd'),
  length: fc.oneof(fc.nat({ max: 3 }), fc.nat({ max: 400 })),
  text: typed,
  whole: fc.nat({ max: 9 }).map((n) => n === 0),
});
type Change = { from: number; at: string; length: number; text: string; whole: boolean };

/** Applies a version's changes to the editor's document and returns them as the client sends them. */
function send(doc: TextDocument, changes: Change[], version: number): TextDocumentContentChangeEvent[] {
  const events: TextDocumentContentChangeEvent[] = [];
  for (const c of changes) {
    const text = doc.getText();
    const line = c.from % doc.lineCount;
    const from = c.at === 'offset' ? c.from % (text.length + 1) : doc.offsetAt({ line, character: c.at === 'lineStart' ? 0 : Number.MAX_SAFE_INTEGER });
    const to = Math.min(text.length, from + c.length);
    const event = c.whole ? { text: text.slice(0, from) + c.text + text.slice(to) } : { range: { start: doc.positionAt(from), end: doc.positionAt(to) }, text: c.text };
    TextDocument.update(doc, [event], version);
    events.push(event);
  }
  return events;
}

describe('PuzzleDocument.update from LineDocument', () => {
  it('equals a fresh parse of the new text after any sequence of changes', () => {
    fc.assert(
      fc.property(docText, fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), (start, versions) => {
        const editor = TextDocument.create('file:///t.sdm', 'sudoku', 1, start);
        const lines = new LineDocument('file:///t.sdm', 'sudoku', 1, start);
        let doc = PuzzleDocument.parse('file:///t.sdm', 1, lines.snapshot().lines);
        versions.forEach((changes, i) => {
          lines.update(send(editor, changes, i + 2), i + 2);
          doc = doc.update(i + 2, lines.snapshot());
          const text = editor.getText();
          expect(lines.getText()).toBe(text);
          const fresh = PuzzleDocument.parse('file:///t.sdm', i + 2, splitLines(text));
          expect(doc.lineCount).toBe(editor.lineCount); // lines as the editor counts them
          for (let l = 0; l < doc.lineCount; l++) expect(doc.lineText(l)).toBe(fresh.lineText(l));
          expect(snapshot(doc.puzzles)).toBe(snapshot(fresh.puzzles));
          for (let l = 0; l < doc.lineCount; l++) expect(doc.puzzleAt(l)?.line).toBe(fresh.puzzleAt(l)?.line);
          const middle = Math.floor(doc.lineCount / 2);
          expect(snapshot(doc.puzzlesBetween(middle, middle + 3))).toBe(snapshot(fresh.puzzlesBetween(middle, middle + 3)));
        });
      }),
      { numRuns: 400 },
    );
  });

  const collection = () => Array.from({ length: 2000 }, (_, i) => LINES[i % 2]).join('\n');
  const at = (line: number, character: number) => ({ line, character });
  const edited = (text: string, ...changes: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[]) => {
    const lines = new LineDocument('file:///big.sdm', 'sudoku', 1, text);
    const doc = PuzzleDocument.parse('file:///big.sdm', 1, lines.snapshot().lines);
    lines.update(changes, 2);
    return { doc, next: doc.update(2, lines.snapshot()) };
  };

  it('keeps the untouched puzzles of a large collection as they were', () => {
    const { doc, next } = edited(collection(), { range: { start: at(1000, 3), end: at(1000, 4) }, text: '5' });
    expect(next.puzzle(999)).toBe(doc.puzzle(999));
    expect(next.puzzle(1001)).toBe(doc.puzzle(1001));
    expect(next.puzzle(1000)).not.toBe(doc.puzzle(1000));
    expect(next.puzzle(1000).text?.slice(0, 5)).toBe('4..53');
  });

  it('moves the puzzles below a new line without copying them: each keeps its origin', () => {
    const { doc, next } = edited(collection(), { range: { start: at(0, 0), end: at(0, 0) }, text: '# new heading\n' });
    expect(next.puzzleCount).toBe(doc.puzzleCount);
    expect(next.origin(1999)).toBe(doc.origin(1999));
    expect(next.shift(1999)).toBe(1);
    expect(next.puzzle(1999).line).toBe(2000);
    expect(next.puzzleAt(2000)?.text).toBe(doc.puzzle(1999).text);
    expect(next.puzzleAt(0)).toBeUndefined();
  });

  it('reparses only around each of several edits far apart, keeping the puzzles between', () => {
    const { doc, next } = edited(
      collection(),
      { range: { start: at(100, 0), end: at(100, 1) }, text: '.' },
      { range: { start: at(1900, 0), end: at(1901, 0) }, text: '' },
      { range: { start: at(10, 0), end: at(10, 0) }, text: '\n' },
    );
    expect(next.puzzleCount).toBe(doc.puzzleCount - 1);
    expect(next.origin(1000)).toBe(doc.origin(1000));
    expect(next.shift(1000)).toBe(1);
    expect(next.origin(100)).not.toBe(doc.origin(100));
    expect(next.origin(1998)).toBe(doc.origin(1999));
    expect(next.shift(1998)).toBe(0);
  });

  it('takes a range given end first, or past the end of the text, as LSP clients may send it', () => {
    const lines = new LineDocument('file:///r.sdm', 'sudoku', 1, 'abc\ndef\n');
    lines.update([{ range: { start: at(1, 2), end: at(0, 1) }, text: 'X' }], 2);
    expect(lines.getText()).toBe('aXf\n');
    lines.update([{ range: { start: at(9, 0), end: at(12, 3) }, text: 'end' }], 3);
    expect(lines.getText()).toBe('aXf\nend');
  });
});

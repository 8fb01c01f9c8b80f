/**
 * Incremental reparsing: a document updated edit by edit must hold exactly the puzzles a fresh
 * parse of the new text finds, for every mix of line kinds and every kind of edit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Puzzle } from '../../server/src/engine/parse';
import { PuzzleDocument } from '../../server/src/puzzleDocument';

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

const docLines = fc.array(fc.constantFrom(...LINES), { maxLength: 40 });
const edit = fc.record({
  at: fc.nat(),
  remove: fc.nat({ max: 4 }),
  insert: fc.array(fc.constantFrom(...LINES), { maxLength: 4 }),
  typo: fc.option(fc.record({ char: fc.nat({ max: 100 }), text: fc.constantFrom('.', '5', 'x', '', '  ') })),
});

function apply(lines: string[], e: { at: number; remove: number; insert: string[]; typo: { char: number; text: string } | null }): string[] {
  const next = [...lines];
  const at = lines.length === 0 ? 0 : e.at % (lines.length + 1);
  next.splice(at, e.remove, ...e.insert);
  if (e.typo && next.length > 0) {
    const line = next[at % next.length];
    const c = e.typo.char % (line.length + 1);
    next[at % next.length] = line.slice(0, c) + e.typo.text + line.slice(c + 1);
  }
  return next;
}

describe('PuzzleDocument.update', () => {
  it('equals a fresh parse after any sequence of edits', () => {
    fc.assert(
      fc.property(docLines, fc.array(edit, { minLength: 1, maxLength: 6 }), (start, edits) => {
        let lines = start;
        let doc = PuzzleDocument.parse('file:///t.sdm', 1, lines.join('\n'));
        edits.forEach((e, i) => {
          lines = apply(lines, e);
          doc = doc.update(i + 2, lines.join('\n'));
          const fresh = PuzzleDocument.parse('file:///t.sdm', i + 2, lines.join('\n'));
          expect(snapshot(doc.puzzles)).toBe(snapshot(fresh.puzzles));
          for (let l = 0; l < lines.length; l++) expect(doc.puzzleAt(l)?.line).toBe(fresh.puzzleAt(l)?.line);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the untouched puzzles of a large collection as they were', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => LINES[i % 2]);
    const doc = PuzzleDocument.parse('file:///big.sdm', 1, lines.join('\n'));
    lines[1000] = lines[1000].replace('4...3', '4..53');
    const next = doc.update(2, lines.join('\n'));
    expect(next.puzzles[999]).toBe(doc.puzzles[999]);
    expect(next.puzzles[1001]).toBe(doc.puzzles[1001]);
    expect(next.puzzles[1000]).not.toBe(doc.puzzles[1000]);
    expect(next.puzzles[1000].text?.slice(0, 5)).toBe('4..53');
  });
});

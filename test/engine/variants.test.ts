/** `#! variant: X` directives: which puzzles they govern, and what the analysis does with them. */
import { describe, expect, it } from 'vitest';
import { analyzePuzzle } from '../../server/src/engine/core/analyze';
import { parseDocument, variantDirective } from '../../server/src/engine/core/parse';

// The 11-clue SudokuP puzzle from the BLISS seed: unique as SudokuP, thousands of classic solutions.
const SUDOKU_P = '1........4.....3............6......7.89.....5....4...................2.......2...';
const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

describe('variant directives', () => {
  it('reads the directive forms people write', () => {
    expect(variantDirective('#! variant: P')).toBe('P');
    expect(variantDirective('  #!variant:sudokuX')).toBe('X');
    expect(variantDirective('#! variant: PX')).toBe('PX');
    expect(variantDirective('#! variant: classic')).toBe('classic');
    expect(variantDirective('#! variant: hexadoku')).toBeNull();
    expect(variantDirective('# variant: P')).toBeUndefined();
  });

  it('applies to the puzzles below it, until the next directive', () => {
    const doc = parseDocument([TOP95_1, '#! variant: P', SUDOKU_P, '#A setter', SUDOKU_P, '#! variant: classic', TOP95_1].join('\n'));
    expect(doc.puzzles.map((p) => p.variant)).toEqual([null, 'P', 'P', 'classic']);
  });

  it('does not count classic solutions of a variant puzzle, and keeps the structural checks', () => {
    const [classic, asP] = parseDocument([SUDOKU_P, '#! variant: P', SUDOKU_P].join('\n')).puzzles;
    expect(analyzePuzzle(classic)!.status).toBe('multiple');
    const p = analyzePuzzle(asP)!;
    expect(p.status).toBe('unchecked');
    expect(p.issues).toEqual([]);
    expect(analyzePuzzle(classic, { defaultVariant: 'P' })!.status).toBe('unchecked');
    const [broken] = parseDocument(`#! variant: X\n11${SUDOKU_P.slice(2)}`).puzzles;
    expect(analyzePuzzle(broken)!.issues.map((i) => i.code)).toContain('duplicate-given');
  });
});

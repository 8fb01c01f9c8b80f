/**
 * Quick passes (server/src/lsp/services/diagnostics.ts) that start from the previous pass: whatever was typed
 * and whatever results arrived, they publish exactly what a pass from scratch would, while
 * computing only the puzzles that changed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnalysisCache } from '../../server/src/lsp/services/analysisCache';
import { type PassResult, type Sources, diagnosticsOf, quickDiagnostics, slicedQuickDiagnostics } from '../../server/src/lsp/services/diagnostics';
import { afterTurn } from '../../server/src/lsp/turn';
import { DiagnosticsMemo } from '../../server/src/lsp/services/diagnosticsMemo';
import { LineDocument } from '../../server/src/lsp/documents/lineDocument';
import { PuzzleDocument } from '../../server/src/lsp/documents/puzzleDocument';
import type { RatingService } from '../../server/src/lsp/services/ratings';
import type { UAService } from '../../server/src/lsp/services/uaService';

const VALID = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
/** r1c1 and r1c2 both 4: an error on each. */
const DUPLICATE = `44${VALID.slice(2)}`;
const LINES = [VALID, DUPLICATE, `${VALID.slice(0, 40)}a${VALID.slice(41)}`, '#D a name', '', '..3|.2.|6..'];

/** A server's sources with no ratings or UA sets yet; `solved` texts are in the solver's cache. */
function sources(): Sources {
  const memo = new DiagnosticsMemo();
  const cache = new AnalysisCache({}, undefined, (text) => memo.changed(text));
  const ratings = { peek: () => undefined, peekExtras: () => undefined } as unknown as RatingService;
  const ua = { peek: () => undefined } as unknown as UAService;
  return { cache, ratings, ua, whipPath: 'pencilmark', bugSeverity: 'information', memo };
}

const sorted = (result: PassResult) => diagnosticsOf(result).map((d) => JSON.stringify(d)).sort();

function open(text: string) {
  const editor = new LineDocument('file:///c.sdm', 'sudoku', 1, text);
  return { editor, doc: PuzzleDocument.parse('file:///c.sdm', 1, editor.snapshot().lines) };
}

describe('quickDiagnostics from the previous pass', () => {
  it('moves the diagnostics of the puzzles below a new line and computes only what the line changed', () => {
    const text = Array.from({ length: 1000 }, (_, i) => (i === 500 ? DUPLICATE : VALID)).join('\n');
    const { editor, doc } = open(text);
    const s = sources();
    s.cache.get(doc.puzzle(500)); // solved: counted as an error
    const first = quickDiagnostics(doc, s);
    expect(first.updated).toBe(1000);
    expect(first.withErrors).toBe(1);
    expect(diagnosticsOf(first).map((d) => d.range.start.line)).toEqual([500, 500]);
    editor.update([{ range: { start: { line: 10, character: 0 }, end: { line: 10, character: 0 } }, text: '\n' }], 2);
    const next = quickDiagnostics(doc.update(2, editor.snapshot()), s, first);
    expect(next.updated).toBeLessThanOrEqual(2);
    expect(diagnosticsOf(next).map((d) => d.range.start.line)).toEqual([501, 501]);
    expect(next.withErrors).toBe(1);
  });

  it('computes again the puzzles of a text with a new result, and only those', () => {
    const { doc } = open([VALID, DUPLICATE, VALID, VALID].join('\n'));
    const s = sources();
    const first = quickDiagnostics(doc, s);
    const again = quickDiagnostics(doc, s, first);
    expect(again.updated).toBe(0);
    s.cache.get(doc.puzzle(0)); // the solver's result for VALID arrives
    const after = quickDiagnostics(doc, s, again);
    expect(after.updated).toBe(3);
  });

  it('publishes what a pass from scratch would, after any edits and results', () => {
    const edit = fc.record({ line: fc.nat(), remove: fc.nat({ max: 3 }), insert: fc.array(fc.constantFrom(...LINES), { maxLength: 3 }), solve: fc.nat() });
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 30 }), fc.array(edit, { minLength: 1, maxLength: 5 }), (start, edits) => {
        let { editor, doc } = open(start.join('\n'));
        const s = sources();
        let result = quickDiagnostics(doc, s);
        edits.forEach((e, k) => {
          const line = e.line % editor.lineCount;
          const end = Math.min(editor.lineCount - 1, line + e.remove);
          editor.update([{ range: { start: { line, character: 0 }, end: { line: end, character: 0 } }, text: e.insert.map((l) => `${l}\n`).join('') }], k + 2);
          doc = doc.update(k + 2, editor.snapshot());
          if (doc.puzzleCount > 0) s.cache.get(doc.puzzle(e.solve % doc.puzzleCount)); // a result arrives
          result = quickDiagnostics(doc, s, result);
          const fresh = sources();
          for (const p of doc.puzzles) if (s.cache.peek(p)) fresh.cache.get(p);
          const scratch = quickDiagnostics(doc, fresh);
          expect(sorted(result)).toEqual(sorted(scratch));
          expect([result.withErrors, result.withWarnings]).toEqual([scratch.withErrors, scratch.withWarnings]);
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('slicedQuickDiagnostics, the quick pass for new results', () => {
  /** 20,000 puzzles, every one with a new result after the first pass: far more than one 10 ms slice of work. */
  function afterResults() {
    const { doc } = open(Array.from({ length: 20_000 }, (_, i) => (i % 1000 === 7 ? DUPLICATE : VALID)).join('\n'));
    const s = sources();
    const first = quickDiagnostics(doc, s);
    s.memo.changed(VALID);
    s.memo.changed(DUPLICATE);
    return { doc, s, first };
  }

  it('lets other work run between its slices, and finds what the pass at once finds', async () => {
    const { doc, s, first } = afterResults();
    let turns = 0;
    let running = true;
    const tick = (): void => {
      turns++;
      if (running) afterTurn(tick);
    };
    afterTurn(tick);
    const sliced = await slicedQuickDiagnostics(doc, s, { isCancellationRequested: false }, first);
    running = false;
    expect(turns).toBeGreaterThan(0);
    expect(sliced?.updated).toBe(20_000);
    const again = afterResults();
    const atOnce = quickDiagnostics(again.doc, again.s, again.first);
    expect(sorted(sliced as PassResult)).toEqual(sorted(atOnce));
    expect([sliced?.withErrors, sliced?.withWarnings]).toEqual([atOnce.withErrors, atOnce.withWarnings]);
  });

  it('stops at the next slice when cancelled', async () => {
    const { doc, s, first } = afterResults();
    const token = { isCancellationRequested: false };
    afterTurn(() => (token.isCancellationRequested = true));
    expect(await slicedQuickDiagnostics(doc, s, token, first)).toBeNull();
  });
});

/**
 * DiagnosticsMemo (server/src/lsp/services/diagnosticsMemo.ts): a puzzle's kept diagnostics stay valid until
 * a result for its text arrives after they were computed, or the settings change.
 */
import { describe, expect, it } from 'vitest';
import { DiagnosticsMemo } from '../../server/src/lsp/services/diagnosticsMemo';
import { parseDocument, shiftPuzzle } from '../../server/src/engine/core/parse';

const TEXT = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const [first, second] = parseDocument(`${TEXT}\n${TEXT}\n`).puzzles;
const [broken] = parseDocument(`${TEXT.slice(0, 80)}\n`).puzzles;
const value = (message: string) => ({ diagnostics: [{ message, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }], count: null });

describe('DiagnosticsMemo', () => {
  it('keeps what was set, per puzzle object', () => {
    const memo = new DiagnosticsMemo();
    expect(memo.get(first)).toBeUndefined();
    memo.set(first, value('a'), false);
    expect(memo.get(first)?.diagnostics[0].message).toBe('a');
    expect(memo.get(second)).toBeUndefined();
  });

  it('drops every puzzle of a text once a result for that text arrives, not before it was computed', () => {
    const memo = new DiagnosticsMemo();
    memo.changed(TEXT); // an earlier result: already seen by what is set next
    memo.set(first, value('a'), false);
    memo.set(second, value('b'), false);
    memo.set(broken, value('c'), false);
    expect(memo.get(first)).toBeDefined();
    memo.changed(TEXT);
    expect(memo.get(first)).toBeUndefined();
    expect(memo.get(second)).toBeUndefined();
    expect(memo.get(broken)?.diagnostics[0].message).toBe('c');
    memo.set(first, value('a2'), false);
    expect(memo.get(first)?.diagnostics[0].message).toBe('a2');
  });

  it('drops everything when the settings change', () => {
    const memo = new DiagnosticsMemo();
    memo.set(first, value('a'), false);
    memo.set(broken, value('c'), false);
    memo.clear();
    expect(memo.get(first)).toBeUndefined();
    expect(memo.get(broken)).toBeUndefined();
    memo.set(first, value('a'), false);
    memo.changed(TEXT);
    expect(memo.get(first)).toBeUndefined();
  });

  it('gives nothing to a moved copy of a puzzle (its ranges are other lines)', () => {
    const memo = new DiagnosticsMemo();
    memo.set(first, value('a'), true);
    const moved = shiftPuzzle(first, 1);
    expect(moved.line).toBe(first.line + 1);
    expect(memo.get(moved)).toBeUndefined();
    expect(memo.get({ ...first })).toBeUndefined();
    expect(memo.get(first)).toBeDefined();
  });

  it('answers a full pass only with what a full pass computed', () => {
    const memo = new DiagnosticsMemo();
    memo.set(first, value('quick'), false);
    expect(memo.get(first, true)).toBeUndefined();
    memo.set(first, value('full'), true);
    expect(memo.get(first, true)?.diagnostics[0].message).toBe('full');
    expect(memo.get(first)?.diagnostics[0].message).toBe('full');
  });

  it('says which texts got results since a mark, until no pass needs them', () => {
    const memo = new DiagnosticsMemo();
    const start = memo.mark();
    memo.changed('a');
    const middle = memo.mark();
    memo.changed('b');
    memo.changed('a');
    expect([...(memo.changedSince(start) ?? [])].sort()).toEqual(['a', 'b']);
    expect([...(memo.changedSince(middle) ?? [])].sort()).toEqual(['a', 'b']);
    expect(memo.changedSince(memo.mark())?.size).toBe(0);
    memo.forget(middle);
    expect(memo.changedSince(middle)?.size).toBe(2);
    expect(memo.changedSince(start)).toBeNull(); // forgotten: everything counts as changed
    const beforeClear = memo.mark();
    memo.clear();
    expect(memo.changedSince(beforeClear)).toBeNull(); // new settings: every puzzle again
  });
});

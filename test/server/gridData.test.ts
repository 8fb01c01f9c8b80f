/**
 * The grid view's answer (server/src/lsp/requests/gridData.ts): the puzzle as the path starts, its solution
 * and its steps as plain data, for a unique, a multiple-solution and an unreadable puzzle.
 */
import { describe, expect, it } from 'vitest';
import { AnalysisCache } from '../../server/src/lsp/services/analysisCache';
import { bit, PEERS } from '../../server/src/engine/core/grid';
import { candidatesOfText, splitLines } from '../../server/src/engine/core/parse';
import { type Rating, ratePuzzle } from '../../server/src/engine/se/rate';
import { gridAt } from '../../server/src/lsp/requests/gridData';
import type { GridResponse, StepView } from '../../server/src/protocol';
import { PuzzleDocument } from '../../server/src/lsp/documents/puzzleDocument';
import { MULTI } from '../cli';

// SER 4.2 (an XY-Wing, whose step has links), from royle17-49151-W-SER.tsv; a puzzle with many solutions.
const SER_42 = '.......173...8...............71....6....4.3...85......2.....84..1.7........5.....';
const TEXT = [`# grid view`, `${SER_42} SER 4.2`, MULTI, `${SER_42.slice(0, 40)}x${SER_42.slice(41)}`, `${SER_42.slice(1)}`, ''].join('\n');

/** Rates in-process, as the worker would; counts the calls. */
function inProcessRatings() {
  const calls: string[] = [];
  return {
    calls,
    pathWithin(text: string): Promise<Rating | undefined> {
      calls.push(text);
      return Promise.resolve(ratePuzzle(candidatesOfText(text), text.length === 729, { unique: true }));
    },
  };
}

const doc = PuzzleDocument.parse('file:///grid.sdm', 1, splitLines(TEXT));
const cache = new AnalysisCache({});

type Shown = NonNullable<GridResponse['puzzle']>;
async function shown(line: number, ratings = inProcessRatings(), waitMs?: number): Promise<Shown> {
  const answer = await gridAt(doc, cache, ratings, line, waitMs);
  expect(answer.puzzle).not.toBeNull();
  return answer.puzzle!;
}

/** What the webview does: apply each step's placements and eliminations. */
function follow(givens: number[], candidates: number[], steps: StepView[]): { values: number[]; cands: number[] } {
  const values = [...givens];
  const cands = [...candidates];
  for (const s of steps) {
    for (const p of s.placements) {
      expect(cands[p.cell] & bit(p.digit), `${s.text}: the placed digit is a candidate`).not.toBe(0);
      values[p.cell] = p.digit;
      cands[p.cell] = 0;
      for (const q of PEERS[p.cell]) cands[q] &= ~bit(p.digit);
    }
    for (const e of s.eliminations) {
      expect(cands[e.cell] & bit(e.digit), `${s.text}: the eliminated digit is a candidate`).not.toBe(0);
      cands[e.cell] &= ~bit(e.digit);
    }
  }
  return { values, cands };
}

describe('gridAt', () => {
  it('gives a unique puzzle with its givens, candidates, solution, rating and steps', async () => {
    const ratings = inProcessRatings();
    const p = await shown(1, ratings);
    expect(ratings.calls).toEqual([SER_42]);
    expect(p).toMatchObject({ line: 1, kind: '81', text: SER_42, status: 'unique', message: null });
    expect(p.givens).toHaveLength(81);
    expect(p.givens.map((d) => d || '.').join('')).toBe(SER_42);
    expect(p.candidates).toHaveLength(81);
    // The givens' digits are gone from their peers' candidates; givens have none.
    expect(p.candidates[7]).toBe(0); // r1c8 is the given 1
    expect(p.candidates[0] & bit(1)).toBe(0); // r1c1 sees that 1
    expect(p.candidates[0] & bit(6)).not.toBe(0);
    expect(p.solution).toHaveLength(81);
    expect(p.rating).toMatch(/^ED=4\.2\/1\.2\/1\.2 \(hardest: XY-Wing, \d+ steps\)$/);
    expect(p.steps.length).toBeGreaterThan(40);
    expect(p.steps[0]).toMatchObject({ technique: 'Hidden Single', placements: [{ cell: 28, digit: 3 }] });

    // Following the path from the given state ends at the solution.
    const end = follow(p.givens, p.candidates, p.steps);
    expect(end.values).toEqual(p.solution);
  });

  it('sends steps as plain data: every Step field, JSON as it is', async () => {
    const p = await shown(1);
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
    for (const s of p.steps) {
      expect(Object.getPrototypeOf(s)).toBe(Object.prototype);
      expect(Object.keys(s).sort()).toEqual(
        ['candidates', 'cells', 'difficulty', 'eliminations', 'houses', 'links', 'placements', 'technique', 'text'],
      );
    }
    const wing = p.steps.find((s) => s.technique === 'XY-Wing');
    expect(wing?.links.length).toBeGreaterThan(0);
    expect(wing?.links[0]).toEqual({ from: expect.any(Object), to: expect.any(Object), strong: expect.any(Boolean) });
    expect(Object.keys(wing!.links[0].from).sort()).toEqual(['cell', 'digit']);
  });

  it('gives a multiple-solution puzzle without solution, rating or steps', async () => {
    const ratings = inProcessRatings();
    const p = await shown(2, ratings);
    expect(ratings.calls).toEqual([]);
    expect(p).toMatchObject({ line: 2, text: MULTI, status: 'multiple', solution: null, rating: null, steps: [] });
    expect(p.message).toBe('no solving path: at least 2 solutions');
    expect(p.givens.filter((d) => d > 0)).toHaveLength(MULTI.replace(/\./g, '').length);
  });

  it('gives an unreadable puzzle as empty, with the syntax problem', async () => {
    for (const line of [3, 4]) {
      const p = await shown(line);
      expect(p).toMatchObject({ line, text: null, status: 'invalid', solution: null, rating: null, steps: [] });
      expect(p.givens).toEqual(new Array(81).fill(0));
      expect(p.candidates).toEqual(new Array(81).fill(0));
      expect(p.message).toMatch(/^unreadable: /);
    }
    expect((await shown(4)).message).toContain('80');
  });

  it('answers { puzzle: null } away from puzzles', async () => {
    expect(await gridAt(doc, cache, inProcessRatings(), 0)).toEqual({ puzzle: null });
    expect(await gridAt(doc, cache, inProcessRatings(), 99)).toEqual({ puzzle: null });
  });

  it('gives up waiting for a slow rating: no steps, a message', async () => {
    const never = { pathWithin: () => Promise.resolve(undefined) };
    const p = await shown(1, never as never, 20);
    expect(p).toMatchObject({ status: 'unique', rating: null, steps: [] });
    expect(p.solution).toHaveLength(81);
    expect(p.message).toMatch(/still running/);
  });

  it('reports a failed rating instead of throwing', async () => {
    const failing = { pathWithin: () => Promise.reject(new Error('worker died')) };
    const p = await shown(1, failing as never);
    expect(p).toMatchObject({ rating: null, steps: [], message: 'the rating failed: worker died' });
  });
});

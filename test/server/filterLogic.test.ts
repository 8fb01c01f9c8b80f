/** The filter's meaning (jobs/filterLogic.ts): comparisons over intervals, Kleene's logic, what a rating under way proves. */
import { describe, expect, it } from 'vitest';
import { parseWhere } from '../../server/src/cli/where';
import type { Step } from '../../server/src/engine/core/step';
import { type Known, type SeKnown, evaluate, partialSe, sourcesOf } from '../../server/src/jobs/filterLogic';

const step = (technique: string, difficulty: number, placements = 0): Step =>
  ({ technique, difficulty, placements: Array.from({ length: placements }, () => ({ cell: 0, digit: 1 })), eliminations: [] }) as unknown as Step;

const se = (er: [number, number], ep: [number, number], ed: [number, number], used: string[] = [], complete = true, hardest: string | null = null): SeKnown => ({
  er,
  ep,
  ed,
  used,
  hardest,
  complete,
});

const is = (expr: string, k: Known) => evaluate(parseWhere(expr), k);

describe('evaluate', () => {
  it('decides comparisons of points, and leaves ranges that straddle undecided', () => {
    const done: Known = { se: se([7.2, 7.2], [1.2, 1.2], [1.2, 1.2]) };
    expect(is('er>=7.2', done)).toBe(true);
    expect(is('er>7.2', done)).toBe(false);
    expect(is('er==7.2 and ed!=ep', done)).toBe(false);
    expect(is('ep==ed', done)).toBe(true);
    const underWay: Known = { se: se([6.6, Infinity], [1.2, 1.2], [1.2, 1.2], [], false) };
    expect(is('er>=6.6', underWay)).toBe(true);
    expect(is('er<=6', underWay)).toBe(false);
    expect(is('er>=9', underWay)).toBeUndefined();
    expect(is('er==ed', underWay)).toBe(false);
  });

  it("uses Kleene's and, or and not: a decided side decides", () => {
    const k: Known = { analysis: { clues: 24, solutions: 1 } };
    expect(is('clues<=24 or er>=9', k)).toBe(true);
    expect(is('clues>24 and er>=9', k)).toBe(false);
    expect(is('clues<=24 and er>=9', k)).toBeUndefined();
    expect(is('not (clues>24 and er>=9)', k)).toBe(true);
    expect(is('not er>=9', k)).toBeUndefined();
  });

  it('keeps a comparison on a figure that cannot be had undecided, negated or not', () => {
    const k: Known = { analysis: { clues: 30, solutions: 2 }, se: null };
    expect(is('er>=9', k)).toBeUndefined();
    expect(is('not er>=9', k)).toBeUndefined();
    expect(is('solutions==2 or er>=9', k)).toBe(true);
  });

  it('decides uses() when the technique is seen or the path is complete, hardest() only at the end', () => {
    const partial: Known = { se: se([4.2, Infinity], [1.2, 1.2], [1.2, 1.2], ['Hidden Single', 'XY-Wing'], false, 'XY-Wing') };
    expect(is('uses("XY-Wing")', partial)).toBe(true);
    expect(is('uses("Swordfish")', partial)).toBeUndefined();
    expect(is('hardest("XY-Wing")', partial)).toBeUndefined();
    const done: Known = { se: se([4.2, 4.2], [1.2, 1.2], [1.2, 1.2], ['Hidden Single', 'XY-Wing'], true, 'XY-Wing') };
    expect(is('uses("Swordfish")', done)).toBe(false);
    expect(is('hardest("XY-Wing")', done)).toBe(true);
  });

  it('decides a name that stands for several steps by any of them', () => {
    const partial: Known = { se: se([4.5, Infinity], [1.2, 1.2], [1.2, 1.2], ['Hidden Single', 'Unique Rectangle type 2'], false) };
    expect(is('uses("Unique Rectangle")', partial)).toBe(true);
    expect(is('uses("Unique Loop")', partial)).toBeUndefined();
    expect(is('hardest("Unique Rectangle")', partial)).toBeUndefined();
    const done: Known = { se: se([4.5, 4.5], [1.2, 1.2], [1.2, 1.2], ['Hidden Single', 'Unique Rectangle type 2'], true, 'Unique Rectangle type 2') };
    expect(is('hardest("unique rectangle")', done)).toBe(true);
    expect(is('uses("Unique Loop")', done)).toBe(false);
  });

  it('compares figures as SE prints them (one decimal)', () => {
    // 7.5 + 0.1 + 0.1 is 7.699999999999999 as a double; SE prints 7.7.
    const raw = 7.5 + 0.1 + 0.1;
    const k: Known = { se: partialSe({ er: raw, ep: raw, ed: raw, steps: [step('Nishio Forcing Chains', raw, 1)], hardest: null }) };
    expect(is('ed>=7.7', k)).toBe(true);
    expect(is('ep==7.7', k)).toBe(true);
  });
});

describe('partialSe', () => {
  it('bounds ER from below by the running maximum and the next step, and leaves EP and ED open until their steps', () => {
    const none = partialSe({ er: 0, ep: 0, ed: 0, steps: [], hardest: null, nextAtLeast: 6.5 });
    expect(none.er).toEqual([6.5, Infinity]);
    expect(none.ed).toEqual([0, Infinity]);
    const eliminated = partialSe({ er: 2.6, ep: 0, ed: 2.6, steps: [step('Pointing', 2.6)], hardest: null, nextAtLeast: 1 });
    expect(eliminated.er).toEqual([2.6, Infinity]);
    expect(eliminated.ed).toEqual([2.6, 2.6]);
    expect(eliminated.ep).toEqual([0, Infinity]);
    expect(eliminated.used).toEqual(['Pointing']);
  });
});

describe('sourcesOf', () => {
  it('lists what an expression reads, cheapest first', () => {
    expect(sourcesOf(parseWhere('clues<25'))).toEqual(['analysis']);
    expect(sourcesOf(parseWhere('w>=3 or hardest("XY-Wing") and solutions==1'))).toEqual(['analysis', 'se', 'w']);
    expect(sourcesOf(parseWhere('b<=gw and bliss==1'))).toEqual(['bliss', 'gwb']);
  });
});

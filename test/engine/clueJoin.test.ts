import * as fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveString } from '../../server/src/engine/core/solve';
import { enumerateUAs, searchClues } from '../../server/src/engine/ua';
import { JoinList } from '../../server/src/engine/ua/clueJoin';
import { dataPath } from '../dataPath';

// The 17-clue list grouped by solution grid.
const BY_SOLUTION = new Map<string, string[]>();
for (const line of fs.readFileSync(dataPath('tdoku', 'solutions', 'puzzles2_17_clue.sol'), 'utf8').split('\n')) {
  if (line.length <= 81 || line.startsWith('#')) continue;
  const [puzzle, , solution] = line.split(':');
  BY_SOLUTION.set(solution, [...(BY_SOLUTION.get(solution) ?? []), puzzle]);
}

/** The cross sets of a grid (UA sets <= 12 cells with cells in bands 1 and 2 only, both): band words. */
function crossSets(solution: string): [number, number][] {
  const l = enumerateUAs(Array.from(solution, Number), { maxSize: 12 });
  const out: [number, number][] = [];
  for (let i = 0; i < l.count; i++) {
    const [w0, w1, w2] = [l.words[3 * i], l.words[3 * i + 1], l.words[3 * i + 2]];
    if (w0 !== 0 && w1 !== 0 && w2 === 0) out.push([w0, w1]);
  }
  return out;
}

/** The vector of the sets (one band word each) that `cells` misses. */
function missVector(sets: number[], cells: number): Int32Array {
  const v = new Int32Array((sets.length + 31) >> 5);
  sets.forEach((s, j) => {
    if ((s & cells) === 0) v[j >> 5] |= 1 << (j & 31);
  });
  return v;
}

const bandWord = fc.uniqueArray(fc.integer({ min: 0, max: 26 }), { minLength: 3, maxLength: 7 }).map((cells) => cells.reduce((w, c) => w | (1 << c), 0));

describe('X × Y join (clueJoin)', () => {
  const grid = [...BY_SOLUTION.keys()][0];
  const cross = crossSets(grid);

  it('pairs a band-1 clue set with exactly the band-2 sets that hit every cross set it misses (property, a real grid)', () => {
    expect(cross.length).toBeGreaterThan(40); // several words of sets
    const part1 = cross.map(([w0]) => w0);
    const part2 = cross.map(([, w1]) => w1);
    fc.assert(
      fc.property(fc.array(bandWord, { minLength: 1, maxLength: 300 }), fc.array(bandWord, { minLength: 1, maxLength: 40 }), (ys, xs) => {
        const list = new JoinList((cross.length + 31) >> 5, cross.length);
        for (const y of ys) list.add(y, missVector(part2, y), 0);
        list.seal();
        const out = new Int32Array(ys.length);
        for (const x of xs) {
          const n = list.partners(0, missVector(part1, x), 0, out);
          const joined = [...out.subarray(0, n)].sort((a, b) => a - b);
          // Naive: every pair tested against every cross set.
          const naive = ys.flatMap((y, e) => (cross.every(([w0, w1]) => (w0 & x) !== 0 || (w1 & y) !== 0) ? [e] : []));
          expect(joined).toEqual(naive);
          // The same through a level: x without its last cell, which may still add `cand` (holding
          // the last cell); the sets it misses outside `cand` narrow level 0 into level 1.
          const last = 31 - Math.clz32(x);
          const before = x & ~(1 << last);
          const cand = (1 << last) | (~x & 0x7ffffff & 0x5555555);
          const missed = missVector(part1, before);
          const shut = missVector(part1, before | cand).map((v, w) => v & missed[w]);
          if (!list.narrow(0, 1, shut, 0)) expect(naive).toEqual([]);
          else {
            const rest = missVector(part1, x).map((v, w) => v & ~shut[w]);
            const m = list.partners(1, rest, 0, out);
            expect([...out.subarray(0, m)].sort((a, b) => a - b)).toEqual(naive);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it("finds every last clue's partners at once, as one AND chain per last clue would (property, a real grid)", () => {
    const part1 = cross.map(([w0]) => w0);
    const part2 = cross.map(([, w1]) => w1);
    const node = fc.record({ before: fc.integer({ min: 0, max: 0x7ffffff }), last: fc.integer({ min: 1, max: 0x7ffffff }) });
    fc.assert(
      fc.property(fc.array(bandWord, { minLength: 1, maxLength: 300 }), fc.array(node, { minLength: 1, maxLength: 10 }), (ys, nodes) => {
        const list = new JoinList((cross.length + 31) >> 5, cross.length);
        for (const y of ys) list.add(y, missVector(part2, y), 0);
        list.seal();
        const out = new Int32Array(27 * ys.length);
        const start = new Int32Array(27);
        const count = new Int32Array(27);
        for (const { before: b, last: l } of nodes) {
          // A node with clues `before` whose last clue is a cell of `last` (sparse, so that
          // several cells share the sets they miss).
          const before = b & 0x1249249;
          const last = l & ~before & 0x2492492;
          if (last === 0) continue;
          const missed = missVector(part1, before);
          // Closed at the node: missed by every last clue too; the others stay open.
          const shut = missVector(part1, before | last).map((v, w) => v & missed[w]);
          const open = cross.flatMap((_, j) => ((missed[j >> 5] >> (j & 31)) & 1 && !((shut[j >> 5] >> (j & 31)) & 1) ? [j] : []));
          const naive = (c: number): number[] => ys.flatMap((y, e) => (cross.every(([w0, w1]) => (w0 & (before | (1 << c))) !== 0 || (w1 & y) !== 0) ? [e] : []));
          if (!list.narrow(0, 1, shut, 0)) {
            for (let c = 0; c < 27; c++) if ((last >> c) & 1) expect(naive(c)).toEqual([]);
            continue;
          }
          list.lastClues(1, Int32Array.from(open), Int32Array.from(open, (j) => part1[j] & last), open.length, last, out, start, count);
          for (let c = 0; c < 27; c++) {
            if (!((last >> c) & 1)) continue;
            const got = [...out.subarray(start[c], start[c] + count[c])].sort((a, b) => a - b);
            expect(got).toEqual(naive(c));
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('finds every listed 17 of a grid through the join, each unique, the same with the walk cut or not', () => {
    // The faster of the two grids with 8 listed puzzles.
    const [solution, listed] = [...BY_SOLUTION.entries()].filter(([, ps]) => ps.length === 8)[1];
    const r = searchClues(solution);
    expect(r.stats.pairs).toBeGreaterThan(r.stats.xy); // the join ran: pairs before the band-3 code bound
    for (const p of listed) expect(r.puzzles).toContain(p);
    for (const p of r.puzzles) expect(solveString(p).count).toBe(1);
    // The walked side cut where no listed entry can be a partner: the same pairs, so the same puzzles.
    const full = searchClues(solution, { pruneWalk: false });
    expect(full.puzzles).toEqual(r.puzzles);
    expect([full.stats.pairs, full.stats.xy, full.stats.solverCalls]).toEqual([r.stats.pairs, r.stats.xy, r.stats.solverCalls]);
  }, 300_000);
});

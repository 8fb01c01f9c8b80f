import * as fs from 'node:fs';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileJoinWasm } from '../../scripts/solverWasm.mjs';
import { solveString } from '../../server/src/engine/core/solve';
import { enumerateUAs, searchClues } from '../../server/src/engine/ua';
import type { WasmHost } from '../../server/src/engine/core/wasmSolver';
import { JoinList } from '../../server/src/engine/ua/clueJoin';
import { setJoinCore, type JoinCore } from '../../server/src/engine/ua/wasmJoin';
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

/**
 * A side's 36 code words (per band-3 code, the sets of it the side misses), codes 4i..4i+3 of
 * mini-row i: some mini-rows none (so that some pairs pass), the others dense (so that some have
 * all three pairs missed by a pair).
 */
const codeWords = fc
  .tuple(fc.integer({ min: 0, max: 511 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 36, maxLength: 36 }))
  .map(([rows, words]) => words.map((w, c) => ((rows >> (c >> 2)) & 1 ? w : 0)));
const STACKS = [0x1c0e07, 0x1c0e07 << 3, 0x1c0e07 << 6];
const bits = (x: number): number => [...x.toString(2)].filter((b) => b === '1').length;

/**
 * The pairs' first filter by its definition: the pair (walked set `cells`, `codes`; entry
 * ys[e], codes[e]) keeps each stack within `cap`; a code is missed when both sides miss a set of
 * it; mini-row i (codes 4i..4i+3, stack i % 3) needs 2 clues when its three pairs are missed, 1
 * for any missed code; at most k in all, each stack within its room. The passing entries of
 * `es` and how many fit the caps.
 */
function filterByDefinition(es: number[], ys: number[], yCodes: number[][], cells: number, codes: number[], cap: number, k: number): [number[], number] {
  let fitted = 0;
  const passed = es.filter((e) => {
    const room = STACKS.map((m) => cap - bits(cells & m) - bits(ys[e] & m));
    if (room.some((r) => r < 0)) return false;
    fitted++;
    const need = [0, 0, 0];
    for (let i = 0; i < 9; i++) {
      const missed = [0, 1, 2, 3].filter((q) => (codes[4 * i + q] & yCodes[e][4 * i + q]) !== 0);
      need[i % 3] += missed.filter((q) => q < 3).length === 3 ? 2 : missed.length > 0 ? 1 : 0;
    }
    return need[0] + need[1] + need[2] <= k && need.every((n, s) => n <= room[s]);
  });
  return [passed, fitted];
}

/** Entries (band word, code words) and a walked set's, with its caps. */
const pairCase = fc.record({
  ys: fc.array(fc.record({ cells: bandWord, codes: codeWords }), { minLength: 1, maxLength: 300 }),
  cells: bandWord,
  codes: codeWords,
  cap: fc.integer({ min: 2, max: 9 }),
  k: fc.integer({ min: 0, max: 9 }),
  from: fc.nat({ max: 299 }),
  length: fc.nat({ max: 300 }),
});

/** A list of the pair case's entries (no cross sets missed: every entry is a partner), sealed with the given kernel, and its filter's answer on the range asked. */
function filtered(core: JoinCore, c: typeof pairCase extends fc.Arbitrary<infer T> ? T : never): [number[], number, number[]] {
  expect(setJoinCore(core)).toBe(core);
  const list = new JoinList(1, 1);
  for (const y of c.ys) list.add(y.cells, [0], 0, y.codes, 0);
  list.seal();
  const out = new Int32Array(c.ys.length);
  const n = list.partners(0, Int32Array.of(0), 0, out);
  const from = c.from % n;
  const to = Math.min(n, from + c.length);
  list.walkCodes.set(c.codes);
  const pass = new Int32Array(n);
  const m = list.pairsPast(out, from, to, c.cells, c.cap, c.k, pass);
  const result: [number[], number, number[]] = [[...pass.subarray(0, m)], list.fitted, [...out.subarray(from, to)]];
  list.release();
  return result;
}


describe('X × Y join (clueJoin)', () => {
  const grid = [...BY_SOLUTION.keys()][0];
  const cross = crossSets(grid);

  it('seals its entries in order of the sets they miss: sets 0..31 as one binary number (set 0 the top bit), then sets 32..63, then the entry (property)', () => {
    // Miss words of entries drawn from a few, so that first words tie often.
    const word = fc.constantFrom(0, 1, -1, 0x80000000 | 0, 5, 0x40000001, 3 << 30);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(fc.array(word, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 80 }), (W, misses) => {
        expect(setJoinCore('ts')).toBe('ts');
        // The last set is missed by no entry: asking for the partners that hit it lists them all, in the sealed order.
        misses.forEach((m) => (m[W - 1] &= 0x7fffffff));
        const list = new JoinList(W, 32 * W);
        misses.forEach((m, e) => list.add(e, m, 0));
        list.seal();
        const out = new Int32Array(misses.length);
        const last = new Int32Array(W);
        last[W - 1] = 1 << 31;
        const n = list.partners(0, last, 0, out);
        list.release();
        const key = (e: number): string =>
          [0, 1]
            .map((w) => (w < W ? [...Array(32).keys()].map((b) => (misses[e][w] >>> b) & 1).join('') : ''))
            .join(' ');
        const expected = misses.map((_, e) => e).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a - b));
        expect([...out.subarray(0, n)]).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

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

  it("passes a walked set's partners by the stack caps and the mini-row bound as defined (property)", () => {
    let passed = 0;
    fc.assert(
      fc.property(pairCase, (c) => {
        const [pass, fitted, range] = filtered('ts', c);
        const [want, wantFitted] = filterByDefinition(range, c.ys.map((y) => y.cells), c.ys.map((y) => y.codes), c.cells, c.codes, c.cap, c.k);
        expect(pass).toEqual(want);
        expect(fitted).toBe(wantFitted);
        passed += pass.length;
      }),
      { numRuns: 500 },
    );
    expect(passed).toBeGreaterThan(0);
  });

  it('finds every listed 17 of a grid through the join, each unique, the same with the walk cut or not, short lists joined per entry or not', () => {
    // The faster of the two grids with 8 listed puzzles.
    const [solution, listed] = [...BY_SOLUTION.entries()].filter(([, ps]) => ps.length === 8)[1];
    const r = searchClues(solution);
    expect(r.stats.pairs).toBeGreaterThan(r.stats.xy); // the join ran: pairs before the band-3 code bound
    // The counts as recorded (bench grid 2, BENCHMARKS.md): a leaf that misses a fresh set it
    // should hit, or hits one it should miss, moves the XY leaves and the solver calls.
    expect([r.stats.pairs, r.stats.xy, r.stats.band3, r.stats.solverCalls, r.stats.learnt]).toEqual([4_637_774, 36_771, 20_716, 29_631, 8_904]);
    for (const p of listed) expect(r.puzzles).toContain(p);
    for (const p of r.puzzles) expect(solveString(p).count).toBe(1);
    // The walked side cut where no listed entry can be a partner: the same pairs, so the same puzzles.
    const full = searchClues(solution, { pruneWalk: false });
    expect(full.puzzles).toEqual(r.puzzles);
    expect([full.stats.pairs, full.stats.xy, full.stats.solverCalls]).toEqual([r.stats.pairs, r.stats.xy, r.stats.solverCalls]);
    // Short lists joined by the vectors too: the same pairs in another order (so other sets
    // learnt first, and other counts), the same puzzles.
    const joined = searchClues(solution, { entryWalks: 0 });
    expect(joined.puzzles).toEqual(r.puzzles);
  }, 300_000);
});

describe('short lists joined entry by entry', () => {
  it('finds a 17 whose bands hold 3, 7 and 7 clues, its band of 3 listing 15 clue sets', () => {
    // Band 3 is the first band of 7; the band of 3 clues has 15 valid 3-clue sets, few enough
    // to be joined entry by entry (as the pass A splits of this grid with the fewest listed sets).
    const puzzle = '.................1.....2.3.....1...4..3.5.....26....7.14...8...5........7....6.2.';
    const solution = '384791256297365841651482739875219364413657982926834175142578693568923417739146528';
    expect(solveString(puzzle).solutions[0].join('')).toBe(solution);
    expect(searchClues(solution).puzzles).toContain(puzzle);
  }, 300_000);
});

/** A list of the band-2 clue sets `ys`, sealed with the given kernel. */
function sealed(core: JoinCore, part2: number[], ys: number[]): JoinList {
  expect(setJoinCore(core)).toBe(core);
  const list = new JoinList((part2.length + 31) >> 5, part2.length);
  for (const y of ys) list.add(y, missVector(part2, y), 0);
  list.seal();
  return list;
}

/** Everything one node asks of a list (as in the tests above): narrow, partners at two levels, the last clues' groups. */
function answers(list: JoinList, part1: number[], entries: number, before: number, last: number): unknown[] {
  const out = new Int32Array(27 * entries);
  const start = new Int32Array(27).fill(-1);
  const count = new Int32Array(27).fill(-1);
  const missed = missVector(part1, before);
  const shut = missVector(part1, before | last).map((v, w) => v & missed[w]);
  const got: unknown[] = [[...out.subarray(0, list.partners(0, missed, 0, out))]];
  const narrowed = list.narrow(0, 1, shut, 0);
  got.push(narrowed);
  if (!narrowed) return got;
  got.push([...out.subarray(0, list.partners(1, missed.map((v, w) => v & ~shut[w]), 0, out))]);
  const open = part1.flatMap((_, j) => ((missed[j >> 5] >> (j & 31)) & 1 && !((shut[j >> 5] >> (j & 31)) & 1) ? [j] : []));
  list.lastClues(1, Int32Array.from(open), Int32Array.from(open, (j) => part1[j] & last), open.length, last, out, start, count);
  for (let c = 0; c < 27; c++) if ((last >> c) & 1) got.push([c, [...out.subarray(start[c], start[c] + count[c])]]);
  return got;
}

// The two kernels, TypeScript and WebAssembly (core/wasm/joinCore.ts, compiled here as the build
// compiles it), find the same partners in the same order.
describe('the WebAssembly join kernel answers as the TypeScript one', () => {
  let bytes: Uint8Array;

  beforeAll(async () => {
    bytes = await compileJoinWasm();
    expect(setJoinCore('wasm', bytes)).toBe('wasm');
  }, 60_000);

  const cross = crossSets([...BY_SOLUTION.keys()][0]);
  const part1 = cross.map(([w0]) => w0);
  const part2 = cross.map(([, w1]) => w1);
  const node = fc.record({ before: fc.integer({ min: 0, max: 0x7ffffff }), last: fc.integer({ min: 1, max: 0x7ffffff }) });

  it('the same partners in the same order, call for call (property, a real grid)', () => {
    expect(part1.length).toBeGreaterThan(40); // several words of sets
    fc.assert(
      fc.property(fc.array(bandWord, { minLength: 1, maxLength: 400 }), fc.array(node, { minLength: 1, maxLength: 10 }), (ys, nodes) => {
        const ts = sealed('ts', part2, ys);
        const wasm = sealed('wasm', part2, ys);
        for (const { before: b, last: l } of nodes) {
          // Sparse clues, so that several last cells share the sets they miss.
          const before = b & 0x1249249;
          const last = l & ~before & 0x2492492;
          if (last === 0) continue;
          expect(answers(wasm, part1, ys.length, before, last)).toEqual(answers(ts, part1, ys.length, before, last));
        }
      }),
      { numRuns: 40 },
    );
  });

  it("closes a walk's nodes as the TypeScript kernel does: the same sets closed, the same levels, the same last clues' partners (property, a real grid)", () => {
    const W = (part1.length + 31) >> 5;
    const walk = (list: JoinList, clues: number[], entries: number): unknown[] => {
      list.walkCross.fill(0);
      for (let c = 0; c < 27; c++) part1.forEach((s, j) => (list.walkCross[c * W + (j >> 5)] |= ((s >> c) & 1) << (j & 31)));
      list.walkPart.set(part1);
      list.walkMissed.set(missVector(part1, 0));
      list.walkClosed.fill(0, 0, W);
      const out = new Int32Array(27 * entries);
      const start = new Int32Array(27);
      const count = new Int32Array(27);
      const got: unknown[] = [];
      let before = 0x7ffffff;
      for (let d = 0; d < clues.length; d++) {
        // The node after clues[0..d-1]; it may still add the cells after its last clue.
        const avail = d === 0 ? 0x7ffffff : 0x7ffffff & ~((2 << clues[d - 1]) - 1);
        const open = list.close(d, avail, before & ~avail);
        got.push(open, [...list.walkClosed.subarray((d + 1) * W, (d + 2) * W)]);
        if (!open) break;
        got.push([...out.subarray(0, list.partners(d + 1, list.walkMissed, d * W, out))]);
        // Were the node's next clue its last: each of them with its partners.
        list.walkLastClues(d, avail, out, start, count);
        for (let c = 0; c < 27; c++) if ((avail >> c) & 1) got.push([c, [...out.subarray(start[c], start[c] + count[c])]]);
        before = avail;
        for (let w = 0; w < W; w++) list.walkMissed[(d + 1) * W + w] = list.walkMissed[d * W + w] & ~list.walkCross[clues[d] * W + w];
      }
      return got;
    };
    const clueSet = fc.uniqueArray(fc.integer({ min: 0, max: 26 }), { minLength: 1, maxLength: 8 }).map((cs) => cs.sort((a, b) => a - b));
    fc.assert(
      fc.property(fc.array(bandWord, { minLength: 1, maxLength: 400 }), clueSet, (ys, clues) => {
        const ts = sealed('ts', part2, ys);
        const wasm = sealed('wasm', part2, ys);
        expect(walk(wasm, clues, ys.length)).toEqual(walk(ts, clues, ys.length));
        wasm.release();
      }),
      { numRuns: 40 },
    );
  });

  it("passes the same partners of a walked set through the pairs' filter (property)", () => {
    fc.assert(
      fc.property(pairCase, (c) => {
        expect(filtered('wasm', c)).toEqual(filtered('ts', c));
      }),
      { numRuns: 200 },
    );
  });

  it('the same search: pairs, XY leaves, band 3, solver calls and puzzles', () => {
    // The faster of the two grids with 8 listed puzzles.
    const [solution, listed] = [...BY_SOLUTION.entries()].filter(([, ps]) => ps.length === 8)[1];
    const run = (core: JoinCore) => {
      expect(setJoinCore(core)).toBe(core);
      const { puzzles, stats } = searchClues(solution);
      return { puzzles, pairs: stats.pairs, xy: stats.xy, band3: stats.band3, solverCalls: stats.solverCalls, learnt: stats.learnt };
    };
    const ts = run('ts');
    const wasm = run('wasm');
    expect(wasm).toEqual(ts);
    expect(ts.pairs).toBeGreaterThan(ts.xy); // the join ran
    for (const p of listed) expect(wasm.puzzles).toContain(p);
  }, 300_000);

  describe('which join kernel sealed lists use', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    /** Fresh copies of the list and loader modules, as a host loads them. */
    const fresh = async () => ({ ...(await import('../../server/src/engine/ua/wasmJoin')), ...(await import('../../server/src/engine/ua/clueJoin')) });
    /** A list of three entries over two sets; the partners of a clue set missing set 0 (entries 0 and 2 hit it). */
    const partners = (List: typeof JoinList): number[] => {
      const list = new List(1, 2);
      for (const miss of [2, 1, 0]) list.add(0, [miss], 0);
      list.seal();
      const out = new Int32Array(3);
      return [...out.subarray(0, list.partners(0, Int32Array.of(1), 0, out))].sort();
    };

    it('the WebAssembly kernel the build embeds (JOIN_WASM_BASE64) is the default', async () => {
      vi.resetModules();
      vi.stubGlobal('JOIN_WASM_BASE64', Buffer.from(bytes).toString('base64'));
      const m = await fresh();
      expect(m.joinCore()).toBe('wasm');
      expect(partners(m.JoinList)).toEqual([0, 2]);
      expect(m.setJoinCore('ts')).toBe('ts');
    });

    it('falls back to the TypeScript kernel when none is embedded, it does not load, or the host has no WebAssembly', async () => {
      for (const embedded of [undefined, Buffer.from('not a wasm module').toString('base64')]) {
        vi.resetModules();
        if (embedded !== undefined) vi.stubGlobal('JOIN_WASM_BASE64', embedded);
        const m = await fresh();
        expect(m.setJoinCore('wasm')).toBe('ts');
        expect(partners(m.JoinList)).toEqual([0, 2]);
      }
      vi.resetModules();
      vi.stubGlobal('JOIN_WASM_BASE64', Buffer.from(bytes).toString('base64'));
      vi.stubGlobal('WebAssembly', undefined);
      const m = await fresh();
      expect(m.joinCore()).toBe('ts');
      expect(partners(m.JoinList)).toEqual([0, 2]);
    });

    it('a list done with hands its instance to the next, of any size: one instance, the same answers as the TypeScript kernel', async () => {
      const { Module, Instance } = (globalThis as unknown as { WebAssembly: WasmHost }).WebAssembly;
      let made = 0;
      vi.stubGlobal('WebAssembly', {
        Module,
        Instance: function (module: object, imports: Record<string, Record<string, unknown>>) {
          made++;
          return new Instance(module, imports);
        },
      });
      const m = await fresh();
      expect(m.setJoinCore('wasm', bytes)).toBe('wasm');
      const list = (core: JoinCore, ys: number[]): JoinList => {
        expect(m.setJoinCore(core)).toBe(core);
        const l = new m.JoinList((part2.length + 31) >> 5, part2.length);
        for (const y of ys) l.add(y, missVector(part2, y), 0);
        l.seal();
        return l;
      };
      // Lists of a few entries and of hundreds, in turn: a small list's rows lie over a bigger one's words.
      const sizes = fc.oneof(fc.array(bandWord, { minLength: 1, maxLength: 40 }), fc.array(bandWord, { minLength: 200, maxLength: 400 }));
      fc.assert(
        fc.property(fc.array(sizes, { minLength: 2, maxLength: 4 }), node, (lists, { before: b, last: l }) => {
          const before = b & 0x1249249;
          const last = l & ~before & 0x2492492 || 0x2;
          for (const ys of lists) {
            const ts = list('ts', ys);
            const wasm = list('wasm', ys);
            expect(answers(wasm, part1, ys.length, before, last)).toEqual(answers(ts, part1, ys.length, before, last));
            wasm.release();
            ts.release();
          }
        }),
        { numRuns: 20 },
      );
      expect(made).toBe(1);
    });

    it("keeps the TypeScript kernel for a list whose instance or memory the host refuses", async () => {
      const { Module, Instance } = (globalThis as unknown as { WebAssembly: WasmHost }).WebAssembly;
      for (const refuse of ['instance', 'memory']) {
        vi.resetModules();
        vi.stubGlobal('WebAssembly', {
          Module,
          Instance: function (module: object, imports: Record<string, Record<string, unknown>>) {
            if (refuse === 'instance') throw new RangeError('WebAssembly.Instance(): Out of memory');
            const { exports } = new Instance(module, imports);
            // memory.grow failing inside layout().
            return { exports: { ...exports, layout: () => 0 } };
          },
        });
        const m = await fresh();
        expect(m.setJoinCore('wasm', bytes)).toBe('wasm');
        expect(partners(m.JoinList)).toEqual([0, 2]);
      }
    });
  });
});

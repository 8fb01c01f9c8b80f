import * as fs from 'node:fs';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileLeafWasm } from '../../scripts/solverWasm.mjs';
import type { WasmHost } from '../../server/src/engine/core/wasmSolver';
import { searchClues } from '../../server/src/engine/ua';
import { CellSetList } from '../../server/src/engine/ua/cells';
import { UAVectors } from '../../server/src/engine/ua/clueSearch';
import { enumerateUAs, minimalSorted } from '../../server/src/engine/ua/enumerate';
import { gangsterUAs } from '../../server/src/engine/ua/gangster';
import { TsLeaf, type LeafKernel } from '../../server/src/engine/ua/leafParts';
import { leafKernel, setLeafCore, type LeafCore } from '../../server/src/engine/ua/wasmLeaf';
import { dataPath } from '../dataPath';

// The 17-clue list grouped by solution grid.
const BY_SOLUTION = new Map<string, string[]>();
for (const line of fs.readFileSync(dataPath('tdoku', 'solutions', 'puzzles2_17_clue.sol'), 'utf8').split('\n')) {
  if (line.length <= 81 || line.startsWith('#')) continue;
  const [puzzle, , solution] = line.split(':');
  BY_SOLUTION.set(solution, [...(BY_SOLUTION.get(solution) ?? []), puzzle]);
}

/**
 * A real grid's sets meeting band 3 (rows 7-9), as a task's `three` starts: the minimal UA sets
 * of at most 12 cells and the gangster sets, smallest first, those with cells in band 3.
 */
function threeOf(solution: string): number[][] {
  const grid = Array.from(solution, Number);
  const all = enumerateUAs(grid, { maxSize: 12 });
  const gangster = gangsterUAs(grid, 16);
  for (let i = 0; i < gangster.count; i++) all.push(gangster.words[3 * i], gangster.words[3 * i + 1], gangster.words[3 * i + 2]);
  const min: CellSetList = minimalSorted(all);
  const out: number[][] = [];
  for (let i = 0; i < min.count; i++) if (min.words[3 * i + 2] !== 0) out.push([min.words[3 * i], min.words[3 * i + 1], min.words[3 * i + 2]]);
  return out;
}

/** A leaf: its clues in bands 1+2 (distinct cells 0..53), k, the stacks' rooms, and how many sets `three` has grown by before it. */
const leafCase = fc.record({
  clues: fc.uniqueArray(fc.integer({ min: 0, max: 53 }), { minLength: 0, maxLength: 24 }),
  k: fc.integer({ min: 1, max: 16 }),
  // Rooms small enough that a stack's count decides some leaves, or none at all (9).
  rooms: fc.tuple(...[0, 1, 2].map(() => fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(9)))) as fc.Arbitrary<[number, number, number]>,
  grow: fc.nat({ max: 40 }),
});

/** What a kernel answers for a leaf: the bound, then the parts (asked after every bound, so those of leaves the bound rejects are compared too). */
function answer(kernel: LeafKernel, three: UAVectors, c: { clues: number[]; k: number; rooms: [number, number, number] }): [boolean, number[]] {
  const fits = kernel.bound(three, Int32Array.from(c.clues), c.clues.length, c.k, ...c.rooms);
  const n = kernel.sieve();
  return [fits, [...kernel.parts.subarray(0, n)]];
}

describe('the XY leaf kernel in WebAssembly answers as the TypeScript one', () => {
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = await compileLeafWasm();
    expect(setLeafCore('wasm', bytes)).toBe('wasm');
  }, 60_000);

  const grids = [...BY_SOLUTION.keys()];
  // Two grids' sets: a kernel serves one task's `three`, then another's.
  const sets = [threeOf(grids[0]), threeOf(grids[1])];

  it('the same bound and parts, leaf for leaf, on real grids\' sets while `three` grows and tasks take turns (property)', () => {
    expect(sets[0].length).toBeGreaterThan(600); // vectors of several lengths as it grows (8, 16, 32 words)
    const fitsSeen = [0, 0];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 1 }), leafCase), { minLength: 1, maxLength: 30 }), fc.nat({ max: 200 }), (leaves, start) => {
        expect(setLeafCore('wasm')).toBe('wasm');
        const wasm = leafKernel();
        const ts = new TsLeaf();
        // Each task's `three` starts with some of its sets and learns the others as leaves come.
        const threes = sets.map(() => new UAVectors());
        const added = [0, 0];
        const grow = (t: number, n: number): void => {
          for (const end = Math.min(sets[t].length, added[t] + n); added[t] < end; added[t]++) threes[t].add(...(sets[t][added[t]] as [number, number, number]));
        };
        grow(0, start);
        grow(1, start);
        for (const [t, c] of leaves) {
          grow(t, c.grow * c.grow);
          const got = answer(wasm, threes[t], c);
          expect(got).toEqual(answer(ts, threes[t], c));
          fitsSeen[got[0] ? 1 : 0]++;
        }
      }),
      { numRuns: 500 },
    );
    // Both answers of the bound were met.
    expect(Math.min(...fitsSeen)).toBeGreaterThan(100);
  });

  it('the same bound and parts on drawn sets: mini-row pairs and triplets, parts inside one stack, any parts (property)', () => {
    const miniRow = fc.integer({ min: 0, max: 8 }).map((r) => 9 * Math.floor(r / 3) + 3 * (r % 3));
    const pair = fc.tuple(miniRow, fc.constantFrom(3, 5, 6, 7)).map(([at, bits]) => bits << at);
    const cells = fc.array(fc.integer({ min: 0, max: 26 }), { minLength: 1, maxLength: 6 }).map((cs) => cs.reduce((w, c) => w | (1 << c), 0));
    const inStack = fc.tuple(cells, fc.integer({ min: 0, max: 2 })).map(([w, s]) => w & (0x1c0e07 << (3 * s)) || 1 << (3 * s));
    // A set's cells in bands 1+2: a few of 54, so that a leaf misses some and hits others.
    const rest = fc.tuple(fc.integer({ min: 0, max: 0x7ffffff }), fc.integer({ min: 0, max: 0x7ffffff })).map(([a, b]) => [a & 0x4210842, b & 0x1084210]);
    const set = fc.tuple(rest, fc.oneof(pair, inStack, cells)).map(([[w0, w1], p]) => [w0, w1, p]);
    const seen = [0, 0];
    fc.assert(
      fc.property(fc.array(set, { minLength: 1, maxLength: 300 }), fc.array(leafCase, { minLength: 1, maxLength: 5 }), (all, leaves) => {
        expect(setLeafCore('wasm')).toBe('wasm');
        const wasm = leafKernel();
        const ts = new TsLeaf();
        const three = new UAVectors();
        for (const [w0, w1, p] of all) three.add(w0, w1, p);
        for (const c of leaves) {
          const got = answer(wasm, three, c);
          expect(got).toEqual(answer(ts, three, c));
          seen[got[0] ? 1 : 0]++;
        }
      }),
      { numRuns: 400 },
    );
    expect(Math.min(...seen)).toBeGreaterThan(100);
  });

  it('tells a leaf whose band 3 holds no clue set: never one that holds some (property, against every clue set written out)', () => {
    const cells = fc.array(fc.integer({ min: 0, max: 26 }), { minLength: 1, maxLength: 5 }).map((cs) => cs.reduce((w, c) => w | (1 << c), 0));
    const miniRow = fc.integer({ min: 0, max: 8 }).map((r) => 9 * Math.floor(r / 3) + 3 * (r % 3));
    const pair = fc.tuple(miniRow, fc.constantFrom(3, 5, 6, 7)).map(([at, bits]) => bits << at);
    const room = fc.oneof(fc.integer({ min: 0, max: 2 }), fc.constant(9));
    const stacks = [0, 1, 2].map((s) => 0x1c0e07 << (3 * s));
    const popcount = (w: number): number => w.toString(2).replace(/0/g, '').length;
    /** Whether some k cells of band 3 hit every part, each stack within its room. */
    const holds = (parts: number[], k: number, rooms: number[]): boolean => {
      const pick = (from: number, left: number, x: number): boolean => {
        if (left === 0) return parts.every((p) => (p & x) !== 0) && stacks.every((m, s) => popcount(x & m) <= rooms[s]);
        for (let c = from; c <= 27 - left; c++) if (pick(c + 1, left - 1, x | (1 << c))) return true;
        return false;
      };
      return pick(0, k, 0);
    };
    const seen = { none: 0, some: 0 };
    fc.assert(
      fc.property(fc.array(fc.oneof(pair, pair, cells), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 }), fc.tuple(room, room, room), (drawn, k, rooms) => {
        expect(setLeafCore('wasm')).toBe('wasm');
        const kernel = leafKernel();
        const three = new UAVectors();
        for (const p of drawn) three.add(1, 0, p);
        // No clue in bands 1+2: every set missed, every part the sieve keeps to hit.
        kernel.bound(three, new Int32Array(0), 0, 27, 27, 27, 27);
        const n = kernel.sieve();
        const parts = [...kernel.parts.subarray(0, n)];
        const may = kernel.mayComplete!(n, k, ...rooms);
        const some = holds(parts, k, rooms);
        if (some) expect(may).toBe(true);
        seen[may ? 'some' : 'none']++;
      }),
      { numRuns: 400 },
    );
    expect(Math.min(seen.none, seen.some)).toBeGreaterThan(50);
  });

  it('the same search: pairs, XY leaves, band 3, solver calls and puzzles', () => {
    // The faster of the two grids with 8 listed puzzles.
    const [solution, listed] = [...BY_SOLUTION.entries()].filter(([, ps]) => ps.length === 8)[1];
    const run = (core: LeafCore) => {
      expect(setLeafCore(core)).toBe(core);
      const { puzzles, stats } = searchClues(solution);
      return { puzzles, pairs: stats.pairs, xy: stats.xy, band3: stats.band3, solverCalls: stats.solverCalls, learnt: stats.learnt };
    };
    const ts = run('ts');
    const wasm = run('wasm');
    expect(wasm).toEqual(ts);
    expect(ts.band3).toBeGreaterThan(0); // leaves past the bound and the check
    for (const p of listed) expect(wasm.puzzles).toContain(p);
  }, 300_000);

  describe('which leaf kernel tasks get', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    const fresh = async () => await import('../../server/src/engine/ua/wasmLeaf');
    const three = new UAVectors();
    for (const s of sets[0]) three.add(s[0], s[1], s[2]);
    const leaf = { clues: [0, 4, 8, 12, 30, 33, 40, 50], k: 7, rooms: [3, 3, 3] as [number, number, number] };

    it('the WebAssembly kernel the build embeds (LEAF_WASM_BASE64) is the default', async () => {
      vi.resetModules();
      vi.stubGlobal('LEAF_WASM_BASE64', Buffer.from(bytes).toString('base64'));
      const m = await fresh();
      expect(m.leafCore()).toBe('wasm');
      const kernel = m.leafKernel();
      expect(kernel.constructor.name).toBe('WasmLeaf');
      expect(answer(kernel, three, leaf)).toEqual(answer(new TsLeaf(), three, leaf));
    });

    it('falls back to the TypeScript kernel when none is embedded, it does not load, or the host has no WebAssembly', async () => {
      for (const embedded of [undefined, Buffer.from('not a wasm module').toString('base64')]) {
        vi.resetModules();
        if (embedded !== undefined) vi.stubGlobal('LEAF_WASM_BASE64', embedded);
        const m = await fresh();
        expect(m.setLeafCore('wasm')).toBe('ts');
        expect(m.leafKernel().constructor.name).toBe('TsLeaf');
      }
      vi.resetModules();
      vi.stubGlobal('LEAF_WASM_BASE64', Buffer.from(bytes).toString('base64'));
      vi.stubGlobal('WebAssembly', undefined);
      const m = await fresh();
      expect(m.leafCore()).toBe('ts');
      expect(m.leafKernel().constructor.name).toBe('TsLeaf');
    });

    it('answers as the TypeScript kernel when the host refuses the instance or its memory', async () => {
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
        expect(m.setLeafCore('wasm', bytes)).toBe('wasm');
        expect(answer(m.leafKernel(), three, leaf)).toEqual(answer(new TsLeaf(), three, leaf));
      }
    });
  });
});

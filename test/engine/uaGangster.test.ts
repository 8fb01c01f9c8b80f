import * as fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileGangsterWasm } from '../../scripts/solverWasm.mjs';
import { Budget, BudgetExceeded } from '../../server/src/engine/core/budget';
import type { WasmHost } from '../../server/src/engine/core/wasmSolver';
import { itemRandom, randomGrid } from '../../server/src/engine/generate';
import { enumerateUAs } from '../../server/src/engine/ua';
import { CellSetList, type CellSet } from '../../server/src/engine/ua/cells';
import { fewestChanges, gangsterUAs } from '../../server/src/engine/ua/gangster';
import { transposeGrid } from '../../server/src/engine/ua/symmetry';
import { setGangsterCore, type GangsterCore } from '../../server/src/engine/ua/wasmGangster';
import { dataPath } from '../dataPath';

// Grids of the 17-clue list, and the transposed first one (other bands at the bottom).
const SOLUTIONS = fs
  .readFileSync(dataPath('tdoku', 'solutions', 'puzzles2_17_clue.sol'), 'utf8')
  .split('\n')
  .filter((l) => l.length > 81 && !l.startsWith('#'))
  .map((l) => l.split(':')[2]);
const toDigits = (s: string): Uint8Array => Uint8Array.from(s, Number);
const GRIDS = [toDigits(SOLUTIONS[0]), toDigits(SOLUTIONS[7000]), toDigits(SOLUTIONS[30000]), transposeGrid(toDigits(SOLUTIONS[0]))];
const BAND = 0x7ffffff;

/** The sets in the list's order, and sorted. */
const inOrder = (l: CellSetList): string[] => Array.from({ length: l.count }, (_, i) => l.words.subarray(3 * i, 3 * i + 3).join(','));
const keys = (l: CellSetList): string[] => inOrder(l).sort();

let bytes: Uint8Array;
beforeAll(async () => {
  bytes = await compileGangsterWasm();
});
afterAll(() => {
  setGangsterCore('ts');
});

/**
 * The oracle: per mini-row of rows 6-8, the general enumeration with every other cell of
 * that band given (the minimal UA sets whose band-3 part lies in that mini-row, or is
 * empty), all nine together.
 */
function oracle(grid: Uint8Array, maxSize: number): string[] {
  const all = new Set<string>();
  for (let mini = 0; mini < 9; mini++) {
    const cells = 7 << (9 * ((mini / 3) | 0) + 3 * (mini % 3));
    const fixed: CellSet = [0, 0, BAND & ~cells];
    for (const k of keys(enumerateUAs(grid, { maxSize, fixedWords: fixed }))) all.add(k);
  }
  return [...all].sort();
}

describe.each(['ts', 'wasm'] as GangsterCore[])('gangster UA sets, chains in %s', (core) => {
  beforeAll(() => {
    expect(setGangsterCore(core, bytes)).toBe(core);
  });

  it.each(GRIDS.map((g, i) => [i, g] as const))('grid %i: the same sets as the general enumeration, up to 16 cells', (_, grid) => {
    const sets = gangsterUAs(grid, 16);
    expect(sets.count).toBeGreaterThan(500);
    expect(keys(sets)).toEqual(oracle(grid, 16));
  });

  it('honours the size bound, smallest first', () => {
    const sets = gangsterUAs(GRIDS[1], 12);
    expect(keys(sets)).toEqual(oracle(GRIDS[1], 12));
    for (let i = 1; i < sets.count; i++) expect(sets.size(i)).toBeGreaterThanOrEqual(sets.size(i - 1));
    expect(sets.size(sets.count - 1)).toBeLessThanOrEqual(12);
  });

  it('throws BudgetExceeded when the budget is spent', () => {
    expect(() => gangsterUAs(GRIDS[0], 16, new Budget(0))).toThrow(BudgetExceeded);
  });
});

describe('gangster UA sets', () => {
  it("the WebAssembly chains find the TypeScript chains' sets, in the same order, on random grids", () => {
    for (let k = 0; k < 6; k++) {
      const grid = randomGrid('classic', itemRandom(17, k));
      for (const g of [grid, transposeGrid(grid)]) {
        for (const maxSize of [12, 16]) {
          setGangsterCore('ts');
          const ts = gangsterUAs(g, maxSize);
          setGangsterCore('wasm', bytes);
          const wasm = gangsterUAs(g, maxSize);
          expect(wasm.count).toBeGreaterThan(maxSize === 16 ? 300 : 30);
          expect(inOrder(wasm)).toEqual(inOrder(ts));
        }
      }
    }
  });

  it('the same sets where a start finds more than the first page of the core holds (its memory grown)', () => {
    // Up to 20 cells, a start finds over 12,000 sets on this grid: more than 8 bytes each fit in 64 KiB.
    setGangsterCore('ts');
    const ts = gangsterUAs(GRIDS[0], 20);
    setGangsterCore('wasm', bytes);
    expect(inOrder(gangsterUAs(GRIDS[0], 20))).toEqual(inOrder(ts));
  });

  describe('which chains searches get', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    // The modules loaded afresh (the global stubbed first), and a search with their chains.
    const fresh = async () => ({
      core: await import('../../server/src/engine/ua/wasmGangster'),
      search: (await import('../../server/src/engine/ua/gangster')).gangsterUAs,
    });
    const expected = () => {
      setGangsterCore('ts');
      return inOrder(gangsterUAs(GRIDS[2], 14));
    };

    it('the WebAssembly core the build embeds (GANGSTER_WASM_BASE64) is the default', async () => {
      const want = expected();
      vi.resetModules();
      vi.stubGlobal('GANGSTER_WASM_BASE64', Buffer.from(bytes).toString('base64'));
      const m = await fresh();
      expect(m.core.gangsterCore()).toBe('wasm');
      expect(m.core.gangsterChains()?.constructor.name).toBe('WasmGangster');
      expect(inOrder(m.search(GRIDS[2], 14))).toEqual(want);
    });

    it('keeps the TypeScript chains when none is embedded, it does not load, or the host has no WebAssembly', async () => {
      for (const embedded of [undefined, Buffer.from('not a wasm module').toString('base64')]) {
        vi.resetModules();
        if (embedded !== undefined) vi.stubGlobal('GANGSTER_WASM_BASE64', embedded);
        const m = await fresh();
        expect(m.core.setGangsterCore('wasm')).toBe('ts');
        expect(m.core.gangsterChains()).toBeUndefined();
      }
      vi.resetModules();
      vi.stubGlobal('GANGSTER_WASM_BASE64', Buffer.from(bytes).toString('base64'));
      vi.stubGlobal('WebAssembly', undefined);
      const m = await fresh();
      expect(m.core.gangsterCore()).toBe('ts');
      expect(m.core.gangsterChains()).toBeUndefined();
    });

    it('finds the same sets when the host refuses the instance or the memory for the sets found', async () => {
      const want = expected();
      const { Module, Instance } = (globalThis as unknown as { WebAssembly: WasmHost }).WebAssembly;
      for (const refuse of ['instance', 'memory']) {
        vi.resetModules();
        let trapped = 0;
        vi.stubGlobal('WebAssembly', {
          Module,
          Instance: function (module: object, imports: Record<string, Record<string, unknown>>) {
            if (refuse === 'instance') throw new RangeError('WebAssembly.Instance(): Out of memory');
            const { exports } = new Instance(module, imports);
            const real = exports as { chains: (...a: number[]) => number };
            // The tenth start traps midway, as a store past the memory's end would: the
            // instance's state is left as it was (digits placed, rows taken).
            const chains = (...a: number[]): number => {
              if (++trapped === 10) {
                real.chains(a[0], a[1], a[2], a[3], a[4]);
                throw new RangeError('memory access out of bounds');
              }
              return real.chains(...a);
            };
            return { exports: { ...exports, chains } };
          },
        });
        const m = await fresh();
        expect(m.core.setGangsterCore('wasm', bytes)).toBe('wasm');
        expect(inOrder(m.search(GRIDS[2], 14))).toEqual(want);
        expect(trapped).toBe(refuse === 'memory' ? 10 : 0);
        // A trapped instance serves no more searches.
        expect(m.core.gangsterChains()).toBeUndefined();
        expect(inOrder(m.search(GRIDS[2], 14))).toEqual(want);
      }
    });
  });

  it("tells the fewest rows a digit's template changes when it must change some, as every template counted", () => {
    // Templates written out: every order of the digit's six columns over the six rows of bands
    // 1+2 with each band's rows in three stacks; own columns and σ's (a column of a stack traded
    // for the third one of that stack).
    const popcount = (m: number): number => (m === 0 ? 0 : (m & 1) + popcount(m >>> 1));
    for (const grid of GRIDS.slice(0, 2)) {
      const ownColumn = new Int8Array(81);
      const cols = new Int32Array(9);
      for (let c = 0; c < 54; c++) {
        ownColumn[9 * (grid[c] - 1) + ((c / 9) | 0)] = c % 9;
        cols[grid[c] - 1] |= 1 << c % 9;
      }
      for (let d = 0; d < 9; d++) {
        // σ: the digit's upper column of stack d % 3 traded for that stack's third column.
        const stack = 7 << (3 * (d % 3));
        const upper = 1 << (31 - Math.clz32(cols[d] & stack));
        for (const traded of [cols[d], (cols[d] & ~upper) | (stack & ~cols[d])]) {
          const expected = new Array<number>(64).fill(64);
          const place = (q: number, used: number, changed: number, stacks: number): void => {
            if (q === 6) {
              if (changed === 0) return;
              for (let rows = 0; rows < 64; rows++) if ((rows & ~changed) === 0) expected[rows] = Math.min(expected[rows], popcount(changed));
              return;
            }
            for (let c = 0; c < 9; c++) {
              const stackBit = 1 << ((c / 3) | 0);
              if (!((traded >> c) & 1) || (used >> c) & 1 || (q % 3 !== 0 && stacks & stackBit)) continue;
              place(q + 1, used | (1 << c), changed | (c === ownColumn[9 * d + q] ? 0 : 1 << q), (q % 3 === 0 ? 0 : stacks) | stackBit);
            }
          };
          place(0, 0, 0, 0);
          const out = new Int8Array(9 * 64);
          fewestChanges(ownColumn, d, traded, out);
          expect(Array.from(out.subarray(64 * d, 64 * d + 64))).toEqual(expected);
        }
      }
    }
  });
});

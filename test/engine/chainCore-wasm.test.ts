/**
 * The SE chains' two loops for a dynamic run without a level, TypeScript (dynamic.ts's
 * propagateDynamic) and WebAssembly (core/wasm/chainCore.ts, compiled here as the build compiles
 * it, run through wasmRuns.ts), make the same runs: every run a chainer propagates in the core is
 * propagated again by the TypeScript loop and compared node for node, on forum puzzles at the top
 * level and on grids a nested search meets (the outer start's runs made in between, on their grid);
 * and a nested dynamic search made whole in the core (its runs, G0's lent runs, its chains' common
 * nodes, its hints' walks and claims) gives the hints the TypeScript one gives.
 */
import * as fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileChainWasm } from '../../scripts/solverWasm.mjs';
import { candidatesFromGivens } from '../../server/src/engine/core/grid';
import { State } from '../../server/src/engine/core/state';
import { DynamicChainer } from '../../server/src/engine/se/techniques/chains/dynamic';
import { ChainGrid, NCAND } from '../../server/src/engine/se/techniques/chains/tables';
import { setChainCore, takeSlot } from '../../server/src/engine/se/techniques/chains/wasmRuns';
import { dataPath } from '../dataPath';
import { gridThinner } from './thinnedGrids';

type Run = {
  onN: number; offN: number; onList: Int16Array; offList: Int16Array; flag: Uint8Array; first: Int16Array; depth: Uint16Array;
  cause: Uint8Array; offAt: Int16Array; absurdOn: number; absurdOff: number; extraKey: number; slot: object | null;
};
type Chainer = { propagate: (run: Run, startKey: number, parents?: boolean) => boolean; save: ChainGrid; bases: { start: ChainGrid } };

/** Everything a run records, as its readers see it. */
function fields(r: Run) {
  const on = [...r.onList.subarray(0, r.onN)];
  const off = [...r.offList.subarray(0, r.offN)];
  const slots = on.map((c) => c + NCAND).concat(off, r.absurdOn >= 0 ? [2 * NCAND] : []);
  return {
    on,
    off,
    absurd: [r.absurdOn, r.absurdOff, r.absurdOn >= 0 ? r.extraKey : -1],
    flags: on.concat(off).map((c) => r.flag[c]),
    first: slots.map((s) => r.first[s]),
    depth: slots.map((s) => r.depth[s]),
    cause: on.map((c) => c + NCAND).concat(r.absurdOn >= 0 ? [2 * NCAND] : []).map((s) => r.cause[s]),
    offAt: off.map((c) => r.offAt[c]),
  };
}

function gridOf(puzzle: string): ChainGrid {
  const givens = new Uint8Array(81);
  for (let c = 0; c < 81; c++) givens[c] = puzzle[c] >= '1' && puzzle[c] <= '9' ? Number(puzzle[c]) : 0;
  const state = State.fromCandidates(candidatesFromGivens(givens), false);
  const g = new ChainGrid();
  g.load(state.values, state.cands);
  return g;
}

/** `from` less `removals` random candidates of cells with three or more (runs meet contradictions there). */
const thinned = gridThinner(11);

/** Three puzzles of the forum's hardest: every `step`-th line from line `offset`. */
function hardestPuzzles(step: number, offset: number): string[] {
  return fs
    .readFileSync(dataPath('forum-hardest-110626', 'HardestDatabase110626.sol'), 'utf8')
    .split('\n')
    .map((line) => line.split(':')[0])
    .filter((p, i) => p && p.length === 81 && i % step === offset)
    .slice(0, 3);
}

describe('the dynamic runs’ WebAssembly core', () => {
  let bytes: Uint8Array;
  // Compiled once (-O3, converged: seconds when the other test files run beside it).
  beforeAll(async () => {
    bytes = await compileChainWasm();
    expect(setChainCore('runs', bytes)).toBe('runs');
  }, 60_000);
  afterAll(() => {
    setChainCore('wasm');
    vi.unstubAllGlobals();
  });

  it('makes every run of Nishio and dynamic chains as the TypeScript loop does, top level and nested, and the same hints', { timeout: 60_000 }, () => {
    const puzzles = hardestPuzzles(97, 5);
    // Top level: the puzzles' grids. Nested: grids 1-30 removals from a thinned start G0, searched
    // in turn by one chainer, which makes G0's runs (baseRuns.ts) on G0 between their own runs.
    const searches: { g: ChainGrid; nested: { initial: Uint16Array } | null }[] = puzzles.map((p) => ({ g: gridOf(p), nested: null }));
    for (const p of puzzles.slice(0, 2)) {
      const g0 = thinned(gridOf(p), 40);
      for (const removals of [1, 2, 3, 5, 8, 13, 20, 30]) searches.push({ g: thinned(g0, removals), nested: { initial: g0.cands } });
    }
    const options = [
      { multiple: false, dynamic: true, nishio: true, level: 0 },
      { multiple: true, dynamic: true, nishio: false, level: 0 },
    ];
    const { propagate } = DynamicChainer.prototype as unknown as Chainer;
    let inCore = 0;
    let absurd = 0;
    let onBase = 0;
    const found: unknown[] = [];
    for (const o of options) {
      const chainer = new DynamicChainer(o);
      vi.spyOn(chainer as unknown as Chainer, 'propagate').mockImplementation(function (this: Chainer, run, startKey, parents) {
        const result = propagate.call(this, run, startKey, parents);
        if (run.slot) {
          inCore++;
          if (result) absurd++;
          if (this.save === this.bases.start) onBase++;
          // A run of its own arrays propagates in TypeScript.
          const twin = new (run.constructor as new () => Run)();
          expect(propagate.call(this, twin, startKey, parents)).toBe(result);
          expect(twin.slot).toBeNull();
          expect(fields(run)).toEqual(fields(twin));
        }
        return result;
      });
      for (const { g, nested } of searches) found.push(chainer.hints(g, null, nested));
    }
    expect(inCore).toBeGreaterThan(5000);
    expect(absurd).toBeGreaterThan(500);
    expect(onBase).toBeGreaterThan(500);
    // The hints of chainers whose runs all propagate in TypeScript.
    expect(setChainCore('ts')).toBe('ts');
    const again: unknown[] = [];
    for (const o of options) {
      const chainer = new DynamicChainer(o);
      for (const { g, nested } of searches) again.push(chainer.hints(g, null, nested));
    }
    expect(again).toEqual(found);
    expect(setChainCore('runs')).toBe('runs');
  });

  it('finds every nested dynamic search’s hints in the core as in TypeScript, and in TypeScript when the core has no slot left', { timeout: 60_000 }, () => {
    const puzzles = hardestPuzzles(89, 7);
    // Grids 1-30 removals from a thinned G0, two G0s taking turns (the core's G0 runs start over).
    const searches: { g: ChainGrid; nested: { initial: Uint16Array } }[] = [];
    const starts = puzzles.map((p) => thinned(gridOf(p), 35));
    for (const removals of [1, 2, 3, 5, 8, 13, 20, 30]) {
      for (const g0 of starts) searches.push({ g: thinned(g0, removals), nested: { initial: g0.cands } });
      searches.push({ g: thinned(starts[0], removals + 1), nested: { initial: starts[0].cands } });
    }
    const options = { multiple: true, dynamic: true, nishio: false, level: 0 };
    // A fresh instance: every slot free (the chainers above keep G0's runs in theirs).
    expect(setChainCore('wasm', bytes)).toBe('wasm');
    const hintsWith = (core: 'ts' | 'runs' | 'wasm', inCore: (found: unknown) => void) => {
      expect(setChainCore(core)).toBe(core);
      const chainer = new DynamicChainer(options);
      const spy = vi.spyOn(chainer as unknown as { searchInCore: () => unknown }, 'searchInCore');
      const found = searches.map(({ g, nested }) => chainer.hints(g, null, nested));
      // G0's runs given back, as after a top-level search.
      chainer.trim();
      for (const r of spy.mock.results) inCore(r.value);
      if (core !== 'wasm') expect(spy).not.toHaveBeenCalled();
      else expect(spy).toHaveBeenCalledTimes(searches.length);
      return found;
    };
    const inTs = hintsWith('ts', () => {});
    expect(inTs.flat().length).toBeGreaterThan(500);
    expect(hintsWith('runs', () => {})).toEqual(inTs);
    expect(hintsWith('wasm', (found) => expect(found).not.toBeNull())).toEqual(inTs);
    // Every slot taken: the core's search gives up at its first run, the TypeScript one searches.
    while (takeSlot()) continue;
    expect(hintsWith('wasm', (found) => expect(found).toBeNull())).toEqual(inTs);
    expect(setChainCore('runs', bytes)).toBe('runs');
  });

  it('keeps the TypeScript loop where the core does not load', () => {
    // Bytes the host refuses to compile stand for a host without WebAssembly; runs made in the
    // earlier instance's slots propagate in TypeScript too.
    expect(setChainCore('wasm', new Uint8Array([0, 97, 115, 109]))).toBe('ts');
    const chainer = new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 0 });
    const inCore = vi.spyOn(chainer as unknown as { propagateInCore: () => boolean }, 'propagateInCore');
    const puzzle = fs.readFileSync(dataPath('forum-hardest-110626', 'HardestDatabase110626.sol'), 'utf8').split(':')[0];
    expect(chainer.hints(gridOf(puzzle), null, null).length).toBeGreaterThan(0);
    expect(inCore).not.toHaveBeenCalled();
  });

  it('loads the core the build embeds (CHAIN_WASM_BASE64) by default, and none where none is embedded', async () => {
    const fresh = () => import('../../server/src/engine/se/techniques/chains/wasmRuns');
    vi.resetModules();
    vi.stubGlobal('CHAIN_WASM_BASE64', Buffer.from(bytes).toString('base64'));
    expect((await fresh()).chainCore()).toBe('wasm');
    vi.unstubAllGlobals();
    vi.resetModules();
    expect((await fresh()).chainCore()).toBe('ts');
  });
});

/**
 * The relevance marks' two makers, TypeScript (relevance.ts) and WebAssembly
 * (core/wasm/relevanceCore.ts, compiled here as the build compiles it, run through
 * wasmRelevance.ts), give the same marks, starts and pass links at real pauses, and the static
 * searches that read those links find the same hints.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileRelevanceWasm } from '../../scripts/solverWasm.mjs';
import { PassLinks } from '../../server/src/engine/se/techniques/chains/passLinks';
import { Relevance } from '../../server/src/engine/se/techniques/chains/relevance';
import { StaticChainer } from '../../server/src/engine/se/techniques/chains/static';
import { NCAND, type ChainGrid } from '../../server/src/engine/se/techniques/chains/tables';
import { setRelevanceCore, type RelevanceCore } from '../../server/src/engine/se/techniques/chains/wasmRelevance';
import { level2Pauses } from './levelPauses';

/** A PassLinks' tables and stamp, as its searches read them. */
type Tables = Record<'onStamp' | 'offStamp', Int32Array> & Record<'onCount' | 'offCount' | 'onCause' | 'offCause', Uint8Array> & Record<'onCand' | 'offCand', Int16Array> & { gen: number };

/** The links worked out under the current stamp: per pass node, its targets and causes. */
function workedOut(links: PassLinks): string[] {
  const t = links as unknown as Tables;
  const out: string[] = [];
  for (let i = 0; i < 3 * NCAND; i++) {
    if (t.onStamp[i] === t.gen) out.push(`on ${i}: ${[...t.onCand.subarray(i * 32, i * 32 + t.onCount[i])]} / ${[...t.onCause.subarray(i * 32, i * 32 + t.onCount[i])]}`);
    if (t.offStamp[i] === t.gen) out.push(`off ${i}: ${[...t.offCand.subarray(i * 4, i * 4 + t.offCount[i])]} / ${[...t.offCause.subarray(i * 4, i * 4 + t.offCount[i])]}`);
  }
  return out;
}

/** Everything a filter leaves for its readers. */
function marksOf(r: Relevance) {
  return {
    reachStrong: [...r.reachStrong],
    reachAny: [...r.reachAny],
    forcingFrom: [...r.forcingFrom],
    starts: [...r.starts],
    cellTouched: [...r.cellTouched],
    houseTouched: [...r.houseTouched],
    links: workedOut(r.links),
  };
}

/** A filter taking `core` (filters take their core at their first touch). */
function filter(core: RelevanceCore, g: ChainGrid, initial: Uint16Array): Relevance {
  setRelevanceCore(core);
  const r = new Relevance();
  r.touch(g, initial);
  expect((r as unknown as { kernel: unknown }).kernel !== null).toBe(core === 'wasm');
  return r;
}

describe('the relevance marks’ WebAssembly core', () => {
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = await compileRelevanceWasm();
    expect(setRelevanceCore('wasm', bytes)).toBe('wasm');
  });
  afterAll(() => {
    setRelevanceCore('wasm');
  });

  it('makes the marks, starts and pass links the TypeScript marks make, at each of 150 pauses of a level-2 search', () => {
    const { start, pauses } = level2Pauses(150, true);
    const ts = filter('ts', pauses[0], start.cands);
    const wasm = filter('wasm', pauses[0], start.cands);
    let forcing = 0;
    let starts = 0;
    let links = 0;
    for (const g of pauses) {
      // As a static search's passes call them (XY: cycle marks, forcing marks; X: forcing marks),
      // then the strong marks of the dynamic chainers and a Y pass's marks of both kinds.
      const steps: ((r: Relevance) => void)[] = [
        (r) => r.touch(g, start.cands),
        (r) => (r.starts.fill(0), r.marks(g, true, true, false, true)),
        (r) => r.forcing(g, true, true),
        (r) => (r.starts.fill(0), r.forcing(g, false, true)),
        (r) => r.marks(g, true, true, true, false),
        (r) => (r.starts.fill(0), r.marks(g, true, false, true, true)),
      ];
      for (const step of steps) {
        step(ts);
        step(wasm);
        const want = marksOf(ts);
        expect(marksOf(wasm)).toEqual(want);
        forcing += want.forcingFrom.reduce((a, b) => a + b, 0);
        starts += want.starts.filter((w) => w !== 0).length;
        links += want.links.length;
      }
    }
    expect(forcing).toBeGreaterThan(1000);
    expect(starts).toBeGreaterThan(1000);
    expect(links).toBeGreaterThan(10_000);
  });

  it('gives the nested static searches the same hints, their links read from the core’s tables', () => {
    const { start, pauses } = level2Pauses(120, false);
    const hints = (core: RelevanceCore) => {
      setRelevanceCore(core);
      const chainer = new StaticChainer();
      return pauses.map((g) => chainer.hints(g, null, { initial: start.cands }));
    };
    const want = hints('ts');
    expect(want.flat().length).toBeGreaterThan(50);
    expect(hints('wasm')).toEqual(want);
  });

  describe('which marks filters get', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });
    const fresh = () => import('../../server/src/engine/se/techniques/chains/wasmRelevance');

    it('the core the build embeds (RELEVANCE_WASM_BASE64) by default', async () => {
      vi.resetModules();
      vi.stubGlobal('RELEVANCE_WASM_BASE64', Buffer.from(bytes).toString('base64'));
      const m = await fresh();
      expect(m.relevanceCore()).toBe('wasm');
      expect(m.relevanceKernel()?.constructor.name).toBe('RelevanceKernel');
    });

    it('the TypeScript marks when none is embedded, it does not load, or the host has no WebAssembly', async () => {
      for (const embedded of [undefined, Buffer.from('not a wasm module').toString('base64')]) {
        vi.resetModules();
        if (embedded !== undefined) vi.stubGlobal('RELEVANCE_WASM_BASE64', embedded);
        const m = await fresh();
        expect(m.setRelevanceCore('wasm')).toBe('ts');
        expect(m.relevanceKernel()).toBeNull();
      }
      vi.resetModules();
      vi.stubGlobal('RELEVANCE_WASM_BASE64', Buffer.from(bytes).toString('base64'));
      vi.stubGlobal('WebAssembly', undefined);
      const m = await fresh();
      expect(m.relevanceCore()).toBe('ts');
      expect(m.relevanceKernel()).toBeNull();
    });
  });
});

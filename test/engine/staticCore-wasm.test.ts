/**
 * A nested static search's start loop in the relevance core (core/wasm/staticCore.ts, compiled
 * here as the build compiles it) gives the hints static.ts's TypeScript loop gives at real
 * pauses, with a memo that answers some searches, with the X and Y passes' skipped cycle
 * searches, and when a pass takes several calls (a small arena).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRelevanceWasm } from '../../scripts/solverWasm.mjs';
import type { ChainHint } from '../../server/src/engine/se/techniques/chains/hint';
import type { Relevance } from '../../server/src/engine/se/techniques/chains/relevance';
import { SearchMemo } from '../../server/src/engine/se/techniques/chains/searchMemo';
import { StaticChainer } from '../../server/src/engine/se/techniques/chains/static';
import type { ChainGrid } from '../../server/src/engine/se/techniques/chains/tables';
import { PassRecord, setRelevanceCore, type RelevanceCore, type RelevanceKernel } from '../../server/src/engine/se/techniques/chains/wasmRelevance';
import { level2Pauses } from './levelPauses';

/** The statuses of the records a core's pass calls wrote, and how many calls. */
interface Seen {
  calls: number;
  statuses: number[];
}

/** Wraps `core.pass` to count its calls and read its records' statuses. */
function watch(core: RelevanceKernel, seen: Seen): void {
  const pass = core.pass.bind(core);
  core.pass = (...args) => {
    const next = pass(...args);
    seen.calls++;
    const rec = core.passRecords;
    for (let i = 1; i < rec[0]; ) {
      const status = rec[i + 1];
      seen.statuses[status]++;
      i += 2;
      if (status === PassRecord.Searched) i += 2 + rec[i + 1];
    }
    return next;
  };
}

/**
 * Every pause searched twice in a row and again after the next three, through one chainer with a
 * memo of `capacity` grids (so some searches are the memo's), each answer's hints.
 */
function hintsOf(core: RelevanceCore, pauses: ChainGrid[], initial: Uint16Array, capacity: number, arena?: number, seen?: Seen): ChainHint[][] {
  setRelevanceCore(core);
  const chainer = new StaticChainer(new SearchMemo(capacity));
  const out: ChainHint[][] = [];
  const order: number[] = [];
  for (let i = 0; i < pauses.length; i++) order.push(i, i, ...(i >= 3 ? [i - 3] : []));
  let first = true;
  for (const i of order) {
    out.push(chainer.hints(pauses[i], null, { initial }));
    if (!first) continue;
    first = false;
    const k = (chainer as unknown as { relevance: Relevance }).relevance.core;
    expect(k !== null).toBe(core === 'wasm');
    if (k && arena !== undefined) k.arenaLimit = arena;
    if (k && seen) watch(k, seen);
  }
  return out;
}

describe('a nested static pass in the relevance core', () => {
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = await compileRelevanceWasm();
    expect(setRelevanceCore('wasm', bytes)).toBe('wasm');
  });
  afterAll(() => {
    setRelevanceCore('wasm');
  });

  it('finds the TypeScript loop’s hints at 150 pauses of a level-2 search, searches the memo answers and skipped X and Y cycle searches among them', () => {
    const { start, pauses } = level2Pauses(150, false);
    const want = hintsOf('ts', pauses, start.cands, 4);
    expect(want.flat().length).toBeGreaterThan(100);
    const seen: Seen = { calls: 0, statuses: [0, 0, 0] };
    expect(hintsOf('wasm', pauses, start.cands, 4, undefined, seen)).toEqual(want);
    // Every kind of record, one call a pass.
    expect(seen.statuses[PassRecord.Answered]).toBeGreaterThan(100);
    expect(seen.statuses[PassRecord.NoClose]).toBeGreaterThan(100);
    expect(seen.statuses[PassRecord.Searched]).toBeGreaterThan(1000);
    expect(seen.calls).toBeLessThanOrEqual(3 * want.length);
  });

  it('finds them when the arena holds one search and a few nodes, a pass going on over several calls', () => {
    const { start, pauses } = level2Pauses(60, false);
    const want = hintsOf('ts', pauses, start.cands, 4);
    const seen: Seen = { calls: 0, statuses: [0, 0, 0] };
    expect(hintsOf('wasm', pauses, start.cands, 4, 8192 + 64, seen)).toEqual(want);
    expect(seen.calls).toBeGreaterThan(3 * want.length + 100);
  });
});

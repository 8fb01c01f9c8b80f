/**
 * The SE cores an SE rating instantiates (the chain core's runs, the relevance marks) are given
 * their whole memory by the build (scripts/solverWasm.mjs's CHAIN_CORE_PAGES,
 * RELEVANCE_CORE_PAGES), so their init grows nothing. A grown memory detaches its old buffer, and
 * one detached buffer makes V8 check every typed array read of the process for detachment from
 * then on: a rating's TypeScript ran a few percent slower for it. Each loader's instance is
 * caught as it is made (before its init) and its first buffer must still be attached after.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHAIN_CORE_PAGES,
  RELEVANCE_CORE_PAGES,
  compileChainWasm,
  compileRelevanceWasm,
} from '../../scripts/solverWasm.mjs';
import { setChainCore, takeSlot } from '../../server/src/engine/se/techniques/chains/wasmRuns';
import { relevanceKernel, setRelevanceCore } from '../../server/src/engine/se/techniques/chains/wasmRelevance';

type Memory = { buffer: ArrayBuffer };
type Instance = new (module: object, imports: object) => { exports: { memory?: Memory } };
// The host's WebAssembly as far as these tests use it (the engine's libs do not declare it).
declare const WebAssembly: { Instance: Instance };

const RealInstance = WebAssembly.Instance;

/** The memories of the instances made while `make` runs, each with the buffer it had when made. */
function instancesOf(make: () => void): { memory: Memory; first: ArrayBuffer }[] {
  const made: { memory: Memory; first: ArrayBuffer }[] = [];
  class Caught extends RealInstance {
    constructor(module: object, imports: object) {
      super(module, imports);
      const memory = this.exports.memory!;
      made.push({ memory, first: memory.buffer });
    }
  }
  WebAssembly.Instance = Caught;
  try {
    make();
  } finally {
    WebAssembly.Instance = RealInstance;
  }
  return made;
}

describe('the SE cores grow no memory', () => {
  afterEach(() => {
    setChainCore('wasm');
    setRelevanceCore('wasm');
  });

  it('the chain core: its instance has the memory for its slots from the start', async () => {
    const bytes = await compileChainWasm();
    const made = instancesOf(() => expect(setChainCore('wasm', bytes)).toBe('wasm'));
    expect(made).toHaveLength(1);
    expect(takeSlot()).not.toBeNull();
    // A detached buffer has no bytes; the memory's buffer is the first one still.
    expect(made[0].first.byteLength).toBe(CHAIN_CORE_PAGES * 65536);
    expect(made[0].memory.buffer).toBe(made[0].first);
  });

  it('the relevance core: each filter\'s instance has its whole memory from the start', async () => {
    const bytes = await compileRelevanceWasm();
    expect(setRelevanceCore('wasm', bytes)).toBe('wasm');
    const made = instancesOf(() => {
      expect(relevanceKernel()).not.toBeNull();
      expect(relevanceKernel()).not.toBeNull();
    });
    expect(made).toHaveLength(2);
    for (const { memory, first } of made) {
      expect(first.byteLength).toBe(RELEVANCE_CORE_PAGES * 65536);
      expect(memory.buffer).toBe(first);
    }
  });
});

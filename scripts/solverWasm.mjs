// Compiles the engine's WebAssembly cores (AssemblyScript, server/src/engine/core/wasm/) to their
// bytes: the exact solver's (solverCore.ts), the 17-clue join's (joinCore.ts), its XY leaf's
// (leafCore.ts) and its gangster chains' (gangsterCore.ts), the SE chains' runs' (chainCore.ts) and their
// relevance marks' (relevanceCore.ts).
// One place for the compiler options: the build (scripts/build.mjs) embeds these bytes, and the
// tests (test/engine/solve-wasm.test.ts, clueJoin.test.ts, leafParts.test.ts, uaGangster.test.ts,
// chainCore-wasm.test.ts, relevanceCore-wasm.test.ts) compile the same way to compare the cores.
import asc from 'assemblyscript/asc';
import { fileURLToPath } from 'node:url';

export const SOLVER_CORE_SOURCE = fileURLToPath(new URL('../server/src/engine/core/wasm/solverCore.ts', import.meta.url));
export const JOIN_CORE_SOURCE = fileURLToPath(new URL('../server/src/engine/core/wasm/joinCore.ts', import.meta.url));
export const LEAF_CORE_SOURCE = fileURLToPath(new URL('../server/src/engine/core/wasm/leafCore.ts', import.meta.url));
export const GANGSTER_CORE_SOURCE = fileURLToPath(new URL('../server/src/engine/core/wasm/gangsterCore.ts', import.meta.url));
export const CHAIN_CORE_SOURCE = fileURLToPath(new URL('../server/src/engine/core/wasm/chainCore.ts', import.meta.url));
export const RELEVANCE_CORE_SOURCE = fileURLToPath(new URL('../server/src/engine/core/wasm/relevanceCore.ts', import.meta.url));

/** The solver core's .wasm bytes; throws with the compiler's messages when it does not compile. */
export function compileSolverWasm() {
  return compileCore(SOLVER_CORE_SOURCE, 'solver core');
}

/** The join core's .wasm bytes; throws with the compiler's messages when it does not compile. */
export function compileJoinWasm() {
  return compileCore(JOIN_CORE_SOURCE, 'join core');
}

/** The XY leaf core's .wasm bytes; throws with the compiler's messages when it does not compile. */
export function compileLeafWasm() {
  return compileCore(LEAF_CORE_SOURCE, 'leaf core');
}

/** The 17-clue gangster chains' core's .wasm bytes; throws with the compiler's messages when it does not compile. */
export function compileGangsterWasm() {
  return compileCore(GANGSTER_CORE_SOURCE, 'gangster core');
}

/** The SE chains' run core's .wasm bytes; throws with the compiler's messages when it does not compile. */
export function compileChainWasm() {
  return compileCore(CHAIN_CORE_SOURCE, 'chain core', CHAIN_CORE_PAGES);
}

/** The SE chains' relevance core's .wasm bytes; throws with the compiler's messages when it does not compile. */
export function compileRelevanceWasm() {
  return compileCore(RELEVANCE_CORE_SOURCE, 'relevance core', RELEVANCE_CORE_PAGES);
}

/**
 * The SE cores' memory in 64 KiB pages, given to the module from the start so that their `init`
 * grows nothing: the chain core's 1,024 run slots (wasmRuns.ts's SLOTS) and its nested searches'
 * state after them (chainCore.ts's SEARCH_END), and the relevance core's END. A grown
 * memory detaches its old buffer, and once any ArrayBuffer in the process has been detached V8
 * drops its "no buffer was ever detached" assumption and checks every typed array read of the
 * optimised code for detachment, TypeScript's too; an SE rating otherwise detaches none.
 */
export const CHAIN_CORE_PAGES = 209;
export const RELEVANCE_CORE_PAGES = 38;

async function compileCore(source, name, initialPages) {
  let binary;
  const stderr = [];
  const { error } = await asc.main(
    [
      source,
      '--outFile', 'core.wasm',
      '-O3',
      '--converge',
      // No allocator or GC: the cores lay out their memory themselves. No abort import: they assert nothing.
      '--runtime', 'stub',
      '--noAssert',
      '--use', 'abort=',
      '--enable', 'simd',
      ...(initialPages ? ['--initialMemory', String(initialPages)] : []),
    ],
    {
      writeFile: (file, contents) => {
        if (file.endsWith('.wasm')) binary = contents;
      },
      stderr: { write: (text) => void stderr.push(String(text)) },
      stdout: { write: () => {} },
    },
  );
  if (error || !binary) throw new Error(`${name}: ${error?.message ?? 'no output'}\n${stderr.join('')}`);
  return binary;
}

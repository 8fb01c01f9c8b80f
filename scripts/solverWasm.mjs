// Compiles the exact solver's WebAssembly core (server/src/engine/core/wasm/solverCore.ts,
// AssemblyScript) to its bytes. One place for the compiler options: the build (scripts/build.mjs)
// embeds these bytes, and test/engine/solve-wasm.test.ts compiles the same way to compare the cores.
import asc from 'assemblyscript/asc';
import { fileURLToPath } from 'node:url';

export const SOLVER_CORE_SOURCE = fileURLToPath(new URL('../server/src/engine/core/wasm/solverCore.ts', import.meta.url));

/** The core's .wasm bytes; throws with the compiler's messages when it does not compile. */
export async function compileSolverWasm() {
  let binary;
  const stderr = [];
  const { error } = await asc.main(
    [
      SOLVER_CORE_SOURCE,
      '--outFile', 'solverCore.wasm',
      '-O3',
      '--converge',
      // No allocator or GC: the core uses fixed memory only. No abort import: it asserts nothing.
      '--runtime', 'stub',
      '--noAssert',
      '--use', 'abort=',
      '--enable', 'simd',
    ],
    {
      writeFile: (name, contents) => {
        if (name.endsWith('.wasm')) binary = contents;
      },
      stderr: { write: (text) => void stderr.push(String(text)) },
      stdout: { write: () => {} },
    },
  );
  if (error || !binary) throw new Error(`solver core: ${error?.message ?? 'no output'}\n${stderr.join('')}`);
  return binary;
}

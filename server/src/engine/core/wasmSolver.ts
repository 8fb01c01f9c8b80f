/**
 * Loads the exact solver's WebAssembly core (core/wasm/solverCore.ts, AssemblyScript) and gives it
 * a typed face. core/solve.ts decides when it runs; this module only loads and drives it.
 *
 * How the bytes arrive: the build (scripts/build.mjs) compiles the core and defines
 * SOLVER_WASM_BASE64 in every bundle, so the engine compiles it synchronously from a string: no
 * fs, no fetch, no host code, the same in the CLI, the language server, its workers and VS Code
 * for the Web. The TypeScript sources run as they are (vitest) have no such constant and keep the
 * TypeScript core; tests hand compiled bytes in through core/solve.ts's setSolverCore.
 */

/** The core's .wasm, base64; replaced by the build, undeclared in the sources run directly. */
declare const SOLVER_WASM_BASE64: string | undefined;
/** The part of the WebAssembly API the engine uses (its lib has no DOM or WebAssembly types); ua/wasmJoin.ts too. */
export interface WasmHost {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => { exports: object };
}
declare const WebAssembly: WasmHost;

/** What WasmSolverCore.run() returns. */
export const WASM_DONE = 0;
export const WASM_FOUND = 1;
export const WASM_OUT_OF_BUDGET = 2;

export interface WasmSolverCore {
  /** Loads a candidate state (81 masks, bit d-1 = digit d); `random` draws the digit of each guess. */
  begin(candidates: Uint16Array, random: (() => number) | undefined): void;
  /** Searches on: WASM_FOUND (read it with solution()), WASM_DONE, or WASM_OUT_OF_BUDGET once `budget` guesses are spent. */
  run(budget: number): number;
  /** Copies the solution just found (81 digits 1..9, row-major). */
  solution(into: Uint8Array): void;
  /** Guesses made since begin(). */
  guesses(): number;
}

interface CoreExports {
  memory: { buffer: ArrayBuffer };
  tables(): number;
  candidates(): number;
  solution(): number;
  guesses(): number;
  begin(random: number): void;
  run(budget: number): number;
}

/** The bytes the build embedded, or undefined (sources run directly). */
export function builtSolverWasm(): Uint8Array | undefined {
  if (typeof SOLVER_WASM_BASE64 !== 'string') return undefined;
  return decodeBase64(SOLVER_WASM_BASE64);
}

/** Bytes from base64 (a core the build embedded). */
export function decodeBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}

/**
 * Compiles and instantiates the core synchronously, with solve.ts's lookup tables copied into its
 * memory (`tables`: 13 tables of at most 512 words, in the order the core lays them out). Throws
 * when this host has no WebAssembly (or SIMD), or refuses to compile it here.
 */
export function instantiateSolverWasm(bytes: Uint8Array, tables: readonly Int32Array[]): WasmSolverCore {
  let random: () => number = Math.random;
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { random: () => random() } });
  const core = instance.exports as unknown as CoreExports;
  // The core never grows its memory, so these views stay valid.
  const buffer = core.memory.buffer;
  const tableWords = new Int32Array(buffer, core.tables(), 512 * tables.length);
  tables.forEach((table, k) => tableWords.set(table, 512 * k));
  const input = new Uint16Array(buffer, core.candidates(), 81);
  const output = new Uint8Array(buffer, core.solution(), 81);
  return {
    begin(candidates, draw) {
      input.set(candidates);
      if (draw) random = draw;
      core.begin(draw ? 1 : 0);
    },
    run: (budget) => core.run(budget),
    solution: (into) => into.set(output),
    guesses: () => core.guesses(),
  };
}

/** The AssemblyScript source of the solver's WebAssembly core. */
export declare const SOLVER_CORE_SOURCE: string;
/** The core's .wasm bytes, compiled as the build compiles them. */
export declare function compileSolverWasm(): Promise<Uint8Array>;

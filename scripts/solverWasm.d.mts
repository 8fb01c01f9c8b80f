/** The AssemblyScript source of the solver's WebAssembly core. */
export declare const SOLVER_CORE_SOURCE: string;
/** The AssemblyScript source of the 17-clue join's WebAssembly kernel. */
export declare const JOIN_CORE_SOURCE: string;
/** The solver core's .wasm bytes, compiled as the build compiles them. */
export declare function compileSolverWasm(): Promise<Uint8Array>;
/** The join kernel's .wasm bytes, compiled as the build compiles them. */
export declare function compileJoinWasm(): Promise<Uint8Array>;
/** The AssemblyScript source of the 17-clue search's XY leaf kernel. */
export declare const LEAF_CORE_SOURCE: string;
/** The leaf kernel's .wasm bytes, compiled as the build compiles them. */
export declare function compileLeafWasm(): Promise<Uint8Array>;
/** The AssemblyScript source of the SE chains' run core. */
export declare const CHAIN_CORE_SOURCE: string;
/** The chain core's .wasm bytes, compiled as the build compiles them. */
export declare function compileChainWasm(): Promise<Uint8Array>;
/** The AssemblyScript source of the 17-clue search's gangster chains core. */
export declare const GANGSTER_CORE_SOURCE: string;
/** The gangster chains core's .wasm bytes, compiled as the build compiles them. */
export declare function compileGangsterWasm(): Promise<Uint8Array>;
/** The AssemblyScript source of the SE chains' relevance marks core. */
export declare const RELEVANCE_CORE_SOURCE: string;
/** The relevance core's .wasm bytes, compiled as the build compiles them. */
export declare function compileRelevanceWasm(): Promise<Uint8Array>;
/** The chain core's memory in pages, given from the start (its init grows nothing). */
export declare const CHAIN_CORE_PAGES: number;
/** The relevance core's memory in pages, given from the start (its init grows nothing). */
export declare const RELEVANCE_CORE_PAGES: number;

/**
 * Which of a part's two loops runs: its WebAssembly core, or the TypeScript one that gives the
 * same answers (the fallback, and the oracle the tests compare the core with). The 17-clue
 * search's join, XY leaf and gangster chains each keep one (ua/wasmJoin.ts, wasmLeaf.ts,
 * wasmGangster.ts), and so do SE's relevance marks (se/techniques/chains/wasmRelevance.ts); each
 * makes its own instances from the module this compiles.
 */
import { decodeBase64, type WasmHost } from './wasmSolver';

declare const WebAssembly: WasmHost;

export type CoreChoice = 'ts' | 'wasm';

export class WasmSwitch {
  private wanted: CoreChoice = 'wasm';
  /** The compiled module; null where there is none (no bytes, no WebAssembly, refused). */
  private compiled: object | null | undefined;

  /**
   * `embedded`: the build's base64 bytes (undefined in the sources run directly), read in the
   * loader's own module, where the build's define replaces its name. `replaced`: called when a
   * test hands other bytes, so the loader drops the instances of the module before.
   */
  constructor(
    private readonly embedded: () => string | undefined,
    private readonly replaced: () => void,
  ) {}

  /** The loop new work gets: 'wasm' only when it is wanted and the module loads. */
  current(): CoreChoice {
    return this.wanted === 'wasm' && this.loaded() !== null ? 'wasm' : 'ts';
  }

  /** The module to instantiate when the core is the loop wanted, else null. */
  module(): object | null {
    return this.current() === 'wasm' ? this.compiled! : null;
  }

  /**
   * Chooses the loop: 'wasm' (the default) where the module loads, 'ts' the TypeScript one.
   * `bytes` compiles the module from these bytes instead of the built ones (tests); they must
   * compile (this throws otherwise). Returns the loop new work now gets.
   */
  set(core: CoreChoice, bytes?: Uint8Array): CoreChoice {
    if (bytes) {
      this.compiled = new WebAssembly.Module(bytes);
      this.replaced();
    }
    this.wanted = core;
    return this.current();
  }

  private loaded(): object | null {
    if (this.compiled === undefined) {
      try {
        const text = this.embedded();
        this.compiled = text === undefined ? null : new WebAssembly.Module(decodeBase64(text));
      } catch {
        // No WebAssembly here, or the host refuses to compile it: the TypeScript loop gives the same answers.
        this.compiled = null;
      }
    }
    return this.compiled;
  }
}

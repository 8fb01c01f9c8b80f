/**
 * Loads the gangster chains' WebAssembly core (core/wasm/gangsterCore.ts, AssemblyScript) for
 * ua/gangster.ts. The bytes arrive as the leaf's do (ua/wasmLeaf.ts): the build defines
 * GANGSTER_WASM_BASE64; the sources run directly (vitest) have none and keep the TypeScript chains,
 * which are also the oracle the tests compare these with (setGangsterCore hands them compiled bytes).
 * One instance serves every search of the module, as an enumeration runs its chains one call at a time.
 */
import type { WasmHost } from '../core/wasmSolver';
import { WasmSwitch, type CoreChoice } from '../core/wasmSwitch';
import type { CellSetList } from './cells';

/** The core's .wasm, base64; replaced by the build, undeclared in the sources run directly. */
declare const GANGSTER_WASM_BASE64: string | undefined;
declare const WebAssembly: WasmHost;

export type GangsterCore = CoreChoice;

interface GangsterExports {
  memory: { buffer: ArrayBuffer };
  setup(): void;
  ownerAt(): number;
  ownColumnAt(): number;
  blocksAt(): number;
  colsOfAt(): number;
  forcedAt(): number;
  fewestAt(): number;
  foundAt(): number;
  chains(placed: number, need: number, limit: number, usedLo: number, usedHi: number): number;
}

/** The one instance, made on first use; null when the host refused it. */
let instance: WasmGangster | null | undefined;
const cores = new WasmSwitch(() => (typeof GANGSTER_WASM_BASE64 === 'string' ? GANGSTER_WASM_BASE64 : undefined), () => {
  instance = undefined;
});

/**
 * The switch between the chains' cores: 'wasm' (the default) where it loads, 'ts' the TypeScript
 * one. `bytes` compiles the core from these bytes instead of the built ones (tests); they must
 * compile (this throws otherwise). Returns the core searches now get.
 */
export function setGangsterCore(core: GangsterCore, bytes?: Uint8Array): GangsterCore {
  return cores.set(core, bytes);
}

/** The core searches get: 'wasm' only when it is wanted and loads. */
export function gangsterCore(): GangsterCore {
  return cores.current();
}

/** The WebAssembly chains for a search, or undefined: the search runs its TypeScript ones. */
export function gangsterChains(): WasmGangster | undefined {
  const module = cores.module();
  if (!module) return undefined;
  if (instance === undefined) {
    try {
      instance = new WasmGangster(new WebAssembly.Instance(module, {}).exports as unknown as GangsterExports);
    } catch {
      // Out of memory for an instance: searches keep the TypeScript chains.
      instance = null;
    }
  }
  return instance && !instance.trapped ? instance : undefined;
}

/** The instance's face: a grid's tables and a σ's written in, a start's chains run, the sets found pushed. */
export class WasmGangster {
  /** Views of the module's memory, made anew when it grew (a grown memory's old buffer is detached). */
  private buffer: ArrayBuffer | undefined;
  private owner = new Uint8Array(0);
  private ownColumn = new Uint8Array(0);
  private blocks = new Int32Array(0);
  private colsOf = new Int32Array(0);
  private forced = new Uint8Array(0);
  private fewest = new Int8Array(0);
  /** Set when a call trapped (the memory could not grow for the sets): its state is unknown, it serves no more. */
  trapped = false;

  constructor(private readonly k: GangsterExports) {
    k.setup();
  }

  /** The grid's tables (GangsterSearch's `owner`, `ownColumn`, `blocks`). */
  grid(owner: Int8Array, ownColumn: Int8Array, blocks: Int32Array): void {
    this.views();
    this.owner.set(owner);
    this.ownColumn.set(ownColumn);
    this.blocks.set(blocks);
  }

  /**
   * The chains from one start (GangsterSearch's `chain` with no cell changed, its `taken` all
   * clear), under σ's tables; each set found pushed onto `found` with σ's bottom-band word.
   * False, with nothing pushed, when the core trapped (its memory could not grow for the sets):
   * the search runs this start and the rest itself.
   */
  chains(
    colsOf: Int32Array,
    forced: Uint8Array,
    fewest: Int8Array,
    placed: number,
    need: number,
    limit: number,
    usedLo: number,
    usedHi: number,
    sigmaWord: number,
    found: CellSetList,
  ): boolean {
    this.views();
    this.colsOf.set(colsOf);
    this.forced.set(forced);
    this.fewest.set(fewest);
    let n: number;
    try {
      n = this.k.chains(placed, need, limit, usedLo, usedHi);
    } catch {
      this.trapped = true;
      return false;
    }
    const sets = new Int32Array(this.k.memory.buffer, this.k.foundAt(), 2 * n);
    for (let i = 0; i < 2 * n; i += 2) found.push(sets[i], sets[i + 1], sigmaWord);
    return true;
  }

  private views(): void {
    const buffer = this.k.memory.buffer;
    if (buffer === this.buffer) return;
    this.buffer = buffer;
    this.owner = new Uint8Array(buffer, this.k.ownerAt(), 54);
    this.ownColumn = new Uint8Array(buffer, this.k.ownColumnAt(), 81);
    this.blocks = new Int32Array(buffer, this.k.blocksAt(), 162);
    this.colsOf = new Int32Array(buffer, this.k.colsOfAt(), 9);
    this.forced = new Uint8Array(buffer, this.k.forcedAt(), 9);
    this.fewest = new Int8Array(buffer, this.k.fewestAt(), 9 * 64);
  }
}

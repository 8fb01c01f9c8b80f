/**
 * Loads the relevance marks' WebAssembly core (core/wasm/relevanceCore.ts, AssemblyScript) for
 * relevance.ts: a nested search's touch, cycle marks and forcing marks, one call each, with the
 * pass links they meet worked out into tables the search's PassLinks views (so the static
 * searches read them as before). The bytes arrive as the chain core's do (wasmRuns.ts): the build
 * defines RELEVANCE_WASM_BASE64; the sources run directly (vitest) have none and keep the
 * TypeScript marks, which are also the oracle the tests compare these with (setRelevanceCore hands
 * them compiled bytes).
 *
 * One instance a Relevance (its marks and links are that filter's own), its memory sized once by
 * `init` (about 2.4 MB, most of it the bound on a pass's forward lists, touched only as far as
 * used) and never grown, so the views stay valid.
 */
import type { WasmHost } from '../../../core/wasmSolver';
import { WasmSwitch, type CoreChoice } from '../../../core/wasmSwitch';
import { OFF_SLOT, ON_SLOT, type PassTables } from './passLinks';
import { NCAND, NKEY, type ChainGrid } from './tables';

/** The core's .wasm, base64; replaced by the build, undeclared in the sources run directly. */
declare const RELEVANCE_WASM_BASE64: string | undefined;
declare const WebAssembly: WasmHost;

export type RelevanceCore = CoreChoice;

interface RelevanceExports {
  memory: { buffer: ArrayBuffer };
  init(): void;
  fieldAt(field: number): number;
  touch(): void;
  marks(stamp: number, isY: number, isX: number, strong: number, cycles: number): void;
  forcing(stamp: number, isY: number, isX: number): void;
}

const cores = new WasmSwitch(
  () => (typeof RELEVANCE_WASM_BASE64 === 'string' ? RELEVANCE_WASM_BASE64 : undefined),
  () => {},
);

/**
 * The switch between the marks' cores: 'wasm' (the default) where it loads, 'ts' the TypeScript
 * marks. `bytes` compiles the core from these bytes instead of the built ones (tests). A
 * Relevance takes its core at its first `touch`: those made before keep theirs. Returns the core
 * new filters get.
 */
export function setRelevanceCore(core: RelevanceCore, bytes?: Uint8Array): RelevanceCore {
  return cores.set(core, bytes);
}

/** The core new filters get: 'wasm' only when it is wanted and loads. */
export function relevanceCore(): RelevanceCore {
  return cores.current();
}

/** A core of its own for a new filter, or null: the filter keeps the TypeScript marks. */
export function relevanceKernel(): RelevanceKernel | null {
  const module = cores.module();
  if (!module) return null;
  try {
    return new RelevanceKernel(new WebAssembly.Instance(module, {}).exports as unknown as RelevanceExports);
  } catch {
    // Out of memory for an instance: this filter keeps the TypeScript marks.
    return null;
  }
}

/** One instance's face: the grid written in, the three walks called, their marks and links as views. */
export class RelevanceKernel {
  private readonly cands: Uint16Array<ArrayBuffer>;
  private readonly hpos: Uint16Array<ArrayBuffer>;
  private readonly initial: Uint16Array<ArrayBuffer>;
  readonly cellTouched: Uint8Array<ArrayBuffer>;
  readonly houseTouched: Uint8Array<ArrayBuffer>;
  readonly starts: Int32Array<ArrayBuffer>;
  readonly reachStrong: Uint8Array<ArrayBuffer>;
  readonly reachAny: Uint8Array<ArrayBuffer>;
  readonly forcingFrom: Uint8Array<ArrayBuffer>;
  /** PassLinks' tables, for the filter's PassLinks to adopt. */
  readonly links: PassTables;

  constructor(private readonly k: RelevanceExports) {
    k.init();
    const buffer = k.memory.buffer;
    const at = (f: number): number => k.fieldAt(f);
    const passNodes = 3 * NCAND;
    this.cands = new Uint16Array(buffer, at(0), 81);
    this.hpos = new Uint16Array(buffer, at(0) + 162, 27 * 9);
    this.initial = new Uint16Array(buffer, at(1), 81);
    this.cellTouched = new Uint8Array(buffer, at(2), 81);
    this.houseTouched = new Uint8Array(buffer, at(3), 27 * 9);
    this.starts = new Int32Array(buffer, at(4), (NCAND + 31) >>> 5);
    this.reachStrong = new Uint8Array(buffer, at(5), NKEY);
    this.reachAny = new Uint8Array(buffer, at(6), NKEY);
    this.forcingFrom = new Uint8Array(buffer, at(7), NKEY);
    this.links = {
      onStamp: new Int32Array(buffer, at(8), passNodes),
      offStamp: new Int32Array(buffer, at(9), passNodes),
      onCount: new Uint8Array(buffer, at(10), passNodes),
      offCount: new Uint8Array(buffer, at(11), passNodes),
      onCand: new Int16Array(buffer, at(12), passNodes * ON_SLOT),
      onCause: new Uint8Array(buffer, at(13), passNodes * ON_SLOT),
      offCand: new Int16Array(buffer, at(14), passNodes * OFF_SLOT),
      offCause: new Uint8Array(buffer, at(15), passNodes * OFF_SLOT),
    };
  }

  /** relevance.ts's touch of `g` against `initial` (the links begun by the host). */
  touch(g: ChainGrid, initial: Uint16Array): void {
    this.cands.set(g.cands);
    this.hpos.set(g.hpos);
    this.initial.set(initial);
    this.k.touch();
  }

  /** relevance.ts's marks, the links read under the host's PassLinks `stamp`. */
  marks(stamp: number, isY: boolean, isX: boolean, strong: boolean, cycles: boolean): void {
    this.k.marks(stamp, isY ? 1 : 0, isX ? 1 : 0, strong ? 1 : 0, cycles ? 1 : 0);
  }

  /** relevance.ts's forcing, the links read under the host's PassLinks `stamp`. */
  forcing(stamp: number, isY: boolean, isX: boolean): void {
    this.k.forcing(stamp, isY ? 1 : 0, isX ? 1 : 0);
  }
}

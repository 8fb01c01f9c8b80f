/**
 * Loads the static chains' cycle search core (core/wasm/cycleCore.ts, AssemblyScript) from the
 * bytes the build embeds (CYCLE_WASM_BASE64; the sources run directly, as vitest does, have none
 * and keep static.ts's TypeScript search, which is also the oracle the tests compare the core
 * with: setCycleCore hands them compiled bytes).
 *
 * One instance for every StaticChainer: a search runs to its end and the chainer reads the arena
 * (its hints) before it asks for another, and nothing in a static search yields to another
 * chainer. The grid is copied in only when its PassLinks generation is not the one loaded; the
 * PassLinks tables themselves are in the core's memory (passLinks.ts takes them from here), so
 * the links the relevance marks worked out are not worked out again.
 */
import type { WasmHost } from '../../../core/wasmSolver';
import { WasmSwitch, type CoreChoice } from '../../../core/wasmSwitch';
import type { ChainGrid } from './tables';

/** The core's .wasm, base64; replaced by the build, undeclared in the sources run directly. */
declare const CYCLE_WASM_BASE64: string | undefined;
declare const WebAssembly: WasmHost;

interface CoreExports {
  memory: { buffer: ArrayBuffer };
  init(): void;
  gridAt(): number;
  linksAt(field: number): number;
  endsAt(): number;
  nodeKeyAt(): number;
  nodeParAt(): number;
  nodeCauseAt(): number;
  arenaSize(): number;
  search(cand: number, pass: number, watch: number, grid: number): number;
  closable: { value: number };
}

/** PassLinks' tables (see passLinks.ts), views on the core's memory. */
export interface LinkTables {
  onStamp: Int32Array<ArrayBuffer>;
  offStamp: Int32Array<ArrayBuffer>;
  onCount: Uint8Array<ArrayBuffer>;
  offCount: Uint8Array<ArrayBuffer>;
  onCand: Int16Array<ArrayBuffer>;
  onCause: Uint8Array<ArrayBuffer>;
  offCand: Int16Array<ArrayBuffer>;
  offCause: Uint8Array<ArrayBuffer>;
}

/** The core: its arena, closing nodes and link tables as views (the memory does not grow after init). */
export class CycleCore {
  readonly links: LinkTables;
  readonly nodeKey: Int16Array<ArrayBuffer>;
  readonly nodePar: Int32Array<ArrayBuffer>;
  readonly nodeCause: Uint8Array<ArrayBuffer>;
  /** The closing nodes of the last search. */
  readonly ends: Int32Array<ArrayBuffer>;
  /** After a watched search: static.ts's closable verdict. */
  closable = false;
  private readonly cands: Uint16Array<ArrayBuffer>;
  private readonly hpos: Uint16Array<ArrayBuffer>;
  private loaded = 0;

  constructor(private readonly k: CoreExports) {
    k.init();
    const buffer = k.memory.buffer;
    const size = k.arenaSize();
    this.nodeKey = new Int16Array(buffer, k.nodeKeyAt(), size);
    this.nodePar = new Int32Array(buffer, k.nodeParAt(), size);
    this.nodeCause = new Uint8Array(buffer, k.nodeCauseAt(), size);
    this.ends = new Int32Array(buffer, k.endsAt(), 4 * 729);
    this.cands = new Uint16Array(buffer, k.gridAt(), 81);
    this.hpos = new Uint16Array(buffer, k.gridAt() + 162, 27 * 9);
    const at = (field: number): number => k.linksAt(field);
    const n = 3 * 729;
    this.links = {
      onStamp: new Int32Array(buffer, at(0), n),
      offStamp: new Int32Array(buffer, at(1), n),
      onCount: new Uint8Array(buffer, at(2), n),
      offCount: new Uint8Array(buffer, at(3), n),
      onCand: new Int16Array(buffer, at(4), n * 32),
      onCause: new Uint8Array(buffer, at(5), n * 32),
      offCand: new Int16Array(buffer, at(6), n * 4),
      offCause: new Uint8Array(buffer, at(7), n * 4),
    };
  }

  /**
   * The cycle search from "cand is on" in pass `pass` (0 X, 1 Y, 2 XY) on `grid`, whose PassLinks
   * generation is `gen`: how many closing nodes it left in `ends`. `watch`: the closable verdict
   * is left in `closable`.
   */
  search(grid: ChainGrid, gen: number, cand: number, pass: number, watch: boolean): number {
    if (gen !== this.loaded) {
      this.cands.set(grid.cands);
      this.hpos.set(grid.hpos);
      this.loaded = gen;
    }
    const n = this.k.search(cand, pass, watch ? 1 : 0, gen);
    if (watch) this.closable = this.k.closable.value !== 0;
    return n;
  }
}

let instance: CycleCore | null | undefined;
const cores = new WasmSwitch(() => (typeof CYCLE_WASM_BASE64 === 'string' ? CYCLE_WASM_BASE64 : undefined), () => {
  instance = undefined;
});
/**
 * The switch between the cycle searches: 'wasm' (the default) where the core loads, 'ts'
 * static.ts's. `bytes` loads the core from these bytes instead of the built ones (tests).
 * Returns the search new cycle searches get.
 */
export function setCycleCore(core: CoreChoice, bytes?: Uint8Array): CoreChoice {
  return cores.set(core, bytes);
}

/** The core cycle searches use now, or null: the TypeScript search is wanted, or there is no core. */
export function cycleCore(): CycleCore | null {
  const module = cores.module();
  if (!module) return null;
  if (instance === undefined) {
    try {
      instance = new CycleCore(new WebAssembly.Instance(module, {}).exports as unknown as CoreExports);
    } catch {
      // The host has not the memory for it: the TypeScript search finds the same cycles.
      instance = null;
    }
  }
  return instance;
}

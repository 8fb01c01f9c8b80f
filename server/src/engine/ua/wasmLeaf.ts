/**
 * Loads the XY leaf's WebAssembly kernel (core/wasm/leafCore.ts, AssemblyScript) and gives it
 * leafParts.ts's LeafKernel face. The bytes arrive as the join's do (ua/wasmJoin.ts): the build
 * defines LEAF_WASM_BASE64; the sources run directly (vitest) have none and keep the TypeScript
 * kernel (TsLeaf), which is also the oracle the tests compare this one with (setLeafCore hands
 * them compiled bytes).
 *
 * `three` grows while a task learns: the kernel's copy of it is brought up to date at each
 * leaf's bound, only the sets added since (their hit words, parts and codes); a `three` of
 * another task, or grown to longer vectors, is laid out and copied anew. One instance serves
 * every kernel of the module, as leaves run one at a time.
 */
import type { WasmHost } from '../core/wasmSolver';
import { WasmSwitch, type CoreChoice } from '../core/wasmSwitch';
import type { UAVectors } from './clueSearch';
import { TsLeaf, type LeafKernel } from './leafParts';

/** The kernel's .wasm, base64; replaced by the build, undeclared in the sources run directly. */
declare const LEAF_WASM_BASE64: string | undefined;
declare const WebAssembly: WasmHost;

export type LeafCore = CoreChoice;

interface LeafExports {
  memory: { buffer: ArrayBuffer };
  layout(w: number): number;
  hitAt(): number;
  partAt(): number;
  miniAt(): number;
  inLoAt(): number;
  inHiAt(): number;
  chosenAt(): number;
  partsAt(): number;
  bound(count: number, d: number, k: number, room0: number, room1: number, room2: number): number;
  sieve(): number;
  mayComplete(n: number, k: number, room0: number, room1: number, room2: number): number;
}

/** The one instance, made on first use; null when the host refused it. */
let instance: WasmLeaf | null | undefined;
const cores = new WasmSwitch(() => (typeof LEAF_WASM_BASE64 === 'string' ? LEAF_WASM_BASE64 : undefined), () => {
  instance = undefined;
});

/**
 * The switch between the leaf's kernels: 'wasm' (the default) where it loads, 'ts' the
 * TypeScript one. `bytes` compiles the kernel from these bytes instead of the built ones
 * (tests); they must compile (this throws otherwise). Returns the kernel tasks now get.
 */
export function setLeafCore(core: LeafCore, bytes?: Uint8Array): LeafCore {
  return cores.set(core, bytes);
}

/** The kernel tasks get: 'wasm' only when it is wanted and loads. */
export function leafCore(): LeafCore {
  return cores.current();
}

/** A kernel for a task: the WebAssembly one when it is wanted and its instance can be had, else TsLeaf. */
export function leafKernel(): LeafKernel {
  const module = cores.module();
  if (module && instance === undefined) {
    try {
      instance = new WasmLeaf(new WebAssembly.Instance(module, {}).exports as unknown as LeafExports);
    } catch {
      // Out of memory for an instance: tasks keep the TypeScript kernel.
      instance = null;
    }
  }
  return (module && instance) || new TsLeaf();
}

/** The instance's face; a `three` its memory cannot hold is worked by a TsLeaf of its own. */
class WasmLeaf implements LeafKernel {
  /** The `three` copied in, at what vector length, and how many of its sets. */
  private owner: UAVectors | undefined;
  private W = -1;
  private synced = 0;
  private hit = new Int32Array(0);
  private part = new Int32Array(0);
  private mini = new Int8Array(0);
  private inLo = new Int32Array(0);
  private inHi = new Int8Array(0);
  private chosen = new Int32Array(0);
  parts = new Int32Array(0);
  /** Set while the last bound went to it: `three` outgrew the memory the host allows. */
  private fallback: TsLeaf | undefined;
  private overflow = false;

  constructor(private readonly k: LeafExports) {}

  bound(three: UAVectors, chosen: Int32Array, d: number, k: number, room0: number, room1: number, room2: number): boolean {
    if (!this.sync(three)) {
      this.overflow = true;
      this.fallback ??= new TsLeaf();
      return this.fallback.bound(three, chosen, d, k, room0, room1, room2);
    }
    this.overflow = false;
    const into = this.chosen;
    for (let i = 0; i < d; i++) into[i] = chosen[i];
    return this.k.bound(three.count, d, k, room0, room1, room2) !== 0;
  }

  sieve(): number {
    if (this.overflow) {
      const n = this.fallback!.sieve();
      this.parts = this.fallback!.parts;
      return n;
    }
    return this.k.sieve();
  }

  mayComplete(n: number, k: number, room0: number, room1: number, room2: number): boolean {
    // The parts are the TypeScript kernel's while it stands in: the band-3 walk decides.
    return this.overflow || this.k.mayComplete(n, k, room0, room1, room2) !== 0;
  }

  /** Brings the module's copy of `three` up to date; false when its memory cannot hold it. */
  private sync(three: UAVectors): boolean {
    const W = three.W;
    let from = this.synced;
    if (three !== this.owner || W !== this.W) {
      this.owner = undefined;
      if (!this.k.layout(W)) return false;
      // layout() grew the memory: views are made after it, and it does not grow again until the next layout.
      const buffer = this.k.memory.buffer;
      const sets = 32 * W;
      this.hit = new Int32Array(buffer, this.k.hitAt(), 54 * W);
      this.part = new Int32Array(buffer, this.k.partAt(), sets);
      this.mini = new Int8Array(buffer, this.k.miniAt(), sets);
      this.inLo = new Int32Array(buffer, this.k.inLoAt(), sets);
      this.inHi = new Int8Array(buffer, this.k.inHiAt(), sets);
      this.chosen = new Int32Array(buffer, this.k.chosenAt(), 81);
      this.parts = new Int32Array(buffer, this.k.partsAt(), sets);
      this.owner = three;
      this.W = W;
      from = 0;
    }
    const to = three.count;
    if (from === to) return true;
    // The hit words of the sets added: per cell, the words from the one holding set `from` (the
    // rows have UAVectors' layout).
    const used = (to + 31) >> 5;
    for (let c = 0, a = from >> 5; c < 54; c++) {
      for (let w = a; w < used; w++) this.hit[c * W + w] = three.hit[c * W + w];
    }
    for (let i = from; i < to; i++) this.part[i] = three.sets[3 * i + 2];
    this.mini.set(three.mini.subarray(from, to), from);
    this.inLo.set(three.inLo.subarray(from, to), from);
    this.inHi.set(three.inHi.subarray(from, to), from);
    this.synced = to;
    return true;
  }
}

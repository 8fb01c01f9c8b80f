/**
 * Loads the 17-clue join's WebAssembly kernel (core/wasm/joinCore.ts, AssemblyScript) and gives it
 * JoinList's face after seal (clueJoin.ts): narrow, partners, lastClues, the walk's closes and the
 * pairs' first filter (pairsPast). The bytes arrive as the solver core's do (core/wasmSolver.ts):
 * the build defines JOIN_WASM_BASE64; the sources run directly (vitest) have none and keep the
 * TypeScript kernel, which is also the oracle the tests compare this one with (setJoinCore hands
 * them compiled bytes).
 *
 * A sealed list's instance holds its hit vectors and levels in its memory. A list the walk is done
 * with gives its instance back (release), and the next list lays out that memory anew instead of
 * instantiating the module again (the set-up cost a list otherwise); lists alive together get
 * instances of their own.
 */
import type { WasmHost } from '../core/wasmSolver';
import { WasmSwitch, type CoreChoice } from '../core/wasmSwitch';

/** The kernel's .wasm, base64; replaced by the build, undeclared in the sources run directly. */
declare const JOIN_WASM_BASE64: string | undefined;
declare const WebAssembly: WasmHost;

export type JoinCore = CoreChoice;

/** A sealed list's kernel: clueJoin.ts's JoinList methods of the same names. */
export interface JoinKernel {
  /** Where seal writes the hit vectors: set j's from j * row (the words past ceil(entries / 32) stay zero). */
  hits: Int32Array;
  row: number;
  narrow(from: number, to: number, sets: Int32Array, at: number): boolean;
  partners(level: number, sets: Int32Array, at: number, out: Int32Array): number;
  /** The walked side's walk: per cell of its band (27 rows of `words`), the cross sets it hits; the host writes them. */
  cross: Int32Array;
  /** Per cross set: its part in the walked band (the host writes them). */
  part: Int32Array;
  /** Per depth of the walk (d * words): the sets the node misses (the host writes them) and those closed above it. */
  jx: Int32Array;
  closed: Int32Array;
  close(d: number, avail: number, left: number): boolean;
  walkLastClues(d: number, avail: number, out: Int32Array, start: Int32Array, count: Int32Array): void;
  /** Per entry its band word and its code words (the host writes them at seal), and the walked set's code words (the host writes them before pairsPast). */
  cells: Int32Array;
  codes: Int32Array;
  walkCodes: Int32Array;
  /** JoinList.pairsPast on the entries the last partners or last clues call wrote (the host's out holds a copy): the passing ones into `pass`; how many, and how many fit the caps. */
  pairsPast(from: number, to: number, cells: number, cap: number, k: number, pass: Int32Array): { passed: number; fitted: number };
  lastClues(level: number, sets: Int32Array, cands: Int32Array, n: number, last: number, out: Int32Array, start: Int32Array, count: Int32Array): void;
  /** Hands the instance to the next list sealed; this kernel is not used after. */
  release(): void;
}

interface KernelExports {
  memory: { buffer: ArrayBuffer };
  layout(entries: number, sets: number, words: number): number;
  hitsAt(): number;
  rowWords(): number;
  slotAt(): number;
  setsAt(): number;
  candsAt(): number;
  outAt(): number;
  startAt(): number;
  countAt(): number;
  scratchLevel(): number;
  crossAt(): number;
  partAt(): number;
  jxAt(): number;
  closedAt(): number;
  cellsAt(): number;
  codeAt(): number;
  walkCodeAt(): number;
  passAt(): number;
  fitted(): number;
  depths(): number;
  close(d: number, avail: number, left: number): number;
  walkLastClues(d: number, avail: number): number;
  narrow(from: number, to: number): number;
  partners(level: number): number;
  lastClues(level: number, n: number, last: number): number;
  pairsPast(from: number, to: number, cells: number, cap: number, k: number): number;
}

/** An instance of the module no list holds (released), for the next list sealed. */
let spare: KernelExports | undefined;
const cores = new WasmSwitch(() => (typeof JOIN_WASM_BASE64 === 'string' ? JOIN_WASM_BASE64 : undefined), () => {
  spare = undefined;
});

/**
 * The switch between the join's kernels: 'wasm' (the default) where it loads, 'ts' the
 * TypeScript one. `bytes` compiles the kernel from these bytes instead of the built ones
 * (tests); they must compile (this throws otherwise). Returns the kernel lists now use.
 */
export function setJoinCore(core: JoinCore, bytes?: Uint8Array): JoinCore {
  return cores.set(core, bytes);
}

/** The kernel sealed lists use: 'wasm' only when it is wanted and loads. */
export function joinCore(): JoinCore {
  return cores.current();
}

/**
 * A WebAssembly kernel for a list of `entries` entries and `sets` cross sets (set vectors of
 * `words` words) being sealed, its slots (the entry at each bit position) copied in; the caller
 * writes the hit vectors into its `hits`. Undefined when the TypeScript kernel is to run: it is
 * the one wanted, the module is not there, or this list's memory cannot be had (a host's limits).
 */
export function joinKernel(entries: number, sets: number, words: number, slot: Int32Array, codeWords: number): JoinKernel | undefined {
  const module = cores.module();
  if (!module) return undefined;
  let k: KernelExports;
  try {
    k = spare ?? (new WebAssembly.Instance(module, {}).exports as unknown as KernelExports);
    spare = undefined;
    if (!k.layout(entries, sets, words)) {
      // Its memory cannot grow this far; a smaller list may still use it.
      spare = k;
      return undefined;
    }
  } catch {
    // Out of memory for another instance: this list keeps the TypeScript kernel.
    return undefined;
  }
  // layout() grew the memory: views are made after it, and it does not grow while this list holds it.
  const buffer = k.memory.buffer;
  // Each set's row padded to whole blocks of four words (the padding stays zero).
  const row = k.rowWords();
  new Int32Array(buffer, k.slotAt(), slot.length).set(slot);
  const setsIn = new Int32Array(buffer, k.setsAt(), Math.max(sets, words));
  const candsIn = new Int32Array(buffer, k.candsAt(), sets);
  const out = new Int32Array(buffer, k.outAt(), 27 * entries);
  const startOut = new Int32Array(buffer, k.startAt(), 27);
  const countOut = new Int32Array(buffer, k.countAt(), 27);
  // A node's groups use its level and up to 28 above it; the top level is partners()' scratch.
  const topLevel = k.scratchLevel() - 29;
  const checkLevel = (level: number): void => {
    if (level > topLevel) throw new RangeError(`join level ${level} beyond the WebAssembly kernel's ${topLevel}`);
  };
  /** The last clues' partners the kernel wrote (n entries), and per cell of `last` where they start and how many. */
  const lastOut = (n: number, last: number, into: Int32Array, start: Int32Array, count: Int32Array): void => {
    copyWords(out, 0, n, into);
    for (let m = last; m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      start[c] = startOut[c];
      count[c] = countOut[c];
    }
  };
  const depthWords = k.depths() * words;
  const passOut = new Int32Array(buffer, k.passAt(), entries);
  const passed = { passed: 0, fitted: 0 };
  return {
    hits: new Int32Array(buffer, k.hitsAt(), sets * row),
    row,
    cross: new Int32Array(buffer, k.crossAt(), 27 * words),
    part: new Int32Array(buffer, k.partAt(), sets),
    jx: new Int32Array(buffer, k.jxAt(), depthWords),
    closed: new Int32Array(buffer, k.closedAt(), depthWords),
    cells: new Int32Array(buffer, k.cellsAt(), entries),
    codes: new Int32Array(buffer, k.codeAt(), entries * codeWords),
    walkCodes: new Int32Array(buffer, k.walkCodeAt(), codeWords),
    close(d, avail, left) {
      checkLevel(d + 1);
      return k.close(d, avail, left) !== 0;
    },
    narrow(from, to, vec, at) {
      checkLevel(to);
      copyWords(vec, at, words, setsIn);
      return k.narrow(from, to) !== 0;
    },
    partners(level, vec, at, into) {
      copyWords(vec, at, words, setsIn);
      const n = k.partners(level);
      copyWords(out, 0, n, into);
      return n;
    },
    lastClues(level, open, cands, n, last, into, start, count) {
      checkLevel(level);
      copyWords(open, 0, n, setsIn);
      copyWords(cands, 0, n, candsIn);
      lastOut(k.lastClues(level, n, last), last, into, start, count);
    },
    walkLastClues(d, avail, into, start, count) {
      checkLevel(d + 1);
      lastOut(k.walkLastClues(d, avail), avail, into, start, count);
    },
    pairsPast(from, to, cells, cap, kk, pass) {
      const n = k.pairsPast(from, to, cells, cap, kk);
      copyWords(passOut, 0, n, pass);
      passed.passed = n;
      passed.fitted = k.fitted();
      return passed;
    },
    release() {
      spare = k;
    },
  };
}

/** Copies of more words than this go through a subarray view and `set` (one copy of memory). */
const COPY_BY_VIEW = 64;

/**
 * `n` words of `from` from `at` into the start of `to`. A few words by a loop: a subarray view per
 * call costs more for them, and the views were a fifth of a search's allocations (the partners
 * and the filter's passes copied out at every node, most of them none or a handful).
 */
function copyWords(from: Int32Array, at: number, n: number, to: Int32Array): void {
  if (n > COPY_BY_VIEW) {
    to.set(from.subarray(at, at + n));
    return;
  }
  for (let i = 0; i < n; i++) to[i] = from[at + i];
}

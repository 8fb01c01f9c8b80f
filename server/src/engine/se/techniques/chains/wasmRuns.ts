/**
 * Loads the dynamic runs' WebAssembly core (core/wasm/chainCore.ts, AssemblyScript) and lends its
 * run slots: dynamic.ts's runs without a level (Nishio, dynamic chains and those nested in level
 * 4, nearly all of a level-4 rating's runs) keep their arrays in a slot, as views on the core's
 * memory, and propagate there. The bytes arrive as the solver core's do (core/wasmSolver.ts): the
 * build defines CHAIN_WASM_BASE64; the sources run directly (vitest) have none and keep the
 * TypeScript loop, which is also the oracle the tests compare this one with (setChainCore hands
 * them compiled bytes).
 *
 * One instance, its memory sized once for SLOTS slots and never grown (growing would detach the
 * views); a run asked for when every slot is lent keeps arrays of its own and the TypeScript loop.
 * A nested dynamic search runs there whole (dynamic.ts's searchInCore), its runs in the free
 * slots; the chainers' runs give theirs back when they are done.
 */
import { decodeBase64, type WasmHost } from '../../../core/wasmSolver';
import { ChainGrid, NCAND, NKEY, sameCands, type RemovedSince } from './tables';

/** The core's .wasm, base64; replaced by the build, undeclared in the sources run directly. */
declare const CHAIN_WASM_BASE64: string | undefined;
declare const WebAssembly: WasmHost;

/**
 * Which loops run in the core: 'wasm' the runs and the nested dynamic searches (see dynamic.ts's
 * searchInCore), 'runs' the runs only (the searches in TypeScript), 'ts' neither.
 */
export type ChainCore = 'ts' | 'runs' | 'wasm';

/**
 * Slots in the instance: 12.5 KB each (a level-4 rating holds up to a few hundred runs at once).
 * The build gives the module the memory for these and the nested searches' state after them
 * (solverWasm.mjs's CHAIN_CORE_PAGES, chainCore.ts's NSLOTS): more would not fit its layout.
 */
const SLOTS = 1024;

interface CoreExports {
  memory: { buffer: ArrayBuffer };
  init(slots: number): void;
  gridAt(): number;
  slotAt(i: number): number;
  fieldAt(field: number): number;
  propagate(slot: number, onN: number, offN: number, isY: number): number;
  onCount: { value: number };
  offCount: { value: number };
  takeSlot(): number;
  releaseSlot(i: number): void;
  searchAt(field: number): number;
  search(): number;
  baseClear(): void;
}

/** A run's arrays in a slot of the core's memory (dynamic.ts's Run reads and writes them as its own). */
export interface RunSlot {
  readonly flag: Uint8Array;
  readonly onList: Int16Array;
  readonly offList: Int16Array;
  readonly offAt: Int16Array;
  readonly depth: Uint16Array;
  readonly first: Int16Array;
  readonly cause: Uint8Array;
  /** The slot's address, and the instance it is in. */
  readonly at: number;
  readonly core: Core;
  readonly index: number;
}

class Core {
  private readonly cands: Uint16Array;
  private readonly hpos: Uint16Array;
  /** The stamp of the grid in the core's memory (see gridStamp). */
  private loaded = 0;
  /** The counts of the last run propagated. */
  onN = 0;
  offN = 0;

  constructor(private readonly k: CoreExports) {
    k.init(SLOTS);
    // The memory does not grow after init, so these views (and the slots') stay valid.
    const buffer = k.memory.buffer;
    this.cands = new Uint16Array(buffer, k.gridAt(), 81);
    this.hpos = new Uint16Array(buffer, k.gridAt() + 162, 27 * 9);
    this.head = new Int32Array(buffer, k.searchAt(0), 4 * SLOTS);
    this.lostCell = new Uint16Array(buffer, k.searchAt(1), 81);
    this.lostHouse = new Uint16Array(buffer, k.searchAt(1) + 176, 243);
    this.g0Cands = new Uint16Array(buffer, k.searchAt(2), 81);
    this.g0Hpos = new Uint16Array(buffer, k.searchAt(2) + 162, 243);
    this.hintAt = new Int32Array(buffer, k.searchAt(3), 4096);
    this.hints = new Int32Array(buffer, k.searchAt(4), 1 << 16);
  }

  /** Per slot: its run's onN, offN, absurdOn, absurdOff, as the core's search left them. */
  readonly head: Int32Array;
  private readonly lostCell: Uint16Array;
  private readonly lostHouse: Uint16Array;
  private readonly g0Cands: Uint16Array;
  private readonly g0Hpos: Uint16Array;
  /**
   * The last search's hints: where each record starts in `hints`, and the records (kind,
   * conclusion, complexity, branches, the signature's two hashes, rule parents and the parents).
   */
  readonly hintAt: Int32Array;
  readonly hints: Int32Array;
  /** G0 of the runs the core keeps, and who asked for them. */
  private readonly g0Initial = new Uint16Array(81);
  private g0Owner: unknown = null;
  private readonly g0 = new ChainGrid();

  take(): RunSlot | null {
    const i = this.k.takeSlot();
    return i < 0 ? null : (this.slots[i] ??= this.view(i));
  }

  /**
   * Each slot's views, made the first time it is lent: a slot is lent again and again (a rating
   * takes some 100,000 slots), and seven views made a take were a quarter of what the median
   * forum puzzles allocated. The memory never grows, so the views stay valid.
   */
  private readonly slots: (RunSlot | undefined)[] = [];

  /** Gives back slot `i`, its flags clear. */
  release(i: number): void {
    this.k.releaseSlot(i);
  }

  /** Slot `i`'s arrays. */
  private view(i: number): RunSlot {
    const buffer = this.k.memory.buffer;
    const at = this.k.slotAt(i);
    const field = (f: number): number => at + this.k.fieldAt(f);
    return {
      flag: new Uint8Array(buffer, field(0), NCAND),
      onList: new Int16Array(buffer, field(1), NCAND),
      offList: new Int16Array(buffer, field(2), NCAND),
      offAt: new Int16Array(buffer, field(3), NCAND),
      depth: new Uint16Array(buffer, field(4), NKEY + 1),
      first: new Int16Array(buffer, field(5), NKEY + 1),
      cause: new Uint8Array(buffer, field(6), NKEY + 1),
      at,
      core: this,
      index: i,
    };
  }

  /**
   * Readies a nested dynamic search in the core: its grid `grid` (stamp `stamp`), G0 `initial` (the
   * core's kept runs of G0 start over when another owner or G0 asks), the removals since G0.
   */
  beginSearch(owner: unknown, grid: ChainGrid, stamp: number, initial: Uint16Array, removed: RemovedSince): void {
    if (owner !== this.g0Owner || !sameCands(initial, this.g0Initial, 0)) {
      this.k.baseClear();
      this.g0Owner = owner;
      this.g0Initial.set(initial);
      this.g0.load(grid.values, initial);
      this.g0Cands.set(this.g0.cands);
      this.g0Hpos.set(this.g0.hpos);
    }
    if (stamp !== this.loaded) {
      this.cands.set(grid.cands);
      this.hpos.set(grid.hpos);
      this.loaded = stamp;
    }
    this.lostCell.set(removed.cell);
    this.lostHouse.set(removed.house);
  }

  /** The search begun: how many hints (in hintAt), -1 when the core ran out of room (nothing kept). */
  search(): number {
    return this.k.search();
  }

  /** Gives back the runs kept for G0. */
  clearBase(owner: unknown): void {
    if (owner !== this.g0Owner) return;
    this.k.baseClear();
    this.g0Owner = null;
  }

  /**
   * Propagates the run in `slot` from the start it holds (`onN` on nodes, `offN` off nodes) on
   * `grid`, whose content `stamp` names: -1, or the contradiction as chainCore.ts's propagate
   * encodes it. The counts are left in onN and offN.
   */
  propagate(slot: RunSlot, grid: ChainGrid, stamp: number, onN: number, offN: number, isY: boolean): number {
    if (stamp !== this.loaded) {
      this.cands.set(grid.cands);
      this.hpos.set(grid.hpos);
      this.loaded = stamp;
    }
    const result = this.k.propagate(slot.at, onN, offN, isY ? 1 : 0);
    this.onN = this.k.onCount.value;
    this.offN = this.k.offCount.value;
    return result;
  }
}

let wanted: ChainCore = 'wasm';
/** The instance; null where there is none (no bytes, no WebAssembly, refused, no memory). */
let instance: Core | null | undefined;
let lastStamp = 0;

/**
 * A new stamp for a grid's content: whoever writes a grid that runs start from takes one, and
 * the core copies the grid in only when a run's stamp is not the one it holds.
 */
export function gridStamp(): number {
  return ++lastStamp;
}

function load(bytes: Uint8Array | undefined): Core | null {
  if (!bytes) return null;
  try {
    return new Core(new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as unknown as CoreExports);
  } catch {
    // No WebAssembly here, the host refuses it or has not the memory: the TypeScript loop makes the same runs.
    return null;
  }
}

/**
 * The switch between the loops: 'wasm' (the default) or 'runs' where the core loads, 'ts' the
 * TypeScript ones. `bytes` loads the core from these bytes instead of the built ones (tests;
 * runs made before keep their slots in the old instance and propagate in TypeScript). Returns
 * the loop new runs get.
 */
export function setChainCore(core: ChainCore, bytes?: Uint8Array): ChainCore {
  if (bytes) instance = load(bytes);
  wanted = core;
  return chainCore();
}

/** The loops new runs and searches get: the core's only when they are wanted and it loads. */
export function chainCore(): ChainCore {
  return wanted !== 'ts' && current() !== null ? wanted : 'ts';
}

function current(): Core | null {
  if (instance === undefined) instance = load(typeof CHAIN_WASM_BASE64 === 'string' ? decodeBase64(CHAIN_WASM_BASE64) : undefined);
  return instance;
}

/** A free slot for a new run, or null: the TypeScript loop is wanted, there is no core, or every slot is lent. */
export function takeSlot(): RunSlot | null {
  return chainCore() !== 'ts' ? current()!.take() : null;
}

/** Gives back a slot taken by takeSlot, its flags clear (none of an instance no longer in use). */
export function releaseSlot(slot: RunSlot): void {
  if (slot.core === instance) slot.core.release(slot.index);
}

/** The core for a nested dynamic search, or null (the TypeScript loop is wanted, or there is no core). */
export function searchCore(): Core | null {
  return chainCore() === 'wasm' ? current() : null;
}

export type { Core as ChainCoreInstance };

/** Whether a run in `slot` propagates in the core now (the core wanted, and the slot in its instance). */
export function inCore(slot: RunSlot | null): slot is RunSlot {
  return slot !== null && wanted !== 'ts' && slot.core === instance;
}

/**
 * The links of a static chain search's passes on one grid, each candidate's worked out when
 * first asked for and kept until the next grid.
 *
 * A nested static search's pass runs a few dozen tiny searches (cycles, forcing chains) and the
 * relevance marks' forward and backward searches over the same fixed graph, and they meet the
 * same nodes again and again: reading a node's links from here instead of from the grid's masks
 * each time is what this is for. Only the nodes met are worked out (a pass meets a fraction of
 * the grid's ~200 candidates), so nothing is built up front.
 */
import { NCAND, offToOn, onToOff, type ChainGrid } from './tables';

/** At most 8 other values of the cell and 20 peers. */
const ON_SLOT = 32;
/** At most the cell's other value and the digit's other place in three houses. */
const OFF_SLOT = 4;

export class PassLinks {
  private g: ChainGrid | null = null;
  private isY = false;
  private isX = false;
  /** The pass in use: 0 X links, 1 Y links, 2 both. */
  private pass = 0;
  private gen = 0;
  // The tables (about 260 KB) are made by the first `begin`: every chainer has a relevance filter
  // and so a PassLinks, but the dynamic chainers never read links.
  private onStamp = new Int32Array(0);
  private offStamp = new Int32Array(0);
  private onCount = new Uint8Array(0);
  private offCount = new Uint8Array(0);
  onCand = new Int16Array(0);
  onCause = new Uint8Array(0);
  offCand = new Int16Array(0);
  offCause = new Uint8Array(0);
  private readonly tmpCand = new Int16Array(ON_SLOT);
  private readonly tmpCause = new Uint8Array(ON_SLOT);

  /** Reads `g` from now on (it must not change until the next `begin`): every link forgotten. */
  begin(g: ChainGrid): void {
    if (this.onStamp.length === 0) this.allocate();
    this.g = g;
    this.gen++;
  }

  private allocate(): void {
    this.onStamp = new Int32Array(3 * NCAND);
    this.offStamp = new Int32Array(3 * NCAND);
    this.onCount = new Uint8Array(3 * NCAND);
    this.offCount = new Uint8Array(3 * NCAND);
    this.onCand = new Int16Array(3 * NCAND * ON_SLOT);
    this.onCause = new Uint8Array(3 * NCAND * ON_SLOT);
    this.offCand = new Int16Array(3 * NCAND * OFF_SLOT);
    this.offCause = new Uint8Array(3 * NCAND * OFF_SLOT);
  }

  /** Selects the pass whose links `on` and `off` give. */
  use(isY: boolean, isX: boolean): void {
    this.isY = isY;
    this.isX = isX;
    this.pass = isX ? (isY ? 2 : 0) : 1;
  }

  /** Where `on(cand)`'s targets and causes start in onCand/onCause. */
  onAt(cand: number): number {
    return (this.pass * NCAND + cand) * ON_SLOT;
  }

  /** Where `off(cand)`'s targets and causes start in offCand/offCause. */
  offAt(cand: number): number {
    return (this.pass * NCAND + cand) * OFF_SLOT;
  }

  /** How many candidates `cand` on turns off (onToOff): from `onAt(cand)` in onCand/onCause. */
  on(cand: number): number {
    const i = this.pass * NCAND + cand;
    if (this.onStamp[i] !== this.gen) {
      this.onStamp[i] = this.gen;
      const n = onToOff(this.g!, cand, this.isY, this.tmpCand, this.tmpCause);
      // Copied a node at a time: a subarray view is an object.
      for (let j = 0, at = i * ON_SLOT; j < n; j++) {
        this.onCand[at + j] = this.tmpCand[j];
        this.onCause[at + j] = this.tmpCause[j];
      }
      this.onCount[i] = n;
    }
    return this.onCount[i];
  }

  /** How many candidates `cand` off turns on (offToOn): from `offAt(cand)` in offCand/offCause. */
  off(cand: number): number {
    const i = this.pass * NCAND + cand;
    if (this.offStamp[i] !== this.gen) {
      this.offStamp[i] = this.gen;
      const n = offToOn(this.g!, cand, this.isY, this.isX, this.tmpCand, this.tmpCause);
      for (let j = 0, at = i * OFF_SLOT; j < n; j++) {
        this.offCand[at + j] = this.tmpCand[j];
        this.offCause[at + j] = this.tmpCause[j];
      }
      this.offCount[i] = n;
    }
    return this.offCount[i];
  }
}

/**
 * Berthier's Basic Resolution Theory (BRT = ECP + Singles, PBCS 4.5): a resolution state of decided values
 * and remaining candidates, and its propagation to quiescence with contradiction detection (a CSP variable
 * with neither a value nor a candidate). BRT is confluent, so the order of singles does not matter.
 */
import { HOUSES, PEERS } from '../core/grid';
import * as T from './tables';

const WORDS = T.WORDS;

/** BRT outcome: the state is stuck (needs a rule), solved, or contradictory. */
export const BRT_STUCK = 0;
export const BRT_SOLVED = 1;
export const BRT_CONTRADICTION = -1;

/** Kind of a single: 0 naked (rc), 1 hidden in a row (rn), 2 in a column (cn), 3 in a block (bn). */
export type SingleRecorder = (cell: number, digit: number, kind: number) => void;

export const SINGLE_NAMES = ['naked-single', 'hidden-single-in-a-row', 'hidden-single-in-a-column', 'hidden-single-in-a-block'];

const HOUSE_CELLS = new Int8Array(27 * 9);
const PEER_CELLS = new Int8Array(81 * 20);
for (let h = 0; h < 27; h++) for (let i = 0; i < 9; i++) HOUSE_CELLS[h * 9 + i] = HOUSES[h][i];
for (let c = 0; c < 81; c++) for (let i = 0; i < 20; i++) PEER_CELLS[c * 20 + i] = PEERS[c][i];

/** Digit (1..9) of a one-bit mask, 0 otherwise. */
const DIGIT_OF = new Int8Array(512);
for (let d = 1; d <= 9; d++) DIGIT_OF[1 << (d - 1)] = d;

const stackCell = new Int16Array(2048);
const stackDigit = new Int8Array(2048);
const stackKind = new Int8Array(2048);

export class ResState {
  constructor(
    /** Candidates of each undecided cell (0 for a decided cell). */
    readonly cands: Uint16Array,
    /** Decided digit of each cell, 0 when undecided. */
    readonly values: Uint8Array,
  ) {}

  /** From a candidate grid (givens are one-bit cells): every one-bit cell is asserted by the first BRT. */
  static fromCandidates(cands: Uint16Array): ResState {
    return new ResState(Uint16Array.from(cands, (m) => m & 0x1ff), new Uint8Array(81));
  }

  clone(): ResState {
    return new ResState(this.cands.slice(), this.values.slice());
  }

  copyFrom(o: ResState): void {
    this.cands.set(o.cands);
    this.values.set(o.values);
  }

  /** The grid as the candidate masks of the extension's model: decided cells as one-bit masks. */
  toMasks(): Uint16Array {
    const out = new Uint16Array(81);
    for (let c = 0; c < 81; c++) out[c] = this.values[c] ? 1 << (this.values[c] - 1) : this.cands[c];
    return out;
  }

  has(cell: number, digit: number): boolean {
    return (this.cands[cell] & (1 << (digit - 1))) !== 0;
  }

  eliminate(cell: number, digit: number): void {
    this.cands[cell] &= ~(1 << (digit - 1));
  }

  /** Asserts a value (the caller runs brt() afterwards to propagate). */
  assert(cell: number, digit: number): void {
    this.values[cell] = 0;
    this.cands[cell] = 1 << (digit - 1);
  }

  countCandidates(): number {
    let n = 0;
    for (let c = 0; c < 81; c++) for (let m = this.cands[c]; m; m &= m - 1) n++;
    return n;
  }

  isSolved(): boolean {
    for (let c = 0; c < 81; c++) if (!this.values[c]) return false;
    return true;
  }

  /** The present candidates as a 729-bit set. */
  fillBits(out: Int32Array): void {
    out.fill(0, 0, WORDS);
    for (let cell = 0; cell < 81; cell++) {
      const m = this.cands[cell];
      if (!m) continue;
      const base = cell * 9;
      // a cell's 9 bits may straddle a word boundary
      const w = base >> 5;
      const s = base & 31;
      out[w] |= m << s;
      if (s > 23) out[w + 1] |= m >>> (32 - s);
    }
  }

  /**
   * ECP + Singles to quiescence. Returns BRT_SOLVED, BRT_CONTRADICTION or BRT_STUCK. `record` sees
   * every single asserted (start-state one-bit cells included, as naked singles).
   */
  brt(record?: SingleRecorder): number {
    const cands = this.cands;
    const values = this.values;
    let sp = 0;
    for (let c = 0; c < 81; c++) {
      if (values[c]) continue;
      const m = cands[c];
      if (m === 0) return BRT_CONTRADICTION;
      const d = DIGIT_OF[m];
      if (d) {
        stackCell[sp] = c;
        stackDigit[sp] = d;
        stackKind[sp++] = 0;
      }
    }
    for (;;) {
      while (sp > 0) {
        sp--;
        const cell = stackCell[sp];
        const d = stackDigit[sp];
        if (values[cell]) {
          if (values[cell] !== d) return BRT_CONTRADICTION;
          continue;
        }
        const b = 1 << (d - 1);
        if (!(cands[cell] & b)) return BRT_CONTRADICTION;
        if (record) record(cell, d, stackKind[sp]);
        values[cell] = d;
        cands[cell] = 0;
        const po = cell * 20;
        for (let i = 0; i < 20; i++) {
          const p = PEER_CELLS[po + i];
          const m = cands[p];
          if (!(m & b)) continue;
          const nm = m ^ b;
          cands[p] = nm;
          if (nm === 0) return BRT_CONTRADICTION;
          const nd = DIGIT_OF[nm];
          if (nd) {
            if (sp >= 2040) return BRT_CONTRADICTION; // cannot happen on a consistent grid
            stackCell[sp] = p;
            stackDigit[sp] = nd;
            stackKind[sp++] = 0;
          }
        }
      }
      let solved = true;
      for (let h = 0; h < 27; h++) {
        let once = 0;
        let twice = 0;
        let placed = 0;
        const ho = h * 9;
        for (let i = 0; i < 9; i++) {
          const cell = HOUSE_CELLS[ho + i];
          const v = values[cell];
          if (v) placed |= 1 << (v - 1);
          else {
            const m = cands[cell];
            twice |= once & m;
            once |= m;
          }
        }
        if ((once | placed) !== 0x1ff) return BRT_CONTRADICTION;
        if (placed !== 0x1ff) solved = false;
        let hs = once & ~twice & ~placed;
        while (hs) {
          const b = hs & -hs;
          hs ^= b;
          for (let i = 0; i < 9; i++) {
            const cell = HOUSE_CELLS[ho + i];
            if (cands[cell] & b) {
              stackCell[sp] = cell;
              stackDigit[sp] = DIGIT_OF[b];
              stackKind[sp++] = 1 + ((h / 9) | 0);
              break;
            }
          }
        }
        if (sp > 1900) break;
      }
      if (sp === 0) return solved ? BRT_SOLVED : BRT_STUCK;
    }
  }
}

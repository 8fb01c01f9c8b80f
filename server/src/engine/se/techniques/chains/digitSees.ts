/**
 * The cells a set of chain nodes sees, digit by digit: per digit d, the cells seeing an on node
 * of d and the cells seeing an off node of d, each as three 27-cell words. A cycle removes a
 * candidate of d that sees both (StaticChainer.cycleRemoves); cycleComponents.ts asks the same
 * of a whole component of the links.
 */
import { PEER_WORDS } from '../places';
import { NCAND, ON, lowBit } from './tables';

export class DigitSees {
  // Words 0–26 the cells seeing an on node of each digit, 27–53 an off node.
  private readonly words = new Int32Array(54);
  // The digits with an on node (bits 0–8) and with an off node (bits 9–17) since clear.
  private digits = 0;

  clear(): void {
    this.words.fill(0);
    this.digits = 0;
  }

  /** Adds the node `key` (a candidate, plus ON when it is on). */
  add(key: number): void {
    const on = key >= NCAND;
    const cand = on ? key - ON : key;
    const cell = (cand / 9) | 0;
    const d = cand - cell * 9;
    const k = (on ? 0 : 27) + 3 * d;
    const words = this.words;
    words[k] |= PEER_WORDS[3 * cell];
    words[k + 1] |= PEER_WORDS[3 * cell + 1];
    words[k + 2] |= PEER_WORDS[3 * cell + 2];
    this.digits |= 1 << (on ? d : d + 9);
  }

  /**
   * Whether a candidate of `digitCells` (digitWords' per-digit cell words) outside the cells
   * `in0`, `in1`, `in2` (three 27-cell words) sees an on node and an off node of its digit.
   */
  removesOutside(digitCells: Int32Array, in0: number, in1: number, in2: number): boolean {
    const words = this.words;
    for (let m = this.digits & (this.digits >>> 9); m; m &= m - 1) {
      const k = 3 * lowBit(m);
      if (words[k] & words[k + 27] & digitCells[k] & ~in0) return true;
      if (words[k + 1] & words[k + 28] & digitCells[k + 1] & ~in1) return true;
      if (words[k + 2] & words[k + 29] & digitCells[k + 2] & ~in2) return true;
    }
    return false;
  }
}

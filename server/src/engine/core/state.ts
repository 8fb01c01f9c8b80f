/**
 * The resolution state a technique looks at: placed values and the candidates of empty cells,
 * kept as Sudoku Explainer keeps them (placing a value removes it from the peers' candidates).
 */
import { ALL_DIGITS, PEERS, bit, singleDigit } from './grid';
import type { Step } from './step';

export class State {
  constructor(
    /** Digit of each cell, 0 when empty. */
    readonly values: Uint8Array,
    /** Candidates of each empty cell (0 for a solved cell). */
    readonly cands: Uint16Array,
  ) {}

  /**
   * From a givens puzzle: empty cells get every digit no peer holds. From a pencilmark puzzle,
   * as SukakuExplainer reads one: a single-candidate cell is a value only when no peer still has
   * that digit, and the remaining candidates are not reduced further.
   */
  static fromCandidates(start: Uint16Array, pencilmark: boolean): State {
    const values = new Uint8Array(81);
    const cands = new Uint16Array(81);
    for (let c = 0; c < 81; c++) {
      const d = singleDigit(start[c]);
      if (d && (!pencilmark || PEERS[c].every((p) => !(start[p] & bit(d))))) values[c] = d;
      else cands[c] = start[c];
    }
    if (!pencilmark) {
      for (let c = 0; c < 81; c++) {
        if (values[c]) continue;
        let mask = ALL_DIGITS & start[c];
        for (const p of PEERS[c]) if (values[p]) mask &= ~bit(values[p]);
        cands[c] = mask;
      }
    }
    return new State(values, cands);
  }

  clone(): State {
    return new State(this.values.slice(), this.cands.slice());
  }

  /** Sets a value and removes it from the peers' candidates. */
  place(cell: number, digit: number): void {
    this.values[cell] = digit;
    this.cands[cell] = 0;
    const b = bit(digit);
    for (const p of PEERS[cell]) this.cands[p] &= ~b;
  }

  /** A step's placements, then its eliminations. */
  apply(step: Pick<Step, 'placements' | 'eliminations'>): void {
    for (const p of step.placements) this.place(p.cell, p.digit);
    for (const e of step.eliminations) this.eliminate(e.cell, e.digit);
  }

  eliminate(cell: number, digit: number): void {
    this.cands[cell] &= ~bit(digit);
  }

  has(cell: number, digit: number): boolean {
    return (this.cands[cell] & bit(digit)) !== 0;
  }

  isSolved(): boolean {
    for (let c = 0; c < 81; c++) if (!this.values[c]) return false;
    return true;
  }

  /** Cells of `house` where `digit` is a candidate, as a 9-bit mask of positions in the house. */
  positions(cells: readonly number[], digit: number): number {
    const b = bit(digit);
    let mask = 0;
    for (let i = 0; i < 9; i++) if (this.cands[cells[i]] & b) mask |= 1 << i;
    return mask;
  }
}

import { describe, expect, it } from 'vitest';
import { DigitSees } from '../../server/src/engine/se/techniques/chains/digitSees';
import { ON } from '../../server/src/engine/se/techniques/chains/tables';
import { digitWords } from '../../server/src/engine/se/techniques/places';

/** Whether two different cells share a row, a column or a box. */
function peers(a: number, b: number): boolean {
  if (a === b) return false;
  const [ra, ca, rb, cb] = [(a / 9) | 0, a % 9, (b / 9) | 0, b % 9];
  return ra === rb || ca === cb || (((ra / 3) | 0) === ((rb / 3) | 0) && ((ca / 3) | 0) === ((cb / 3) | 0));
}

describe('DigitSees', () => {
  it('finds a candidate outside given cells that sees an on node and an off node of its digit, as the definition says (property)', () => {
    let seed = 12345;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const ds = new DigitSees();
    const digitCells = new Int32Array(27);
    let yes = 0;
    let no = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const cands = new Uint16Array(81);
      for (let c = 0; c < 81; c++) cands[c] = rnd(512) & rnd(512);
      digitWords(cands, digitCells);
      // Nodes of few digits, so that on and off nodes of one digit meet; the object is reused.
      const nodes: number[] = [];
      for (let i = 1 + rnd(10); i > 0; i--) nodes.push(rnd(81) * 9 + rnd(3) + (rnd(2) ? ON : 0));
      const inside = new Set<number>();
      for (let i = rnd(8); i > 0; i--) inside.add(rnd(81));
      const words = [0, 0, 0];
      for (const c of inside) words[(c / 27) | 0] |= 1 << c % 27;
      ds.clear();
      for (const k of nodes) ds.add(k);
      let expected = false;
      for (let c = 0; c < 81 && !expected; c++) {
        if (inside.has(c)) continue;
        for (let d = 0; d < 9 && !expected; d++) {
          if (!(cands[c] & (1 << d))) continue;
          const seen = (on: boolean) =>
            nodes.some((k) => k >= ON === on && (k % ON) % 9 === d && peers(c, ((k % ON) / 9) | 0));
          expected = seen(true) && seen(false);
        }
      }
      expect(ds.removesOutside(digitCells, words[0], words[1], words[2])).toBe(expected);
      if (expected) yes++;
      else no++;
    }
    expect(yes).toBeGreaterThan(300);
    expect(no).toBeGreaterThan(300);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fewestClues, partnerInner, walkBand, type BandWalk } from '../../server/src/engine/ua/clueWalk';

const STACKS = [0x1c0e07, 0x1c0e07 << 3, 0x1c0e07 << 6];
const popcount = (x: number): number => {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
};

/** Every `size`-cell band word (brute force) hitting each inner set, within the stack cap. */
function valid(size: number, inner: number[], cap: number): number[] {
  const out: number[] = [];
  const rec = (from: number, cells: number, d: number): void => {
    if (d === size) {
      if (inner.every((u) => (u & cells) !== 0) && STACKS.every((s) => popcount(cells & s) <= cap)) out.push(cells);
      return;
    }
    for (let c = from; c < 27; c++) rec(c + 1, cells | (1 << c), d + 1);
  };
  rec(0, 0, 0);
  return out.sort((a, b) => a - b);
}

/** The walk's leaves, with `open` as given. */
function leaves(size: number, inner: number[], cap: number, open?: BandWalk['open']): number[] {
  const out: number[] = [];
  walkBand({ size, inner, stackCap: cap, step: () => {}, leaf: (_d, cells) => out.push(cells), open, tick: () => {} });
  return out;
}

const bandWord = fc.uniqueArray(fc.integer({ min: 0, max: 26 }), { minLength: 2, maxLength: 8 }).map((cells) => cells.reduce((w, c) => w | (1 << c), 0));
const walkCase = fc.record({
  size: fc.integer({ min: 0, max: 4 }),
  inner: fc.array(bandWord, { maxLength: 6 }),
  cap: fc.constantFrom(2, 9),
});
const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

describe('band walk of the 17-clue join (clueWalk)', () => {
  it('lists every valid clue set of the band exactly once (property, against a brute force)', () => {
    fc.assert(
      fc.property(walkCase, ({ size, inner, cap }) => {
        const got = leaves(size, inner, cap);
        expect(new Set(got).size).toBe(got.length);
        expect(sorted(got)).toEqual(valid(size, inner, cap));
      }),
      { numRuns: 60 },
    );
  });

  it("gives each node the cells its subtree adds: every leaf's cells past the node's lie in its avail (property)", () => {
    fc.assert(
      fc.property(walkCase, ({ size, inner, cap }) => {
        // The open nodes on the current path, by depth.
        const path: { cells: number; avail: number }[] = [];
        let checked = 0;
        let outside = 0;
        walkBand({
          size,
          inner,
          stackCap: cap,
          step: () => {},
          open: (d, cells, avail) => {
            path[d] = { cells, avail };
            return true;
          },
          leaf: (d, cells) => {
            for (let e = 0; e < d; e++) outside |= cells & ~path[e].cells & ~path[e].avail;
            checked++;
          },
          tick: () => {},
        });
        expect(outside).toBe(0);
        expect(checked).toBe(valid(size, inner, cap).length);
      }),
      { numRuns: 60 },
    );
  });

  it('cutting where a cross set can no longer be hit drops no set that hits it (property)', () => {
    fc.assert(
      fc.property(walkCase, bandWord, ({ size, inner, cap }, part) => {
        // No listed entry hits the cross set: only walked sets meeting its band part `part` have a partner.
        const got = leaves(size, inner, cap, (_d, cells, avail) => ((cells | avail) & part) !== 0);
        const hitting = valid(size, inner, cap).filter((cells) => (cells & part) !== 0);
        expect(sorted(got.filter((cells) => (cells & part) !== 0))).toEqual(hitting);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a node whose last free cell still hits the set (a cut one clue early would drop r3c9 pairs)', () => {
    // No inner sets: the clues are free, in cell order. The cross set's part is the band's
    // last cell (bit 26): every pair holding it has a partner, the last reached only at depth 1.
    const part = 1 << 26;
    const got = leaves(2, [], 9, (_d, cells, avail) => ((cells | avail) & part) !== 0);
    expect(sorted(got.filter((cells) => (cells & part) !== 0))).toEqual(Array.from({ length: 26 }, (_, c) => (1 << c) | part).sort((a, b) => a - b));
  });

  it("walks exactly a listed set's partners with the cross sets it misses among the inner sets (property)", () => {
    // Cross sets as (part in the listed band, part in the walked band); a partner of the listed
    // set is a valid walked set with which every cross set is hit.
    const crossCase = fc.record({
      cross: fc.array(fc.tuple(bandWord, bandWord), { maxLength: 8 }),
      listed: fc.uniqueArray(fc.integer({ min: 0, max: 26 }), { maxLength: 6 }).map((cells) => cells.reduce((w, c) => w | (1 << c), 0)),
    });
    let partners = 0;
    fc.assert(
      fc.property(walkCase, crossCase, ({ size, inner, cap }, { cross, listed }) => {
        const own = partnerInner(
          inner,
          cross.map(([l]) => l),
          cross.map(([, w]) => w),
          listed,
        );
        const want = valid(size, inner, cap).filter((cells) => cross.every(([l, w]) => (l & listed) !== 0 || (w & cells) !== 0));
        expect(sorted(leaves(size, own, cap))).toEqual(want);
        partners += want.length;
      }),
      { numRuns: 100 },
    );
    expect(partners).toBeGreaterThan(0);
  });

  it('gives the fewest clues of a valid set: none with one clue less, some with that many (property)', () => {
    // One more would skip the splits giving the band exactly that many clues, and their puzzles.
    const smallCase = fc.record({ inner: fc.array(bandWord, { maxLength: 4 }), cap: fc.constantFrom(1, 2, 9) });
    fc.assert(
      fc.property(smallCase, ({ inner, cap }) => {
        const fewest = fewestClues(inner, cap, () => {});
        if (fewest === 28) {
          // No valid set at all: the caps allow at most 3 * cap clues, and none of those sizes has one.
          expect(cap).toBeLessThan(9);
          for (let size = 0; size <= 3 * cap; size++) expect(valid(size, inner, cap)).toEqual([]);
          return;
        }
        expect(valid(fewest, inner, cap).length).toBeGreaterThan(0);
        if (fewest > 0) expect(valid(fewest - 1, inner, cap)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('gives 3 for three disjoint sets (r1c1-r1c2, r2c4-r2c5, r3c7-r3c8) and 28 when the stack cap leaves no valid set', () => {
    const three = [0b11, 0b11 << 12, 0b11 << 24];
    expect(fewestClues(three, 9, () => {})).toBe(3);
    // Cap 0: no clue anywhere, and the set r1c1-r1c2 must still be hit.
    expect(fewestClues([0b11], 0, () => {})).toBe(28);
    // Cap 1: r1c1-r2c1 and r1c2-r2c2 lie in stack 1 and share no cell, so one clue there cannot hit both.
    expect(fewestClues([0b1000000001, 0b10000000010], 1, () => {})).toBe(28);
  });
});

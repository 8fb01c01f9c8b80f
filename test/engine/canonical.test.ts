import * as fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DuplicateFilter,
  type SymmetryTransform,
  canonicalForm,
  canonicalTransform,
  equivalenceKey,
  removeDuplicates,
} from '../../server/src/engine/canonical';
import { PEERS, candidatesFromGivens, pencilmarkString } from '../../server/src/engine/core/grid';
import { solveString } from '../../server/src/engine/core/solve';
import { dataPath } from '../dataPath';

// ---------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------

function readPuzzles(...parts: string[]): string[] {
  return fs
    .readFileSync(dataPath(...parts), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length === 81 && !l.startsWith('#'));
}

// The 17-clue list holds pairwise non-equivalent puzzles (one per equivalence class).
const ALL17 = readPuzzles('tdoku', 'puzzles2_17_clue');
const SEVENTEEN = ALL17.slice(0, 500);
/** The list sorts clue patterns first: this line of it is not the smallest string of its class. */
const NOT_STRING_MIN = ALL17[3768];
const TOP = readPuzzles('tdoku', 'puzzles3_magictour_top1465').slice(0, 100);
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const EMPTY = '.'.repeat(81);
/** A 17 with two clues removed: many solutions. */
const MULTI = SEVENTEEN[7].replace(/[1-9]/, '.').replace(/[1-9]/, '.');
/** Invalid: repeated digits in rows, columns and boxes. */
const INVALID = '11.....2.' + '1.......2' + '.'.repeat(27) + '..3..3...' + '.'.repeat(27);
/** Pencilmarks of a givens puzzle: givens' peers eliminated (or not, `raw`). */
function pencilmarks(puzzle: string, raw = false): string {
  const givens = new Uint8Array(81);
  for (let c = 0; c < 81; c++) givens[c] = puzzle[c] === '.' ? 0 : Number(puzzle[c]);
  const cands = candidatesFromGivens(givens);
  if (!raw) for (let c = 0; c < 81; c++) if (givens[c]) for (const p of PEERS[c]) cands[p] &= ~(1 << (givens[c] - 1));
  return pencilmarkString(cands);
}

const POOL81 = [...SEVENTEEN.slice(0, 150), ...TOP.slice(0, 50), SOLUTION, EMPTY, MULTI, INVALID, NOT_STRING_MIN];
const POOL729 = [
  ...SEVENTEEN.slice(0, 40).map((p) => pencilmarks(p)),
  ...TOP.slice(0, 20).map((p) => pencilmarks(p)),
  ...SEVENTEEN.slice(40, 50).map((p) => pencilmarks(p, true)),
  pencilmarks(SOLUTION),
  pencilmarks(EMPTY),
];

// ---------------------------------------------------------------------------
// The test's own symmetry group
// ---------------------------------------------------------------------------

/** Values of a text: 81 → digit 0-9 per cell; 729 → candidate mask per cell. */
function cellsOf(text: string): number[] {
  if (text.length === 81) return [...text].map((ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0));
  return Array.from({ length: 81 }, (_, c) => {
    let m = 0;
    for (let k = 0; k < 9; k++) if (text[9 * c + k] !== '.') m |= 1 << k;
    return m;
  });
}

function textOf(cells: number[], pm: boolean): string {
  if (!pm) return cells.map((v) => (v ? String(v) : '.')).join('');
  return cells.map((m) => Array.from({ length: 9 }, (_, k) => (m & (1 << k) ? String(k + 1) : '.')).join('')).join('');
}

/** Transpose, then cell (r, c) <- (rows[r], cols[c]), then rename digit d to digits[d]. */
function transform(text: string, tr: SymmetryTransform): string {
  const pm = text.length === 729;
  const src = cellsOf(text);
  const out: number[] = [];
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      const [sr, sc] = [tr.rows[r], tr.cols[c]];
      const v = tr.transpose ? src[sc * 9 + sr] : src[sr * 9 + sc];
      if (!pm) out.push(v ? tr.digits[v] : 0);
      else {
        let m = 0;
        for (let d = 1; d <= 9; d++) if (v & (1 << (d - 1))) m |= 1 << (tr.digits[d] - 1);
        out.push(m);
      }
    }
  }
  return textOf(out, pm);
}

/** Digits renamed 1, 2, 3... in order of first appearance (an 81-char text). */
function relabel(text: string): string {
  const map = new Map<string, string>();
  return [...text].map((ch) => (ch === '.' ? '.' : (map.get(ch) ?? (map.set(ch, String(map.size + 1)), String(map.size))))).join('');
}

const isPermutation = (xs: number[], n: number): boolean => xs.length === n && new Set(xs).size === n && xs.every((x) => x >= 0 && x < n);

/** A valid element of the group: lines permuted within and across bands, digits a permutation. */
function isSymmetry(tr: SymmetryTransform): boolean {
  const lines = (order: number[]): boolean =>
    isPermutation(order, 9) && [0, 3, 6].every((i) => new Set(order.slice(i, i + 3).map((x) => Math.floor(x / 3))).size === 1);
  return lines(tr.rows) && lines(tr.cols) && tr.digits[0] === 0 && isPermutation(tr.digits.slice(1).map((d) => d - 1), 9);
}

const perm = (n: number): fc.Arbitrary<number[]> =>
  fc.shuffledSubarray(
    Array.from({ length: n }, (_, i) => i),
    { minLength: n, maxLength: n },
  );
const lineOrder = fc
  .tuple(perm(3), perm(3), perm(3), perm(3))
  .map(([outer, a, b, c]) => outer.flatMap((band, i) => [a, b, c][i].map((r) => 3 * band + r)));
const symmetry: fc.Arbitrary<SymmetryTransform> = fc.record({
  transpose: fc.boolean(),
  rows: lineOrder,
  cols: lineOrder,
  digits: perm(9).map((p) => [0, ...p.map((d) => d + 1)]),
});

/** '.' sorts before the digits. */
const lexLess = (a: string, b: string): boolean => a.replace(/\./g, '0') < b.replace(/\./g, '0');
const lexLessEq = (a: string, b: string): boolean => a === b || lexLess(a, b);

// ---------------------------------------------------------------------------
// Brute force minima (independent of the module)
// ---------------------------------------------------------------------------

function permutations(xs: number[]): number[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}
const P3 = permutations([0, 1, 2]);
/** All 1296 band-respecting orders of 9 lines. */
const LINE_ORDERS: number[][] = P3.flatMap((outer) =>
  P3.flatMap((a) => P3.flatMap((b) => P3.map((c) => outer.flatMap((band, i) => [a, b, c][i].map((r) => 3 * band + r))))),
);

/** Minlex over the whole group (2 x 1296 x 1296 arrangements, relabelled), with early exits. */
function bruteMinlex(text: string): string {
  const src = cellsOf(text);
  const best = new Int8Array(81).fill(10);
  const map = new Int8Array(10);
  for (const t of [false, true]) {
    const g = t ? Array.from({ length: 81 }, (_, i) => src[(i % 9) * 9 + Math.floor(i / 9)]) : src;
    for (const rows of LINE_ORDERS) {
      const byRow = rows.flatMap((r) => g.slice(r * 9, r * 9 + 9));
      for (const cols of LINE_ORDERS) {
        map.fill(0);
        let next = 1;
        let less = false;
        for (let i = 0; i < 81; i++) {
          const v = byRow[i - (i % 9) + cols[i % 9]];
          const x = v === 0 ? 0 : map[v] || (map[v] = next++);
          if (!less) {
            if (x > best[i]) break;
            if (x < best[i]) less = true;
          }
          if (less) best[i] = x;
        }
      }
    }
  }
  return Array.from(best, (x) => (x ? String(x) : '.')).join('');
}

/** Smallest 729 string over all 9! digit renamings of a fixed pencilmark grid. */
function bruteDigitMin(text: string): string {
  const src = cellsOf(text);
  const rev = (m: number): number => {
    let r = 0;
    for (let k = 0; k < 9; k++) if (m & (1 << k)) r |= 1 << (8 - k);
    return r;
  };
  let best: number[] | null = null;
  const p = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const visit = (): void => {
    let less = best === null;
    const row: number[] = [];
    for (let c = 0; c < 81; c++) {
      let m = 0;
      for (let d = 0; d < 9; d++) if (src[c] & (1 << d)) m |= 1 << p[d];
      const key = rev(m);
      if (!less) {
        if (key > best![c]) return;
        if (key < best![c]) less = true;
      }
      row.push(key);
    }
    if (less) best = row;
  };
  // Heap's algorithm over the 9! permutations.
  const c = new Array(9).fill(0);
  visit();
  for (let i = 1; i < 9; ) {
    if (c[i] < i) {
      const j = i % 2 ? c[i] : 0;
      [p[j], p[i]] = [p[i], p[j]];
      visit();
      c[i]++;
      i = 1;
    } else c[i++] = 0;
  }
  return textOf(best!.map(rev), true);
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

describe('canonicalForm (81-char puzzles)', () => {
  it('gives every symmetric image of a puzzle the same form', () => {
    const forms = new Map(POOL81.map((p) => [p, canonicalForm(p)]));
    fc.assert(
      fc.property(fc.constantFrom(...POOL81), symmetry, (p, tr) => {
        expect(canonicalForm(transform(p, tr))).toBe(forms.get(p));
      }),
      { numRuns: 600 },
    );
  });

  it('gives the 500 non-equivalent puzzles of the 17-clue list 500 different forms', () => {
    const forms = SEVENTEEN.map(canonicalForm);
    expect(new Set(forms).size).toBe(500);
  });

  it('returns a symmetry that takes the puzzle to its form', () => {
    for (const p of POOL81) {
      const { form, transform: tr } = canonicalTransform(p);
      expect(isSymmetry(tr), p).toBe(true);
      expect(transform(p, tr)).toBe(form);
      expect(relabel(form)).toBe(form);
    }
  });

  it('is no larger than the puzzle or any of its relabelled images', () => {
    for (const p of SEVENTEEN) expect(lexLessEq(canonicalForm(p), p)).toBe(true);
    fc.assert(
      fc.property(fc.constantFrom(...POOL81), symmetry, (p, tr) => {
        expect(lexLessEq(canonicalForm(p), relabel(transform(p, tr)))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('is the minimum over the whole group (brute force)', () => {
    expect(lexLess(canonicalForm(NOT_STRING_MIN), NOT_STRING_MIN)).toBe(true);
    for (const p of [SEVENTEEN[0], NOT_STRING_MIN, TOP[0], INVALID]) {
      expect(canonicalForm(p)).toBe(bruteMinlex(p));
    }
  });

  it("is the forum's minlex: the published 17-clue list's lines are their own forms, and Royle's representatives map onto them", () => {
    // The list up to line 3768 is in minlex form as published (later lines sort clue patterns first).
    for (const p of ALL17.slice(0, 1500)) expect(canonicalForm(p)).toBe(p);
    const royle = readPuzzles('gss-17clue', 'sudoku17_spl.dat').slice(0, 200);
    const list = new Set(ALL17);
    const forms = royle.map(canonicalForm);
    expect(royle.some((p) => list.has(p.replace(/0/g, '.')))).toBe(false);
    expect(forms.filter((f) => list.has(f)).length).toBeGreaterThanOrEqual(195);
  });

  it('is idempotent', () => {
    for (const p of POOL81) {
      const form = canonicalForm(p);
      expect(canonicalForm(form)).toBe(form);
    }
  });

  it('keeps the solution count and carries solutions along', () => {
    for (const p of [...SEVENTEEN.slice(0, 60), ...TOP.slice(0, 20), SOLUTION, MULTI, INVALID]) {
      const { form, transform: tr } = canonicalTransform(p);
      const before = solveString(p, { limit: 20 });
      const after = solveString(form, { limit: 20 });
      expect(after.count, p).toBe(before.count);
      if (before.count === 1) {
        expect(transform(before.solutions[0].join(''), tr)).toBe(after.solutions[0].join(''));
      }
    }
  });

  it('treats any non-digit character as an empty cell', () => {
    const p = SEVENTEEN[5];
    expect(canonicalForm(p.replace(/\./g, '0'))).toBe(canonicalForm(p));
  });

  it('rejects other lengths', () => {
    expect(() => canonicalForm('123')).toThrow(RangeError);
  });

  it('takes well under a millisecond per 17-clue puzzle', () => {
    const lines = ALL17.slice(0, 5000);
    const start = performance.now();
    for (const p of lines) canonicalForm(p);
    const perPuzzle = (performance.now() - start) / lines.length;
    expect(perPuzzle).toBeLessThan(1);
  });
});

describe('canonicalForm (729-char pencilmark puzzles)', () => {
  it('gives every symmetric image the same form', () => {
    const forms = new Map(POOL729.map((p) => [p, canonicalForm(p)]));
    fc.assert(
      fc.property(fc.constantFrom(...POOL729), symmetry, (p, tr) => {
        expect(canonicalForm(transform(p, tr))).toBe(forms.get(p));
      }),
      { numRuns: 300 },
    );
  });

  it('gives random candidate grids invariant forms', () => {
    const grid = fc.array(fc.integer({ min: 0, max: 511 }), { minLength: 81, maxLength: 81 }).map((m) => textOf(m, true));
    fc.assert(
      fc.property(grid, symmetry, (p, tr) => {
        const { form, transform: tr2 } = canonicalTransform(p);
        expect(transform(p, tr2)).toBe(form);
        expect(canonicalForm(transform(p, tr))).toBe(form);
      }),
      { numRuns: 100 },
    );
  });

  it('returns a symmetry that takes the puzzle to its form; idempotent', () => {
    for (const p of POOL729) {
      const { form, transform: tr } = canonicalTransform(p);
      expect(isSymmetry(tr)).toBe(true);
      expect(transform(p, tr)).toBe(form);
      expect(canonicalForm(form)).toBe(form);
    }
  });

  it('tells non-equivalent puzzles apart', () => {
    const forms = SEVENTEEN.slice(0, 200).map((p) => canonicalForm(pencilmarks(p)));
    expect(new Set(forms).size).toBe(200);
  });

  it('is minimal over digit renamings, and no larger than other arrangements (brute force)', () => {
    const identity: SymmetryTransform = {
      transpose: false,
      rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
      cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
      digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };
    const samples = fc.sample(symmetry, { numRuns: 3, seed: 17 });
    for (const p of [POOL729[0], POOL729[45]]) {
      const { form, transform: tr } = canonicalTransform(p);
      expect(bruteDigitMin(form)).toBe(form);
      for (const s of [identity, ...samples]) expect(lexLessEq(form, bruteDigitMin(transform(p, s)))).toBe(true);
      expect(bruteDigitMin(transform(p, { ...tr, digits: identity.digits }))).toBe(form);
    }
  });

  it('keeps the solution count', () => {
    for (const p of [...POOL729.slice(0, 30), pencilmarks(MULTI)]) {
      expect(solveString(canonicalForm(p), { limit: 20 }).count).toBe(solveString(p, { limit: 20 }).count);
    }
  });
});

describe('equivalenceKey', () => {
  it('is invariant under the group', () => {
    fc.assert(
      fc.property(fc.constantFrom(...POOL81, ...POOL729), symmetry, (p, tr) => {
        expect(equivalenceKey(transform(p, tr))).toBe(equivalenceKey(p));
      }),
      { numRuns: 300 },
    );
  });
});

describe('removeDuplicates', () => {
  const [a, b, c] = SEVENTEEN;
  const tr = fc.sample(symmetry, { numRuns: 2, seed: 4 });
  const texts = [a, b, transform(a, tr[0]), a, c, transform(b, tr[1]), pencilmarks(a), transform(pencilmarks(a), tr[1]), 'garbage', 'garbage'];

  it('exact: identical texts only', () => {
    const { kept, duplicateOf } = removeDuplicates(texts, 'exact');
    expect(kept).toEqual([0, 1, 2, 4, 5, 6, 7, 8]);
    expect([...duplicateOf]).toEqual([
      [3, 0],
      [9, 8],
    ]);
  });

  it('equivalent: symmetric images too, pointing at the first of each class', () => {
    const { kept, duplicateOf } = removeDuplicates(texts, 'equivalent');
    expect(kept).toEqual([0, 1, 4, 6, 8]);
    expect(new Map([...duplicateOf].sort((x, y) => x[0] - y[0]))).toEqual(
      new Map([
        [2, 0],
        [3, 0],
        [5, 1],
        [7, 6],
        [9, 8],
      ]),
    );
  });

  it('equivalent: finds shuffled symmetric copies in a larger list', () => {
    const originals = SEVENTEEN.slice(0, 300);
    const copies = fc.sample(fc.tuple(fc.integer({ min: 0, max: 299 }), symmetry), { numRuns: 300, seed: 9 });
    const list = [...originals, ...copies.map(([i, s]) => transform(originals[i], s))];
    const { kept, duplicateOf } = removeDuplicates(list, 'equivalent');
    expect(kept).toEqual(originals.map((_, i) => i));
    copies.forEach(([i], j) => expect(duplicateOf.get(300 + j)).toBe(i));
  });
});

describe('DuplicateFilter', () => {
  it('answers one text at a time as removeDuplicates does for the list', () => {
    const originals = SEVENTEEN.slice(0, 100);
    const copies = fc.sample(fc.tuple(fc.integer({ min: 0, max: 99 }), symmetry), { numRuns: 100, seed: 21 });
    const list = [...originals, ...copies.map(([i, s]) => transform(originals[i], s)), originals[5], 'garbage', 'garbage'];
    for (const mode of ['exact', 'equivalent'] as const) {
      const filter = new DuplicateFilter(mode);
      const { duplicateOf } = removeDuplicates(list, mode);
      list.forEach((text, i) => expect(filter.add(text), `${mode} ${i}`).toBe(duplicateOf.get(i)));
    }
  });

  it('finds an equivalent copy of a copy it did not keep', () => {
    const [a] = SEVENTEEN;
    const [s1, s2] = fc.sample(symmetry, { numRuns: 2, seed: 8 });
    const filter = new DuplicateFilter('equivalent');
    expect(filter.add(a)).toBeUndefined();
    expect(filter.add(transform(a, s1))).toBe(0);
    expect(filter.add(transform(a, s1))).toBe(0);
    expect(filter.add(transform(a, s2))).toBe(0);
  });
});

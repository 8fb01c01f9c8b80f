import * as fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalForm, equivalenceKey } from '../../server/src/engine/canonical';
import { solve, solveString } from '../../server/src/engine/core/solve';
import { Budget, BudgetExceeded } from '../../server/src/engine/core/budget';
import {
  enumerateUAs,
  minimality,
  multipleSolutions,
  patternCells,
  searchClues,
  searchPattern,
  splitByClues,
  uaSets,
  unhitUAs,
} from '../../server/src/engine/ua';
import { BAND_BITS, candidatesWithGivens, cellSetOf, differingCells } from '../../server/src/engine/ua/cells';
import { bitIndices, PartSieve } from '../../server/src/engine/ua/leafParts';
import { Bands12Check, bandFreeUAs, clueTasks, isMinimalUA, minimalInside, smallestDifference, splitRange, transposedSets, UAVectors, type ClueTaskShape } from '../../server/src/engine/ua/clueSearch';
import { LINE_MAP, transposeGrid } from '../../server/src/engine/ua/symmetry';
import { dataPath } from '../dataPath';

// ---------------------------------------------------------------------------
// Data and an independent checker (the solver on explicit candidate masks)
// ---------------------------------------------------------------------------

function readSol(file: string): { puzzle: string; count: number; solution: string }[] {
  return fs
    .readFileSync(dataPath('tdoku', 'solutions', file), 'utf8')
    .split('\n')
    .filter((l) => l.length > 81 && !l.startsWith('#'))
    .map((l) => {
      const [puzzle, count, solution] = l.split(':');
      return { puzzle, count: Number(count), solution };
    });
}

const SEVENTEEN = readSol('puzzles2_17_clue.sol');
const TOP1465 = readSol('puzzles3_magictour_top1465.sol');
const SERG = fs
  .readFileSync(dataPath('tdoku', 'puzzles7_serg_benchmark'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l.length >= 81 && !l.startsWith('#'))
  .map((l) => l.slice(0, 81));

const digits = (s: string): number[] => Array.from(s, (ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0));
const clueCount = (p: string): number => [...p].filter((ch) => ch >= '1' && ch <= '9').length;
const givenCells = (p: string): number[] => [...p].flatMap((ch, c) => (ch >= '1' && ch <= '9' ? [c] : []));

/** Solutions (capped) of the grid with every cell outside `open` given, `open` cells free. */
function countWithOpen(grid: number[], open: Iterable<number>, limit = 2): number {
  const set = new Set(open);
  const cands = new Uint16Array(81);
  for (let c = 0; c < 81; c++) cands[c] = set.has(c) ? 0x1ff : 1 << (grid[c] - 1);
  return solve(cands, { limit }).count;
}

/** True when another grid differs from `grid` exactly on `cells` (every other cell kept). */
function differsExactlyOn(grid: number[], cells: readonly number[], keep: Iterable<number> = []): boolean {
  const set = new Set(cells);
  const cands = new Uint16Array(81);
  for (let c = 0; c < 81; c++) cands[c] = set.has(c) ? 0x1ff & ~(1 << (grid[c] - 1)) : 1 << (grid[c] - 1);
  for (const c of keep) if (set.has(c)) return false;
  return solve(cands, { limit: 1 }).count === 1;
}

/** Removing `cells` from `puzzle` keeps a unique solution? */
function uniqueWithout(puzzle: string, cells: Iterable<number>): boolean {
  const p = [...puzzle];
  for (const c of cells) p[c] = '.';
  return solveString(p.join('')).count === 1;
}

// Grids with several 17-clue puzzles in the list (grouped by the solution string).
const BY_SOLUTION = new Map<string, string[]>();
for (const { puzzle, solution } of SEVENTEEN) {
  const list = BY_SOLUTION.get(solution) ?? [];
  list.push(puzzle);
  BY_SOLUTION.set(solution, list);
}
const SAMPLE_GRIDS = [0, 4000, 9000, 21000, 33000].map((i) => SEVENTEEN[i].solution);

// ---------------------------------------------------------------------------
// UA sets of a grid
// ---------------------------------------------------------------------------

describe('UA set enumeration', () => {
  it.each(SAMPLE_GRIDS.slice(0, 3))('every set of size <= 12 is unavoidable and minimal (%s)', (sol) => {
    const g = digits(sol);
    const sets = uaSets(sol);
    expect(sets.length).toBeGreaterThan(150);
    let previous = 0;
    for (const u of sets) {
      expect(u.length).toBeGreaterThanOrEqual(4);
      expect(u.length).toBeLessThanOrEqual(12);
      expect(u.length).toBeGreaterThanOrEqual(previous); // smallest first
      previous = u.length;
      // Unavoidable: with every other cell given, the digits inside can be permuted.
      expect(countWithOpen(g, u)).toBe(2);
      expect(differsExactlyOn(g, u)).toBe(true);
      // Minimal: giving any one of its cells too forces the grid (no proper subset is unavoidable).
      for (const x of u) expect(countWithOpen(g, u.filter((c) => c !== x))).toBe(1);
    }
    // No duplicates.
    expect(new Set(sets.map((u) => u.join(','))).size).toBe(sets.length);
  });

  it('finds every minimal UA set of size <= 8 that a brute force over digit subsets finds', () => {
    const g = digits(SAMPLE_GRIDS[3]);
    // Brute force: for each set D of 2..4 digits, every filling of D's cells (others given);
    // the cells that differ are UA sets; keep the minimal ones of size <= 8.
    const diffs: number[][] = [];
    for (let D = 1; D < 512; D++) {
      const k = [...Array(9).keys()].filter((d) => (D >> d) & 1).length;
      if (k < 2 || k > 4) continue;
      const cands = new Uint16Array(81);
      for (let c = 0; c < 81; c++) cands[c] = (D >> (g[c] - 1)) & 1 ? D : 1 << (g[c] - 1);
      for (const s of solve(cands, { limit: 1_000_000, nodeBudget: 1e9 }).solutions) {
        const diff = [...s.keys()].filter((c) => s[c] !== g[c]);
        if (diff.length > 0 && diff.length <= 8) diffs.push(diff);
      }
    }
    diffs.sort((a, b) => a.length - b.length);
    const minimal: number[][] = [];
    for (const d of diffs) {
      const ds = new Set(d);
      if (!minimal.some((m) => m.every((c) => ds.has(c)))) minimal.push(d);
    }
    const key = (l: number[][]): string[] => l.map((u) => u.join(',')).sort();
    expect(key(uaSets(g, { maxSize: 8 }))).toEqual(key(minimal));
  });

  it('lists the UA sets the clues miss (property: random clue sets)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SAMPLE_GRIDS), fc.uniqueArray(fc.integer({ min: 0, max: 80 }), { minLength: 10, maxLength: 30 }), (sol, clues) => {
        const g = digits(sol);
        const unhit = unhitUAs(sol, clues, { maxSize: 10 });
        const clueSet = new Set(clues);
        for (const u of unhit) {
          expect(u.some((c) => clueSet.has(c))).toBe(false);
          expect(differsExactlyOn(g, u)).toBe(true);
        }
        // They are exactly the unhit ones among the grid's UA sets of that size.
        const { unhit: fromAll } = splitByClues(uaSets(sol, { maxSize: 10 }), clues);
        expect(unhit.map((u) => u.join(',')).sort()).toEqual(fromAll.map((u) => u.join(',')).sort());
      }),
      { numRuns: 15 },
    );
  });

  it('throws BudgetExceeded when the budget is spent', () => {
    expect(() => enumerateUAs(digits(SAMPLE_GRIDS[0]), { maxSize: 18, budget: new Budget(0) })).toThrow(BudgetExceeded);
  });
});

// ---------------------------------------------------------------------------
// Minimality
// ---------------------------------------------------------------------------

describe('minimality', () => {
  it('finds every 17-clue puzzle minimal', () => {
    for (let i = 0; i < SEVENTEEN.length; i += 2500) {
      const r = minimality(SEVENTEEN[i].puzzle);
      expect(r).toMatchObject({ solutions: 1, minimal: true, redundant: [], largestRemovable: [] });
    }
  });

  it('finds added clues redundant, and exactly them removable together (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SEVENTEEN.length - 1 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 80 }), { minLength: 1, maxLength: 4 }),
        (i, extra) => {
          const { puzzle, solution } = SEVENTEEN[i];
          const p = [...puzzle];
          const added = extra.filter((c) => p[c] === '.');
          for (const c of added) p[c] = solution[c];
          const text = p.join('');
          const r = minimality(text);
          expect(r.solutions).toBe(1);
          expect(r.minimal).toBe(added.length === 0);
          for (const c of added) expect(r.redundant).toContain(c);
          // No puzzle has 16 clues: a largest removable set leaves 17 clues.
          expect(r.largestRemovable.length).toBe(added.length);
          expect(clueCount(r.minimalPuzzle)).toBe(17);
          expect(uniqueWithout(text, r.largestRemovable)).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('agrees with the solver clue by clue on denser puzzles', () => {
    for (const { puzzle } of TOP1465.filter((_, i) => i % 150 === 7)) {
      const r = minimality(puzzle);
      expect(r.solutions).toBe(1);
      const red = new Set(r.redundant);
      for (const c of givenCells(puzzle)) expect(uniqueWithout(puzzle, [c])).toBe(red.has(c));
      expect(r.minimal).toBe(red.size === 0);
      expect(r.largestRemovable.every((c) => red.has(c))).toBe(true);
      expect(uniqueWithout(puzzle, r.largestRemovable)).toBe(true);
      expect(minimality(r.minimalPuzzle).minimal).toBe(true);
    }
  });

  it('reports puzzles without a unique solution as such', () => {
    expect(minimality(SERG[0])).toMatchObject({ solutions: 2, minimal: false });
  });
});

// ---------------------------------------------------------------------------
// Several solutions
// ---------------------------------------------------------------------------

describe('puzzles with several solutions', () => {
  const sample = SERG.filter((_, i) => i % 100 === 3);

  it.each(sample.slice(0, 40))('%s: the smallest unhit UA sets are where another solution differs', (puzzle) => {
    const r = multipleSolutions(puzzle);
    expect(r.solutions).toBe(2);
    const g = digits(r.solution);
    expect(solveString(puzzle, { limit: 100 }).solutions.some((s) => s.join('') === r.solution)).toBe(true);
    const clues = givenCells(puzzle);
    expect(r.smallest.length).toBeGreaterThan(0);
    for (const u of r.smallest) {
      // Another solution of the puzzle differs from the first exactly there.
      expect(differsExactlyOn(g, u, clues)).toBe(true);
      expect(u.length).toBe(r.smallest[0].length);
    }
    for (const u of r.unhit) expect(differsExactlyOn(g, u, clues)).toBe(true);
    // The cells where the first two solutions differ hold an unhit UA set: no smaller than the smallest.
    expect(r.differing.length).toBeGreaterThanOrEqual(r.smallest[0].length);
    if (r.differing.length <= r.searchedSize) {
      const diff = new Set(r.differing);
      expect(r.unhit.some((u) => u.every((c) => diff.has(c)))).toBe(true);
    }
    // Clues that make it unique.
    for (const { cell, digit } of r.uniqueWith) {
      const p = [...puzzle];
      p[cell] = String(digit);
      expect(solveString(p.join('')).count).toBe(1);
    }
    const p = [...puzzle];
    for (const { cell, digit } of r.makeUnique) p[cell] = String(digit);
    expect(solveString(p.join('')).count).toBe(1);
    // The best clue hits the most unhit sets.
    const hits = (cell: number): number => r.unhit.filter((u) => u.includes(cell)).length;
    expect(hits(r.bestClues[0].cell)).toBe(Math.max(...r.unhit.flat().map(hits)));
  });

  it('leaves unique puzzles alone', () => {
    expect(multipleSolutions(SEVENTEEN[5].puzzle)).toMatchObject({ solutions: 1, smallest: [] });
  });
});

// ---------------------------------------------------------------------------
// Pattern search
// ---------------------------------------------------------------------------

describe('pattern search', () => {
  const pattern = (p: string): string => [...p].map((ch) => (ch >= '1' && ch <= '9' ? 'x' : '.')).join('');
  const with24 = TOP1465.filter((x) => clueCount(x.puzzle) === 24);
  const with21 = TOP1465.filter((x) => clueCount(x.puzzle) === 21);

  it.each([with24[0], with24[3], with21[0]])('finds the puzzle again in its own grid ($puzzle)', ({ puzzle, solution }) => {
    const progress: number[] = [];
    const r = searchPattern(pattern(puzzle), solution, { onProgress: (done, total) => progress.push(done / total) });
    expect(r.puzzles).toContain(puzzle);
    expect(r.complete).toBe(true);
    expect(progress.at(-1)).toBe(1);
    const cells = patternCells(pattern(puzzle)).join(',');
    for (const p of r.puzzles) {
      expect(givenCells(p).join(',')).toBe(cells);
      expect(solveString(p).count).toBe(1);
    }
  });

  it('finds what a brute force over all 3.4 million row/column maps finds', () => {
    const { puzzle, solution } = with24[2];
    const pat = pattern(puzzle);
    const got = searchPattern(pat, solution).puzzles.sort();
    // Brute force: every row map x column map (x transposition), the solver deciding; UA sets
    // of size <= 10 (checked unavoidable above) only skip maps whose image misses one.
    const brute = new Set<string>();
    const cells = patternCells(pat);
    for (const transposed of [false, true]) {
      const s0 = digits(solution);
      const g = transposed ? s0.map((_, c) => s0[9 * (c % 9) + ((c / 9) | 0)]) : s0;
      // UA sets as three 27-bit words, like the image of the pattern.
      const small = uaSets(g, { maxSize: 10 }).map((u) => {
        const w = [0, 0, 0];
        for (const c of u) w[(c / 27) | 0] |= 1 << c % 27;
        return w;
      });
      const img = new Array<number>(cells.length);
      for (let rm = 0; rm < 1296; rm++) {
        for (let cm = 0; cm < 1296; cm++) {
          let w0 = 0;
          let w1 = 0;
          let w2 = 0;
          for (let j = 0; j < cells.length; j++) {
            const c = cells[j];
            const t = 9 * LINE_MAP[9 * rm + ((c / 9) | 0)] + LINE_MAP[9 * cm + (c % 9)];
            img[j] = t;
            if (t < 27) w0 |= 1 << t;
            else if (t < 54) w1 |= 1 << (t - 27);
            else w2 |= 1 << (t - 54);
          }
          if (small.some((u) => ((u[0] & w0) | (u[1] & w1) | (u[2] & w2)) === 0)) continue;
          const p = new Array<string>(81).fill('.');
          for (let j = 0; j < cells.length; j++) p[cells[j]] = String(g[img[j]]);
          const text = p.join('');
          if (!brute.has(text) && solveString(text).count === 1) brute.add(text);
        }
      }
    }
    expect(got).toEqual([...brute].sort());
  });

  it('searches a list of grids', () => {
    const { puzzle, solution } = with21[1];
    const r = searchPattern(pattern(puzzle), [with21[2].solution, solution]);
    expect(r.perGrid.map((x) => x.grid)).toEqual([with21[2].solution, solution]);
    expect(r.puzzles).toContain(puzzle);
    expect(r.perGrid[1].puzzles).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------
// 17-clue search
// ---------------------------------------------------------------------------

describe('17-clue search: its tasks', () => {
  /**
   * Whether `task` searches a puzzle whose clues per box are `boxes` (boxes[3 * band + stack]):
   * its grid's bands are the input's stacks when transposed; band 3 holds k, the other two
   * (in order) at most cap1 and cap2, every stack at most stackCap.
   */
  const owns = (task: ClueTaskShape, boxes: number[]): boolean => {
    const at = (b: number, s: number): number => (task.transposed ? boxes[3 * s + b] : boxes[3 * b + s]);
    const band = (b: number): number => at(b, 0) + at(b, 1) + at(b, 2);
    const stack = (s: number): number => at(0, s) + at(1, s) + at(2, s);
    const lower = [0, 1, 2].filter((b) => b !== task.t3);
    return (
      band(task.t3) === task.k &&
      band(lower[0]) <= task.cap1 &&
      band(lower[1]) <= task.cap2 &&
      [0, 1, 2].every((s) => stack(s) <= task.stackCap)
    );
  };

  it('give every puzzle to exactly one task, whatever its clues per band and stack', () => {
    // Clues per box, 0..9 each: every way the clues of a puzzle of 8 to 40 clues can fall.
    const layout = fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 })
      .map((boxes) => ({ n: boxes.reduce((a, b) => a + b, 0), boxes }))
      .filter(({ n }) => n >= 8 && n <= 40);
    fc.assert(
      fc.property(layout, ({ n, boxes }) => {
        expect(clueTasks(n).filter((t) => owns(t, boxes))).toHaveLength(1);
      }),
      { numRuns: 3000 },
    );
  });

  it('do not cap the stacks of a puzzle with a band over m clues (pass A)', () => {
    // 17 clues: a band of 7 and a stack of 10 (boxes by band, then stack).
    const boxes = [5, 1, 1, 5, 0, 0, 0, 5, 0];
    const tasks = clueTasks(17).filter((t) => owns(t, boxes));
    expect(tasks).toEqual([expect.objectContaining({ transposed: false, t3: 0, k: 7 })]);
    // From 28 clues on, some stack holds 10 or more in every puzzle.
    expect(clueTasks(28).filter((t) => owns(t, [9, 1, 0, 9, 0, 0, 9, 0, 0]))).toHaveLength(1);
  });

  it("split bands 1+2 exactly where both bands hold their caps and their inner sets' fewest clues", () => {
    // A task is skipped when the range is empty, so a split left out of it loses its puzzles.
    const args = fc.tuple(...Array.from({ length: 5 }, () => fc.integer({ min: 0, max: 29 })));
    fc.assert(
      fc.property(args, ([target, cap1, cap2, fewest1, fewest2]) => {
        const [from, to] = splitRange(target, cap1, cap2, fewest1, fewest2);
        const range = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
        const written = Array.from({ length: target + 1 }, (_, x) => x).filter((x) => x <= cap1 && target - x <= cap2 && x >= fewest1 && target - x >= fewest2);
        expect(range).toEqual(written);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('17-clue search: the UA sets up front', () => {
  it("are the transposed grid's when the input grid's are transposed", () => {
    const setsOf = (l: { count: number; cells(i: number): number[] }): string[] => Array.from({ length: l.count }, (_, i) => l.cells(i).join(' ')).sort();
    for (const i of [0, 1000, 20000]) {
      const g = Uint8Array.from(SEVENTEEN[i].solution, Number);
      expect(setsOf(transposedSets(bandFreeUAs(g, 12)))).toEqual(setsOf(bandFreeUAs(transposeGrid(g), 12)));
    }
  });
});

describe("17-clue search: an XY leaf's check", () => {
  it('answers as the solver on band 3 and the clues given, check after check on one state (property)', () => {
    // Clue sets of bands 1+2 as a task meets them one after another, from few clues (several
    // solutions) to many (often one): each answer must not depend on the checks before it.
    const clueSet = fc.uniqueArray(fc.integer({ min: 0, max: 53 }), { minLength: 4, maxLength: 14 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SEVENTEEN.length - 1 }), fc.array(clueSet, { minLength: 1, maxLength: 8 }), (i, sets) => {
        const g = Uint8Array.from(SEVENTEEN[i].solution, Number);
        const check = new Bands12Check(g);
        for (const cells of sets) {
          const [x0, x1] = cellSetOf(cells);
          const expected = solve(candidatesWithGivens(g, x0, x1, BAND_BITS), { limit: 2 });
          const r = check.solve(Int32Array.from(cells), cells.length);
          expect([r.count, r.complete, r.solutions.map((s) => s.join(''))]).toEqual([expected.count, expected.complete, expected.solutions.map((s) => s.join(''))]);
        }
      }),
    );
  });
});

describe("17-clue search: an XY leaf's band-3 parts", () => {
  it('are read from the sets the leaf misses, every bit of the vector once, in order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 12 }), (words) => {
        const v = Int32Array.from(words);
        const out = new Int32Array(32 * v.length);
        const n = bitIndices(v, v.length, out);
        const expected = words.flatMap((w, i) => Array.from({ length: 32 }, (_, b) => 32 * i + b).filter((j) => ((w >>> (j % 32)) & 1) === 1));
        expect([...out.subarray(0, n)]).toEqual(expected);
      }),
    );
  });

  it('are the distinct parts of the sets missed that hold no other, smallest first (property)', () => {
    // Band-3 parts as a leaf meets them: a mini-row's pair or triplet (often), single cells,
    // small sets, a pair with cells added, and repeats; the rest of each set does not matter.
    const miniRow = fc.integer({ min: 0, max: 8 }).map((r) => 9 * Math.floor(r / 3) + 3 * (r % 3));
    const pair = fc.tuple(miniRow, fc.constantFrom(3, 5, 6, 7)).map(([at, bits]) => bits << at);
    const cells = fc.array(fc.integer({ min: 0, max: 26 }), { minLength: 1, maxLength: 7 }).map((cs) => cs.reduce((w, c) => w | (1 << c), 0));
    const part = fc.oneof(pair, pair, cells, fc.tuple(pair, cells).map(([a, b]) => a | b));
    const leaf = fc.record({ parts: fc.array(part, { minLength: 1, maxLength: 150 }), repeats: fc.array(fc.nat(), { maxLength: 20 }), miss: fc.array(fc.boolean(), { minLength: 170, maxLength: 170 }) });
    const popcount = (w: number): number => w.toString(2).replace(/0/g, '').length;
    const sieve = new PartSieve();
    fc.assert(
      fc.property(leaf, ({ parts, repeats, miss }) => {
        const all = [...parts, ...repeats.map((r) => parts[r % parts.length])];
        const three = new UAVectors();
        for (const p of all) three.add(1, 0, p);
        const missed = all.map((_, i) => i).filter((i) => miss[i]);
        const codes = new Int32Array(9);
        for (const i of missed) if (three.mini[i] >= 0) codes[three.mini[i] >> 2] |= 1 << (three.mini[i] & 3);
        const out = new Int32Array(missed.length);
        const n = sieve.minimal(three, Int32Array.from(missed), missed.length, codes, out);
        // By definition: the parts missed with no other part missed strictly inside, once each,
        // by size, then by their first set.
        const partOf = missed.map((i) => all[i]);
        const expected = [...new Set(partOf.filter((p) => !partOf.some((q) => q !== p && (q & ~p) === 0)))].sort(
          (a, b) => popcount(a) - popcount(b) || partOf.indexOf(a) - partOf.indexOf(b),
        );
        expect([...out.subarray(0, n)]).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});

describe('17-clue search: learning', () => {
  /** `clues` cells of grid g given, drawn by a small LCG from the seed; the others open. */
  const drawnGivens = (g: Uint8Array, clues: number, seed: number): Uint16Array => {
    const cands = new Uint16Array(81).fill(0x1ff);
    let x = seed >>> 0;
    for (let given = 0; given < clues; ) {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      const c = x % 81;
      if (cands[c] !== 0x1ff) continue;
      cands[c] = 1 << (g[c] - 1);
      given++;
    }
    return cands;
  };

  it('tells a difference set minimal exactly when no smaller UA set lies inside it, else finds one (property)', () => {
    const seen = { minimal: 0, not: 0 };
    const puzzle = fc.record({ grid: fc.integer({ min: 0, max: 199 }), clues: fc.integer({ min: 18, max: 40 }), seed: fc.integer() });
    fc.assert(
      fc.property(puzzle, ({ grid, clues, seed }) => {
        const g = Uint8Array.from(SEVENTEEN[grid * 97].solution, Number);
        const cands = drawnGivens(g, clues, seed);
        const other = solve(cands, { limit: 2 }).solutions.find((s) => s.some((v, c) => v !== g[c]));
        if (!other) return;
        const [d0, d1, d2] = differingCells(g, other);
        const size = [d0, d1, d2].reduce((n, w) => n + w.toString(2).replace(/0/g, '').length, 0);
        if (size > 24) return;
        const inside = enumerateUAs(g, { maxSize: size, fixedWords: [0x7ffffff & ~d0, 0x7ffffff & ~d1, 0x7ffffff & ~d2] });
        const minimal = inside.count === 1 && inside.size(0) === size;
        // Read off every solution of the cells outside it, and (a limit of 1) cell by cell.
        expect(isMinimalUA(g, d0, d1, d2)).toBe(minimal);
        expect(isMinimalUA(g, d0, d1, d2, 1)).toBe(minimal);
        // The smallest difference inside it: itself when minimal, else a smaller UA set inside it.
        const smallest = smallestDifference(g, [d0, d1, d2]);
        if (smallest) {
          const [s0, s1, s2] = smallest;
          expect([s0 & ~d0, s1 & ~d1, s2 & ~d2]).toEqual([0, 0, 0]);
          expect(s0 === d0 && s1 === d1 && s2 === d2).toBe(minimal);
          const outside = Uint16Array.from(g, (v, c) => ((c < 27 ? s0 : c < 54 ? s1 : s2) >> c % 27) & 1 ? 0x1ff : 1 << (v - 1));
          expect(solve(outside, { limit: 2 }).count).toBe(2);
        }
        seen[minimal ? 'minimal' : 'not']++;
      }),
      { numRuns: 300 },
    );
    // Both answers were checked.
    expect(seen.minimal).toBeGreaterThan(20);
    expect(seen.not).toBeGreaterThan(20);
  });

  it('learns from a difference UA sets inside it, minimal ones where every solution outside it is listed (property)', () => {
    const seen = { smaller: 0, large: 0, small: 0 };
    const puzzle = fc.record({ grid: fc.integer({ min: 0, max: 199 }), clues: fc.integer({ min: 14, max: 36 }), seed: fc.integer() });
    /** The cells of the grid outside `open` given (a set of cells as three band words). */
    const outside = (g: Uint8Array, w: readonly number[], extra = -1): Uint16Array =>
      Uint16Array.from(g, (v, c) => (c !== extra && (w[(c / 27) | 0] >> c % 27) & 1 ? 0x1ff : 1 << (v - 1)));
    fc.assert(
      fc.property(puzzle, ({ grid, clues, seed }) => {
        const g = Uint8Array.from(SEVENTEEN[grid * 97].solution, Number);
        const cands = drawnGivens(g, clues, seed);
        const other = solve(cands, { limit: 2 }).solutions.find((s) => s.some((v, c) => v !== g[c]));
        if (!other) return;
        const d = differingCells(g, other);
        const size = d.reduce((n, w) => n + w.toString(2).replace(/0/g, '').length, 0);
        const listed = smallestDifference(g, d) !== undefined;
        const sets = minimalInside(g, d);
        expect(sets.count).toBeGreaterThan(0);
        for (let i = 0; i < sets.count; i++) {
          const u = [sets.words[3 * i], sets.words[3 * i + 1], sets.words[3 * i + 2]];
          expect([u[0] & ~d[0], u[1] & ~d[1], u[2] & ~d[2]]).toEqual([0, 0, 0]);
          // A UA set: the cells outside it given leave another solution.
          expect(solve(outside(g, u), { limit: 2 }).count).toBe(2);
          if (!listed && size > 20) continue;
          // Minimal, by the definition: any one of its cells given too leaves one solution.
          for (const c of sets.cells(i)) expect(solve(outside(g, u, c), { limit: 2 }).count, `cell ${c}`).toBe(1);
          if (size > 20 && sets.size(i) < size) seen.smaller++;
        }
        seen[size > 20 ? 'large' : 'small']++;
      }),
      { numRuns: 200 },
    );
    // Large differences made smaller and small ones were both checked.
    expect(seen.smaller).toBeGreaterThan(10);
    expect(seen.small).toBeGreaterThan(10);
  });

  it('tells a minimal UA set with one cell more not minimal, whichever cell, cell by cell too', () => {
    // Only the added cell shows the larger set is not minimal, so a cell the check skips shows.
    const g = Uint8Array.from(SEVENTEEN[0].solution, Number);
    const sets = enumerateUAs(g, { maxSize: 8 });
    for (const i of [0, sets.count - 1]) {
      const cells = sets.cells(i);
      expect(isMinimalUA(g, ...cellSetOf(cells), 1)).toBe(true);
      for (let x = 0; x < 81; x++) {
        if (cells.includes(x)) continue;
        expect(isMinimalUA(g, ...cellSetOf([...cells, x]), 1), `set ${i} and r${((x / 9) | 0) + 1}c${(x % 9) + 1}`).toBe(false);
      }
    }
  });
});

describe('17-clue search', () => {
  // Every puzzle of the (complete) list, up to equivalence: invariant key -> puzzles.
  let byKey: Map<string, string[]> | null = null;
  const inList = (p: string): boolean => {
    if (!byKey) {
      byKey = new Map();
      for (const { puzzle } of SEVENTEEN) {
        const k = equivalenceKey(puzzle);
        byKey.set(k, [...(byKey.get(k) ?? []), puzzle]);
      }
    }
    const cf = canonicalForm(p);
    return (byKey.get(equivalenceKey(p)) ?? []).some((q) => canonicalForm(q) === cf);
  };

  // Two grids with 8 puzzles each in the list (the two fastest such grids here).
  const grids = [...BY_SOLUTION.entries()].filter(([, ps]) => ps.length === 8).map(([s]) => s);

  // Each grid searched once, its result shared by the tests below.
  const searched = new Map<string, ReturnType<typeof searchClues>>();
  const search = (solution: string): ReturnType<typeof searchClues> => {
    if (!searched.has(solution)) searched.set(solution, searchClues(solution));
    return searched.get(solution)!;
  };

  it.each(grids.slice(0, 2))('finds every listed 17 of grid %s, and only true 17s', (solution) => {
    const listed = BY_SOLUTION.get(solution)!;
    const r = search(solution);
    for (const p of listed) expect(r.puzzles).toContain(p);
    for (const p of r.puzzles) {
      expect(clueCount(p)).toBe(17);
      const s = solveString(p);
      expect(s.count).toBe(1);
      expect(s.solutions[0].join('')).toBe(solution);
      // The list holds one puzzle per equivalence class (in some grid equivalent to this one).
      expect(inList(p)).toBe(true);
    }
    console.log(`17-search ${solution}: ${r.puzzles.length} puzzles (${listed.length} listed under this grid), ${(r.stats.ms / 1000).toFixed(1)} s`);
  });

  it('finds the 17s whose bands hold at most 6 clues and a stack 7 (pass A\', its stacks capped at 6: not 5)', () => {
    // In the list up to equivalence; here bands 6-6-5 and stacks 7-5-5: only pass A' (a stack
    // over 6, no band over 6) finds them.
    const onlyAPrime = [
      '................12.93.45........64...1.......62.7........2....6..4...5...8.......',
      '.7..............12..3.45........64...1.......62.7........2....6..4...5...8.......',
    ];
    const r = search(grids[0]);
    for (const p of onlyAPrime) {
      expect(solveString(p).solutions[0].join('')).toBe(grids[0]);
      expect(inList(p)).toBe(true);
      expect(r.puzzles).toContain(p);
    }
  });

  it('stops on its budget', () => {
    expect(() => searchClues(grids[0], { budget: new Budget(50) })).toThrow(BudgetExceeded);
  });
});

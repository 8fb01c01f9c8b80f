/**
 * The solver's two cores, TypeScript and WebAssembly (core/wasm/solverCore.ts, compiled here as the
 * build compiles it), give the same answers: solution counts, solutions in the same order, the same
 * guess counts and the same budget stops, on real puzzles and on the inconsistent ones.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileSolverWasm } from '../../scripts/solverWasm.mjs';
import { setSolverCore, solve, solverCore, type SolveOptions, type SolveResult } from '../../server/src/engine/core/solve';
import { seededRandom } from '../../server/src/engine/symmetry';
import { dataLines } from '../dataPath';

const ALL = 0x1ff;

/** Every `stride`-th line, at most `most` of them. */
function every(lines: string[], stride: number, most: number): string[] {
  return lines.filter((_, i) => i % stride === 0).slice(0, most);
}

/** Candidate masks of an 81-char givens string or a 729-char pencilmark string. */
function candidatesOf(puzzle: string): Uint16Array {
  const cands = new Uint16Array(81);
  for (let c = 0; c < 81; c++) {
    if (puzzle.length >= 729) {
      for (let k = 0; k < 9; k++) if (puzzle[9 * c + k] === String(k + 1)) cands[c] |= 1 << k;
    } else {
      const ch = puzzle[c];
      cands[c] = ch >= '1' && ch <= '9' ? 1 << (Number(ch) - 1) : ALL;
    }
  }
  return cands;
}

/** A result as plain data: solutions as digit strings. */
function plain(r: SolveResult): { count: number; complete: boolean; nodes: number; solutions: string[] } {
  return { count: r.count, complete: r.complete, nodes: r.nodes, solutions: r.solutions.map((s) => s.join('')) };
}

/** Solves with each core (options made afresh for each: a random source is consumed) and checks they agree. */
function expectSameAnswers(cands: Uint16Array, options: () => SolveOptions, what: string): void {
  setSolverCore('ts');
  const ts = plain(solve(cands, options()));
  expect(setSolverCore('wasm')).toBe('wasm');
  const wasm = plain(solve(cands, options()));
  expect(wasm, what).toEqual(ts);
}

let bytes: Uint8Array;

beforeAll(async () => {
  bytes = await compileSolverWasm();
  expect(setSolverCore('wasm', bytes)).toBe('wasm');
}, 60_000);

describe('the WebAssembly core answers as the TypeScript core', () => {
  const uniqueness = (): SolveOptions => ({ limit: 2 });

  it.each([
    ['puzzles3_magictour_top1465', 5, 300],
    ['puzzles5_forum_hardest_1905_11+', 160, 300],
    ['puzzles2_17_clue', 160, 300],
    ['puzzles7_serg_benchmark', 50, 200],
  ])('tdoku %s: every %ith puzzle (at most %i), limit 2', (set, stride, most) => {
    for (const line of every(dataLines('tdoku', set), stride, most)) expectSameAnswers(candidatesOf(line), uniqueness, line);
  });

  it('tdoku test_puzzles: exact counts with a high limit', () => {
    for (const line of dataLines('tdoku-tests', 'test_puzzles')) expectSameAnswers(candidatesOf(line.split(':')[0]), () => ({ limit: 1000 }), line);
  });

  it('pencilmark grids (bivalue-cell guesses): 86_clue and gurobi_hard', () => {
    for (const line of every(dataLines('pencilmark-t-dillon', '86_clue_first5000.txt'), 25, 200)) expectSameAnswers(candidatesOf(line), uniqueness, line);
    for (const line of dataLines('pencilmark-t-dillon', 'gurobi_hard.txt').slice(0, 3)) expectSameAnswers(candidatesOf(line), uniqueness, line);
  });

  it('rust-sudoku-bench invalid puzzles and inconsistent candidate states', () => {
    const cases = dataLines('rust-sudoku-bench', 'invalid_sudokus.txt').map((l) => candidatesOf(l.slice(0, 81)));
    cases.push(candidatesOf('11' + '.'.repeat(79)), candidatesOf('1' + '.'.repeat(9) + '1' + '.'.repeat(70)));
    const noCandidate = new Uint16Array(81).fill(ALL);
    noCandidate[40] = 0;
    cases.push(noCandidate);
    const noPlaceInColumn = new Uint16Array(81).fill(ALL);
    for (let r = 0; r < 9; r++) noPlaceInColumn[9 * r] &= ~(1 << 4);
    cases.push(noPlaceInColumn);
    for (const c of cases) expectSameAnswers(c, () => ({ limit: 1000 }), Array.from(c).join(','));
  });

  it('many solutions: the empty grid and a few givens, up to the limit', () => {
    for (const limit of [1, 2, 50]) expectSameAnswers(new Uint16Array(81).fill(ALL), () => ({ limit }), `empty grid, limit ${limit}`);
    expectSameAnswers(candidatesOf('123456789'), () => ({ limit: 20 }), 'one row given');
  });

  it('the node budget stops both at the same guess', () => {
    expectSameAnswers(new Uint16Array(81).fill(ALL), () => ({ limit: 1e9, nodeBudget: 50 }), 'empty grid, budget 50');
    expectSameAnswers(new Uint16Array(81).fill(ALL), () => ({ nodeBudget: 0 }), 'empty grid, budget 0');
    for (const line of dataLines('tdoku', 'puzzles5_forum_hardest_1905_11+').slice(0, 20))
      for (const nodeBudget of [1, 7, 30]) expectSameAnswers(candidatesOf(line), () => ({ nodeBudget }), `${line}, budget ${nodeBudget}`);
    setSolverCore('wasm');
    expect(solve(new Uint16Array(81).fill(ALL), { limit: 1e9, nodeBudget: 50 })).toMatchObject({ complete: false, nodes: 50 });
  });

  it("random solutions (the generator's grids): the same draws give the same grids", () => {
    for (let seed = 1; seed <= 30; seed++) {
      expectSameAnswers(new Uint16Array(81).fill(ALL), () => ({ limit: 1, random: seededRandom(seed) }), `empty grid, seed ${seed}`);
      expectSameAnswers(candidatesOf('1.......2.3.....4'), () => ({ limit: 3, random: seededRandom(seed) }), `a few givens, seed ${seed}`);
    }
  });
});

describe('which core solve() runs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** A fresh copy of the solver module, as a host loads it. */
  const freshSolver = () => import('../../server/src/engine/core/solve');

  it('the WebAssembly core the build embeds (SOLVER_WASM_BASE64) is the default', async () => {
    vi.resetModules();
    vi.stubGlobal('SOLVER_WASM_BASE64', Buffer.from(bytes).toString('base64'));
    const fresh = await freshSolver();
    expect(fresh.solverCore()).toBe('wasm');
    expect(fresh.setSolverCore('ts')).toBe('ts');
  });

  it('falls back to the TypeScript core when none is embedded, it does not load, or the host has no WebAssembly', async () => {
    for (const embedded of [undefined, Buffer.from('not a wasm module').toString('base64')]) {
      vi.resetModules();
      if (embedded !== undefined) vi.stubGlobal('SOLVER_WASM_BASE64', embedded);
      const fresh = await freshSolver();
      expect(fresh.setSolverCore('wasm')).toBe('ts');
      const r = fresh.solve(candidatesOf(dataLines('tdoku', 'puzzles3_magictour_top1465')[0]));
      expect(r.count).toBe(1);
    }
    // A host without WebAssembly at all.
    vi.resetModules();
    vi.stubGlobal('SOLVER_WASM_BASE64', Buffer.from(bytes).toString('base64'));
    vi.stubGlobal('WebAssembly', undefined);
    const fresh = await freshSolver();
    expect(fresh.solverCore()).toBe('ts');
    expect(fresh.solve(candidatesOf(dataLines('tdoku', 'puzzles3_magictour_top1465')[0])).count).toBe(1);
    vi.unstubAllGlobals();
    expect(solverCore()).toBe('wasm'); // the module under test above is untouched
  });
});

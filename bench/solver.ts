/**
 * Solver benchmark: CPU time per puzzle of the exact solver (counting up to 2
 * solutions, i.e. a uniqueness check) on the tdoku benchmark sets and two
 * pencilmark sets, with every result checked against the derived .sol files.
 *
 * Data: <repo>/../shared/data (override with SUDOKU_LENS_DATA).
 * Options: --limit N   use only the first N puzzles of each set;
 *          --repeat N  time at least N passes and report the fastest (default 1);
 *          --sets A,B  only the sets whose label contains one of these words (e.g. 17_clue,top1465);
 *          --core ts|wasm  the solver core (default wasm, the WebAssembly one, as the engine's default).
 * Each set gets a warm-up pass first (bounded to WARMUP_MS), then the timed
 * pass(es): sets that take less than MIN_TIMED_US are timed again, and the
 * best pass is reported (less noise on a busy machine). Parsing and checking
 * the answers are not timed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { setSolverCore, solve, type SolverCore } from '../server/src/engine/core/solve';
import { dataDir, option } from './common';

export const name = 'solver';

interface PuzzleSet {
  label: string;
  /** Puzzle file, relative to the data dir. */
  puzzles: string;
  /** Answer file ("puzzle:count:solution" lines), relative to the data dir. */
  answers: string;
}

const SETS: PuzzleSet[] = [
  ...[
    'puzzles2_17_clue',
    'puzzles3_magictour_top1465',
    'puzzles5_forum_hardest_1905_11+',
    'puzzles6_forum_hardest_1106',
    'puzzles7_serg_benchmark',
  ].map((f) => ({ label: f, puzzles: `tdoku/${f}`, answers: `tdoku/solutions/${f}.sol` })),
  ...['86_clue_first5000', 'gurobi_hard'].map((f) => ({
    label: `pencilmark ${f}`,
    puzzles: `pencilmark-t-dillon/${f}.txt`,
    answers: `pencilmark-t-dillon/${f}.sol`,
  })),
];

/** Warm-up pass: the whole set, but stop after this much wall time (gurobi_hard takes ~10 s). */
const WARMUP_MS = 1500;
/** Short sets are timed again (best pass reported) until this much CPU time, at most MAX_PASSES passes. */
const MIN_TIMED_US = 300_000;
const MAX_PASSES = 20;


/** 81-char givens or 729-char pencilmarks -> candidate masks. */
function parsePuzzle(line: string): Uint16Array {
  const cands = new Uint16Array(81);
  if (line.length === 729) {
    for (let c = 0; c < 81; c++) {
      let m = 0;
      for (let k = 0; k < 9; k++) if (line.charCodeAt(9 * c + k) === 49 + k) m |= 1 << k;
      cands[c] = m;
    }
  } else if (line.length === 81) {
    for (let c = 0; c < 81; c++) {
      const ch = line.charCodeAt(c);
      cands[c] = ch >= 49 && ch <= 57 ? 1 << (ch - 49) : 0x1ff;
    }
  } else {
    throw new Error(`bad puzzle line (length ${line.length}): ${line.slice(0, 90)}`);
  }
  return cands;
}

function readLines(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

const solutionString = (s: Uint8Array): string => Array.from(s, (d) => String(d)).join('');

interface Row {
  set: string;
  puzzles: number;
  usPerPuzzle: number;
  nodesPerPuzzle: number;
  mismatches: number;
}

function runSet(set: PuzzleSet, root: string, limit: number, repeat: number): Row {
  let lines = readLines(path.join(root, set.puzzles));
  let answers = readLines(path.join(root, set.answers));
  if (lines.length !== answers.length) {
    throw new Error(`${set.puzzles}: ${lines.length} puzzles but ${answers.length} answers`);
  }
  lines = lines.slice(0, limit);
  answers = answers.slice(0, limit);
  const puzzles = lines.map(parsePuzzle);
  const expected = answers.map((a, i) => {
    const [p, count, sol] = a.split(':');
    if (p !== lines[i]) throw new Error(`${set.answers} line ${i + 1} is not the answer of puzzle ${i + 1}`);
    return { count: Number(count), solution: sol ?? '' };
  });
  const n = puzzles.length;
  const opts = { limit: 2, nodeBudget: Number.MAX_SAFE_INTEGER };

  const warmEnd = performance.now() + WARMUP_MS;
  for (let i = 0; i < n && performance.now() < warmEnd; i++) solve(puzzles[i], opts);

  // Results are kept in flat typed arrays so that timing does not pay for
  // keeping tens of thousands of result objects alive.
  const counts = new Int32Array(n);
  const complete = new Uint8Array(n);
  const firstSolutions = new Uint8Array(81 * n);
  let nodes = 0;
  let bestUs = Infinity;
  let totalUs = 0;
  for (let pass = 0; pass < repeat || (totalUs < MIN_TIMED_US && pass < MAX_PASSES); pass++) {
    nodes = 0;
    const t0 = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const r = solve(puzzles[i], opts);
      counts[i] = r.count;
      complete[i] = r.complete ? 1 : 0;
      nodes += r.nodes;
      if (r.count > 0) firstSolutions.set(r.solutions[0], 81 * i);
    }
    const t = process.cpuUsage(t0);
    bestUs = Math.min(bestUs, t.user + t.system);
    totalUs += t.user + t.system;
  }

  let mismatches = 0;
  for (let i = 0; i < n; i++) {
    const e = expected[i];
    const ok =
      complete[i] === 1 &&
      counts[i] === Math.min(e.count, 2) &&
      (counts[i] !== 1 || solutionString(firstSolutions.subarray(81 * i, 81 * i + 81)) === e.solution);
    if (!ok) {
      if (mismatches < 5) {
        const what =
          counts[i] === Math.min(e.count, 2) && complete[i] === 1
            ? 'solution differs'
            : `got count ${counts[i]}${complete[i] ? '' : ' (incomplete)'}, expected ${e.count}`;
        console.error(`  mismatch in ${set.label} #${i + 1}: ${what}`);
      }
      mismatches++;
    }
  }
  return {
    set: set.label,
    puzzles: puzzles.length,
    usPerPuzzle: bestUs / Math.max(1, n),
    nodesPerPuzzle: nodes / Math.max(1, n),
    mismatches,
  };
}

export async function run(): Promise<void> {
  const root = dataDir();
  const limitArg = option('--limit');
  const limit = limitArg === undefined ? Infinity : Number(limitArg);
  if (!(limit > 0)) throw new Error(`--limit expects a positive number, got ${limitArg}`);
  const repeat = Math.max(1, Math.floor(Number(option('--repeat') ?? 1)) || 1);
  const words = option('--sets')?.split(',').filter((w) => w !== '');
  const sets = words ? SETS.filter((s) => words.some((w) => s.label.includes(w))) : SETS;
  if (sets.length === 0) throw new Error(`--sets ${option('--sets')} matches no set: ${SETS.map((s) => s.label).join(', ')}`);
  const coreArg = option('--core') ?? 'wasm';
  if (coreArg !== 'ts' && coreArg !== 'wasm') {
    console.error(`solver bench: --core expects ts or wasm, got ${coreArg}`);
    process.exitCode = 2;
    return;
  }
  const core = setSolverCore(coreArg as SolverCore);
  if (core !== coreArg) {
    console.error('solver bench: --core wasm: the WebAssembly core did not load here (is this the built dist/bench.js?)');
    process.exitCode = 1;
    return;
  }
  if (!fs.existsSync(root)) {
    console.error(`solver bench: data directory not found: ${root} (set SUDOKU_LENS_DATA)`);
    process.exitCode = 1;
    return;
  }

  console.log(`solver benchmark (${core} core; limit 2 = uniqueness check; CPU time = user + system; data ${root})`);
  const header = ['set', 'puzzles', 'CPU µs/puzzle', 'guesses/puzzle', 'mismatches'];
  const widths = [36, 8, 14, 15, 11];
  const fmt = (cells: string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(fmt(header));
  let failed = false;
  for (const set of sets) {
    let cells: string[];
    try {
      const r = runSet(set, root, limit, repeat);
      cells = [
        r.set,
        String(r.puzzles),
        r.usPerPuzzle.toFixed(1),
        r.nodesPerPuzzle.toFixed(1),
        String(r.mismatches),
      ];
      if (r.mismatches > 0) failed = true;
    } catch (err) {
      cells = [set.label, '-', '-', '-', `ERROR: ${(err as Error).message}`];
      failed = true;
    }
    console.log(fmt(cells));
  }
  if (failed) {
    console.error('solver bench: FAILED (mismatches or errors above)');
    process.exitCode = 1;
  }
}

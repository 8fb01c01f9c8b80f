/**
 * BLISS benchmark (server/src/engine/bliss):
 *   node dist/bench.js bliss [--limit N] [--budget-ms N] [--repeat N]
 *
 * 1. BLISS(1) on the seed's tdillon pencilmark puzzle (the thread reports < 5 ms):
 *    best and median of --repeat timed runs (default 50) after a warm-up; the log
 *    must end with the seed's backdoor and solution.
 * 2. Per puzzle set (ph1910 sample, the two t-dillon pencilmark sets, and the 82 pencilmark
 *    lines posted in the seed's thread, checked against the exact solver's solution): the BLISS
 *    level reached (0 singles, 1, 2, unsolved), backdoors, and wall time per
 *    puzzle (mean, median, p90, max), with every solution and every step checked
 *    against the .sol files (an elimination of a solution digit or a wrong
 *    placement is an error). --limit N: first N puzzles of each set (default 100:
 *    hard puzzles may need several BLISS(2) passes of ~0.1-1 s each).
 *    --budget-ms N: time budget per puzzle (default 10000); puzzles that run out
 *    are counted as "timeout".
 * ng (the guess count) is not computed here: it is a separate DFS.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { type BlissResult, bliss } from '../server/src/engine/bliss';
import { candidatesOfText } from '../server/src/engine/core/parse';
import { solve } from '../server/src/engine/core/solve';
import { Budget, BudgetExceeded } from '../server/src/engine/core/budget';
import { dataDir, option, percentile } from './common';

export const name = 'bliss';

/** The seed's tdillon puzzle (first of tdillon's 100 hard pencilmark puzzles, as printed in the thread). */
const TDILLON =
  '1..456789..3456789...456789123.56789.23.567891.3456789123456789123456789123456789' +
  '123456789..3456789...456789123456789.23456789.2345678912.45.789123456789.23456789' +
  '1234567891.345678912345678912..5678912....7891.345678912.45678912...678912.456789' +
  '12345678912..56789.2..56789123456789.2...6789...456789.2....789123..6789.23456789' +
  '123456789.23456789.23456789..3456789.234..789123456789.234....9.23456789.23456789' +
  '.23456789123456789.234567891.345.789.23456789..3456789.23456789123456789..34...89' +
  '12345678912345678912345678912.456789123456789123456789123456789123456..9123456789' +
  '12.4567891.34567891...567891...56789.234567891..4567891234567891.3456789..3456789' +
  '.23.567.9123456789.......89.23456789...4567891234.6789..3.56789123456789...456789';
const TDILLON_SOLUTION = '849765231376142859251893476195284763683571942724936518562418397437629185918357624';

type Puzzles = { puzzle: string; solution: string }[];

interface PuzzleSet {
  label: string;
  /** The first `limit` puzzles with their solutions; `root` is the shared data folder. */
  load(root: string, limit: number): Puzzles;
}

/** A `.sol` file: "puzzle:count:solution" lines. */
function solFile(file: string): PuzzleSet['load'] {
  return (root, limit) => {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n').filter((l) => l.includes(':'));
    return lines.slice(0, limit).map((l) => {
      const [puzzle, , solution] = l.split(':');
      return { puzzle, solution };
    });
  };
}

/** The pencilmark lines posted in the BLISS thread (shared/seeds), solved by the exact solver (all unique). */
function seedPencilmarks(root: string, limit: number): Puzzles {
  const thread = readFileSync(path.join(root, '..', 'seeds', 'bliss-solver-thread.txt'), 'utf8');
  return (thread.match(/[.0-9]{729}/g) ?? []).slice(0, limit).map((puzzle) => {
    const r = solve(candidatesOfText(puzzle));
    if (r.count !== 1) throw new Error(`a seed pencilmark line has ${r.count} solutions: ${puzzle.slice(0, 40)}…`);
    return { puzzle, solution: r.solutions[0].join('') };
  });
}

const SETS: PuzzleSet[] = [
  { label: 'ph1910 sample', load: solFile('ph1910-sample/ph1910_sample1000.sol') },
  { label: 'pencilmark 86_clue', load: solFile('pencilmark-t-dillon/86_clue_first5000.sol') },
  { label: 'pencilmark gurobi_hard', load: solFile('pencilmark-t-dillon/gurobi_hard.sol') },
  { label: 'seed thread 729 lines', load: seedPencilmarks },
];

/** Every step agrees with the solution, and so does the solution found, if any. */
function checkResult(r: BlissResult, solution: string): string | null {
  for (const s of r.steps) {
    const digit = solution.charCodeAt(s.cell) - 48;
    if (s.kind === 'eliminate' && digit === s.digit) return `eliminated a solution digit: ${s.text}`;
    if (s.kind === 'place' && digit !== s.digit) return `wrong placement: ${s.text}`;
  }
  if (r.solved && r.solution!.join('') !== solution) return 'solution differs';
  if (r.noSolution) return 'reported no solution';
  return null;
}

function tdillon(repeat: number): boolean {
  const cands = candidatesOfText(TDILLON);
  for (let i = 0; i < 20; i++) bliss(cands, { maxLevel: 1, guessCount: false });
  const times: number[] = [];
  let r: BlissResult | null = null;
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    r = bliss(cands, { maxLevel: 1, guessCount: false });
    times.push(performance.now() - t0);
  }
  const ok = r !== null && r.solved && r.backdoor && r.solution!.join('') === TDILLON_SOLUTION;
  console.log(
    `tdillon pencilmark puzzle, BLISS(1): best ${Math.min(...times).toFixed(2)} ms, median ${percentile(times, 50).toFixed(2)} ms ` +
      `over ${repeat} runs (target <= 5 ms); ${r?.finds.length} finds, ${r?.tests.level1} tests, ${ok ? 'BD + solution OK' : 'WRONG RESULT'}`,
  );
  return ok;
}

export async function run(): Promise<void> {
  const root = dataDir();
  const limitArg = option('--limit');
  const limit = limitArg === undefined ? 100 : Number(limitArg);
  if (!(limit > 0)) throw new Error(`--limit expects a positive number, got ${limitArg}`);
  const budgetMs = Number(option('--budget-ms') ?? 10_000);
  const repeat = Math.max(1, Math.floor(Number(option('--repeat') ?? 50)) || 50);

  console.log(`bliss benchmark (wall time; data ${root})`);
  let failed = !tdillon(repeat);

  const header = ['set', 'puzzles', 'L0', 'L1', 'L2', 'unsolved', 'timeout', 'BD', 'mean ms', 'median', 'p90', 'max', 'errors'];
  const widths = [24, 7, 5, 5, 5, 8, 7, 5, 8, 7, 7, 8, 6];
  const fmt = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' ');
  console.log(fmt(header));
  for (const set of SETS) {
    let puzzles: Puzzles;
    try {
      puzzles = set.load(root, limit);
    } catch (err) {
      console.log(fmt([set.label, '-', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-', `ERROR: ${(err as Error).message}`]));
      failed = true;
      continue;
    }
    const levels = [0, 0, 0];
    let unsolved = 0;
    let timeouts = 0;
    let backdoors = 0;
    let errors = 0;
    const ms: number[] = [];
    for (const { puzzle, solution } of puzzles) {
      const cands = candidatesOfText(puzzle);
      const t0 = performance.now();
      let r: BlissResult;
      try {
        r = bliss(cands, { guessCount: false, budget: new Budget(budgetMs) });
      } catch (err) {
        if (!(err instanceof BudgetExceeded)) throw err;
        ms.push(performance.now() - t0);
        timeouts++;
        continue;
      }
      ms.push(performance.now() - t0);
      if (r.level === null) unsolved++;
      else levels[r.level]++;
      if (r.backdoor) backdoors++;
      const problem = checkResult(r, solution);
      if (problem) {
        if (errors < 5) console.error(`  ${set.label}: ${puzzle.slice(0, 81)}: ${problem}`);
        errors++;
      }
    }
    const mean = ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
    console.log(
      fmt([
        set.label,
        String(puzzles.length),
        ...levels.map(String),
        String(unsolved),
        String(timeouts),
        String(backdoors),
        mean.toFixed(1),
        percentile(ms, 50).toFixed(1),
        percentile(ms, 90).toFixed(1),
        Math.max(0, ...ms).toFixed(1),
        String(errors),
      ]),
    );
    if (errors > 0) failed = true;
  }
  if (failed) {
    console.error('bliss bench: FAILED (wrong results above)');
    process.exitCode = 1;
  }
}

/**
 * UA set benchmark (server/src/engine/ua):
 *   node dist/bench.js ua [--limit N] [--budget-ms N]
 *
 * 1. Enumeration of the minimal UA sets of size <= 12 of 50 solution grids of the 17-clue
 *    list: time per grid (mean, median, p90, max) and sets per grid.
 * 2. Minimality of 200 17-clue puzzles, and the several-solutions analysis of 200 puzzles
 *    of Serg's benchmark (all with several solutions): time per puzzle.
 * 3. Pattern search: the patterns of five 24-clue puzzles of magictour top1465, each on its
 *    own solution grid (time per grid, puzzles found; the puzzle itself must be found), and
 *    the first pattern over ten grids.
 * 4. 17-clue search on the N grids (--limit, default 3) with the most puzzles in the
 *    17-clue list (grouped by solution): time per grid, puzzles found; every listed puzzle
 *    of the grid must be found again and every puzzle found must be unique. --budget-ms:
 *    budget per grid (default 300000). --repeat N (N > 1): each grid is searched once
 *    untimed, then N times timed, and every search must find the same puzzles and counts;
 *    the figure per grid is the median CPU time. --only search17: this part alone.
 * Times of parts 1-3 are wall-clock on whatever else the machine runs; the 17-clue search
 * gives CPU time (user + system) too, the issue-15 target's measure.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { solveString } from '../server/src/engine/core/solve';
import { Budget } from '../server/src/engine/core/budget';
import { enumerateUAs, minimality, multipleSolutions, searchClues, searchPattern } from '../server/src/engine/ua';
import { cpuMs, dataDir, option, percentile } from './common';

export const name = 'ua';

function readSol(root: string, file: string): { puzzle: string; solution: string }[] {
  return readFileSync(path.join(root, 'tdoku', 'solutions', file), 'utf8')
    .split('\n')
    .filter((l) => l.length > 81 && !l.startsWith('#'))
    .map((l) => {
      const [puzzle, , solution] = l.split(':');
      return { puzzle, solution };
    });
}

const clueCount = (p: string): number => [...p].filter((ch) => ch >= '1' && ch <= '9').length;
const ms = (x: number): string => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));

function summary(times: number[]): string {
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  return `mean ${ms(mean)} ms, median ${ms(percentile(times, 50))}, p90 ${ms(percentile(times, 90))}, max ${ms(Math.max(...times))}`;
}

export async function run(): Promise<void> {
  const root = dataDir();
  const limit = Math.max(1, Math.floor(Number(option('--limit') ?? 3)) || 3);
  const budgetMs = Number(option('--budget-ms') ?? 300_000);
  let failed = false;
  const seventeen = readSol(root, 'puzzles2_17_clue.sol');
  console.log(`UA set benchmark (data ${root})`);
  if (option('--only') !== 'search17') failed = otherParts(seventeen);
  if (search17(seventeen, limit, budgetMs)) failed = true;
  if (failed) {
    console.error('ua bench: FAILED (see above)');
    process.exitCode = 1;
  }
}

/** Parts 1-3 (enumeration, minimality and several solutions, pattern search); true if a check failed. */
function otherParts(seventeen: { puzzle: string; solution: string }[]): boolean {
  const root = dataDir();
  let failed = false;

  // 1. Enumeration.
  const grids = Array.from({ length: 50 }, (_, i) => seventeen[i * 983].solution);
  for (let i = 0; i < 3; i++) enumerateUAs(Array.from(grids[i], Number)); // warm-up
  const enumTimes: number[] = [];
  let sets = 0;
  for (const g of grids) {
    const t0 = performance.now();
    sets += enumerateUAs(Array.from(g, Number)).count;
    enumTimes.push(performance.now() - t0);
  }
  console.log(`UA sets <= 12 cells, ${grids.length} grids: ${summary(enumTimes)}; ${(sets / grids.length).toFixed(0)} sets per grid`);

  // 2. Minimality and several solutions.
  const minTimes: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    const r = minimality(seventeen[i * 241].puzzle);
    minTimes.push(performance.now() - t0);
    if (!r.minimal) {
      console.error(`  not minimal?! ${seventeen[i * 241].puzzle}`);
      failed = true;
    }
  }
  console.log(`minimality, 200 17-clue puzzles: ${summary(minTimes)}`);
  const serg = readFileSync(path.join(root, 'tdoku', 'puzzles7_serg_benchmark'), 'utf8')
    .split('\n')
    .filter((l) => l.length >= 81 && !l.startsWith('#'));
  const multiTimes: number[] = [];
  const smallest: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    const r = multipleSolutions(serg[i * 50].slice(0, 81));
    multiTimes.push(performance.now() - t0);
    smallest.push(r.smallest[0]?.length ?? 0);
  }
  console.log(
    `several solutions, 200 of Serg's puzzles: ${summary(multiTimes)}; smallest unhit UA set median ${percentile(smallest, 50)} cells, max ${Math.max(...smallest)}`,
  );

  // 3. Pattern search.
  const top = readSol(root, 'puzzles3_magictour_top1465.sol').filter((x) => clueCount(x.puzzle) === 24);
  const pattern = (p: string): string => [...p].map((ch) => (ch >= '1' && ch <= '9' ? 'x' : '.')).join('');
  const patTimes: number[] = [];
  const patCounts: number[] = [];
  for (const { puzzle, solution } of top.slice(0, 5)) {
    const t0 = performance.now();
    const r = searchPattern(pattern(puzzle), solution);
    patTimes.push(performance.now() - t0);
    patCounts.push(r.puzzles.length);
    if (!r.puzzles.includes(puzzle)) {
      console.error(`  pattern search lost ${puzzle}`);
      failed = true;
    }
  }
  console.log(`pattern search, 24-clue patterns on their own grid (5): ${summary(patTimes)}; puzzles found ${patCounts.join(', ')}`);
  {
    const t0 = performance.now();
    const r = searchPattern(pattern(top[0].puzzle), grids.slice(0, 10));
    const t = performance.now() - t0;
    console.log(`pattern search, one 24-clue pattern over 10 grids: ${ms(t)} ms (${ms(t / 10)} per grid), ${r.puzzles.length} puzzles`);
  }

  return failed;
}

/** Part 4, the 17-clue search; true if a check failed. */
function search17(seventeen: { puzzle: string; solution: string }[], limit: number, budgetMs: number): boolean {
  const repeat = Math.max(1, Math.floor(Number(option('--repeat') ?? 1)) || 1);
  let failed = false;
  const bySolution = new Map<string, string[]>();
  for (const { puzzle, solution } of seventeen) bySolution.set(solution, [...(bySolution.get(solution) ?? []), puzzle]);
  const chosen = [...bySolution.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, limit);
  const searchTimes: number[] = [];
  const cpuMedians: number[] = [];
  for (const [solution, listed] of chosen) {
    let line = `17-clue search ${solution}: `;
    try {
      // With repeats, a first search warms the engine up (compilation, the cores' memory) untimed.
      if (repeat > 1) searchClues(solution, { budget: new Budget(budgetMs) });
      const cpu: number[] = [];
      let r: ReturnType<typeof searchClues> | undefined;
      let same = true;
      for (let k = 0; k < repeat; k++) {
        let now: ReturnType<typeof searchClues> | undefined;
        cpu.push(cpuMs(() => (now = searchClues(solution, { budget: new Budget(budgetMs) }))));
        if (r && JSON.stringify([now!.puzzles, counts(now!)]) !== JSON.stringify([r.puzzles, counts(r)])) same = false;
        r = now!;
      }
      searchTimes.push(r!.stats.ms);
      cpuMedians.push(percentile(cpu, 50));
      const missing = listed.filter((p) => !r!.puzzles.includes(p));
      const bad = r!.puzzles.filter((p) => solveString(p).count !== 1 || clueCount(p) !== 17);
      const times = repeat > 1 ? `CPU median ${(percentile(cpu, 50) / 1000).toFixed(2)} s (${cpu.map((c) => (c / 1000).toFixed(2)).join(', ')})` : `${(r!.stats.ms / 1000).toFixed(1)} s, CPU ${(cpu[0] / 1000).toFixed(2)} s`;
      line +=
        `${times}, ${r!.puzzles.length} puzzles (${listed.length} listed under this grid, ` +
        `${missing.length} missed, ${bad.length} not unique); ${counts(r!)}`;
      if (!same) line += '; the repeats found different puzzles or counts';
      if (missing.length > 0 || bad.length > 0 || !same) failed = true;
    } catch (err) {
      line += `ERROR ${(err as Error).message}`;
      failed = true;
    }
    console.log(line);
  }
  if (searchTimes.length > 0) {
    console.log(`17-clue search per grid: ${summary(searchTimes)}`);
    console.log(`17-clue search per grid, CPU${repeat > 1 ? ` (median of ${repeat} after a warm-up)` : ''}: ${summary(cpuMedians)}`);
  }
  return failed;
}

/** A search's work counts: equal counts mean the same search was done. */
function counts(r: ReturnType<typeof searchClues>): string {
  const s = r.stats;
  return `pairs ${s.pairs}, XY ${s.xy}, band 3 ${s.band3}, solver ${s.solverCalls}, learnt ${s.learnt}`;
}

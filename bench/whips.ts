/**
 * Berthier's W rating (whips, simplest first; server/src/engine/whips): speed and agreement with the
 * published W of Royle's 17-clue puzzles (Berthier, Sudoku-classif/Royle-49158-17c), and behaviour on the
 * forum's hardest puzzles (mostly beyond T&E(1): "not solvable by whips", found at once).
 *   node dist/bench.js whips [--limit N] [--budget-ms N]
 * Also `rate --method w` (W alone) beside `--method wall` (the whole family), in CPU time.
 * --limit: size of the 17-clue sample, evenly spread over the 49,151 (default 2,000) and most hardest
 * puzzles; --budget-ms: time budget per rating (default 10,000 for 17-clue, at most 2,000 for hardest).
 * SudoRules itself needs about 340 ms per 17-clue puzzle.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { candidatesFromGivens } from '../server/src/engine/core/grid';
import { Budget } from '../server/src/engine/core/budget';
import { type WResult, wRating } from '../server/src/engine/whips';
import { type WMethod, runRowJob } from '../server/src/jobs/rowJobs';
import { dataDir, option, percentile } from './common';

export const name = 'whips';

const cands = (p: string): Uint16Array => {
  const g = new Uint8Array(81);
  for (let c = 0; c < 81; c++) g[c] = p[c] >= '1' && p[c] <= '9' ? p.charCodeAt(c) - 48 : 0;
  return candidatesFromGivens(g);
};

interface Timed {
  puzzle: string;
  r: WResult;
  ms: number;
}

function rateAll(puzzles: string[], budgetMs: number): Timed[] {
  return puzzles.map((puzzle) => {
    const start = performance.now();
    const r = wRating(cands(puzzle), { budget: new Budget(budgetMs) });
    return { puzzle, r, ms: performance.now() - start };
  });
}

function timing(label: string, xs: Timed[]): void {
  const ms = xs.map((x) => x.ms);
  const mean = ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
  const status = new Map<string, number>();
  for (const x of xs) status.set(x.r.status, (status.get(x.r.status) ?? 0) + 1);
  console.log(`\n${label}: ${xs.length} puzzles; ${[...status].map(([s, k]) => `${s} ${k}`).join(', ')}`);
  console.log(
    `  W rating time per puzzle: mean ${mean.toFixed(2)} ms, median ${percentile(ms, 50).toFixed(2)} ms, ` +
      `p95 ${percentile(ms, 95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(0)} ms`,
  );
}

export async function run(): Promise<void> {
  const root = dataDir();
  const limit = Number(option('--limit') ?? 2_000);
  const budgetMs = Number(option('--budget-ms') ?? 10_000);
  console.log(`\nW rating benchmark (whips, simplest first; budget ${budgetMs} ms per puzzle)`);

  const rows = readFileSync(path.join(root, 'berthier-ratings', 'royle17-49151-W-SER.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split('\t'));
  const n = Math.min(limit, rows.length);
  const sample = Array.from({ length: n }, (_, i) => rows[Math.floor((i * rows.length) / n)]);
  const published = new Map(sample.map((f) => [f[0], Number(f[1])]));
  const royle = rateAll(
    sample.map((f) => f[0]),
    budgetMs,
  );
  timing(`Royle 17-clue, ${n} of ${rows.length} (evenly spread)`, royle);
  const exact = royle.filter((x) => x.r.rating === published.get(x.puzzle));
  console.log(`  W exact ${((100 * exact.length) / n).toFixed(2)}% (${exact.length}/${n})`);
  const dist = (f: (x: Timed) => number | null): string => {
    const m = new Map<string, number>();
    for (const x of royle) m.set(String(f(x)), (m.get(String(f(x))) ?? 0) + 1);
    return [...m].sort((a, b) => Number(a[0]) - Number(b[0])).map(([k, v]) => `${k}:${v}`).join(' ');
  };
  console.log(`  published W: ${dist((x) => published.get(x.puzzle)!)}`);
  console.log(`  ours:        ${dist((x) => x.r.rating)}`);
  const mismatches = royle.filter((x) => x.r.rating !== published.get(x.puzzle));
  for (const x of mismatches.slice(0, 20)) {
    const want = published.get(x.puzzle)!;
    let why: string;
    if (x.r.status === 'budget') why = `budget (longest chain so far ${x.r.maxLength})`;
    else if (x.r.status === 'unsolved') why = `not solved with whips up to length 20 (longest ${x.r.maxLength})`;
    else {
      // whips are not confluent: does the whips-only order of SudoRules' config W give the published value?
      const untyped = wRating(cands(x.puzzle), { budget: new Budget(budgetMs), typedChains: false });
      why = untyped.rating === want ? 'non-confluence: the whips-only path gives the published value' : `path gives ${x.r.rating} (whips-only ${untyped.rating})`;
    }
    console.log(`  mismatch ${x.puzzle} published ${want} ours ${x.r.rating}: ${why}`);
  }

  const randomMinimal = readFileSync(path.join(root, 'berthier-ratings', 'oracles.tsv'), 'utf8')
    .split('\n')
    .map((l) => l.split('\t'))
    .filter((f) => f[1] === 'W' && Number(f[2]) <= 6 && f[3]?.includes('Controlled-bias'));
  aloneAndFamily(`Royle 17-clue, the same ${n}`, sample, budgetMs);
  aloneAndFamily(`random minimal puzzles W ≤ 6 (oracles.tsv, Berthier's controlled-bias collections)`, randomMinimal.map((f) => [f[0], f[2]]), budgetMs);

  const hardest = readFileSync(path.join(root, 'tdoku', 'puzzles6_forum_hardest_1106'), 'utf8')
    .split('\n')
    .filter((l) => l.length >= 81 && !l.startsWith('#'))
    .map((l) => l.slice(0, 81))
    .slice(0, limit);
  const hard = rateAll(hardest, Math.min(budgetMs, 2_000));
  timing(`forum hardest 1106 (tdoku puzzles6), budget ${Math.min(budgetMs, 2_000)} ms`, hard);
  const solved = hard.filter((x) => x.r.status === 'solved');
  if (solved.length > 0) console.log(`  solved by whips: ${solved.map((x) => `W${x.r.rating}`).join(' ')}`);
  longPaths(root);
}

/**
 * `rate --method w` (W alone) against `--method wall` (W, gW, B, T&E depth, backdoor: what `--method
 * w` computed before), each puzzle's row job run in-process by both, one after the other, so both
 * see the same load: CPU time per puzzle (process.cpuUsage), and W checked against the published one.
 */
function aloneAndFamily(label: string, puzzles: string[][], budgetMs: number): void {
  const cpu: Record<WMethod, number[]> = { w: [], wall: [] };
  let agree = 0;
  for (const [text, published] of puzzles) {
    for (const w of ['w', 'wall'] as const) {
      const start = process.cpuUsage();
      const row = runRowJob({ text, budgetMs, se: false, bliss: null, w });
      const used = process.cpuUsage(start);
      cpu[w].push((used.user + used.system) / 1000);
      if (w === 'w' && row.w?.w.rating === Number(published)) agree++;
    }
  }
  const figures = (ms: number[]): string =>
    `mean ${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(2)} ms, median ${percentile(ms, 50).toFixed(2)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(0)} ms`;
  console.log(`\n${label}: ${puzzles.length} puzzles, CPU per puzzle; W alone equals the published W on ${agree}`);
  console.log(`  --method w (W alone):       ${figures(cpu.w)}`);
  console.log(`  --method wall (the family): ${figures(cpu.wall)}`);
}

/** The two published paths too long for the unit tests (berthier-ratings/paths): W31 with whips up to 36, and B12. */
function longPaths(root: string): void {
  console.log('\npublished paths beyond the unit tests');
  const cases = [
    { file: 'published-Mauricio-W31-GW12-B19-gB11-W+biv-chains.txt', rules: 'W', maxLength: 36 },
    { file: 'published-magictour89-B12-braids.txt', rules: 'B', maxLength: 20 },
  ] as const;
  for (const c of cases) {
    const text = readFileSync(path.join(root, 'berthier-ratings', 'paths', c.file), 'utf8');
    const puzzle = /# PUZZLE: (\S{81})/.exec(text)![1];
    const want = /RESULT: \W*(\w+)\[(\d+)\]/.exec(text)!;
    const start = performance.now();
    const r = wRating(cands(puzzle), { rules: c.rules, maxLength: c.maxLength, budget: new Budget(120_000) });
    const verdict = r.rating === Number(want[2]) ? 'same' : 'DIFFERENT';
    console.log(`  ${c.file}: published ${want[1]}[${want[2]}], ours ${c.rules}${r.rating ?? ` ${r.status}`} (${verdict}) in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
}

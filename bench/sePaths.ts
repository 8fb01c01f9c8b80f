/**
 * SE rating paths, step by step, against another build of the engine: the check that a speed-up
 * changed speed only.
 *   node dist/bench.js se-paths [--sets sample,forum,band] [--file FILE] [--every N] [--limit N]
 *                               [--budget-ms N] [--passes N] [--ratings FILE]
 *                               [--pick I,J,...] [--each]
 *                               [--record FILE] [--against FILE] [--base BUNDLE]
 * `--record FILE` writes each puzzle's path (every step's name, difficulty, placements,
 * eliminations and text, which carries the chain's node count) as a JSON line; `--against FILE`
 * compares with such a file (written by another build, e.g. main's) and exits 1 on any
 * difference. `--base BUNDLE` loads another build's engine (a CommonJS bundle exporting
 * `ratePuzzle` and `candidatesOfText`; see BENCHMARKS.md) and rates each puzzle with both, in
 * turn, comparing their paths and CPU times in the same run, under the same load.
 * Sets: the 300-puzzle SE sample, the forum's hardest (every 13th line: 29 puzzles), and the ER 4–7
 * band (sudoku-exchange diabolical puzzles SukakuExplainer rates 4.0–7.0, every 400th line).
 * `--file FILE` rates a file's puzzles instead (the first 81-character token of each line; with
 * `--sets`, as well). `--passes N` rates everything N times in one process and keeps the last
 * pass only: the earlier ones warm the engine up, as a peer's batch in one JVM is measured (see
 * BENCHMARKS.md). `--ratings FILE` writes `puzzle ER/EP/ED cpu-ms` a line, to set beside serate's
 * `--format='%g ED=%r/%p/%d'`. `--pick I,J` keeps the puzzles at those positions of the list
 * (0-based, after `--every`: the forum set's puzzle 3 is its 4th), to profile or time a few;
 * `--each` prints a line per puzzle: its position, ratings, steps and CPU (both engines).
 * The ratings run as the product's do, on a thread with the rating workers' heap
 * (jobs/nodeWorkers.ts); `--main-thread` rates on the main thread instead, with Node's defaults
 * or the V8 flags given (e.g. `node --max-semi-space-size=N`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { candidatesOfText } from '../server/src/engine/core/parse';
import { ratePuzzle, seFormat, type RateOptions, type Rating } from '../server/src/engine/se/rate';
import { ratingThread } from '../server/src/jobs/nodeWorkers';
import { dataDir, option, percentile } from './common';

export const name = 'se-paths';

interface Engine {
  ratePuzzle: (start: Uint16Array, pencilmark: boolean, o: RateOptions) => Rating;
  candidatesOfText: (text: string) => Uint16Array;
}

/** What must not change: the status and every step as the path shows it. */
interface Path {
  puzzle: string;
  status: string;
  steps: string[];
  /** ER/EP/ED as serate prints them. */
  ratings: string;
}

function pathOf(engine: Engine, puzzle: string, budgetMs: number): { path: Path; cpuMs: number } {
  const cpu = process.cpuUsage();
  const r = engine.ratePuzzle(engine.candidatesOfText(puzzle), false, { unique: true, budgetMs });
  const used = process.cpuUsage(cpu);
  const steps = r.steps.map((s) =>
    [
      s.technique,
      s.difficulty,
      s.placements.map((p) => `${p.cell}=${p.digit}`).join(' '),
      s.eliminations.map((e) => `${e.cell}<>${e.digit}`).join(' '),
      s.text,
    ].join(' | '),
  );
  const ratings = [r.er, r.ep, r.ed].map(seFormat).join('/');
  return { path: { puzzle, status: r.status, steps, ratings }, cpuMs: (used.user + used.system) / 1000 };
}

function usage(message: string): never {
  console.error(`se-paths: ${message}`);
  process.exit(2);
}

function puzzles(): { set: string; puzzle: string; position: number }[] {
  const root = dataDir();
  const file = option('--file');
  const sets = (option('--sets') ?? (file ? '' : 'sample,forum,band')).split(',');
  const every = Number(option('--every') ?? 1);
  const out: { set: string; puzzle: string; position: number }[] = [];
  const add = (set: string, list: string[]) => list.filter((_, i) => i % every === 0).forEach((puzzle) => out.push({ set, puzzle, position: out.length }));
  if (sets.includes('sample')) {
    add('sample', readFileSync(path.join(root, 'se-sample', 'puzzles.txt'), 'utf8').split('\n').filter((l) => l.length === 81).map((l) => l.replace(/0/g, '.')));
  }
  if (sets.includes('forum')) {
    const lines = readFileSync(path.join(root, 'forum-hardest-110626', 'HardestDatabase110626.txt'), 'utf8').split('\n');
    add('forum', lines.map((l) => l.split(',')[0]).filter((p, i) => p.length === 81 && /^[1-9.]+$/.test(p) && i % 13 === 0));
  }
  if (sets.includes('band')) {
    const lines = readFileSync(path.join(root, 'sudoku-exchange-puzzle-bank', 'diabolical.txt'), 'utf8').split('\n');
    add(
      'band',
      lines
        .filter((_, i) => i % 400 === 0)
        .map((l) => l.trim().split(/\s+/))
        .filter((f) => f.length === 3 && Number(f[2]) <= 7.0)
        .map((f) => f[1].replace(/0/g, '.')),
    );
  }
  if (file) {
    if (!existsSync(file)) usage(`--file ${file}: no such file`);
    const tokens = readFileSync(file, 'utf8').split('\n').map((l) => l.trim().split(/\s+/).find((t) => t.length === 81));
    add('file', tokens.filter((t): t is string => t !== undefined).map((t) => t.replace(/0/g, '.')));
  }
  const limit = Number(option('--limit') ?? Infinity);
  const pick = option('--pick');
  if (pick === undefined) return out.slice(0, limit);
  const positions = pick.split(',').map(Number);
  const bad = pick.split(',').find((_, i) => !Number.isInteger(positions[i]) || positions[i] < 0 || positions[i] >= out.length);
  if (bad !== undefined) usage(`--pick ${pick}: '${bad}' is not a position in the list (0 to ${out.length - 1})`);
  return positions.map((i) => out[i]).slice(0, limit);
}

/**
 * The first difference between two paths, or null. A rating that ran out of its (wall-clock)
 * budget is compared on the steps both got to: where the budget ends depends on the load.
 */
function difference(a: Path, b: Path): string | null {
  const cut = a.status === 'budget' || b.status === 'budget';
  if (!cut && a.status !== b.status) return `status ${a.status} vs ${b.status}`;
  const n = cut ? Math.min(a.steps.length, b.steps.length) : Math.max(a.steps.length, b.steps.length);
  for (let i = 0; i < n; i++) {
    if (a.steps[i] !== b.steps[i]) return `step ${i + 1}: ${a.steps[i] ?? '(none)'}\n    vs ${b.steps[i] ?? '(none)'}`;
  }
  return null;
}

const cpuLine = (xs: number[]): string =>
  `median ${percentile(xs, 50).toFixed(1)} ms, p90 ${percentile(xs, 90).toFixed(1)} ms, max ${Math.max(...xs).toFixed(0)} ms, total ${(xs.reduce((s, x) => s + x, 0) / 1000).toFixed(2)} s`;

export async function run(): Promise<void> {
  if (isMainThread && !process.argv.includes('--main-thread')) {
    // This bundle again, on a thread as the product rates: it runs this benchmark alone.
    const code = await new Promise<number>((resolve, reject) => ratingThread(__filename, { argv: process.argv.slice(2) }).on('error', reject).on('exit', resolve));
    if (code !== 0) process.exitCode = code;
    return;
  }
  const budgetMs = Number(option('--budget-ms') ?? 120_000);
  const record = option('--record');
  const againstFile = option('--against');
  const baseFile = option('--base');
  const ours: Engine = { ratePuzzle, candidatesOfText };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const base: Engine | null = baseFile ? (require(path.resolve(baseFile)) as Engine) : null;
  const against = new Map<string, Path>();
  if (againstFile) {
    for (const line of readFileSync(againstFile, 'utf8').split('\n')) {
      if (!line) continue;
      const p = JSON.parse(line) as Path;
      against.set(p.puzzle, p);
    }
  }
  const ratingsFile = option('--ratings');
  const passes = Number(option('--passes') ?? 1);
  if (!Number.isInteger(passes) || passes < 1) usage(`--passes ${option('--passes')}: a whole number of passes, 1 or more`);
  const list = puzzles();
  for (let pass = 1; pass < passes; pass++) {
    for (const { puzzle } of list) {
      pathOf(ours, puzzle, budgetMs);
      if (base) pathOf(base, puzzle, budgetMs);
    }
  }
  const bySet = new Map<string, { ours: number[]; base: number[] }>();
  const recorded: string[] = [];
  const rated: string[] = [];
  let differ = 0;
  let compared = 0;
  let unfinished = 0;
  const each = process.argv.includes('--each');
  for (const { set, puzzle, position } of list) {
    const times = bySet.get(set) ?? { ours: [], base: [] };
    bySet.set(set, times);
    // Alternate which engine goes first, so neither always meets a warmer cache.
    const baseFirst = base !== null && times.ours.length % 2 === 1;
    const b1 = baseFirst ? pathOf(base, puzzle, budgetMs) : null;
    const o = pathOf(ours, puzzle, budgetMs);
    const b = b1 ?? (base ? pathOf(base, puzzle, budgetMs) : null);
    times.ours.push(o.cpuMs);
    if (b) times.base.push(b.cpuMs);
    recorded.push(JSON.stringify(o.path));
    rated.push(`${puzzle} ${o.path.ratings} ${o.cpuMs.toFixed(2)}`);
    if (each) {
      const baseCpu = b ? `, base ${b.cpuMs.toFixed(0)} ms` : '';
      console.log(`${set} #${position} ${o.path.ratings} ${o.path.status}, ${o.path.steps.length} steps: ours ${o.cpuMs.toFixed(0)} ms${baseCpu}`);
    }
    for (const other of [b?.path, against.get(puzzle)]) {
      if (!other) continue;
      compared++;
      if (o.path.status === 'budget' || other.status === 'budget') unfinished++;
      const d = difference(o.path, other);
      if (d) {
        differ++;
        console.log(`${set} ${puzzle}: ${d}`);
      }
    }
  }
  if (record) writeFileSync(record, recorded.join('\n') + '\n');
  if (ratingsFile) writeFileSync(ratingsFile, rated.join('\n') + '\n');
  for (const [set, t] of bySet) {
    console.log(`${set}: ${t.ours.length} puzzles\n  CPU ours: ${cpuLine(t.ours)}`);
    if (t.base.length) {
      const total = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
      console.log(`  CPU base: ${cpuLine(t.base)}\n  base/ours total CPU: ${(total(t.base) / total(t.ours)).toFixed(2)}×`);
    }
  }
  if (againstFile || base) {
    console.log(`paths compared: ${compared} (${unfinished} over budget, compared on the steps both made), different: ${differ}`);
  }
  if (differ > 0) process.exitCode = 1;
}

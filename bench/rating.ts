/**
 * Sudoku Explainer compatibility and speed of the rating engine.
 *   node dist/bench.js rating [--sets sample,royle,forum] [--limit N] [--every N] [--budget-ms N]
 *                             [--ser-every N] [--from FILE]
 * Agreement with published ratings: the forum's HardestDatabase110626 (ER/EP/ED) and the SER of
 * Royle's 17-clue puzzles (every Nth, default 100); speed on the 300-puzzle SE sample.
 * `--from FILE` reads the rows of `sudoku-lens rate --json` instead of rating (long runs on
 * worker threads, resumable) and compares them with the forum set.
 * Mismatches are grouped by what differs, in which direction and our technique at that step:
 * the confusion table to work from.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { candidatesOfText } from '../server/src/engine/core/parse';
import { ratePuzzle, seFormat } from '../server/src/engine/se/rate';
import type { Step } from '../server/src/engine/core/step';
import { dataDir, option, percentile } from './common';

export const name = 'rating';

interface Case {
  puzzle: string;
  er?: string;
  ep?: string;
  ed?: string;
}

/** What a rating tells about one puzzle; a value is null when the rating did not get that far. */
interface Outcome {
  c: Case;
  finished: boolean;
  /** Why the rating did not finish (over budget, stuck). */
  reason: string;
  er: string | null;
  ep: string | null;
  ed: string | null;
  /** Our technique at the step that sets each value. */
  erBy: string;
  epBy: string;
  edBy: string;
  ms: number;
  cpuMs: number;
}

const norm = (x: string): string => Number(x).toFixed(1);

function forumHardest(root: string): Case[] {
  return readFileSync(path.join(root, 'forum-hardest-110626', 'HardestDatabase110626.txt'), 'utf8')
    .split('\n')
    .map((l) => l.split(','))
    // Line 3 is a placeholder puzzle whose fields are all `x`.
    .filter((f) => f[0].length === 81 && /^[1-9.]+$/.test(f[0]) && /^\d/.test(f[5] ?? ''))
    .map((f) => ({ puzzle: f[0], er: norm(f[5]), ep: f[6] ? norm(f[6]) : undefined, ed: f[7] ? norm(f[7]) : undefined }));
}

function royle17(root: string, every: number): Case[] {
  return readFileSync(path.join(root, 'berthier-ratings', 'royle17-49151-W-SER.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l, i) => l && i % every === 0)
    .map((l) => l.split('\t'))
    .map((f) => ({ puzzle: f[0], er: norm(f[2]) }));
}

function seSample(root: string): Case[] {
  return readFileSync(path.join(root, 'se-sample', 'puzzles.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.length === 81)
    .map((l) => ({ puzzle: l.replace(/0/g, '.') }));
}

/** Short names for the confusion table: `Dynamic Contradiction (+ Multiple)`. */
const family = (technique: string | undefined): string => technique?.replace(' Forcing Chains', '') ?? '?';

/** The step that first reaches `value` (the running maximum), or the last step. */
function stepReaching(steps: readonly Step[], count: number, value: number): Step | undefined {
  let max = 0;
  for (let i = 0; i < count && i < steps.length; i++) {
    if (steps[i].difficulty > max) max = steps[i].difficulty;
    if (max >= value) return steps[i];
  }
  return steps[Math.min(count, steps.length) - 1];
}

function rateCase(c: Case, budgetMs: number): Outcome {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const r = ratePuzzle(candidatesOfText(c.puzzle), false, { unique: true, budgetMs });
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - start;
  const finished = r.status === 'solved' || r.status === 'stuck';
  const firstPlacement = r.steps.findIndex((s) => s.placements.length > 0);
  // EP is known once a step placed a value, ED once there is a first step.
  const ep = firstPlacement >= 0 ? seFormat(r.ep) : null;
  return {
    c,
    finished,
    reason: finished ? '' : `over budget (≥ ${seFormat(r.er)} so far)`,
    er: !finished ? null : r.status === 'stuck' ? '20.0' : seFormat(r.er),
    ep,
    ed: r.steps.length > 0 ? seFormat(r.ed) : null,
    erBy: family(r.hardest?.technique),
    epBy: family(stepReaching(r.steps, firstPlacement + 1, r.ep)?.technique),
    edBy: family(r.steps[0]?.technique),
    ms,
    cpuMs: (used.user + used.system) / 1000,
  };
}

/** Rows of `sudoku-lens rate --json` as outcomes (a finished rating's values only). */
function fromRows(file: string, cases: Case[]): Outcome[] {
  const byPuzzle = new Map(cases.map((c) => [c.puzzle, c]));
  const out: Outcome[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { text?: string; se?: { er: number; ep: number; ed: number; hardest: string } | null; seReason?: string };
    const c = row.text ? byPuzzle.get(row.text) : undefined;
    if (!c) continue;
    const se = row.se;
    const by = `hardest ${family(se?.hardest)}`;
    out.push({
      c,
      finished: !!se,
      reason: se ? '' : (row.seReason ?? '').replace(/rating exceeded its budget \((≥ [\d.]+) so far.*$/, 'over budget ($1 so far)'),
      er: se ? se.er.toFixed(1) : null,
      ep: se ? se.ep.toFixed(1) : null,
      ed: se ? se.ed.toFixed(1) : null,
      erBy: by,
      epBy: by,
      edBy: by,
      ms: NaN,
      cpuMs: NaN,
    });
  }
  return out;
}

const pct = (k: number, of: number): string => `${k}/${of} (${of ? ((100 * k) / of).toFixed(1) : '-'}%)`;

function report(label: string, outcomes: Outcome[]): void {
  const n = outcomes.length;
  const finished = outcomes.filter((o) => o.finished);
  console.log(`\n${label}: ${n} puzzles, ${finished.length} finished`);
  const ms = outcomes.map((o) => o.ms).filter((x) => !Number.isNaN(x));
  const cpu = outcomes.map((o) => o.cpuMs).filter((x) => !Number.isNaN(x));
  if (ms.length > 0) {
    const line = (xs: number[]) => `median ${percentile(xs, 50).toFixed(1)} ms, p90 ${percentile(xs, 90).toFixed(1)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
    console.log(`  wall time per puzzle: ${line(ms)}\n  CPU time per puzzle:  ${line(cpu)}`);
  }
  const withEr = outcomes.filter((o) => o.c.er);
  if (withEr.length === 0) return;
  // ER only from finished ratings; EP and ED wherever the rating got that far.
  const erKnown = withEr.filter((o) => o.er !== null);
  const erExact = erKnown.filter((o) => o.er === o.c.er).length;
  const erNear = erKnown.filter((o) => Math.abs(Number(o.er) - Number(o.c.er)) <= 0.1001).length;
  let line = `  ER exact ${pct(erExact, erKnown.length)}, within 0.1 ${pct(erNear, erKnown.length)}`;
  const withEp = withEr.filter((o) => o.c.ep);
  if (withEp.length > 0) {
    const epKnown = withEp.filter((o) => o.ep !== null);
    const edKnown = withEp.filter((o) => o.ed !== null);
    line += `; EP exact ${pct(epKnown.filter((o) => o.ep === o.c.ep).length, epKnown.length)}`;
    line += `, ED exact ${pct(edKnown.filter((o) => o.ed === o.c.ed).length, edKnown.length)}`;
  }
  console.log(line);
  const classes = new Map<string, number>();
  const add = (key: string) => classes.set(key, (classes.get(key) ?? 0) + 1);
  for (const o of withEr) {
    if (!o.finished) add(`not finished: ${o.reason.replace(/ \(.*/, '')}`);
    const checks: [string, string | null, string | undefined, string][] = [
      ['ER', o.er, o.c.er, o.erBy],
      ['EP', o.ep, o.c.ep, o.epBy],
      ['ED', o.ed, o.c.ed, o.edBy],
    ];
    for (const [what, ours, theirs, by] of checks) {
      if (ours === null || !theirs || ours === theirs) continue;
      add(`${what} ${Number(ours) < Number(theirs) ? 'below' : 'above'} SE (ours: ${by})`);
    }
  }
  const rows = [...classes].sort((a, b) => b[1] - a[1]);
  if (rows.length > 0) console.log(`  mismatches by class:\n${rows.map(([k, v]) => `    ${String(v).padStart(4)}  ${k}`).join('\n')}`);
}

export async function run(): Promise<void> {
  const root = dataDir();
  const limit = Number(option('--limit') ?? Infinity);
  const every = Number(option('--every') ?? 1);
  const budgetMs = Number(option('--budget-ms') ?? 10_000);
  const serEvery = Number(option('--ser-every') ?? 100);
  const wanted = (option('--sets') ?? 'sample,royle,forum').split(',');
  const from = option('--from');
  if (from) {
    report(`forum HardestDatabase110626 (ER/EP/ED), rows of ${path.basename(from)}`, fromRows(from, forumHardest(root)));
    return;
  }
  const sets: [string, string, () => Case[]][] = [
    ['sample', 'SE sample (speed)', () => seSample(root)],
    ['royle', `Royle 17-clue, every ${serEvery}th (SER)`, () => royle17(root, serEvery)],
    ['forum', 'forum HardestDatabase110626 (ER/EP/ED)', () => forumHardest(root)],
  ];
  console.log(`\nSE rating benchmark (budget ${budgetMs} ms per puzzle)`);
  for (const [key, label, load] of sets) {
    if (!wanted.includes(key)) continue;
    const cases = load()
      .filter((_, i) => i % every === 0)
      .slice(0, limit);
    report(every > 1 ? `${label}, every ${every}th` : label, cases.map((c) => rateCase(c, budgetMs)));
  }
}

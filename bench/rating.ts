/**
 * Sudoku Explainer compatibility and speed of the rating engine.
 *   node dist/bench.js rating [--limit N] [--budget-ms N] [--ser-every N]
 * Agreement with published ratings: the forum's HardestDatabase110626 (ER/EP/ED) and the SER of
 * Royle's 17-clue puzzles (every Nth, default 100); speed on the 300-puzzle SE sample.
 * Mismatches are grouped by our hardest technique: the confusion table to work from.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { candidatesOfText } from '../server/src/engine/parse';
import { type Rating, ratePuzzle, seFormat } from '../server/src/engine/rate';
import { dataDir, option, percentile } from './common';

export const name = 'rating';

interface Case {
  puzzle: string;
  er?: string;
  ep?: string;
  ed?: string;
}

const norm = (x: string): string => Number(x).toFixed(1);

function forumHardest(root: string): Case[] {
  return readFileSync(path.join(root, 'forum-hardest-110626', 'HardestDatabase110626.txt'), 'utf8')
    .split('\n')
    .map((l) => l.split(','))
    .filter((f) => f[0].length === 81 && /^[1-9.]+$/.test(f[0]) && f[5])
    .map((f) => ({ puzzle: f[0], er: norm(f[5]), ep: norm(f[6]), ed: norm(f[7]) }));
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

interface Outcome {
  c: Case;
  rating: Rating;
  ms: number;
}

function report(label: string, outcomes: Outcome[]): void {
  const n = outcomes.length;
  const pct = (k: number, of = known.length): string => `${((100 * k) / of).toFixed(1)}% of ${of}`;
  const ms = outcomes.map((o) => o.ms);
  const status = new Map<string, number>();
  for (const o of outcomes) status.set(o.rating.status, (status.get(o.rating.status) ?? 0) + 1);
  console.log(`\n${label}: ${n} puzzles; ${[...status].map(([s, k]) => `${s} ${k}`).join(', ')}`);
  console.log(`  time per puzzle: median ${percentile(ms, 50).toFixed(1)} ms, p90 ${percentile(ms, 90).toFixed(1)} ms, max ${Math.max(...ms).toFixed(0)} ms`);
  // A rating cut off by its budget has no final ER: agreement is over the finished ones.
  const unfinished = outcomes.filter((o) => o.c.er && (o.rating.status === 'budget' || o.rating.status === 'cancelled')).length;
  const known = outcomes.filter((o) => o.c.er && o.rating.status !== 'budget' && o.rating.status !== 'cancelled');
  if (unfinished > 0) console.log(`  ${unfinished} rating(s) over budget: left out of the agreement figures`);
  if (known.length === 0) return;
  const ours = (o: Outcome) => (o.rating.status === 'stuck' ? '20.0' : seFormat(o.rating.er));
  const erExact = known.filter((o) => ours(o) === o.c.er).length;
  const erNear = known.filter((o) => Math.abs(Number(ours(o)) - Number(o.c.er)) <= 0.1001).length;
  let line = `  ER exact ${pct(erExact)}, within 0.1 ${pct(erNear)}`;
  const withEp = known.filter((o) => o.c.ep);
  if (withEp.length > 0) {
    const epExact = withEp.filter((o) => seFormat(o.rating.ep) === o.c.ep).length;
    const edExact = withEp.filter((o) => seFormat(o.rating.ed) === o.c.ed).length;
    line += `, EP exact ${pct(epExact)}, ED exact ${pct(edExact)}`;
  }
  console.log(line);
  const classes = new Map<string, number>();
  for (const o of known) {
    if (ours(o) === o.c.er) continue;
    const why = o.rating.status === 'solved' ? `hardest ${o.rating.hardest?.technique}` : o.rating.status;
    const key = `${Number(ours(o)) < Number(o.c.er) ? 'below' : 'above'} SE, ${why}`;
    classes.set(key, (classes.get(key) ?? 0) + 1);
  }
  const top = [...classes].sort((a, b) => b[1] - a[1]).slice(0, 12);
  if (top.length > 0) console.log(`  mismatches by class:\n${top.map(([k, v]) => `    ${String(v).padStart(4)}  ${k}`).join('\n')}`);
}

export async function run(): Promise<void> {
  const root = dataDir();
  const limit = Number(option('--limit') ?? Infinity);
  const budgetMs = Number(option('--budget-ms') ?? 10_000);
  const every = Number(option('--ser-every') ?? 100);
  const sets: [string, Case[]][] = [
    ['SE sample (speed)', seSample(root)],
    [`Royle 17-clue, every ${every}th (SER)`, royle17(root, every)],
    ['forum HardestDatabase110626 (ER/EP/ED)', forumHardest(root)],
  ];
  console.log(`\nSE rating benchmark (budget ${budgetMs} ms per puzzle)`);
  for (const [label, cases] of sets) {
    const outcomes: Outcome[] = [];
    for (const c of cases.slice(0, limit)) {
      const start = performance.now();
      const rating = ratePuzzle(candidatesOfText(c.puzzle), false, { unique: true, budgetMs });
      outcomes.push({ c, rating, ms: performance.now() - start });
    }
    report(label, outcomes);
  }
}

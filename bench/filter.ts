/**
 * What early stopping saves a filter (`rate --where`, `--diamond`, `--pearl`).
 *   node dist/bench.js filter [--limit N]
 * The first N (default 10,000) puzzles of the Sudoku Exchange diabolical bank, in one process, one
 * core: each filter through the job the CLI's workers run (jobs/filterJob.ts), beside rating them
 * all as `rate` does (job `row`, SE only). CPU time per pass, how many ratings stopped early, and
 * whether each filter kept exactly the puzzles the full ratings say it should.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseWhere } from '../server/src/cli/where';
import { DEFAULT_RATING_BUDGET_MS } from '../server/src/engine/se/rate';
import { runFilterJob } from '../server/src/jobs/filterJob';
import { DIAMOND, PEARL, type Where, evaluate, summarySe } from '../server/src/jobs/filterLogic';
import type { RatingSummary } from '../server/src/engine/se/rate';
import { runRowJob } from '../server/src/jobs/rowJobs';
import { cpuMs, dataDir, option } from './common';

export const name = 'filter';

/** The bank's lines are `hash puzzle rating`; the puzzle with '.' for empty cells, as the CLI hands it on. */
function diabolical(limit: number): string[] {
  return readFileSync(path.join(dataDir(), 'sudoku-exchange-puzzle-bank', 'diabolical.txt'), 'utf8')
    .split('\n')
    .map((l) => l.split(/\s+/)[1] ?? '')
    .filter((p) => /^\d{81}$/.test(p))
    .slice(0, limit)
    .map((p) => p.replace(/0/g, '.'));
}

/** CPU milliseconds of `run` over all puzzles. */
function cpu(puzzles: readonly string[], run: (text: string) => void): number {
  return cpuMs(() => {
    for (const text of puzzles) run(text);
  });
}

export async function run(): Promise<void> {
  const puzzles = diabolical(Number(option('--limit') ?? 10_000));
  console.log(`\n## Filters with early stopping: ${puzzles.length} puzzles of the diabolical bank, one core\n`);
  const budgetMs = DEFAULT_RATING_BUDGET_MS;
  // Untimed: the JIT warms up on the engine first, or the first pass pays for it.
  cpu(puzzles.slice(0, 300), (text) => runRowJob({ text, budgetMs, se: true, bliss: null, w: null }));
  const full = new Map<string, RatingSummary | null>();
  const all = cpu(puzzles, (text) => full.set(text, runRowJob({ text, budgetMs, se: true, bliss: null, w: null }).se));
  const rows = [`| pass | kept | ratings stopped early | CPU s | vs rating all | kept as the full ratings say |`, `|---|---:|---:|---:|---:|---:|`];
  rows.push(`| rate (all rated) | ${puzzles.length} | – | ${(all / 1000).toFixed(1)} | 100% | – |`);
  const filters: [string, Where][] = [
    ["--where 'er>=9'", parseWhere('er>=9')],
    ["--where 'er<=6'", parseWhere('er<=6')],
    ["--where 'ed>=2'", parseWhere('ed>=2')],
    ['--diamond', DIAMOND],
    ['--pearl', PEARL],
  ];
  for (const [label, where] of filters) {
    let kept = 0;
    let stopped = 0;
    const decisions: [string, boolean][] = [];
    const ms = cpu(puzzles, (text) => {
      const r = runFilterJob({ text, where, known: {}, budgetMs, bliss: { variant: 'classic', maxLevel: 2 } });
      if (r.keep) kept++;
      if (r.stoppedEarly) stopped++;
      decisions.push([text, r.keep]);
    });
    // Ratings that ran out of their budget decide nothing: they are left out of the count.
    const finished = decisions.filter(([text]) => ['solved', 'stuck'].includes(full.get(text)?.status ?? ''));
    const same = finished.filter(([text, keep]) => keep === (evaluate(where, { se: summarySe(full.get(text)!) }) === true)).length;
    rows.push(`| ${label} | ${kept} | ${stopped} | ${(ms / 1000).toFixed(1)} | ${((100 * ms) / all).toFixed(0)}% | ${same} of ${finished.length} |`);
    console.log(rows[rows.length - 1]);
  }
  console.log(rows.join('\n'));
}

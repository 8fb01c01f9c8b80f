/**
 * The generator's speed, one core, CPU time (user + system):
 *   node dist/bench.js generate [--limit N] [--every N]
 * - random minimal classic puzzles (no symmetry; then each symmetry on a tenth as many): per
 *   second, with their mean clue count;
 * - "ER ≥ 9" puzzles per hour: the same N (--every, default 2,000) random minimal puzzles put
 *   through `--where 'er>=9'` as `generate` runs it (jobs/filterJob.ts, the rating stopped once
 *   decided) and rated whole then compared (no early stopping); the hourly figure is extrapolated
 *   from the share of such puzzles and the CPU time per candidate.
 * Both passes see the same candidates (the same seed), interleaved in chunks so that both see the
 * same machine load.
 */
import { Budget } from '../server/src/engine/core/budget';
import { type ClueSymmetry, CLUE_SYMMETRIES, type GenerateSpec, generatePuzzle, itemRandom } from '../server/src/engine/generate';
import { DEFAULT_RATING_BUDGET_MS } from '../server/src/engine/se/rate';
import { runFilterJob } from '../server/src/jobs/filterJob';
import { parseWhere } from '../server/src/cli/where';
import { runRowJob } from '../server/src/jobs/rowJobs';
import { cpuMs, option } from './common';

export const name = 'generate';

const spec = (symmetry: ClueSymmetry): GenerateSpec => ({ variant: 'classic', symmetry, clues: [0, 81], minimal: 'orbits', grid: null, pattern: null });


function puzzles(symmetry: ClueSymmetry, count: number, seed: number): { ms: number; clues: number; list: string[] } {
  const list: string[] = [];
  let clues = 0;
  const ms = cpuMs(() => {
    for (let k = 0; k < count; k++) {
      const g = generatePuzzle(spec(symmetry), itemRandom(seed, k), new Budget(60_000));
      clues += g.clues;
      list.push(g.puzzle);
    }
  });
  return { ms, clues: clues / count, list };
}

export async function run(): Promise<void> {
  const count = Number(option('--limit') ?? 20_000);
  const every = Number(option('--every') ?? 2_000);
  console.log(`\n## Generator: ${count} random minimal classic puzzles, one core (CPU time)\n`);
  puzzles('none', 500, 99); // untimed: the JIT warms up first
  const rows = ['| symmetry | puzzles | CPU s | puzzles/s/core | mean clues |', '|---|---:|---:|---:|---:|'];
  for (const symmetry of CLUE_SYMMETRIES) {
    const n = symmetry === 'none' ? count : Math.max(100, Math.round(count / 10));
    const r = puzzles(symmetry, n, 1);
    rows.push(`| ${symmetry} | ${n} | ${(r.ms / 1000).toFixed(2)} | ${Math.round((1000 * n) / r.ms)} | ${r.clues.toFixed(2)} |`);
  }
  console.log(rows.join('\n'));

  console.log(`\n## "ER >= 9" among ${every} random minimal puzzles: with and without early stopping\n`);
  const where = parseWhere('er>=9');
  const budgetMs = DEFAULT_RATING_BUDGET_MS;
  let genMs = 0;
  let earlyMs = 0;
  let wholeMs = 0;
  let keptEarly = 0;
  let keptWhole = 0;
  const chunk = 100;
  for (let from = 0; from < every; from += chunk) {
    const batch = puzzles('none', Math.min(chunk, every - from), 1000 + from);
    genMs += batch.ms;
    earlyMs += cpuMs(() => {
      for (const text of batch.list) if (runFilterJob({ text, where, known: { analysis: { clues: null, solutions: 1 } }, budgetMs, bliss: { variant: 'classic', maxLevel: 2 } }).keep) keptEarly++;
    });
    wholeMs += cpuMs(() => {
      for (const text of batch.list) {
        const se = runRowJob({ text, budgetMs, se: true, bliss: null, w: null }).se;
        if (se && (se.status === 'stuck' || (se.status === 'solved' && se.er >= 8.95))) keptWhole++;
      }
    });
  }
  const perHour = (kept: number, ms: number): string => (kept === 0 ? `< ${Math.round((3_600_000 / (genMs + ms)) * every)} (none found)` : String(Math.round((3_600_000 * kept) / (genMs + ms))));
  console.log(
    [
      '| pass | candidates | ER ≥ 9 found | CPU s (generation + rating) | ER ≥ 9 puzzles/hour/core (extrapolated) |',
      '|---|---:|---:|---:|---:|',
      `| early stopping (generate --where) | ${every} | ${keptEarly} | ${((genMs + earlyMs) / 1000).toFixed(1)} | ${perHour(keptEarly, earlyMs)} |`,
      `| whole ratings, compared after | ${every} | ${keptWhole} | ${((genMs + wholeMs) / 1000).toFixed(1)} | ${perHour(keptWhole, wholeMs)} |`,
    ].join('\n'),
  );
}

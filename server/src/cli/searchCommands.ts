/**
 * `sudoku-lens search-pattern` and `search17`: the exhaustive UA searches (engine/ua) on a
 * worker thread (dist/ratingWorker.js, jobs/uaJobs.ts), so the main thread draws the progress and
 * answers Ctrl-C (puzzles already printed stay; exit 130). Puzzles go to stdout one per line
 * (or one JSON object per grid), summaries to stderr.
 */
import { DEFAULT_NODE_BUDGET } from '../engine/core/analyze';
import { patternClues } from '../engine/core/parse';
import { elapsed } from '../engine/ua/uaTargets';
import type { ClueJob, PatternGridDone, PatternJob, SearchEvent } from '../jobs/uaJobs';
import type { JobArg, JobResult } from '../jobs/table';
import { runJob } from '../jobs/workers';
import { plural } from '../engine/core/format';
import { BUDGET_NODES, type OptionValues, budgetMs, command, json, valued } from './command';
import { ARGUMENT } from './inputs';
import { UsageError, cliWorkers, positiveInt } from './io';
import { writeOut } from './stdout';
import { Progress } from './progress';
import { type GridInput, gridOrigin, readGrids, readPatterns } from './uaInputs';

const PATTERN_USAGE = `  sudoku-lens search-pattern PATTERN --grids GRID|PUZZLE|FILE... [--json] [--budget-ms N]
                                 every unique puzzle with the clue pattern (81 chars of x and ., or a
                                 file of pattern lines or 9-row x/. grids) in the solution grids given
                                 (required: grids, or unique puzzles whose solutions are used);
                                 --budget-ms for the whole search (default 600000)`;

const SEARCH17_USAGE = `  sudoku-lens search17 GRID|PUZZLE|FILE... [--clues N] [--json] [--budget-ms N]
                                 every puzzle of N clues (default 17) whose solution is the grid;
                                 --budget-ms per grid (default 600000)`;

const PATTERN_OPTIONS = {
  grids: { ...valued('GRID|PUZZLE|FILE', 'the solution grids searched (required; further arguments are grids too)'), multiple: true as const },
  json: json('grid'),
  'budget-ms': budgetMs('for the whole search (default 600000)'),
  'budget-nodes': BUDGET_NODES,
};

const SEARCH17_OPTIONS = {
  clues: valued('N', 'the clue count of the puzzles (default 17, 8 to 40)'),
  json: json('grid'),
  'budget-ms': budgetMs('per grid (default 600000)'),
  'budget-nodes': BUDGET_NODES,
};

/** What both searches read the same way. */
type SearchOptions = OptionValues<Pick<typeof SEARCH17_OPTIONS, 'budget-ms' | 'budget-nodes'>>;

const SEARCH_BUDGET_MS = 600_000;

/**
 * Runs a job of dist/ratingWorker.js on its own thread, drawing its progress on stderr and
 * passing its other events on. Ctrl-C stops the worker and exits with status 130.
 */
async function inWorker<K extends 'patternSearch' | 'clueSearch'>(
  name: K,
  job: JobArg<K>,
  label: string,
  onEvent: (e: SearchEvent, progress: Progress | null) => void,
): Promise<JobResult<K>> {
  const pool = cliWorkers().pool(1);
  let progress = null as Progress | null; // created by the first progress event, which knows the total
  let shown = 0;
  const onInterrupt = (): void => {
    progress?.clear();
    process.stderr.write(`sudoku-lens: ${label} interrupted\n`);
    void pool.terminate(true);
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);
  try {
    const on = (e: SearchEvent): void => {
      if (e.kind === 'progress') {
        progress ??= new Progress(e.total, label);
        progress.tick(e.done - shown);
        shown = e.done;
      }
      onEvent(e, progress);
    };
    return await runJob(pool, name, job, on);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    progress?.finish();
    await pool.terminate();
  }
}

function budgetOf(values: SearchOptions): number {
  return positiveInt('budget-ms', values['budget-ms'], SEARCH_BUDGET_MS);
}

function gridsOf(args: string[], values: SearchOptions): { grids: GridInput[]; errors: number } {
  return readGrids(args, positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET));
}

/** search-pattern PATTERN --grids …: the grids are --grids' values and any further arguments. */
async function runSearchPattern(args: string[], values: OptionValues<typeof PATTERN_OPTIONS>): Promise<number> {
  const [patternArg, ...rest] = args;
  if (!patternArg) throw new UsageError("'search-pattern' needs a PATTERN (81 chars of 'x' and '.', or a file)");
  const gridArgs = [...(values.grids ?? []), ...rest];
  if (gridArgs.length === 0) {
    throw new UsageError("'search-pattern' needs solution grids: --grids GRID|PUZZLE|FILE... (no grids are made up)");
  }
  const patterns = readPatterns(patternArg);
  const budgetMs = budgetOf(values);
  const { grids, errors } = gridsOf(gridArgs, values);
  if (grids.length === 0) throw new UsageError(`no solution grid in ${gridArgs.join(' ')}`);
  let stopped = false;
  let found = 0;
  const t0 = performance.now();
  for (const p of patterns) {
    const name = p.file === ARGUMENT ? 'PATTERN' : `${p.file}:${p.line}`;
    const label = `search-pattern ${name}`;
    let next = 0;
    const print = (done: PatternGridDone, progress: Progress | null): void => {
      const g = grids[next++];
      progress?.clear();
      found += done.puzzles.length;
      if (values.json) {
        const row = { pattern: p.pattern, patternFile: p.file, patternLine: p.line, file: g.file, line: g.line, grid: g.grid, source: g.source, puzzles: done.puzzles, ms: Math.round(done.ms) };
        writeOut(`${JSON.stringify(row)}\n`);
      } else {
        if (done.puzzles.length > 0) writeOut(`${done.puzzles.join('\n')}\n`);
        process.stderr.write(`${name} (${plural(patternClues(p.pattern), 'clue')}) in ${gridOrigin(g)}: ${plural(done.puzzles.length, 'puzzle')}, ${elapsed(done.ms)}\n`);
      }
    };
    const job: PatternJob = { pattern: p.pattern, grids: grids.map((g) => g.grid), budgetMs };
    const r = await inWorker('patternSearch', job, label, (e, progress) => {
      if (e.kind === 'grid') print(e.result, progress);
    });
    if (r.stopped) {
      stopped = true;
      process.stderr.write(`${name}: stopped by --budget-ms ${budgetMs} after ${r.grids.length} of ${plural(grids.length, 'grid')}: the list is incomplete\n`);
    }
  }
  process.stderr.write(`${plural(found, 'puzzle')} in ${elapsed(performance.now() - t0)}\n`);
  return stopped || errors > 0 ? 1 : 0;
}

/** search17 GRID…: every puzzle of --clues clues in each grid. */
async function runSearch17(args: string[], values: OptionValues<typeof SEARCH17_OPTIONS>): Promise<number> {
  if (args.length === 0) throw new UsageError("'search17' needs a solution grid, a puzzle or a file");
  const clues = positiveInt('clues', values.clues, 17);
  if (clues < 8 || clues > 40) throw new UsageError(`--clues takes 8 to 40, not ${clues} (no puzzle has fewer than 17 clues; more than 40 are too many to list)`);
  const budgetMs = budgetOf(values);
  const { grids, errors } = gridsOf(args, values);
  let stopped = false;
  for (const g of grids) {
    const job: ClueJob = { grid: g.grid, clues, budgetMs };
    const r = await inWorker('clueSearch', job, `search17 ${g.file === ARGUMENT ? 'GRID' : `${g.file}:${g.line}`}`, () => undefined);
    if (!r.puzzles) stopped = true;
    if (values.json) {
      const row = { file: g.file, line: g.line, grid: g.grid, source: g.source, clues, puzzles: r.puzzles, ms: Math.round(r.ms) };
      writeOut(`${JSON.stringify(r.puzzles ? row : { ...row, reason: `over the budget of ${budgetMs} ms` })}\n`);
    } else if (r.puzzles) {
      if (r.puzzles.length > 0) writeOut(`${r.puzzles.join('\n')}\n`);
      process.stderr.write(`${gridOrigin(g)}: ${plural(r.puzzles.length, 'puzzle')} of ${clues} clues, ${elapsed(r.ms)}\n`);
    } else {
      process.stderr.write(`${gridOrigin(g)}: stopped by --budget-ms ${budgetMs}: no list (the search finds all or nothing)\n`);
    }
  }
  return stopped || errors > 0 ? 1 : 0;
}

export const SEARCH_PATTERN = command({ name: 'search-pattern', usage: PATTERN_USAGE, options: PATTERN_OPTIONS, run: runSearchPattern });

export const SEARCH17 = command({ name: 'search17', usage: SEARCH17_USAGE, options: SEARCH17_OPTIONS, run: runSearch17 });

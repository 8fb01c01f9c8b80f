/**
 * `sudoku-lens stats`: a collection's statistics (engine/collectionStats.ts) over files or a stream.
 * Each puzzle is analysed here and rated on the worker threads (job `row`, as `rate` does), a
 * bounded number in flight; the statistics take each result as it comes, so memory does not grow
 * with the puzzles. Ctrl-C prints the statistics of the puzzles rated so far, says so on stderr
 * and exits 130.
 */
import type workerpool from 'workerpool';
import { DEFAULT_NODE_BUDGET, analyzePuzzle } from '../engine/core/analyze';
import { type CollectionStatistics, CollectionStats, type HistogramKind, OUTCOMES, OUTCOME_TEXT, type StatsPuzzle } from '../engine/collectionStats';
import { plural } from '../engine/core/format';
import type { Puzzle } from '../engine/core/parse';
import { puzzleFindings } from '../engine/core/puzzleFindings';
import { DEFAULT_RATING_BUDGET_MS } from '../engine/se/rate';
import { diagnosticLines } from '../jobs/findingLines';
import { type RowJob, runRowJob } from '../jobs/rowJobs';
import { BUDGET_NODES, VARIANT, type OptionValues, budgetMs, command, flag, valued } from './command';
import { inputArgs, listInputs, puzzlesIn } from './inputs';
import { UsageError, cliWorkers, positiveInt } from './io';
import { jobRunner, lookAhead, workersOption } from './jobRunner';
import { lineProgress } from './lineProgress';
import { csvLine } from './output';
import { classicObstacle, puzzleVariant, variantOption } from './ratingOptions';
import { writeOut } from './stdout';
import { workerCrash } from './workerFailure';

const STATS_USAGE = `  sudoku-lens stats FILE|-... [--method se|w|all] [--json|--csv] [--budget-ms N] [--workers N]
                            [--correct-bias]
                                 statistics of a collection: per SE technique the puzzles using it,
                                 those where it is the hardest and its steps; histograms of ER, EP,
                                 ED (SE's printed values), W and clue counts; what became of each
                                 puzzle (rated, several solutions, invalid, …). --csv: one table
                                 kind,value,puzzles,hardest,steps (kind: total, outcome, technique,
                                 er, ep, ed, w, clues); Ctrl-C prints the statistics so far.
                                 --correct-bias: the collection is a controlled-bias sample
                                 (generate --method controlled-bias); each histogram's shares and
                                 mean/sd also as Berthier's unbiased estimates (an n-clue puzzle
                                 weighs cf(n)); --csv then adds columns share,corrected`;

const STATS_OPTIONS = {
  method: valued('se|w|all', "SE's rating (default), Berthier's W, or both"),
  json: flag('the statistics as one JSON object'),
  csv: flag('the statistics as one CSV table: kind,value,puzzles,hardest,steps'),
  'correct-bias': flag("unbiased estimates from a controlled-bias sample (Berthier's cf(n) weights)"),
  'budget-ms': budgetMs('per puzzle and method (default 10000)'),
  workers: valued('N', 'parallel ratings (default: the available cores)'),
  variant: VARIANT,
  'budget-nodes': BUDGET_NODES,
};

type StatsOptions = OptionValues<typeof STATS_OPTIONS>;

const METHODS: Record<string, { se: boolean; w: boolean }> = { se: { se: true, w: false }, w: { se: false, w: true }, all: { se: true, w: true } };

/** Columns right-aligned after a left-aligned first one. */
function table(rows: (string | number)[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ').trimEnd());
}

const BAR_WIDTH = 40;

const percent = (fraction: number): string => `${(100 * fraction).toFixed(2)}%`;
const fixed = (x: number): string => x.toFixed(3);

/**
 * One histogram: each value, its puzzles and a bar of `#` scaled to the largest; with the bias
 * corrected, each value's share counted and corrected, and the mean/sd both ways below.
 */
function histogram(title: string, kind: HistogramKind, s: CollectionStatistics): string[] {
  const bins = s.histograms[kind];
  if (bins.length === 0) return [`${title}: none`];
  const most = Math.max(...bins.map((b) => b.puzzles));
  const corrected = s.corrected?.histograms[kind];
  const rows = corrected
    ? table([[title, 'puzzles', 'share', 'corrected'], ...corrected.map((b, i) => [b.value, bins[i].puzzles, percent(b.share), percent(b.corrected)])])
    : table([[title, 'puzzles'], ...bins.map((b) => [b.value, b.puzzles])]);
  const lines = rows.map((row, i) => (i === 0 ? row : `${row}  ${'#'.repeat(Math.max(1, Math.round((BAR_WIDTH * bins[i - 1].puzzles) / most)))}`));
  const m = s.corrected?.moments[kind];
  if (m) lines.push(`mean ${fixed(m.raw.mean)} (sd ${fixed(m.raw.sd)}), corrected ${fixed(m.corrected.mean)} (sd ${fixed(m.corrected.sd)})`);
  return lines;
}

export function statsText(s: CollectionStatistics): string {
  const outcomes = OUTCOMES.filter((o) => s.outcomes[o] > 0).map((o) => [`  ${OUTCOME_TEXT[o]}`, s.outcomes[o]]);
  const lines = table([[plural(s.puzzles, 'puzzle'), ''], ...outcomes]);
  if (s.methods.se) {
    const corrected = s.corrected?.techniques;
    const techniques = corrected
      ? table([
          ['technique', 'puzzles', 'hardest', 'steps', 'uses', 'corrected', 'hardest', 'corrected'],
          ...s.techniques.map((t, i) => [t.technique, t.puzzles, t.hardest, t.steps, percent(corrected[i].uses.share), percent(corrected[i].uses.corrected), percent(corrected[i].hardest.share), percent(corrected[i].hardest.corrected)]),
        ])
      : table([['technique', 'puzzles', 'hardest', 'steps'], ...s.techniques.map((t) => [t.technique, t.puzzles, t.hardest, t.steps])]);
    lines.push('', ...techniques);
    for (const kind of ['er', 'ep', 'ed'] as const) lines.push('', ...histogram(kind.toUpperCase(), kind, s));
  }
  if (s.methods.w) {
    lines.push('', ...histogram('W', 'w', s));
    if (s.wWithout > 0) lines.push(`(${plural(s.wWithout, 'puzzle')} without a W: not solvable with whips up to length 20, or over budget)`);
  }
  lines.push('', ...histogram('clues', 'clues', s));
  if (s.corrected) lines.push('', "(corrected: each n-clue puzzle weighs Berthier's cf(n), cf(26) = 1; meaningful for a controlled-bias sample only)");
  return `${lines.join('\n')}\n`;
}

/**
 * The CSV table. With the bias corrected, two more columns: a bin's (or a technique's users')
 * share and its corrected share, as fractions; and rows `mean`/`sd` per numeric histogram (value:
 * its kind) carrying the counted figure in `share` and the corrected one in `corrected`.
 */
export function statsCsv(s: CollectionStatistics): string {
  const c = s.corrected;
  const header = ['kind', 'value', 'puzzles', 'hardest', 'steps', ...(c ? ['share', 'corrected'] : [])];
  const rows: (string | number | null)[][] = [header, ['total', null, s.puzzles, null, null]];
  for (const o of OUTCOMES) rows.push(['outcome', o, s.outcomes[o], null, null]);
  s.techniques.forEach((t, i) => rows.push(['technique', t.technique, t.puzzles, t.hardest, t.steps, ...(c ? [c.techniques[i].uses.share, c.techniques[i].uses.corrected] : [])]));
  const bins = (kind: HistogramKind) => s.histograms[kind].map((b, i) => [kind, b.value, b.puzzles, null, null, ...(c ? [c.histograms[kind][i].share, c.histograms[kind][i].corrected] : [])]);
  const kinds: HistogramKind[] = [...(s.methods.se ? (['er', 'ep', 'ed'] as const) : []), ...(s.methods.w ? (['w'] as const) : []), 'clues'];
  for (const kind of kinds) {
    rows.push(...bins(kind));
    if (kind === 'w') rows.push(['w', 'none', s.wWithout, null, null]);
    const m = c?.moments[kind];
    if (m) rows.push(['mean', kind, null, null, null, m.raw.mean, m.corrected.mean], ['sd', kind, null, null, null, m.raw.sd, m.corrected.sd]);
  }
  return rows.map((r) => `${csvLine(r)}\n`).join('');
}

async function runStats(args: string[], values: StatsOptions): Promise<number> {
  const named = inputArgs(args, "'stats' needs at least one file or '-'");
  const method = values.method ?? 'se';
  if (!Object.hasOwn(METHODS, method)) throw new UsageError(`--method takes se, w or all, not '${method}'`);
  if (values.json && values.csv) throw new UsageError('--json and --csv exclude each other');
  const methods = METHODS[method];
  const defaultVariant = variantOption(values.variant);
  const nodeBudget = positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET);
  const budget = positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS);
  const workers = workersOption(values);
  const inputs = listInputs(named, false);
  const pool: workerpool.Pool | null = workers > 1 ? cliWorkers().pool(workers) : null;
  const stats = new CollectionStats(methods, values['correct-bias'] === true);
  const progress = lineProgress(inputs, 'stats');
  const print = (): void => writeOut(values.json ? `${JSON.stringify(stats.result())}\n` : values.csv ? statsCsv(stats.result()) : statsText(stats.result()));

  const rate = jobRunner(pool, 'row', runRowJob);
  let failures = 0;
  /** A puzzle's statistics input; a worker that dies gets the puzzle once more, then it counts as unrated. */
  const measure = async (file: string, puzzle: Puzzle): Promise<StatsPuzzle> => {
    const analysis = analyzePuzzle(puzzle, { nodeBudget, defaultVariant });
    const base: StatsPuzzle = { status: analysis?.status ?? null, clues: analysis?.givens ?? null };
    // A line that is no puzzle: counted as unreadable, and located on stderr (the stream goes on).
    const problems = analysis ? [] : diagnosticLines(file, puzzleFindings(puzzle, { analysis }));
    if (problems.length > 0) {
      progress?.clear();
      process.stderr.write(`${problems.join('\n')}\n`);
    }
    const variant = puzzleVariant(puzzle, defaultVariant);
    const job: RowJob | null =
      puzzle.text && classicObstacle(analysis, variant, 'SE') === null
        ? { text: puzzle.text, budgetMs: budget, se: methods.se, bliss: null, w: methods.w ? 'w' : null }
        : null;
    if (!job) return base;
    try {
      const r = await rate(job);
      return { ...base, se: r.se, w: r.w ? r.w.w.rating : undefined };
    } catch (err) {
      failures++;
      progress?.clear();
      process.stderr.write(`${file}:${puzzle.line + 1}: rating failed: ${workerCrash(err) ?? (err as Error).message.split('\n')[0]}\n`);
      return base;
    }
  };

  const onInterrupt = (): void => {
    progress?.clear();
    process.stderr.write(`sudoku-lens: interrupted: the statistics of the ${plural(stats.result().puzzles, 'puzzle')} rated so far\n`);
    print();
    void pool?.terminate(true);
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);
  const window = lookAhead(pool, workers);
  const inFlight = new Set<Promise<void>>();
  try {
    for (const input of inputs) {
      for await (const { puzzle } of puzzlesIn(input)) {
        const task: Promise<void> = measure(input.name, puzzle).then((p) => {
          stats.add(p);
          inFlight.delete(task);
          progress?.reached(input, puzzle.range.end.line + 1);
        });
        inFlight.add(task);
        if (inFlight.size >= window) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
      progress?.reached(input, Infinity);
    }
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    progress?.finish();
    await pool?.terminate();
  }
  print();
  return failures > 0 ? 1 : 0;
}

export const STATS = command({ name: 'stats', usage: STATS_USAGE, options: STATS_OPTIONS, run: runStats });

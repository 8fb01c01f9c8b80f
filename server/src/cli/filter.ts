/**
 * `rate --where EXPR`, `--diamond`, `--pearl` and `check --where EXPR`: keep the puzzles for which
 * the expression holds and print their lines as they were given, so filters chain through pipes.
 * Each puzzle is analysed here (clues, solutions, whether SE can rate it); what the expression
 * still needs runs as job `filter` (jobs/filterJob.ts) on the workers, or in-process, and stops
 * as soon as the outcome is decided. Kept puzzles come out in input order. A shard (`--shard I/N`)
 * decides its own items only and puts the variant line before each kept one, which `merge` keeps
 * only where one run would have printed it.
 */
import workerpool from 'workerpool';
import { analyzePuzzle } from '../engine/core/analyze';
import type { Variant } from '../engine/bliss';
import { plural } from '../engine/core/format';
import type { Puzzle } from '../engine/core/parse';
import { puzzleFindings } from '../engine/core/puzzleFindings';
import { type FilterJob, runFilterJob } from '../jobs/filterJob';
import { DIAMOND, type Known, PEARL, type Where, allOf, evaluate, sourcesOf } from '../jobs/filterLogic';
import { diagnosticLines, hasError } from '../jobs/findingLines';
import { flag, valued } from './command';
import { type ReadPuzzle, inputArgs, listInputs } from './inputs';
import { UsageError, cliWorkers } from './io';
import { jobRunner, lookAhead } from './jobRunner';
import { inOrder } from './ordered';
import { type PuzzleItem, type RunSpec, openShardRun, runPuzzles } from './shardRun';
import { lineProgress } from './lineProgress';
import { blissObstacle, classicObstacle, puzzleVariant } from './ratingOptions';
import { workerCrash } from './workerFailure';
import { parseWhere } from './where';

export const WHERE_OPTION = valued('EXPR', "keep the puzzles for which EXPR holds, printing their lines as given (e.g. 'er>=9 and uses(\"Nishio Forcing Chains\")')");
export const DIAMOND_OPTION = flag("keep the diamonds (ER = EP = ED, as serate's --diamond): each rating stops once it cannot be one");
export const PEARL_OPTION = flag("keep the pearls (ER = EP, as serate's --pearl): each rating stops once it cannot be one");

export interface FilterOptions {
  where?: string;
  diamond?: boolean;
  pearl?: boolean;
}

/** The filter the options ask for: --where, --diamond and --pearl must all hold; null when none is given. */
export function filterOf(o: FilterOptions): Where | null {
  return allOf([...(o.where !== undefined ? [parseWhere(o.where)] : []), ...(o.diamond ? [DIAMOND] : []), ...(o.pearl ? [PEARL] : [])]);
}

/** A filter prints lines as given: rate's row options mean nothing then. */
export function refuseRowOptions(values: { json?: boolean; csv?: boolean; format?: string; start?: string; before?: string; after?: string; method?: string }): void {
  const given = (['json', 'csv', 'format', 'start', 'before', 'after', 'method'] as const).filter((o) => values[o] !== undefined);
  if (given.length > 0) throw new UsageError(`--where, --diamond and --pearl print the kept puzzles' lines as given: they take no --${given[0]}`);
}

export interface FilterRun {
  command: 'rate' | 'check';
  where: Where;
  budgetMs: number;
  nodeBudget: number;
  variant: Variant | undefined;
  /** Parallel ratings: 1 runs them in-process. */
  workers: number;
  /** SE techniques to rate without (`rate --exclude`). */
  exclude?: readonly string[];
  /** The command's option values, for its run (shardRun.ts): --output, --shard, --resume and those in the manifest. */
  values: RunSpec['values'];
  /** Options that do not change the kept lines (--workers, …). */
  ignored?: readonly string[];
}

interface Outcome {
  keep: boolean;
  stoppedEarly: boolean;
  errors: boolean;
  /** Diagnostics (bad lines, several solutions) and failures, for stderr. */
  notes: string[];
}

/** What is known before any rating: the analysis, and which sources cannot run on this puzzle. */
function knownBefore(e: ReadPuzzle, run: FilterRun): { known: Known; analysis: ReturnType<typeof analyzePuzzle> } {
  const analysis = analyzePuzzle(e.puzzle, { nodeBudget: run.nodeBudget, defaultVariant: run.variant });
  const variant = puzzleVariant(e.puzzle, run.variant);
  const classic = classicObstacle(analysis, variant, 'SE') === null ? undefined : null;
  const known: Known = {
    analysis: analysis && { clues: analysis.givens, solutions: analysis.solutions },
    se: classic,
    w: classic,
    gwb: classic,
    bliss: blissObstacle(analysis, variant) === null ? undefined : null,
  };
  return { known, analysis };
}

export const variantLine = (variant: string): string => `#! variant: ${variant}`;

/**
 * `#! variant: X` before a kept puzzle whose variant differs from the one the output is in, so the
 * next filter reads it alike. A shard cannot know the kept puzzle before its own: it says the variant every time.
 */
function variantLines(puzzle: Puzzle, current: { variant: string } | null): string[] {
  const variant = puzzle.variant ?? 'classic';
  if (variant === current?.variant) return [];
  if (current) current.variant = variant;
  return [variantLine(variant)];
}

export async function runFilter(args: string[], run: FilterRun): Promise<number> {
  const named = inputArgs(args, `'${run.command}' needs at least one ${run.command === 'rate' ? 'puzzle or file' : 'file'}`);
  const reads = sourcesOf(run.where);
  const inputs = listInputs(named, run.command === 'rate');
  const onePuzzle = inputs.length === 1 && inputs[0].text !== undefined;
  // Workerpool starts its threads as jobs come: an unbuilt worker is an error before the output is opened.
  const pool: workerpool.Pool | null = run.workers > 1 && !onePuzzle && reads.some((s) => s !== 'analysis') ? cliWorkers().pool(run.workers) : null;
  // The shard, the output and a shard's manifest (shardRun.ts): a resumed one skips what FILE holds.
  const shardRun = openShardRun({ command: run.command, values: run.values, ignored: run.ignored, inputs, variantLines: true });
  const filterJob = jobRunner(pool, 'filter', runFilterJob);

  const decide = async (e: PuzzleItem): Promise<Outcome> => {
    const file = e.input.name;
    const { known, analysis } = knownBefore(e, run);
    const findings = puzzleFindings(e.puzzle, { analysis });
    const outcome: Outcome = { keep: false, stoppedEarly: false, errors: hasError(findings), notes: diagnosticLines(file, findings) };
    const decided = evaluate(run.where, known);
    if (decided !== undefined || !e.puzzle.text) return { ...outcome, keep: decided === true };
    const variant = puzzleVariant(e.puzzle, run.variant);
    const job: FilterJob = { text: e.puzzle.text, where: run.where, known, budgetMs: run.budgetMs, bliss: { variant, maxLevel: 2 }, exclude: run.exclude };
    try {
      const r = await filterJob(job);
      return { ...outcome, ...r };
    } catch (err) {
      const why = workerCrash(err) ?? (err as Error).message.split('\n')[0];
      return { ...outcome, errors: true, notes: [...outcome.notes, `${file}:${e.puzzle.line + 1}: rating failed: ${why}`] };
    }
  };

  const progress = lineProgress(inputs, run.command === 'rate' ? 'filter' : 'check');
  /** This run's puzzles as they are read, but those a resumed FILE already holds. */
  async function* entries(): AsyncGenerator<PuzzleItem> {
    for await (const item of runPuzzles(shardRun, inputs, progress)) if (!item.done) yield item;
  }
  const current = shardRun.shard ? null : { variant: 'classic' };
  let puzzles = 0;
  let kept = 0;
  let stopped = 0;
  let withErrors = 0;
  try {
    await inOrder<PuzzleItem, { e: PuzzleItem; o: Outcome }>(
      entries(),
      lookAhead(pool, run.workers),
      (e) => decide(e).then((o) => ({ e, o })),
      ({ e, o }) => {
        puzzles++;
        if (o.errors) withErrors++;
        if (o.stoppedEarly) stopped++;
        if (shardRun.toTerminal || o.notes.length > 0) progress?.clear();
        if (o.notes.length > 0) process.stderr.write(`${o.notes.join('\n')}\n`);
        if (o.keep) kept++;
        shardRun.write(o.keep ? `${[...variantLines(e.puzzle, current), ...e.lines].join('\n')}\n` : '');
      },
    );
    shardRun.end();
  } finally {
    progress?.finish();
    shardRun.close();
    await pool?.terminate();
  }
  const early = reads.includes('se') ? ` (${plural(stopped, 'rating')} stopped early)` : '';
  process.stderr.write(`${plural(puzzles, 'puzzle')}, ${kept} kept${early}, ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}

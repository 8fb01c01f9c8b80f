/**
 * `rate --where EXPR`, `--diamond`, `--pearl` and `check --where EXPR`: keep the puzzles for which
 * the expression holds and print their lines as they were given, so filters chain through pipes.
 * Each puzzle is analysed here (clues, solutions, whether SE can rate it); what the expression
 * still needs runs as job `filter` (jobs/filterJob.ts) on the workers, or in-process, and stops
 * as soon as the outcome is decided. Kept puzzles come out in input order.
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
import { type ReadPuzzle, inputArgs, listInputs, puzzlesIn } from './inputs';
import { UsageError, cliWorkers } from './io';
import { jobRunner, lookAhead } from './jobRunner';
import { inOrder } from './ordered';
import { openOutput } from './output';
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

/** A filter prints lines as given: rate's row options mean nothing then. Returns --output. */
export function refuseRowOptions(values: { json?: boolean; csv?: boolean; format?: string; resume?: boolean; method?: string; output?: string }): string | undefined {
  const given = (['json', 'csv', 'format', 'resume', 'method'] as const).filter((o) => values[o] !== undefined);
  if (given.length > 0) throw new UsageError(`--where, --diamond and --pearl print the kept puzzles' lines as given: they take no --${given[0]}`);
  return values.output;
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
  output: string | undefined;
}

interface Entry extends ReadPuzzle {
  file: string;
}

interface Outcome {
  keep: boolean;
  stoppedEarly: boolean;
  errors: boolean;
  /** Diagnostics (bad lines, several solutions) and failures, for stderr. */
  notes: string[];
}

/** What is known before any rating: the analysis, and which sources cannot run on this puzzle. */
function knownBefore(e: Entry, run: FilterRun): { known: Known; analysis: ReturnType<typeof analyzePuzzle> } {
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

/** `#! variant: X` before a kept puzzle whose variant differs from the one the output is in, so the next filter reads it alike. */
function variantLine(puzzle: Puzzle, current: { variant: string }): string[] {
  const variant = puzzle.variant ?? 'classic';
  if (variant === current.variant) return [];
  current.variant = variant;
  return [`#! variant: ${variant}`];
}

export async function runFilter(args: string[], run: FilterRun): Promise<number> {
  const named = inputArgs(args, `'${run.command}' needs at least one ${run.command === 'rate' ? 'puzzle or file' : 'file'}`);
  const reads = sourcesOf(run.where);
  const inputs = listInputs(named, run.command === 'rate');
  const onePuzzle = inputs.length === 1 && inputs[0].text !== undefined;
  const pool: workerpool.Pool | null = run.workers > 1 && !onePuzzle && reads.some((s) => s !== 'analysis') ? cliWorkers().pool(run.workers) : null;
  const out = openOutput(run.output, false, 'text', null, []);
  const filterJob = jobRunner(pool, 'filter', runFilterJob);

  const decide = async (e: Entry): Promise<Outcome> => {
    const { known, analysis } = knownBefore(e, run);
    const findings = puzzleFindings(e.puzzle, { analysis });
    const outcome: Outcome = { keep: false, stoppedEarly: false, errors: hasError(findings), notes: diagnosticLines(e.file, findings) };
    const decided = evaluate(run.where, known);
    if (decided !== undefined || !e.puzzle.text) return { ...outcome, keep: decided === true };
    const variant = puzzleVariant(e.puzzle, run.variant);
    const job: FilterJob = { text: e.puzzle.text, where: run.where, known, budgetMs: run.budgetMs, bliss: { variant, maxLevel: 2 }, exclude: run.exclude };
    try {
      const r = await filterJob(job);
      return { ...outcome, ...r };
    } catch (err) {
      const why = workerCrash(err) ?? (err as Error).message.split('\n')[0];
      return { ...outcome, errors: true, notes: [...outcome.notes, `${e.file}:${e.puzzle.line + 1}: rating failed: ${why}`] };
    }
  };

  const progress = lineProgress(inputs, run.command === 'rate' ? 'filter' : 'check');
  /** Every input's puzzles as they are read; progress in lines. */
  async function* entries(): AsyncGenerator<Entry> {
    for (const input of inputs) {
      for await (const read of puzzlesIn(input)) {
        yield { file: input.name, ...read };
        progress?.reached(input, read.puzzle.range.end.line + 1);
      }
      progress?.reached(input, Infinity);
    }
  }
  const current = { variant: 'classic' };
  let puzzles = 0;
  let kept = 0;
  let stopped = 0;
  let withErrors = 0;
  try {
    await inOrder<Entry, { e: Entry; o: Outcome }>(
      entries(),
      lookAhead(pool, run.workers),
      (e) => decide(e).then((o) => ({ e, o })),
      ({ e, o }) => {
        puzzles++;
        if (o.errors) withErrors++;
        if (o.stoppedEarly) stopped++;
        if (out.toTerminal || o.notes.length > 0) progress?.clear();
        if (o.notes.length > 0) process.stderr.write(`${o.notes.join('\n')}\n`);
        if (o.keep) {
          kept++;
          out.write(`${[...variantLine(e.puzzle, current), ...e.lines].join('\n')}\n`);
        }
      },
    );
  } finally {
    progress?.finish();
    out.close();
    await pool?.terminate();
  }
  const early = reads.includes('se') ? ` (${plural(stopped, 'rating')} stopped early)` : '';
  process.stderr.write(`${plural(puzzles, 'puzzle')}, ${kept} kept${early}, ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}

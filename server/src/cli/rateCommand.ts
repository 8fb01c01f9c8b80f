/**
 * `sudoku-lens rate`: SE, BLISS and W ratings of whole collections. Puzzles are parsed and
 * solved (uniqueness) here; the ratings run on a workerpool of dist/ratingWorker.js (job `row`,
 * jobs/rowJobs.ts), or in-process with --workers 1 or a single puzzle. Rows come out in input order
 * as soon as every earlier row is done, with a bounded number in flight; a progress bar (or a
 * line every ~5 s) goes to stderr; --output FILE --resume continues an interrupted run.
 */
import workerpool from 'workerpool';
import { type Analysis, DEFAULT_NODE_BUDGET, type SolutionStatus, analyzePuzzle } from '../engine/core/analyze';
import { FindingCode } from '../engine/core/findingCodes';
import { plural } from '../engine/core/format';
import type { Puzzle } from '../engine/core/parse';
import { DEFAULT_RATING_BUDGET_MS, type RatingSummary, describeRating, reducedText, seFormat } from '../engine/se/rate';
import { puzzleFindings } from '../engine/core/puzzleFindings';
import { BUDGET_NODES, LEVEL, LOCKED_CANDIDATES, type OptionSpecs, type OptionValues, VARIANT, budgetMs, command, flag, json, valued } from './command';
import { type ReadPuzzle, inputArgs, listInputs, puzzlesIn, refuseOutputInput } from './inputs';
import { UsageError, cliWorkers, positiveInt } from './io';
import { backdoorReason, describeRule, teReason } from '../engine/whips/whipRatings';
import { hasError, diagnosticLines } from '../jobs/findingLines';
import { type BlissJob, type BlissSummary, type RowJob, type RowResult, type WSummary, runRowJob } from '../jobs/rowJobs';
import { DIAMOND_OPTION, PEARL_OPTION, WHERE_OPTION, filterOf, refuseRowOptions, runFilter } from './filter';
import { jobRunner, lookAhead, workersOption } from './jobRunner';
import { inOrder } from './ordered';
import { type Output, type RowFormat, csvLine, openOutput, rowKey } from './output';
import { lineProgress } from './lineProgress';
import { VARIANT_NAMES, blissObstacle, classicObstacle, levelOption, puzzleVariant, variantOption } from './ratingOptions';
import { LETTER_LIST, type RowTemplate, UNRATED_TEXTS, type UnratedText, formatRow, parseTemplate, seFigure, unratedOption } from './formatLetters';
import { type BaseRow, baseJson } from './rows';
import { EXCLUDE, excludeOption } from './techniqueOption';
import { MANIFEST_SUFFIX, type ManifestWriter, SHARD_OPTION, openManifest, rowOptions, shardLine, shardOf, shardOutput } from './shard';
import { workerCrash } from './workerFailure';

const RATE_USAGE = `  sudoku-lens rate [PUZZLE|FILE...] [--method se|bliss|w|all] [--json|--csv] [--format F] [--budget-ms N]
                  [--workers N] [--output FILE [--resume]] [--variant classic|X|P|PX] [--level 1|2] [--shard I/N]
                                 Sudoku Explainer rating (se, default), BLISS level (bliss), Berthier's
                                 W, gW, B, T&E depth and backdoor size (w), or all three (all); reads
                                 stdin when no file is named and stdin is a pipe, rows as they are done;
                                 F: serate's letters, where serate has them, and more:
                                 ${LETTER_LIST}
                                 (default '%g ED=%r/%p/%d', with BLISS ' BLISS=%b', with W ' W=%w');
                                 --unrated: what %r %p %d print without an SE rating (default 0.0);
                                 --budget-ms: per puzzle and method (W's shared by W, T&E, backdoor,
                                 gW, B); --workers (--threads): parallel ratings (default: the available
                                 cores); --resume skips the rows a JSON/CSV --output FILE already holds
                                 and appends the others; --variant: of puzzles without a '#! variant:'
                                 line (also for check, solve, path, bliss); --level 1: BLISS(1) only;
                                 --locked-candidates as for bliss; --where EXPR, --diamond, --pearl:
                                 keep the puzzles that pass, their lines as given (README: Filters);
                                 --shard I/N (or a Slurm array task, a Kubernetes Indexed Job): items
                                 I, I+N, …; --output then needs {shard} in its name (see merge)`;

const RATE_OPTIONS = {
  method: valued('se|bliss|w|all', 'SE (default), BLISS, W (with gW, B, T&E depth, backdoor) or all three'),
  json: json('puzzle'),
  csv: flag('CSV rows, with a header'),
  format: { ...valued('F', "the text row, with serate's letters (default '%g ED=%r/%p/%d')"), short: 'f' },
  unrated: valued(UNRATED_TEXTS.join('|'), `what %r %p %d print for a puzzle without SE rating (default ${UNRATED_TEXTS[0]}, as serate)`),
  input: { ...valued('FILE', "a file to rate (serate's --input; as a FILE argument)"), short: 'i', multiple: true as const },
  'budget-ms': budgetMs('per puzzle and method (default 10000)'),
  workers: valued('N', 'parallel ratings (default: the available cores)'),
  threads: { ...valued('N', "serate's name for --workers"), short: 't' },
  output: { ...valued('FILE', 'rows to FILE, which must be none of the inputs'), short: 'o' },
  resume: flag('skip the rows a JSON/CSV --output FILE already holds, append the others'),
  variant: VARIANT,
  level: LEVEL,
  'locked-candidates': LOCKED_CANDIDATES,
  'budget-nodes': BUDGET_NODES,
  exclude: EXCLUDE,
  where: WHERE_OPTION,
  diamond: DIAMOND_OPTION,
  pearl: PEARL_OPTION,
  shard: SHARD_OPTION,
} satisfies OptionSpecs;

type RateOptions = OptionValues<typeof RATE_OPTIONS>;

export const SE_CSV_HEADER = ['file', 'line', 'puzzle', 'status', 'er', 'ep', 'ed', 'hardest', 'steps'];
export const BLISS_CSV_HEADER = ['bliss_status', 'bliss_level', 'bliss_backdoor', 'bliss_ng'];
export const W_CSV_HEADER = ['w_status', 'w', 'gw', 'b', 'te_depth', 'backdoor'];

/** `not solved by BLISS(2) (3 eliminations so far)`, etc.; null when BLISS solved it. */
export function describeBliss(b: BlissSummary): string | null {
  const variant = b.variant === 'classic' ? '' : ` (${VARIANT_NAMES[b.variant]})`;
  switch (b.status) {
    case 'solved':
      return null;
    case 'stuck':
      return `not solved by BLISS(${b.maxLevel})${variant} (${plural(b.eliminations, 'elimination')}, ${plural(b.placements, 'placement')} so far)`;
    case 'no-solution':
      return `no solution${variant} (BLISS reaches a contradiction)`;
    case 'budget':
      return 'BLISS exceeded its budget';
  }
}

/** The CSV's status column: a status some finding reports is named by that finding's code. */
const STATUS_CODE: Record<SolutionStatus, string> = {
  unique: 'unique',
  none: FindingCode.noSolution,
  multiple: FindingCode.multipleSolutions,
  unknown: FindingCode.solverBudget,
  invalid: 'invalid',
  unchecked: 'unchecked',
};

interface Prepared {
  file: string;
  puzzle: Puzzle;
  /** The line the puzzle starts on, as read (for %v and %g). */
  source: string;
  /** Its number among all the inputs' puzzles, from 1 (%i; the same in every shard). */
  ordinal: number;
  analysis: Analysis | null;
  /** Already in the --resume output: counted, not printed. */
  skip: boolean;
  /** Why SE / BLISS did not run (null when it ran or was not asked for). */
  seReason: string | null;
  blissReason: string | null;
  wReason: string | null;
  job: RowJob | null;
  /** The stderr line of a rating that failed (its worker died twice, or it threw). */
  failure?: string;
}

/** A puzzle whose rating failed: not rated, each method saying why, and one line for stderr. */
function failed(p: Prepared, job: RowJob, err: unknown): Prepared {
  const why = `rating failed: ${workerCrash(err) ?? (err as Error).message.split('\n')[0]}`;
  return {
    ...p,
    seReason: job.se ? why : p.seReason,
    blissReason: job.bliss ? why : p.blissReason,
    wReason: job.w ? why : p.wReason,
    failure: `${p.file}:${p.puzzle.line + 1}: ${why}`,
  };
}

interface Settings {
  withSe: boolean;
  withBliss: boolean;
  withW: boolean;
  format: RowFormat;
  template: RowTemplate;
  unrated: UnratedText;
  /** --exclude: the SE techniques left out (CSV rows then have a column saying so). */
  excluded: string[];
}

function seJson(p: Prepared, se: RatingSummary | null) {
  if (!se) return { se: null, seReason: p.seReason };
  if (se.status !== 'solved') return { se: null, seReason: describeRating(se) };
  const figures = { er: Number(seFormat(se.er)), ep: Number(seFormat(se.ep)), ed: Number(seFormat(se.ed)), hardest: se.hardest, steps: se.steps };
  return { se: se.excluded ? { ...figures, excluded: se.excluded } : figures };
}

function blissJson(p: Prepared, b: BlissSummary | null) {
  if (!b) return { bliss: null, blissReason: p.blissReason };
  if (b.status === 'budget' || b.status === 'no-solution') return { bliss: null, blissReason: describeBliss(b) };
  return { bliss: { level: b.level, backdoor: b.backdoor, ng: b.ng } };
}

/** `"w":{"rating","gw","b","te_depth","backdoor"}`, with `"reasons"` for each null figure. */
function wJson(p: Prepared, w: WSummary | null) {
  if (!w) return { w: null, wReason: p.wReason };
  const reasons: Record<string, string> = {};
  const figure = (key: string, value: number | null, reason: string): number | null => {
    if (value === null) reasons[key] = reason;
    return value;
  };
  const json: Record<string, unknown> = {
    rating: figure('rating', w.w.rating, describeRule(w.w)),
    gw: w.gw && figure('gw', w.gw.rating, describeRule(w.gw, 'gW')),
    b: w.b && figure('b', w.b.rating, describeRule(w.b, 'B')),
    te_depth: figure('te_depth', w.te.depth, teReason(w.te.status)),
    backdoor: figure('backdoor', w.backdoor.size, backdoorReason(w.backdoor.status)),
  };
  if (Object.keys(reasons).length > 0) json.reasons = reasons;
  return { w: json };
}

/** A text row: the template's letters filled in; why a figure is missing goes to stderr (notes), never into the row. */
function textLine(s: Settings, p: Prepared, r: RowResult): string {
  return formatRow(s.template, { file: p.file, puzzle: p.puzzle, source: p.source, ordinal: p.ordinal, ...r }, s.unrated);
}

/** Why the asked-for ratings of a row are missing or partial, for stderr. */
function ratingNotes(s: Settings, p: Prepared, r: RowResult): string[] {
  const { se, bliss: b, w } = r;
  const notes: string[] = [];
  if (s.withSe) {
    if (!se) notes.push(`SE not rated: ${p.seReason}`);
    else if (se.status !== 'solved') notes.push(describeRating(se));
    else if (se.excluded) notes.push(`SE ${reducedText(se.excluded)}`);
  }
  if (s.withBliss) {
    if (!b) notes.push(`BLISS not run: ${p.blissReason}`);
    else {
      const d = describeBliss(b);
      if (d) notes.push(d);
    }
  }
  if (s.withW) {
    if (!w) notes.push(`W not rated: ${p.wReason}`);
    else if (w.w.status !== 'solved') notes.push(describeRule(w.w));
  }
  return notes;
}

function csvRow(s: Settings, p: Prepared, r: RowResult): string {
  const { se, bliss: b, w } = r;
  const status = se ? se.status : p.analysis ? STATUS_CODE[p.analysis.status] : 'unreadable';
  const fields: (string | number | boolean | null)[] = [
    p.file,
    p.puzzle.line + 1,
    p.puzzle.text ?? '',
    status,
    seFigure(se, 'er'),
    seFigure(se, 'ep'),
    seFigure(se, 'ed'),
    se?.hardest ?? null,
    se ? se.steps : null,
  ];
  if (s.withBliss) {
    const rated = b && (b.status === 'solved' || b.status === 'stuck');
    fields.push(b?.status ?? null, b?.level ?? null, rated ? b.backdoor : null, b?.ng ?? null);
  }
  if (s.withW) fields.push(w?.w.status ?? null, ...[w?.w.rating, w?.gw?.rating, w?.b?.rating, w?.te.depth, w?.backdoor.size].map((n) => n ?? null));
  if (s.excluded.length > 0) fields.push(se?.excluded ? se.excluded.join(';') : null);
  return csvLine(fields);
}

function rowText(s: Settings, p: Prepared & BaseRow, r: RowResult): string {
  if (s.format === 'json') {
    return JSON.stringify({
      ...baseJson(p.file, p),
      ...(s.withSe ? seJson(p, r.se) : {}),
      ...(s.withBliss ? blissJson(p, r.bliss) : {}),
      ...(s.withW ? wJson(p, r.w) : {}),
    });
  }
  if (s.format === 'csv') return csvRow(s, p, r);
  return textLine(s, p, r);
}

const NOTHING: RowResult = { se: null, bliss: null, w: null };

const DEFAULT_TEMPLATES: Record<string, string> = {
  se: '%g ED=%r/%p/%d',
  bliss: '%g BLISS=%b',
  w: '%g W=%w',
  all: '%g ED=%r/%p/%d BLISS=%b W=%w',
};

async function runRate(args: string[], values: RateOptions): Promise<number> {
  const named = inputArgs([...args, ...(values.input ?? [])], "'rate' needs at least one puzzle or file");
  const method = values.method ?? 'se';
  if (!Object.hasOwn(DEFAULT_TEMPLATES, method)) throw new UsageError(`--method takes se, bliss, w or all, not '${method}'`);
  const withSe = method === 'se' || method === 'all';
  const withBliss = method === 'bliss' || method === 'all';
  const withW = method === 'w' || method === 'all';
  const variantOpt = variantOption(values.variant);
  const maxLevel = levelOption(values.level);
  const nodeBudget = positiveInt('budget-nodes', values['budget-nodes'], DEFAULT_NODE_BUDGET);
  const budgetMs = positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS);
  const workersOpt = workersOption(values);
  const filter = filterOf(values);
  const shard = shardOf(values.shard, process.env);
  if (shard && filter) throw new UsageError('--shard (or a job array) with --where, --diamond or --pearl is not supported yet');
  const excluded = excludeOption(values.exclude);
  if (filter) return runFilter(named, { command: 'rate', where: filter, budgetMs, nodeBudget, variant: variantOpt, workers: workersOpt, output: refuseRowOptions(values), exclude: excluded });
  if (values.json && values.csv) throw new UsageError('--json and --csv exclude each other');
  if (values.resume && values.output === undefined) throw new UsageError('--resume needs --output FILE');
  const format: RowFormat = values.json ? 'json' : values.csv ? 'csv' : 'text';
  if (values.resume && format === 'text' && !shard) throw new UsageError('--resume needs --json or --csv output (text rows do not say their line)');
  const template = parseTemplate(values.format ?? DEFAULT_TEMPLATES[method]);
  const settings: Settings = { withSe, withBliss, withW, format, template, unrated: unratedOption(values.unrated), excluded };

  const inputs = listInputs(named, true);
  const output = shardOutput(values.output, shard);
  if (output !== undefined) refuseOutputInput(output, inputs);
  // A shard's manifest is written beside its output: it must not be an input either.
  if (output !== undefined && shard) refuseOutputInput(output + MANIFEST_SUFFIX, inputs);
  if (shard) process.stderr.write(shardLine(shard));
  const onePuzzle = inputs.length === 1 && inputs[0].text !== undefined;
  // Checked before the output is opened: an unbuilt worker is a clear error, not a half-written file.
  const threads = workersOpt > 1 && !onePuzzle ? cliWorkers() : null;
  const header =
    format === 'csv' ? [...SE_CSV_HEADER, ...(withBliss ? BLISS_CSV_HEADER : []), ...(withW ? W_CSV_HEADER : []), ...(excluded.length > 0 ? ['se_excluded'] : [])].join(',') : null;
  // A sharded file's manifest (shard.ts) says what it holds; without a shard, --resume recognises rows by their file and line.
  const manifest: ManifestWriter | null =
    shard && output !== undefined
      ? openManifest(
          output,
          {
            manifest: 'sudoku-lens shard',
            version: 1,
            command: 'rate',
            options: rowOptions({ ...values, method }, ['output', 'resume', 'workers', 'threads', 'shard', 'input']),
            inputs: inputs.map((i) => i.text ?? i.name),
            headerLines: header === null ? 0 : 1,
            shard: shard.index,
            of: shard.count,
          },
          Boolean(values.resume),
          inputs.length,
        )
      : null;
  if (manifest?.finished) process.stderr.write(`sudoku-lens: ${output}${MANIFEST_SUFFIX}: ${plural(manifest.finished, 'item')} of this shard already done\n`);
  const out: Output = openOutput(output, Boolean(values.resume) && !shard, format, header, inputs.map((i) => i.name), manifest?.kept);

  const prepare = (file: string, { puzzle, source }: ReadPuzzle, ordinal: number, done: boolean): Prepared => {
    const analysis = analyzePuzzle(puzzle, { nodeBudget, defaultVariant: variantOpt });
    const skip = done || out.done.has(rowKey(file, puzzle.line + 1, puzzle.text));
    const variant = puzzleVariant(puzzle, variantOpt);
    const seReason = withSe ? classicObstacle(analysis, variant, 'SE') : null;
    const blissReason = withBliss ? blissObstacle(analysis, variant) : null;
    const wReason = withW ? classicObstacle(analysis, variant, 'W') : null;
    const bliss: BlissJob | null = withBliss && !blissReason ? { variant, maxLevel, lockedCandidates: Boolean(values['locked-candidates']) } : null;
    const se = withSe && !seReason;
    const w = withW && !wReason;
    const job: RowJob | null = skip || !puzzle.text || (!bliss && !se && !w) ? null : { text: puzzle.text, budgetMs, se, bliss, w, ...(excluded.length > 0 ? { exclude: excluded } : {}) };
    return { file, puzzle, source, ordinal, analysis, skip, seReason, blissReason, wReason, job };
  };

  // Workerpool starts its threads as jobs come: a short input starts no more than it needs.
  const pool: workerpool.Pool | null = threads ? threads.pool(workersOpt) : null;
  const exec = jobRunner(pool, 'row', runRowJob);

  const progress = lineProgress(inputs, 'rate');
  let puzzles = 0;
  let withErrors = 0;
  let written = 0;
  const onInterrupt = (): void => {
    progress?.clear();
    const hint = output !== undefined && (format !== 'text' || manifest) ? `; run again with --resume to continue` : '';
    process.stderr.write(`sudoku-lens: interrupted after ${plural(written, 'row')}${hint}\n`);
    out.close();
    void pool?.terminate(true);
    process.exit(130);
  };
  /** Items of all inputs read so far (the shard's and the others). */
  let items = 0;
  /**
   * Every input's puzzles in turn (of a shard: its items only), each prepared (solved for
   * uniqueness) as it is read; progress in lines. The manifest hashes the inputs' bytes.
   */
  async function* prepared(): AsyncGenerator<Prepared> {
    for (const [i, input] of inputs.entries()) {
      if (input.text !== undefined) manifest?.hash(i).update(input.text);
      for await (const read of puzzlesIn(input, manifest ? (chunk) => manifest.hash(i).update(chunk) : undefined)) {
        const k = items++;
        const mine = !shard || k % shard.count === shard.index;
        if (mine) yield prepare(input.name, read, k + 1, shard !== null && (k - shard.index) / shard.count < (manifest?.finished ?? 0));
        progress?.reached(input, read.puzzle.range.end.line + 1);
      }
      progress?.reached(input, Infinity);
    }
  }
  // With workers the main thread stays free to handle Ctrl-C; in-process, Node's default (exit at once) is kept.
  if (pool) process.once('SIGINT', onInterrupt);
  try {
    await inOrder<Prepared, { p: Prepared; r: RowResult }>(
      prepared(),
      lookAhead(pool, workersOpt),
      (p) => {
        const job = p.job;
        return job ? exec(job).then((r) => ({ p, r }), (err: unknown) => ({ p: failed(p, job, err), r: NOTHING })) : Promise.resolve({ p, r: NOTHING });
      },
      ({ p, r }) => {
        const findings = puzzleFindings(p.puzzle, { analysis: p.analysis, rating: r.se });
        puzzles++;
        if (hasError(findings) || r.bliss?.status === 'no-solution' || p.failure) withErrors++;
        if (p.skip) return;
        // Diagnostics (errors, BUG states, why a figure is missing) are no rows: JSON carries them, text and CSV leave them to stderr.
        const notes = format === 'json' ? [] : diagnosticLines(p.file, findings);
        const ratedNotes = format === 'text' && p.puzzle.text ? ratingNotes(settings, p, r) : [];
        if (ratedNotes.length > 0) notes.push(`${p.file}:${p.puzzle.line + 1}: ${ratedNotes.join('; ')}`);
        if (p.failure) notes.push(p.failure);
        if (out.toTerminal || notes.length > 0) progress?.clear();
        if (notes.length > 0) process.stderr.write(`${notes.join('\n')}\n`);
        // A line that holds no puzzle has its diagnostic and no text row: a pipe gets puzzles only.
        const row = format === 'text' && !p.puzzle.text ? null : `${rowText(settings, { ...p, findings }, r)}\n`;
        if (row !== null) {
          out.write(row);
          written++;
        }
        manifest?.item(row === null ? 0 : row.split('\n').length - 1);
      },
    );
    manifest?.end(items);
  } finally {
    manifest?.close();
    if (pool) process.removeListener('SIGINT', onInterrupt);
    progress?.finish();
    out.close();
    await pool?.terminate();
  }
  if (!values.json) process.stderr.write(`${plural(puzzles, 'puzzle')}, ${withErrors} with errors\n`);
  return withErrors > 0 ? 1 : 0;
}

export const RATE = command({ name: 'rate', usage: RATE_USAGE, options: RATE_OPTIONS, run: runRate });

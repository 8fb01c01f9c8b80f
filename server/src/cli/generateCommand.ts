/**
 * `sudoku-lens generate`: puzzles to order, one 81-character line each (with its ratings as
 * trailing text when --format asks). Item k of a run is made from its own random numbers
 * (seed, k), as job `generate` (jobs/generateJob.ts) on worker threads or in-process, so a run
 * is the same with any --workers, and shard I/N makes the items I, I+N, … of it (merge puts
 * them back in order). Lines come out in item order; --time-limit ends the run with what was
 * found (exit 1, saying so); Ctrl-C stops at once (exit 130).
 */
import { randomInt } from 'node:crypto';
import workerpool from 'workerpool';
import { VARIANTS, type Variant } from '../engine/bliss';
import { plural } from '../engine/core/format';
import { parseLines } from '../engine/core/parse';
import { DEFAULT_RATING_BUDGET_MS } from '../engine/se/rate';
import { seedOf } from '../engine/symmetry';
import { CLUE_SYMMETRIES, type ClueSymmetry, type GenerateSpec, type Minimality, countSolutions, isClueSymmetry } from '../engine/generate';
import { type GenerateJob, type GenerateMethod, type GenerateResult, type PencilmarkForm, runGenerateJob } from '../jobs/generateJob';
import { type Source, type Where, sourcesOf } from '../jobs/filterLogic';
import { type OptionSpecs, type OptionValues, budgetMs, command, flag, valued } from './command';
import { LETTER_LIST, type RowTemplate, UNRATED_TEXTS, formatRow, parseTemplate, unratedOption } from './formatLetters';
import { UsageError, cliWorkers, positiveInt } from './io';
import { jobRunner, lookAhead, workersOption } from './jobRunner';
import { inOrder } from './ordered';
import { Progress, duration } from './progress';
import { VARIANT_NAMES, variantOption } from './ratingOptions';
import { MANIFEST_SUFFIX } from './shard';
import { RUN_OPTIONS, openShardRun, runItems } from './shardRun';
import { listInputs } from './inputs';
import { type GridInput, patternInput, readGrids, readPatterns } from './uaInputs';
import { parseWhere } from './where';

/** The ways of making puzzles: --method's values, each with its line of help. */
const METHODS: Record<GenerateMethod, string> = {
  'top-down': 'clues removed from a random complete grid, an orbit of the symmetry at a time, while the puzzle stays unique',
  'controlled-bias':
    "Berthier's: clues deleted in a random order until the first that cannot go, kept only if minimal; classic, no symmetry, slow (about a puzzle a second); stats --correct-bias unbiases its samples",
};
const isMethod = (name: string): name is GenerateMethod => Object.hasOwn(METHODS, name);

const GENERATE_USAGE = `  sudoku-lens generate [--count N] [--seed S] [--symmetry NAME] [--clues MIN-MAX] [--no-minimal|--strict-minimal]
                      [--method ${Object.keys(METHODS).join('|')}] [--variant classic|X|P|PX] [--from-grid GRID] [--pattern PATTERN]
                      [--pencilmark [--remove N|--candidates N]|--sukaku]
                      [--where EXPR] [--format F] [--time-limit T] [--budget-ms N] [--workers N] [--output FILE [--resume]] [--shard I/N]
                                 N puzzles (default 1), each verified unique (and minimal), one a line;
                                 the same --seed makes the same puzzles with any --workers; NAME:
                                 ${CLUE_SYMMETRIES.join(', ')}; minimal (default): no clue (under a
                                 symmetry: no orbit of clues) can go; --where EXPR as rate's filters,
                                 puzzles made until one passes; F: rate's letters (default '%g');
                                 --time-limit: end there with the puzzles found (exit 1); --pencilmark:
                                 729-character lines, --remove N wrong candidates taken out at random
                                 or down to --candidates N in all; --sukaku: no givens, a minimal
                                 candidate grid whose only solution is the puzzle's`;

const GENERATE_OPTIONS = {
  count: { ...valued('N', 'how many puzzles (default 1)'), short: 'n' },
  seed: valued('S', 'a whole number or any text: the same S makes the same puzzles (default: a random seed, printed on stderr)'),
  method: valued(Object.keys(METHODS).join('|'), `how puzzles are made: ${Object.entries(METHODS).map(([name, how]) => `${name}, ${how}`).join('; ')}`),
  symmetry: valued('NAME', `the clues' symmetry: ${CLUE_SYMMETRIES.join(', ')} (default none)`),
  clues: valued('MIN-MAX', 'the clue count: MIN-MAX, N, MIN- or -MAX (default any)'),
  'no-minimal': flag('stop removing clues once the count is within --clues (without --clues: when no orbit can go, unchecked)'),
  'strict-minimal': flag('under a symmetry, keep only puzzles where no single clue can go either (most are discarded)'),
  variant: valued('classic|X|P|PX', 'the variant: X adds both diagonals, P the box positions (default classic)'),
  'from-grid': valued('GRID', 'make every puzzle from this solution grid (81 digits, a unique puzzle, or a file of them: item k takes the k-th)'),
  pattern: valued('PATTERN', "the clue cells, 81 characters of 'x' and '.' (or a file of patterns: item k takes the k-th)"),
  pencilmark: flag('print each puzzle as a 729-character candidate line (classic)'),
  remove: valued('N', 'with --pencilmark: take out N wrong candidates at random (the solution stays the only one)'),
  candidates: valued('N', 'with --pencilmark: take out wrong candidates until N candidates are left (81 at least)'),
  sukaku: flag("print a minimal sukaku instead: every cell two candidates or more, the puzzle's solution the only one (classic)"),
  where: valued('EXPR', "keep only puzzles for which EXPR holds, as rate --where (e.g. 'er>=7 and uses(\"XY-Wing\")')"),
  format: { ...valued('F', `each line, rate's letters: ${LETTER_LIST} (default '%g')`), short: 'f' },
  unrated: valued(UNRATED_TEXTS.join('|'), `what %r %p %d print for a puzzle without SE rating (default ${UNRATED_TEXTS[0]})`),
  'time-limit': valued('T', 'end the run after T (90s, 5m, 2h; a plain number: seconds) with the puzzles found; exit 1'),
  'budget-ms': budgetMs('per rating, of --where and of --format (default 10000)'),
  workers: valued('N', 'parallel generators (default: the available cores)'),
  ...RUN_OPTIONS,
} satisfies OptionSpecs;

type GenerateOptions = OptionValues<typeof GENERATE_OPTIONS>;

/** The run's file name in rows (%F). */
const FILE = '<generated>';

/** The format letters that print a rating, by the source computing it (the rest need none). */
const LETTER_SOURCES: Record<'se' | 'bliss' | 'w' | 'wall', string> = { se: 'rpdRcDPSTU', bliss: 'bN', w: 'w', wall: 'GBEk' };

/** `--clues 20-26`, `24`, `22-`, `-30`: inclusive bounds within 0..81. */
export function cluesOption(raw: string | undefined): [number, number] {
  if (raw === undefined) return [0, 81];
  const m = /^(\d*)(-?)(\d*)$/.exec(raw.trim());
  const single = m && m[2] === '' ? m[1] : null;
  const least = m ? Number(single ?? (m[1] || 0)) : NaN;
  const most = m ? Number(single ?? (m[3] || 81)) : NaN;
  if (!m || (m[1] === '' && m[3] === '') || !(least <= most) || most > 81) {
    throw new UsageError(`--clues takes MIN-MAX (two clue counts 0-81, MIN ≤ MAX), N, MIN- or -MAX, not '${raw}'`);
  }
  return [least, most];
}

/** `--time-limit 90s`, `5m`, `2h`, `1.5` (seconds): milliseconds, or Infinity when not given. */
export function timeLimitOption(raw: string | undefined): number {
  if (raw === undefined) return Infinity;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(raw.trim());
  const ms = m ? Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'] : NaN;
  if (!(ms > 0)) throw new UsageError(`--time-limit takes a positive duration (90s, 5m, 2h, 500ms; a plain number: seconds), not '${raw}'`);
  return ms;
}

const symmetryOption = (raw: string | undefined): ClueSymmetry => {
  if (raw === undefined) return 'none';
  if (!isClueSymmetry(raw)) throw new UsageError(`--symmetry takes ${CLUE_SYMMETRIES.join(', ')}, not '${raw}'`);
  return raw;
};

function minimalityOption(values: GenerateOptions): Minimality {
  if (values['no-minimal'] && values['strict-minimal']) throw new UsageError('--no-minimal and --strict-minimal contradict each other');
  return values['no-minimal'] ? 'no' : values['strict-minimal'] ? 'clues' : 'orbits';
}

/** The option's first one named, for "X with Y" messages. */
const firstGiven = (values: GenerateOptions, names: readonly (keyof GenerateOptions)[]): string | undefined => names.find((n) => values[n] !== undefined);

/** The solution grids of --from-grid, checked in the variant. */
async function gridsOption(raw: string | undefined, variant: Variant): Promise<Uint8Array[] | null> {
  if (raw === undefined) return null;
  const grids: GridInput[] = [];
  for await (const g of readGrids(listInputs([raw], true), 2_000_000).grids) grids.push(g);
  if (grids.length === 0) throw new UsageError(`--from-grid ${raw}: no solution grid and no puzzle with one solution`);
  return grids.map((g) => {
    const digits = Uint8Array.from(g.grid, Number);
    const valid = countSolutions(variant, Uint16Array.from(digits, (d) => 1 << (d - 1)), 1).count === 1;
    if (!valid) throw new UsageError(`--from-grid: the grid of ${g.file}:${g.line} is no ${VARIANT_NAMES[variant]} solution grid`);
    return digits;
  });
}

async function patternsOption(raw: string | undefined): Promise<Uint8Array[] | null> {
  if (raw === undefined) return null;
  return (await readPatterns(patternInput(raw))).map((p) => Uint8Array.from(p.pattern, (ch) => (ch === 'x' || ch === 'X' ? 1 : 0)));
}

/** --method, checked against the options it cannot honour: controlled-bias makes classic minimal puzzles of any clue count, grid and pattern. */
function methodOption(values: GenerateOptions): GenerateMethod {
  const method = values.method ?? 'top-down';
  if (!isMethod(method)) throw new UsageError(`--method takes ${Object.keys(METHODS).join(', ')}, not '${method}'`);
  if (method === 'controlled-bias') {
    const clash = firstGiven(values, ['symmetry', 'clues', 'no-minimal', 'strict-minimal', 'from-grid', 'pattern']);
    if (clash) throw new UsageError(`--method controlled-bias makes minimal puzzles from random grids, any clue count, no symmetry: it takes no --${clash}`);
    if ((values.variant ?? 'classic') !== 'classic') throw new UsageError(`--method controlled-bias makes classic puzzles: not with --variant ${values.variant}`);
  }
  return method;
}

/** --pencilmark (with --remove or --candidates) or --sukaku: what each puzzle becomes before it is printed. */
function pencilmarkOption(values: GenerateOptions): PencilmarkForm | null {
  if (values.remove !== undefined && values.candidates !== undefined) throw new UsageError('--remove and --candidates exclude each other: a count taken out or a count left');
  const reducing = firstGiven(values, ['remove', 'candidates']);
  if (reducing && !values.pencilmark) throw new UsageError(`--${reducing} is for --pencilmark lines`);
  if (values.sukaku && values.pencilmark) throw new UsageError('--sukaku and --pencilmark exclude each other (a sukaku is a pencilmark line without givens)');
  if (!values.sukaku && !values.pencilmark) return null;
  if ((values.variant ?? 'classic') !== 'classic') throw new UsageError(`--${values.sukaku ? 'sukaku' : 'pencilmark'} makes classic puzzles: not with --variant ${values.variant}`);
  if (values.sukaku) return { kind: 'sukaku' };
  const target = values.candidates === undefined ? undefined : positiveInt('candidates', values.candidates, 81);
  if (target !== undefined && target < 81) throw new UsageError(`--candidates takes 81 or more (the solution's own candidates stay), not ${target}`);
  return { kind: 'pencilmark', reduction: { remove: values.remove === undefined ? (target === undefined ? 0 : undefined) : positiveInt('remove', values.remove, 0), target } };
}

interface Run {
  specs: (k: number) => GenerateSpec;
  method: GenerateMethod;
  pencilmark: PencilmarkForm | null;
  seed: number;
  count: number;
  until: number;
  where: Where | null;
  budgetMs: number;
  /** The ratings the lines print, or null. */
  row: GenerateJob['row'];
  template: RowTemplate;
}

/** The ratings a template prints, as a row job asks for them; null for none. */
function rowRatings(format: string, variant: Variant): GenerateJob['row'] {
  const letters = (source: keyof typeof LETTER_SOURCES): boolean => [...LETTER_SOURCES[source]].some((l) => format.includes(`%${l}`));
  const [se, bliss] = [letters('se'), letters('bliss')];
  // W alone unless the template prints the rest of its family (gW, B, T&E depth, backdoor).
  const w = letters('wall') ? 'wall' : letters('w') ? 'w' : null;
  if ((se || w) && variant !== 'classic') throw new UsageError(`--format prints ${se ? 'SE' : 'W'} figures, which rate classic Sudoku only: not with --variant ${variant}`);
  return se || bliss || w ? { se, w, bliss: bliss ? { variant, maxLevel: 2 } : null } : null;
}

/** A --where that needs SE or W, which rate classic Sudoku only, cannot hold for a variant puzzle: the run would end at its limit. */
function whereOption(raw: string | undefined, variant: Variant): Where | null {
  if (raw === undefined) return null;
  const where = parseWhere(raw);
  const classicOnly = sourcesOf(where).filter((s): s is Source => s === 'se' || s === 'w' || s === 'gwb');
  if (classicOnly.length > 0 && variant !== 'classic') throw new UsageError(`--where reads ${classicOnly[0].toUpperCase()} figures, which rate classic Sudoku only: not with --variant ${variant}`);
  return where;
}

/** Reads and checks every option (usage errors name the options that clash). */
async function prepare(values: GenerateOptions): Promise<Run> {
  const method = methodOption(values);
  const pencilmark = pencilmarkOption(values);
  const variant = variantOption(values.variant) ?? VARIANTS[0];
  const count = positiveInt('count', values.count, 1);
  const symmetry = symmetryOption(values.symmetry);
  const clues = cluesOption(values.clues);
  const minimal = minimalityOption(values);
  if (values.pattern !== undefined) {
    const clash = firstGiven(values, ['symmetry', 'clues', 'strict-minimal']);
    if (clash) throw new UsageError(`--pattern fixes the clue cells: it takes no --${clash}`);
    if (values['from-grid'] !== undefined && count > 1) throw new UsageError('--from-grid with --pattern makes one puzzle at most: it takes no --count above 1');
  }
  if (minimal === 'clues' && symmetry === 'none') throw new UsageError('--strict-minimal is for puzzles with a --symmetry (without one, every minimal puzzle is strictly minimal)');
  const where = whereOption(values.where, variant);
  const format = values.format ?? '%g';
  const template = parseTemplate(format, 'format');
  const row = rowRatings(format, variant);
  const grids = await gridsOption(values['from-grid'], variant);
  const patterns = await patternsOption(values.pattern);
  const base = { variant, symmetry, clues, minimal };
  return {
    specs: (k) => ({ ...base, grid: grids ? grids[k % grids.length] : null, pattern: patterns ? patterns[k % patterns.length] : null }),
    method,
    pencilmark,
    seed: values.seed !== undefined ? seedOf(values.seed) : randomInt(2 ** 32),
    count,
    until: Date.now() + timeLimitOption(values['time-limit']),
    where,
    budgetMs: positiveInt('budget-ms', values['budget-ms'], DEFAULT_RATING_BUDGET_MS),
    row,
    template,
  };
}

async function* asAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

async function runGenerate(args: string[], values: GenerateOptions): Promise<number> {
  if (args.length > 0) throw new UsageError(`'generate' takes no arguments, only options (got '${args[0]}')`);
  // Another seed makes other puzzles: what FILE holds would not be the start of this run.
  if (values.resume && values.seed === undefined) throw new UsageError('--resume continues the run of a --seed: give the --seed of the run it continues');
  const run = await prepare(values);
  const variant = run.specs(0).variant;
  // The files --from-grid and --pattern name are read: neither the output nor a shard's manifest may land on one.
  const alsoRead = [values['from-grid'], values.pattern].flatMap((raw) => (raw === undefined ? [] : listInputs([raw], true)));
  const shardRun = openShardRun({
    command: 'generate',
    // A run without --seed is no run its shards can share: the manifest records the seed drawn.
    values: { ...values, seed: String(run.seed) },
    // The time limit shapes no line (a puzzle not found in time is no line): a --resume may give a longer one.
    ignored: ['workers', 'time-limit'],
    inputs: [],
    alsoRead,
    header: variant === 'classic' ? null : `#! variant: ${variant}`,
  });
  const { shard, output } = shardRun;
  const workers = workersOption(values);
  const items = [...runItems(shardRun, run.count)];
  const pool: workerpool.Pool | null = workers > 1 && items.length > 1 ? cliWorkers().pool(workers) : null;
  if (shard && values.seed === undefined) process.stderr.write(`sudoku-lens: a shard without --seed: give every shard the same --seed so that they make one run\n`);
  const exec = jobRunner(pool, 'generate', (job) => runGenerateJob(job));
  const progress = process.stderr.isTTY || items.length > 1 ? new Progress(items.length, 'generate') : null;
  const tally = { found: 0, missing: 0, attempts: 0, refused: 0 };
  const started = performance.now();
  const summary = (): string => {
    const refused = run.where ? `, ${plural(tally.refused, 'puzzle')} refused by --where` : '';
    return `${plural(tally.found, 'puzzle')} in ${duration((performance.now() - started) / 1000)} (${plural(tally.attempts, 'grid')} tried${refused})`;
  };
  const onInterrupt = (): void => {
    progress?.clear();
    process.stderr.write(`sudoku-lens: interrupted: ${summary()}\n`);
    shardRun.close();
    void pool?.terminate(true);
    process.exit(130);
  };
  // With workers the main thread stays free to hear Ctrl-C; in-process, Node's default (exit at once) is kept.
  if (pool) process.once('SIGINT', onInterrupt);
  if (values.seed === undefined) process.stderr.write(`sudoku-lens: seed ${run.seed} (--seed ${run.seed} makes this run again)\n`);
  const emit = (r: GenerateResult): void => {
    tally.attempts += r.attempts;
    tally.refused += r.refused;
    progress?.tick();
    if (r.puzzle === null) {
      tally.missing++;
      // Not found in time: the manifest records nothing from here on, so --resume makes it and the rest.
      shardRun.unfinished();
      return;
    }
    tally.found++;
    const puzzle = parseLines([r.puzzle])[0];
    const line = formatRow(run.template, { file: FILE, puzzle, source: r.puzzle, ordinal: r.item + 1, se: r.row?.se ?? null, bliss: r.row?.bliss ?? null, w: r.row?.w ?? null, ms: r.row?.ms ?? null }, unratedOption(values.unrated));
    if (shardRun.toTerminal) progress?.clear();
    shardRun.write(`${line}\n`);
  };
  try {
    await inOrder(
      asAsync(items),
      lookAhead(pool, workers),
      (item) => exec({ spec: run.specs(item), method: run.method, pencilmark: run.pencilmark, seed: run.seed, item, until: run.until, where: run.where, budgetMs: run.budgetMs, row: run.row }),
      emit,
    );
    shardRun.end();
  } finally {
    if (pool) process.removeListener('SIGINT', onInterrupt);
    progress?.finish();
    shardRun.close();
    await pool?.terminate();
  }
  if (tally.missing > 0) {
    process.stderr.write(`sudoku-lens: the time limit (${values['time-limit']}) ran out: ${tally.found} of ${plural(items.length, 'puzzle')} found; ${summary()}\n`);
    return 1;
  }
  process.stderr.write(`${summary()}${output !== undefined && shard ? ` (manifest ${output}${MANIFEST_SUFFIX})` : ''}\n`);
  return 0;
}

export const GENERATE = command({ name: 'generate', usage: GENERATE_USAGE, options: GENERATE_OPTIONS, run: runGenerate });

/**
 * A batch command's run as one task of a job array, the same for every command: its shard
 * (`--shard I/N` or the scheduler's environment, shard.ts), where its rows go (stdout, or
 * `--output FILE`, `{shard}` in a sharded run's name), the manifest beside a sharded FILE and
 * `--resume` from it. A command numbers the items of its inputs through `next()` (every item, in
 * order, whether this run does it or not) and hands over the rows of each item it does; which
 * items are its own, and which a resumed FILE already holds, is decided here, so that `merge`
 * puts any command's shards back together the same way.
 */
import { plural } from '../engine/core/format';
import { type OptionSpecs, flag, valued } from './command';
import { type Input, type ReadPuzzle, puzzlesIn, refuseOutputInput } from './inputs';
import { UsageError } from './io';
import type { LineProgress } from './lineProgress';
import { type RowFormat, openOutput } from './output';
import { MANIFEST_SUFFIX, type ManifestWriter, SHARD_OPTION, type Shard, openManifest, rowOptions, shardLine, shardOf, shardOutput } from './shard';

/** The options of a batch command's run (rate words its --resume for its own unsharded one). */
export const RUN_OPTIONS = {
  output: { ...valued('FILE', 'rows to FILE, which must be none of the inputs; a sharded run needs {shard} in its name'), short: 'o' },
  resume: flag("a sharded --output FILE: do only the items its manifest does not account for, appending their rows"),
  shard: SHARD_OPTION,
} satisfies OptionSpecs;

export interface RunSpec {
  command: string;
  /** The command's option values: those that shape its rows go into the manifest (`merge` refuses shards that differ). */
  values: { output?: string; resume?: boolean; shard?: string } & Record<string, unknown>;
  /** Defaults of options that shape the rows: given or not, the same rows, the same run. */
  defaults?: Record<string, string>;
  /** Options that do not change the rows (--workers, …); --output, --resume and --shard never do. */
  ignored?: readonly string[];
  inputs: readonly Input[];
  /** Files read that hold no items (generate's --from-grid and --pattern): the output and its manifest must not be one either. */
  alsoRead?: readonly Input[];
  /** A line at the top of the output that belongs to no item (rate's CSV header, generate's variant line): merge writes it once. */
  header?: string | null;
  /** rate only: its rows' format, whose JSON or CSV rows its unsharded --resume reads back (output.ts). */
  format?: RowFormat;
  /** A filter's shard: each kept item's lines start with its `#! variant:` line (shard.ts ManifestHeader). */
  variantLines?: true;
}

/** An item this run does: its number among all items (from 0), and whether a resumed FILE already holds its rows. */
export interface OwnItem {
  k: number;
  done: boolean;
}

export interface ShardRun {
  readonly shard: Shard | null;
  /** --output, `{shard}` replaced. */
  readonly output: string | undefined;
  /** Whether a re-run with --resume would continue this one (a manifest, or rate's JSON/CSV rows). */
  readonly resumable: boolean;
  /** True when the rows go to a terminal: a progress bar must step aside. */
  readonly toTerminal: boolean;
  /** rate's unsharded --resume: the keys (output.ts rowKey) of the rows FILE already holds. */
  readonly done: ReadonlySet<string>;
  /** Whether the next item is this run's (another shard's may be counted without being parsed). */
  wants(): boolean;
  /** Numbers the next item of the inputs: null when it is another shard's. */
  next(): OwnItem | null;
  /** The hook that hashes input `i`'s bytes as they are read (none without a manifest). */
  onRead(i: number): ((chunk: Buffer) => void) | undefined;
  /** The rows of the next item this run does, in the order `next()` handed them out: its lines, each ending in '\n' ('' for none). */
  write(rows: string): void;
  /** The items handed out and not written will not be (a search stopped by its budget): the manifest records nothing more, --resume does them. */
  unfinished(): void;
  /** Every item numbered and written: the manifest's end (not when some were left unfinished). */
  end(): void;
  close(): void;
}

/**
 * A sharded FILE gets its rows and their records a batch at a time (up to this many bytes of rows,
 * or what came within this long of the last write): a write each would cost two system calls an
 * item, more than a quick item's work. An item slower than that is written at once, and a timer
 * writes a batch this long after it began when the event loop is free (items rated in-process
 * hold it: a quick item's record may then wait for the next item). A kill loses at most the batch,
 * which --resume does again.
 */
const BATCH_BYTES = 1 << 16;
const BATCH_MS = 200;

const lineCount = (rows: string): number => {
  let n = 0;
  for (let i = rows.indexOf('\n'); i >= 0; i = rows.indexOf('\n', i + 1)) n++;
  return n;
};

/**
 * The run's shard, its output opened (FILE fresh, or cut to what its manifest accounts for with
 * --resume) and the stderr line saying which shard it is. Usage errors (a sharded --output
 * without {shard}, --resume without a manifest to resume from) come before anything is written.
 */
export function openShardRun(spec: RunSpec): ShardRun {
  const { values, inputs, format, header = null } = spec;
  const shard = shardOf(values.shard, process.env);
  if (values.resume && values.output === undefined) throw new UsageError('--resume needs --output FILE');
  if (values.resume && !shard && !format) {
    throw new UsageError('--resume continues a sharded --output from its manifest: add --shard I/N (--shard 0/1 for a single task)');
  }
  const output = shardOutput(values.output, shard);
  const read = [...inputs, ...(spec.alsoRead ?? [])];
  if (output !== undefined) refuseOutputInput(output, read);
  // A shard's manifest is written beside its output: it must not be an input either.
  if (output !== undefined && shard) refuseOutputInput(output + MANIFEST_SUFFIX, read);
  if (shard) process.stderr.write(shardLine(shard));
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const manifest: ManifestWriter | null =
    shard && output !== undefined
      ? openManifest(
          output,
          {
            manifest: 'sudoku-lens shard',
            version: 1,
            command: spec.command,
            options: rowOptions({ ...spec.defaults, ...given }, ['output', 'resume', 'shard', ...(spec.ignored ?? [])]),
            inputs: inputs.map((i) => i.text ?? i.name),
            headerLines: header === null ? 0 : 1,
            shard: shard.index,
            of: shard.count,
            ...(spec.variantLines ? { variantLines: true } : {}),
          },
          Boolean(values.resume),
          inputs.length,
        )
      : null;
  if (manifest?.finished) process.stderr.write(`sudoku-lens: ${output}${MANIFEST_SUFFIX}: ${plural(manifest.finished, 'item')} of this shard already done\n`);
  const out = openOutput(output, Boolean(values.resume) && !shard, format ?? 'text', header, inputs.map((i) => i.name), manifest?.kept);
  let items = 0;
  let handed = 0;
  let written = 0;
  let gap = false;
  // The batch: rows not yet written to FILE, their items' line counts; when the last was written; the timer that writes it.
  let rows = '';
  const counts: number[] = [];
  let flushed = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    flushed = performance.now();
    if (rows !== '') out.write(rows);
    manifest?.items(counts);
    rows = '';
    counts.length = 0;
  };
  return {
    shard,
    output,
    resumable: output !== undefined && (manifest !== null || (format !== undefined && format !== 'text')),
    toTerminal: out.toTerminal,
    done: out.done,
    wants: () => !shard || items % shard.count === shard.index,
    next() {
      const k = items++;
      if (!shard) return { k, done: false };
      if (k % shard.count !== shard.index) return null;
      const done = (k - shard.index) / shard.count < (manifest?.finished ?? 0);
      if (!done) handed++;
      return { k, done };
    },
    onRead: (i) => (manifest ? (chunk) => manifest.hash(i).update(chunk) : undefined),
    write(text) {
      written++;
      // Without a manifest (stdout, or no shard: rate's --resume reads its rows back) rows go out at
      // once; after a gap they still reach FILE, but the manifest (a count per item, in order) cannot place them.
      if (!manifest || gap) {
        if (text !== '') out.write(text);
        return;
      }
      rows += text;
      counts.push(lineCount(text));
      if (rows.length >= BATCH_BYTES || performance.now() - flushed >= BATCH_MS) flush();
      else timer ??= setTimeout(flush, BATCH_MS).unref();
    },
    unfinished() {
      flush();
      if (written < handed) gap = true;
    },
    end() {
      flush();
      if (!gap) manifest?.end(items);
    },
    close() {
      flush();
      manifest?.close();
      out.close();
    },
  };
}

/** A puzzle of the inputs this run does: where it was read, its number, whether FILE holds it already. */
export interface PuzzleItem extends ReadPuzzle, OwnItem {
  input: Input;
}

/**
 * The puzzles of the inputs, each an item, numbered in order over all inputs; this run's own are
 * yielded (rate counts those a resumed FILE holds; the others skip them). Every input's bytes
 * reach the manifest's hash as they are read; progress is counted in lines of every item.
 */
export async function* runPuzzles(run: ShardRun, inputs: readonly Input[], progress: LineProgress | null = null): AsyncGenerator<PuzzleItem> {
  for (const [i, input] of inputs.entries()) {
    // Another shard's item that is a line by itself comes unparsed: it is only counted.
    for await (const read of puzzlesIn(input, run.onRead(i), run.wants)) {
      const own = run.next();
      if (read.puzzle === null) {
        progress?.reached(input, read.line + 1);
        continue;
      }
      if (own) yield { ...read, ...own, input };
      progress?.reached(input, read.puzzle.range.end.line + 1);
    }
    progress?.reached(input, Infinity);
  }
}

/** Items that are numbers, not read (generate's 0..count-1): the ones this run does and a resumed FILE does not hold yet. */
export function* runItems(run: ShardRun, count: number): Generator<number> {
  for (let k = 0; k < count; k++) {
    const own = run.next();
    if (own && !own.done) yield k;
  }
}

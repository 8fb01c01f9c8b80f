/**
 * Shards: one task of a job array takes every N-th input item (`--shard I/N`, or I and N from a
 * Slurm job array's or a Kubernetes Indexed Job's environment). Item k of the inputs (0-based,
 * over all inputs in order) belongs to shard k mod N: interleaved, so the slow hard puzzles of a
 * sorted collection spread over the tasks. A sharded `--output FILE` gets a manifest beside it
 * (FILE.shard.jsonl) that says what FILE holds, item by item, so that `--resume` can finish a
 * killed task and `merge` can rebuild the single run's output.
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync, truncateSync, writeSync } from 'node:fs';
import { valued } from './command';
import { UsageError, ioCause } from './io';
import { onFile } from './output';

export interface Shard {
  index: number;
  count: number;
  /** Where I and N came from, for the stderr line: `--shard`, `SLURM_ARRAY_TASK_ID=2`, … */
  from: string;
}

/** Kubernetes passes an Indexed Job's index, not its completions count: the Job's manifest sets this variable to it. */
export const K8S_COUNT_VAR = 'SUDOKU_LENS_SHARDS';

const natural = (s: string | undefined): number | null => (s !== undefined && /^\d+$/.test(s) ? Number(s) : null);

function checked(index: number | null, count: number | null, what: string, from: string): Shard {
  if (index === null || count === null) throw new UsageError(`${what}: I/N needs two whole numbers`);
  if (count === 0) throw new UsageError(`${what}: N must be at least 1`);
  if (index >= count) throw new UsageError(`${what}: shard ${index} does not exist among ${count} (I counts from 0 to N - 1)`);
  return { index, count, from };
}

/** The shard of `--shard I/N`, else of the scheduler's environment; null when neither says (one unsharded run). */
export function shardOf(option: string | undefined, env: NodeJS.ProcessEnv): Shard | null {
  if (option !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(option.trim());
    return checked(m ? Number(m[1]) : null, m ? Number(m[2]) : null, `--shard ${option}`, '--shard');
  }
  const task = env.SLURM_ARRAY_TASK_ID;
  if (task !== undefined) {
    const [id, min, step, count] = [task, env.SLURM_ARRAY_TASK_MIN, env.SLURM_ARRAY_TASK_STEP ?? '1', env.SLURM_ARRAY_TASK_COUNT].map(natural);
    const what = `SLURM_ARRAY_TASK_ID=${task} (MIN=${env.SLURM_ARRAY_TASK_MIN}, STEP=${env.SLURM_ARRAY_TASK_STEP ?? '1'}, COUNT=${env.SLURM_ARRAY_TASK_COUNT})`;
    if (id === null || min === null || step === null || step === 0 || count === null || (id - min) % step !== 0) {
      throw new UsageError(`${what}: not a job array task this command can shard by`);
    }
    return checked((id - min) / step, count, what, `SLURM_ARRAY_TASK_ID=${task}`);
  }
  const index = env.JOB_COMPLETION_INDEX;
  if (index !== undefined) {
    const count = env[K8S_COUNT_VAR];
    if (count === undefined) throw new UsageError(`JOB_COMPLETION_INDEX=${index} without ${K8S_COUNT_VAR} (set it to the Job's completions)`);
    return checked(natural(index), natural(count), `JOB_COMPLETION_INDEX=${index}, ${K8S_COUNT_VAR}=${count}`, `JOB_COMPLETION_INDEX=${index}`);
  }
  return null;
}

/** `--output` with `{shard}` replaced by I (zero-padded to N - 1's width, so the files sort by shard); a shared file of several shards is refused. */
export function shardOutput(output: string | undefined, shard: Shard | null): string | undefined {
  if (output === undefined || shard === null) return output;
  if (!output.includes('{shard}')) {
    if (shard.count === 1) return output;
    throw new UsageError(`--output ${output}: a sharded run's output needs {shard} in its name (the ${shard.count} tasks would overwrite each other)`);
  }
  return output.replaceAll('{shard}', String(shard.index).padStart(String(shard.count - 1).length, '0'));
}

export const MANIFEST_SUFFIX = '.shard.jsonl';

/** The manifest's first line: what the output is a shard of. */
export interface ManifestHeader {
  manifest: 'sudoku-lens shard';
  version: 1;
  command: string;
  /** The options that shape the rows (not --workers, --output, …), keys sorted. */
  options: Record<string, unknown>;
  inputs: string[];
  /** Lines at the top of the output that belong to no item (a CSV header). */
  headerLines: number;
  shard: number;
  of: number;
  /** A filter's shard: each kept item's lines start with its `#! variant:` line, which merge keeps only where the variant changes. */
  variantLines?: true;
}

/** The last line, once the shard is complete: the inputs' item count and the sha256 of each input's bytes as read. */
export interface ManifestEnd {
  end: true;
  items: number;
  sha256: string[];
}

/** A manifest as read: its header, the line count of each finished item of the shard in order, and its end if complete. */
export interface Manifest {
  header: ManifestHeader;
  counts: number[];
  end: ManifestEnd | null;
  /** Bytes of whole lines (a partial last line, a record being written, is not counted). */
  bytes: number;
}

/** Reads FILE's manifest; an error naming the file and line when it is none. */
export function readManifest(output: string): Manifest {
  const file = output + MANIFEST_SUFFIX;
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch (err) {
    throw new Error(`${file}: ${ioCause(err)}`);
  }
  const bytes = buf.lastIndexOf(0x0a) + 1;
  const lines = buf.subarray(0, bytes).toString('utf8').split('\n').slice(0, -1);
  const bad = (i: number, why: string) => new Error(`${file}:${i + 1}: ${why}`);
  const parse = (i: number): unknown => {
    try {
      return JSON.parse(lines[i]);
    } catch {
      throw bad(i, 'not JSON: no shard manifest');
    }
  };
  if (lines.length === 0) throw bad(0, 'empty: no shard manifest');
  const header = parse(0) as ManifestHeader;
  if (header?.manifest !== 'sudoku-lens shard' || header.version !== 1) throw bad(0, 'no sudoku-lens shard manifest (version 1)');
  const counts: number[] = [];
  let end: ManifestEnd | null = null;
  for (let i = 1; i < lines.length; i++) {
    const record = parse(i);
    if (end) throw bad(i, 'a record after the end');
    if (typeof record === 'number' && Number.isInteger(record) && record >= 0) counts.push(record);
    else if ((record as ManifestEnd)?.end === true) end = record as ManifestEnd;
    else throw bad(i, 'neither a line count nor the end');
  }
  return { header, counts, end, bytes };
}

/** The first field where two headers differ (JSON-compared), or null. */
export function headerMismatch(a: ManifestHeader, b: ManifestHeader, fields: readonly (keyof ManifestHeader)[]): string | null {
  for (const f of fields) if (JSON.stringify(a[f]) !== JSON.stringify(b[f])) return `${f} ${JSON.stringify(a[f])} ≠ ${JSON.stringify(b[f])}`;
  return null;
}

/** Byte offset just after the first `lines` lines of `buf`, or -1 when it has fewer. */
export function afterLines(buf: Buffer, lines: number): number {
  let at = 0;
  for (let i = 0; i < lines; i++) {
    const nl = buf.indexOf(0x0a, at);
    if (nl < 0) return -1;
    at = nl + 1;
  }
  return at;
}

export interface ManifestWriter {
  /** Items of this shard FILE already holds (--resume): the run skips them. */
  readonly finished: number;
  /** FILE was kept (cut to what the manifest accounts for): the rows are appended to it. */
  readonly kept: boolean;
  /** The hash of input `i`'s bytes: update it as they are read. */
  hash(i: number): Hash;
  /** Items' rows are written (`lines` lines each, 0 for none): recorded only now, so the manifest never claims more than FILE holds. */
  items(lines: readonly number[]): void;
  /** Every input read to its end: `items` in all. */
  end(items: number): void;
  close(): void;
}

/**
 * Opens the manifest of a sharded output FILE. Fresh: writes the header (FILE is then written
 * anew). With `resume`, an existing manifest must have this run's header; FILE is cut to the
 * lines the manifest accounts for (a row whose record never came is written again) and the
 * manifest to its whole records, without the end (it is written again at the end).
 */
export function openManifest(output: string, header: ManifestHeader, resume: boolean, inputs: number): ManifestWriter {
  const file = output + MANIFEST_SUFFIX;
  let finished = 0;
  let append = false;
  if (resume && exists(file)) {
    const m = readManifest(output);
    const differs = headerMismatch(m.header, header, ['command', 'options', 'inputs', 'headerLines', 'shard', 'of']);
    if (differs) throw new UsageError(`--resume: ${file} is of another run (${differs}); it is left as it is`);
    const rows = onFile(output, () => readFileSync(output));
    const keep = afterLines(rows, header.headerLines + m.counts.reduce((a, b) => a + b, 0));
    if (keep < 0) throw new Error(`--resume: ${output} holds fewer lines than ${file} accounts for; it is left as it is`);
    onFile(output, () => truncateSync(output, keep));
    const records = readFileSync(file).subarray(0, m.bytes).toString('utf8').split('\n');
    // The header and the counts stay; a partial last record and the end go.
    onFile(file, () => truncateSync(file, Buffer.byteLength(records.slice(0, 1 + m.counts.length).join('\n')) + 1));
    finished = m.counts.length;
    append = true;
  }
  const fd = onFile(file, () => openSync(file, append ? 'a' : 'w'));
  const write = (record: unknown): void => {
    onFile(file, () => writeSync(fd, `${JSON.stringify(record)}\n`));
  };
  if (!append) write(header);
  const hashes = Array.from({ length: inputs }, () => createHash('sha256'));
  return {
    finished,
    kept: append,
    hash: (i) => hashes[i],
    items: (lines) => {
      if (lines.length > 0) onFile(file, () => writeSync(fd, `${lines.join('\n')}\n`));
    },
    end: (items) => write({ end: true, items, sha256: hashes.map((h) => h.digest('hex')) } satisfies ManifestEnd),
    close: () => closeSync(fd),
  };
}

function exists(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export const SHARD_OPTION = valued('I/N', `take items I, I+N, I+2N, … (0 ≤ I < N; default: from SLURM_ARRAY_TASK_* or JOB_COMPLETION_INDEX with ${K8S_COUNT_VAR})`);

/** The stderr line saying which shard this task is, and where it learnt it. */
export const shardLine = (shard: Shard): string => `sudoku-lens: shard ${shard.index}/${shard.count} (${shard.from})\n`;

/** The options that shape a command's rows, for the manifest: all but those named in `ignored`, keys sorted. */
export function rowOptions(values: Record<string, unknown>, ignored: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.keys(values).filter((k) => !ignored.includes(k) && values[k] !== undefined).sort().map((k) => [k, values[k]]));
}

/**
 * `sudoku-lens merge OUTPUT...`: the outputs of a sharded run (each with its manifest, shard.ts)
 * put back together into what one process would have printed: item k from shard k mod N, its
 * lines as the manifest counts them, a CSV header once, a filter's `#! variant:` line only where
 * the variant changes. Shards of other inputs, options or N are
 * refused (exit 2); items no shard finished are named (exit 1). The outputs are read forward a
 * chunk at a time, so memory does not grow with their size.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { command, valued } from './command';
import { UsageError } from './io';
import { variantLine } from './filter';
import { refuseOutputInput } from './inputs';
import { onFile } from './output';
import { type Manifest, MANIFEST_SUFFIX, headerMismatch, readManifest } from './shard';
import { writeOut } from './stdout';

const MERGE_USAGE = `  sudoku-lens merge OUTPUT... [--output FILE]
                                 the --output files of a sharded run (--shard I/N, a Slurm job array, a
                                 Kubernetes Indexed Job), each with its manifest OUTPUT${MANIFEST_SUFFIX} (named, it stands for OUTPUT), as
                                 one run would have written them; exit 1 naming the items no shard finished`;

const MERGE_OPTIONS = {
  output: { ...valued('FILE', 'the merged rows to FILE (default: stdout)'), short: 'o' },
};

const CHUNK = 1 << 16;

/** A shard output read forward: what is held is one chunk and the item being taken, whatever the file's size. */
class RowReader {
  private held = Buffer.alloc(0);
  private atEnd = false;
  constructor(
    private readonly name: string,
    private readonly fd: number,
  ) {}

  /** The bytes of the next `count` lines, newlines included; null when the file ends before. */
  take(count: number): Buffer | null {
    let end = 0;
    for (let i = 0; i < count; i++) {
      let nl = this.held.indexOf(0x0a, end);
      while (nl < 0 && !this.atEnd) {
        this.read();
        nl = this.held.indexOf(0x0a, end);
      }
      if (nl < 0) return null;
      end = nl + 1;
    }
    const lines = this.held.subarray(0, end);
    this.held = this.held.subarray(end);
    return lines;
  }

  private read(): void {
    const chunk = Buffer.alloc(CHUNK);
    const n = onFile(this.name, () => readSync(this.fd, chunk, 0, CHUNK, null));
    if (n === 0) this.atEnd = true;
    else this.held = Buffer.concat([this.held, chunk.subarray(0, n)]);
  }

  close(): void {
    closeSync(this.fd);
  }
}

interface ShardFile {
  name: string;
  manifest: Manifest;
  rows: RowReader;
  /** Its header lines (a CSV header), written once. */
  header: Buffer;
}

/** How many items are named before `…`. */
const LISTED = 10;

function readShard(name: string): ShardFile {
  const manifest = readManifest(name);
  const rows = new RowReader(name, onFile(name, () => openSync(name, 'r')));
  const header = rows.take(manifest.header.headerLines);
  if (header === null) throw new Error(`${name}: shorter than its CSV header`);
  return { name, manifest, rows, header };
}

/** The shards of one run, by index: the same command, options, inputs and N, each index once, the same inputs' hashes. */
function checkedShards(files: ShardFile[]): Map<number, ShardFile> {
  const [first] = files;
  const byIndex = new Map<number, ShardFile>();
  for (const f of files) {
    const differs = headerMismatch(first.manifest.header, f.manifest.header, ['command', 'options', 'inputs', 'headerLines', 'of']);
    if (differs) throw new UsageError(`${f.name} is not of the run of ${first.name}: ${differs}`);
    const h = f.manifest.header;
    const twin = byIndex.get(h.shard);
    if (twin) throw new UsageError(`${twin.name} and ${f.name} are both shard ${h.shard}/${h.of}`);
    byIndex.set(h.shard, f);
    const other = files.find((g) => g.manifest.end && f.manifest.end && JSON.stringify(g.manifest.end.sha256) !== JSON.stringify(f.manifest.end.sha256));
    if (other) throw new UsageError(`${f.name} and ${other.name} read inputs of different content (sha256 differs)`);
  }
  return byIndex;
}

/** `items 12, 16, … (shard 0)`: the missing items of one shard, the first few named. */
function missingText(shard: number, items: number[]): string {
  const named = items.slice(0, LISTED).join(', ');
  return `items ${named}${items.length > LISTED ? `, … (${items.length} in all)` : ''} (shard ${shard})`;
}

async function runMerge(args: string[], values: { output?: string }): Promise<number> {
  if (args.length === 0) throw new UsageError("'merge' needs the shard outputs to merge");
  // A manifest named (`out-*` in a shell matches it too) stands for its output.
  const outputs = [...new Set(args.map((a) => (a.endsWith(MANIFEST_SUFFIX) ? a.slice(0, -MANIFEST_SUFFIX.length) : a)))];
  const shards = checkedShards(outputs.map(readShard));
  const { header } = shards.values().next().value!.manifest;
  const ends = [...shards.values()].flatMap((s) => (s.manifest.end ? [s.manifest.end.items] : []));
  // A complete shard knows how many items the inputs hold; with none complete, those some shard reached.
  const total = ends.length > 0 ? ends[0] : Math.max(...[...shards.values()].map((s) => s.manifest.counts.length * header.of + header.shard));
  if (ends.some((n) => n !== total)) throw new UsageError(`the shards counted different numbers of items (${[...new Set(ends)].join(', ')}): their inputs differ`);
  // The merged file must not be one of the shard outputs or manifests it reads (it would be cut first).
  if (values.output !== undefined) refuseOutputInput(values.output, outputs.flatMap((o) => [o, o + MANIFEST_SUFFIX].map((f) => ({ name: f, path: f }))));
  const fd = values.output === undefined ? null : onFile(values.output, () => openSync(values.output as string, 'w'));
  // Rows are gathered into writes of a chunk or more: a write per item would be a system call per row.
  const pending: Buffer[] = [];
  let size = 0;
  const flush = (): void => {
    const bytes = Buffer.concat(pending, size);
    pending.length = 0;
    size = 0;
    if (fd === null) writeOut(bytes.toString('utf8'));
    else onFile(values.output as string, () => writeSync(fd, bytes));
  };
  const write = (bytes: Buffer): void => {
    pending.push(bytes);
    size += bytes.length;
    if (size >= CHUNK) flush();
  };
  const missing = new Map<number, number[]>();
  /** A filter's shards say each kept item's variant: one run says it where it changes from the last one printed. */
  let variant = variantLine('classic');
  try {
    write(shards.values().next().value!.header);
    for (let k = 0; k < total; k++) {
      const s = k % header.of;
      const f = shards.get(s);
      const lines = f?.manifest.counts[Math.floor(k / header.of)];
      if (f === undefined || lines === undefined) {
        missing.set(s, [...(missing.get(s) ?? []), k]);
        continue;
      }
      const rows = f.rows.take(lines);
      if (rows === null) throw new Error(`${f.name}: fewer lines than ${f.name}${MANIFEST_SUFFIX} accounts for`);
      let from = 0;
      if (header.variantLines && lines > 0) {
        const next = rows.indexOf(0x0a) + 1;
        const line = rows.toString('utf8', 0, next - 1);
        if (line === variant) from = next;
        variant = line;
      }
      write(rows.subarray(from));
    }
    flush();
  } finally {
    if (fd !== null) closeSync(fd);
    for (const f of shards.values()) f.rows.close();
  }
  // No shard complete: how many items the inputs hold is unknown, so those after the last one reached are missing too.
  const unknown = ends.length === 0 ? [`items from ${total} on (no shard finished: no manifest has its end)`] : [];
  if (missing.size === 0 && unknown.length === 0) return 0;
  process.stderr.write(`sudoku-lens: merge: ${[...[...missing].map(([s, items]) => missingText(s, items)), ...unknown].join('; ')} missing\n`);
  return 1;
}

export const MERGE = command({ name: 'merge', usage: MERGE_USAGE, options: MERGE_OPTIONS, run: runMerge });

/** Running the built CLI (dist/cli.js) from a test, and puzzles the CLI tests share. */
import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = resolve(__dirname, '..');
export const CLI = join(ROOT, 'dist', 'cli.js');

/** Several solutions; they differ at r2c1, r2c9, r3c1, r3c9. */
export const MULTI = '8.........59.......76.........978245...653198...412736...591......836.1....724.8.';
export const NO_SOLUTION = '1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.';

/** Newest modification time under a directory. */
const newest = (dir: string): number =>
  Math.max(...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)));

/** Builds dist/ when it is missing or older than the sources (scripts/test.sh builds first anyway). */
export function buildIfMissing(): void {
  if (!existsSync(CLI) || statSync(CLI).mtimeMs < newest(join(ROOT, 'server', 'src'))) {
    spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, timeout: 120_000 });
  }
}

/**
 * For a CLI test file: dist/ built before its tests and a temporary folder for their files,
 * removed after them. Returns the folder (known once the tests run).
 */
export function cliTestFolder(prefix: string): () => string {
  let folder = '';
  beforeAll(() => {
    buildIfMissing();
    folder = mkdtempSync(join(tmpdir(), prefix));
  }, 120_000);
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return () => folder;
}

export interface CliRun {
  timeoutMs?: number;
  /** stdin's text. */
  input?: string;
  /** Options for node itself, before dist/cli.js (a test preload: --require). */
  nodeArgs?: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Runs the built CLI with these arguments and options. */
export function runCliWith(o: CliRun, ...args: string[]): SpawnSyncReturns<string> {
  const r = spawnSync(process.execPath, [...(o.nodeArgs ?? []), CLI, ...args], {
    cwd: o.cwd ?? ROOT,
    encoding: 'utf8',
    timeout: o.timeoutMs ?? 120_000,
    input: o.input,
    env: o.env ? { ...process.env, ...o.env } : process.env,
  });
  if (r.error) throw r.error;
  return r;
}

/** The first `count` lines of `text`, each with its line end: what a killed shard is fed on stdin. */
export const headLines = (text: string, count: number): string => `${text.split('\n').slice(0, count).join('\n')}\n`;

/** Runs the built CLI with these arguments, stopping it after `timeoutMs`. */
export const cliRunner =
  (timeoutMs: number) =>
  (...args: string[]): SpawnSyncReturns<string> =>
    runCliWith({ timeoutMs }, ...args);

export const runCli = cliRunner(120_000);

/** Resolves once `test()` holds, checked now and whenever something in `dir` changes (a file a child writes). */
export function whenChanged(dir: string, test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const done = (): boolean => {
      if (!test()) return false;
      w.close();
      resolve();
      return true;
    };
    const w = watch(dir, done);
    done();
  });
}

/** No scheduler variables of the test's own environment leak into a run (inside a Slurm job, every run would be a shard). */
export const NO_SCHEDULER: NodeJS.ProcessEnv = Object.fromEntries(
  Object.keys(process.env)
    .filter((k) => k.startsWith('SLURM_') || k === 'JOB_COMPLETION_INDEX' || k === 'SUDOKU_LENS_SHARDS')
    .map((k) => [k, undefined]),
);

/**
 * Runs the built CLI with `args` in `cwd` and kills it (SIGKILL, as a scheduler pre-empts a task)
 * once the shard manifest `manifest` records `items` items; how many it holds then. With `stdin`,
 * the CLI reads that text on stdin, which stays open: a shard of `-` cannot run past it whatever
 * its speed, so the kill comes at a known point (not a race against the file watcher).
 */
export async function killedShard(cwd: string, args: string[], manifest: string, items: number, stdin?: string): Promise<number> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, ...NO_SCHEDULER } as NodeJS.ProcessEnv });
  if (stdin !== undefined) child.stdin.write(stdin);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const records = (): number => (existsSync(manifest) ? readFileSync(manifest, 'utf8').split('\n').length - 2 : -1);
  await whenChanged(cwd, () => records() >= items);
  child.kill('SIGKILL');
  await exited;
  return records();
}

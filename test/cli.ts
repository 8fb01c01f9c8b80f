/** Running the built CLI (dist/cli.js) from a test, and puzzles the CLI tests share. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..');
export const CLI = join(ROOT, 'dist', 'cli.js');

/** Several solutions; they differ at r2c1, r2c9, r3c1, r3c9. */
export const MULTI = '8.........59.......76.........978245...653198...412736...591......836.1....724.8.';
export const NO_SOLUTION = '1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.';

/** Builds dist/ when it is missing (scripts/test.sh builds first anyway). */
export function buildIfMissing(): void {
  if (!existsSync(CLI)) spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, timeout: 120_000 });
}

export function runCli(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  if (r.error) throw r.error;
  return r;
}

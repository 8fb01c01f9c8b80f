/**
 * The build embeds the solver's WebAssembly core: the built benchmark (dist/bench.js) runs it by
 * default and with --core wasm, the TypeScript core with --core ts, with the same answers and
 * guesses; a wrong --core is a usage error.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, buildIfMissing } from '../cli';

function benchSolver(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'bench.js'), 'solver', '--sets', 'top1465', '--limit', '40', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.error) throw r.error;
  return r;
}

/** The top1465 row: puzzles, guesses a puzzle and mismatches (the CPU time varies). */
function row(stdout: string): string[] {
  const cells = stdout.split('\n').find((l) => l.startsWith('puzzles3_magictour_top1465'))?.trim().split(/\s+/) ?? [];
  return [cells[1], cells[3], cells[4]];
}

describe('bench solver --core', () => {
  beforeAll(buildIfMissing, 120_000);

  it('runs the WebAssembly core by default and on --core wasm, the TypeScript one on --core ts, with the same guesses', () => {
    const byDefault = benchSolver();
    const wasm = benchSolver('--core', 'wasm');
    const ts = benchSolver('--core', 'ts');
    for (const r of [byDefault, wasm, ts]) expect(r.status, r.stderr).toBe(0);
    expect(byDefault.stdout).toContain('(wasm core;');
    expect(wasm.stdout).toContain('(wasm core;');
    expect(ts.stdout).toContain('(ts core;');
    expect(row(ts.stdout)).toEqual(['40', expect.stringMatching(/^\d+\.\d$/), '0']);
    expect(row(wasm.stdout)).toEqual(row(ts.stdout));
    expect(row(byDefault.stdout)).toEqual(row(ts.stdout));
  });

  it('rejects another core with a usage error (exit 2, no stack trace)', () => {
    const r = benchSolver('--core', 'asm');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--core expects ts or wasm, got asm');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

/**
 * A second, independent LSP client: Neovim 0.7 (Debian's, installed by scripts/e2e-install.sh)
 * runs test/neovim/probe.lua headless against the bundled server. It cannot pull diagnostics,
 * so this proves the push path works for real editors other than VS Code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './server';

const NVIM = '/usr/bin/nvim';

describe('Neovim 0.7 as the client', () => {
  it('receives pushed diagnostics and answers a hover', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'sudoku-nvim-')), 'result.json');
    const setup = `lua SUDOKU_SERVER='${path.join(ROOT, 'dist', 'server.js')}'; SUDOKU_FILE='${path.join(ROOT, 'samples', 'collection.sdm')}'; SUDOKU_OUT='${out}'`;
    const run = spawnSync(NVIM, ['--headless', '--clean', '-u', 'NONE', '-c', setup, '-c', `luafile ${path.join(ROOT, 'test', 'neovim', 'probe.lua')}`], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.error, `could not run ${NVIM}: install it with scripts/e2e-install.sh`).toBeUndefined();
    const result = JSON.parse(readFileSync(out, 'utf8')) as { diagnostics: { line: number; col: number; code: string }[]; hover: string };
    const codes = result.diagnostics.map((d) => d.code).sort();
    expect(codes).toEqual(['duplicate-given', 'duplicate-given', 'invalid-character', 'multiple-solutions', 'no-solution', 'wrong-length']);
    expect(result.diagnostics.find((d) => d.code === 'invalid-character')).toMatchObject({ line: 8, col: 15 });
    expect(result.hover).toContain('**r1c1**: given 4');
    expect(result.hover).toContain('unique solution');
  });
});

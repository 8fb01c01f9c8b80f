/**
 * A second, independent LSP client: Neovim 0.7 (Debian's, installed by scripts/e2e-install.sh),
 * set up by the README's Neovim snippet, run as it stands as the init.lua of a headless Neovim
 * (only its placeholder path replaced); test/neovim/probe.lua then drives it. Neovim cannot pull
 * diagnostics, so this proves the push path works for real editors other than VS Code, and that the
 * README's set-up gives .sdm and .ss files their filetype and the server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './server';

const NVIM = '/usr/bin/nvim';
/** The README's block between its neovim-init markers, and where it says the checkout goes. */
const SNIPPET = /<!-- neovim-init: [^\n]*-->\n```lua\n([\s\S]*?)```\n<!-- \/neovim-init -->/;
const PLACEHOLDER = '/path/to/sudoku-lens';

interface Attached {
  filetype: string;
  clients: { id: number; name: string }[];
}

/** The README's init.lua, pointing at this checkout. */
function readmeInit(): string {
  const block = SNIPPET.exec(readFileSync(path.join(ROOT, 'README.md'), 'utf8'))?.[1];
  expect(block, 'README.md has a ```lua block between <!-- neovim-init: … --> and <!-- /neovim-init -->').toBeDefined();
  expect(block).toContain(PLACEHOLDER);
  return block!.replaceAll(PLACEHOLDER, ROOT);
}

describe('Neovim 0.7 as the client, set up by the README', () => {
  it('gives .sdm and .ss files the filetype and the server, receives pushed diagnostics and answers a hover', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sudoku-nvim-'));
    const init = path.join(dir, 'init.lua');
    const out = path.join(dir, 'result.json');
    writeFileSync(init, readmeInit());
    const setup = `lua SUDOKU_FILE='${path.join(ROOT, 'samples', 'collection.sdm')}'; SUDOKU_GRID='${path.join(ROOT, 'samples', 'euler.ss')}'; SUDOKU_OUT='${out}'`;
    const run = spawnSync(NVIM, ['--headless', '--clean', '-u', init, '-c', setup, '-c', `luafile ${path.join(ROOT, 'test', 'neovim', 'probe.lua')}`], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.error, `could not run ${NVIM}: install it with scripts/e2e-install.sh`).toBeUndefined();
    const result = JSON.parse(readFileSync(out, 'utf8')) as {
      collection: Attached;
      grid: Attached;
      diagnostics: { line: number; col: number; code: string }[];
      hover: string | null;
    };
    expect(result.collection).toEqual({ filetype: 'sudoku', clients: [{ id: expect.any(Number), name: 'sudoku-lens' }] });
    // .ss is Scheme to Neovim: the snippet's filetype wins, and the grid shares the one server.
    expect(result.grid).toEqual(result.collection);
    const codes = result.diagnostics.map((d) => d.code).sort();
    expect(codes).toEqual(['duplicate-given', 'duplicate-given', 'invalid-character', 'multiple-solutions', 'no-solution', 'wrong-length']);
    expect(result.diagnostics.find((d) => d.code === 'invalid-character')).toMatchObject({ line: 8, col: 15 });
    expect(result.hover).toContain('**r1c1**: given 4');
    expect(result.hover).toContain('unique solution');
  });
});

/**
 * The extension's manifest as VS Code and the Marketplace read it: the icon, the capabilities
 * (Restricted Mode, virtual workspaces), the commands only in a Sudoku editor's Command Palette, a
 * scope on every setting, the language client's trace setting; and what the VSIX holds (`vsce ls`):
 * the README's pictures, the icon and the CHANGELOG, with minified bundles and their source maps.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, buildIfMissing } from '../cli';

interface Manifest {
  icon?: string;
  capabilities?: { untrustedWorkspaces?: { supported?: boolean | string }; virtualWorkspaces?: boolean | { supported?: boolean | string } };
  contributes: {
    commands: { command: string }[];
    menus?: { commandPalette?: { command: string; when?: string }[] };
    configuration: { properties: Record<string, { scope?: string; enum?: string[] }> };
  };
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const SCOPES = ['application', 'machine', 'machine-overridable', 'window', 'resource', 'language-overridable'];
/** The entries that construct the language client (Node and web); `<its id>.trace.server` is read by vscode-languageclient. */
const CLIENT_ENTRIES = ['client/src/extension.ts', 'client/src/browser.ts'];

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('package.json', () => {
  it('has a 128×128 PNG icon', () => {
    expect(manifest.icon).toBeDefined();
    expect(pngSize(join(ROOT, manifest.icon!))).toEqual({ width: 128, height: 128 });
  });

  it('runs in Restricted Mode and in virtual workspaces: it runs no workspace code', () => {
    expect(manifest.capabilities).toEqual({ untrustedWorkspaces: { supported: true }, virtualWorkspaces: true });
  });

  it('shows every command in the Command Palette only in a Sudoku editor', () => {
    const palette = new Map((manifest.contributes.menus?.commandPalette ?? []).map((m) => [m.command, m.when]));
    for (const { command } of manifest.contributes.commands) expect([command, palette.get(command)]).toEqual([command, 'editorLangId == sudoku']);
  });

  it('gives every setting a scope', () => {
    for (const [key, p] of Object.entries(manifest.contributes.configuration.properties)) expect([key, SCOPES.includes(p.scope ?? '')]).toEqual([key, true]);
  });

  it.each(CLIENT_ENTRIES)('declares the trace setting of the language client %s starts', (entry) => {
    const id = /new LanguageClient\(\s*'([^']+)'/.exec(readFileSync(join(ROOT, entry), 'utf8'))?.[1];
    expect(id).toBeDefined();
    expect(manifest.contributes.configuration.properties[`${id}.trace.server`]?.enum).toEqual(['off', 'messages', 'verbose']);
  });
});

describe('the VSIX', () => {
  let files: string[] = [];
  beforeAll(() => {
    buildIfMissing();
    const ls = spawnSync(process.execPath, [join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(ls.status, ls.stderr).toBe(0);
    files = ls.stdout.split('\n').filter(Boolean);
  }, 120_000);

  it("holds the README's pictures (its links stay relative), the icon and the CHANGELOG", () => {
    const pictures = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    expect(pictures.length).toBeGreaterThan(0);
    expect(files).toEqual(expect.arrayContaining([...pictures, manifest.icon!, 'CHANGELOG.md']));
  });

  it('ships minified bundles, each with its source map beside it in dist/', () => {
    const bundles = files.filter((f) => f.startsWith('dist/') && f.endsWith('.js'));
    expect(bundles.length).toBeGreaterThan(4);
    for (const bundle of bundles) {
      const text = readFileSync(join(ROOT, bundle), 'utf8');
      // esbuild's unminified output averages ~40 characters a line; minified, the code is a few lines of
      // thousands (a small page script's one line: its length), the source map's comment aside.
      const code = text.split('\n').filter((l) => l !== '' && !l.startsWith('//# sourceMappingURL='));
      expect([bundle, text.length / code.length > Math.min(1000, text.length / 2)]).toEqual([bundle, true]);
      expect([bundle, existsSync(join(ROOT, `${bundle}.map`))]).toEqual([bundle, true]);
    }
  });
});

/**
 * The extension's commands: one table (protocol.ts COMMANDS) gives package.json's
 * contributes.commands, the server's lenses and the client's registrations. The client's features
 * are started against a stand-in `vscode` module that records each command registered.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../../server/src/protocol';
import { ROOT } from '../cli';

const registered: string[] = [];

/**
 * Anything at all: every property, call and `new` gives another one, and writes are dropped; not a
 * thenable, so `await` passes it through.
 */
function anything(): unknown {
  const stub: unknown = new Proxy(function () {}, {
    get: (_, key) => (key === 'then' ? undefined : stub),
    set: () => true,
    apply: () => stub,
    construct: () => stub as object,
  });
  return stub;
}

/** A module whose exports are `anything()`, but for `own`. */
function moduleOf(own: Record<string, unknown> = {}): object {
  const stub = anything() as Record<string | symbol, unknown>;
  // `has`: vitest asks whether a mocked module has an export before it hands it out.
  return new Proxy({}, { get: (_, key) => (typeof key === 'string' && key in own ? own[key] : stub[key]), has: () => true });
}

// The client's values from vscode-languageclient (WorkDoneProgress, LSPErrorCodes) would load the real `vscode`.
vi.mock('vscode-languageclient', () => moduleOf());
vi.mock('vscode', () =>
  moduleOf({
    commands: {
      registerCommand: (id: string) => {
        registered.push(id);
        return anything();
      },
    },
  }),
);

interface Manifest {
  contributes: { commands: { command: string; title: string }[] };
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const table = Object.values(COMMANDS);

describe('the COMMANDS table', () => {
  it("is package.json's contributes.commands: the same ids and titles, in the same order", () => {
    const titled = table.flatMap((c) => (c.title === null ? [] : [{ command: c.id, title: c.title }]));
    expect(manifest.contributes.commands.map(({ command, title }) => ({ command, title }))).toEqual(titled);
  });

  it('names each command once', () => {
    expect(new Set(table.map((c) => c.id)).size).toBe(table.length);
  });

  it('is what the client registers: every command in it, and no other', async () => {
    const { startClient } = await import('../../client/src/features');
    await startClient(anything() as Parameters<typeof startClient>[0], anything() as Parameters<typeof startClient>[1]);
    expect([...registered].sort()).toEqual(table.map((c) => c.id).sort());
  });
});

describe('the client', () => {
  const dir = join(ROOT, 'client', 'src');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const source = (file: string): string => readFileSync(join(dir, file), 'utf8');

  // Request and notification names are protocol.ts's constants, which the server registers.
  it("writes no request name of its own ('sudokuLens/…')", () => {
    for (const file of files) expect([file, /['"`]sudokuLens\//.test(source(file))]).toEqual([file, false]);
  });

  it("takes from the server's side only protocol.ts, the Rate all list, and the engine's grid helpers for the grid view", () => {
    for (const file of files) {
      for (const [, from] of source(file).matchAll(/from '(?:\.\.\/)+server\/src\/([^']+)'/g)) {
        const allowed = from === 'protocol' || from === 'ratingList' || (from === 'engine/core/grid' && file.startsWith('gridView/'));
        expect([file, from, allowed]).toEqual([file, from, true]);
      }
    }
  });
});

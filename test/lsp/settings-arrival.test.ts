/**
 * The settings a client sends after `initialized` (asked for with workspace/configuration, no
 * didChangeConfiguration first) must not withdraw the solver's diagnostics of a document opened
 * before they arrived: the same settings keep them, new ones recompute them (issue 16, item 6).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { ROOT, startServer } from './server';

const COLLECTION = readFileSync(path.join(ROOT, 'samples', 'collection.sdm'), 'utf8');
const SOLVER_CODES = ['multiple-solutions', 'no-solution'];
const solverCodes = (p: PublishDiagnosticsParams): string[] =>
  p.diagnostics.map((d) => String(d.code)).filter((c) => SOLVER_CODES.includes(c)).sort();

/**
 * Opens the collection right after `initialized`, waits for its solver diagnostics, lets the
 * settings arrive, then edits a comment line: the quick pass that follows is what the user sees.
 */
async function afterSettings(settings: unknown): Promise<PublishDiagnosticsParams> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve)).then(() => settings);
  const server = await startServer({ workspace: { configuration: true } }, held);
  try {
    const uri = 'file:///samples/collection.sdm';
    const solved = server.nextPush(uri, (p) => solverCodes(p).length === 2);
    server.open(uri, COLLECTION);
    await solved;
    release();
    await server.configured;
    // Answered after the settings were read: the server has applied them.
    await server.connection.sendRequest('sudokuLens/puzzleLines', { uri });
    const edited = server.nextPush(uri, (p) => p.version === 2);
    server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' }],
    });
    return await edited;
  } finally {
    await server.stop();
  }
}

describe('settings arriving after the first document', () => {
  it('keep the solver diagnostics when they change nothing', async () => {
    expect(solverCodes(await afterSettings({}))).toEqual(SOLVER_CODES);
  });

  it('recompute the solver diagnostics, not withdraw them, when they change the analysis', async () => {
    expect(solverCodes(await afterSettings({ solver: { nodeBudget: 3_000_000 } }))).toEqual(SOLVER_CODES);
  });
});

describe('a settings change that alters the analysis', () => {
  it('shows the old solver diagnostics until the full pass has computed the new ones', async () => {
    // 1,465 puzzles before the collection's: the full pass after the change takes many time slices.
    const big = `${readFileSync(path.join(ROOT, '..', 'shared', 'data', 'tdoku', 'puzzles3_magictour_top1465'), 'utf8')}\n${COLLECTION}`;
    const server = await startServer({ workspace: { configuration: true } }, { diagnostics: { syntaxDelayMs: 0 } });
    try {
      const uri = 'file:///big-collection.sdm';
      const solved = server.nextPush(uri, (p) => solverCodes(p).length === 2);
      server.open(uri, big);
      await solved;
      await server.configured;
      await server.reconfigure({ diagnostics: { syntaxDelayMs: 0 }, solver: { nodeBudget: 3_000_000 } });
      // Edited while the full pass under the new budget is still solving the first puzzles.
      const edited = server.nextPush(uri, (p) => p.version === 2);
      server.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' }],
      });
      expect(solverCodes(await edited)).toEqual(SOLVER_CODES);
    } finally {
      await server.stop();
    }
  });
});

/**
 * The BLISS editor surfaces over LSP: "Apply BLISS eliminations to all pencilmark lines"
 * (sudokuLens/puzzleLines with kind 729, sudokuLens/blissApply in batches: edits, outcomes, stale
 * versions, Cancel, the budget), the whole-file code action, the "BLISS log" lens's document (the
 * CLI's `bliss` output, variant included) and the hover's BLISS rows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationToken, CancellationTokenSource, type CodeLens, type Hover } from 'vscode-languageserver-protocol/node';
import { bliss } from '../../server/src/engine/bliss';
import { applyBlissSteps } from '../../server/src/engine/bliss/apply';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { type BlissLineResult, describeBlissApply } from '../../server/src/protocol';
import { dataPath } from '../dataPath';
import { lensActions } from './lenses';
import { ROOT, type TestServer, startServer } from './server';

const CONTENT_MODIFIED = -32801;
const REQUEST_CANCELLED = -32800;
const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const SUDOKU_X = '..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.';
const TDILLON_FILE = readFileSync(path.join(ROOT, 'test', 'fixtures', 'tdillon.sdm'), 'utf8').trimEnd();
const PM86 = readFileSync(dataPath('pencilmark-t-dillon', '86_clue_first5000.txt'), 'utf8').split('\n').slice(0, 30);
const GUROBI_1 = readFileSync(dataPath('pencilmark-t-dillon', 'gurobi_hard.txt'), 'utf8').split('\n')[0];

/** Line 4 (index 3): tdillon's puzzle with trailing text; 4..33: 86-clue lines; then a contradictory and an unreadable one. */
const CONTRADICTORY = '.........' + PM86[0].slice(9);
const UNREADABLE = PM86[1].slice(0, 5) + 'x' + PM86[1].slice(6);
const LINES = ['# BLISS apply', TOP95_1, ...TDILLON_FILE.split('\n'), ...PM86, CONTRADICTORY, UNREADABLE];
const PENCILMARK_LINES = [3, ...PM86.map((_, i) => 4 + i), 34, 35];

const blissLog = (s: TestServer, uri: string, line: number) => s.connection.sendRequest<{ document: string | null; reason: string | null }>('sudokuLens/blissLog', { uri, line });
// Always a token: an undefined one would go as a second parameter, and the server takes parameters by name only.
const apply = (s: TestServer, uri: string, version: number, lines: number[], token?: CancellationTokenSource) =>
  s.connection.sendRequest<BlissLineResult[]>('sudokuLens/blissApply', { uri, version, lines }, token?.token ?? CancellationToken.None);
const errorCode = (p: Promise<unknown>) => p.then(() => 'answered', (err: { code?: number }) => err.code);

/** `sudoku-lens bliss` on a file holding `text`, its output split into one block per puzzle. */
function cliBlocks(name: string, text: string, ...args: string[]): string[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'bliss-log-'));
  try {
    writeFileSync(path.join(dir, name), text);
    const r = spawnSync(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'bliss', name, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    return r.stdout.trimEnd().split('\n\n').map((block) => block.split('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Apply BLISS eliminations to all pencilmark lines', () => {
  const uri = 'file:///bliss-apply.sdm';
  let server: TestServer;
  let rows: BlissLineResult[];
  beforeAll(async () => {
    server = await startServer();
    server.open(uri, LINES.join('\n') + '\n');
    rows = [];
    // In batches, as the client sends them.
    for (let i = 0; i < PENCILMARK_LINES.length; i += 16) rows.push(...(await apply(server, uri, 1, PENCILMARK_LINES.slice(i, i + 16))));
  });
  afterAll(() => server.stop());

  it('lists the pencilmark lines only', async () => {
    expect(await server.connection.sendRequest('sudokuLens/puzzleLines', { uri, kind: '729' })).toEqual(PENCILMARK_LINES);
    expect(await server.connection.sendRequest('sudokuLens/puzzleLines', { uri })).toEqual([1, ...PENCILMARK_LINES]);
  });

  it("rewrites each line's cells with exactly BLISS's finds, its trailing text untouched", () => {
    const tdillon = rows.find((r) => r.line === 3)!;
    expect(tdillon.outcome).toBe('applied');
    expect(tdillon.edit!.range).toEqual({ start: { line: 3, character: 0 }, end: { line: 3, character: 729 } });
    expect(LINES[3].slice(729)).toBe(' tdillon hard #1');
    for (const row of rows.filter((r) => r.line >= 3 && r.line < 34)) {
      const cells = LINES[row.line].slice(0, 729);
      const steps = bliss(candidatesOfText(cells), { guessCount: false }).steps;
      expect(row.outcome, `line ${row.line + 1}`).toBe(steps.length > 0 ? 'applied' : 'unchanged');
      if (steps.length > 0) expect(row.edit?.newText).toBe(applyBlissSteps(cells, steps));
      else expect(row.edit).toBeNull();
    }
    expect(rows.filter((r) => r.outcome === 'applied').length).toBeGreaterThan(10);
  });

  it('leaves contradictory and unreadable lines alone and says which', () => {
    expect(rows.slice(-2)).toEqual([
      { line: 34, outcome: 'contradictory', edit: null },
      { line: 35, outcome: 'unreadable', edit: null },
    ]);
    expect(describeBlissApply(rows)).toMatch(/^applied to \d+ lines, \d+ unchanged, 1 contradictory \(first: line 35\), 1 unreadable \(first: line 36\)$/);
  });

  it('offers the whole-file action next to the one-line quick fix', async () => {
    const diagnostics = (await server.pushMatching(uri, (p) => p.diagnostics.some((d) => d.code === 'bliss-elimination'))).diagnostics;
    const first = diagnostics.find((d) => d.code === 'bliss-elimination')!;
    const actions = await server.connection.sendRequest<{ title: string; command?: { command: string; arguments: unknown[] } }[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: first.range,
      context: { diagnostics: [first] },
    });
    const titles = actions.map((a) => a.title);
    const one = titles.findIndex((t) => /^Apply BLISS eliminations \(\d+\)$/.test(t));
    expect(one).toBeGreaterThanOrEqual(0);
    expect(actions[one + 1]).toMatchObject({
      title: 'Apply BLISS eliminations in the whole file',
      command: { command: 'sudokuLens.applyBlissAll', arguments: [uri] },
    });
  });

  it('answers ContentModified once the document changed', async () => {
    const edited = server.nextPush(uri, (p) => p.version === 2);
    server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: '//' }],
    });
    await edited;
    expect(await errorCode(apply(server, uri, 1, PENCILMARK_LINES.slice(0, 4)))).toBe(CONTENT_MODIFIED);
    const fresh = await apply(server, uri, 2, [3]);
    expect(fresh[0].outcome).toBe('applied');
  });

  it('stops the work on Cancel: the next request does not wait for it', async () => {
    const busy = 'file:///bliss-busy.sdm';
    // 100 copies of a hard line: about half a second of BLISS(2) each, one worker.
    server.open(busy, `${Array(100).fill(GUROBI_1.slice(0, 729)).join('\n')}\n`);
    const cancel = new CancellationTokenSource();
    const running = errorCode(apply(server, busy, 1, Array.from({ length: 100 }, (_, i) => i), cancel));
    // The server takes messages in order: once it answers a later request, BLISS's jobs are on the
    // interactive workers (started by the tests above, so the jobs run at once).
    await server.connection.sendRequest('sudokuLens/puzzleLines', { uri: busy });
    const cancelledAt = Date.now();
    cancel.cancel();
    expect(await running).toBe(REQUEST_CANCELLED);
    const next = await apply(server, uri, 2, [4]);
    expect(next[0].line).toBe(4);
    expect(Date.now() - cancelledAt).toBeLessThan(8000);
  });
});

describe('the BLISS log lens and the hover', () => {
  const uri = 'file:///bliss-log.sdm';
  // The directive sets the variant of the puzzles below it only.
  const text = `${TDILLON_FILE}\n${PM86[5]}\n#! variant: X\n${SUDOKU_X}\n`;
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    server.open(uri, text);
  });
  afterAll(() => server.stop());

  it('offers "BLISS log" on each puzzle (behind the More… lens)', async () => {
    const lenses = await server.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    const logs = [1, 2, 4].map((line) => lensActions(lenses, line).find((c) => c.title === 'BLISS log'));
    expect(logs.map((l) => l?.arguments)).toEqual([
      [uri, 1],
      [uri, 2],
      [uri, 4],
    ]);
    expect(logs[0]?.command).toBe('sudokuLens.blissLog');
  });

  it("shows exactly the CLI's `bliss` output for the puzzle, its variant included, under a header naming file and line", async () => {
    const blocks = cliBlocks('bliss-log.sdm', text);
    for (const [line, variantLine] of [
      [1, false],
      [2, false],
      [4, true],
    ] as const) {
      const answer = await blissLog(server, uri, line);
      const [header, ...body] = answer.document!.trimEnd().split('\n');
      expect(header).toBe(`# Line ${line + 1} of bliss-log.sdm: BLISS log, as \`sudoku-lens bliss\` prints it`);
      expect(body).toEqual(blocks.find((b) => b.some((l) => l.startsWith(`bliss-log.sdm:${line + 1}: BLISS`))));
      expect(body.includes('BLISS (SudokuX mode)')).toBe(variantLine);
    }
    const tdillon = (await blissLog(server, uri, 1)).document!;
    expect(tdillon).toContain(' (1c) [ 1r4c8]       r1c8 != 1, r2c8 != 1, r3c8 != 1, r7c8 != 1, r8c8 != 1,');
    expect(tdillon).toContain('bliss-log.sdm:2: BLISS: level 1, backdoor r1c2 = 4');
    expect(await blissLog(server, uri, 0)).toEqual({ document: null, reason: 'No puzzle on line 1' });
  });

  it('shows the BLISS level, backdoor, implications and guess count in the hover', async () => {
    await server.pushMatching(uri, (p) => p.diagnostics.some((d) => d.code === 'bliss-elimination'));
    const h = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 0 } });
    const hover = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    const r = bliss(candidatesOfText(PM86[5]));
    const placements = r.steps.filter((s) => s.kind === 'place').length;
    const level = `BLISS(${r.level}), ${r.backdoor ? 'backdoor found' : 'no backdoor'}`;
    const implications = `${r.steps.length} implications (${r.steps.length - placements} eliminations, ${placements} placement${placements === 1 ? '' : 's'})`;
    expect(hover).toContain(`| BLISS | ${level} · ${implications} · ng ${r.ngComplete ? '' : '> '}${r.ng!.toLocaleString('en-US')} |`);
  });
});

describe('the BLISS budget (sudokuLens.rating.budgetMs)', () => {
  const uri = 'file:///bliss-budget.sdm';
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ workspace: { configuration: true } }, { rating: { budgetMs: 100 } });
    await server.configured; // settings first
    server.open(uri, `${GUROBI_1}\n`);
  });
  afterAll(() => server.stop());

  it('reports a line BLISS cannot finish in time as over budget, unchanged, and says so in the log', async () => {
    expect(await apply(server, uri, 1, [0])).toEqual([{ line: 0, outcome: 'over budget', edit: null }]);
    expect((await blissLog(server, uri, 0)).document).toContain('bliss-budget.sdm:1: BLISS exceeded its budget of 100 ms');
  });
});

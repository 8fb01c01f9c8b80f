import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CancellationTokenSource, type Diagnostic, type Hover, type CodeLens } from 'vscode-languageserver-protocol/node';
import { lensActions } from './lenses';
import { ROOT, type TestServer, startServer } from './server';
import type { RewriteResponse } from '../../server/src/protocol';

const sample = (name: string): string => readFileSync(path.join(ROOT, 'samples', name), 'utf8');
const COLLECTION = 'file:///samples/collection.sdm';
const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const TOP95_1_SOLUTION = '468931527751624839392578461134756298289413675675289314846192753513867942927345186';
const codes = (ds: Diagnostic[]): string[] => ds.map((d) => String(d.code)).sort();
const hoverText = (h: Hover | null): string => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');

describe('push diagnostics (a client without pull, like Neovim 0.7)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('publishes syntax and structural problems at once, then the solver results', async () => {
    const quick = server.nextPush(COLLECTION);
    const full = server.nextPush(COLLECTION, (p) => p.diagnostics.some((d) => d.code === 'no-solution'));
    server.open(COLLECTION, sample('collection.sdm'));
    expect(codes((await quick).diagnostics)).toEqual(['duplicate-given', 'duplicate-given', 'invalid-character', 'wrong-length']);
    const all = (await full).diagnostics;
    expect(codes(all)).toEqual(['duplicate-given', 'duplicate-given', 'invalid-character', 'multiple-solutions', 'no-solution', 'wrong-length']);

    const dupe = all.find((d) => d.code === 'duplicate-given')!;
    expect(dupe.range).toEqual({ start: { line: 6, character: 32 }, end: { line: 6, character: 33 } });
    expect(dupe.relatedInformation?.[0].location.range.start).toEqual({ line: 6, character: 39 });
    const multi = all.find((d) => d.code === 'multiple-solutions')!;
    expect(multi.severity).toBe(2);
    const differing = /at least 2 solutions; they differ at (r\dc\d(?:, r\dc\d)*) \((\d+) cells\)/.exec(String(multi.message));
    expect(differing, String(multi.message)).not.toBeNull();
    expect(multi.relatedInformation?.map((r) => r.message.slice(0, 4))).toEqual(differing![1].split(', '));
    expect(multi.relatedInformation?.length).toBe(Number(differing![2]));
    expect(all.find((d) => d.code === 'invalid-character')!.range.start).toEqual({ line: 8, character: 15 });
  });

  it('refreshes syntax diagnostics as the user types', async () => {
    const uri = 'file:///typing.sdm';
    server.open(uri, `${TOP95_1}\n`);
    await server.nextPush(uri, (p) => p.version === 1 && p.diagnostics.length === 0);
    const broken = server.nextPush(uri, (p) => p.version === 2);
    server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 5 }, end: { line: 0, character: 6 } }, text: 'z' }],
    });
    const diags = (await broken).diagnostics;
    expect(diags.map((d) => d.message)).toEqual([expect.stringContaining("Invalid character 'z' at r1c6")]);
    expect(diags[0].range.start).toEqual({ line: 0, character: 5 });
  });

  it('moves the diagnostics of the puzzles below an inserted line with them', async () => {
    const uri = 'file:///moving.sdm';
    const bad = `${TOP95_1.slice(0, 5)}z${TOP95_1.slice(6)}`;
    server.open(uri, `${TOP95_1}\n${bad}\n`);
    await server.nextPush(uri, (p) => p.version === 1 && p.diagnostics.some((d) => d.range.start.line === 1));
    const moved = server.nextPush(uri, (p) => p.version === 2);
    server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# a new first line\n' }],
    });
    const diags = (await moved).diagnostics;
    expect(diags.map((d) => [d.code, d.range.start])).toEqual([['invalid-character', { line: 2, character: 5 }]]);
  });

  it('follows several changes in one version of a CRLF file, carrying solver results along', async () => {
    const uri = 'file:///crlf.sdm';
    const empty = '.'.repeat(81);
    const bad = `${TOP95_1.slice(0, 5)}z${TOP95_1.slice(6)}`;
    const solved = server.nextPush(uri, (p) => p.diagnostics.some((d) => d.code === 'multiple-solutions'));
    server.open(uri, `${TOP95_1}\r\n${empty}\r\n${bad}\r\n`);
    const before = (await solved).diagnostics;
    expect(before.map((d) => [d.code, d.range.start.line])).toEqual([['multiple-solutions', 1], ['invalid-character', 2]]);
    const next = server.nextPush(uri, (p) => p.version === 2);
    server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# a heading\r\n' },
        { range: { start: { line: 3, character: 5 }, end: { line: 3, character: 6 } }, text: '.' },
      ],
    });
    const after = (await next).diagnostics;
    expect(after.map((d) => [d.code, d.range.start.line])).toEqual([['multiple-solutions', 2]]);
    const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 2 } });
    expect(JSON.stringify(hover?.contents)).toContain('**Line 4**');
  });

  it('clears diagnostics when a document closes', async () => {
    const uri = 'file:///closing.sdm';
    server.open(uri, '12345\n' + '1'.repeat(81));
    await server.nextPush(uri, (p) => p.diagnostics.length > 0);
    const cleared = server.nextPush(uri, (p) => p.diagnostics.length === 0);
    server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    expect((await cleared).diagnostics).toEqual([]);
  });

  it('answers a hover on a puzzle line with its summary and grid', async () => {
    const h = await server.connection.sendRequest<Hover | null>('textDocument/hover', {
      textDocument: { uri: COLLECTION },
      position: { line: 1, character: 90 },
    });
    const text = hoverText(h);
    expect(text).toContain('81-char givens');
    expect(text).toContain('unique solution');
    expect(text).toContain('top95 #1');
    expect(text).toContain('4 . . | . 3 .');
  });

  it('answers a hover on one cell with its name and candidates', async () => {
    const given = await server.connection.sendRequest<Hover | null>('textDocument/hover', {
      textDocument: { uri: COLLECTION },
      position: { line: 1, character: 0 },
    });
    expect(hoverText(given)).toMatch(/\*\*r1c1\*\*: given 4/);
    const empty = await server.connection.sendRequest<Hover | null>('textDocument/hover', {
      textDocument: { uri: COLLECTION },
      position: { line: 1, character: 1 },
    });
    expect(hoverText(empty)).toMatch(/\*\*r1c2\*\*: empty; candidates 1 2 5 6 9 \(/);
    expect(empty?.range).toEqual({ start: { line: 1, character: 1 }, end: { line: 1, character: 2 } });
  });

  it('returns no hover away from puzzles', async () => {
    const h = await server.connection.sendRequest('textDocument/hover', { textDocument: { uri: COLLECTION }, position: { line: 0, character: 3 } });
    expect(h).toBeNull();
  });

  it('puts one short lens row on every puzzle: Solve this line, Rate, Show path, and More… with the other actions', async () => {
    const lenses = await server.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: COLLECTION } });
    const first = lenses.filter((l) => l.range.start.line === 1);
    expect(lenses).toHaveLength(4 * 9);
    expect(first.map((l) => l.command?.title)).toEqual(['Solve this line', 'Rate', 'Show path', 'More…']);
    expect(first[0].command).toEqual({ title: 'Solve this line', command: 'sudokuLens.solveLine', arguments: [COLLECTION, 1] });
    expect(first[3].command).toEqual({
      title: 'More…',
      command: 'sudokuLens.moreActions',
      arguments: [
        COLLECTION,
        1,
        [
          { title: 'Validate', command: 'sudokuLens.validateLine' },
          { title: 'Whip path', command: 'sudokuLens.whipPath' },
          { title: 'BLISS log', command: 'sudokuLens.blissLog' },
          { title: 'Open in grid view', command: 'sudokuLens.openGrid' },
        ],
      ],
    });
    expect(lensActions(lenses, 1).find((c) => c.title === 'Show path')).toMatchObject({ command: 'sudokuLens.showPath', arguments: [COLLECTION, 1] });
  });

  it('solves and validates a puzzle on request', async () => {
    const solved = await server.connection.sendRequest<{ puzzle: { solution: string; insertLine: number; document: string } }>(
      'sudokuLens/solve',
      { uri: COLLECTION, line: 1 },
    );
    expect(solved.puzzle.solution).toBe(TOP95_1_SOLUTION);
    expect(solved.puzzle.insertLine).toBe(2);
    expect(solved.puzzle.document).toContain(TOP95_1_SOLUTION);
    const verdict = await server.connection.sendRequest<{ message: string; severity: string }>('sudokuLens/validate', { uri: COLLECTION, line: 9 });
    expect(verdict).toEqual({ message: 'Line 10: no solution, 22 givens — The puzzle has no solution', severity: 'error' });
  });

  it('reads grids with their headers', async () => {
    const uri = 'file:///samples/golden-nugget.sdk';
    const pushed = server.nextPush(uri, (p) => p.version === 1);
    server.open(uri, sample('golden-nugget.sdk'));
    await pushed;
    const h = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    expect(hoverText(h)).toContain('Golden Nugget');
    expect(hoverText(h)).toContain('9-row grid');
  });

  it('answers a request cancelled before it ran with RequestCancelled, and the next one normally', async () => {
    // Opening a large collection keeps the server busy, so the request and its cancellation queue up behind it.
    const big = readFileSync(path.join(ROOT, '..', 'shared', 'data', 'tdoku', 'puzzles2_17_clue'), 'utf8');
    server.open('file:///big-cancel.sdm', big);
    const source = new CancellationTokenSource();
    const position = { textDocument: { uri: COLLECTION }, position: { line: 1, character: 0 } };
    const pending = server.connection.sendRequest('textDocument/hover', position, source.token);
    source.cancel();
    await expect(pending).rejects.toMatchObject({ code: -32800 });
    expect(hoverText(await server.connection.sendRequest<Hover | null>('textDocument/hover', position))).toContain('r1c1');
  });

  it('keeps answering while a large document is being solved', async () => {
    const lines = readFileSync(path.join(ROOT, '..', 'shared', 'data', 'tdoku', 'puzzles3_magictour_top1465'), 'utf8');
    const uri = 'file:///top1465.sdm';
    const full = server.nextPush(uri, (p) => p.version === 1 && p.diagnostics.length === 0);
    server.open(uri, lines);
    const h = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 0 } });
    expect(hoverText(h)).toContain('unique solution');
    expect((await full).diagnostics).toEqual([]);
  });
});

describe('pull diagnostics (a client that asks, like VS Code)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { configuration: true } });
  });
  afterAll(() => server.stop());

  it('returns the document diagnostics and reports unchanged results', async () => {
    const refreshed = new Promise<void>((resolve) => {
      let count = 0;
      server.connection.onRequest('workspace/diagnostic/refresh', () => {
        if (++count === 2) resolve(); // quick pass, then full pass
        return null;
      });
    });
    server.open(COLLECTION, sample('collection.sdm'));
    await refreshed;
    const report = await server.connection.sendRequest<{ kind: string; resultId: string; items: Diagnostic[] }>('textDocument/diagnostic', {
      textDocument: { uri: COLLECTION },
    });
    expect(report.kind).toBe('full');
    expect(codes(report.items)).toContain('no-solution');
    expect(server.pushed.size).toBe(0);
    const again = await server.connection.sendRequest<{ kind: string }>('textDocument/diagnostic', {
      textDocument: { uri: COLLECTION },
      previousResultId: report.resultId,
    });
    expect(again.kind).toBe('unchanged');
  });
});

describe('settings', () => {
  it('applies the solver node budget from the client', async () => {
    const server = await startServer({ workspace: { configuration: true } }, { solver: { nodeBudget: 1000 } });
    try {
      await server.configured; // the settings are read before the document arrives
      // A hard pencilmark puzzle: unique, but proving it takes the solver far more than 1,000 nodes.
      const hard = readFileSync(path.join(ROOT, '..', 'shared', 'data', 'pencilmark-t-dillon', 'gurobi_hard.txt'), 'utf8').split('\n')[0];
      const uri = 'file:///budget.sdm';
      const pushed = server.nextPush(uri, (p) => p.diagnostics.some((d) => d.code === 'solver-budget'));
      server.open(uri, `${hard}\n`);
      const d = (await pushed).diagnostics;
      expect(codes(d)).toEqual(['solver-budget']);
      expect(d[0].message).toContain('budget of 1000 nodes');
    } finally {
      await server.stop();
    }
  });

  it('runs BLISS with locked candidates in DoSingles when the setting says so', async () => {
    // The seed's example 1: plain DoSingles needs 9 eliminations before its backdoor, with locked candidates none.
    const EX1 = '........1.....2.3...4.536...3........6......74...683...4..865..5..9.4...8....5.2.';
    const settings = { bliss: { lockedCandidates: true } };
    const server = await startServer({ workspace: { configuration: true } }, settings);
    const uri = 'file:///locked.sdm';
    // The hover waits a moment for the ratings, then says "computing…": ask until BLISS's row is there.
    const blissRow = async () => {
      for (let i = 0; i < 20; i++) {
        const h = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 85 } });
        const row = hoverText(h).match(/\d+ implications? \([^)]*\)/)?.[0];
        if (row) return row;
      }
      return undefined;
    };
    try {
      await server.configured;
      server.open(uri, `${EX1}\n`);
      expect(await blissRow()).toBe('0 implications (0 eliminations, 0 placements)');
      await server.reconfigure({ bliss: { lockedCandidates: false } });
      expect(await blissRow()).toBe('9 implications (9 eliminations, 0 placements)');
    } finally {
      await server.stop();
    }
  });
});

describe('Sudoku Explainer ratings in the editor', () => {
  // SER 4.2 in Royle's 17-clue list (../shared/data/berthier-ratings); the line claims 4.1.
  const SER_42 = '.......173...8...............71....6....4.3...85......2.....84..1.7........5.....';
  const uri = 'file:///rated.sdm';
  let server: TestServer;
  let refreshes = 0;
  beforeAll(async () => {
    server = await startServer({ workspace: { inlayHint: { refreshSupport: true } } });
    server.connection.onRequest('workspace/inlayHint/refresh', () => {
      refreshes++;
      return null;
    });
    server.open(uri, `# rated\n${SER_42} ED=4.1/1.2/1.2 claimed\n`);
  });
  afterAll(() => server.stop());

  it('shows the rating in the hover', async () => {
    const h = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 85 } });
    expect(hoverText(h)).toMatch(/\| SE rating \| ED=4\.2\/\d\.\d\/\d\.\d \(hardest: [^,]+, \d+ steps\) \|/);
  });

  it('puts the headline rating after the line as an inlay hint, and refreshes hints as ratings arrive', async () => {
    const hints = await server.connection.sendRequest<{ label: string; tooltip: string; position: { line: number; character: number } }[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } },
    });
    // ER, the figure it is: SE's triple is ED=ER/EP/ED, so `ED 4.2` would misname it.
    expect(hints).toEqual([expect.objectContaining({ label: 'ER 4.2', position: { line: 1, character: 82 + 'ED=4.1/1.2/1.2 claimed'.length } })]);
    expect(hints[0].tooltip).toMatch(/^Sudoku Explainer rating ED=4\.2\/\d\.\d\/\d\.\d \(ER\/EP\/ED\)$/);
    await vi.waitFor(() => expect(refreshes).toBeGreaterThan(0));
  });

  it('flags a trailing ED= that disagrees with the computed rating', async () => {
    const pushed = await server.pushMatching(uri, (p) => p.diagnostics.some((d) => d.code === 'rating-mismatch'));
    const hint = pushed.diagnostics.find((d) => d.code === 'rating-mismatch')!;
    expect(hint.severity).toBe(4);
    expect(hint.message).toMatch(/^The line says ED=4\.1\/1\.2\/1\.2, computed ED=4\.2\//);
    expect(hint.range).toEqual({ start: { line: 1, character: 82 }, end: { line: 1, character: 96 } });
  });

  it('answers Rate and Show path', async () => {
    const rated = await server.connection.sendRequest<{ message: string }>('sudokuLens/rate', { uri, line: 1 });
    expect(rated.message).toMatch(/^Line 2: ED=4\.2\//);
    const path = await server.connection.sendRequest<{ document: string }>('sudokuLens/path', { uri, line: 1 });
    const lines = path.document.split('\n');
    expect(lines[0]).toMatch(/^# Line 2 of rated\.sdm: ED=4\.2\//);
    expect(lines).toContain(SER_42.replace(/0/g, '.'));
    expect(lines.filter((l) => /^ +\d+\. \d\.\d {2}\S/.test(l)).length).toBeGreaterThan(40);
  });

  it('does not rate a puzzle without a unique solution', async () => {
    server.open(COLLECTION, sample('collection.sdm'));
    const answer = await server.connection.sendRequest<{ document: string | null; reason: string }>('sudokuLens/path', { uri: COLLECTION, line: 10 });
    expect(answer.document).toBeNull();
    expect(answer.reason).toContain('at least 2 solutions');
  });
});

describe('quick fixes, outline, folding and status', () => {
  let server: TestServer;
  const statuses: { uri: string; puzzles: number; withErrors: number; withWarnings: number }[] = [];
  beforeAll(async () => {
    server = await startServer();
    server.connection.onNotification('sudokuLens/status', (s: (typeof statuses)[number]) => {
      statuses.push(s);
    });
    const pushed = server.nextPush(COLLECTION, (p) => p.diagnostics.some((d) => d.code === 'no-solution'));
    server.open(COLLECTION, sample('collection.sdm'));
    await pushed;
  });
  afterAll(() => server.stop());

  const actionsFor = (code: string) => {
    const d = server.pushed.get(COLLECTION)!.diagnostics.find((x) => x.code === code)!;
    return server.connection.sendRequest<{ title: string; kind: string; edit: { changes: Record<string, { range: unknown; newText: string }[]> } }[]>(
      'textDocument/codeAction',
      { textDocument: { uri: COLLECTION }, range: d.range, context: { diagnostics: [d] } },
    );
  };

  it("replaces an invalid character with '.'", async () => {
    const [action] = await actionsFor('invalid-character');
    expect(action.title).toBe("Replace 'a' with '.'");
    expect(action.edit.changes[COLLECTION]).toEqual([{ range: { start: { line: 8, character: 15 }, end: { line: 8, character: 16 } }, newText: '.' }]);
  });

  it('removes a duplicate given', async () => {
    const [action] = await actionsFor('duplicate-given');
    expect(action.title).toBe('Remove this given (5)');
    expect(action.edit.changes[COLLECTION][0].newText).toBe('.');
  });

  it("offers to normalize a '0'-style line", async () => {
    const actions = await server.connection.sendRequest<{ title: string; edit: { changes: Record<string, { newText: string }[]> } }[]>('textDocument/codeAction', {
      textDocument: { uri: COLLECTION },
      range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } },
      context: { diagnostics: [] },
    });
    const normalize = actions.find((a) => a.title.startsWith('Normalize'))!;
    expect(normalize.edit.changes[COLLECTION][0].newText).toBe('.83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.');
  });

  it('lists one outline symbol per puzzle and folds grids with their headers', async () => {
    const symbols = await server.connection.sendRequest<{ name: string; detail: string }[]>('textDocument/documentSymbol', { textDocument: { uri: COLLECTION } });
    expect(symbols).toHaveLength(9);
    expect(symbols[0]).toMatchObject({ name: 'Line 2', detail: '81-char · unique solution' });
    expect(symbols[8].detail).toBe('81-char · at least 2 solutions');
    const uri = 'file:///samples/golden-nugget.sdk';
    server.open(uri, sample('golden-nugget.sdk'));
    const folds = await server.connection.sendRequest('textDocument/foldingRange', { textDocument: { uri } });
    expect(folds).toEqual([{ startLine: 0, endLine: 13, kind: 'region' }]);
    const nugget = await server.connection.sendRequest<{ name: string }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(nugget[0].name).toBe('Line 6: Golden Nugget');
  });

  it('sends the counts for the language status item', () => {
    expect(statuses.filter((s) => s.uri === COLLECTION).at(-1)).toEqual({ uri: COLLECTION, puzzles: 9, withErrors: 4, withWarnings: 1 });
  });
});

describe('collection requests', () => {
  let server: TestServer;
  const uri = 'file:///collection-requests.sdm';
  const SER_34 = '.......26....8..4....5.....1..6..7..3......8.....2.......7.31...42............5..';
  beforeAll(async () => {
    server = await startServer();
    server.open(uri, `# two puzzles\n${SER_34.replace(/\./g, '0')}\n${TOP95_1} top95\n8.........59.......76.........978245...653198...412736...591......836.1....724.8.\n`);
  });
  afterAll(() => server.stop());

  it('lists the puzzle lines and rates them in batches', async () => {
    const lines = await server.connection.sendRequest<number[]>('sudokuLens/puzzleLines', { uri });
    expect(lines).toEqual([1, 2, 3]);
    const rows = await server.connection.sendRequest<{ line: number; status: string; rating: { er: string } | null }[]>('sudokuLens/rateLines', { uri, lines });
    expect(rows.map((r) => r.status)).toEqual(['unique solution', 'unique solution', 'at least 2 solutions']);
    expect(rows[0].rating?.er).toBe('3.4');
    expect(rows[2].rating).toBeNull();
  });

  it('normalizes every puzzle of the file', async () => {
    const answer = await server.connection.sendRequest<RewriteResponse>('sudokuLens/normalize', { uri, version: 1 });
    expect(answer.edits).toEqual([{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 81 } }, newText: SER_34 }]);
  });

  it('converts a puzzle between 81-char, 729-char and grid forms', async () => {
    const convert = (to: string) => server.connection.sendRequest<RewriteResponse>('sudokuLens/convert', { uri, version: 1, line: 2, to });
    const to729 = (await convert('729')).edits![0];
    expect(to729.newText).toHaveLength(729);
    expect(to729.newText.slice(0, 9)).toBe('...4.....'); // r1c1 is the given 4
    const grid = (await convert('grid')).edits![0];
    expect(grid.newText.split('\n')).toEqual(['# top95', ...TOP95_1.match(/.{9}/g)!]);
    expect(await convert('81')).toEqual({ edits: null, message: 'The puzzle already is an 81-char line' });
  });
});

describe('duplicates', () => {
  it('removes identical and symmetric copies of earlier puzzles', async () => {
    const server = await startServer();
    try {
      const uri = 'file:///dupes.sdm';
      // Line 3 repeats line 1; line 4 is line 1 transposed (rows become columns), an equivalent puzzle.
      const transposed = Array.from({ length: 81 }, (_, i) => TOP95_1[(i % 9) * 9 + Math.floor(i / 9)]).join('');
      server.open(uri, `${TOP95_1}\n#A someone\n${TOP95_1} again\n${transposed}\n`);
      const removed = (mode: string) => server.connection.sendRequest<RewriteResponse>('sudokuLens/duplicates', { uri, version: 1, mode });
      expect((await removed('exact')).edits).toEqual([{ range: { start: { line: 1, character: 0 }, end: { line: 3, character: 0 } }, newText: '' }]);
      expect((await removed('equivalent')).edits).toEqual([{ range: { start: { line: 1, character: 0 }, end: { line: 4, character: 0 } }, newText: '' }]);
    } finally {
      await server.stop();
    }
  });
});

describe('W, T&E, backdoor and BLISS in the editor', () => {
  // W3 and SER 4.2 in royle17-49151-W-SER.tsv.
  const SER_42 = '.......173...8...............71....6....4.3...85......2.....84..1.7........5.....';
  // The 6th pencilmark puzzle of t-dillon's 86-clue set: BLISS(1) eliminates 27 candidates.
  const PM = readFileSync(path.join(ROOT, '..', 'shared', 'data', 'pencilmark-t-dillon', '86_clue_first5000.txt'), 'utf8').split('\n')[5];
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ workspace: { configuration: true } }, { inlayHints: { rating: 'w' } });
    await server.configured; // settings first
  });
  afterAll(() => server.stop());

  it('shows W, T&E depth, backdoor size and BLISS in the hover', async () => {
    const uri = 'file:///extras.sdm';
    server.open(uri, `${SER_42}\n`);
    const h = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 85 } });
    const text = hoverText(h);
    // One row for Berthier's three figures, one for BLISS's.
    expect(text).toMatch(/\| W · T&E · backdoor \| W3 · T&E\(\d\) · backdoor size \d \|/);
    expect(text).toMatch(/\| BLISS \| BLISS\(\d\)[^|]* · \d+ implications? \([^)]*\) · ng \d+ \|/);
    const hints = await server.connection.sendRequest<{ label: string }[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
    });
    expect(hints.map((x) => x.label)).toEqual(['W3']);
  });

  it("puts BLISS's eliminations on a pencilmark line's characters and offers to apply them", async () => {
    const uri = 'file:///bliss.sdm';
    const pushed = server.nextPush(uri, (p) => p.diagnostics.some((d) => d.code === 'bliss-elimination'));
    server.open(uri, `${PM}\n`);
    const diagnostics = (await pushed).diagnostics.filter((d) => String(d.code).startsWith('bliss-'));
    expect(diagnostics.filter((d) => d.code === 'bliss-elimination')).toHaveLength(27);
    expect(diagnostics.filter((d) => d.code === 'bliss-placement').length).toBeGreaterThan(0);
    const first = diagnostics.find((d) => d.message === 'BLISS(1): r2c5 != 5  [tested 5r1c5]')!;
    expect(first.severity).toBe(3);
    expect(first.range).toEqual({ start: { line: 0, character: 9 * 13 + 4 }, end: { line: 0, character: 9 * 13 + 5 } });
    expect(first.relatedInformation?.[0].message).toBe('tested 5r1c5');
    const actions = await server.connection.sendRequest<{ title: string; edit: { changes: Record<string, { newText: string }[]> } }[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: first.range,
      context: { diagnostics: [first] },
    });
    const apply = actions.find((a) => a.title.startsWith('Apply BLISS eliminations'))!;
    const reduced = apply.edit.changes[uri][0].newText;
    expect(reduced).toHaveLength(729);
    expect(reduced[9 * 13 + 4]).toBe('.');
    expect([...reduced].filter((c) => c !== '.').length).toBeLessThan([...PM.slice(0, 729)].filter((c) => c !== '.').length);
  });
});

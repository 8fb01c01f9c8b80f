/**
 * The collection rewrites through the real server (issue 16, item 3; ported from
 * ../shared/repro/06 and 07): Normalize, Convert, Remove duplicates, Sort by rating and Rate all
 * inline, each on a CRLF file with headers, comments, clue patterns, `.ss` separators, banners and
 * prose. Each answer's edits are applied as the client applies them (one edit) and the whole text
 * compared: only puzzles change, and what belongs to a puzzle moves with it. Each refuses a
 * version that is not the document's (ContentModified).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RewriteResponse } from '../../server/src/protocol';
import { type TestServer, startServer } from './server';

const CONTENT_MODIFIED = -32801;
const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........'; // ED=9.0/1.2/1.2
const EASY = '.......12..36..........7...41..2.......5..3..7.....6..28.....4....3..5...........'; // ED=2.3/1.2/1.2
const SER_34 = '.......26....8..4....5.....1..6..7..3......8.....2.......7.31...42............5..'; // ED=3.4/1.2/1.2
const MULTI = '8.........59.......76.........978245...653198...412736...591......836.1....724.8.';
const PATTERN = 'xx.....x......x.....x.......x..x....x...x.....xx....x......x..x.....x.x...x.....x';
const EULER1 = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
/** Project Euler's grid 01 as a .ss grid with row comments and both separator styles. */
const SS_GRID = [
  '..3|.2.|6.. # x-wing row',
  '9..|3.5|..1',
  '..1|8.6|4..',
  '---+---+---',
  '..8|1.2|9..',
  '7..|...|..8 # keep me',
  '..6|7.8|2..',
  '-----------',
  '..2|6.9|5..',
  '8..|2.3|..9',
  '..5|.1.|3.. // last row',
];
const CRLF = '\r\n';
const zeros = (s: string) => s.replace(/\./g, '0');
/** The same puzzle with rows as columns: another text, so its rating is not cached yet. */
const transposed = (s: string) => Array.from({ length: 81 }, (_, i) => s[(i % 9) * 9 + Math.floor(i / 9)]).join('');
const upsideDown = (s: string) => s.match(/.{9}/g)!.reverse().join('');

let server: TestServer;
let opened = 0;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

/** Opens `lines` (CRLF) as a new document; its uri. */
function open(lines: string[]): string {
  const uri = `file:///rewrites/doc${++opened}.sdm`;
  server.open(uri, lines.join(CRLF));
  return uri;
}

const ask = (method: string, params: object) => server.connection.sendRequest<RewriteResponse>(method, params);
const errorCode = (p: Promise<unknown>) => p.then(() => 'answered', (err: { code?: number }) => err.code);

/** The text after the answer's edits, applied at once as VS Code applies one WorkspaceEdit. */
function applied(lines: string[], answer: RewriteResponse): string[] {
  expect(answer.edits).not.toBeNull();
  const doc = TextDocument.create('file:///x', 'sudoku', 1, lines.join(CRLF));
  return TextDocument.applyEdits(doc, answer.edits!).split(CRLF);
}

/** The text after a rewrite, which must also refuse any other version. */
async function rewritten(method: string, lines: string[], extra: object = {}): Promise<{ after: string[]; answer: RewriteResponse }> {
  const uri = open(lines);
  expect(await errorCode(ask(method, { uri, version: 2, ...extra }))).toBe(CONTENT_MODIFIED);
  const answer = await ask(method, { uri, version: 1, ...extra });
  return { after: applied(lines, answer), answer };
}

describe('Normalize', () => {
  it("turns only puzzles' empty cells into '.': patterns, banners, separators and comments stay", async () => {
    const grid = SS_GRID.map((row) => (/^[-+]+$/.test(row) ? row : row.replace(/^[^#/]*/, (cells) => zeros(cells))));
    const before = [
      '# x - 0 _ * in a comment',
      `${PATTERN} my pattern`,
      '-'.repeat(60),
      '*'.repeat(50),
      ...grid,
      '',
      `${zeros(SER_34)} name x-0_*`,
      `${TOP95_1.replace(/\./g, '-')}`,
      'Prose with x, -, 0 and * in it.',
      '',
    ];
    expect(grid[0]).toBe('003|020|600 # x-wing row');
    const { after, answer } = await rewritten('sudokuLens/normalize', before);
    expect(after).toEqual([...before.slice(0, 4), ...SS_GRID, '', `${SER_34} name x-0_*`, TOP95_1, ...before.slice(-2)]);
    expect(answer.message).toBe('Normalized 3 puzzles.');
  });
});

describe("the quick fix \"Use '.' for every empty cell\"", () => {
  it("changes a grid's cells only, not its separators or a row comment's '-' and 'x'", async () => {
    // SS_GRID with '-' for every empty cell but r1c1's '.': mixed markers.
    const grid = [
      '.-3|-2-|6-- # x-wing row',
      '9--|3-5|--1',
      '--1|8-6|4--',
      '---+---+---',
      '--8|1-2|9--',
      '7--|---|--8 # keep me',
      '--6|7-8|2--',
      '-----------',
      '--2|6-9|5--',
      '8--|2-3|--9',
      '--5|-1-|3-- // last row',
    ];
    const uri = open(grid);
    const mixed = { range: { start: { line: 0, character: 1 }, end: { line: 0, character: 2 } }, code: 'mixed-empty-markers', message: 'mixed', severity: 1 };
    const actions = await server.connection.sendRequest<{ title: string; edit?: { changes: Record<string, RewriteResponse['edits']> } }[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: mixed.range,
      context: { diagnostics: [mixed] },
    });
    const fix = actions.find((a) => a.title === "Use '.' for every empty cell")!;
    expect(applied(grid, { edits: fix.edit!.changes[uri], message: null })).toEqual(SS_GRID);
  });
});

describe('Convert', () => {
  const around = (middle: string[]) => ['#D a grid', ...middle, 'A line of prose after it', ''];

  it('grid → 81: the row comments become comment lines above the line, nothing else changes', async () => {
    const { after } = await rewritten('sudokuLens/convert', around(SS_GRID), { line: 5, to: '81' });
    expect(after).toEqual(around(['# x-wing row', '# keep me', '// last row', EULER1]));
  });

  it('grid → 729 keeps the row comments too', async () => {
    const { after } = await rewritten('sudokuLens/convert', around(SS_GRID), { line: 1, to: '729' });
    expect(after.slice(1, 4)).toEqual(['# x-wing row', '# keep me', '// last row']);
    expect(after[4]).toHaveLength(729);
  });

  it('81 → grid: the trailing text becomes a comment line above a 9-row grid, which converts back', async () => {
    const before = ['#D top95 #1', `${TOP95_1} name ED=9.0/1.2/1.2`, '', `${SER_34} :1:sol`, ''];
    const { after } = await rewritten('sudokuLens/convert', before, { line: 1, to: 'grid' });
    expect(after).toEqual(['#D top95 #1', '# name ED=9.0/1.2/1.2', ...TOP95_1.match(/.{9}/g)!, '', `${SER_34} :1:sol`, '']);
    const back = await rewritten('sudokuLens/convert', after, { line: 5, to: '81' });
    expect(back.after).toEqual(['#D top95 #1', '# name ED=9.0/1.2/1.2', TOP95_1, '', `${SER_34} :1:sol`, '']);
    const glued = await rewritten('sudokuLens/convert', before, { line: 3, to: 'grid' });
    expect(glued.after.slice(3, 5)).toEqual(['# :1:sol', SER_34.slice(0, 9)]);
  });

  it('81 ↔ 729 keeps the trailing text on the line', async () => {
    const { after } = await rewritten('sudokuLens/convert', [`${TOP95_1} name`], { line: 0, to: '729' });
    expect(after[0]).toMatch(/^\S{729} name$/);
  });

  it('a HoDoKu library line → 81 or 729: a plain line of its cells (placed ones as values), keeping what trails it', async () => {
    const library = `:0000:x:4+1+7${TOP95_1.slice(3)}:::  ED=9.0/1.2/1.2`;
    const placed = `417${TOP95_1.slice(3)}`;
    const { after } = await rewritten('sudokuLens/convert', ['#D from HoDoKu', library, ''], { line: 1, to: '81' });
    expect(after).toEqual(['#D from HoDoKu', `${placed} ED=9.0/1.2/1.2`, '']);
    const pm = await rewritten('sudokuLens/convert', [library], { line: 0, to: '729' });
    expect(pm.after[0]).toMatch(/^\S{729} ED=9\.0\/1\.2\/1\.2$/);
  });

    it('refuses a clue pattern', async () => {
    const uri = open([PATTERN]);
    expect(await ask('sudokuLens/convert', { uri, version: 1, line: 0, to: 'grid' })).toEqual({
      edits: null,
      message: 'A clue pattern is not a puzzle: there is nothing to convert',
    });
  });
});

describe('Remove duplicates', () => {
  it('deletes each duplicate with its own headers and label, and nothing between', async () => {
    const before = [
      `${TOP95_1} first`,
      'Notes about the next section',
      '',
      '# an important comment',
      '#A someone',
      `${TOP95_1} duplicate`,
      PATTERN,
      PATTERN,
      'Grid 01',
      ...SS_GRID,
      '',
      '# the same grid again',
      '',
      'Grid 02',
      ...EULER1.match(/.{9}/g)!,
      '-'.repeat(60),
      `${SER_34}`,
      '',
    ];
    const { after, answer } = await rewritten('sudokuLens/duplicates', before, { mode: 'exact' });
    // Gone: `#A someone` and the repeat (lines 4, 5); `Grid 02` and its rows (23-32).
    const removed = new Set([4, 5, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32]);
    expect(before[23]).toBe('Grid 02');
    expect(after).toEqual(before.filter((_, line) => !removed.has(line)));
    expect(answer.message).toBe('Removed 2 duplicate puzzles, e.g. line 6 (same as line 1).');
  });

  it('equivalent: a HoDoKu library line is the puzzle its cells are', async () => {
    const before = [TOP95_1, `:0000:x:${transposed(TOP95_1)}:::`, `:0000:x:${upsideDown(EASY)}:::`, EASY];
    const { after } = await rewritten('sudokuLens/duplicates', before, { mode: 'equivalent' });
    expect(after).toEqual([TOP95_1, `:0000:x:${upsideDown(EASY)}:::`]);
  });

    it('deletes a duplicate on the last line without leaving a blank one', async () => {
    const { after } = await rewritten('sudokuLens/duplicates', [EASY, `${EASY} again`], { mode: 'exact' });
    expect(after).toEqual([EASY]);
  });
});

describe('Sort by rating', () => {
  const hard = ['#D the hard one', `${TOP95_1} top95 #1`];
  const easy = ['# an easy one, from royle', '#D the easy one', `${EASY} royle`];
  it('moves each puzzle with the headers and comments right above it; blank-separated lines stay', async () => {
    const before = ['# My collection', '', ...hard, '', ...easy, `${MULTI} no rating`, `${SER_34} medium`, '', '-'.repeat(60), ''];
    const { after, answer } = await rewritten('sudokuLens/sortByRating', before);
    expect(after).toEqual(['# My collection', '', ...easy, '', `${SER_34} medium`, ...hard, `${MULTI} no rating`, '', '-'.repeat(60), '']);
    expect(answer.message).toBe('Sorted 4 puzzles by rating.');
  });

  it('refuses grids, files that mix variants, and lines that are not text', async () => {
    const refusal = async (lines: string[]) => (await ask('sudokuLens/sortByRating', { uri: open(lines), version: 1 })).message;
    expect(await refusal([TOP95_1, ...SS_GRID])).toBe('Sorting works on one-puzzle-per-line collections; this file has grids.');
    expect(await refusal([TOP95_1, '#! variant: X', EASY])).toBe('This file mixes variants (#! variant: lines): sorting would move puzzles across them.');
    expect(await refusal([TOP95_1, 'a\u0000b', EASY])).toBe('Line 2 is not text (binary-content): fix it before sorting.');
  });
});

describe('Rate all, written after each line', () => {
  it("appends ED=… after the trailing text or replaces the one there; grids and patterns get none", async () => {
    const before = [`${TOP95_1} ED=1.0/1.0/1.0 top95`, '#D easy', EASY, `${SER_34} # medium`, PATTERN, ...SS_GRID, `${MULTI}`, ''];
    const { after, answer } = await rewritten('sudokuLens/rateInline', before);
    expect(after).toEqual([`${TOP95_1} ED=9.0/1.2/1.2 top95`, '#D easy', `${EASY} ED=2.3/1.2/1.2`, `${SER_34} # medium ED=3.4/1.2/1.2`, PATTERN, ...SS_GRID, MULTI, '']);
    expect(answer.message).toBe('Wrote ED=… after 3 puzzle lines (4 of 6 puzzles rated).');
  });
});

describe('an edit while the ratings run', () => {
  it.each(['sudokuLens/sortByRating', 'sudokuLens/rateInline'])('makes %s answer ContentModified', async (method) => {
    // A hard puzzle not rated yet (a text of its own for each method): the server waits about a
    // second for a worker, and the change sent right after the request arrives meanwhile.
    const hard = method === 'sudokuLens/rateInline' ? upsideDown(TOP95_1) : transposed(TOP95_1);
    const uri = open([SER_34, hard, '']);
    const answer = errorCode(ask(method, { uri, version: 1 }));
    server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: `# inserted while rating${CRLF}` }],
    });
    expect(await answer).toBe(CONTENT_MODIFIED);
  });
});

/**
 * Large documents over LSP: above `sudokuLens.codeLens.maxPuzzles` puzzles, code lenses only
 * around the lines in view (learnt from inlay hint and semantic token range requests), with
 * `workspace/codeLens/refresh` when the view leaves them; the outline and folding ranges capped
 * at `sudokuLens.outline.maxItems`, the outline's last entry leading to the puzzles left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeLens, DocumentSymbol, FoldingRange, Range } from 'vscode-languageserver-protocol/node';
import { LENS_MARGIN, REFRESH_DELAY_MS } from '../../server/src/lsp/services/view';
import { type TestServer, startServer } from './server';

const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const GOLDEN_NUGGET = ['.......39', '.....1..5', '..3.5.8..', '..8.9...6', '.7...2...', '1..4.....', '..9.8..5.', '.2....6..', '4..7.....'];
const PUZZLES = 600;
/** A header line, then one puzzle a line: puzzle k (from 1) is on line k. */
const BIG = 'file:///viewport/big.sdm';
const BIG_TEXT = `# ${PUZZLES} copies\n${Array(PUZZLES).fill(TOP95_1).join('\n')}\n`;
const SMALL = 'file:///viewport/small.sdm';
const GRIDS = 'file:///viewport/grids.sdk';
const GRID_COUNT = 25;
/** The compact row: Solve this line, Rate, Show path, More…. */
const LENSES_PER_PUZZLE = 4;
/** Long enough for a debounced refresh to arrive on a loaded machine. */
const QUIET_MS = 4 * REFRESH_DELAY_MS;

const lines = (a: number, b: number): Range => ({ start: { line: a, character: 0 }, end: { line: b, character: 0 } });

describe('code lenses, outline and folding on a large document', () => {
  let server: TestServer;
  // The client's sudokuLens section: a test raises the lens limit, then notifies.
  const settings = { codeLens: { maxPuzzles: 50, show: 'compact' }, outline: { maxItems: 20 }, inlayHints: { rating: 'off' }, unavoidableSets: { budgetMs: 100 } };
  let refreshes = 0;
  let onRefresh: (() => void) | undefined;
  /**
   * Whether the server asks for new lenses within `ms`. That it does not has no event of its own:
   * a refresh it asks for comes REFRESH_DELAY_MS after the request that moved the view, so
   * QUIET_MS without one shows there is none.
   */
  const refreshWithin = (ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        onRefresh = undefined;
        resolve(false);
      }, ms);
      onRefresh = () => {
        clearTimeout(timer);
        onRefresh = undefined;
        resolve(true);
      };
    });
  /** The lines that have lenses, each once, in order. */
  const lensLines = async (uri: string): Promise<number[]> => {
    const lenses = await server.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    const byLine = new Map<number, number>();
    for (const l of lenses) byLine.set(l.range.start.line, (byLine.get(l.range.start.line) ?? 0) + 1);
    expect([...new Set(byLine.values())]).toEqual([LENSES_PER_PUZZLE]);
    return [...byLine.keys()];
  };
  const span = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);

  beforeAll(async () => {
    server = await startServer({ workspace: { configuration: true, codeLens: { refreshSupport: true } } }, settings);
    server.connection.onRequest('workspace/codeLens/refresh', () => {
      refreshes++;
      onRefresh?.();
      return null;
    });
    // The second push is the solver pass's: by then the server has read the settings.
    let pushes = 0;
    const solved = server.nextPush(BIG, () => ++pushes === 2);
    server.open(BIG, BIG_TEXT);
    await solved;
  });
  afterAll(() => server.stop());

  it('gives lenses only to the first lines before any view is known', async () => {
    expect(await lensLines(BIG)).toEqual(span(1, 2 * LENS_MARGIN));
  });

  it('follows an inlay hint request far down: asks for a refresh, then the lenses are there and not at the top', async () => {
    const refreshed = refreshWithin(5000);
    await server.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri: BIG }, range: lines(450, 480) });
    expect(await refreshed).toBe(true);
    expect(await lensLines(BIG)).toEqual(span(450 - LENS_MARGIN, 480 + LENS_MARGIN));
  });

  it('asks for no refresh while the view stays within the lenses it has', async () => {
    const before = refreshes;
    await server.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri: BIG }, range: lines(400, 430) });
    expect(await refreshWithin(QUIET_MS)).toBe(false);
    expect(refreshes).toBe(before);
  });

  it('follows a semantic tokens range request back to the top', async () => {
    const refreshed = refreshWithin(5000);
    await server.connection.sendRequest('textDocument/semanticTokens/range', { textDocument: { uri: BIG }, range: lines(0, 40) });
    expect(await refreshed).toBe(true);
    expect(await lensLines(BIG)).toEqual(span(1, 40 + LENS_MARGIN));
  });

  it('gives every puzzle its lenses under the limit, and a view there asks for no refresh', async () => {
    server.open(SMALL, `${Array(30).fill(TOP95_1).join('\n')}\n`);
    expect(await lensLines(SMALL)).toEqual(span(0, 29));
    await server.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri: SMALL }, range: lines(20, 25) });
    expect(await refreshWithin(QUIET_MS)).toBe(false);
  });

  it('lists the first maxItems puzzles in the outline, then one entry leading to the rest that spans only its first puzzle', async () => {
    const symbols = await server.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: BIG } });
    expect(symbols).toHaveLength(21);
    expect(symbols[19].name).toBe('Line 21');
    expect(symbols[20]).toMatchObject({
      name: `${PUZZLES - 20} more puzzles not listed`,
      detail: 'limit: sudokuLens.outline.maxItems',
      // Not to the end of the file: sticky scroll and the breadcrumbs would show it on every line below.
      range: { start: { line: 21, character: 0 }, end: { line: 21, character: 81 } },
      selectionRange: { start: { line: 21, character: 0 } },
    });
  });

  it('folds at most maxItems grids', async () => {
    const grid = (i: number): string => [`#D grid ${i + 1}`, ...GOLDEN_NUGGET, ''].join('\n');
    server.open(GRIDS, `${Array.from({ length: GRID_COUNT }, (_, i) => grid(i)).join('\n')}\n`);
    const folds = await server.connection.sendRequest<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: GRIDS } });
    expect(folds).toHaveLength(20);
    expect(folds[19]).toEqual({ startLine: 19 * 11, endLine: 19 * 11 + 9, kind: 'region' });
    const symbols = await server.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: GRIDS } });
    expect(symbols.at(-1)).toMatchObject({ name: '5 more puzzles not listed', range: { start: { line: 20 * 11 }, end: { line: 20 * 11 + 9 } } });
  });

  it('gives every puzzle its lenses once the limit is raised in the settings', async () => {
    settings.codeLens.maxPuzzles = 1000;
    const refreshed = refreshWithin(5000);
    server.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    expect(await refreshed).toBe(true);
    expect(await lensLines(BIG)).toEqual(span(1, PUZZLES));
  });

  it('shows every action as a lens of its own with sudokuLens.codeLens.show "all"', async () => {
    settings.codeLens.show = 'all';
    const refreshed = refreshWithin(5000);
    server.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    expect(await refreshed).toBe(true);
    const lenses = await server.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: SMALL } });
    expect(lenses).toHaveLength(7 * 30);
    expect(lenses.filter((l) => l.range.start.line === 0).map((l) => l.command?.title)).toEqual([
      'Solve this line',
      'Validate',
      'Rate',
      'Show path',
      'Whip path',
      'BLISS log',
      'Open in grid view',
    ]);
  });
});

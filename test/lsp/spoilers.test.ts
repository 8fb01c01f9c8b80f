import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hover } from 'vscode-languageserver-protocol/node';
import type { GridResponse, SolveResponse } from '../../server/src/protocol';
import { MULTI } from '../cli';
import { ROOT, type TestServer, startServer } from './server';

const RATED = 'file:///samples/rated.sdm';
const MANY = 'file:///many.sdm';
// rated.sdm line 2: Royle's SER 2.3 puzzle, and its solution's first row as the hover draws it.
const SOLUTION = '679835412123694758548217936416723895892561374735489621287956143961342587354178269';
const SOLUTION_ROW = '6 7 9 | 8 3 5 | 4 1 2';
const hoverText = (h: Hover | null): string => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');

describe('spoiler protection (sudokuLens.spoilers.hideSolutions)', () => {
  let server: TestServer;
  // The object the client answers workspace/configuration with: the tests flip it, then notify.
  const settings = { spoilers: { hideSolutions: false } };
  const hover = async (): Promise<string> =>
    hoverText(await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: RATED }, position: { line: 1, character: 90 } }));
  // The server refreshes inlay hints when ratings arrive: the word that a hover may now show more.
  let ratingsArrived: () => void = () => undefined;
  /** Hovers until `accept` takes the text, again after each arrival of ratings (the hover waits only a moment for them). */
  async function hoverUntil(accept: (text: string) => boolean): Promise<string> {
    for (;;) {
      // Listening before the hover: ratings that arrive while it is answered count.
      const arrived = new Promise<void>((resolve) => (ratingsArrived = resolve));
      const text = await hover();
      if (accept(text)) return text;
      await arrived;
    }
  }

  beforeAll(async () => {
    server = await startServer({ workspace: { configuration: true, inlayHint: { refreshSupport: true } } }, settings);
    server.connection.onRequest('workspace/inlayHint/refresh', () => {
      ratingsArrived();
      return null;
    });
    server.open(RATED, readFileSync(path.join(ROOT, 'samples', 'rated.sdm'), 'utf8'));
    server.open(MANY, `${MULTI}\n`);
  });
  afterAll(() => server.stop());

  it('shows the solution grid in the hover by default', async () => {
    const text = await hoverUntil((t) => t.includes('ED=2.3/'));
    expect(text).toContain(SOLUTION_ROW);
    expect(text).toMatch(/\. \. \. \| \. \. \. \| \. 1 2\s+6 7 9 \| 8 3 5 \| 4 1 2/); // the puzzle's row, its solution's beside
    expect(text).not.toContain('hidden by');
  });

  it('hides the solution from the hover once set, and keeps the ratings', async () => {
    settings.spoilers.hideSolutions = true;
    await server.reconfigure(settings);
    const text = await hoverUntil((t) => t.includes('hidden by'));
    expect(text.split('\n')[0]).toMatch(/ · unique solution \(hidden by `sudokuLens\.spoilers\.hideSolutions`\)$/);
    expect(text).not.toContain(SOLUTION_ROW);
    expect(text).not.toContain(SOLUTION);
    expect(text).toContain('. . . | . . . | . 1 2'); // the puzzle's own grid stays
    expect(text).toMatch(/SE rating \| ED=2\.3\/\d\.\d\/\d\.\d/);
    expect(text).toMatch(/\| W · T&E · backdoor \| W\d/);
  });

  it('answers "Solve this line" without the solution unless it is asked to reveal it', async () => {
    const hidden = await server.connection.sendRequest<SolveResponse>('sudokuLens/solve', { uri: RATED, line: 1 });
    expect(hidden.puzzle).toMatchObject({ status: 'unique', solution: null, hidden: true });
    expect(hidden.puzzle!.document).not.toContain(SOLUTION);
    expect(hidden.puzzle!.document).toContain('Reveal solution');
    const revealed = await server.connection.sendRequest<SolveResponse>('sudokuLens/solve', { uri: RATED, line: 1, reveal: true });
    expect(revealed.puzzle).toMatchObject({ solution: SOLUTION, hidden: false });
    expect(revealed.puzzle!.document).toContain(SOLUTION);
  });

  it('gives the grid view its steps but not the solution', async () => {
    const { puzzle } = await server.connection.sendRequest<GridResponse>('sudokuLens/grid', { uri: RATED, line: 1 });
    expect(puzzle).toMatchObject({ status: 'unique', solution: null, solutionHidden: true });
    expect(puzzle!.steps.length).toBeGreaterThan(0);
  });

  it('keeps the multiple-solutions warning, with the cells where two solutions differ', async () => {
    const { diagnostics } = await server.pushMatching(MANY, (p) => p.diagnostics.some((d) => d.code === 'multiple-solutions'));
    const multiple = diagnostics.find((d) => d.code === 'multiple-solutions');
    expect(multiple?.message).toMatch(/at least 2 solutions; they differ/);
    expect(multiple?.relatedInformation?.[0].message).toMatch(/^r\dc\d is \d in one solution and \d in another$/);
  });
});

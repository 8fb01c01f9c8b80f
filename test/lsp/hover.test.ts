/**
 * The hover's layout: a headline, the picture first (a 729 line's candidates, not its few givens),
 * then a compact table; user text in it shown as written, never breaking the table.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hover } from 'vscode-languageserver-protocol/node';
import { ROOT, type TestServer, startServer } from './server';

const URI = 'file:///hover.sdm';
const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
// gurobi_hard's first line: a 729-char pencilmark line with no cell solved, so no givens at all.
const PENCILMARK = readFileSync(path.join(ROOT, '..', 'shared', 'data', 'pencilmark-t-dillon', 'gurobi_hard.txt'), 'utf8').split('\n')[0].trim();
const TRAILING = 'a|b *c* _d_ <e> [f](g) `h` ~i~ & j\\k';
const TEXT = `# hover layout\n${TOP95_1} ${TRAILING}\n${PENCILMARK}\n`;

const hoverText = (h: Hover | null): string => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');
/** A markdown table row's cells, split where GFM splits them: at pipes not escaped by a backslash. */
const cells = (row: string): string[] => row.replace(/^\||\|$/g, '').split(/(?<!\\)\|/);

describe('hover layout', () => {
  let server: TestServer;
  /** The hover past the puzzle's cells (on a cell, that cell's text comes first). */
  const hover = async (line: number, character: number): Promise<string> =>
    hoverText(await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position: { line, character } }));

  beforeAll(async () => {
    server = await startServer();
    server.open(URI, TEXT);
  });
  afterAll(() => server.stop());

  it('puts a one-line headline and the grid first, then a table without an empty header row', async () => {
    const text = await hover(1, 85);
    const [head, picture, table] = text.split('\n\n');
    expect(head).toBe('**Line 2** · 81-char givens line · 18 givens · unique solution');
    expect(picture).toMatch(/^```text\n4 \. \. \| \. 3 \. \| \. \. \.\s+4 6 8 \| 9 3 1 \| 5 2 7\n/);
    // Nine rows and no rules between the bands: below a cell's line and the headline, the last row still fits the hover.
    expect(picture.split('\n').slice(1, -1)).toHaveLength(9);
    expect(table.split('\n')[1]).toBe('|---|---|');
    expect(text).not.toContain('| | |');
    expect(text).not.toMatch(/\| (Format|Givens|Solution) \|/); // in the headline now
  });

  it("on a cell, puts that cell's line above the headline, in its paragraph: no rule takes the grid's height", async () => {
    const text = await hover(1, 0);
    expect(text.split('\n\n')[0]).toBe('**r1c1**: given 4  \n**Line 2** · 81-char givens line · 18 givens · unique solution');
    expect(text.split('\n')).not.toContain('---');
  });

  it("draws a 729-char line's candidates, not its (no) givens", async () => {
    const text = await hover(2, 729);
    expect(text.split('\n\n')[0]).toBe('**Line 3** · 729-char pencilmark line · 0 givens · 562 candidates · unique solution');
    const rows = text.split('```text\n')[1].split('\n');
    // r1c1 keeps 3 4 7 9 (the line's first nine characters: `..34..7.9`); the solution beside.
    expect(rows[0]).toMatch(/^3479 .* 9 5 1 \| 2 3 4 \| 6 8 7$/);
    expect(rows.slice(0, 11).join('\n')).not.toMatch(/^\. \. \./m);
  });

  it('escapes user text: a | in trailing text stays inside its cell, markdown characters show as written', async () => {
    const text = await hover(1, 85);
    const row = text.split('\n').find((l) => l.startsWith('| Trailing text |'));
    expect(row).toBe('| Trailing text | a\\|b \\*c\\* \\_d\\_ \\<e\\> \\[f\\](g) \\`h\\` \\~i\\~ \\& j\\\\k |');
    for (const line of text.split('\n').filter((l) => l.startsWith('|'))) expect(cells(line), line).toHaveLength(2);
  });
});

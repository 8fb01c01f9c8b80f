/** Unavoidable sets in the editor: redundant clues, the multiple-solutions warning's UA set, their quick fixes and the hover line. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Diagnostic, Hover } from 'vscode-languageserver-protocol/node';
import { solveString } from '../../server/src/engine/core/solve';
import { dataPath } from '../dataPath';
import { type TestServer, startServer } from './server';

interface Action {
  title: string;
  isPreferred?: boolean;
  edit: { changes: Record<string, { range: Diagnostic['range']; newText: string }[]> };
}

/** Not minimal, '0' for empty cells: r1c2=8 and r1c8=9 are redundant, and removable together. */
const DIABOLICAL = '083020090000800100029300008000098700070000060006740000300006980002005000010030540';
/** top95 #70 without its clue r9c2: two solutions, differing in r6c1 r6c2 r9c1 r9c2. */
const TWO_SOLUTIONS = (() => {
  const p = readFileSync(dataPath('magictour-top95', 'top95.txt'), 'utf8').split('\n')[69].trim();
  return `${p.slice(0, 73)}.${p.slice(74, 81)}`;
})();

const hoverText = (h: Hover | null): string => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');
const applyEdits = (line: string, edits: { range: Diagnostic['range']; newText: string }[]): string => {
  const chars = [...line];
  for (const e of edits) chars.splice(e.range.start.character, e.range.end.character - e.range.start.character, e.newText);
  return chars.join('');
};
const solutions = (line: string): number => solveString(line.replace(/0/g, '.'), { limit: 2 }).count;

describe('unavoidable sets in the editor', () => {
  let server: TestServer;
  const uri = 'file:///ua.sdm';
  const text = `# UA sets\n${DIABOLICAL} diabolical\n${TWO_SOLUTIONS} two solutions\n`;
  const lineOf = (n: number): string => text.split('\n')[n].slice(0, 81);
  let final: Diagnostic[];

  const actionsFor = (d: Diagnostic) =>
    server.connection.sendRequest<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });

  beforeAll(async () => {
    server = await startServer();
    const cheap = server.nextPush(uri, (p) => p.diagnostics.some((d) => d.code === 'multiple-solutions'));
    server.open(uri, text);
    // The solver's warning comes at once, before any UA result.
    const first = (await cheap).diagnostics.find((d) => d.code === 'multiple-solutions')!;
    expect(first.message).toMatch(/^The puzzle has at least 2 solutions; they differ at r\dc\d/);
    const detailed = await server.pushMatching(
      uri,
      (p) => p.diagnostics.some((d) => d.code === 'redundant-clue') && p.diagnostics.some((d) => String(d.message).includes('unavoidable set')),
    );
    final = detailed.diagnostics;
  });
  afterAll(() => server.stop());

  it('puts an information diagnostic on each redundant clue', () => {
    const redundant = final.filter((d) => d.code === 'redundant-clue');
    expect(redundant.map((d) => [d.range, d.severity, d.message])).toEqual([
      [{ start: { line: 1, character: 1 }, end: { line: 1, character: 2 } }, 3, 'r1c2=8 is redundant: the puzzle stays unique without it'],
      [{ start: { line: 1, character: 7 }, end: { line: 1, character: 8 } }, 3, 'r1c8=9 is redundant: the puzzle stays unique without it'],
    ]);
  });

  it("removes a redundant clue with the line's own empty marker, or the clues removable together", async () => {
    const d = final.find((x) => x.code === 'redundant-clue')!;
    const actions = await actionsFor(d);
    const one = actions.find((a) => a.title === 'Remove redundant clue r1c2=8')!;
    expect(one.isPreferred).toBe(true);
    expect(one.edit.changes[uri]).toEqual([{ range: d.range, newText: '0' }]);
    const together = actions.find((a) => a.title === 'Remove the 2 clues removable together')!;
    const edited = applyEdits(lineOf(1), together.edit.changes[uri]);
    const expected = [...DIABOLICAL];
    expected[1] = expected[7] = '0';
    expect(edited).toBe(expected.join(''));
    expect(solutions(edited)).toBe(1);
  });

  it('names the unhit UA set in the multiple-solutions warning, with related information on each cell', () => {
    const warning = final.find((d) => d.code === 'multiple-solutions')!;
    expect(warning.severity).toBe(2);
    expect(warning.message).toBe(
      'The puzzle has at least 2 solutions; they differ in r6c1 r6c2 r9c1 r9c2 (unavoidable set not hit by any clue); adding r6c1=4 makes it unique',
    );
    expect(warning.relatedInformation?.map((r) => [r.location.uri, r.location.range.start])).toEqual(
      [45, 46, 72, 73].map((character) => [uri, { line: 2, character }]),
    );
    expect(warning.relatedInformation?.[0].message).toBe('r6c1 is 4 in one solution and 7 in another');
  });

  it('offers to add the clue that makes the puzzle unique', async () => {
    const warning = final.find((d) => d.code === 'multiple-solutions')!;
    const actions = await actionsFor(warning);
    const add = actions.find((a) => a.title === 'Add clue r6c1=4')!;
    expect(add.edit.changes[uri]).toEqual([{ range: { start: { line: 2, character: 45 }, end: { line: 2, character: 46 } }, newText: '4' }]);
    expect(solutions(lineOf(2))).toBe(2);
    expect(solutions(applyEdits(lineOf(2), add.edit.changes[uri]))).toBe(1);
  });

  it('says in the hover whether the puzzle is minimal', async () => {
    const h = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 85 } });
    expect(hoverText(h)).toContain('| Minimal | no (2 redundant clues, all removable together) |');
    const minimalUri = 'file:///minimal.sdm';
    const [seventeen] = readFileSync(dataPath('tdoku', 'puzzles2_17_clue'), 'utf8')
      .split('\n')
      .filter((l) => !l.startsWith('#'));
    const pushed = server.nextPush(minimalUri);
    server.open(minimalUri, `${seventeen}\n`);
    await pushed;
    // Computed for the hover on the interactive worker (a loaded machine may need a second hover).
    const hover = () => server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: minimalUri }, position: { line: 0, character: 0 } });
    await vi.waitFor(async () => expect(hoverText(await hover())).toContain('| Minimal | yes |'), { timeout: 10_000, interval: 200 });
  });
});

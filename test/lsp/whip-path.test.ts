/**
 * Berthier's W path in the editor, over LSP: each elimination of the W path on a 729-char line is a
 * `whip-elimination` diagnostic on the eliminated candidate's character, with the chain's candidates as
 * related information; 81-cell puzzles get their first chain (`whip-chain`) once their W is known, with
 * `sudokuLens.diagnostics.whipPath: "all"`; the "Whip path" lens's document; bad input gets no W.
 * Every chain the server prints passes the independent checker (../whipChecker.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationToken, CancellationTokenSource, type CodeLens, type Diagnostic, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { pencilmarkString } from '../../server/src/engine/core/grid';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { eliminateGivens, givensOf } from '../../server/src/engine/core/validate';
import { MULTI } from '../cli';
import { checkPrintedChains, isChainText } from '../whipChecker';
import { lensActions } from './lenses';
import { type TestServer, startServer } from './server';

/** Published W4; its solution starts 123456789. */
const W4 = '....5..8.45...9...6.9....1.2.......834...1.7...172...4...9......6...4....1.86..27';
/** Easter Monster: no whip applies. */
const EM = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
/** A published W15 (Berthier's CB collections, oracles.tsv): its W path takes over a second. */
const W15 = '1...5......7..9.....82....42....7..83.5.6..12..15..36..1.....7.7..64.8..8.2.....5';
/** W4's solution. */
const W4_SOLUTION = '123456789457189263689237415276543198348691572591728634735912846862374951914865327';

/** The 729-char pencilmark line of a puzzle's starting candidates (givens' digits removed from their peers). */
function pencilmarks(puzzle: string): string {
  const cands = candidatesOfText(puzzle);
  return pencilmarkString(eliminateGivens(cands, givensOf(cands)));
}

const PM = pencilmarks(W4);
/** The solution digit removed from the first cell with three candidates: the pencilmarks contradict the givens. */
const CUT = [...Array(81).keys()].find((c) => PM.slice(9 * c, 9 * c + 9).replace(/\./g, '').length >= 3)!;
const CUT_AT = 9 * CUT + Number(W4_SOLUTION[CUT]) - 1;
const CONTRADICTORY = `${PM.slice(0, CUT_AT)}.${PM.slice(CUT_AT + 1)}`;
const LINES = ['# W paths', W4, PM, CONTRADICTORY, MULTI, EM];

const codes = (p: PublishDiagnosticsParams, line: number): string[] =>
  p.diagnostics.filter((d) => d.range.start.line === line).map((d) => String(d.code));
const message = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);
const chainText = (d: Diagnostic): string => message(d).replace(/^[^:]*: /, '');
// Always a token: an undefined one would go as a second parameter, and the server takes parameters by name only.
const whipPath = (s: TestServer, uri: string, line: number, cancel?: CancellationTokenSource) =>
  s.connection.sendRequest<{ document: string | null; reason: string | null }>('sudokuLens/whipPath', { uri, line }, cancel?.token ?? CancellationToken.None);

describe('W path diagnostics on pencilmark lines (default setting)', () => {
  const uri = 'file:///whip-path.sdm';
  let server: TestServer;
  let pushed: PublishDiagnosticsParams;
  beforeAll(async () => {
    server = await startServer();
    server.open(uri, `${LINES.join('\n')}\n`);
    pushed = await server.nextPush(uri, (p) => p.diagnostics.some((d) => d.code === 'whip-elimination'));
  }, 60_000);
  afterAll(() => server.stop());

  it("puts each elimination on its candidate's character, the chain's candidates as related information", () => {
    const found = pushed.diagnostics.filter((d) => d.code === 'whip-elimination');
    expect(found.length).toBeGreaterThan(30);
    for (const d of found) {
      expect(d.severity).toBe(3); // Information
      expect(d.range.start.line).toBe(2);
      expect(d.range.end.character - d.range.start.character).toBe(1);
      const at = d.range.start.character;
      const digit = (at % 9) + 1;
      expect(PM[at]).toBe(String(digit));
      // the message's chain eliminates exactly this candidate
      expect(chainText(d)).toMatch(new RegExp(`r${Math.floor(at / 81) + 1}c${(Math.floor(at / 9) % 9) + 1}≠${digit}`));
      expect(d.relatedInformation!.length).toBeGreaterThanOrEqual(1);
      for (const r of d.relatedInformation!) {
        expect(r.location.uri).toBe(uri);
        expect(r.location.range.start.line).toBe(2);
        const c = r.location.range.start.character;
        expect(r.message).toBe(`${(c % 9) + 1}r${Math.floor(c / 81) + 1}c${(Math.floor(c / 9) % 9) + 1} in the chain`);
        expect(PM[c]).toBe(String((c % 9) + 1));
      }
    }
  });

  it('says which chain of the path each one is, in order; every chain checks', () => {
    const found = pushed.diagnostics.filter((d) => d.code === 'whip-elimination');
    const byChain = new Map<number, string>();
    for (const d of found) {
      const m = /^W path, chain (\d+) of (\d+): /.exec(message(d))!;
      expect(m).not.toBeNull();
      byChain.set(Number(m[1]), chainText(d));
      expect(Number(m[2])).toBe(33);
    }
    const chains = [...byChain].sort((a, b) => a[0] - b[0]).map(([, t]) => t);
    expect(chains).toHaveLength(33);
    expect(chains.every(isChainText)).toBe(true);
    expect(checkPrintedChains(candidatesOfText(PM), chains)).toEqual([]);
  });

  it('gives contradictory pencilmarks and puzzles without one solution their validation diagnostic, never a W path', async () => {
    await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 4, character: 0 } });
    expect(codes(pushed, 3)).toContain('pencilmarks-remove-solution');
    expect(codes(pushed, 3).filter((c) => c.startsWith('whip'))).toEqual([]);
    expect(codes(pushed, 4)).toContain('multiple-solutions');
    expect((await whipPath(server, uri, 3)).reason).toBe('Line 4: no path: no solution');
    expect((await whipPath(server, uri, 4)).reason).toBe('Line 5: no path: at least 2 solutions');
  });

  it('shows no chain on an 81-cell puzzle by default, even once its W is known', async () => {
    await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 0 } });
    const later = await server.pushMatching(uri, (p) => p.diagnostics.some((d) => d.code === 'whip-elimination'));
    expect(codes(later, 1)).toEqual([]);
  });

  it('offers "Whip path" among the lenses\' actions (behind More…)', async () => {
    const lenses = await server.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    expect(lensActions(lenses, 1).find((c) => c.title === 'Whip path')).toMatchObject({ command: 'sudokuLens.whipPath', arguments: [uri, 1] });
  });

  it('answers the Whip path request with the full W path under a header that links back', async () => {
    const { document, reason } = await whipPath(server, uri, 1);
    expect(reason).toBeNull();
    const lines = document!.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^# Line 2 of whip-path\.sdm: W4 \(33 chains, hardest: \S+\[4\]\)$/);
    expect(lines.slice(1, 4)).toEqual(['# puzzle', W4, '# W path (chains in SudoRules syntax, singles summarised)']);
    const chains = lines.filter((l) => /^ *\d+\. /.test(l)).map((l) => l.replace(/^ *\d+\. /, ''));
    expect(chains).toHaveLength(33);
    expect(lines.filter((l) => l.startsWith('     singles ==> ')).length).toBeGreaterThan(0);
    expect(checkPrintedChains(candidatesOfText(W4), chains)).toEqual([]);
  });

  it('says when whips do not solve a puzzle', async () => {
    const { document } = await whipPath(server, uri, 5);
    expect(document!.split('\n')[0]).toBe('# Line 6 of whip-path.sdm: not solvable with whips up to length 20 (0 chains, longest 0 so far)');
  });
});

describe('W path diagnostics on every puzzle (sudokuLens.diagnostics.whipPath: "all")', () => {
  const uri = 'file:///whip-all.sdm';
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ workspace: { configuration: true } }, { diagnostics: { whipPath: 'all' } });
    server.open(uri, `${LINES.join('\n')}\n`);
    await server.nextPush(uri, (p) => p.diagnostics.some((d) => d.code === 'multiple-solutions'));
  }, 60_000);
  afterAll(() => server.stop());

  it("attaches an 81-cell puzzle's first chain to its line once the lines in view are rated", async () => {
    await server.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 2, character: 0 } } });
    const p = await server.pushMatching(uri, (q) => q.diagnostics.some((d) => d.code === 'whip-chain'));
    const [first] = p.diagnostics.filter((d) => d.code === 'whip-chain');
    expect(first.range).toEqual({ start: { line: 1, character: 0 }, end: { line: 1, character: 81 } });
    expect(first.severity).toBe(3);
    expect(message(first)).toBe('first chain of the W path (W4): whip[1]: c2n9{r4 .} ==> r6c1≠9');
    expect(checkPrintedChains(candidatesOfText(W4), [chainText(first)])).toEqual([]);
    // related information: the chain's cells (r4c2 holds the chain's only candidate)
    expect(first.relatedInformation!.map((r) => r.location.range.start.character)).toEqual([3 * 9 + 1]);
    expect(codes(p, 2)).toContain('whip-elimination');
    expect(codes(p, 4).filter((c) => c.startsWith('whip'))).toEqual([]);
  });
});

describe('the Whip path lens over budget', () => {
  const uri = 'file:///whip-budget.sdm';
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ workspace: { configuration: true } }, { rating: { budgetMs: 100 } });
    server.open(uri, `${W15}\n`);
    await server.nextPush(uri);
  });
  afterAll(() => server.stop());

  it('says the rating budget ran out instead of showing a partial path', async () => {
    // sudokuLens.rating.budgetMs is read after initialization
    await server.configured;
    const { document, reason } = await whipPath(server, uri, 0);
    expect(document).toBeNull();
    expect(reason).toMatch(/^Line 1: W over budget \(\d+ chains?, longest \d+ so far\): the rating budget \(sudokuLens\.rating\.budgetMs, 100 ms\) ran out$/);
  });

  it('stops on Cancel', async () => {
    const long = 'file:///whip-cancel.sdm';
    const slow = await startServer();
    try {
      slow.open(long, `${W15}\n`);
      await slow.nextPush(long);
      const cancel = new CancellationTokenSource();
      const answer = whipPath(slow, long, 0, cancel).then(() => 'answered', (err: { code?: number }) => err.code);
      // The server takes messages in order: once it answers a later request, the W path's job is on its worker.
      await slow.connection.sendRequest('sudokuLens/puzzleLines', { uri: long });
      cancel.cancel();
      expect(await answer).toBe(-32800); // RequestCancelled
      // the worker was stopped and replaced: the same request, not cancelled, gets its path
      expect((await whipPath(slow, long, 0)).document).toMatch(/^# Line 1 of whip-cancel\.sdm: W15 \(\d+ chains, hardest: \S+\[15\]\)\n/);
    } finally {
      await slow.stop();
    }
  });
});

/**
 * The UA commands over LSP: sudokuLens/patternAt and sudokuLens/uaSearch (UA sets of a grid or
 * of a unique puzzle's solution, puzzles of a clue pattern in this file's grids or another
 * file's, the 17-clue search's progress and Cancel), and what a clue pattern line or grid gets:
 * one information `clue-pattern` diagnostic (no mixed-marker errors) and one lens.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationTokenSource, type CodeLens, type Diagnostic, WorkDoneProgress, type WorkDoneProgressReport } from 'vscode-languageserver-protocol/node';
import { solveString } from '../../server/src/engine/core/solve';
import { uaSets } from '../../server/src/engine/ua';
import type { PathResponse, PatternAtResponse, UASearchParams } from '../../server/src/protocol';
import { dataPath } from '../dataPath';
import { type TestServer, startServer } from './server';

const REQUEST_CANCELLED = -32800;
const [PUZZLE, , SOLUTION] = readFileSync(dataPath('tdoku', 'solutions', 'puzzles2_17_clue.sol'), 'utf8')
  .split('\n')
  .find((l) => l.length > 81 && !l.startsWith('#'))!
  .split(':');
const OTHER_GRID = readFileSync(dataPath('tdoku', 'solutions', 'puzzles2_17_clue.sol'), 'utf8')
  .split('\n')
  .filter((l) => l.length > 81 && !l.startsWith('#'))
  .map((l) => l.split(':')[2])
  .find((g) => g !== SOLUTION)!;
const PATTERN = PUZZLE.replace(/[1-9]/g, 'x');
/** The 17-clue puzzle without its first clue: several solutions. */
const MULTI = PUZZLE.replace(/[1-9]/, '.');
/** The solution with r1c1 made equal to r1c2: a duplicate. */
const BAD_GRID = SOLUTION[1] + SOLUTION.slice(1);
const LINES = ['# UA commands', PATTERN, SOLUTION, PUZZLE, MULTI, BAD_GRID, '', ...Array.from({ length: 9 }, (_, r) => PATTERN.slice(9 * r, 9 * r + 9))];

describe('UA commands', () => {
  let server: TestServer;
  const uri = 'file:///ua-commands.sdm';
  let diagnostics: Diagnostic[];
  let progressIds = 0;

  // A trailing undefined would be sent as a second parameter: pass the token only when there is one.
  const search = (params: Omit<UASearchParams, 'uri'>, token?: CancellationTokenSource) =>
    token
      ? server.connection.sendRequest<PathResponse>('sudokuLens/uaSearch', { uri, ...params }, token.token)
      : server.connection.sendRequest<PathResponse>('sudokuLens/uaSearch', { uri, ...params });
  /** The search with a work-done token, and the progress reports it sent. */
  const searchWithProgress = (params: Omit<UASearchParams, 'uri'>, token?: CancellationTokenSource, onReport?: (r: WorkDoneProgressReport) => void) => {
    const workDoneToken = `test-${++progressIds}`;
    const kinds: string[] = [];
    const reports: WorkDoneProgressReport[] = [];
    const listening = server.connection.onProgress(WorkDoneProgress.type, workDoneToken, (p) => {
      kinds.push(p.kind);
      if (p.kind === 'report') {
        reports.push(p);
        onReport?.(p);
      }
    });
    const answer = search({ ...params, workDoneToken }, token).finally(() => listening.dispose());
    return { answer, kinds, reports };
  };

  beforeAll(async () => {
    server = await startServer();
    const pushed = server.nextPush(uri, (p) => p.diagnostics.some((d) => d.code === 'multiple-solutions'));
    server.open(uri, `${LINES.join('\n')}\n`);
    diagnostics = (await pushed).diagnostics;
  });
  afterAll(() => server.stop());

  it('gives a clue pattern line or grid one information diagnostic, not mixed-marker errors', () => {
    const on = (line: number) => diagnostics.filter((d) => d.range.start.line === line);
    for (const line of [1, 7]) {
      expect(on(line).map((d) => [d.code, d.severity])).toEqual([['clue-pattern', 3]]);
      expect(on(line)[0].message).toMatch(/^Clue pattern \(17 clues\), not a puzzle/);
    }
    expect(diagnostics.some((d) => d.code === 'mixed-empty-markers')).toBe(false);
  });

  it('finds the pattern at a line (or in a grid), and says when there is none', async () => {
    const at = (line: number) => server.connection.sendRequest<PatternAtResponse>('sudokuLens/patternAt', { uri, line });
    expect(await at(1)).toEqual({ pattern: PATTERN, reason: null });
    expect((await at(11)).pattern).toBe(PATTERN);
    const none = await at(2);
    expect(none.pattern).toBeNull();
    expect(none.reason).toMatch(/^Line 3 holds no clue pattern/);
  });

  it('puts one lens, "Find puzzles for this pattern", on a pattern, and none of the puzzle lenses', async () => {
    const lenses = await server.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    const titles = (line: number) => lenses.filter((l) => l.range.start.line === line).map((l) => l.command?.title);
    expect(titles(1)).toEqual(['Find puzzles for this pattern']);
    expect(lenses.find((l) => l.range.start.line === 7)?.command).toEqual({ title: 'Find puzzles for this pattern', command: 'sudokuLens.findPatternPuzzles', arguments: [uri, 7] });
    expect(titles(2)).toContain('Solve this line');
  });

  it('lists the UA sets of a solution grid, or of a unique puzzle’s solution, smallest first', async () => {
    const expected = uaSets(SOLUTION);
    for (const [line, source] of [
      [2, 'the solution grid'],
      [3, 'the solution of the puzzle'],
    ] as const) {
      const r = await search({ line, what: 'uaSets' });
      const lines = r.document!.trimEnd().split('\n');
      expect(lines[0]).toBe(`# Line ${line + 1} of ua-commands.sdm: minimal UA sets of ${source}, smallest first`);
      expect(lines[1]).toBe(`# grid ${SOLUTION}`);
      const sets = lines.slice(2, -1);
      expect(sets.length).toBe(expected.length);
      expect(sets[0]).toMatch(/^4: r\dc\d r\dc\d r\dc\d r\dc\d \(\d{4}\)$/);
      const sizes = sets.map((s) => Number(s.split(':')[0]));
      expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
      expect(lines.at(-1)).toMatch(new RegExp(`^# ${expected.length} minimal UA sets of at most 12 cells \\(size 4: \\d+`));
    }
  });

  it('says why a line has no solution grid: several solutions, a duplicate in a grid, a pattern', async () => {
    expect(await search({ line: 4, what: 'uaSets' })).toEqual({ document: null, reason: 'Line 5: not a solution grid, and the puzzle has at least 2 solutions' });
    const bad = await search({ line: 5, what: 'seventeen' });
    expect(bad.document).toBeNull();
    expect(bad.reason).toMatch(new RegExp(`^Line 6: not a valid solution grid: Digit ${SOLUTION[1]} appears twice in `));
    expect((await search({ line: 1, what: 'seventeen' })).reason).toBe('Line 2: a clue pattern, not a solution grid or a puzzle');
    expect((await search({ line: 2, what: 'pattern', grids: { kind: 'document' } })).reason).toMatch(/^Line 3 holds no clue pattern/);
  });

  it("finds the puzzle a pattern came from in this file's grids, every result unique and of that pattern", async () => {
    const { answer, kinds } = searchWithProgress({ line: 1, what: 'pattern', grids: { kind: 'document' } });
    const lines = (await answer).document!.trimEnd().split('\n');
    // SOLUTION and PUZZLE's solution are one grid; the pattern lines, MULTI and BAD_GRID stand for none.
    expect(lines[0]).toMatch(/^# Line 2 of ua-commands\.sdm: puzzles of the clue pattern \(17 clues\) in 1 solution grid of this file, [\d.]+ m?s: \d+ puzzles?$/);
    expect(lines[1]).toBe(`# pattern ${PATTERN}`);
    expect(lines[2]).toMatch(new RegExp(`^# grid ${SOLUTION} \\(line 3, the solution grid\\): \\d+ puzzles?, `));
    const puzzles = lines.filter((l) => !l.startsWith('#'));
    expect(puzzles).toContain(PUZZLE);
    for (const p of puzzles) {
      expect(p.replace(/[1-9]/g, 'x')).toBe(PATTERN);
      expect(solveString(p, { limit: 2 }).count).toBe(1);
    }
    expect(kinds[0]).toBe('begin');
    expect(kinds.at(-1)).toBe('end');
  });

  it("searches another file's grids, reporting progress by grid", async () => {
    const text = `${OTHER_GRID}\n${PUZZLE} its solution\n`;
    const { answer, reports } = searchWithProgress({ line: 1, what: 'pattern', grids: { kind: 'text', name: 'grids.sdm', text } });
    const lines = (await answer).document!.trimEnd().split('\n');
    expect(lines[0]).toMatch(/ in 2 solution grids of grids\.sdm, /);
    expect(lines.filter((l) => l.startsWith('# grid '))).toEqual([
      expect.stringMatching(new RegExp(`^# grid ${OTHER_GRID} \\(line 1, the solution grid\\)`)),
      expect.stringMatching(new RegExp(`^# grid ${SOLUTION} \\(line 2, the solution of the puzzle\\)`)),
    ]);
    expect(lines).toContain(PUZZLE);
    expect(reports.some((r) => /^\d+ \/ 2 grids$/.test(r.message ?? ''))).toBe(true);
    expect(reports.at(-1)?.percentage).toBe(100);
  });

  it('stops the 17-clue search on Cancel, and the next search does not wait for it', async () => {
    const cancel = new CancellationTokenSource();
    let started!: () => void;
    const firstReport = new Promise<void>((resolve) => (started = resolve));
    const { answer } = searchWithProgress({ line: 2, what: 'seventeen' }, cancel, () => started());
    const code = answer.then(() => 'answered', (err: { code?: number }) => err.code);
    await firstReport;
    const cancelledAt = Date.now();
    cancel.cancel();
    expect(await code).toBe(REQUEST_CANCELLED);
    const next = await search({ line: 2, what: 'uaSets' });
    expect(next.document).toMatch(/^# Line 3 /);
    expect(Date.now() - cancelledAt).toBeLessThan(8000);
  }, 60_000);
});

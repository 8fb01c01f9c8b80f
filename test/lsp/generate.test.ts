/**
 * sudokuLens/generate over LSP (the editor's Generate puzzles…): the document it answers with
 * (header, the command line that makes the same puzzles, one puzzle a line with its rating), each
 * puzzle checked here (unique, symmetric, clue and ER bounds), its progress reports, Cancel, and
 * bounds no puzzle can meet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationTokenSource, WorkDoneProgress, type WorkDoneProgressReport } from 'vscode-languageserver-protocol/node';
import { solveString } from '../../server/src/engine/core/solve';
import type { GenerateParams, PathResponse } from '../../server/src/protocol';
import { type TestServer, startServer } from './server';

const REQUEST_CANCELLED = -32800;
const uri = 'file:///generate.sdm';
const central = (p: string): boolean => [...p].every((ch, cell) => (ch === '.') === (p[80 - cell] === '.'));

describe('Generate puzzles', () => {
  let server: TestServer;
  let progressIds = 0;

  /** The request with a work-done token, and the progress reports it sent. */
  const generate = (params: Omit<GenerateParams, 'uri'>, cancel?: CancellationTokenSource, onReport?: () => void) => {
    const workDoneToken = `generate-${++progressIds}`;
    const reports: WorkDoneProgressReport[] = [];
    const listening = server.connection.onProgress(WorkDoneProgress.type, workDoneToken, (p) => {
      if (p.kind !== 'report') return;
      reports.push(p);
      onReport?.();
    });
    const sent = { uri, ...params, workDoneToken };
    const answer = (cancel ? server.connection.sendRequest<PathResponse>('sudokuLens/generate', sent, cancel.token) : server.connection.sendRequest<PathResponse>('sudokuLens/generate', sent)).finally(() =>
      listening.dispose(),
    );
    return { answer, reports };
  };

  beforeAll(async () => {
    server = await startServer();
    server.open(uri, '# puzzles to come\n');
  });
  afterAll(() => server.stop());

  it('answers a document of rated puzzles with the symmetry, clues and ER asked, and its command line', async () => {
    const { answer, reports } = generate({ count: 3, symmetry: 'central', clues: { least: 24, most: 30 }, er: { least: 20, most: 60 } });
    const r = await answer;
    expect(r.reason).toBeNull();
    const [head, command, ...rows] = r.document!.trimEnd().split('\n');
    expect(head).toMatch(/^# 3 minimal puzzles, central symmetry in [\d.]+ (ms|s) \(\d+ grids tried\)$/);
    expect(command).toMatch(/^# sudoku-lens generate --count 3 --seed \d+ --symmetry central --clues 24-30 --where 'er>=2.0 and er<=6.0' --format '%g ED=%r\/%p\/%d'$/);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const [, puzzle, er] = /^([1-9.]{81}) ED=([\d.]+)\/[\d.]+\/[\d.]+$/.exec(row)!;
      expect(solveString(puzzle).count).toBe(1);
      expect(central(puzzle)).toBe(true);
      const clues = [...puzzle].filter((ch) => ch !== '.').length;
      expect(clues).toBeGreaterThanOrEqual(24);
      expect(clues).toBeLessThanOrEqual(30);
      expect(Number(er)).toBeGreaterThanOrEqual(2);
      expect(Number(er)).toBeLessThanOrEqual(6);
    }
    expect(reports.map((p) => p.message)).toEqual(['0 / 3 puzzles', '1 / 3 puzzles', '2 / 3 puzzles', '3 / 3 puzzles']);
  });

  it('stops on Cancel', async () => {
    const cancel = new CancellationTokenSource();
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    // ER ≥ 11.5: a long search, cut short by Cancel.
    const { answer } = generate({ count: 5, symmetry: 'none', er: { least: 115, most: 200 } }, cancel, () => started());
    await running;
    cancel.cancel();
    await expect(answer).rejects.toMatchObject({ code: REQUEST_CANCELLED });
  });

  it('says so for bounds no puzzle meets, and ends at the time limit with what was found', async () => {
    expect((await generate({ count: 1, symmetry: 'none', clues: { least: 30, most: 20 } }).answer).reason).toBe('No clue count lies between 30 and 20');
    const r = await generate({ count: 2, symmetry: 'dihedral', clues: { least: 17, most: 17 }, timeLimitMs: 1000 }).answer;
    expect(r.document).toMatch(/^# 0 minimal puzzles, dihedral symmetry in .* — the time limit ran out after 0 of 2\n/);
  });
});

/**
 * `sudoku-lens rate` on collections (server/src/cli/rateCommand.ts): worker threads with rows in
 * input order, CSV, --method bliss/w/all, --output with --resume (also after Ctrl-C), progress on
 * stderr; plus the in-order pipeline and the progress reporter as units.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inOrder } from '../../server/src/cli/ordered';
import { csvLine, parseCsvLine } from '../../server/src/cli/output';
import { Progress, duration } from '../../server/src/cli/progress';
import { CLI, MULTI, NO_SOLUTION, ROOT, cliRunner, cliTestFolder, runCliWith } from '../cli';
import { dataPath } from '../dataPath';

const SE_HEADER = 'file,line,puzzle,status,er,ep,ed,hardest,steps';
const BLISS_HEADER = `${SE_HEADER},bliss_status,bliss_level,bliss_backdoor,bliss_ng`;
const W_COLUMNS = 'w_status,w,gw,b,te_depth,backdoor';

/** The first n puzzles of the Sudoku Exchange bank's diabolical set (SE 6.6-8.9, tens of ms each). */
const diabolical = (n: number): string[] =>
  readFileSync(dataPath('sudoku-exchange-puzzle-bank', 'diabolical.txt'), 'utf8')
    .split('\n')
    .slice(0, n)
    .map((l) => l.trim().split(/\s+/)[1].replace(/0/g, '.'));

const run = cliRunner(120_000);

const lines = (out: string): string[] => {
  const all = out.split('\n');
  expect(all.pop()).toBe('');
  return all;
};
const jsonRows = (out: string) => lines(out).map((l) => JSON.parse(l));
/** stderr without the progress lines a slow run writes every ~5 s. */
const notes = (stderr: string): string => stderr.replace(/^rate: .*\n/gm, '');

const folder = cliTestFolder('sudoku-lens-batch-');
let tmp = '';
/** A collection: comments, 12 diabolical puzzles, a puzzle without solution, one with several, a broken line. */
let collection = '';
const PUZZLES = 15;

beforeAll(() => {
  tmp = folder();
  const d = diabolical(12);
  collection = join(tmp, 'collection,one.sdm'); // a comma: CSV must quote the file name
  writeFileSync(
    collection,
    [
      '# a collection',
      ...d.slice(0, 3),
      `${NO_SOLUTION} no solution`,
      ...d.slice(3, 6),
      '',
      MULTI,
      ...d.slice(6, 9),
      NO_SOLUTION.slice(0, 80),
      ...d.slice(9),
      '',
    ].join('\n'),
  );
});

describe('collections whose lines start with an id', () => {
  it("rates and checks the Sudoku Exchange bank's lines as they are (id, puzzle, rating), the puzzle read after the id", () => {
    const bank = readFileSync(dataPath('sudoku-exchange-puzzle-bank', 'diabolical.txt'), 'utf8').split('\n').slice(0, 5);
    const input = `${bank.join('\n')}\n`;
    const rated = runCliWith({ input }, 'rate', '-', '--format', '%g %r');
    expect(rated.status).toBe(0);
    const rows = lines(rated.stdout).map((l) => l.split(' '));
    expect(rows.map(([given]) => given)).toEqual(bank.map((l) => l.trim().split(/\s+/)[1]));
    for (const [, er] of rows) expect(Number(er)).toBeGreaterThanOrEqual(6);
    const checked = runCliWith({ input }, 'check', '-');
    expect(checked.stderr).toContain('5 puzzles, 0 with errors');
  });
});

describe('rate on worker threads', () => {
  it('prints the same JSON rows, in input order, on 2 workers as in-process', () => {
    const one = run('rate', collection, '--method', 'all', '--json', '--workers', '1');
    const two = run('rate', collection, '--method', 'all', '--json', '--workers', '2');
    expect(two.stdout).toBe(one.stdout);
    expect(two.status).toBe(1); // the puzzle without solution and the broken line are errors
    expect(one.status).toBe(1);
    const rows = jsonRows(two.stdout);
    expect(rows).toHaveLength(PUZZLES);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(rows.filter((r) => r.se !== null)).toHaveLength(12);
    expect(rows.filter((r) => r.bliss !== null)).toHaveLength(12);
    expect(rows.filter((r) => r.w !== null)).toHaveLength(12);
    expect(rows[3]).toMatchObject({ solutions: 0, se: null, seReason: 'no solution', bliss: null, blissReason: 'no solution' });
    expect(rows[7]).toMatchObject({ solutions: 2, se: null, seReason: 'at least 2 solutions', w: null, wReason: 'at least 2 solutions' });
    expect(rows[11]).toMatchObject({ text: null, se: null, seReason: 'unreadable', bliss: null, blissReason: 'unreadable' });
  });

  it('keeps the text output of rate (diagnostics, serate lines, summary) on 2 workers', () => {
    const one = run('rate', collection, '--workers', '1');
    const two = run('rate', collection, '--workers', '2');
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr.endsWith(`${PUZZLES} puzzles, 2 with errors\n`)).toBe(true);
    const out = lines(two.stdout);
    expect(out.filter((l) => / ED=\d+\.\d\/\d+\.\d\/\d+\.\d$/.test(l) && !l.endsWith(' ED=0.0/0.0/0.0'))).toHaveLength(12);
    expect(out).toContain(`${NO_SOLUTION} ED=0.0/0.0/0.0`);
    // One row per puzzle on stdout (the line that is no puzzle has none); diagnostics and why a puzzle is not rated go to stderr.
    expect(out).toHaveLength(PUZZLES - 1);
    expect(lines(two.stderr)).toContain(`${collection}:5:1: error no-solution: The puzzle has no solution`);
    expect(lines(two.stderr)).toContain(`${collection}:5: SE not rated: no solution`);
  });

  it('keeps BUG states and other diagnostics out of --format rows (stderr, or the JSON row)', () => {
    // The third diabolical puzzle's SE path reaches a BUG state (a technique, reported as a note).
    const file = join(tmp, 'bug.sdm');
    const d = diabolical(3);
    writeFileSync(file, `${d.join('\n')}\n`);
    const text = run('rate', file, '--format', '%L %r', '--workers', '1');
    expect(text.stdout).toBe('1 7.2\n2 7.2\n3 7.1\n');
    expect(text.stderr).toMatch(new RegExp(`^${file.replace(/[.]/g, '\\.')}:3:\\d+: information bug: BUG\\+1`, 'm'));
    const [, , row] = jsonRows(run('rate', file, '--json', '--workers', '1').stdout);
    expect(row.diagnostics.map((x: { code: string }) => x.code)).toEqual(['bug']);
  });

  it('caps --workers at the cores available, saying so on stderr', () => {
    const r = run('rate', collection, '--json', '--workers', '400', '--budget-ms', '2000');
    const cores = availableParallelism();
    expect(r.stderr).toContain(`sudoku-lens: --workers 400 capped at ${cores} core${cores === 1 ? '' : 's'} available\n`);
    expect(jsonRows(r.stdout)).toHaveLength(PUZZLES);
    expect(r.status).toBe(1);
  });
});

describe('rate when a worker thread dies', () => {
  // test/fixtures/cli/crashWorker.cjs, preloaded into every thread, ends the worker rating this puzzle.
  const preload = ['--require', join(ROOT, 'test', 'fixtures', 'cli', 'crashWorker.cjs')];
  const withCrash = (env: NodeJS.ProcessEnv, ...args: string[]) => runCliWith({ nodeArgs: preload, env }, 'rate', collection, '--workers', '2', ...args);

  it.skipIf(availableParallelism() < 2)('rates the puzzle again on a fresh worker', () => {
    const [victim] = diabolical(2).slice(1);
    const once = join(tmp, 'crashed-once');
    rmSync(once, { force: true });
    const r = withCrash({ SUDOKU_LENS_TEST_CRASH: victim, SUDOKU_LENS_TEST_CRASH_ONCE: once }, '--json');
    expect(existsSync(once)).toBe(true); // it did crash
    expect(r.stdout).toBe(run('rate', collection, '--json', '--workers', '1').stdout);
    expect(notes(r.stderr)).toBe('');
  });

  it.skipIf(availableParallelism() < 2)('reports a puzzle whose worker dies twice in one line, and rates the others', () => {
    const [victim] = diabolical(2).slice(1);
    const r = withCrash({ SUDOKU_LENS_TEST_CRASH: victim }, '--json');
    expect(r.status).toBe(1);
    expect(notes(r.stderr)).toBe(`${collection}:3: rating failed: the worker thread stopped (exit code 7)\n`);
    const rows = jsonRows(r.stdout);
    expect(rows).toHaveLength(PUZZLES);
    expect(rows[1]).toMatchObject({ line: 3, text: victim, se: null, seReason: 'rating failed: the worker thread stopped (exit code 7)' });
    expect(rows.filter((row) => row.se !== null)).toHaveLength(11);
  });

  it('rates one puzzle given as an argument in-process, whatever --workers says', () => {
    const [p] = diabolical(1);
    const r = run('rate', p, '--workers', '4', '--json');
    expect(r.status).toBe(0);
    expect(jsonRows(r.stdout)[0].se.er).toBe(7.2);
  });
});

describe('rate --csv', () => {
  it('prints the header and one row per puzzle, figures as in the JSON rows', () => {
    const csv = run('rate', collection, '--csv', '--workers', '2');
    const json = jsonRows(run('rate', collection, '--json', '--workers', '2').stdout);
    const [header, ...rows] = lines(csv.stdout);
    expect(header).toBe(SE_HEADER);
    expect(rows).toHaveLength(PUZZLES);
    expect(rows[0].startsWith(`"${collection}",2,`)).toBe(true);
    rows.forEach((row, i) => {
      const [file, line, puzzle, status, er, ep, ed, hardest, steps, ...rest] = parseCsvLine(row);
      expect(rest).toEqual([]);
      const j = json[i];
      expect([file, Number(line), puzzle]).toEqual([collection, j.line, j.text ?? '']);
      if (j.se) {
        expect(status).toBe('solved');
        expect([Number(er), Number(ep), Number(ed), hardest, Number(steps)]).toEqual([j.se.er, j.se.ep, j.se.ed, j.se.hardest, j.se.steps]);
      } else {
        expect([er, ep, ed, hardest, steps]).toEqual(['', '', '', '', '']);
      }
    });
    expect(parseCsvLine(rows[3])[3]).toBe('no-solution');
    expect(parseCsvLine(rows[7])[3]).toBe('multiple-solutions');
    expect(parseCsvLine(rows[11])[3]).toBe('unreadable');
    expect(csv.stderr.endsWith(`${PUZZLES} puzzles, 2 with errors\n`)).toBe(true);
  });

  it('adds the BLISS columns with --method bliss and all (and the W columns with all)', () => {
    for (const method of ['bliss', 'all']) {
      const [header, ...rows] = lines(run('rate', collection, '--csv', '--method', method).stdout);
      expect(header).toBe(method === 'all' ? `${BLISS_HEADER},${W_COLUMNS}` : BLISS_HEADER);
      const first = parseCsvLine(rows[0]);
      expect(first).toHaveLength(method === 'all' ? 19 : 13);
      expect(first.slice(9, 12)).toEqual(['solved', '1', 'true']);
      expect(Number(first[12])).toBeGreaterThanOrEqual(0);
      // SE columns stay empty when SE is not asked for; the status is the puzzle's.
      if (method === 'bliss') expect(first.slice(3, 9)).toEqual(['unique', '', '', '', '', '']);
      else expect(first[3]).toBe('solved');
      expect(parseCsvLine(rows[3]).slice(9, 13)).toEqual(['', '', '', '']);
      if (method === 'all') {
        expect(first.slice(13, 15)).toEqual(['solved', '4']);
        expect(parseCsvLine(rows[3]).slice(13)).toEqual(['', '', '', '', '', '']);
      }
    }
  });

  it('quotes fields as RFC 4180 says', () => {
    expect(csvLine(['a,b', 'say "hi"', 3, null, true])).toBe('"a,b","say ""hi""",3,,true');
    expect(parseCsvLine('"a,b","say ""hi""",3,,true')).toEqual(['a,b', 'say "hi"', '3', '', 'true']);
    expect(parseCsvLine('x,')).toEqual(['x', '']);
  });
});

describe('rate --method bliss|all', () => {
  it('adds "bliss": {level, backdoor, ng} to JSON rows (with "se" for all)', () => {
    const bliss = jsonRows(run('rate', collection, '--json', '--method', 'bliss').stdout);
    expect(bliss[0]).not.toHaveProperty('se');
    expect(Object.keys(bliss[0].bliss)).toEqual(['level', 'backdoor', 'ng']);
    expect(bliss[0].bliss).toMatchObject({ level: 1, backdoor: true, ng: expect.any(Number) });
    const all = jsonRows(run('rate', collection, '--json', '--method', 'all').stdout);
    expect(all[0].bliss).toEqual(bliss[0].bliss);
    expect(all[0].se.er).toBe(7.2);
  });

  it('prints BLISS=level in text (after ED=… for all) and takes %b in --format', () => {
    const [p] = diabolical(1);
    expect(run('rate', p, '--method', 'bliss').stdout).toBe(`${p} BLISS=1\n`);
    expect(run('rate', p, '--method', 'all').stdout).toBe(`${p} ED=7.2/1.2/1.2 BLISS=1 W=4\n`);
    expect(run('rate', p, '--method', 'all', '--format', '%L %r %b').stdout).toBe('1 7.2 1\n');
  });

  it('reads --variant for BLISS; SE rates classic puzzles only', () => {
    const SUDOKU_X = '..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.';
    const [row] = jsonRows(run('rate', SUDOKU_X, '--json', '--method', 'all', '--variant', 'X').stdout);
    expect(row.bliss).toMatchObject({ level: 2, backdoor: true });
    expect(row).toMatchObject({ se: null, seReason: 'a SudokuX puzzle (SE rates classic Sudoku)' });
    expect(row).toMatchObject({ w: null, wReason: 'a SudokuX puzzle (W rates classic Sudoku)' });
    const text = run('rate', SUDOKU_X, '--method', 'bliss', '--level', '1', '--variant', 'X');
    expect(text.stdout).toBe(`${SUDOKU_X} BLISS=-\n`);
    expect(text.stderr).toContain('<argument>:1: not solved by BLISS(1) (SudokuX) (0 eliminations, 0 placements so far)');
  });
});

describe('rate --output, --resume', () => {
  for (const format of ['json', 'csv']) {
    it(`continues a truncated ${format} output into the full run's file`, () => {
      const full = join(tmp, `full.${format}`);
      const part = join(tmp, `part.${format}`);
      const args = ['rate', collection, `--${format}`, '--method', 'all', '--budget-ms', '5000'];
      const first = run(...args, '--output', full);
      expect(first.status).toBe(1);
      expect(first.stdout).toBe('');
      const whole = readFileSync(full, 'utf8');
      expect(lines(whole)).toHaveLength(PUZZLES + (format === 'csv' ? 1 : 0));
      // Interrupted midway: a few whole rows and half of the next.
      let cut = Math.floor(whole.length / 2);
      if (whole[cut - 1] === '\n') cut++;
      writeFileSync(part, whole.slice(0, cut));
      const resumed = run(...args, '--output', part, '--resume');
      expect(resumed.status).toBe(1);
      expect(resumed.stdout).toBe('');
      expect(readFileSync(part, 'utf8')).toBe(whole);
      // A complete file gets nothing more.
      run(...args, '--output', part, '--resume');
      expect(readFileSync(part, 'utf8')).toBe(whole);
    });
  }

  it('starts a missing --resume file from scratch, and --output without --resume overwrites', () => {
    const file = join(tmp, 'fresh.csv');
    rmSync(file, { force: true });
    run('rate', collection, '--csv', '--output', file, '--resume');
    const whole = readFileSync(file, 'utf8');
    expect(whole.startsWith(`${SE_HEADER}\n`)).toBe(true);
    run('rate', collection, '--csv', '--output', file);
    expect(readFileSync(file, 'utf8')).toBe(whole);
  });

  it('skips rows by line and puzzle text: a changed puzzle is rated again', () => {
    const file = join(tmp, 'changed.json');
    const src = join(tmp, 'small.sdm');
    const d = diabolical(3);
    writeFileSync(src, `${d[0]}\n${d[1]}\n`);
    run('rate', src, '--json', '--output', file);
    writeFileSync(src, `${d[0]}\n${d[2]}\n${d[1]}\n`);
    run('rate', src, '--json', '--output', file, '--resume');
    const rows = jsonRows(readFileSync(file, 'utf8'));
    expect(rows.map((r) => [r.line, r.text])).toEqual([
      [1, d[0]],
      [2, d[1]],
      [2, d[2]],
      [3, d[1]],
    ]);
  });

  it('picks up after Ctrl-C (workers stop, whole rows are kept)', async () => {
    const src = join(tmp, 'thirty.sdm');
    writeFileSync(src, `${diabolical(30).join('\n')}\n`);
    const full = join(tmp, 'thirty-full.json');
    const part = join(tmp, 'thirty-part.json');
    rmSync(part, { force: true });
    run('rate', src, '--json', '--output', full);
    const child = spawn(process.execPath, [CLI, 'rate', src, '--json', '--workers', '2', '--output', part], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    // Interrupt once the first row is written (or the run ended).
    await new Promise<void>((done) => {
      const written = (): boolean => existsSync(part) && readFileSync(part, 'utf8').includes('\n');
      const watcher = watch(tmp, () => {
        if (written()) stop();
      });
      const stop = (): void => {
        watcher.close();
        done();
      };
      void exited.then(stop);
      if (written()) stop();
    });
    child.kill('SIGINT');
    const code = await exited;
    const kept = readFileSync(part, 'utf8');
    if (code === 130) {
      expect(stderr).toMatch(/sudoku-lens: interrupted after \d+ rows?; run again with --resume to continue\n/);
      expect(lines(kept).length).toBeLessThan(30);
    }
    expect(kept.endsWith('\n')).toBe(true);
    run('rate', src, '--json', '--output', part, '--resume');
    expect(readFileSync(part, 'utf8')).toBe(readFileSync(full, 'utf8'));
  });

  it('refuses a resume it cannot do', () => {
    const other = join(tmp, 'other.csv');
    writeFileSync(other, 'a,b,c\n');
    const notJson = join(tmp, 'not.json');
    writeFileSync(notJson, 'hello\n');
    const cases: [string[], string][] = [
      [['--json', '--resume'], '--resume needs --output FILE'],
      [['--output', join(tmp, 'x.txt'), '--resume'], '--resume needs --json or --csv output'],
      [['--csv', '--output', other, '--resume'], "does not start with this run's CSV header"],
      // full.csv has the BLISS columns: a run without them cannot continue it.
      [['--csv', '--output', join(tmp, 'full.csv'), '--resume'], "does not start with this run's CSV header"],
      [['--json', '--output', notJson, '--resume'], `line 1 of ${notJson} is no JSON row`],
    ];
    for (const [args, message] of cases) {
      const r = run('rate', collection, ...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });
});

describe('rate usage errors (exit code 2)', () => {
  it.each([
    [['--workers', '0'], "--workers takes a positive whole number, not '0'"],
    [['--workers', 'many'], "--workers takes a positive whole number, not 'many'"],
    [['--method', 'frob'], "--method takes se, bliss, w, wall or all, not 'frob'"],
    [['--json', '--csv'], '--json and --csv exclude each other'],
    [['--method', 'bliss', '--variant', 'Z'], "--variant takes classic, X, P or PX, not 'Z'"],
    [['--method', 'bliss', '--level', '0'], "--level takes 1 or 2, not '0'"],
  ])('%j', (args, message) => {
    const r = run('rate', NO_SOLUTION, ...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
  });
});

describe('rate streaming', () => {
  it('ends quietly when the reader closes the pipe', async () => {
    const child = spawn(process.execPath, [CLI, 'rate', collection, '--workers', '2'], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
    expect(code).toBe(0);
    expect(stderr).not.toContain('EPIPE');
  });

  it('draws no bar on a stderr that is no terminal (at most a line every ~5 s)', () => {
    const r = run('rate', collection, '--json', '--workers', '2');
    expect(r.stderr).not.toContain('\r');
    for (const l of r.stderr.split('\n').filter(Boolean)) expect(l).toMatch(/^rate \(lines\): \d/);
  });
});

describe('inOrder', () => {
  /** 0..n-1 as a stream, logging each read. */
  async function* indices(n: number, log: string[] = []): AsyncGenerator<number> {
    for (let i = 0; i < n; i++) {
      log.push(`read ${i}`);
      yield i;
    }
  }

  it('emits in input order as soon as the earlier items are done, with at most `window` outstanding and no read ahead of them', async () => {
    // Each job finishes when a later one (by this order) has started, or at the end: completion order differs from input order.
    const finishOrder = [3, 1, 0, 2, 7, 5, 4, 6, 11, 9, 8, 10, 15, 13, 12, 14];
    const finish = new Map<number, () => void>();
    const emitted: number[] = [];
    let outstanding = 0;
    let most = 0;
    const log: string[] = [];
    const finishReady = (): void => {
      // Finish the started items in finishOrder, as far as every earlier one in that order has started.
      while (finishOrder.length > 0 && finish.has(finishOrder[0])) {
        const f = finish.get(finishOrder.shift() as number) as () => void;
        queueMicrotask(f);
      }
    };
    await inOrder(
      indices(finishOrder.length, log),
      4,
      (i) => {
        outstanding++;
        most = Math.max(most, outstanding);
        log.push(`start ${i}`);
        return new Promise<number>((res) => {
          finish.set(i, () => res(i * 10));
          finishReady();
        });
      },
      (r) => {
        outstanding--;
        emitted.push(r / 10);
        log.push(`emit ${r / 10}`);
      },
    );
    expect(emitted).toEqual([...Array(16).keys()]);
    expect(most).toBe(4);
    // Item 0 is emitted before item 4 is even read: the window holds the rows waiting behind it.
    expect(log.indexOf('emit 0')).toBeLessThan(log.indexOf('read 4'));
  });

  it('emits a finished row while the stream waits for its next item', async () => {
    let release = (): void => {};
    const gate = new Promise<void>((res) => (release = res));
    const emitted: number[] = [];
    async function* slowStream(): AsyncGenerator<number> {
      yield 1;
      await gate; // a pipe whose writer has not written yet
      yield 2;
    }
    const done = inOrder(slowStream(), 8, (i) => Promise.resolve(i), (r) => {
      emitted.push(r);
      if (r === 1) release();
    });
    await done;
    expect(emitted).toEqual([1, 2]);
  });

  it('rejects when a job fails, and resolves at once on nothing', async () => {
    await expect(inOrder(indices(3), 2, (i) => (i === 1 ? Promise.reject(new Error('boom')) : Promise.resolve(i)), () => {})).rejects.toThrow('boom');
    await expect(inOrder(indices(0), 2, () => Promise.resolve(0), () => {})).resolves.toBeUndefined();
  });
});

describe('Progress', () => {
  const stream = (isTTY: boolean) => {
    const out: string[] = [];
    return { out, s: { isTTY, columns: 200, write: (x: string) => out.push(x) } };
  };

  it('redraws a bar with count, rate and ETA on a terminal, at most every 100 ms', () => {
    let t = 0;
    const { out, s } = stream(true);
    const p = new Progress(100, 'rate', s, () => t);
    t = 1000;
    p.tick(10);
    expect(out).toEqual([`\rrate [##----------------------] 10/100 (10.0%)  10.0/s  ETA 0:09\x1b[K`]);
    t = 1050;
    p.tick();
    expect(out).toHaveLength(1);
    t = 2000;
    p.tick(9);
    expect(out[1]).toContain('20/100 (20.0%)  10.0/s  ETA 0:08');
    p.clear();
    expect(out[2]).toBe('\r\x1b[K');
    t = 10_000;
    p.tick(80);
    p.finish();
    expect(out.slice(-2)).toEqual(['\r\x1b[K', 'rate: 100 in 0:10 (10.0/s)\n']);
  });

  it('writes a line every ~5 s when stderr is no terminal, and nothing for a short run', () => {
    let t = 0;
    const { out, s } = stream(false);
    const p = new Progress(1000, 'rate', s, () => t);
    t = 4000;
    p.tick(400);
    expect(out).toEqual([]);
    t = 5000;
    p.tick(100);
    expect(out).toEqual(['rate: 500/1,000 (50.0%)  100.0/s  ETA 0:05\n']);
    t = 6000;
    p.tick(500);
    p.finish();
    expect(out).toEqual(['rate: 500/1,000 (50.0%)  100.0/s  ETA 0:05\n', 'rate: 1,000 in 0:06 (166.7/s)\n']);
    const quiet = stream(false);
    const q = new Progress(3, 'rate', quiet.s, () => t);
    q.tick(3);
    q.finish();
    expect(quiet.out).toEqual([]);
  });

  it('formats durations', () => {
    expect([duration(7), duration(754), duration(3723), duration(Infinity)]).toEqual(['0:07', '12:34', '1:02:03', '?']);
  });
});

/**
 * The built CLI's inputs and outputs when they go wrong: an --output that is an input, --resume on
 * a file that is no rate output, a failing stdout, endless or unreadable inputs, stdin and puzzle
 * arguments, options a command does not take, --version; rows written as they are made.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, cliRunner, cliTestFolder, runCliWith } from '../cli';

const run = cliRunner(60_000);
const folder = cliTestFolder('sudoku-lens-io-');

const TOP95 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const EASY_SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
/** A pencilmark line: 729 characters, too long for a file name. */
const P729 = readFileSync(join(ROOT, 'samples', 'pencilmark.sdm'), 'utf8').split('\n')[1].slice(0, 729);

/** One line on stderr, no stack trace. */
function expectOneLineError(stderr: string, pattern: RegExp): void {
  expect(stderr).toMatch(pattern);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
}

let tmp = '';
beforeAll(() => {
  tmp = folder();
});

describe('--output that is an input', () => {
  it('is refused (exit 2) before anything is written, however the path is spelled', () => {
    const coll = join(tmp, 'coll.sdm');
    const text = `# notes\n${TOP95} top95\n`;
    writeFileSync(coll, text);
    symlinkSync(coll, join(tmp, 'link.sdm'));
    mkdirSync(join(tmp, 'dir'));
    const inDir = join(tmp, 'dir', 'in.sdm');
    writeFileSync(inDir, text);
    const cases: [string[], string][] = [
      [[coll, '--output', coll], coll],
      [['coll.sdm', '--output', './coll.sdm'], 'coll.sdm'],
      [['link.sdm', '--output', 'coll.sdm'], 'link.sdm'],
      [['dir', '--output', 'dir/in.sdm'], join('dir', 'in.sdm')],
      [['-', '--output', 'coll.sdm', '--json', '--resume'], '<stdin>'],
    ];
    for (const [args, input] of cases) {
      const stdin = openSync(coll, 'r');
      const r = spawnSync(process.execPath, [CLI, 'rate', ...args, '--json', '--workers', '1'], { cwd: tmp, encoding: 'utf8', stdio: [stdin, 'pipe', 'pipe'] });
      closeSync(stdin);
      expect(r.status).toBe(2);
      expectOneLineError(r.stderr, new RegExp(`^sudoku-lens: --output \\S+ is the input ${input.replace(/[.]/g, '\\.')}: writing the rows there would destroy it\n$`));
      expect(readFileSync(coll, 'utf8')).toBe(text);
      expect(readFileSync(inDir, 'utf8')).toBe(text);
    }
  });
});

describe('--resume on a file that is no output of rate', () => {
  it('leaves it whole, its last line too (exit 2)', () => {
    const coll = join(tmp, 'resume.sdm');
    writeFileSync(coll, `${EASY}\n`);
    const foreign: [string, string, RegExp][] = [
      ['notes.txt', `# my notes\n${TOP95} top95\nlast line, no line end`, /line 1 of \S+notes\.txt is no JSON row/],
      ['one.txt', 'hello', /the last line of \S+one\.txt \(line 1, no line end\) is no JSON row of this run/],
      ['rows.json', `{"file":"elsewhere.sdm","line":1}\nnot a row`, /the last line of \S+rows\.json \(line 2, no line end\) is no JSON row of this run/],
      ['rows.csv', 'file,line,puzzle,status,er,ep,ed,hardest,steps\nno row', /the last line of \S+rows\.csv \(line 2, no line end\) is no CSV row of this run/],
    ];
    for (const [name, text, message] of foreign) {
      const file = join(tmp, name);
      writeFileSync(file, text);
      const r = run('rate', coll, name.endsWith('.csv') ? '--csv' : '--json', '--output', file, '--resume');
      expect(r.status).toBe(2);
      expectOneLineError(r.stderr, message);
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
  });

  it("cuts a partial last line that is the start of one of this run's rows", () => {
    const coll = join(tmp, 'partial.sdm');
    writeFileSync(coll, `${EASY}\n`);
    const file = join(tmp, 'partial.json');
    writeFileSync(file, `{"file":${JSON.stringify(coll)},"line":1,"kind":"8`);
    const r = run('rate', coll, '--json', '--output', file, '--resume');
    expect(r.status).toBe(0);
    const rows = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ file: coll, line: 1, text: EASY });
  });
});

describe('a failing stdout', () => {
  it.each([
    [['check', 'samples/collection.sdm', '--json']],
    [['solve', TOP95]],
    [['rate', TOP95, '--json']],
  ])('%j ends with one line and exit 2, no stack trace', (args) => {
    const full = openSync('/dev/full', 'w');
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', full, 'pipe'], timeout: 60_000 });
    closeSync(full);
    expect(r.status).toBe(2);
    expectOneLineError(r.stderr, /^sudoku-lens: cannot write the output: no space left on device\n$/);
  });
});

describe('endless and unreadable inputs', () => {
  it('stops at a line longer than 1 MiB, naming the file and line: /dev/zero ends with exit 2', () => {
    const r = runCliWith({ timeoutMs: 30_000 }, 'check', '/dev/zero');
    expect(r.status).toBe(2);
    expectOneLineError(r.stderr, /^sudoku-lens: \/dev\/zero:1: a line longer than 1 MiB: no puzzle file has one \(stopped reading\)\n$/);
  });

  it('stops at 16 MiB of lines in which no puzzle ends, naming where they start', () => {
    const comments = `${TOP95}\n${`#${'-'.repeat(999_999)}\n`.repeat(17)}${EASY}\n`;
    const r = runCliWith({ input: comments, timeoutMs: 30_000 }, 'check', '-', '--json');
    expect(r.status).toBe(2);
    expect(r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).line)).toEqual([1]);
    expectOneLineError(r.stderr, /^sudoku-lens: <stdin>:2: no puzzle ends in the 16 MiB from this line \(stopped reading\)\n$/);
  });

  it('writes the rows before the over-long line, then the error', () => {
    const file = join(tmp, 'long-line.sdm');
    writeFileSync(file, `${TOP95}\n${'x'.repeat(1.5 * 2 ** 20)}\n${EASY}\n`);
    const r = run('check', file, '--json');
    expect(r.status).toBe(2);
    expect(r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).line)).toEqual([1]);
    expect(r.stderr).toBe(`sudoku-lens: ${file}:2: a line longer than 1 MiB: no puzzle file has one (stopped reading)\n`);
  });

  it('skips a directory named *.sdm and a dangling symlink inside a DIR with a warning each', () => {
    const dir = join(tmp, 'd');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'a.sdm'), `${TOP95}\n`);
    symlinkSync(join(dir, 'sub'), join(dir, 'b.sdm'));
    symlinkSync(join(tmp, 'nowhere.sdm'), join(dir, 'c.sdm'));
    writeFileSync(join(dir, 'd.sdm'), `${EASY}\n`);
    const r = run('check', dir, '--json');
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).text)).toEqual([TOP95, EASY]);
    expect(r.stderr).toBe(
      `sudoku-lens: ${join(dir, 'b.sdm')}: skipped: a directory, not a file\nsudoku-lens: ${join(dir, 'c.sdm')}: skipped: a symbolic link to a missing file\n`,
    );
  });

  it('names a file given on the command line that cannot be read, in one line (exit 2)', () => {
    symlinkSync(join(tmp, 'missing.sdm'), join(tmp, 'dangling.sdm'));
    const r = run('check', join(tmp, 'dangling.sdm'));
    expect(r.status).toBe(2);
    expectOneLineError(r.stderr, /dangling\.sdm: a symbolic link to a missing file\n$/);
  });
});

describe('stdin and puzzle arguments', () => {
  it("reads '-' as stdin, writing each row as soon as its puzzle is read", async () => {
    const child = spawn(process.execPath, [CLI, 'check', '-', '--json'], { cwd: ROOT });
    let stdout = '';
    const firstRow = new Promise<void>((res) =>
      child.stdout.on('data', (b: Buffer) => {
        stdout += b.toString();
        if (stdout.includes('\n')) res();
      }),
    );
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    child.stdin.write(`${TOP95}\n`);
    await Promise.race([firstRow, exited]);
    expect(child.exitCode).toBeNull(); // stdin is still open: the row did not wait for the end of the input
    child.stdin.end(`${EASY}\n`);
    expect(await exited).toBe(0);
    expect(stdout.trimEnd().split('\n').map((l) => JSON.parse(l))).toMatchObject([
      { file: '<stdin>', line: 1, text: TOP95 },
      { file: '<stdin>', line: 2, text: EASY },
    ]);
  });

  it.each([['check'], ['solve'], ['path'], ['rate'], ['bliss'], ['minimal']])('%s takes a 729-char puzzle line as an argument', (command) => {
    const r = command === 'check' ? run(command, P729, '--json') : run(command, P729);
    expect(r.stderr).not.toMatch(/ENAMETOOLONG|no such file/);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(command === 'rate' ? P729 : command === 'check' ? '"file":"<argument>","line":1' : '<argument>:1');
  });

  it('reads a 729-char line from stdin like a file with that line', () => {
    const viaStdin = runCliWith({ input: `${P729}\n` }, 'solve', '-', '--json');
    const file = join(tmp, 'p729.sdm');
    writeFileSync(file, `${P729}\n`);
    const viaFile = run('solve', file, '--json');
    expect(viaStdin.status).toBe(0);
    expect({ ...JSON.parse(viaStdin.stdout), file: '' }).toEqual({ ...JSON.parse(viaFile.stdout), file: '' });
  });
});

describe('a worker thread that dies', () => {
  it("ends a search with one line naming it, not the pool's dump (exit 2)", () => {
    const preload = ['--require', join(ROOT, 'test', 'fixtures', 'cli', 'crashWorker.cjs')];
    const r = runCliWith({ nodeArgs: preload, env: { SUDOKU_LENS_TEST_CRASH_METHOD: 'clueSearch' } }, 'search17', EASY_SOLUTION);
    expect(r.status).toBe(2);
    expectOneLineError(r.stderr, /^sudoku-lens: the worker thread stopped \(exit code 7\)\n$/);
  });
});

describe('options and --version', () => {
  it('refuses an option the command does not take, naming the command (exit 2), before writing anything', () => {
    const out = join(tmp, 'out.txt');
    const r = run('canon', 'samples/golden-nugget.sdk', '--output', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^sudoku-lens: --output is no option of 'canon'\n/);
    expect(existsSync(out)).toBe(false);
    expect(run('solve', TOP95, '--method', 'w').stderr).toContain("--method is no option of 'solve'");
  });

  // The options each command takes: its --help lists them, one a line, and it accepts no other.
  it.each([
    ['check', ['json', 'budget-nodes', 'variant', 'output', 'resume', 'shard', 'where']],
    ['solve', ['json', 'budget-nodes', 'variant', 'output', 'resume', 'shard']],
    ['rate', ['method', 'json', 'csv', 'format', 'start', 'before', 'after', 'unrated', 'input', 'budget-ms', 'workers', 'threads', 'output', 'resume', 'variant', 'level', 'locked-candidates', 'budget-nodes', 'exclude', 'techs', 'where', 'diamond', 'pearl', 'shard']],
    ['path', ['json', 'budget-nodes', 'variant', 'output', 'resume', 'shard', 'method', 'budget-ms', 'exclude', 'techs']],
    ['bliss', ['level', 'variant', 'locked-candidates', 'json', 'budget-ms', 'budget-nodes', 'output', 'resume', 'shard']],
    ['minimal', ['json', 'budget-ms', 'budget-nodes', 'output', 'resume', 'shard']],
    ['ua', ['max-size', 'json', 'budget-ms', 'budget-nodes', 'output', 'resume', 'shard']],
    ['search-pattern', ['grids', 'json', 'budget-ms', 'budget-nodes', 'output', 'resume', 'shard']],
    ['search17', ['clues', 'json', 'budget-ms', 'budget-nodes', 'output', 'resume', 'shard']],
    ['merge', ['output']],
  ])('prints %s --help: its usage, then its options with one line each (exit 0)', (command, options) => {
    const r = run(command, '--help');
    expect([r.status, r.stderr]).toEqual([0, '']);
    const [usage, synopsis] = r.stdout.split('\n');
    expect(usage).toBe('Usage:');
    expect(synopsis).toMatch(new RegExp(`^  sudoku-lens ${command} `));
    const lines = r.stdout.slice(r.stdout.indexOf('\nOptions:\n') + 10).trimEnd().split('\n');
    const listed = lines.map((line) => /^ {2}(?:-[\w~], )?--([a-z0-9-]+)(?: \S+)? +\S/.exec(line)?.[1]);
    expect(listed).toEqual([...options, 'help']);
    // -h as well, and after the arguments: the help, nothing run.
    expect(run(command, 'samples/golden-nugget.sdk', '-h').stdout).toBe(r.stdout);
  });

  it("prints package.json's version with --version and -V", () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const r = run(flag);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
    // The usage line for --version and --help is no command.
    expect(run().stderr).toContain('; commands: check, solve, rate,');
  });
});

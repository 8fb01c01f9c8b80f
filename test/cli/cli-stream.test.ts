/**
 * Every command as a stage of a pipeline (issue 12): stdin read when no file is named, rows
 * written while the pipe is still open, a line that is no puzzle reported where it is and
 * passed over, a reader that stops early (`| head -1`) ending the run quietly.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../dataPath';
import { CLI, ROOT, cliTestFolder, runCliWith } from '../cli';
import { FORMAT_LETTERS, sectionMarks } from '../../server/src/cli/formatLetters';

const folder = cliTestFolder('sudoku-lens-stream-');

/** magictour's top95: hard puzzles, '.' for empty cells. */
const TOP95 = readFileSync(dataPath('magictour-top95', 'top95.txt'), 'utf8').trimEnd().split('\n');
/** SE's sample: '0' for empty cells. */
const SE_SAMPLE = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8').trimEnd().split('\n');

interface Child {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when stdout holds `n` lines. */
  lines: (n: number) => Promise<void>;
  exited: Promise<number | null>;
}

function start(...args: string[]): Child {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT });
  let out = '';
  let err = '';
  const waiting: { n: number; res: () => void }[] = [];
  const check = (): void => {
    const have = out.split('\n').length - 1;
    for (const w of waiting.filter((w) => have >= w.n)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.res();
    }
  };
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString();
    check();
  });
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  // 'close': every byte of stdout and stderr has been read.
  const exited = new Promise<number | null>((res) => child.on('close', (code) => res(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    lines: (n) =>
      new Promise<void>((res) => {
        waiting.push({ n, res });
        check();
      }),
    exited,
  };
}

describe('a pipe that stays open', () => {
  it.each([
    ['rate', ['--budget-ms', '2000']],
    ['rate', ['--workers', '1', '--budget-ms', '2000']],
    ['minimal', []],
    ['check', ['--json']],
    ['solve', []],
    ['bliss', ['--json']],
  ])('%s %j writes the first row before stdin closes (no file named: stdin is read)', async (command, options) => {
    const c = start(command, ...options);
    c.child.stdin.write(`${TOP95[0]}\n`);
    await Promise.race([c.lines(1), c.exited]);
    expect(c.child.exitCode).toBeNull(); // still running: the row did not wait for the end of the input
    expect(c.stdout()).toContain(command === 'minimal' ? '<stdin>:1' : command === 'bliss' ? '"line":1' : command === 'check' ? TOP95[0] : '');
    c.child.stdin.end(`${TOP95[1]}\n`);
    expect(await c.exited).toBe(0);
    if (command === 'rate') expect(c.stdout().trimEnd().split('\n').map((l) => l.slice(0, 81))).toEqual(TOP95.slice(0, 2));
  });
});

describe('bad input in a stream', () => {
  // Line 3 is one cell short: no puzzle.
  const input = `${SE_SAMPLE[0]}\n# a comment\n${SE_SAMPLE[2].slice(0, 80)}\n${SE_SAMPLE[1]}\n`;
  it.each([
    ['check', ['--json']],
    ['solve', []],
    ['path', []],
    ['rate', []],
    ['minimal', []],
    ['bliss', []],
  ])('%s: a line that is no puzzle gets its located diagnostic, and the stream goes on', (command, options) => {
    const r = runCliWith({ input, timeoutMs: 60_000 }, command, ...options);
    expect(r.status).toBe(1); // an error, reported; no usage error
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const all = `${r.stdout}\n${r.stderr}`;
    expect(all).toMatch(/<stdin>:3:1: (error wrong-length|not checked: Wrong length)|"line":3,.*wrong-length/); // the broken line, located
    // Both puzzles around it are processed.
    const rows = r.stdout.trimEnd().split('\n');
    for (const line of [1, 4]) {
      if (command === 'rate') expect(rows.some((row) => row.startsWith(SE_SAMPLE[line === 1 ? 0 : 1]))).toBe(true);
      else expect(all).toMatch(new RegExp(`<stdin>:${line}\\b|"line":${line}\\b|Puzzle ${line}\\b|^${SE_SAMPLE[line === 1 ? 0 : 1]}`, 'm'));
    }
  });
});

describe('a reader that stops early (| head -1)', () => {
  const input = `${TOP95.join('\n')}\n`;
  it.each([
    ['check', ['--json']],
    ['solve', []],
    ['path', []],
    ['rate', ['--budget-ms', '50']],
    ['rate', ['--budget-ms', '50', '--workers', '1']],
    ['minimal', []],
    ['bliss', []],
  ])('%s %j ends quietly with exit 0', async (command, options) => {
    const c = start(command, ...options);
    c.child.stdin.on('error', () => {}); // the CLI may be gone before all of stdin is written
    c.child.stdin.end(input);
    await c.lines(1);
    c.child.stdout.destroy(); // what head does after its line
    expect(await c.exited).toBe(0);
    expect(c.stderr()).not.toMatch(/EPIPE|^\s+at /m);
  });
});

describe('serate habits on rate', () => {
  const named = SE_SAMPLE.slice(0, 3).map((p, i) => `${p} #${i + 1} from se-sample, ED=1.0/1.0/1.0`);
  const input = `${named.join('\n')}\n`;

  it('%g is the puzzle as written, %v the line verbatim, %i the digits, %n the ordinal, %L the line', () => {
    const r = runCliWith({ input }, 'rate', '-f', '%g|%v|%i|%n|%L', '--threads', '1');
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toEqual(named.map((line, i) => `${SE_SAMPLE[i]}|${line}|${SE_SAMPLE[i]}|${i + 1}|${i + 1}`));
  });

  it('--input FILE and -i read a file as a FILE argument does', () => {
    const file = join(folder(), 'five.txt');
    writeFileSync(file, `${SE_SAMPLE.slice(0, 5).join('\n')}\n`);
    const viaArg = runCliWith({ input: '' }, 'rate', file, '--budget-ms', '200', '-f', '%n %g');
    for (const args of [['--input', file], [`--input=${file}`], ['-i', file]]) {
      const r = runCliWith({ input: '' }, 'rate', ...args, '--budget-ms', '200', '-f', '%n %g', '-t', '2');
      expect(r.stderr).not.toContain('Usage');
      expect(r.stdout).toBe(viaArg.stdout);
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(5);
    }
  });

  it('--unrated says what a missing figure prints: 0.0 by default, - or 20.0 on request; the reason goes to stderr, not the row', () => {
    const multi = '8.........59.......76.........978245...653198...412736...591......836.1....724.8.';
    const rows = (...args: string[]) => runCliWith({}, 'rate', multi, ...args);
    const byDefault = rows();
    expect(byDefault.stdout).toBe(`${multi} ED=0.0/0.0/0.0\n`);
    expect(byDefault.stderr).toMatch(/<argument>:1: SE not rated: /);
    expect(rows('--unrated', '-').stdout).toBe(`${multi} ED=-/-/-\n`);
    expect(rows('--unrated', '20.0').stdout).toBe(`${multi} ED=20.0/20.0/20.0\n`);
    const bad = rows('--unrated', 'none');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--unrated takes 0.0, -, 20.0, not 'none'");
  });

  it('an unknown letter is a usage error listing the valid ones; a letter of serate\'s step rows says where it belongs', () => {
    const unknown = runCliWith({}, 'rate', SE_SAMPLE[0], '--format', '%g %x');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/--format: %x is no format letter; the letters: %r %p %d %R %P %D %S %T %U %e %g .* %k\n/);
    const serate = runCliWith({}, 'rate', SE_SAMPLE[0], '--format', '%M');
    expect(serate.status).toBe(2);
    expect(serate.stderr).toContain('--format: %M is a letter of --start, --before, --after only; the letters: %r %p %d');
  });

  it('--threads is --workers; both at once is a usage error', () => {
    const r = runCliWith({}, 'rate', SE_SAMPLE[0], '--threads', '1', '--workers', '1');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--threads is serate’s name for --workers');
  });
});

describe("README's table of --format letters", () => {
  it('is the code’s table (formatLetters.ts), letter by letter with its sections, and every --format letter prints', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `%(.)` \| (.+) \| ([SBAF](?: [SBAF])*) \| (serate|this tool) \|$/gm)].map((m) => ({ letter: m[1], meaning: m[2], sections: m[3], serate: m[4] === 'serate' }));
    expect(rows).toEqual(FORMAT_LETTERS.map((l) => ({ letter: l.letter, meaning: l.meaning, sections: sectionMarks(l), serate: l.serate })));
    const formatLetters = FORMAT_LETTERS.filter((l) => l.at.format && l.letter !== 'l');
    const template = formatLetters.map((l) => `%${l.letter}`).join('|');
    const r = runCliWith({}, 'rate', SE_SAMPLE[0], '--method', 'all', '--format', template);
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('|')).toHaveLength(formatLetters.length);
  });
});

/**
 * serate's per-puzzle and per-step rows (issue 12): `rate --start/--before/--after` and their
 * letters %h %s %M, in serate's order (start, then before/after per step of SE's path, then the
 * --format row), through the built CLI on SE's sample puzzles.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../dataPath';
import { MULTI, cliTestFolder, runCliWith } from '../cli';
import { SE_TECHS } from '../../server/src/cli/techniqueOption';
import { shortStepName } from '../../server/src/engine/se/techniques';

cliTestFolder('sudoku-lens-serate-steps-');

/** SE's sample: '0' for empty cells. Puzzle 1 is ER 7.2 (74 steps); 8 and 12 rate in milliseconds. */
const SE_SAMPLE = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8').trimEnd().split('\n');
const PUZZLE = SE_SAMPLE[0];

interface JsonStep {
  technique: string;
  difficulty: number;
  placements: { cell: string; digit: number }[];
  eliminations: { cell: string; digit: number }[];
  text: string;
}

const pathSteps = (puzzle: string): JsonStep[] =>
  runCliWith({}, 'path', puzzle, '--json')
    .stdout.trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as JsonStep);

const rows = (stdout: string): string[] => stdout.trimEnd().split('\n');

/** Puzzle 1's grid before its first step, as SukakuExplainer's serate prints %M (run on this puzzle). */
const SERATE_START_PICTURE = `+----------------------+----------------------+----------------------+
| 14567  8      3      | 1456   2      147    | 46     9      4567   |
| 4567   456    457    | 8      567    479    | 1      2357   234567 |
| 14567  2      9      | 3      1567   147    | 46     57     8      |
+----------------------+----------------------+----------------------+
| 1245   345    145    | 1256   9      8      | 7      1235   12345  |
| 124589 7      1458   | 125    15     123    | 2348   6      123459 |
| 12589  359    6      | 7      4      123    | 238    1235   12359  |
+----------------------+----------------------+----------------------+
| 3      45     457    | 124    17     6      | 9      8      127    |
| 46789  469    2      | 149    178    5      | 36     137    1367   |
| 6789   1      78     | 29     3      279    | 5      4      267    |
+----------------------+----------------------+----------------------+`;

describe('rate --start/--before/--after', () => {
  it('prints, per puzzle in input order, its start row, a before and an after row per step, then its format row; the same with worker threads', () => {
    const puzzles = [SE_SAMPLE[7], SE_SAMPLE[11], SE_SAMPLE[6]];
    const stepCounts = rows(runCliWith({ input: `${puzzles.join('\n')}\n` }, 'rate', '-t', '1', '-f', '%c').stdout).map(Number);
    const expected: string[] = [];
    stepCounts.forEach((n, k) => {
      expected.push(`S${k + 1}`);
      for (let i = 0; i < n; i++) expected.push('B', `A${k + 1}`);
      expected.push(`F${k + 1}`);
    });
    const args = ['rate', '-', '-s', 'S%n', '-b', 'B', '-a', 'A%n', '-f', 'F%n'];
    const one = runCliWith({ input: `${puzzles.join('\n')}\n` }, ...args, '-t', '1');
    expect(one.status).toBe(0);
    expect(rows(one.stdout)).toEqual(expected);
    const threads = runCliWith({ input: `${puzzles.join('\n')}\n` }, ...args, '--threads', '2');
    expect(threads.stdout).toBe(one.stdout);
  });

  it("in --after, %r is the step's difficulty, %R %S the first hardest step so far, %h and %s the step as path prints it", () => {
    const steps = pathSteps(PUZZLE);
    const r = runCliWith({}, 'rate', PUZZLE, '-t', '1', '--after', '%r|%R|%S|%h|%s|%e', '--format', '');
    expect(r.status).toBe(0);
    let hardest = steps[0];
    const expected = steps.map((s) => {
      if (s.difficulty > hardest.difficulty) hardest = s;
      return `${s.difficulty.toFixed(1)}|${hardest.technique}|${shortStepName(hardest.technique)}|${s.text}|${s.text}|`;
    });
    const got = rows(r.stdout);
    expect(got.map((row) => row.replace(/\d+\.\d\ds$/, ''))).toEqual(expected);
    expect(got.every((row) => /\|\d+\.\d\ds$/.test(row))).toBe(true);
    expect(got.at(-1)).toMatch(/^1\.\d\|Forcing Chain\|FC\|Hidden Single: /);
  });

  it('%i and %m are the grid at each point: the start, before each step the grid after the one before, the solution at the end', () => {
    const steps = pathSteps(PUZZLE);
    const r = runCliWith({}, 'rate', PUZZLE, '-t', '1', '--start', 'S %i %m', '--before', 'B %i %m', '--after', 'A %i %m', '--format', 'F %i %m');
    expect(r.status).toBe(0);
    const out = rows(r.stdout);
    expect(out).toHaveLength(2 * steps.length + 2);
    const [start, format] = [out[0].split(' '), out.at(-1)!.split(' ')];
    // As serate's code writes a grid's placed digits: '.' for an empty cell; --format's %i is the puzzle with 0.
    expect(start[1]).toBe(PUZZLE.replace(/0/g, '.'));
    expect(format[1]).toBe(PUZZLE);
    expect(start[2]).toBe(format[2]);
    let grid = start;
    steps.forEach((step, k) => {
      const [before, after] = [out[1 + 2 * k].split(' '), out[2 + 2 * k].split(' ')];
      expect([before[0], after[0]]).toEqual(['B', 'A']);
      expect(before.slice(1)).toEqual(grid.slice(1));
      const placed = [...after[1]].flatMap((d, c) => (d !== before[1][c] ? [`r${Math.floor(c / 9) + 1}c${(c % 9) + 1}=${d}`] : []));
      expect(placed).toEqual(step.placements.map((p) => `${p.cell}=${p.digit}`));
      for (const e of step.eliminations) {
        const [row, col] = e.cell.slice(1).split('c').map(Number);
        const at = 9 * (9 * (row - 1) + col - 1) + e.digit - 1;
        expect([before[2][at], after[2][at]]).toEqual([String(e.digit), '.']);
      }
      grid = after;
    });
    expect(grid[1]).toMatch(/^[1-9]{81}$/);
  });

  it("%M is SukakuExplainer's framed picture of the candidates; once no cell has two it prints nothing, and an empty row no line", () => {
    const start = runCliWith({}, 'rate', PUZZLE, '-t', '1', '--start', '%M', '--format', '');
    expect(start.status).toBe(0);
    expect(start.stdout).toBe(`${SERATE_START_PICTURE}\n`);
    const after = runCliWith({}, 'rate', PUZZLE, '-t', '1', '--after', '%M', '--format', '');
    const pictures = rows(after.stdout);
    expect(pictures.length % 13).toBe(0);
    // 74 steps, the last ones leaving no cell of two candidates: their rows are empty and print nothing.
    expect(pictures.length / 13).toBeLessThan(pathSteps(PUZZLE).length);
    const marked = runCliWith({}, 'rate', PUZZLE, '-t', '1', '--after', '%M%l--', '--format', '');
    // Each row: the picture, %l, '--'; the last steps' pictures are empty, their rows a line break and '--'.
    expect(marked.stdout).toContain('-+\n--\n\n--\n');
    expect(marked.stdout.endsWith('\n\n--\n')).toBe(true);
  });

  it("a puzzle SE's techniques cannot finish ends with a --before row for the search that found nothing; one without a path has start and format rows", () => {
    const noChains = SE_TECHS.map((t) => (/Forcing Chain/.test(t.name) ? '0' : '1')).join('');
    const stuck = runCliWith({}, 'rate', SE_SAMPLE[3], '-t', '1', '--techs', noChains, '-b', 'B', '-a', 'A', '-f', 'F %r');
    expect(stuck.status).toBe(0);
    const out = rows(stuck.stdout);
    expect(out.filter((l) => l === 'B').length).toBe(out.filter((l) => l === 'A').length + 1);
    expect(out.slice(-2)).toEqual(['B', 'F 20.0']);
    const multi = runCliWith({}, 'rate', MULTI, '-t', '1', '-s', 'S %n', '-b', 'B', '-a', 'A', '-f', 'F %r');
    expect(multi.stdout).toBe('S 1\nF 0.0\n');
  });

  it('a letter unknown or outside its section is a usage error naming it and listing the letters of the section', () => {
    const cases: [string[], string][] = [
      [['--after', '%x'], '--after: %x is no format letter; the letters: %r %R %S %e %h %s %g %i %m %M %n %l %t %% %v %F %L'],
      [['--start', '%h'], '--start: %h is a letter of --after only; the letters: %g %i %m %M %n %l %t %% %v %F %L'],
      [['-b', '%n'], '--before: %n is a letter of --start, --after, --format only; the letters: %g %i %m %M %l %t %% %v %F %L'],
      [['--format', '%M'], '--format: %M is a letter of --start, --before, --after only'],
      [['--before', 'ends with %'], "--before ends with a lone '%'"],
    ];
    for (const [options, message] of cases) {
      const r = runCliWith({}, 'rate', PUZZLE, ...options);
      expect(r.status, options.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    }
  });

  it("rate --help lists serate's short options and each section's letters", () => {
    const help = runCliWith({}, 'rate', '--help').stdout;
    expect(help).toMatch(/^ {2}-s, --start F +/m);
    expect(help).toMatch(/^ {2}-b, --before F +/m);
    expect(help).toMatch(/^ {2}-a, --after F +/m);
    expect(help).toContain('--after %r %R %S %e %h %s %g %i %m %M %n %l %t %% %v %F %L');
  });

  it('are text rows of SE: a usage error with --json, --csv, a filter, or --before/--after without SE; --start goes with any method', () => {
    const cases: [string[], string][] = [
      [['--start', '%n', '--json'], '--start adds text rows: it does not go with --json'],
      [['--after', '%s', '--csv'], '--after adds text rows: it does not go with --csv'],
      [['--after', '%s', '--method', 'bliss'], "--after prints SE's steps: it needs --method se or all"],
      [['--before', '%i', '--where', 'er>=7'], 'they take no --before'],
    ];
    for (const [options, message] of cases) {
      const r = runCliWith({}, 'rate', PUZZLE, ...options);
      expect(r.status, options.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
    const bliss = runCliWith({}, 'rate', PUZZLE, '--method', 'bliss', '--start', 'S %n');
    expect(bliss.status).toBe(0);
    expect(rows(bliss.stdout)).toEqual(['S 1', `${PUZZLE} BLISS=1`]);
  });
});

/**
 * `rate --where`, `--diamond`, `--pearl` and `check --where` through the built CLI, on real data:
 * the kept puzzles are those the full ratings say, printed as given, and filters chain through pipes.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, cliTestFolder, runCli } from '../cli';
import { dataPath } from '../dataPath';

const folder = cliTestFolder('sudoku-lens-filter-');

/** The first `n` puzzle lines of the SE sample (digits, 0 for an empty cell: printed back as they are). */
function sampleFile(n: number): { file: string; lines: string[] } {
  const lines = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8')
    .split('\n')
    .filter((l) => /^\d{81}$/.test(l))
    .slice(0, n);
  const file = join(folder(), `sample${n}.txt`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, lines };
}

interface SeRow {
  line: number;
  se: { er: number; ep: number; ed: number; hardest: string } | null;
}

const rows = (file: string): SeRow[] =>
  runCli('rate', file, '--json')
    .stdout.trim()
    .split('\n')
    .map((l) => JSON.parse(l) as SeRow);

const out = (stdout: string): string[] => stdout.split('\n').filter((l) => l !== '');

/** 40 puzzles of the SE sample and their complete ratings, made once for the tests that compare with them. */
let sample: { file: string; lines: string[]; full: SeRow[] } | null = null;
function rated(): { file: string; lines: string[]; full: SeRow[] } {
  if (!sample) {
    const { file, lines } = sampleFile(40);
    sample = { file, lines, full: rows(file) };
  }
  return sample;
}

describe('rate --where', () => {
  it('keeps the puzzles whose full rating satisfies the expression, their lines as given', { timeout: 180_000 }, () => {
    const { file, lines, full } = rated();
    const expected = full.filter((r) => r.se && r.se.er <= 7.1 && r.se.ed >= 1.2).map((r) => lines[r.line - 1]);
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.length).toBeLessThan(35);
    const r = runCli('rate', file, '--where', 'er<=7.1 and ed>=1.2');
    expect(r.status).toBe(0);
    expect(out(r.stdout)).toEqual(expected);
    expect(r.stderr).toMatch(new RegExp(`40 puzzles, ${expected.length} kept \\(\\d+ ratings stopped early\\), 0 with errors`));
  });

  it("settles a lower bound on ER early: er>=9 stops most ratings well before their end", { timeout: 180_000 }, () => {
    const { file, lines, full } = rated();
    const expected = full.filter((r) => r.se && r.se.er >= 9).map((r) => lines[r.line - 1]);
    const r = runCli('rate', file, '--where', 'er>=9');
    expect(r.status).toBe(0);
    expect(out(r.stdout)).toEqual(expected);
    // The path's ceiling proves most of them below 9 long before their last step (the old build
    // stopped only the ratings that reached 9).
    const stopped = Number(/\((\d+) ratings stopped early\)/.exec(r.stderr)?.[1]);
    expect(stopped).toBeGreaterThanOrEqual(30);
  });

  it('chains through pipes: cat | rate - --format | rate - --where | rate - --where', { timeout: 180_000 }, () => {
    const { file, full } = rated();
    const counts = new Map<string, number>();
    for (const r of full) if (r.se && r.se.er >= 7.2) counts.set(r.se.hardest, (counts.get(r.se.hardest) ?? 0) + 1);
    const [hardest] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    const sh = (cmd: string) => spawnSync('sh', ['-c', cmd], { encoding: 'utf8', timeout: 170_000 });
    const node = `'${process.execPath}' '${CLI}'`;
    const formatted = sh(`cat '${file}' | ${node} rate - --format '%g ED=%r/%p/%d'`);
    const chained = sh(`cat '${file}' | ${node} rate - --format '%g ED=%r/%p/%d' | ${node} rate - --where 'er>=7.2' | ${node} rate - --where 'hardest("${hardest}")'`);
    expect(chained.status).toBe(0);
    // The rows of the first stage come through untouched, ED= and all, where both filters hold.
    const expected = out(formatted.stdout).filter((_, i) => full[i].se && full[i].se.er >= 7.2 && full[i].se.hardest === hardest);
    expect(expected.length).toBeGreaterThan(0);
    expect(out(chained.stdout)).toEqual(expected);
    expect(out(chained.stdout).every((l) => /ED=(7\.[2-9]|[89]\.\d)\//.test(l))).toBe(true);
  });

  it('takes the first words of step names, as the forum shortens them, for all the steps they begin', { timeout: 180_000 }, () => {
    const { file, lines, full } = rated();
    const forcing = full.filter((r) => r.se && /^Forcing (X-|Y-)?Chain$/.test(r.se.hardest)).map((r) => lines[r.line - 1]);
    expect(forcing.length).toBeGreaterThan(1);
    const short = runCli('rate', file, '--where', 'hardest("forcing")');
    expect(short.status).toBe(0);
    expect(out(short.stdout)).toEqual(forcing);
    const nishio = runCli('rate', file, '--where', 'uses("Nishio")');
    expect(nishio.status).toBe(0);
    expect(out(nishio.stdout)).toEqual(out(runCli('rate', file, '--where', 'uses("Nishio Forcing Chains")').stdout));
  });

  it('keeps diamonds (ER = EP = ED) and pearls (ER = EP) as serate defines them', { timeout: 120_000 }, () => {
    const file = dataPath('rust-sudoku-bench', 'easy_sudokus.txt');
    const lines = readFileSync(file, 'utf8').split('\n');
    const full = rows(file);
    const diamonds = full.filter((r) => r.se && r.se.er === r.se.ed).map((r) => lines[r.line - 1]);
    const pearls = full.filter((r) => r.se && r.se.er === r.se.ep).map((r) => lines[r.line - 1]);
    expect(diamonds.length).toBeGreaterThan(0);
    expect(diamonds.length).toBeLessThan(full.length);
    expect(out(runCli('rate', file, '--diamond').stdout)).toEqual(diamonds);
    expect(out(runCli('rate', file, '--pearl').stdout)).toEqual(pearls);
    // Combined with --where: both must hold.
    expect(out(runCli('rate', file, '--diamond', '--where', 'clues>=36').stdout)).toEqual(
      diamonds.filter((l) => [...l.slice(0, 81)].filter((c) => /[1-9]/.test(c)).length >= 36),
    );
  });

  it('rates with the techniques --exclude leaves, as rate does without a filter', { timeout: 180_000 }, () => {
    const { file, lines } = sampleFile(4);
    // A budget no rating here comes near, so that none is cut short.
    const exclude = ['--exclude', 'Forcing Chains & Cycles', '--budget-ms', '120000'];
    const reduced = runCli('rate', file, '--json', ...exclude)
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SeRow);
    // Without the forcing chains more of these reach 8 (Multiple Forcing Chains) than with them.
    const expected = reduced.filter((r) => r.se && r.se.er >= 8).map((r) => lines[r.line - 1]);
    const withAll = rated().full.filter((r) => r.line <= 4 && r.se && r.se.er >= 8).map((r) => lines[r.line - 1]);
    expect(expected.length).toBeGreaterThan(withAll.length);
    const r = runCli('rate', file, '--where', 'er>=8', ...exclude);
    expect(r.status).toBe(0);
    expect(out(r.stdout)).toEqual(expected);
  });

  it('refuses an --output that is its input, leaving the input as it was (exit 2)', () => {
    const { file } = sampleFile(2);
    const before = readFileSync(file, 'utf8');
    for (const command of ['rate', 'check']) {
      const r = runCli(command, '--where', 'clues>=1', file, '--output', file);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('would destroy it');
      expect(readFileSync(file, 'utf8')).toBe(before);
    }
  });

  it('refuses a bad expression with the column of the fault, and row options (exit 2)', () => {
    const bad = runCli('rate', '--where', 'er>=', dataPath('rust-sudoku-bench', 'easy_sudokus.txt'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--where: at column 5: expected a number or a field after '>=', not the end");
    const tech = runCli('rate', '--where', 'uses("Nishi")', dataPath('rust-sudoku-bench', 'easy_sudokus.txt'));
    expect(tech.status).toBe(2);
    expect(tech.stderr).toMatch(/unknown technique 'Nishi'; SE's techniques, as its path names them \(or their first words\): .*Nishio Forcing Chains/);
    const json = runCli('rate', '--where', 'er>=2', '--json', dataPath('rust-sudoku-bench', 'easy_sudokus.txt'));
    expect(json.status).toBe(2);
    expect(json.stderr).toContain('they take no --json');
    expect(json.stdout).toBe('');
  });
});

describe('check --where', () => {
  it('filters on clues and solutions without rating, printing lines as given (trailing fields too)', () => {
    const file = dataPath('forum-hardest-110626', 'HardestDatabase110626.txt');
    const lines = readFileSync(file, 'utf8').split('\n');
    const base = runCli('check', file, '--json')
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; givens: number; solutions: number });
    const expected = base.filter((r) => r.givens <= 21 && r.solutions === 1).map((r) => lines[r.line - 1]);
    expect(expected.length).toBeGreaterThan(0);
    const r = runCli('check', file, '--where', 'clues<=21 and solutions==1');
    expect(r.status).toBe(0);
    expect(out(r.stdout)).toEqual(expected);
    expect(out(r.stdout)[0]).toMatch(/^[.1-9]{81},HardestSudokusThread/);
  });

  it('leaves out what a figure cannot be had for: SE on a puzzle with two solutions', () => {
    const file = join(folder(), 'multi.txt');
    // Two solutions, then one solution with one clue less than the first.
    writeFileSync(file, '8.........59.......76.........978245...653198...412736...591......836.1....724.8.\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n');
    const r = runCli('check', file, '--where', 'er>=0 or not er>=0');
    expect(out(r.stdout)).toEqual(['..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..']);
  });
});

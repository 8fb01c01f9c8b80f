/**
 * `sudoku-lens stats` (server/src/cli/statsCommand.ts) through the built CLI, on puzzles of the
 * Sudoku Exchange bank's diabolical set with a few broken ones mixed in; its figures are checked
 * against the same puzzles' `rate --json` rows and `path --json` steps, aggregated here.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, MULTI, NO_SOLUTION, ROOT, cliTestFolder, runCli, runCliWith } from '../cli';
import { dataPath } from '../dataPath';

const folder = cliTestFolder('sudoku-lens-stats-');

const diabolical = (n: number): string[] =>
  readFileSync(dataPath('sudoku-exchange-puzzle-bank', 'diabolical.txt'), 'utf8')
    .split('\n')
    .slice(0, n)
    .map((l) => l.trim().split(/\s+/)[1].replace(/0/g, '.'));

const BROKEN = `${'1'.repeat(40)}x${'.'.repeat(40)}`;
const PUZZLES = [...diabolical(20), MULTI, NO_SOLUTION, BROKEN];

function collection(name: string, lines: string[]): string {
  const file = join(folder(), name);
  writeFileSync(file, `# a collection\n${lines.join('\n')}\n`);
  return file;
}

/** A histogram as the JSON prints it: [{value, puzzles}] ascending, from a list of values. */
function bins(values: (string | number)[]): { value: string; puzzles: number }[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  return [...counts].map(([value, puzzles]) => ({ value, puzzles })).sort((a, b) => Number(a.value) - Number(b.value));
}

describe('cli stats', () => {
  it('counts what rate and path say of each puzzle', () => {
    const file = collection('mixed.sdm', PUZZLES);
    const r = runCli('stats', '--json', file);
    expect(r.stderr).not.toContain('rating failed');
    // The broken line (line 24 of the file: the header, 20 puzzles, two others before it) is located on stderr.
    expect(r.stderr).toMatch(/mixed\.sdm:24:\d+: error [a-z-]+: /);
    expect(r.status).toBe(0);
    const stats = JSON.parse(r.stdout);

    const rows = runCli('rate', '--json', file)
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const rated = rows.filter((row) => row.se);
    const fmt = (x: number) => x.toFixed(1);
    expect(stats.puzzles).toBe(rows.length);
    expect(stats.outcomes).toMatchObject({ rated: rated.length, 'multiple-solutions': 1, 'no-solution': 1, unreadable: 1, stuck: 0 });
    expect(stats.histograms.er).toEqual(bins(rated.map((row) => fmt(row.se.er))));
    expect(stats.histograms.ep).toEqual(bins(rated.map((row) => fmt(row.se.ep))));
    expect(stats.histograms.ed).toEqual(bins(rated.map((row) => fmt(row.se.ed))));
    expect(stats.histograms.clues).toEqual(bins(rows.filter((row) => row.givens !== null).map((row) => row.givens)));

    // Per technique: puzzles using it and its steps from each path, the hardest from rate's rows.
    const uses = new Map<string, { puzzles: number; steps: number }>();
    for (const row of rated) {
      const steps = runCli('path', '--json', row.text)
        .stdout.trim()
        .split('\n')
        .map((l) => JSON.parse(l).technique as string);
      for (const t of new Set(steps)) {
        const u = uses.get(t) ?? { puzzles: 0, steps: 0 };
        uses.set(t, { puzzles: u.puzzles + 1, steps: u.steps + steps.filter((s) => s === t).length });
      }
    }
    const expected = [...uses].map(([technique, u]) => ({ technique, ...u, hardest: rated.filter((row) => row.se.hardest === technique).length }));
    const byName = (a: { technique: string }, b: { technique: string }) => a.technique.localeCompare(b.technique);
    expect([...stats.techniques].sort(byName)).toEqual(expected.sort(byName));
    expect(stats.techniques.map((t: { puzzles: number }) => t.puzzles)).toEqual([...stats.techniques.map((t: { puzzles: number }) => t.puzzles)].sort((a, b) => b - a));
  }, 180_000);

  it('reads stdin, and gives W with --method all as rate does', () => {
    const puzzles = diabolical(4);
    const r = runCliWith({ input: `${puzzles.join('\n')}\n` }, 'stats', '--json', '--method', 'all', '-');
    const stats = JSON.parse(r.stdout);
    const ws = runCliWith({ input: `${puzzles.join('\n')}\n` }, 'rate', '--json', '--method', 'w', '-')
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l).w.rating);
    expect(stats.methods).toEqual({ se: true, w: true });
    expect(stats.histograms.w).toEqual(bins(ws.filter((w) => w !== null)));
    expect(stats.wWithout).toBe(ws.filter((w) => w === null).length);
    expect(stats.outcomes.rated).toBe(4);
  }, 120_000);

  it('prints one CSV table with the documented columns, and aligned text', () => {
    const file = collection('csv.sdm', [...diabolical(3), MULTI]);
    const csv = runCli('stats', '--csv', file).stdout.trim().split('\n');
    expect(csv[0]).toBe('kind,value,puzzles,hardest,steps');
    expect(csv).toContain('total,,4,,');
    expect(csv).toContain('outcome,rated,3,,');
    expect(csv).toContain('outcome,multiple-solutions,1,,');
    expect(csv.filter((l) => l.startsWith('technique,Hidden Single,3,'))).toHaveLength(1);
    expect(new Set(csv.slice(1).map((l) => l.split(',')[0]))).toEqual(new Set(['total', 'outcome', 'technique', 'er', 'ep', 'ed', 'clues']));

    const text = runCli('stats', file).stdout;
    expect(text).toMatch(/^4 puzzles\n {2}rated by SE +3\n {2}several solutions +1\n/);
    const header = text.split('\n').find((l) => l.startsWith('technique'));
    expect(header).toMatch(/^technique +puzzles {2}hardest {2}steps$/);
    expect(text).toMatch(/\nER +puzzles\n\d+\.\d +\d+ {2}#+\n/);
  }, 60_000);

  it('refuses bad usage with exit 2', () => {
    // With no file named, stats reads stdin (a pipe here): no usage error, an empty collection.
    expect(runCliWith({ input: '' }, 'stats', '--json').status).toBe(0);
    const r = runCli('stats', '--method', 'bliss', '-');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--method takes se, w or all, not 'bliss'");
    expect(runCli('stats', '--json', '--csv', '-').status).toBe(2);
    expect(runCli('stats', '--output', 'x', '-').stderr).toContain("--output is no option of 'stats'");
  });

  it('prints the statistics so far on Ctrl-C, with a note on stderr', async () => {
    const file = collection('long.sdm', diabolical(2000));
    const child = spawn(process.execPath, [CLI, 'stats', '--json', '--workers', '1', file], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    // Its first progress line (after ~5 s, stderr being no terminal) says it is rating: then Ctrl-C.
    child.stderr.on('data', (d: Buffer) => {
      if (!stderr) child.kill('SIGINT');
      stderr += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(130);
    // The count is written as the progress line writes it, with thousands separators (1,010).
    const note = /interrupted: the statistics of the ([\d,]+) puzzles? rated so far/.exec(stderr);
    expect(note, stderr).not.toBeNull();
    const stats = JSON.parse(stdout);
    expect(Number(note![1].replace(/,/g, ''))).toBe(stats.puzzles);
    expect(stats.puzzles).toBeGreaterThan(0);
    expect(stats.puzzles).toBeLessThan(2000);
    expect(stats.outcomes.rated).toBe(stats.puzzles);
  }, 60_000);
});

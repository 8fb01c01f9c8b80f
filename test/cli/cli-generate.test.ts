/**
 * `sudoku-lens generate` through the built CLI: every puzzle of a run checked here on its own
 * (clue symmetry from the coordinates, clue bounds, one solution by the exact solver, the
 * --where condition by a separate `rate` run), the same puzzles with any --workers and from
 * merged shards, an impossible request ending at its limit, usage errors, Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { solveString } from '../../server/src/engine/core/solve';
import { CLI, ROOT, cliTestFolder, runCli, runCliWith } from '../cli';

const folder = cliTestFolder('sudoku-lens-generate-');
const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');
const clues = (p: string): number => [...p].filter((ch) => ch !== '.').length;
/** Central symmetry from the coordinates: r,c is a clue exactly when 8-r,8-c is. */
const central = (p: string): boolean => [...p].every((ch, cell) => (ch === '.') === (p[80 - cell] === '.'));
const minimal = (p: string): boolean => [...p].every((ch, cell) => ch === '.' || solveString(`${p.slice(0, cell)}.${p.slice(cell + 1)}`).count === 2);

describe('generate', () => {
  it('prints puzzles with the symmetry and clue bounds asked, each unique', () => {
    const r = runCli('generate', '--count', '12', '--seed', '11', '--symmetry', 'central', '--clues', '24-30', '--workers', '2');
    expect(r.status, r.stderr).toBe(0);
    const puzzles = lines(r.stdout);
    expect(puzzles).toHaveLength(12);
    for (const p of puzzles) {
      expect(p).toMatch(/^[1-9.]{81}$/);
      expect(central(p), p).toBe(true);
      expect(clues(p)).toBeGreaterThanOrEqual(24);
      expect(clues(p)).toBeLessThanOrEqual(30);
      expect(solveString(p).count, p).toBe(1);
    }
    expect(r.stderr).toMatch(/12 puzzles in/);
  });

  it('refuses an --output that is the --from-grid file, leaving it as it was (exit 2)', () => {
    const grids = join(folder(), 'grids.txt');
    const text = '534678912672195348198342567859761423426853791713924856961537284287419635345286179\n';
    writeFileSync(grids, text);
    const r = runCli('generate', '-n', '1', '--seed', '3', '--from-grid', grids, '--output', grids);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/grids\.txt/);
    expect(readFileSync(grids, 'utf8')).toBe(text);
  });

  it('makes minimal puzzles by default', () => {
    const r = runCli('generate', '-n', '5', '--seed', 'minimal', '--workers', '1');
    expect(r.status, r.stderr).toBe(0);
    for (const p of lines(r.stdout)) expect(minimal(p), p).toBe(true);
  });

  it('makes the same puzzles with one worker, two, and in two shards merged', () => {
    const run = (...more: string[]) => runCli('generate', '-n', '9', '--seed', '42', ...more);
    const one = run('--workers', '1');
    expect(one.status, one.stderr).toBe(0);
    expect(run('--workers', '2').stdout).toBe(one.stdout);
    const out = join(folder(), 'part-{shard}.txt');
    for (const i of [0, 1]) expect(run('--shard', `${i}/2`, '--output', out, '--workers', '1').status).toBe(0);
    const merged = runCli('merge', join(folder(), 'part-0.txt'), join(folder(), 'part-1.txt'));
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(one.stdout);
    expect(lines(runCli('generate', '-n', '9', '--seed', '43').stdout)).not.toEqual(lines(one.stdout));
  });

  it('keeps only puzzles passing --where, with their ratings as trailing text equal to rate’s', () => {
    const r = runCli('generate', '-n', '4', '--seed', '5', '--where', 'er>=4 and er<=7.5', '--format', '%g ED=%r/%p/%d', '--workers', '2');
    expect(r.status, r.stderr).toBe(0);
    const rows = lines(r.stdout);
    expect(rows).toHaveLength(4);
    const rated = runCliWith({ input: rows.map((row) => row.slice(0, 81)).join('\n') }, 'rate', '--workers', '1');
    expect(lines(rated.stdout)).toEqual(rows);
    for (const row of rows) {
      const er = Number(/ED=([\d.]+)\//.exec(row)?.[1]);
      expect(er).toBeGreaterThanOrEqual(4);
      expect(er).toBeLessThanOrEqual(7.5);
    }
  });

  it('ends an impossible request at its time limit, saying so, exit 1', () => {
    const r = runCli('generate', '-n', '2', '--seed', '1', '--symmetry', 'dihedral', '--clues', '17', '--time-limit', '2s', '--workers', '1');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/the time limit \(2s\) ran out: 0 of 2 puzzles found/);
  });

  it('prints SudokuX puzzles under a variant line', () => {
    const r = runCli('generate', '-n', '2', '--seed', '3', '--variant', 'X', '--workers', '1');
    expect(r.status, r.stderr).toBe(0);
    const [head, ...puzzles] = lines(r.stdout);
    expect(head).toBe('#! variant: X');
    expect(puzzles).toHaveLength(2);
    // Unique as X, not as classic Sudoku: the diagonals do part of the work.
    for (const p of puzzles) expect(solveString(p).count).toBe(2);
  });

  it.each([
    [['--no-minimal', '--strict-minimal'], /--no-minimal and --strict-minimal contradict each other/],
    [['--pattern', 'x'.repeat(30) + '.'.repeat(51), '--symmetry', 'central'], /--pattern fixes the clue cells: it takes no --symmetry/],
    [['--clues', '30-20'], /--clues takes MIN-MAX/],
    [['--symmetry', 'spiral'], /--symmetry takes none, central, diagonal, anti-diagonal, mirror, rot90, dihedral, not 'spiral'/],
    [['--variant', 'X', '--where', 'er>=7'], /--where reads SE figures, which rate classic Sudoku only: not with --variant X/],
    [['--time-limit', 'soon'], /--time-limit takes a positive duration/],
    [['--method', 'bottom-up'], /--method takes top-down, controlled-bias, not 'bottom-up'/],
    [['--format', '%Z'], /--format: %Z is no format letter/],
  ])('refuses %j as a usage error (exit 2)', (args, message) => {
    const r = runCli('generate', ...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('stops at Ctrl-C with exit 130, saying what it made', async () => {
    const child = spawn(process.execPath, [CLI, 'generate', '-n', '4', '--where', 'er>=11.5', '--workers', '2'], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // The seed line comes once the run has started (no --seed given).
    await once(child.stderr, 'data');
    child.kill('SIGINT');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted: 0 puzzles in/);
  });
});

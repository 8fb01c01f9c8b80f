/**
 * `rate` and `path` of the built CLI, against Sudoku Explainer ratings published for Royle's
 * 17-clue puzzles (../shared/data/berthier-ratings, SER column).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MULTI, buildIfMissing, cliRunner } from '../cli';

// SER 4.2 (an XY-Wing is the hardest step) and SER 3.4, from royle17-49151-W-SER.tsv.
const SER_42 = '.......173...8...............71....6....4.3...85......2.....84..1.7........5.....';
const SER_34 = '.......26....8..4....5.....1..6..7..3......8.....2.......7.31...42............5..';

const run = cliRunner(60_000);

beforeAll(buildIfMissing, 120_000);

describe('cli rate', () => {
  it('prints serate-style lines with the published ER', () => {
    const r = run('rate', SER_42);
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith(`${SER_42} `)).toBe(true);
    expect(r.stdout).toMatch(/ ED=4\.2\/\d+\.\d\/\d+\.\d\n$/);
  });

  it('adds an "se" object to the JSON row', () => {
    const r = run('rate', '--method', 'se', '--json', SER_34);
    const row = JSON.parse(r.stdout);
    expect(row.se.er).toBe(3.4);
    expect(row.se.ep).toBeLessThanOrEqual(row.se.er);
    expect(row.se.ed).toBeLessThanOrEqual(row.se.ep);
    expect(row.se.steps).toBeGreaterThan(40);
    expect(typeof row.se.hardest).toBe('string');
    expect(row.solution).toHaveLength(81);
  });

  it('gives "se": null with the reason for a puzzle without a unique solution', () => {
    const row = JSON.parse(run('rate', '--json', MULTI).stdout);
    expect(row.se).toBeNull();
    expect(row.seReason).toBe('at least 2 solutions');
  });

  it('follows --format', () => {
    const r = run('rate', '--format', '%L|%r|%R|%c|%%', SER_42);
    const [line, er, hardest, steps, percent] = r.stdout.trim().split('|');
    expect([line, er, percent]).toEqual(['1', '4.2', '%']);
    expect(hardest).toMatch(/Wing/);
    expect(Number(steps)).toBeGreaterThan(40);
  });

  it('reports a budget it cannot meet instead of running on', () => {
    const r = run('rate', '--budget-ms', '1', '.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....');
    // The row keeps to numbers (serate's 0.0 for no rating); why goes to stderr.
    expect(r.stdout).toMatch(/ ED=0\.0\/0\.0\/0\.0\n$/);
    expect(r.stderr).toMatch(/^<argument>:1: rating exceeded its budget/m);
  });

  it('rejects an unknown method and a bad budget', () => {
    expect(run('rate', '--method', 'frob', SER_42).status).toBe(2);
    expect(run('rate', '--budget-ms', 'soon', SER_42).stderr).toContain("--budget-ms takes a positive whole number, not 'soon'");
  });
});

describe('cli path', () => {
  it('prints one JSON object per step with the documented fields', () => {
    const r = run('path', '--json', SER_42);
    const steps = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(steps.length).toBeGreaterThan(40);
    for (const s of steps) {
      expect(Object.keys(s).sort()).toEqual(['difficulty', 'eliminations', 'placements', 'technique', 'text']);
      for (const c of [...s.placements, ...s.eliminations]) expect(c).toMatchObject({ cell: expect.stringMatching(/^r[1-9]c[1-9]$/), digit: expect.any(Number) });
    }
    expect(Math.max(...steps.map((s) => s.difficulty))).toBe(4.2);
  });

  it('prints the path as numbered lines', () => {
    const r = run('path', SER_42);
    expect(r.stdout).toMatch(/^<argument>:1: ED=4\.2\//);
    expect(r.stdout).toMatch(/\n {2}1\. \d\.\d {2}\S/);
  });
});

/**
 * Berthier's ratings in the built CLI: `rate --method w` (W alone) and `--method wall` (the whole
 * family: JSON, CSV, text, --format, reasons for missing figures, budget, bad input, workers and
 * --resume) and `path --method w` (SudoRules lines, JSON steps).
 * Every chain the CLI prints passes the independent checker (../whipChecker.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { MULTI, NO_SOLUTION, buildIfMissing, runCli as run } from '../cli';
import { dataPath } from '../dataPath';
import { checkPrintedChains, isChainText } from '../whipChecker';

/** Published W4 (its SudoRules path is in ../shared/data/berthier-ratings/paths). */
const W4 = '....5..8.45...9...6.9....1.2.......834...1.7...172...4...9......6...4....1.86..27';
/** Easter Monster: T&E(2), so no whip, g-whip or braid applies at all (PBCS 11.5.3: backdoor size 3). */
const EM = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
/** Published W0 to W3 puzzles of Royle's 17-clue list. */
const royle = readFileSync(dataPath('berthier-ratings', 'royle17-49151-W-SER.tsv'), 'utf8')
  .split('\n')
  .slice(1, 4000)
  .map((l) => l.split('\t'));
const byW = (w: number): string => royle.find((f) => f[1] === String(w))![0];

const jsonLines = (out: string) => out.trim().split('\n').map((l) => JSON.parse(l));

let tmp = '';
beforeAll(() => {
  buildIfMissing();
  tmp = mkdtempSync(join(tmpdir(), 'sudoku-lens-w-'));
});
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('rate --method w', () => {
  it('computes W alone: "w": {rating} in JSON, the two CSV columns of W, - for the figures of the family', () => {
    const row = JSON.parse(run('rate', '--method', 'w', '--json', W4).stdout);
    expect(row).not.toHaveProperty('se');
    expect(row.w).toEqual({ rating: 4 });
    expect(JSON.parse(run('rate', '--method', 'w', '--json', EM).stdout).w).toEqual({ rating: null, reasons: { rating: 'not solvable with whips up to length 20' } });
    expect(run('rate', '--method', 'w', W4).stdout).toBe(`${W4} W=4\n`);
    expect(run('rate', '--method', 'w', '--format', '%w|%G|%B|%E|%k', W4).stdout).toBe('4|-|-|-|-\n');
    const [header, csv] = run('rate', '--method', 'w', '--csv', W4).stdout.trim().split('\n');
    expect(header).toBe('file,line,puzzle,status,er,ep,ed,hardest,steps,w_status,w');
    expect(csv.split(',').slice(9)).toEqual(['solved', '4']);
  });
});

describe('rate --method wall', () => {
  it('adds "w": {rating, gw, b, te_depth, backdoor} to the JSON row', () => {
    const row = JSON.parse(run('rate', '--method', 'wall', '--json', W4).stdout);
    expect(row).not.toHaveProperty('se');
    expect(Object.keys(row.w)).toEqual(['rating', 'gw', 'b', 'te_depth', 'backdoor']);
    expect(row.w.rating).toBe(4);
    expect(row.w.gw).toBeLessThanOrEqual(4);
    expect(row.w.b).toBeLessThanOrEqual(4);
    // solvable by whips, so by braids: T&E depth 1 (PBCS 5.7); not by Singles, so a backdoor of at least one value
    expect(row.w.te_depth).toBe(1);
    expect(row.w.backdoor).toBeGreaterThanOrEqual(1);
  });

  it('says "not solvable with these rules" as a result, with a reason per missing figure', () => {
    const row = JSON.parse(run('rate', '--method', 'wall', '--json', EM).stdout);
    expect(row.w).toEqual({
      rating: null,
      gw: null,
      b: null,
      te_depth: 2,
      backdoor: null,
      reasons: {
        rating: 'not solvable with whips up to length 20',
        gw: 'not solvable with g-whips up to length 20',
        b: 'not solvable with braids up to length 20',
        backdoor: 'backdoor larger than 2',
      },
    });
    const text = run('rate', '--method', 'wall', EM);
    expect(text.stdout).toBe(`${EM} W=-\n`);
    expect(text.stderr).toContain('<argument>:1: not solvable with whips up to length 20');
  });

  it('respects --budget-ms: over budget is null with its reason, never a number', () => {
    const r = run('rate', '--method', 'wall', '--json', '--budget-ms', '1', EM);
    expect(JSON.parse(r.stdout).w).toMatchObject({
      rating: null,
      reasons: { rating: 'W over budget', gw: 'gW over budget', b: 'B over budget', te_depth: 'T&E over budget', backdoor: 'backdoor over budget' },
    });
  });

  it('rates no puzzle without exactly one solution: its validation diagnostic instead', () => {
    const multi = JSON.parse(run('rate', '--method', 'wall', '--json', MULTI).stdout);
    expect(multi).toMatchObject({ w: null, wReason: 'at least 2 solutions' });
    expect(multi.diagnostics.map((d: { code: string }) => d.code)).toContain('multiple-solutions');
    const none = run('rate', '--method', 'wall', '--json', NO_SOLUTION);
    expect(none.status).toBe(1);
    expect(JSON.parse(none.stdout)).toMatchObject({ w: null, wReason: 'no solution', diagnostics: [expect.objectContaining({ code: 'no-solution' })] });
    const text = run('rate', '--method', 'wall', MULTI);
    expect(text.stdout).toBe(`${MULTI} W=-\n`);
    expect(text.stderr).toContain('<argument>:1: W not rated: at least 2 solutions');
  });

  it('prints W=%w in text and takes %w %G %B %E %k in --format', () => {
    expect(run('rate', '--method', 'wall', W4).stdout).toBe(`${W4} W=4\n`);
    const [w, gw, b, te, backdoor] = run('rate', '--method', 'wall', '--format', '%w|%G|%B|%E|%k', W4).stdout.trim().split('|');
    expect([w, te]).toEqual(['4', '1']);
    expect(Number(gw)).toBeLessThanOrEqual(4);
    expect(Number(b)).toBeLessThanOrEqual(4);
    expect(Number(backdoor)).toBeGreaterThanOrEqual(1);
  });

  it('adds the W columns to --csv, on workers, and --resume continues them', () => {
    const file = join(tmp, 'royle.sdm');
    const puzzles = [0, 1, 2, 3, 4].map(byW);
    writeFileSync(file, `${puzzles.join('\n')}\n${MULTI}\n`);
    const out = join(tmp, 'w.csv');
    const args = ['rate', file, '--method', 'wall', '--csv', '--workers', '2', '--output', out];
    run(...args);
    const whole = readFileSync(out, 'utf8');
    const [header, ...rows] = whole.trim().split('\n');
    expect(header).toBe('file,line,puzzle,status,er,ep,ed,hardest,steps,w_status,w,gw,b,te_depth,backdoor');
    expect(rows.map((r) => r.split(',').slice(9, 11))).toEqual([...[0, 1, 2, 3, 4].map((w) => ['solved', String(w)]), ['', '']]);
    // W <= 2: gW and B equal it; the T&E depth of a puzzle Singles solve is 0, else 1
    expect(rows[0].split(',').slice(11)).toEqual(['0', '0', '0', '0']);
    expect(rows[2].split(',').slice(11, 14)).toEqual(['2', '2', '1']);
    writeFileSync(out, `${[header, ...rows.slice(0, 2)].join('\n')}\n`);
    run(...args, '--resume');
    expect(readFileSync(out, 'utf8')).toBe(whole);
  });
});

describe('path --method w', () => {
  it('prints the W path: a headline, numbered chains in SudoRules syntax, singles summarised; every chain checks', () => {
    const r = run('path', '--method', 'w', W4);
    expect(r.status).toBe(0);
    const [headline, ...lines] = r.stdout.trimEnd().split('\n');
    expect(headline).toMatch(/^<argument>:1: W4 \(\d+ chains, hardest: (biv-chain|z-chain|t-whip|whip)\[4\]\)$/);
    const chains = lines.filter((l) => /^ *\d+\. /.test(l)).map((l) => l.replace(/^ *\d+\. /, ''));
    const singles = lines.filter((l) => l.startsWith('     singles ==> '));
    expect(chains.length + singles.length).toBe(lines.length);
    expect(chains.every(isChainText)).toBe(true);
    expect(chains).toContain('biv-chain[2]: r2n8{c5 c3} - r5n8{c3 c5} ==> r3c5≠8');
    expect(singles[0]).toMatch(/^ {5}singles ==> r\dc\d=\d(, r\dc\d=\d)*$/);
    expect(checkPrintedChains(candidatesOfText(W4), chains)).toEqual([]);
    // the check can fail: a chain out of order, a chain with a wrong target
    expect(checkPrintedChains(candidatesOfText(W4), [chains[1], chains[0]])).not.toEqual([]);
    expect(checkPrintedChains(candidatesOfText(W4), [chains[0].replace(/≠(\d)$/, (_, d) => `≠${(Number(d) % 9) + 1}`)])).not.toEqual([]);
    // the chains are numbered 1..n in path order
    expect(lines.filter((l) => /^ *\d+\. /.test(l)).map((l) => Number(l.trim().split('.')[0]))).toEqual(chains.map((_, i) => i + 1));
  });

  it('prints one JSON object per step, the same shape as the SE path with the chain length', () => {
    const steps = jsonLines(run('path', '--method', 'w', '--json', W4).stdout);
    for (const s of steps) {
      expect(Object.keys(s)).toEqual(['technique', 'length', 'placements', 'eliminations', 'text']);
      for (const c of [...s.placements, ...s.eliminations]) expect(c).toMatchObject({ cell: expect.stringMatching(/^r[1-9]c[1-9]$/), digit: expect.any(Number) });
    }
    const chains = steps.filter((s) => s.length > 0);
    const singles = steps.filter((s) => s.length === 0);
    expect(Math.max(...chains.map((s) => s.length))).toBe(4);
    expect(singles.every((s) => s.placements.length === 1 && s.eliminations.length === 0)).toBe(true);
    expect(chains.every((s) => s.placements.length === 0 && s.eliminations.length > 0 && s.technique === s.text.split(':')[0])).toBe(true);
    // 81 cells: the givens plus one placement per single step
    expect(singles.length + 26).toBe(81);
    expect(checkPrintedChains(candidatesOfText(W4), chains.map((s) => s.text))).toEqual([]);
  });

  it('says when whips do not solve a puzzle, and gives no path for bad input', () => {
    expect(run('path', '--method', 'w', EM).stdout).toBe('<argument>:1: not solvable with whips up to length 20 (0 chains, longest 0 so far)\n\n');
    const multi = run('path', '--method', 'w', MULTI).stdout;
    expect(multi).toContain('warning multiple-solutions');
    expect(multi).toContain('<argument>:1: no path: at least 2 solutions');
    expect(JSON.parse(run('path', '--method', 'w', '--json', NO_SOLUTION).stdout)).toEqual({ file: '<argument>', line: 1, text: NO_SOLUTION, stopped: 'no path: no solution' });
  });

  it('ends a --json path that stops short with a record saying why (steps first, none when solved)', () => {
    const stuck = run('path', '--method', 'w', '--json', EM);
    expect(stuck.status).toBe(0);
    expect(jsonLines(stuck.stdout)).toEqual([{ file: '<argument>', line: 1, text: EM, stopped: 'not solvable with whips up to length 20 (0 chains, longest 0 so far)' }]);
    // Over budget after some steps: the steps found, then the record.
    const cut = jsonLines(run('path', '--method', 'se', '--json', '--budget-ms', '1', W4).stdout);
    expect(cut.at(-1)).toMatchObject({ file: '<argument>', line: 1, text: W4, stopped: expect.stringMatching(/^rating exceeded its budget/) });
    expect(cut.slice(0, -1).every((s) => typeof s.technique === 'string')).toBe(true);
    const solved = jsonLines(run('path', '--method', 'w', '--json', W4).stdout);
    expect(solved.every((s) => typeof s.technique === 'string' && !('stopped' in s))).toBe(true);
  });

  it('keeps SE as the default and rejects an unknown method', () => {
    expect(run('path', W4).stdout).toMatch(/^<argument>:1: ED=/);
    const r = run('path', '--method', 'bliss', W4);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("path --method takes se or w, not 'bliss'");
  });
});

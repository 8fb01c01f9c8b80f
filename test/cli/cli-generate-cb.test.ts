/**
 * `generate --method controlled-bias`, `--pencilmark` and `--sukaku` (cli/generateCommand.ts, job
 * generate) and `stats --correct-bias` (cli/statsCommand.ts) through the built CLI. Every puzzle is
 * checked here with the exact solver; the corrected statistics against figures worked out by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { solveString } from '../../server/src/engine/core/solve';
import { cliTestFolder, runCli, runCliWith } from '../cli';
import { dataPath } from '../dataPath';

const folder = cliTestFolder('sudoku-lens-gencb-');
const lines = (out: string): string[] => out.trim().split('\n');
const clueCount = (p: string): number => [...p].filter((ch) => ch !== '.').length;
const without = (p: string, cell: number): string => `${p.slice(0, cell)}.${p.slice(cell + 1)}`;
const candidateCount = (line: string): number => [...line].filter((ch) => ch !== '.').length;

describe('cli generate: controlled-bias and pencilmark puzzles', () => {
  it('makes a minimal controlled-bias puzzle', () => {
    const r = runCliWith({ timeoutMs: 600_000 }, 'generate', '--method', 'controlled-bias', '--seed', '7', '--workers', '1');
    expect(r.stderr).toMatch(/1 puzzle in/);
    expect(r.status).toBe(0);
    const [p] = lines(r.stdout);
    expect(solveString(p).count).toBe(1);
    for (let cell = 0; cell < 81; cell++) if (p[cell] !== '.') expect(solveString(without(p, cell)).count).toBe(2);
    expect(clueCount(p)).toBeLessThanOrEqual(32);
  });

  it('prints 729-character lines with wrong candidates taken out, by count or to a target', () => {
    const plain = lines(runCli('generate', '--seed', '3', '--count', '2', '--workers', '1').stdout);
    const fewer = lines(runCli('generate', '--seed', '3', '--count', '2', '--workers', '1', '--pencilmark', '--remove', '40').stdout);
    const target = lines(runCli('generate', '--seed', '3', '--count', '2', '--workers', '1', '--pencilmark', '--candidates', '250').stdout);
    plain.forEach((p, i) => {
      const full = (81 - clueCount(p)) * 9 + clueCount(p);
      expect(fewer[i]).toHaveLength(729);
      expect(candidateCount(fewer[i])).toBe(full - 40);
      expect(candidateCount(target[i])).toBe(250);
      const solution = solveString(p).solutions[0];
      for (const line of [fewer[i], target[i]]) {
        const r = solveString(line);
        expect(r.count).toBe(1);
        expect(r.solutions[0]).toEqual(solution);
        // Givens kept as they were: only empty cells lost candidates.
        for (let cell = 0; cell < 81; cell++) if (p[cell] !== '.') expect(line.slice(9 * cell, 9 * cell + 9).replace(/\./g, '')).toBe(p[cell]);
      }
    });
  });

  it('prints sukakus: no givens, one solution', () => {
    const r = runCli('generate', '--seed', '5', '--workers', '1', '--sukaku');
    expect(r.status).toBe(0);
    const [line] = lines(r.stdout);
    expect(line).toHaveLength(729);
    for (let cell = 0; cell < 81; cell++) expect(line.slice(9 * cell, 9 * cell + 9).replace(/\./g, '').length).toBeGreaterThanOrEqual(2);
    expect(solveString(line).count).toBe(1);
  });

  it.each([
    [['--method', 'controlled-bias', '--symmetry', 'central'], /controlled-bias .* no --symmetry/],
    [['--method', 'controlled-bias', '--variant', 'X'], /classic puzzles: not with --variant X/],
    [['--remove', '3'], /--remove is for --pencilmark/],
    [['--pencilmark', '--sukaku'], /exclude each other/],
    [['--pencilmark', '--candidates', '80'], /81 or more/],
    [['--pencilmark', '--remove', '2', '--candidates', '100'], /exclude each other/],
  ])('refuses %j with a usage error', (args, message) => {
    const r = runCli('generate', ...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('cli stats --correct-bias', () => {
  // Sudoku Exchange's diabolical puzzles 2, 5, 6 and 12: 26, 25, 27 and 24 clues.
  const bank = readFileSync(dataPath('sudoku-exchange-puzzle-bank', 'diabolical.txt'), 'utf8').split('\n');
  const puzzles = [2, 5, 6, 12].map((n) => bank[n - 1].trim().split(/\s+/)[1].replace(/0/g, '.'));
  const file = (): string => {
    const f = join(folder(), 'four.txt');
    writeFileSync(f, `${puzzles.join('\n')}\n`);
    return f;
  };

  it('weighs each n-clue puzzle by cf(n): shares, mean and sd worked out by hand', () => {
    expect(puzzles.map(clueCount)).toEqual([26, 25, 27, 24]);
    const s = JSON.parse(runCli('stats', '--method', 'w', '--json', '--correct-bias', '--workers', '1', file()).stdout);
    // cf(24) = 26·25/(56·57), cf(25) = 26/56, cf(26) = 1, cf(27) = 55/27; their sum 3.704957.
    expect(s.corrected.histograms.clues.map((b: { value: string; share: number; corrected: number }) => [b.value, b.share, Number(b.corrected.toFixed(6))])).toEqual([
      ['24', 0.25, 0.054963],
      ['25', 0.25, 0.125315],
      ['26', 0.25, 0.269909],
      ['27', 0.25, 0.549814],
    ]);
    expect(s.corrected.moments.clues.raw.mean).toBeCloseTo(25.5, 9);
    expect(s.corrected.moments.clues.raw.sd).toBeCloseTo(Math.sqrt(1.25), 9);
    expect(s.corrected.moments.clues.corrected.mean).toBeCloseTo(26.314574, 6);
    expect(s.corrected.moments.clues.corrected.sd).toBeCloseTo(0.892201, 6);
    const csv = runCli('stats', '--method', 'w', '--csv', '--correct-bias', '--workers', '1', file()).stdout;
    expect(csv.split('\n')[0]).toBe('kind,value,puzzles,hardest,steps,share,corrected');
    expect(csv).toMatch(/^mean,clues,,,,25\.5,26\.3145740\d*$/m);
    const text = runCli('stats', '--method', 'w', '--correct-bias', '--workers', '1', file()).stdout;
    expect(text).toMatch(/^24 +1 +25\.00% +5\.50%/m);
    expect(text).toContain('mean 25.500 (sd 1.118), corrected 26.315 (sd 0.892)');
  });
});

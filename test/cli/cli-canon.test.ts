/**
 * The built CLI's canonical-form commands on real collections: `canon` (minlex forms, streaming),
 * `transform` (named or seeded random symmetries) and `dedupe` (identical or equivalent repeats).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalForm } from '../../server/src/engine/canonical';
import { solveString } from '../../server/src/engine/core/solve';
import { CLI, ROOT, cliTestFolder, runCli, runCliWith } from '../cli';
import { dataPath } from '../dataPath';

const folder = cliTestFolder('sudoku-lens-canon-');

const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');
const TOP95_FILE = dataPath('magictour-top95', 'top95.txt');
const TOP95 = lines(readFileSync(TOP95_FILE, 'utf8'));
/** Royle's 17-clue puzzles as gss keeps them ('0' for empty): other representatives than tdoku's list. */
const ROYLE = lines(readFileSync(dataPath('gss-17clue', 'sudoku17_spl.dat'), 'utf8')).slice(0, 300);
/** tdoku's copy of the 17-clue list: its lines are published in minlex form (all but a few later finds). */
const LIST17 = new Set(lines(readFileSync(dataPath('tdoku', 'puzzles2_17_clue'), 'utf8')).filter((l) => !l.startsWith('#')));

/**
 * Runs `args` with stdin kept open: writes `first`, waits for its output line while the input is
 * still open (the command streams), then writes `rest` and closes stdin. The whole stdout and the exit code.
 */
async function streamed(args: string[], first: string, rest: string): Promise<{ stdout: string; code: number | null; openAfterFirst: boolean }> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT });
  const out: string[] = [];
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (l) => out.push(l));
  const closed = once(reader, 'close');
  const exited = once(child, 'exit');
  child.stdin.write(first);
  await Promise.race([once(reader, 'line'), exited]);
  const openAfterFirst = child.exitCode === null;
  child.stdin.end(rest);
  const [code] = (await exited) as [number | null];
  await closed;
  return { code, stdout: out.map((l) => `${l}\n`).join(''), openAfterFirst };
}

let tmp = '';
beforeAll(() => {
  tmp = folder();
});

describe('canon', () => {
  it('streams: each form is out before the input ends', async () => {
    const r = await streamed(['canon', '-'], `${TOP95[0]}\n`, `${TOP95[1]}\n`);
    expect(r.openAfterFirst).toBe(true);
    expect(lines(r.stdout)).toEqual([canonicalForm(TOP95[0]), canonicalForm(TOP95[1])]);
  });

  it("prints each puzzle's minlex form, one line each: Royle's 17s come out as the published list's lines", () => {
    const r = runCliWith({ input: `${ROYLE.join('\n')}\n` }, 'canon', '-');
    expect(r.status).toBe(0);
    const forms = lines(r.stdout);
    expect(forms).toHaveLength(ROYLE.length);
    forms.forEach((form, i) => expect(form).toBe(canonicalForm(ROYLE[i])));
    // Another representative of each puzzle; the minlex form is the list's own line for nearly all of them.
    expect(forms.filter((f) => LIST17.has(f)).length).toBeGreaterThanOrEqual(290);
    expect(ROYLE.filter((p) => LIST17.has(p.replace(/0/g, '.')))).toHaveLength(0);
  });

  it('reports a line that is no puzzle on stderr, located, and goes on (exit 1)', () => {
    const r = runCliWith({ input: `${TOP95[0]}\n${TOP95[2].slice(0, 80)}\n${TOP95[1]}\n` }, 'canon', '-');
    expect(r.status).toBe(1);
    expect(lines(r.stdout)).toEqual([canonicalForm(TOP95[0]), canonicalForm(TOP95[1])]);
    expect(r.stderr).toMatch(/^<stdin>:2:1: error wrong-length: /m);
  });

  it('refuses a SudokuX puzzle (its symmetries are fewer)', () => {
    const r = runCliWith({ input: `#! variant: X\n${TOP95[0]}\n` }, 'canon', '-');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^<stdin>:2:1: error: a SudokuX puzzle/m);
  });
});

describe('transform', () => {
  it('--seed: the same output for the same seed, another for another; every puzzle equivalent, its solution count kept', () => {
    const a = runCli('transform', TOP95_FILE, '--seed', '12');
    const b = runCli('transform', TOP95_FILE, '--seed', '12');
    const c = runCli('transform', TOP95_FILE, '--seed', '13');
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
    const out = lines(a.stdout);
    expect(out).toHaveLength(TOP95.length);
    out.forEach((p, i) => {
      expect(p).not.toBe(TOP95[i]);
      expect(canonicalForm(p)).toBe(canonicalForm(TOP95[i]));
    });
    for (let i = 0; i < 10; i++) expect(solveString(out[i], { limit: 2 }).count).toBe(solveString(TOP95[i], { limit: 2 }).count);
  });

  it('transforms 729-char pencilmark lines too, into equivalent ones with as many solutions', () => {
    const pencilmarks = lines(readFileSync(dataPath('pencilmark-t-dillon', '86_clue_first5000.txt'), 'utf8')).slice(0, 5);
    const r = runCliWith({ input: `${pencilmarks.join('\n')}\n` }, 'transform', '-', '--seed', 'pencilmarks');
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(5);
    out.forEach((p, i) => {
      expect(p).toHaveLength(729);
      expect(canonicalForm(p)).toBe(canonicalForm(pencilmarks[i]));
      expect(solveString(p, { limit: 2 }).count).toBe(solveString(pencilmarks[i], { limit: 2 }).count);
    });
  });

  it('--symmetry: named transformations in order, keeping the trailing text', () => {
    const p = TOP95[0];
    const turned = (s: string): string => lines(runCli('transform', `${s}`, '--symmetry', 'rot90').stdout)[0];
    // A quarter turn clockwise: row r of the result is column r read upwards.
    const expected = Array.from({ length: 81 }, (_, i) => p[(8 - (i % 9)) * 9 + Math.floor(i / 9)]).join('');
    expect(turned(p)).toBe(expected);
    const r = runCli('transform', `${p} #1 top95`, '--symmetry', 'rot90,rot90,rot90,rot90');
    expect(r.stdout).toBe(`${p} #1 top95\n`);
    const d = runCli('transform', p, '--symmetry', 'digits=912345678');
    expect(d.stdout).toBe(`${[...p].map((ch) => (ch === '.' ? '.' : '912345678'[Number(ch) - 1])).join('')}\n`);
  });

  it('a bad --symmetry, or --symmetry with --seed, is a usage error naming the valid ones', () => {
    const bad = runCli('transform', TOP95[0], '--symmetry', 'rot45');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown symmetry 'rot45': use identity, transpose, .*rot90.*digits=D/);
    const band = runCli('transform', TOP95[0], '--symmetry', 'rows=412356789');
    expect(band.status).toBe(2);
    expect(band.stderr).toMatch(/rows=412356789: expected/);
    const both = runCli('transform', TOP95[0], '--symmetry', 'rot90', '--seed', '1');
    expect(both.status).toBe(2);
  });
});

describe('dedupe', () => {
  it('streams: a kept line is out before the input ends; a repeat never is', async () => {
    const r = await streamed(['dedupe', '-', '--equivalent'], `${TOP95[0]}\n`, `${lines(runCli('transform', TOP95[0], '--seed', '1').stdout)[0]}\n${TOP95[1]}\n`);
    expect(r.openAfterFirst).toBe(true);
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toEqual([TOP95[0], TOP95[1]]);
  });

  it('drops identical repeats, keeping the first; with --equivalent also transformed copies; lines verbatim', () => {
    const copies = lines(runCli('transform', TOP95_FILE, '--seed', '5').stdout).slice(0, 10);
    const file = join(tmp, 'mixed.txt');
    const input = ['# a collection', ...TOP95.map((p, i) => `${p} #${i + 1}`), ...copies, `${TOP95[3]} #4 again`, TOP95[7], ''];
    writeFileSync(file, input.join('\n'));
    const exact = runCli('dedupe', file);
    expect(exact.status).toBe(0);
    // `#4 again` is the same puzzle with other trailing text: a repeat.
    expect(lines(exact.stdout)).toEqual(['# a collection', ...TOP95.map((p, i) => `${p} #${i + 1}`), ...copies]);
    expect(exact.stderr).toMatch(/107 puzzles, 2 duplicates dropped/);
    const equivalent = runCliWith({ input: input.join('\n') }, 'dedupe', '-', '--equivalent');
    // top95 itself holds one pair of equivalent puzzles: the second goes too.
    const kept = lines(equivalent.stdout);
    expect(kept).toHaveLength(1 + 94);
    expect(kept.every((l) => input.includes(l))).toBe(true);
    const forms = kept.slice(1).map((l) => canonicalForm(l.slice(0, 81)));
    expect(new Set(forms).size).toBe(94);
  });
});

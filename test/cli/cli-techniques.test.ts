/** `rate --exclude` and `path --exclude` through the built CLI: SE without some techniques, and every output says so. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliTestFolder, runCli } from '../cli';
import { dataPath } from '../dataPath';

cliTestFolder('sudoku-lens-techniques-');

/** se-sample line 16: its hardest step is a BUG (ED=5.6/1.2/1.2 with every technique). */
const BUG_PUZZLE = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8').split('\n')[15];

describe('--exclude', () => {
  it('rates without the techniques named, and the text row, JSON and CSV say so', () => {
    const full = runCli('rate', BUG_PUZZLE, '--format', '%r %R');
    expect(full.stdout).toMatch(/^5\.6 BUG type 1\n$/);
    const text = runCli('rate', BUG_PUZZLE, '--exclude', 'BUG', '--format', '%r %R');
    expect(text.status).toBe(0);
    // The note is no part of the row (issue 12: --format rows hold the letters only): stderr says it.
    expect(text.stdout).toMatch(/^(\d+\.\d) (.+)\n$/);
    expect(text.stderr).toContain('<argument>:1: SE without BUG');
    expect(text.stdout).not.toMatch(/^5\.6/);
    const json = JSON.parse(runCli('rate', BUG_PUZZLE, '--exclude', 'bug,XY-Wing', '--json').stdout) as { se: { excluded: string[]; hardest: string } };
    expect(json.se.excluded).toEqual(['BUG', 'XY-Wing']);
    expect(json.se.hardest).not.toMatch(/BUG|XY-Wing/);
    const csv = runCli('rate', BUG_PUZZLE, '--exclude', 'BUG', '--csv').stdout.trim().split('\n');
    expect(csv[0]).toBe('file,line,puzzle,status,er,ep,ed,hardest,steps,se_excluded');
    expect(csv[1]).toMatch(/,BUG$/);
    // Without --exclude nothing changes: no column, no note.
    expect(runCli('rate', BUG_PUZZLE, '--csv').stdout.split('\n')[0]).toBe('file,line,puzzle,status,er,ep,ed,hardest,steps');
  });

  it('path: no step of an excluded technique, the headline and the JSON say so', () => {
    const text = runCli('path', BUG_PUZZLE, '--exclude', 'BUG');
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^<argument>:1: ED=\S+ \(hardest: .*\) \[without BUG\]$/m);
    expect(text.stdout).not.toMatch(/BUG type/);
    const json = runCli('path', BUG_PUZZLE, '--exclude', 'BUG', '--json').stdout.trim().split('\n');
    expect(JSON.parse(json[json.length - 1])).toMatchObject({ line: 1, excluded: ['BUG'] });
  });

  it("takes a kind of forcing chain as path prints it (the family's other kinds stay)", () => {
    // se-sample line 4: ED=8.4, its hardest step a cell forcing chain.
    const puzzle = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8').split('\n')[3];
    const r = runCli('path', puzzle, '--exclude', 'Nishio Forcing Chains,Cell Forcing Chains');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^<argument>:1: ED=\S+ \(hardest: .*\) \[without Nishio Forcing Chains, Cell Forcing Chains\]$/m);
    expect(r.stdout).not.toMatch(/^\s*\d+\. \S+\s+(Cell|Nishio) Forcing Chains/m);
  });

  it('an unknown name is a usage error listing the valid ones', () => {
    const r = runCli('rate', BUG_PUZZLE, '--exclude', 'Nishio');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--exclude: unknown technique 'Nishio'; the techniques are: Hidden Single, .*Nishio Forcing Chains, Multiple Forcing Chains, .*, Cell Forcing Chains, Region Forcing Chains, Dynamic Contradiction Forcing Chains/);
    expect(r.stdout).toBe('');
    const w = runCli('path', BUG_PUZZLE, '--method', 'w', '--exclude', 'BUG');
    expect(w.status).toBe(2);
  });
});

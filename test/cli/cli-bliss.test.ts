/**
 * `sudoku-lens bliss` (server/src/cli/blissCommand.ts), run as the built dist/cli.js: the
 * engine's log in the seed's format plus a summary line, --json with every step, --level,
 * --variant (and `#! variant:` lines), exit codes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_SOLUTION, cliRunner, cliTestFolder } from '../cli';
import { bliss } from '../../server/src/engine/bliss';
import { candidatesOfText } from '../../server/src/engine/core/parse';


// The seed's examples (shared/seeds/bliss-solver-thread.txt; test/engine/bliss.test.ts).
const EX1 = '........1.....2.3...4.536...3........6......74...683...4..865..5..9.4...8....5.2.';
const EX2 = '1.......6.5.7...8...3...4.....2.8.9.....1.3...8..5....6..9......7...5.2...4.....1';
/** Needs BLISS(2): BLISS(1) finds nothing. */
const BD2 = '........1.....234...3.1.25.....6..7...5..3..2.8.7.......4..1..51...9.6..95.8.....';
const SUDOKU_X = '..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.';
const SUDOKU_X_SOLUTION = '681945237792316584435827619523784961817639425946152873369478152158293746274561398';
const SINGLES_ONLY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

const run = cliRunner(60_000);

const jsonRows = (out: string) =>
  out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

const tmp = cliTestFolder('sudoku-lens-bliss-');

describe('bliss (text)', () => {
  it("prints the engine's log in the seed's format, then a summary line", () => {
    const r = run('bliss', EX1);
    expect(r.status).toBe(0);
    const engine = bliss(candidatesOfText(EX1));
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, engine.log.length)).toEqual(engine.log);
    // The seed's example 1, as the engine writes it (the "ng" figure is ours: see guesses.ts).
    expect(lines.slice(1, 6)).toEqual([
      ' (1c) [ 3r1c1]       r1c3 != 6',
      ' (1c) [ 6r1c1]       r2c3 != 6',
      ' (1c) [ 8r4c3]       r1c3 != 8, r2c3 != 8',
      ' (1c) [ 1r4c6]       r4c4 != 1, r4c5 != 1, r5c4 != 1, r5c5 != 1, r6c4 != 1',
      ' (1c) [ 9r1c1]       BD',
    ]);
    expect(lines[engine.log.length]).toBe(`<argument>:1: BLISS: level 1, backdoor r1c1 = 9, ng = ${engine.ng}, 9 eliminations, 0 placements`);
    expect(r.stderr).toBe('1 puzzle, 0 with errors\n');
  });

  it('gives level 0 to a singles-only puzzle', () => {
    const r = run('bliss', SINGLES_ONLY);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('<argument>:1: BLISS: level 0 (singles only), ng = 0, 0 eliminations, 0 placements\n');
    expect(r.stdout).toMatch(/^P: .*\nS: \d{81}\n/);
  });

  it('--level 1 stops where BLISS(2) is needed; the default level 2 solves', () => {
    const one = run('bliss', '--level', '1', BD2);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/<argument>:1: BLISS: not solved by BLISS\(1\), ng = \d+, 0 eliminations, 0 placements\n/);
    expect(one.stdout).not.toContain('(2c)');
    const two = run('bliss', BD2);
    expect(two.stdout).toContain(' (2c) [');
    expect(two.stdout).toMatch(/<argument>:1: BLISS: level 2, /);
    expect(two.stdout).toMatch(/\nS: \d{81}\n/);
  });

  it('--locked-candidates lets DoSingles apply pointing/claiming (ex. 1: the first test is a backdoor)', () => {
    const plain = run('bliss', EX1);
    expect(plain.stdout).toMatch(/BLISS: level 1, backdoor r1c1 = 9, ng = \d+, 9 eliminations, 0 placements\n/);
    const locked = run('bliss', '--locked-candidates', EX1);
    expect(locked.status).toBe(0);
    expect(locked.stdout).not.toContain('!=');
    expect(locked.stdout).toMatch(/ \(1c\) \[ 9r1c1\] +BD\n/);
    expect(locked.stdout).toMatch(/BLISS: level 1, backdoor r1c1 = 9, ng = \d+, 0 eliminations, 0 placements\n/);
    const rated = jsonRows(run('rate', '--method', 'bliss', '--locked-candidates', '--workers', '1', '--json', EX1).stdout)[0];
    expect(rated.bliss).toMatchObject({ level: 1, backdoor: true });
  });

  it('reads every puzzle of a file, each block with its file and line', () => {
    const file = join(tmp(), 'two.sdm');
    writeFileSync(file, `# two puzzles\n${EX1}\n\n${EX2} ex. 2\n`);
    const r = run('bliss', file);
    expect(r.status).toBe(0);
    const blocks = r.stdout.split('\n\n').filter((b) => b.trim() !== '');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatch(new RegExp(`^P: ${EX1.replace(/\./g, '\\.')} \\(ng = \\d+\\)\\n`));
    expect(blocks[0]).toMatch(new RegExp(`\\n${file.replace(/[.\\/]/g, '\\$&')}:2: BLISS: level 1, `));
    expect(blocks[1]).toMatch(new RegExp(`\\n${file.replace(/[.\\/]/g, '\\$&')}:4: BLISS: level 1, `));
    expect(r.stderr).toBe('2 puzzles, 0 with errors\n');
  });
});

describe('bliss --json', () => {
  it('prints one object per puzzle with the documented fields and every step', () => {
    const r = run('bliss', '--json', EX2);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const [row] = jsonRows(r.stdout);
    expect(Object.keys(row)).toEqual(['file', 'line', 'text', 'bliss']);
    expect(row).toMatchObject({ file: '<argument>', line: 1, text: EX2 });
    const engine = bliss(candidatesOfText(EX2));
    expect(row.bliss).toMatchObject({ level: 1, backdoor: true, ng: engine.ng, solved: true });
    expect(row.bliss.steps).toHaveLength(engine.steps.length);
    expect(row.bliss.steps[0]).toEqual({
      level: 1,
      kind: 'eliminate',
      cell: 'r3c1',
      digit: 2,
      tested: ['7r1c3'],
      text: 'BLISS(1): r3c1 != 2  [tested 7r1c3]',
    });
    for (const s of row.bliss.steps) {
      expect(Object.keys(s)).toEqual(['level', 'kind', 'cell', 'digit', 'tested', 'text']);
      expect(s.cell).toMatch(/^r[1-9]c[1-9]$/);
      expect(['eliminate', 'place']).toContain(s.kind);
      for (const t of s.tested) expect(t).toMatch(/^[1-9]r[1-9]c[1-9]$/);
    }
  });

  it('names both tested candidates of a BLISS(2) step', () => {
    const [row] = jsonRows(run('bliss', '--json', BD2).stdout);
    expect(row.bliss.level).toBe(2);
    const level2 = row.bliss.steps.filter((s: { level: number }) => s.level === 2);
    expect(level2.length).toBeGreaterThan(0);
    for (const s of level2) expect(s.tested).toHaveLength(2);
    expect(row.bliss.steps.some((s: { kind: string }) => s.kind === 'place')).toBe(true);
  });

  it('gives bliss null and the reason for an unreadable puzzle (exit code 1)', () => {
    const r = run('bliss', '--json', EX1.slice(0, 80));
    expect(r.status).toBe(1);
    const [row] = jsonRows(r.stdout);
    expect(row).toEqual({ file: '<argument>', line: 1, text: null, bliss: null, blissReason: 'unreadable' });
  });
});

describe('bliss --variant', () => {
  it('solves a SudokuX puzzle with --variant X (and not as a classic one)', () => {
    const r = run('bliss', '--variant', 'X', SUDOKU_X);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('BLISS (SudokuX mode)');
    expect(r.stdout).toContain(`\nS: ${SUDOKU_X_SOLUTION}\n`);
    expect(r.stdout).toMatch(/<argument>:1: BLISS \(X\): level [12], /);
    const [row] = jsonRows(run('bliss', '--json', '--variant', 'x', SUDOKU_X).stdout);
    expect(row.bliss.solved).toBe(true);
  });

  it('exit code 1 when BLISS finds no solution in the variant (a classic puzzle read as SudokuX)', () => {
    const r = run('bliss', '--variant', 'X', SINGLES_ONLY);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('No solution: singles reach a contradiction\n<argument>:1: BLISS (X): no solution, 0 eliminations, 0 placements\n');
    expect(jsonRows(run('bliss', '--json', '--variant', 'X', SINGLES_ONLY).stdout)[0].bliss).toMatchObject({ level: null, solved: false, noSolution: true });
  });

  it("follows a file's '#! variant:' line", () => {
    const file = join(tmp(), 'x.sdm');
    writeFileSync(file, `#! variant: X\n${SUDOKU_X}\n`);
    const r = run('bliss', file);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`S: ${SUDOKU_X_SOLUTION}`);
    expect(r.stdout).toContain(`${file}:2: BLISS (X): level`);
  });
});

describe('bliss exit codes', () => {
  it('1 for a puzzle without solution or with broken syntax (BLISS does not search them)', () => {
    const none = run('bliss', NO_SOLUTION);
    expect(none.status).toBe(1);
    expect(none.stdout).toBe('<argument>:1:1: error no-solution: The puzzle has no solution\n<argument>:1: not run: no solution\n\n');
    const [row] = jsonRows(run('bliss', '--json', NO_SOLUTION).stdout);
    expect(row).toMatchObject({ bliss: null, blissReason: 'no solution' });
    expect(none.stderr).toBe('1 puzzle, 1 with errors\n');
    const broken = run('bliss', `${EX1.slice(0, 80)}`);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('error wrong-length');
    expect(broken.stdout).toContain('<argument>:1: not run: unreadable');
  });

  it.each([
    [['bliss', '--level', '3', EX1], "--level takes 1 or 2, not '3'"],
    [['bliss', '--variant', 'Q', EX1], "--variant takes classic, X, P or PX, not 'Q'"],
    [['bliss', '--budget-ms', '0', EX1], "--budget-ms takes a positive whole number, not '0'"],
    [['bliss', 'no-such-file.sdm'], "'no-such-file.sdm' is neither a file nor a puzzle"],
  ])('2 on usage errors: %j', (args, message) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('Usage:');
  });

  it('reports a budget it cannot meet', () => {
    const r = run('bliss', '--budget-ms', '1', BD2);
    // The budget may or may not be met on a fast machine; either way the run ends cleanly.
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/<argument>:1: (BLISS exceeded its budget of 1 ms|BLISS: level 2, )/);
  });

  it('lists the command in --help', () => {
    expect(run('--help').stdout).toContain('sudoku-lens bliss PUZZLE|FILE... [--level 1|2] [--variant classic|X|P|PX] [--locked-candidates] [--json]');
  });
});

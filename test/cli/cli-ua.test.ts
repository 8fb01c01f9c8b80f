/**
 * The UA commands of the CLI (dist/cli.js in a child process): minimal, ua, search-pattern,
 * search17 — their text and JSON output checked against the engine, argument errors (exit 2,
 * naming what is wrong), budgets (exit 1) and Ctrl-C (exit 130).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, NO_SOLUTION, ROOT, cliRunner, cliTestFolder } from '../cli';
import { solveString } from '../../server/src/engine/core/solve';
import { uaSets } from '../../server/src/engine/ua';
import { dataPath } from '../dataPath';


const SEVENTEEN = readFileSync(dataPath('tdoku', 'solutions', 'puzzles2_17_clue.sol'), 'utf8')
  .split('\n')
  .filter((l) => l.length > 81 && !l.startsWith('#'))
  .map((l) => l.split(':'));
const [PUZZLE, , SOLUTION] = SEVENTEEN[0];
const OTHER_GRID = SEVENTEEN.map((x) => x[2]).find((g) => g !== SOLUTION)!;
const PATTERN = PUZZLE.replace(/[1-9]/g, 'x');
const MULTI = PUZZLE.replace(/[1-9]/, '.');
const BAD_GRID = SOLUTION[1] + SOLUTION.slice(1);
/** Not minimal, '0' for empty cells: r1c2=8 and r1c8=9 are redundant, and removable together. */
const DIABOLICAL = '083020090000800100029300008000098700070000060006740000300006980002005000010030540';

const run = cliRunner(240_000);

const jsonRows = (out: string): Record<string, unknown>[] => out.trimEnd().split('\n').map((l) => JSON.parse(l));
const lines = (out: string): string[] => out.trimEnd().split('\n');

const file = (name: string, text: string): string => {
  const f = join(tmp(), name);
  writeFileSync(f, text);
  return f;
};

const tmp = cliTestFolder('sudoku-lens-cli-ua-');

describe('minimal', () => {
  it('adds minimal, the redundant clues and the clues removable together to the check row', () => {
    const r = run('minimal', DIABOLICAL, '--json');
    expect(r.status).toBe(0);
    const [row] = jsonRows(r.stdout);
    expect(row).toMatchObject({ file: '<argument>', line: 1, solutions: 1, minimal: false, redundant: ['r1c2', 'r1c8'], removableTogether: ['r1c2', 'r1c8'] });
    const minimal = row.minimalPuzzle as string;
    expect(minimal[1]).toBe('.');
    expect(minimal[7]).toBe('.');
    expect(solveString(minimal, { limit: 2 }).count).toBe(1);
    expect(Object.keys(row)).toEqual(['file', 'line', 'kind', 'text', 'givens', 'solutions', 'solution', 'diagnostics', 'minimal', 'redundant', 'removableTogether', 'minimalPuzzle']);
  });

  it('prints one line per puzzle; null and a reason for puzzles it cannot check; exit 1 on errors', () => {
    const f = file('minimal.sdm', [PUZZLE, DIABOLICAL, MULTI, NO_SOLUTION, PATTERN].join('\n'));
    const r = run('minimal', f);
    expect(r.status).toBe(1);
    expect(lines(r.stdout)).toEqual([
      `${f}:1: minimal`,
      `${f}:2: not minimal: 2 redundant clues (r1c2=8, r1c8=9); removable together: r1c2=8, r1c8=9 → ${DIABOLICAL.replace(/0/g, '.').replace(/^(.)8(.{5})9/, '$1.$2.')}`,
      `${f}:3: not checked: at least 2 solutions`,
      `${f}:4:1: not checked: The puzzle has no solution`,
      `${f}:5: not checked: Clue pattern (17 clues), not a puzzle: "Find puzzles for this pattern" searches it (or \`sudoku-lens search-pattern\`)`,
    ]);
    const rows = jsonRows(run('minimal', f, '--json').stdout);
    expect(rows.map((x) => [x.minimal, x.minimalReason])).toEqual([
      [true, undefined],
      [false, undefined],
      [null, 'at least 2 solutions'],
      [null, 'The puzzle has no solution'],
      [null, expect.stringMatching(/^Clue pattern/)],
    ]);
  });
});

describe('ua', () => {
  const expected = uaSets(SOLUTION);

  it('lists the minimal UA sets of a grid smallest first, with the digits and a count by size', () => {
    const r = run('ua', SOLUTION);
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toBe(`# <argument> (the solution grid): ${SOLUTION}`);
    const sets = out.slice(1, -1);
    expect(sets.length).toBe(expected.length);
    expect(sets[0]).toBe(`4: ${expected[0].map((c) => `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`).join(' ')} (${expected[0].map((c) => SOLUTION[c]).join('')})`);
    expect(out.at(-1)).toMatch(new RegExp(`^# ${expected.length} minimal UA sets of at most 12 cells \\(size 4: `));
  });

  it("takes a unique puzzle's solution (and says so), --max-size, --json", () => {
    const out = lines(run('ua', PUZZLE, '--max-size', '6').stdout);
    expect(out[0]).toBe(`# <argument> (the solution of the puzzle): ${SOLUTION}`);
    expect(out.slice(1, -1).length).toBe(expected.filter((u) => u.length <= 6).length);
    const [row] = jsonRows(run('ua', PUZZLE, '--json').stdout);
    expect(row).toMatchObject({ grid: SOLUTION, source: 'solution', maxSize: 12, count: expected.length });
    const sets = row.sets as { cells: string[]; digits: number[]; text: string }[];
    expect(sets[0].cells.length).toBe(4);
    expect(sets[0].text.replace(/\./g, '')).toBe(sets[0].digits.join(''));
    expect(Object.values(row.bySize as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(expected.length);
  });

  it('says when --budget-ms ran out (exit 1)', () => {
    const r = run('ua', SOLUTION, '--max-size', '30', '--budget-ms', '1');
    expect(r.status).toBe(1);
    expect(lines(r.stdout)).toEqual([`# <argument> (the solution grid): ${SOLUTION}`, '# over the budget of 1 ms: no list (try a smaller --max-size)']);
  });
});

describe('search-pattern', () => {
  it('finds the puzzle a pattern came from in its solution grid; every puzzle unique, of that pattern', () => {
    const r = run('search-pattern', PATTERN, '--grids', SOLUTION);
    expect(r.status).toBe(0);
    const found = lines(r.stdout);
    expect(found).toContain(PUZZLE);
    for (const p of found) {
      expect(p.replace(/[1-9]/g, 'x')).toBe(PATTERN);
      expect(solveString(p, { limit: 2 }).count).toBe(1);
    }
    expect(r.stderr).toMatch(/PATTERN \(17 clues\) in <argument> \(the solution grid\): \d+ puzzle/);
  });

  it('reads a 9-row x/. grid file and grid files (grids and unique puzzles), JSON one row per grid', () => {
    const pattern = file('pattern.sdk', `#A test\n${Array.from({ length: 9 }, (_, r) => PATTERN.slice(9 * r, 9 * r + 9)).join('\n')}\n`);
    const grids = file('grids.sdm', `${OTHER_GRID}\n${PUZZLE}\n`);
    const r = run('search-pattern', pattern, '--grids', grids, '--json');
    expect(r.status).toBe(0);
    const rows = jsonRows(r.stdout);
    expect(rows.map((x) => [x.pattern, x.patternLine, x.line, x.grid, x.source])).toEqual([
      [PATTERN, 2, 1, OTHER_GRID, 'grid'],
      [PATTERN, 2, 2, SOLUTION, 'solution'],
    ]);
    expect(rows[1].puzzles).toContain(PUZZLE);
  });
});

describe('search17', () => {
  it('finds the 17-clue puzzle of the list again in its grid', () => {
    const r = run('search17', SOLUTION, '--json');
    expect(r.status).toBe(0);
    const [row] = jsonRows(r.stdout);
    expect(row).toMatchObject({ grid: SOLUTION, source: 'grid', clues: 17 });
    const puzzles = row.puzzles as string[];
    expect(puzzles).toContain(PUZZLE);
    for (const p of puzzles) {
      expect(p.replace(/\./g, '').length).toBe(17);
      expect(solveString(p, { limit: 2 }).count).toBe(1);
    }
  }, 240_000);

  it('stops at --budget-ms with exit 1; Ctrl-C stops it with exit 130', async () => {
    const r = run('search17', SOLUTION, '--budget-ms', '50');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/stopped by --budget-ms 50: no list/);
    // stderr claims to be a terminal (test/fixtures/cli/ttyStderr.cjs), so the search's first
    // progress event draws the bar: by then it runs on its worker, and Ctrl-C is its to handle.
    const tty = join(ROOT, 'test', 'fixtures', 'cli', 'ttyStderr.cjs');
    const child = spawn(process.execPath, ['--require', tty, CLI, 'search17', SOLUTION], { cwd: ROOT });
    let stderr = '';
    const searching = new Promise<void>((done) => child.stderr.once('data', () => done()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await searching;
    expect(stderr).toMatch(/search17 GRID \[/);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('sudoku-lens: search17 GRID interrupted');
  }, 60_000);
});

describe('argument errors', () => {
  const usage = (...args: string[]): string => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    return r.stderr.split('\n')[0];
  };

  it('names what is wrong with a grid, a pattern or an option', () => {
    expect(usage('ua', BAD_GRID)).toMatch(new RegExp(`^sudoku-lens: '${BAD_GRID}': not a valid solution grid: Digit ${SOLUTION[1]} appears twice in `));
    expect(usage('search17', MULTI)).toBe(`sudoku-lens: '${MULTI}': not a solution grid, and the puzzle has at least 2 solutions`);
    expect(usage('search-pattern', PATTERN)).toBe("sudoku-lens: 'search-pattern' needs solution grids: --grids GRID|PUZZLE|FILE... (no grids are made up)");
    const seven = `${PATTERN.slice(0, 20)}7${PATTERN.slice(21)}`;
    expect(usage('search-pattern', seven, '--grids', SOLUTION)).toBe(
      `sudoku-lens: PATTERN '${seven}': '7' at r3c3 (character 21) is neither 'x' (a clue) nor '.' (an empty cell)`,
    );
    expect(usage('search-pattern', 'xx..', '--grids', SOLUTION)).toMatch(/expected 81 characters of 'x' \(a clue\) and '\.' \(an empty cell\), got 4$/);
    expect(usage('search-pattern', file('none.sdm', `${PUZZLE}\n`), '--grids', SOLUTION)).toMatch(/none\.sdm holds no clue pattern/);
    expect(usage('ua', SOLUTION, '--max-size', '3')).toMatch(/--max-size takes 4 to 81 cells/);
    expect(usage('search17', SOLUTION, '--clues', '5')).toMatch(/--clues takes 8 to 40, not 5/);
    expect(usage('search17', SOLUTION, '--clues', 'x')).toBe("sudoku-lens: --clues takes a positive whole number, not 'x'");
  });

  it('skips unusable puzzles of a grid file with their place on stderr, exit 1', () => {
    const grids = file('mixed.sdm', `${SOLUTION}\n${NO_SOLUTION}\n${BAD_GRID}\n`);
    const r = run('search-pattern', PATTERN, '--grids', grids);
    expect(r.status).toBe(1);
    expect(lines(r.stdout)).toContain(PUZZLE);
    expect(r.stderr).toContain(`${grids}:2:1: skipped: The puzzle has no solution`);
    expect(r.stderr).toMatch(new RegExp(`${grids.replace(/[.]/g, '\\.')}:3:\\d+: skipped: not a valid solution grid: Digit`));
  });
});

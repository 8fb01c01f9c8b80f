/**
 * The command-line tool (server/src/cli.ts), run as the built dist/cli.js in a child
 * process: JSON and text output, exit codes, `solve` on arguments and files, directories.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_SOLUTION, ROOT, cliRunner, cliTestFolder, runCliWith } from '../cli';
import { analyzePuzzle } from '../../server/src/engine/core/analyze';
import { findingsOf } from '../../server/src/engine/core/findings';
import { parseDocument } from '../../server/src/engine/core/parse';


const GN = '.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....';
const GN_SOLUTION = '751846239892371465643259871238197546974562318165438927319684752527913684486725193';

const run = cliRunner(20_000);

/** stdout of a --json run, one object per line. */
function jsonRows(out: string): Record<string, unknown>[] {
  const lines = out.split('\n');
  expect(lines.pop()).toBe(''); // ends with a newline
  return lines.map((l) => JSON.parse(l));
}

const ROW_KEYS = ['diagnostics', 'file', 'givens', 'kind', 'line', 'solution', 'solutions', 'text'];
const DIAGNOSTIC_KEYS = ['code', 'message', 'range', 'severity'];

/**
 * What the CLI should print for a file, computed with the engine directly. The row is spelled out
 * here on purpose, not taken from rows.ts's baseJson: it is the documented format the CLI's rows
 * are checked against (1-based lines, the solution as 81 digits).
 */
function expectedRows(file: string, source: string, nodeBudget?: number) {
  return parseDocument(source).puzzles.map((puzzle) => {
    const analysis = analyzePuzzle(puzzle, nodeBudget ? { nodeBudget } : {});
    const findings = analysis ? findingsOf(puzzle, analysis.issues) : puzzle.problems;
    return {
      file,
      line: puzzle.line + 1,
      kind: puzzle.kind,
      text: puzzle.text,
      givens: analysis ? analysis.givens : null,
      solutions: analysis ? analysis.solutions : null,
      solution: analysis?.solution ? Array.from(analysis.solution).join('') : null,
      diagnostics: findings.map((f) => ({ severity: f.severity, code: f.code, message: f.message, range: f.range })),
    };
  });
}

const tmp = cliTestFolder('sudoku-lens-cli-');

describe('check --json', () => {
  it('prints one JSON object per puzzle with exactly the documented fields', () => {
    const r = run('check', 'samples', '--json');
    expect(r.stderr).toBe('');
    const rows = jsonRows(r.stdout);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(ROW_KEYS);
      expect(typeof row.file).toBe('string');
      expect(Number.isInteger(row.line) && (row.line as number) >= 1).toBe(true);
      expect(['81', '729', 'grid']).toContain(row.kind);
      expect(row.text === null || typeof row.text === 'string').toBe(true);
      expect(row.givens === null || Number.isInteger(row.givens)).toBe(true);
      expect([null, 0, 1, 2]).toContain(row.solutions);
      expect(row.solution === null || /^[1-9]{81}$/.test(row.solution as string)).toBe(true);
      for (const d of row.diagnostics as Record<string, unknown>[]) {
        expect(Object.keys(d).sort()).toEqual(DIAGNOSTIC_KEYS);
        expect(['error', 'warning', 'information', 'hint']).toContain(d.severity);
        expect(d.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(typeof d.message).toBe('string');
        const range = d.range as { start: Record<string, unknown>; end: Record<string, unknown> };
        expect(Object.keys(range).sort()).toEqual(['end', 'start']);
        for (const pos of [range.start, range.end]) {
          expect(Object.keys(pos).sort()).toEqual(['character', 'line']);
          expect(Number.isInteger(pos.line) && Number.isInteger(pos.character)).toBe(true);
        }
      }
    }
  });

  it('reports every sample puzzle as the engine does, files in name order, with exit code 1', () => {
    const r = run('check', 'samples', '--json');
    const files = readdirSync(join(ROOT, 'samples'))
      .filter((f) => /\.(sdk|sdm|ss|txt)$/i.test(f))
      .sort((a, b) => a.localeCompare(b));
    const expected = files.flatMap((f) => expectedRows(`samples/${f}`, readFileSync(join(ROOT, 'samples', f), 'utf8')));
    expect(jsonRows(r.stdout)).toEqual(expected);
    const anyError = expected.some((row) => row.diagnostics.some((d) => d.severity === 'error'));
    expect(r.status).toBe(anyError ? 1 : 0);
  });

  it('gives 1-based puzzle lines and 0-based diagnostic ranges', () => {
    const r = run('check', 'samples/golden-nugget.sdk', '--json', '--budget-nodes', '1');
    const [row] = jsonRows(r.stdout);
    const source = readFileSync(join(ROOT, 'samples/golden-nugget.sdk'), 'utf8');
    const firstRow = source.split(/\r?\n/).findIndex((l) => /^[.1-9]{9}$/.test(l.trim()));
    expect(row.line).toBe(firstRow + 1);
    const [d] = row.diagnostics as { code: string; severity: string; range: { start: { line: number } } }[];
    expect(d.code).toBe('solver-budget');
    expect(d.severity).toBe('warning');
    expect(d.range.start.line).toBe(firstRow);
    expect(row.solutions).toBeNull();
    expect(row.solution).toBeNull();
    // A warning is no error.
    expect(r.status).toBe(0);
  });

  it('reads CRLF files', () => {
    const file = join(tmp(), 'crlf.sdm');
    writeFileSync(file, `# CRLF\r\n${GN} Golden Nugget\r\n${NO_SOLUTION}\r\n`);
    const r = run('check', file, '--json');
    const rows = jsonRows(r.stdout);
    expect(rows.map((row) => [row.file, row.line, row.text, row.solutions, row.solution])).toEqual([
      [file, 2, GN, 1, GN_SOLUTION],
      [file, 3, NO_SOLUTION, 0, null],
    ]);
    expect((rows[1].diagnostics as { code: string }[]).map((d) => d.code)).toEqual(['no-solution']);
    expect(r.status).toBe(1);
  });
});

describe('check on long inputs', () => {
  it('parses a file a block at a time exactly as a whole: grids, headers, variant lines, line puzzles', () => {
    // Over 4,096 lines without a line puzzle, so blocks are cut inside the run of grids too.
    const grid = (label: string) => [`#D ${label}`, ...GN.match(/.{9}/g)!, ''];
    const lines: string[] = ['# a long mixed collection'];
    for (let i = 0; i < 400; i++) lines.push(...grid(`grid ${i}`));
    lines.push('#! variant: X', `${GN} after the directive`);
    for (let i = 400; i < 800; i++) lines.push(...(i % 50 === 0 ? [`${NO_SOLUTION} #${i}`] : grid(`grid ${i}`)));
    lines.push(GN.match(/.{9}/g)!.slice(0, 5).join('\n')); // a grid cut short at the end
    const source = `${lines.join('\r\n')}\r\n`;
    const file = join(tmp(), 'long.sdk');
    writeFileSync(file, source);
    const r = run('check', file, '--json');
    const rows = jsonRows(r.stdout);
    expect(rows.length).toBeGreaterThan(790);
    expect(rows).toEqual(expectedRows(file, source));
  });

  it('shows its progress on a terminal stderr, as rate does', () => {
    // test/fixtures/cli/ttyStderr.cjs makes stderr claim to be a terminal.
    const r = runCliWith({ nodeArgs: ['--require', join(ROOT, 'test', 'fixtures', 'cli', 'ttyStderr.cjs')] }, 'check', 'samples/collection.sdm');
    const lineCount = readFileSync(join(ROOT, 'samples/collection.sdm'), 'utf8').split('\n').length;
    expect(r.stderr).toMatch(new RegExp(`\\rcheck \\(lines\\) \\[#{24}\\] ${lineCount}/${lineCount} \\(100\\.0%\\)`));
    expect(r.stderr).toContain(`check (lines): ${lineCount} in `);
    expect(r.stderr).toMatch(/\n9 puzzles, 4 with errors\n$/);
  });

  it('counts in words that agree with the number', () => {
    const oneStep = `.${GN_SOLUTION.slice(1)}`;
    const r = run('path', oneStep);
    expect(r.stdout).toContain('(hardest: Hidden Single, 1 step)');
    expect(r.stderr).toBe('1 puzzle, 0 with errors\n');
  });
});

describe('check (text output)', () => {
  it('prints compiler-style lines and a summary, exit code 1 when a puzzle has an error', () => {
    const file = 'samples/collection.sdm';
    const r = run('check', file);
    expect(r.status).toBe(1);
    const rows = expectedRows(file, readFileSync(join(ROOT, file), 'utf8'));
    const lines = rows.flatMap((row) =>
      row.diagnostics
        .filter((d) => d.severity !== 'hint')
        .map((d) => `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code}: ${d.message}`),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(r.stdout).toBe(`${lines.join('\n')}\n`);
    const withErrors = rows.filter((row) => row.diagnostics.some((d) => d.severity === 'error')).length;
    expect(withErrors).toBeGreaterThan(0);
    expect(r.stderr).toBe(`${rows.length} puzzles, ${withErrors} with errors\n`);
  });

  it('exits 0 with no output lines when every puzzle is valid', () => {
    const r = run('check', 'samples/golden-nugget.sdk');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('1 puzzle, 0 with errors\n');
  });

  it('does not print hints', () => {
    const file = join(tmp(), 'hints.sdm');
    let unreduced = '';
    for (const ch of GN) for (let d = 1; d <= 9; d++) unreduced += ch === '.' || ch === String(d) ? String(d) : '.';
    writeFileSync(file, `${unreduced}\n`);
    const json = jsonRows(run('check', file, '--json').stdout);
    expect((json[0].diagnostics as { severity: string }[]).length).toBeGreaterThan(0);
    expect((json[0].diagnostics as { severity: string }[]).every((d) => d.severity === 'hint')).toBe(true);
    const r = run('check', file);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
  });
});

describe('directories', () => {
  it('reads .sdk, .sdm, .ss and .txt files (any case) recursively, in name order', () => {
    const dir = join(tmp(), 'collection');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'b.txt'), `${GN}\n`);
    writeFileSync(join(dir, 'a.sdk'), `#D nugget\n${GN.match(/.{9}/g)!.join('\n')}\n`);
    writeFileSync(join(dir, 'c.md'), `${GN}\n`);
    writeFileSync(join(dir, 'sub', 'd.ss'), `${GN.match(/.{9}/g)!.map((r) => `${r.slice(0, 3)}|${r.slice(3, 6)}|${r.slice(6)}`).join('\n')}\n`);
    writeFileSync(join(dir, 'z.SDM'), `${GN} upper-case extension\n`);
    const r = run('check', dir, '--json');
    expect(r.status).toBe(0);
    const rows = jsonRows(r.stdout);
    expect(rows.map((row) => [row.file, row.kind, row.line, row.solution])).toEqual([
      [join(dir, 'a.sdk'), 'grid', 2, GN_SOLUTION],
      [join(dir, 'b.txt'), '81', 1, GN_SOLUTION],
      [join(dir, 'sub', 'd.ss'), 'grid', 1, GN_SOLUTION],
      [join(dir, 'z.SDM'), '81', 1, GN_SOLUTION],
    ]);
    expect(rows.every((row) => row.text === GN)).toBe(true);
  });

  it('accepts several files and directories in one run', () => {
    const r = run('check', 'samples/golden-nugget.sdk', 'samples/euler.ss', '--json');
    const rows = jsonRows(r.stdout);
    expect(rows.map((row) => row.file)).toEqual(['samples/golden-nugget.sdk', 'samples/euler.ss']);
    expect(r.status).toBe(0);
  });
});

describe('solve', () => {
  it('prints the status, the solution and its grid for a puzzle given as an argument', () => {
    const r = run('solve', GN);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('<argument>:1: unique solution');
    expect(lines[1]).toBe(GN_SOLUTION);
    expect(lines.slice(2, 13)).toEqual([
      '7 5 1 | 8 4 6 | 2 3 9',
      '8 9 2 | 3 7 1 | 4 6 5',
      '6 4 3 | 2 5 9 | 8 7 1',
      '------+-------+------',
      '2 3 8 | 1 9 7 | 5 4 6',
      '9 7 4 | 5 6 2 | 3 1 8',
      '1 6 5 | 4 3 8 | 9 2 7',
      '------+-------+------',
      '3 1 9 | 6 8 4 | 7 5 2',
      '5 2 7 | 9 1 3 | 6 8 4',
      '4 8 6 | 7 2 5 | 1 9 3',
    ]);
    expect(r.stderr).toBe('1 puzzle, 0 with errors\n');
  });

  it("reads a puzzle argument in '0' style with trailing text", () => {
    const r = run('solve', `${GN.replace(/\./g, '0')} Golden Nugget`, '--json');
    const [row] = jsonRows(r.stdout);
    expect(row).toMatchObject({ file: '<argument>', line: 1, kind: '81', text: GN, givens: 21, solutions: 1, solution: GN_SOLUTION, diagnostics: [] });
    expect(r.status).toBe(0);
  });

  it('solves a file with --json', () => {
    const r = run('solve', 'samples/golden-nugget.sdk', '--json');
    expect(r.status).toBe(0);
    const rows = jsonRows(r.stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ file: 'samples/golden-nugget.sdk', kind: 'grid', text: GN, solutions: 1, solution: GN_SOLUTION, diagnostics: [] });
  });

  it('reports problems and the status of puzzles without a unique solution, exit code 1 on errors', () => {
    const r = run('solve', NO_SOLUTION);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('<argument>:1:1: error no-solution: The puzzle has no solution\n<argument>:1: no solution\n');
    const broken = run('solve', `${GN.slice(0, 80)}`);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('error wrong-length');
    expect(broken.stdout).toContain('<argument>:1: unreadable');
  });

  it('reports a multiple-solution puzzle with a warning only (exit code 0)', () => {
    const r = run('solve', '.'.repeat(81));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^<argument>:1:1: warning multiple-solutions: The puzzle has at least 2 solutions; they differ at /);
    expect(r.stdout).toContain('<argument>:1: at least 2 solutions\n');
  });

  it('honours --budget-nodes', () => {
    const r = run('solve', GN, '--budget-nodes', '1');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('warning solver-budget');
    expect(r.stdout).toContain('<argument>:1: unknown (solver budget exceeded)');
    expect(r.stdout).not.toContain(GN_SOLUTION);
  });
});

describe('usage and I/O errors (exit code 2)', () => {
  it.each([
    [['frob', 'samples'], "Unknown command 'frob'"],
    [[], 'No command given'],
    [['check', 'samples', '--budget-nodes', 'abc'], "--budget-nodes takes a positive whole number, not 'abc'"],
    [['check', 'samples', '--budget-nodes', '0'], "not '0'"],
    [['check', 'samples', '--budget-nodes', '-5'], '--budget-nodes'],
    [['check', 'samples', '--budget-nodes=-5'], "not '-5'"],
    [['check', 'samples', '--budget-nodes', '2.5'], "not '2.5'"],
    [['check', 'samples', '--budget-nodes', '1e3'], "not '1e3'"],
    [['solve', 'samples/no-such-file.sdk'], "'samples/no-such-file.sdk' is neither a file nor a puzzle"],
    [['check', 'samples', '--budget-nodes'], 'Usage:'],
    [['check', 'samples', '--frobnicate'], 'Usage:'],
  ])('%j', (args, message) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^sudoku-lens: /);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('Usage:');
  });

  it('a missing file for check', () => {
    const r = run('check', 'samples/no-such-file.sdk');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^sudoku-lens: .*no-such-file\.sdk/);
  });

  it('prints the usage with --help and exits 0', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('sudoku-lens check PUZZLE|FILE|DIR...');
    expect(r.stdout).toContain('sudoku-lens solve PUZZLE|FILE...');
  });

  it("lists the commands README's Command line section shows, in the same order", () => {
    const helped = [...run('--help').stdout.matchAll(/^ {2}sudoku-lens ([a-z][a-z0-9-]*) /gm)].map((m) => m[1]);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Command line'));
    const block = section.slice(0, section.indexOf('```', section.indexOf('```sh') + 1));
    const shown = [...block.matchAll(/^node dist\/cli\.js ([a-z][a-z0-9-]*) /gm)].map((m) => m[1]);
    expect(helped.length).toBeGreaterThan(5);
    expect(shown).toEqual(helped);
  });
});

/**
 * Shards of every batch command besides rate (issue 13; rate's are cli-shard.test.ts): each
 * shard's --output with its manifest (shardRun.ts), `merge` giving byte for byte what one run
 * prints, --resume of a killed shard, and the refusals that name the mismatch.
 */
import { existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../dataPath';
import { MULTI, NO_SCHEDULER, NO_SOLUTION, cliTestFolder, headLines, killedShard, runCliWith } from '../cli';

const folder = cliTestFolder('sudoku-lens-shard-commands-');

const runEnv = (env: NodeJS.ProcessEnv, ...args: string[]) => runCliWith({ env: { ...NO_SCHEDULER, ...env }, cwd: folder(), timeoutMs: 600_000 }, ...args);
const run = (...args: string[]) => runEnv({}, ...args);
const text = (name: string): string => readFileSync(join(folder(), name), 'utf8');

/** The first `count` lines of a data file, written to the test folder (with `extra` lines after the 3rd). */
function slice(name: string, source: string, count: number, extra: string[] = []): string {
  const lines = readFileSync(source, 'utf8').split('\n').slice(0, count);
  writeFileSync(join(folder(), name), `${[...lines.slice(0, 3), ...extra, ...lines.slice(3)].join('\n')}\n`);
  return name;
}

/** 38 17-clue puzzles and two with errors (several solutions, none): rows of every kind. */
const puzzles = () => slice('p40.txt', dataPath('gss-17clue', 'sudoku17_spl.dat'), 38, [MULTI, NO_SOLUTION]);
const SOLUTIONS = dataPath('tdoku', 'solutions', 'puzzles2_17_clue.sol');
/** Solution grids of tdoku's 17-clue puzzles (puzzle:count:grid lines), the first `count`. */
function grids(name: string, count: number): string {
  const rows = readFileSync(SOLUTIONS, 'utf8').split('\n').filter((l) => l.length > 81 && !l.startsWith('#'));
  writeFileSync(join(folder(), name), `${rows.slice(0, count).map((l) => l.split(':')[2]).join('\n')}\n`);
  return name;
}

/** Runs `args` once, then as N shards to out-{shard}, merges them: the merge must be the single run, byte for byte. */
function expectMergeIsSingle(name: string, args: string[], count: number): void {
  const single = run(...args);
  expect(single.stderr).not.toContain('sudoku-lens: shard');
  for (let i = 0; i < count; i++) {
    const shard = run(...args, '--shard', `${i}/${count}`, '--output', `${name}-{shard}`);
    expect(shard.stderr).toContain(`sudoku-lens: shard ${i}/${count} (--shard)`);
    expect(shard.stdout).toBe('');
  }
  const merged = run('merge', ...Array.from({ length: count }, (_, i) => `${name}-${i}`));
  expect([merged.status, merged.stderr]).toEqual([0, '']);
  expect(merged.stdout).toBe(single.stdout);
  expect(single.stdout.length).toBeGreaterThan(0);
}

describe('merge of the shards of each command is the single run, byte for byte', () => {
  it.each([
    ['check', ['--json']],
    ['check-text', []],
    ['solve', []],
    ['path', ['--json']],
    ['bliss', []],
    ['minimal', []],
  ])('%s', (command, options) => {
    expectMergeIsSingle(command, [command.replace('-text', ''), puzzles(), ...options], 3);
  }, 600_000);

  // ua's text rows say how long each list took: its JSON rows are the same in every run.
  it('ua --json (each grid an item)', () => {
    expectMergeIsSingle('ua', ['ua', grids('g5.txt', 5), '--json', '--max-size', '10'], 2);
  }, 600_000);

  it('search-pattern (each pattern and grid an item)', () => {
    // The pattern of the first grid's 17-clue puzzle: that grid has it, the others most likely not.
    const [first] = readFileSync(SOLUTIONS, 'utf8').split('\n').filter((l) => l.length > 81 && !l.startsWith('#'));
    writeFileSync(join(folder(), 'pattern.txt'), `${first.split(':')[0].replace(/[1-9]/g, 'x')}\n`);
    expectMergeIsSingle('sp', ['search-pattern', 'pattern.txt', '--grids', grids('g4.txt', 4)], 2);
  }, 600_000);

  // A search for 17 clues takes seconds a grid; one for 8 clues less, and it finds none (no puzzle has fewer than 17):
  // one run prints nothing, and the shards still account for every grid.
  it('search17 (each grid an item)', () => {
    const args = ['search17', grids('g2.txt', 2), '--clues', '8'];
    for (const i of [0, 1]) expect(run(...args, '--shard', `${i}/2`, '--output', `s17-{shard}`).status).toBe(0);
    for (const i of [0, 1]) expect(text(`s17-${i}.shard.jsonl`).trim().split('\n').slice(1)).toEqual(['0', expect.stringMatching(/^\{"end":true,"items":2,/)]);
    const merged = run('merge', 's17-0', 's17-1');
    expect([merged.status, merged.stdout, merged.stderr]).toEqual([0, '', '']);
  }, 600_000);

  it("takes its shard from a Slurm array task's environment, as rate does", () => {
    const all = run('minimal', puzzles(), '--json').stdout.trim().split('\n');
    const r = runEnv({ SLURM_ARRAY_TASK_ID: '5', SLURM_ARRAY_TASK_MIN: '4', SLURM_ARRAY_TASK_COUNT: '13' }, 'minimal', 'p40.txt', '--json');
    expect(r.stderr).toContain('sudoku-lens: shard 1/13 (SLURM_ARRAY_TASK_ID=5)');
    expect(r.stdout.trim().split('\n')).toEqual([all[1], all[14], all[27]]);
  }, 300_000);
});

describe('--resume of a shard', () => {
  it('path: a task killed midway finishes only what is missing', async () => {
    // The forum's hardest on stdin, fed its first two and left open: item 0 is the shard's, so it
    // records exactly one and then waits for more, however fast the paths are found.
    const puzzles = text(slice('hard.txt', dataPath('tdoku', 'puzzles5_forum_hardest_1905_11+'), 6));
    const recorded = await killedShard(folder(), ['path', '-', '--shard', '0/2', '--output', 'kp-{shard}'], join(folder(), 'kp-0.shard.jsonl'), 1, headLines(puzzles, 2));
    expect(recorded).toBe(1);
    const piped = (...args: string[]) => runCliWith({ env: NO_SCHEDULER, cwd: folder(), timeoutMs: 600_000, input: puzzles }, ...args);
    const resumed = piped('path', '-', '--shard', '0/2', '--output', 'kp-{shard}', '--resume');
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toContain('1 item of this shard already done');
    expect(piped('path', '-', '--shard', '1/2', '--output', 'kp-{shard}').status).toBe(0);
    const merged = run('merge', 'kp-0', 'kp-1');
    expect([merged.status, merged.stdout]).toEqual([0, piped('path', '-').stdout]);
  }, 600_000);

  it('ua: a shard cut short (a partial row, its record missing) is finished', () => {
    const file = grids('g6.txt', 6);
    const args = ['ua', file, '--json', '--max-size', '8'];
    for (const i of [0, 1]) run(...args, '--shard', `${i}/2`, '--output', 'ku-{shard}');
    // As a kill leaves it: one item recorded, the next row written in part.
    const rows = text('ku-0');
    writeFileSync(join(folder(), 'ku-0.shard.jsonl'), `${text('ku-0.shard.jsonl').split('\n').slice(0, 2).join('\n')}\n`);
    truncateSync(join(folder(), 'ku-0'), rows.indexOf('\n') + 40);
    const resumed = run(...args, '--shard', '0/2', '--output', 'ku-{shard}', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([0, expect.stringContaining('1 item of this shard already done')]);
    expect(text('ku-0')).toBe(rows);
    expect(run('merge', 'ku-0', 'ku-1').stdout).toBe(run(...args).stdout);
  }, 300_000);

  it('search-pattern stopped by its budget leaves the grids it did not search to --resume, with a larger budget', () => {
    const [first] = readFileSync(SOLUTIONS, 'utf8').split('\n').filter((l) => l.length > 81 && !l.startsWith('#'));
    writeFileSync(join(folder(), 'pattern.txt'), `${first.split(':')[0].replace(/[1-9]/g, 'x')}\n`);
    const args = ['search-pattern', 'pattern.txt', '--grids', grids('g3.txt', 3)];
    const r = run(...args, '--budget-ms', '1', '--shard', '0/1', '--output', 'bp');
    expect([r.status, r.stderr]).toEqual([1, expect.stringContaining('stopped by --budget-ms 1')]);
    expect(text('bp.shard.jsonl')).not.toContain('"end"');
    const resumed = run(...args, '--shard', '0/1', '--output', 'bp', '--resume');
    expect(resumed.status).toBe(0);
    expect(text('bp.shard.jsonl')).toContain('{"end":true,"items":3,');
    expect(run('merge', 'bp').stdout).toBe(run(...args).stdout);
  }, 600_000);
});

describe('refusals', () => {
  it('merge refuses shards of different commands or options, naming the difference', () => {
    const file = puzzles();
    run('bliss', file, '--shard', '0/2', '--output', 'mix-{shard}');
    run('minimal', file, '--shard', '1/2', '--output', 'mix-{shard}');
    const commands = run('merge', 'mix-0', 'mix-1');
    expect([commands.status, commands.stderr]).toEqual([2, expect.stringContaining('mix-1 is not of the run of mix-0: command "bliss" ≠ "minimal"')]);
    // --level 2 is bliss's default: the same rows, the same run; --level 1 is another.
    run('bliss', file, '--level', '2', '--shard', '1/2', '--output', 'mix-{shard}');
    expect(run('merge', 'mix-0', 'mix-1').status).toBe(0);
    run('bliss', file, '--level', '1', '--shard', '1/2', '--output', 'mix-{shard}');
    expect(run('merge', 'mix-0', 'mix-1').stderr).toContain('options {"level":"2"} ≠ {"level":"1"}');
    const g = grids('g2.txt', 2);
    run('ua', g, '--json', '--shard', '0/2', '--output', 'mu-{shard}');
    run('ua', g, '--shard', '1/2', '--output', 'mu-{shard}');
    expect(run('merge', 'mu-0', 'mu-1').stderr).toContain('options {"json":true,"max-size":"12"} ≠ {"max-size":"12"}');
  }, 300_000);

  it.each([
    [['solve', MULTI, '--output', 'x', '--resume'], '--resume continues a sharded --output from its manifest: add --shard I/N'],
    [['minimal', MULTI, '--resume'], '--resume needs --output FILE'],
    [['ua', MULTI, '--shard', '0/2', '--output', 'u.txt'], '--output u.txt: a sharded run\'s output needs {shard} in its name'],
    [['search17', MULTI, '--shard', '2/2'], '--shard 2/2: shard 2 does not exist among 2'],
  ])('%j is a usage error, nothing written', (args, message) => {
    const r = run(...args);
    expect([r.status, r.stderr]).toEqual([2, expect.stringContaining(message)]);
    expect(existsSync(join(folder(), 'x')) || existsSync(join(folder(), 'u.txt'))).toBe(false);
  });

  it('a resumed shard of other options is refused and left as it is', () => {
    const file = puzzles();
    run('check', file, '--json', '--shard', '0/2', '--output', 'rc-{shard}');
    const before = text('rc-0');
    const r = run('check', file, '--shard', '0/2', '--output', 'rc-{shard}', '--resume');
    expect([r.status, r.stderr]).toEqual([2, expect.stringContaining('--resume: rc-0.shard.jsonl is of another run (options {"json":true} ≠ {})')]);
    expect(text('rc-0')).toBe(before);
  }, 300_000);
});

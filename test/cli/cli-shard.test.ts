/**
 * Shards (issue 13): `--shard I/N` or a scheduler's environment picks every N-th item, each
 * shard's --output has a manifest, --resume finishes a killed shard, and `merge` rebuilds what
 * one process prints, byte for byte.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../dataPath';
import { NO_SCHEDULER, cliTestFolder, headLines, killedShard, runCliWith } from '../cli';

const folder = cliTestFolder('sudoku-lens-shard-');

const run = (env: NodeJS.ProcessEnv, ...args: string[]) => runCliWith({ env: { ...NO_SCHEDULER, ...env }, cwd: folder() }, ...args);

/** 300 17-clue puzzles (quick to rate) written to the test folder. */
function slice(name: string, from: number, count: number, source = dataPath('gss-17clue', 'sudoku17_spl.dat')): string {
  const lines = readFileSync(source, 'utf8').split('\n').slice(from, from + count);
  const file = join(folder(), name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return name;
}

describe('--shard and the scheduler environment', () => {
  it('takes items I, I+N, … and says which shard it is and where from', () => {
    const file = slice('ten.txt', 0, 10);
    const all = run({}, 'rate', file, '--json').stdout.trim().split('\n');
    const r = run({}, 'rate', file, '--json', '--shard', '1/3');
    expect(r.stderr).toContain('sudoku-lens: shard 1/3 (--shard)');
    expect(r.stdout.trim().split('\n')).toEqual([all[1], all[4], all[7]]);
    // Slurm: I = (ID - MIN) / STEP, N = COUNT.
    const slurm = run({ SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_MIN: '3', SLURM_ARRAY_TASK_STEP: '2', SLURM_ARRAY_TASK_COUNT: '3', SLURM_ARRAY_TASK_MAX: '7' }, 'rate', file, '--json');
    expect(slurm.stderr).toContain('sudoku-lens: shard 2/3 (SLURM_ARRAY_TASK_ID=7)');
    expect(slurm.stdout.trim().split('\n')).toEqual([all[2], all[5], all[8]]);
    const k8s = run({ JOB_COMPLETION_INDEX: '0', SUDOKU_LENS_SHARDS: '4' }, 'rate', file, '--json');
    expect(k8s.stderr).toContain('sudoku-lens: shard 0/4 (JOB_COMPLETION_INDEX=0)');
    expect(k8s.stdout.trim().split('\n')).toEqual([all[0], all[4], all[8]]);
  });

  // path shares their loop (puzzleCommand.ts); its JSON rows are steps, which do not say their line.
  it.each([['check'], ['solve']])('%s takes the same items', (command) => {
    const file = slice('seven.txt', 0, 7);
    const lines = (env: NodeJS.ProcessEnv, ...args: string[]) => {
      const r = run(env, command, file, '--json', ...args);
      return { stderr: r.stderr, lines: r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { line: number }).line) };
    };
    expect(lines({}).lines).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(lines({}, '--shard', '1/3').lines).toEqual([2, 5]);
    const slurm = lines({ SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '3' });
    expect(slurm.stderr).toContain('sudoku-lens: shard 2/3 (SLURM_ARRAY_TASK_ID=2)');
    expect(slurm.lines).toEqual([3, 6]);
  });

  it.each([['5/4'], ['0/0'], ['x/2'], ['1']])('--shard %s is a usage error', (shard) => {
    const r = run({}, 'rate', slice('two.txt', 0, 2), '--shard', shard);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--shard ${shard}`);
  });

  it('refuses an --output without {shard} (the tasks would overwrite each other), and an index without its count', () => {
    const r = run({}, 'rate', slice('two.txt', 0, 2), '--shard', '0/2', '--output', 'out.txt');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('{shard}');
    const k8s = run({ JOB_COMPLETION_INDEX: '1' }, 'rate', 'two.txt');
    expect(k8s.status).toBe(2);
    expect(k8s.stderr).toContain('SUDOKU_LENS_SHARDS');
  });
});

describe('merge', () => {
  it.each([
    ['json', ['--json', '--method', 'all']],
    ['csv', ['--csv', '--method', 'all']],
    ['text', ['--format', '%i %g ED=%r/%p/%d']],
  ])('rebuilds the single run byte for byte (%s)', (format, options) => {
    const file = slice('p300.txt', 0, 300);
    const single = run({}, 'rate', file, ...options, '--output', `single.${format}`);
    expect(single.status).toBe(0);
    for (const i of [0, 1, 2]) expect(run({}, 'rate', file, ...options, '--shard', `${i}/3`, '--output', `${format}-{shard}.out`).status).toBe(0);
    // The shell's `fmt-*` names the manifests too: they stand for their outputs.
    const merged = run({}, 'merge', `${format}-0.out`, `${format}-1.out`, `${format}-2.out`, `${format}-2.out.shard.jsonl`);
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    expect(merged.stdout).toBe(readFileSync(join(folder(), `single.${format}`), 'utf8'));
  });

  it('numbers the items of a mixed document as the single run does (grids, headers, comments, 729 and library lines)', () => {
    // Shards pass over the others' lines unparsed where a line alone is the item: the numbering must not drift.
    const seventeen = readFileSync(dataPath('gss-17clue', 'sudoku17_spl.dat'), 'utf8').split('\n').slice(0, 8);
    const mixed = readFileSync(join(__dirname, '..', 'fixtures', 'parse-mixed.sdm'), 'utf8');
    const lines = [...seventeen.slice(0, 3), '', '# comment', seventeen[3], `:0000:x:${seventeen[4]}:::`, '#! variant: X', seventeen[5], mixed, ...seventeen.slice(6)];
    writeFileSync(join(folder(), 'mixed.sdm'), `${lines.join('\n')}\n`);
    for (const [name, options] of [['mj', ['--json']], ['mt', ['--format', '%i %l %g ED=%r/%p/%d']]] as const) {
      const single = run({}, 'rate', 'mixed.sdm', ...options);
      for (const i of [0, 1, 2]) run({}, 'rate', 'mixed.sdm', ...options, '--shard', `${i}/3`, '--output', `${name}-{shard}`);
      const merged = run({}, 'merge', `${name}-0`, `${name}-1`, `${name}-2`);
      expect(merged.status).toBe(0);
      expect(merged.stdout).toBe(single.stdout);
    }
  });

  it.each([
    // Every puzzle kept, X ones too (their solutions under X are no matter to `clues`); SE rates classic ones only.
    ['--where clues', ['--where', 'clues >= 17'], true],
    ['--where er', ['--where', 'er <= 2.3'], false],
  ] as const)('of filtered shards (%s) gives the lines one filtered run prints, its variant lines too', (_, filter, variants) => {
    // Classic and X puzzles interleaved: a kept puzzle's variant line depends on the kept one before it, in whichever shard.
    const p = readFileSync(dataPath('gss-17clue', 'sudoku17_spl.dat'), 'utf8').split('\n').slice(0, 14);
    const lines = [...p.slice(0, 3), '#! variant: X', ...p.slice(3, 5), '#! variant: classic', ...p.slice(5, 9), '#! variant: X', p[9], '#! variant: classic', ...p.slice(10)];
    writeFileSync(join(folder(), 'variants.txt'), `${lines.join('\n')}\n`);
    const single = run({}, 'rate', 'variants.txt', ...filter);
    expect(single.stdout.includes('#! variant: X')).toBe(variants);
    expect(single.stdout.split('\n').length).toBeGreaterThan(2);
    for (const i of [0, 1, 2]) {
      const shard = run({}, 'rate', 'variants.txt', ...filter, '--shard', `${i}/3`, '--output', 'f-{shard}');
      expect(shard.stderr).toContain(`shard ${i}/3`);
    }
    const merged = run({}, 'merge', 'f-0', 'f-1', 'f-2');
    expect([merged.status, merged.stderr]).toEqual([0, '']);
    expect(merged.stdout).toBe(single.stdout);
  });

  it('refuses shards of other options or inputs, naming the difference', () => {
    const file = slice('m20.txt', 0, 20);
    // --method se is the default: the same rows, the same run.
    run({}, 'rate', file, '--json', '--method', 'se', '--shard', '0/2', '--output', 'mm-{shard}');
    run({}, 'rate', file, '--json', '--shard', '1/2', '--output', 'mm-{shard}');
    expect(run({}, 'merge', 'mm-0', 'mm-1').status).toBe(0);
    run({}, 'rate', file, '--json', '--method', 'w', '--shard', '1/2', '--output', 'mm-{shard}');
    const r = run({}, 'merge', 'mm-0', 'mm-1');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/mm-1 is not of the run of mm-0: options .*"method":"w"/);
    run({}, 'rate', file, '--json', '--shard', '1/3', '--output', 'mm-{shard}');
    expect(run({}, 'merge', 'mm-0', 'mm-1').stderr).toContain('of 2 ≠ 3');
  });

  it('writes no merged file or manifest over one of its own inputs', () => {
    const file = slice('mi20.txt', 0, 20);
    for (const i of [0, 1]) run({}, 'rate', file, '--json', '--shard', `${i}/2`, '--output', 'mi-{shard}');
    const before = readFileSync(join(folder(), 'mi-1'), 'utf8');
    for (const target of ['mi-1', 'mi-0.shard.jsonl']) {
      const r = run({}, 'merge', 'mi-0', 'mi-1', '--output', target);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`--output ${target} is the input ${target}`);
    }
    expect(readFileSync(join(folder(), 'mi-1'), 'utf8')).toBe(before);
    // A rate whose manifest would be written over its input.
    writeFileSync(join(folder(), 'in.shard.jsonl'), readFileSync(join(folder(), file), 'utf8'));
    const r = run({}, 'rate', 'in.shard.jsonl', '--json', '--shard', '0/1', '--output', 'in');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--output in.shard.jsonl is the input in.shard.jsonl');
  });

  it('names the items no shard finished, exit 1', () => {
    const file = slice('m12.txt', 0, 12);
    for (const i of [0, 2]) run({}, 'rate', file, '--json', '--shard', `${i}/3`, '--output', 'miss-{shard}');
    const r = run({}, 'merge', 'miss-0', 'miss-2');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('merge: items 1, 4, 7, 10 (shard 1) missing');
    expect(r.stdout.trim().split('\n')).toHaveLength(8);
  });
});

describe('--resume of a killed shard', () => {
  it('finishes only what is missing, and merge equals the single run', async () => {
    // The shard reads stdin, which is fed its first four puzzles and left open: items 0 and 2 are
    // its own, so it records exactly two and then waits for more, however fast it rates.
    const puzzles = readFileSync(join(folder(), slice('hard.txt', 0, 16, dataPath('magictour-top95', 'top95.txt'))), 'utf8');
    const options = ['rate', '-', '--json', '--workers', '1'];
    const recorded = await killedShard(folder(), [...options, '--shard', '0/2', '--output', 'k-{shard}'], join(folder(), 'k-0.shard.jsonl'), 2, headLines(puzzles, 4));
    expect(recorded).toBe(2);
    const piped = (...args: string[]) => runCliWith({ env: NO_SCHEDULER, cwd: folder(), input: puzzles }, ...args);
    const resumed = piped(...options, '--shard', '0/2', '--output', 'k-{shard}', '--resume');
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toContain('2 items of this shard already done');
    expect(piped(...options, '--shard', '1/2', '--output', 'k-{shard}').status).toBe(0);
    const merged = run({}, 'merge', 'k-0', 'k-1');
    expect(merged.status).toBe(0);
    expect(merged.stdout).toBe(piped(...options).stdout);
    expect(merged.stdout.trim().split('\n')).toHaveLength(16);
  });
});

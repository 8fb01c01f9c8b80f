/**
 * --resume of the two commands that once set up their own shard manifest (issue 13): the filters
 * (rate/check --where, --diamond, --pearl) and generate now open their run through shardRun.ts.
 * A killed or cut-short shard re-run with --resume finishes only what its manifest does not
 * account for; `merge` then gives byte for byte what one run prints; a resume or a merge of
 * another run's shard is refused, naming the difference.
 */
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../dataPath';
import { NO_SCHEDULER, cliTestFolder, headLines, killedShard, runCliWith } from '../cli';

const folder = cliTestFolder('sudoku-lens-shard-resume-');

const run = (...args: string[]) => runCliWith({ env: NO_SCHEDULER, cwd: folder(), timeoutMs: 600_000 }, ...args);
const text = (name: string): string => readFileSync(join(folder(), name), 'utf8');
const lines = (file: string, from: number, count: number): string[] => readFileSync(file, 'utf8').split('\n').slice(from, from + count);
const write = (name: string, content: string[]): string => {
  writeFileSync(join(folder(), name), `${content.join('\n')}\n`);
  return name;
};

/** The manifest cut to its header and first `items` records, as a kill leaves it. */
function cutManifest(output: string, items: number): void {
  write(`${output}.shard.jsonl`, text(`${output}.shard.jsonl`).split('\n').slice(0, 1 + items));
}

describe('a filter shard', () => {
  it('killed midway and run again with --resume finishes only what is missing; merge is the single run', async () => {
    // The forum's hardest, each rated to its end (er<=20 is settled only there), on stdin: fed its
    // first two and left open, the shard records exactly item 0 and then waits for more, however
    // fast it rates. No rating may be cut by the clock.
    const puzzles = `${lines(dataPath('tdoku', 'puzzles5_forum_hardest_1905_11+'), 0, 8).join('\n')}\n`;
    const args = ['rate', '-', '--where', 'er<=20', '--workers', '1', '--budget-ms', '600000'];
    const recorded = await killedShard(folder(), [...args, '--shard', '0/2', '--output', 'kf-{shard}'], join(folder(), 'kf-0.shard.jsonl'), 1, headLines(puzzles, 2));
    expect(recorded).toBe(1);
    const piped = (...more: string[]) => runCliWith({ env: NO_SCHEDULER, cwd: folder(), timeoutMs: 600_000, input: puzzles }, ...args, ...more);
    const resumed = piped('--shard', '0/2', '--output', 'kf-{shard}', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([0, expect.stringContaining('1 item of this shard already done')]);
    expect(resumed.stderr).toContain('3 puzzles, ');
    // --resume with nothing to resume from is a first run: a requeued task's command line serves both.
    expect(piped('--shard', '1/2', '--output', 'kf-{shard}', '--resume').status).toBe(0);
    const merged = run('merge', 'kf-0', 'kf-1');
    const single = piped();
    expect([merged.status, merged.stderr]).toEqual([0, '']);
    expect(merged.stdout).toBe(single.stdout);
    expect(single.stdout).not.toBe('');
  }, 600_000);

  it('cut short (a partial row, its record missing) is finished with the variant lines one run prints', () => {
    // Classic and X puzzles interleaved: a kept puzzle's variant line depends on the kept one before it.
    const p = lines(dataPath('gss-17clue', 'sudoku17_spl.dat'), 0, 14);
    write('variants.txt', [...p.slice(0, 3), '#! variant: X', ...p.slice(3, 5), '#! variant: classic', ...p.slice(5, 9), '#! variant: X', p[9], '#! variant: classic', ...p.slice(10)]);
    const args = ['check', 'variants.txt', '--where', 'clues >= 17'];
    for (const i of [0, 1]) expect(run(...args, '--shard', `${i}/2`, '--output', 'cf-{shard}').status).toBe(0);
    const rows = text('cf-1');
    // Shard 1 holds items 1, 3, 5, …: its third (item 5) follows an X puzzle, so its lines start with a variant line.
    expect(rows.split('\n').filter((l) => l.startsWith('#! variant:'))).toHaveLength(7);
    cutManifest('cf-1', 2);
    const kept = rows.split('\n').slice(0, 4).join('\n').length + 1;
    truncateSync(join(folder(), 'cf-1'), kept + 10);
    const resumed = run(...args, '--shard', '1/2', '--output', 'cf-{shard}', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([0, expect.stringContaining('2 items of this shard already done')]);
    expect(resumed.stderr).toContain('5 puzzles, 5 kept');
    expect(text('cf-1')).toBe(rows);
    const merged = run('merge', 'cf-0', 'cf-1');
    expect([merged.status, merged.stdout]).toEqual([0, run(...args).stdout]);
    expect(merged.stdout).toContain('#! variant: X');
  }, 300_000);

  it('of other options is refused, by --resume (left as it is) and by merge, naming the difference', () => {
    const file = write('f20.txt', lines(dataPath('gss-17clue', 'sudoku17_spl.dat'), 0, 20));
    run('check', file, '--where', 'clues >= 17', '--shard', '0/2', '--output', 'of-{shard}');
    run('check', file, '--where', 'clues >= 18', '--shard', '1/2', '--output', 'of-{shard}');
    const merged = run('merge', 'of-0', 'of-1');
    expect([merged.status, merged.stderr]).toEqual([2, expect.stringContaining('of-1 is not of the run of of-0: options {"where":"clues >= 17"} ≠ {"where":"clues >= 18"}')]);
    const before = text('of-0');
    const resumed = run('check', file, '--where', 'clues >= 18', '--shard', '0/2', '--output', 'of-{shard}', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([2, expect.stringContaining('--resume: of-0.shard.jsonl is of another run (options {"where":"clues >= 17"} ≠ {"where":"clues >= 18"})')]);
    expect(text('of-0')).toBe(before);
    // rate's filter and check's are other commands.
    run('rate', file, '--where', 'clues >= 17', '--shard', '1/2', '--output', 'of-{shard}');
    expect(run('merge', 'of-0', 'of-1').stderr).toContain('command "check" ≠ "rate"');
  }, 300_000);

  it('without a shard, --resume is refused: a filter\'s lines do not say which item they are', () => {
    const file = write('f2.txt', lines(dataPath('gss-17clue', 'sudoku17_spl.dat'), 0, 2));
    const r = run('rate', file, '--where', 'clues >= 17', '--output', 'u.txt', '--resume');
    expect([r.status, r.stderr]).toEqual([2, expect.stringContaining('--resume continues a sharded --output from its manifest: add --shard I/N')]);
  });
});

describe('a generate shard', () => {
  const generate = ['generate', '-n', '8', '--seed', '7', '--where', 'er>=7', '--format', '%g %r', '--workers', '1'];

  it('killed midway and run again with --resume makes only what is missing; merge is the single run', async () => {
    const recorded = await killedShard(folder(), [...generate, '--shard', '0/2', '--output', 'kg-{shard}'], join(folder(), 'kg-0.shard.jsonl'), 1);
    expect(recorded).toBeLessThan(4);
    const resumed = run(...generate, '--shard', '0/2', '--output', 'kg-{shard}', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([0, expect.stringContaining(`${recorded} item${recorded === 1 ? '' : 's'} of this shard already done`)]);
    expect(resumed.stderr).toContain(`${4 - recorded} puzzle${4 - recorded === 1 ? '' : 's'} in`);
    expect(run(...generate, '--shard', '1/2', '--output', 'kg-{shard}', '--resume').status).toBe(0);
    const merged = run('merge', 'kg-0', 'kg-1');
    expect([merged.status, merged.stderr]).toEqual([0, '']);
    expect(merged.stdout).toBe(run(...generate).stdout);
  }, 600_000);

  it('cut short under a variant line is finished; merge prints the variant line once', () => {
    const args = ['generate', '-n', '6', '--seed', 'x', '--variant', 'X', '--workers', '1'];
    for (const i of [0, 1, 2]) expect(run(...args, '--shard', `${i}/3`, '--output', 'cg-{shard}').status).toBe(0);
    const rows = text('cg-2');
    cutManifest('cg-2', 1);
    truncateSync(join(folder(), 'cg-2'), rows.split('\n').slice(0, 2).join('\n').length + 30);
    const resumed = run(...args, '--shard', '2/3', '--output', 'cg-{shard}', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([0, expect.stringContaining('1 item of this shard already done')]);
    expect(text('cg-2')).toBe(rows);
    const merged = run('merge', 'cg-0', 'cg-1', 'cg-2');
    expect([merged.status, merged.stdout]).toEqual([0, run(...args).stdout]);
    expect(merged.stdout.startsWith('#! variant: X\n')).toBe(true);
  }, 300_000);

  it('that ran out of --time-limit records no puzzle it did not make: --resume makes them', () => {
    // The limit shapes no line: a --resume may give another (or none).
    const args = ['generate', '-n', '3', '--seed', '2', '--workers', '1'];
    const limited = run(...args, '--time-limit', '1ms', '--shard', '0/1', '--output', 'tg');
    expect([limited.status, limited.stderr]).toEqual([1, expect.stringContaining('the time limit (1ms) ran out')]);
    // One record a puzzle made (a line each), none for those it did not make, no end.
    expect(text('tg.shard.jsonl').split('\n').slice(1, -1)).toEqual(text('tg').split('\n').slice(0, -1).map(() => '1'));
    const early = run('merge', 'tg');
    expect([early.status, early.stderr]).toEqual([1, expect.stringMatching(/merge: .*items from \d on \(no shard finished: no manifest has its end\) missing/)]);
    const resumed = run(...args, '--shard', '0/1', '--output', 'tg', '--resume');
    expect(resumed.status).toBe(0);
    expect(text('tg.shard.jsonl')).toContain('{"end":true,"items":3,');
    expect(run('merge', 'tg').stdout).toBe(run(...args).stdout);
  }, 300_000);

  it('of another --seed is refused, by --resume (left as it is) and by merge; --resume needs a --seed', () => {
    const args = ['generate', '-n', '4', '--workers', '1'];
    run(...args, '--seed', '1', '--shard', '0/2', '--output', 'sg-{shard}');
    run(...args, '--seed', '2', '--shard', '1/2', '--output', 'sg-{shard}');
    const merged = run('merge', 'sg-0', 'sg-1');
    expect([merged.status, merged.stderr]).toEqual([2, expect.stringContaining('sg-1 is not of the run of sg-0: options {"count":"4","seed":"1"} ≠ {"count":"4","seed":"2"}')]);
    const before = text('sg-0');
    const resumed = run(...args, '--seed', '2', '--shard', '0/2', '--output', 'sg-{shard}', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([2, expect.stringContaining('--resume: sg-0.shard.jsonl is of another run (options')]);
    expect(text('sg-0')).toBe(before);
    const seedless = run(...args, '--shard', '0/2', '--output', 'sg-{shard}', '--resume');
    expect([seedless.status, seedless.stderr]).toEqual([2, expect.stringContaining('--resume continues the run of a --seed')]);
    const unsharded = run(...args, '--seed', '1', '--output', 'sg.txt', '--resume');
    expect([unsharded.status, unsharded.stderr]).toEqual([2, expect.stringContaining('--resume continues a sharded --output from its manifest: add --shard I/N')]);
    expect(text('sg-0')).toBe(before);
  }, 300_000);
});

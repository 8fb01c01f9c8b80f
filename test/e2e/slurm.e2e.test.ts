/**
 * The shards on a real Slurm (issue 13): a single-node cluster (scripts/slurm-local.sh) runs a
 * 4-task job array rating 2,000 puzzles with --method all; one task is cancelled midway and
 * resubmitted with --resume; `merge` must give byte for byte what one process prints. The daemons
 * this test starts are stopped after it. Not skipped anywhere: a machine where they cannot start
 * fails here, with the script's own message.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPath } from '../dataPath';
import { CLI, ROOT, buildIfMissing, whenChanged } from '../cli';

const SCRIPT = join(ROOT, 'scripts', 'slurm-local.sh');
let folder = '';
let conf = '';
/** Whether the cluster was down before: only then does afterAll stop it (a developer's own cluster stays). */
let started = false;

function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  const r = spawnSync(cmd, args, { cwd: folder || ROOT, encoding: 'utf8', timeout: 240_000, env: { ...process.env, ...env } });
  if (r.error) throw r.error;
  return r;
}

/** A Slurm client command against our cluster; its stdout, or an error with its stderr. */
function slurm(cmd: string, ...args: string[]): string {
  const r = sh(cmd, args, { SLURM_CONF: conf });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** Submits `command` (run by /bin/sh in the test folder, its output to `log` there) and returns the job id. */
const submit = (sbatch: string[], command: string, log: string): string =>
  slurm('sbatch', '--parsable', `--chdir=${folder}`, `--output=${join(folder, log)}`, ...sbatch, '--wrap', command).trim().split(';')[0];

/**
 * Waits until none of the job's tasks is queued or running. Slurm has no event a client can wait
 * on (no `sbatch --wait` for one array task's state, and scontrol/squeue are queries), so squeue
 * is polled, with a deadline.
 */
async function finished(job: string, deadlineMs = 240_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (slurm('squeue', '-h', '-j', job, '-o', '%i %T').trim() !== '') {
    if (Date.now() > until) throw new Error(`job ${job} still queued or running after ${deadlineMs / 1000} s: ${slurm('squeue', '-h', '-j', job)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const manifestLines = (shard: number): string[] => {
  const file = join(folder, `out-${shard}.jsonl.shard.jsonl`);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l !== '') : [];
};

beforeAll(() => {
  buildIfMissing();
  folder = mkdtempSync(join(tmpdir(), 'sudoku-lens-slurm-'));
  started = sh('bash', [SCRIPT, 'status']).status !== 0;
  const start = sh('bash', [SCRIPT, 'start']);
  if (start.status !== 0) throw new Error(`the Slurm daemons did not start (bash scripts/slurm-local.sh start, exit ${start.status}):\n${start.stderr}`);
  conf = /SLURM_CONF=(\S+)/.exec(sh('bash', [SCRIPT, 'env']).stdout)?.[1] ?? '';
  if (!conf) throw new Error('scripts/slurm-local.sh env printed no SLURM_CONF');
}, 300_000);

afterAll(() => {
  if (started) {
    const stop = sh('bash', [SCRIPT, 'stop']);
    if (stop.status !== 0) throw new Error(`scripts/slurm-local.sh stop failed: ${stop.stderr}`);
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
}, 120_000);

describe('a Slurm job array', () => {
  it('rates 2,000 puzzles in 4 tasks, one cancelled and resumed, merged byte for byte as one process', async () => {
    // 2,000 17-clue puzzles: --method all rates them in ~11 s in one process on this 2-core machine.
    const lines = readFileSync(dataPath('gss-17clue', 'sudoku17_spl.dat'), 'utf8').split('\n').slice(0, 2000);
    writeFileSync(join(folder, 'p2000.txt'), `${lines.join('\n')}\n`);
    // One worker a task: Slurm gives each task one of the 2 CPUs.
    const rate = `${process.execPath} ${CLI} rate p2000.txt --method all --json --workers 1 --output 'out-{shard}.jsonl'`;
    const job = submit(['--array=0-3'], rate, 'task-%a.log');
    // Task 3 runs once a CPU is free; it is cancelled as soon as its manifest records rows (rows written).
    await whenChanged(folder, () => manifestLines(3).length >= 3);
    slurm('scancel', `${job}_3`);
    await finished(job);
    const cut = manifestLines(3);
    expect(cut.at(-1), 'task 3 finished before scancel reached it').not.toContain('"end"');
    for (const shard of [0, 1, 2]) expect(manifestLines(shard).at(-1)).toContain('"end":true');
    expect(readFileSync(join(folder, 'task-3.log'), 'utf8')).toContain('sudoku-lens: shard 3/4 (SLURM_ARRAY_TASK_ID=3)');

    // A resubmitted task is an array of one (COUNT=1): it names its shard.
    const again = submit([], `${rate} --shard 3/4 --resume`, 'resume.log');
    await finished(again);
    expect(readFileSync(join(folder, 'resume.log'), 'utf8')).toMatch(/\d+ items of this shard already done/);
    expect(manifestLines(3).at(-1)).toContain('"end":true');

    const merged = sh(process.execPath, [CLI, 'merge', 'out-0.jsonl', 'out-1.jsonl', 'out-2.jsonl', 'out-3.jsonl', '--output', 'merged.jsonl']);
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    const single = sh(process.execPath, [CLI, 'rate', 'p2000.txt', '--method', 'all', '--json', '--output', 'single.jsonl']);
    expect(single.status).toBe(0);
    expect(readFileSync(join(folder, 'merged.jsonl')).equals(readFileSync(join(folder, 'single.jsonl')))).toBe(true);
  });
});

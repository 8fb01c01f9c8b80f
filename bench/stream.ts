/**
 * Memory of the CLI on an endless-looking input (issue 12): a file of `--lines N` puzzle lines
 * (default 10,000,000: tdoku's 17-clue puzzles over and over, in a temporary folder deleted
 * after) run through `check` and `rate --method se --budget-ms 1` (`--commands check,rate`),
 * sampling the process's VmRSS from /proc while it runs against the lines it has read (the
 * input's file offset, from /proc/PID/fdinfo). Prints a table of RSS against lines read and the peak.
 *
 *   node dist/bench.js stream [--lines N] [--commands check,rate] [--every-ms N]
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, readlinkSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { dataDir, option } from './common';

export const name = 'stream';

const CLI = path.resolve(__dirname, 'cli.js');

/** `lines` puzzle lines (81 characters and a line end each) cycling through the 17-clue set. */
function writeInput(file: string, lines: number): void {
  const puzzles = readFileSync(path.join(dataDir(), 'tdoku', 'puzzles2_17_clue'), 'utf8')
    .split('\n')
    .filter((l) => /^[.0-9]{81}$/.test(l));
  const fd = openSync(file, 'w');
  const block = 10_000;
  try {
    for (let done = 0; done < lines; done += block) {
      const n = Math.min(block, lines - done);
      let text = '';
      for (let i = 0; i < n; i++) text += `${puzzles[(done + i) % puzzles.length]}\n`;
      writeSync(fd, text);
    }
  } finally {
    closeSync(fd);
  }
}

const kib = (status: string, field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);

/** The file offset of the child's descriptor open on `file`, or null before it opens it / after it closes it. */
function offsetOn(pid: number, file: string): number | null {
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`) !== file) continue;
      return Number(/^pos:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))?.[1] ?? 0);
    }
  } catch {
    // the process is gone
  }
  return null;
}

interface Sample {
  lines: number;
  rssMiB: number;
}

async function measure(args: string[], file: string, lines: number, everyMs: number): Promise<{ samples: Sample[]; peakMiB: number; seconds: number; code: number | null }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [CLI, ...args, file], { stdio: ['ignore', 'ignore', 'ignore'] });
  const samples: Sample[] = [];
  let peak = 0;
  let lastLines = 0;
  const timer = setInterval(() => {
    let status: string;
    try {
      status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    } catch {
      return;
    }
    const rss = kib(status, 'VmRSS') / 1024;
    peak = Math.max(peak, kib(status, 'VmHWM') / 1024);
    const pos = offsetOn(child.pid as number, file);
    if (pos !== null) lastLines = Math.min(lines, Math.floor(pos / 82));
    if (rss > 0) samples.push({ lines: lastLines, rssMiB: rss });
  }, everyMs);
  const code = await new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
  clearInterval(timer);
  return { samples, peakMiB: peak, seconds: (performance.now() - t0) / 1000, code };
}

/** About ten rows: the sample nearest each tenth of the input read. */
function table(samples: Sample[], lines: number): string[] {
  const rows = ['| lines read | RSS (MiB) |', '|---|---|'];
  for (let tenth = 0; tenth <= 10; tenth++) {
    const target = (lines * tenth) / 10;
    const s = samples.reduce<Sample | null>((best, x) => (!best || Math.abs(x.lines - target) < Math.abs(best.lines - target) ? x : best), null);
    if (s) rows.push(`| ${s.lines.toLocaleString('en')} | ${s.rssMiB.toFixed(0)} |`);
  }
  return rows;
}

const COMMANDS: Record<string, string[]> = {
  check: ['check'],
  rate: ['rate', '--method', 'se', '--budget-ms', '1'],
};

export async function run(): Promise<void> {
  const lines = Number(option('--lines') ?? 10_000_000);
  const everyMs = Number(option('--every-ms') ?? 1000);
  const commands = (option('--commands') ?? 'check,rate').split(',');
  const dir = mkdtempSync(path.join(tmpdir(), 'sudoku-lens-stream-'));
  const file = path.join(dir, 'puzzles.txt');
  try {
    writeInput(file, lines);
    for (const c of commands) {
      const args = COMMANDS[c];
      if (!args) throw new Error(`--commands: '${c}' is none of ${Object.keys(COMMANDS).join(', ')}`);
      const r = await measure(args, file, lines, everyMs);
      console.log(`\n### ${args.join(' ')} FILE (${lines.toLocaleString('en')} lines): ${r.seconds.toFixed(0)} s, exit ${r.code}, peak RSS ${r.peakMiB.toFixed(0)} MiB`);
      console.log(table(r.samples, lines).join('\n'));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What every benchmark module shares: where the data is and how options are read. */
import * as path from 'node:path';

export function dataDir(): string {
  // dist/bench.js lives in <repo>/dist, so the repo root is one level up.
  return process.env.SUDOKU_LENS_DATA ?? path.resolve(__dirname, '..', '..', 'shared', 'data');
}

/** The value of `--flag V` or `--flag=V` on the command line. */
export function option(flag: string): string | undefined {
  const args = process.argv;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === flag) return args[i + 1];
    if (args[i].startsWith(`${flag}=`)) return args[i].slice(flag.length + 1);
  }
  return undefined;
}

export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CPU milliseconds (user + system, every thread of the process) that `run` took. */
export function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

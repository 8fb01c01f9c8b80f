/** What every CLI command shares: usage errors, number options, I/O error causes, the worker threads. */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { nodeWorkers } from '../jobs/nodeWorkers';
import type { RatingWorkers } from '../jobs/workers';

export class UsageError extends Error {}

const CAUSES: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'a directory, not a file',
  ENOTDIR: 'a path through something that is no directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'a loop of symbolic links',
  ENOSPC: 'no space left on device',
  EIO: 'input/output error',
};

/** An I/O error's cause in words, without Node's code and call ('EISDIR: illegal operation on a directory, read'). */
export const ioCause = (err: unknown): string => CAUSES[(err as NodeJS.ErrnoException).code ?? ''] ?? (err as Error).message;

export function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^[1-9]\d*$/.test(raw)) throw new UsageError(`--${name} takes a positive whole number, not '${raw}'`);
  return Number(raw);
}

/** The CLI's worker threads: dist/ratingWorker.js beside dist/cli.js (an error naming it when it is not built). */
export function cliWorkers(): RatingWorkers {
  const script = path.join(__dirname, 'ratingWorker.js');
  if (!existsSync(script)) throw new Error(`${script} not found: build with 'node scripts/build.mjs'`);
  // The rating heap (nodeWorkers.ts) with the old generation capped: a long run's memory stays flat.
  return nodeWorkers(script, 128);
}

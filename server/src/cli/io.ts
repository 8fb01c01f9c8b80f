/** What every CLI command shares: reading files, directories and puzzle arguments; usage errors. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { nodeWorkers } from '../nodeWorkers';
import type { RatingWorkers } from '../ratings';

const PUZZLE_FILES = /\.(sdk|sdm|ss|txt)$/i;

export class UsageError extends Error {}

/** The source name of a puzzle given on the command line. */
export const ARGUMENT = '<argument>';

export interface Source {
  name: string;
  text: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return filesUnder(full);
      return PUZZLE_FILES.test(e.name) ? [full] : [];
    });
}

/** Files and directories; for `solve`, an argument that is no file is read as a puzzle itself. */
export function sources(args: string[], puzzlesAllowed: boolean): Source[] {
  return args.flatMap((arg): Source[] => {
    let isDir = false;
    try {
      isDir = statSync(arg).isDirectory();
    } catch (err) {
      if (puzzlesAllowed && (err as NodeJS.ErrnoException).code === 'ENOENT') return [{ name: ARGUMENT, text: arg }];
      throw err;
    }
    const files = isDir ? filesUnder(arg) : [arg];
    return files.map((f) => ({ name: f, text: readFileSync(f, 'utf8') }));
  });
}

export function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^[1-9]\d*$/.test(raw)) throw new UsageError(`--${name} takes a positive whole number, not '${raw}'`);
  return Number(raw);
}

/** The CLI's worker threads: dist/ratingWorker.js beside dist/cli.js (an error naming it when it is not built). */
export function cliWorkers(): RatingWorkers {
  const script = path.join(__dirname, 'ratingWorker.js');
  if (!existsSync(script)) throw new Error(`${script} not found: build with 'node scripts/build.mjs'`);
  return nodeWorkers(script);
}

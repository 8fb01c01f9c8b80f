import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Absolute path of a file or directory in the shared test data, which lives
 * beside the repository: <repo>/../shared/data. Throws when it is missing.
 */
export function dataPath(...parts: string[]): string {
  const p = path.resolve(__dirname, '..', '..', 'shared', 'data', ...parts);
  if (!fs.existsSync(p)) {
    throw new Error(`test data not found: ${p} (the shared/ data checkout must sit beside the repository)`);
  }
  return p;
}

/** The non-empty lines of a shared data file, trimmed, without `#` comments. */
export function dataLines(...parts: string[]): string[] {
  return fs
    .readFileSync(dataPath(...parts), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

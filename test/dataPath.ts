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

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

/**
 * The Sudoku Exchange diabolical bank's puzzles (`hash puzzle rating` lines), '.' for empty cells,
 * with the bank's own rating: the first `limit`.
 */
export function diabolicalBank(limit = Infinity): { puzzle: string; rating: number }[] {
  return dataLines('sudoku-exchange-puzzle-bank', 'diabolical.txt')
    .map((l) => l.split(/\s+/))
    .filter(([, p]) => /^\d{81}$/.test(p ?? ''))
    .slice(0, limit)
    .map(([, p, r]) => ({ puzzle: p.replace(/0/g, '.'), rating: Number(r) }));
}

/** The non-empty lines of a shared data file, trimmed, without `#` comments. */
export function dataLines(...parts: string[]): string[] {
  return fs
    .readFileSync(dataPath(...parts), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/**
 * HoDoKu library lines (`:0000:x:<cells>:<deleted candidates>:…`) through the built CLI: read as
 * puzzles, with their pencilmarks when candidates are deleted, not skipped as prose.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PEERS } from '../../server/src/engine/core/grid';
import { cliTestFolder, runCli } from '../cli';
import { dataPath } from '../dataPath';

const folder = cliTestFolder('sudoku-lens-hodoku-');
let tmp = '';
beforeAll(() => {
  tmp = folder();
});

/** top95's first 20 puzzles and solutions (`puzzle:1:solution` lines). */
const SOLVED = readFileSync(dataPath('magictour-top95', 'top95.sol'), 'utf8')
  .split('\n')
  .slice(0, 20)
  .map((l) => l.split(':'))
  .map(([puzzle, , solution]) => ({ puzzle, solution }));

/**
 * A library line of the puzzle with its first three empty cells placed (`+d`) and, with
 * `deleteSome`, every candidate of the next empty cell that has several deleted but its solution's.
 */
function libraryLine({ puzzle, solution }: { puzzle: string; solution: string }, deleteSome: boolean): string {
  const empty = [...puzzle].flatMap((ch, c) => (ch === '.' ? [c] : []));
  const placed = empty.slice(0, 3);
  const cells = [...puzzle].map((ch, c) => (placed.includes(c) ? `+${solution[c]}` : ch)).join('');
  const state = [...puzzle].map((ch, c) => (placed.includes(c) ? solution[c] : ch));
  const others = (c: number) => '123456789'.split('').filter((d) => d !== solution[c] && !PEERS[c].some((q) => state[q] === d));
  const target = empty.slice(3).find((c) => others(c).length > 0) as number;
  const free = others(target);
  const deleted = deleteSome ? free.map((d) => `${d}${Math.floor(target / 9) + 1}${(target % 9) + 1}`).join(' ') : '';
  return `:0000:x:${cells}:${deleted}::`;
}

describe('HoDoKu library lines', () => {
  it('are rated and solved as puzzles: their placed cells count, deleted candidates make a pencilmark puzzle', () => {
    const file = join(tmp, 'library.txt');
    const lines = SOLVED.map((s, i) => libraryLine(s, i % 2 === 1));
    writeFileSync(file, `${lines.join('\n')}\n`);
    const r = runCli('solve', file, '--json');
    expect(r.status).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { line: number; kind: string; solutions: number; solution: string; text: string });
    expect(rows).toHaveLength(SOLVED.length);
    rows.forEach((row, i) => {
      expect(row.line).toBe(i + 1);
      expect(row.kind).toBe(i % 2 === 1 ? '729' : '81');
      expect(row.solutions).toBe(1);
      expect(row.solution).toBe(SOLVED[i].solution);
    });
    // A pencilmark row is the 729-char state HoDoKu would show.
    const odd = rows[1].text;
    expect(odd).toHaveLength(729);
    const rated = runCli('rate', lines[1], '--budget-ms', '20000', '--workers', '1');
    expect(rated.status).toBe(0);
    expect(rated.stdout).toMatch(/ED=\d+\.\d\/\d+\.\d\/\d+\.\d/);
  });
});

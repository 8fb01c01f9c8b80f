/**
 * The UA commands as pipeline stages (issue 12): `ua`, `search17` and `search-pattern --grids -`
 * read a long stream of grids as it comes and print each grid's rows before the stream ends.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../dataPath';
import { CLI, ROOT, cliTestFolder } from '../cli';

cliTestFolder('sudoku-lens-ua-stream-');

/** top95's solution grids (after `puzzle:1:`). */
const SOLUTIONS = readFileSync(dataPath('magictour-top95', 'top95.sol'), 'utf8')
  .trimEnd()
  .split('\n')
  .map((l) => l.slice(l.lastIndexOf(':') + 1));

/** A long stream of distinct solution grids: top95's, relabelled digit by digit (d → d + k mod 9) for k = 0…8. */
const GRIDS = Array.from({ length: 9 }, (_, k) => SOLUTIONS.map((g) => g.replace(/[1-9]/g, (d) => String(((Number(d) - 1 + k) % 9) + 1)))).flat();

/**
 * Starts the CLI with `args`, writes every grid to its stdin and keeps stdin open; resolves with
 * its first stdout line once there is one (the old code waited for the end of its input first).
 */
function firstRowWhileOpen(args: string[]): Promise<{ first: string; child: ReturnType<typeof spawn>; rest: Promise<string> }> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT });
  let out = '';
  child.stdin.write(`${GRIDS.join('\n')}\n`);
  const rest = new Promise<string>((resolve) => child.on('close', () => resolve(out)));
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const had = out.includes('\n');
      out += chunk.toString();
      if (!had && out.includes('\n')) resolve({ first: out.slice(0, out.indexOf('\n')), child, rest });
    });
  });
}

describe('the UA commands on a stream of grids', () => {
  it('ua prints the first grid’s sets while stdin is still open, then every grid in input order', async () => {
    const { first, child, rest } = await firstRowWhileOpen(['ua', '-', '--json', '--max-size', '4']);
    expect(JSON.parse(first)).toMatchObject({ file: '<stdin>', line: 1, grid: GRIDS[0] });
    expect(child.stdin?.writableEnded).toBe(false);
    child.stdin?.end();
    const rows = (await rest).trimEnd().split('\n').map((l) => JSON.parse(l) as { line: number; grid: string });
    expect(rows.map((r) => r.grid)).toEqual(GRIDS);
    expect(rows.map((r) => r.line)).toEqual(GRIDS.map((_, i) => i + 1));
  }, 120_000);

  it('search17 answers the first grid while stdin is still open', async () => {
    const { first, child } = await firstRowWhileOpen(['search17', '-', '--json', '--budget-ms', '1']);
    expect(JSON.parse(first)).toMatchObject({ line: 1, grid: GRIDS[0], puzzles: null });
    expect(child.stdin?.writableEnded).toBe(false);
    child.kill();
  }, 60_000);

  it('search-pattern --grids - searches the first grid while stdin is still open', async () => {
    // The clue pattern of top95's first puzzle: its own solution grid holds it.
    const pattern = readFileSync(dataPath('magictour-top95', 'top95.txt'), 'utf8').split('\n')[0].replace(/[1-9]/g, 'x');
    const { first, child } = await firstRowWhileOpen(['search-pattern', pattern, '--grids', '-', '--json']);
    const row = JSON.parse(first) as { line: number; grid: string; puzzles: string[] };
    expect(row).toMatchObject({ line: 1, grid: GRIDS[0] });
    expect(row.puzzles.length).toBeGreaterThan(0);
    expect(child.stdin?.writableEnded).toBe(false);
    child.kill();
  }, 60_000);
});

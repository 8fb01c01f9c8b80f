/**
 * puzzlesIn with `wanted` (issue 13): a shard passes over the other shards' items without parsing
 * them where a line alone is the item, and numbers every item exactly as the full parse does.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type PassedItem, type ReadPuzzle, puzzlesIn } from '../../server/src/cli/inputs';
import { dataPath } from '../dataPath';

const folder = mkdtempSync(join(tmpdir(), 'sudoku-lens-passed-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const SEVENTEEN = readFileSync(dataPath('gss-17clue', 'sudoku17_spl.dat'), 'utf8').split('\n').slice(0, 6);
const MIXED = readFileSync(join(__dirname, '..', 'fixtures', 'parse-mixed.sdm'), 'utf8').replace(/\n$/, '').split('\n');
/** A HoDoKu library line: its cells field is the third. */
const LIBRARY = `:0000:x:${SEVENTEEN[0]}:::`;

async function items(lines: string[], wanted?: () => boolean): Promise<(ReadPuzzle | PassedItem)[]> {
  const file = join(folder, 'in.txt');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const found: (ReadPuzzle | PassedItem)[] = [];
  for await (const item of wanted ? puzzlesIn({ name: file, path: file }, undefined, wanted) : puzzlesIn({ name: file, path: file })) found.push(item);
  return found;
}

describe('puzzlesIn passing over unwanted items', () => {
  const document = [...SEVENTEEN.slice(0, 2), '', '# a comment', SEVENTEEN[2], LIBRARY, '#! variant: X', SEVENTEEN[3], ...MIXED, SEVENTEEN[4], `${SEVENTEEN[5]} 1.2/1.2/1.2`];

  it('passes over a line alone, parses the rest, and counts as the parse does', async () => {
    const all = (await items(document)) as ReadPuzzle[];
    const none = await items(document, () => false);
    expect(none).toHaveLength(all.length);
    // The same item at each place: passed (its line) where a line alone is it, else parsed as before.
    const passed = none.flatMap((item, k) => (item.puzzle === null ? [k] : []));
    expect(passed.length).toBeGreaterThan(4);
    for (const [k, item] of none.entries()) {
      if (item.puzzle === null) expect([item.line, all[k].lines.length]).toEqual([all[k].puzzle.line, 1]);
      else expect(item).toEqual(all[k]);
    }
    // Lines after a blank line or a comment need the parse: they are in a block with them.
    expect(none[2].puzzle).not.toBeNull();
  });

  it('asks before each line alone and parses the ones it wants', async () => {
    let asked = 0;
    const every = await items(SEVENTEEN, () => asked++ % 2 === 0);
    expect(every.map((i) => i.puzzle === null)).toEqual([false, true, false, true, false, true]);
    expect((every[2] as ReadPuzzle).source).toBe(SEVENTEEN[2]);
  });
});

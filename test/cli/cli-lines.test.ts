/**
 * `sudoku-lens check` on lines that are no puzzles (issue 16, items 4 and 8): banners of one repeated
 * character, binary content, a byte order mark. Ported from ../shared/repro/13 and 12's last line.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliTestFolder, runCli } from '../cli';

const TOP1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const folder = cliTestFolder('cli-lines-');
const check = (name: string, content: string) => {
  writeFileSync(join(folder(), name), content);
  return runCli('check', join(folder(), name));
};

describe('check on lines that are no puzzles', () => {
  it('takes banners of 39, 60 and 50 repeated characters for separators: no finding, exit 0', () => {
    const r = check('banners.sdm', `${'-'.repeat(39)}\n${TOP1}\n${'-'.repeat(60)}\n${'*'.repeat(50)}\n`);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });

  it('reports a line with a NUL byte as binary-content, exit 1', () => {
    const r = check('nul.sdm', `${TOP1}\nab\u0000cd\n`);
    expect(r.stdout).toContain('nul.sdm:2:3: error binary-content: Binary content, not text: the control character U+0000 at column 3');
    expect(r.status).toBe(1);
  });

  it('does not count a byte order mark as a column, as the editor does not show it', () => {
    const r = check('bom.sdm', `\ufeffa${TOP1.slice(1)}\n`);
    expect(r.stdout).toMatch(/bom\.sdm:1:1: error invalid-character: Invalid character 'a' at r1c1/);
  });

  it('escapes a control character it quotes', () => {
    const r = check('nel.sdm', `${TOP1.slice(0, 5)}\u0085${TOP1.slice(6)}\n`);
    expect(r.stdout).toContain("Invalid character U+0085 at r1c6");
    expect(r.stdout).not.toContain('\u0085');
  });
});

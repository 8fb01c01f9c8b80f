/**
 * serate's letters and options that SukakuExplainer added (issue 12): the ED/EP techniques,
 * short names, elapsed time, and --techs, its technique selection string.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../dataPath';
import { cliTestFolder, runCliWith } from '../cli';
import { elapsedText } from '../../server/src/cli/formatLetters';
import { SE_TECHS } from '../../server/src/cli/techniqueOption';

cliTestFolder('sudoku-lens-serate-');

/** SE's sample: '0' for empty cells; its fourth puzzle's hardest step is a Cell Forcing Chains. */
const SE_SAMPLE = readFileSync(dataPath('se-sample', 'puzzles.txt'), 'utf8').trimEnd().split('\n');
const PUZZLE = SE_SAMPLE[3];

/** SukakuExplainer's default --techs (Settings.initVariants): all on but plain intersections and naked sets, naked quintuplets/sextuplets, 5- and 6-strong-link fish. */
const DEFAULT_OFF = ['Pointing & Claiming', 'Naked Pair', 'Naked Triplet', 'Naked Quad', 'Generalized Naked Quintuplet', 'Generalized Naked Sextuplet', '5 Strong-Linked Fishes', '6 Strong-Linked Fishes'];
const DEFAULT_TECHS = SE_TECHS.map((t) => (DEFAULT_OFF.includes(t.name) ? '0' : '1')).join('');
/** Every chaining technique off: SE's techniques cannot finish the puzzle. */
const NO_CHAINS = SE_TECHS.map((t) => (/Forcing Chain/.test(t.name) ? '0' : '1')).join('');

describe("serate's technique letters", () => {
  it('%R %P %D name the steps ER, EP and ED come from, %S %T %U their short names', () => {
    const r = runCliWith({}, 'rate', PUZZLE, '-t', '1', '-f', '%r/%p/%d|%R|%P|%D|%S|%T|%U');
    expect(r.status).toBe(0);
    const steps = runCliWith({}, 'path', PUZZLE, '--json').stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { technique: string; difficulty: number });
    const hardest = steps.find((s) => s.difficulty === Math.max(...steps.map((t) => t.difficulty)));
    expect(hardest?.technique).toBe('Cell Forcing Chains');
    expect(r.stdout).toBe(`8.4/1.2/1.2|Cell Forcing Chains|${steps[0].technique}|${steps[0].technique}|LFC|HS|HS\n`);
  });

  it("a puzzle SE's techniques cannot finish is 20.0 'Beyond solver' (short xx), as serate prints it", () => {
    const r = runCliWith({}, 'rate', PUZZLE, '-t', '1', '--techs', NO_CHAINS, '-f', '%r|%R|%S|%D|%U');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('20.0|Beyond solver|xx|Hidden Single|HS\n');
  });

  it('%e is the rating time in serate’s format; a puzzle not rated prints -', () => {
    const r = runCliWith({}, 'rate', PUZZLE, '8.........59.......76.........978245...653198...412736...591......836.1....724.8.', '-t', '1', '-f', '%e');
    expect(r.stdout).toMatch(/^\d+\.\d\ds\n-\n$/);
    expect([4070, 59_990, 125_000, 3_720_000, 277_200_000].map(elapsedText)).toEqual(['4.07s', '59.99s', '2m05s', '1h02m', '3d05h']);
  });

  it('%h %s %M (step rows) are refused in a --format row, naming the rows they belong to', () => {
    const r = runCliWith({}, 'rate', PUZZLE, '-f', '%s');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--format: %s is a letter of --after only');
  });
});

describe('--techs', () => {
  it("SukakuExplainer's default string rates with SE 1.2.1's full set, noting the techniques it lacks", () => {
    const plain = runCliWith({}, 'rate', PUZZLE, '-t', '1', '-f', '%r/%p/%d %R');
    const techs = runCliWith({}, 'rate', PUZZLE, '-t', '1', '-f', '%r/%p/%d %R', `--techs=${DEFAULT_TECHS}`);
    expect(techs.status).toBe(0);
    expect(techs.stdout).toBe(plain.stdout);
    expect(techs.stderr).toContain('--techs: no such technique here (SE 1.2.1\'s set), rated without: 20 (Scraper, Kite, Turbot), 23 (WXYZ-Wing)');
    expect(techs.stderr).not.toContain('Non-Consecutive');
    expect(techs.stderr).not.toMatch(/SE without/);
  });

  it('a 0 switches a family off, only when every position standing for it is 0; the rating says it is a reduced set', () => {
    const noCells = DEFAULT_TECHS.split('');
    noCells[SE_TECHS.findIndex((t) => t.name === 'Multiple Forcing Chains')] = '0';
    const r = runCliWith({}, 'rate', PUZZLE, '-t', '1', '--json', '--techs', noCells.join(''));
    const row = JSON.parse(r.stdout) as { se: { er: number; hardest: string; excluded: string[] } };
    expect(row.se.excluded).toEqual(['Multiple Forcing Chains']);
    expect(row.se.hardest).not.toBe('Cell Forcing Chains');
    const path = runCliWith({}, 'path', PUZZLE, '--techs', noCells.join(''));
    expect(path.stdout.split('\n')[0]).toMatch(/\[without Multiple Forcing Chains\]$/);
  });

  it('a string of another length or with another character is a usage error naming the position', () => {
    const cases: [string, string][] = [
      [DEFAULT_TECHS.slice(0, 40), "--techs: position 41 (Aligned Triplet Exclusion) is missing; it takes 46 characters 0 or 1"],
      [`${DEFAULT_TECHS}1`, '--techs: position 47 is past the last technique, 46 (Nested Forcing Chains)'],
      [`${DEFAULT_TECHS.slice(0, 6)}2${DEFAULT_TECHS.slice(7)}`, "--techs: position 7 (Ferz Non-Consecutive Forcing Cell) is '2', not 0 or 1"],
      ['', '--techs: position 1 (Hidden Single) is missing'],
    ];
    for (const [techs, message] of cases) {
      const r = runCliWith({}, 'rate', PUZZLE, `--techs=${techs}`);
      expect(r.status, techs).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr).toContain('1 Hidden Single, 2 Direct Pointing,');
      expect(r.stderr).not.toMatch(/^\s+at /m);
    }
  });
});

/**
 * The finding-code table: README's Diagnostics table is the same table (codes, severities,
 * meanings, in order); findings carry codes of the table, with its default severities; and
 * puzzleFindings puts together what is known about a puzzle as the editor and the CLI show it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzePuzzle } from '../../server/src/engine/core/analyze';
import { FINDING_CODES, FindingCode } from '../../server/src/engine/core/findingCodes';
import { findingsOf } from '../../server/src/engine/core/findings';
import { candidatesOf, parseDocument } from '../../server/src/engine/core/parse';
import { puzzleFindings } from '../../server/src/engine/core/puzzleFindings';
import { ratePuzzle, summarize } from '../../server/src/engine/se/rate';
import { ratingFindings } from '../../server/src/engine/se/ratingFindings';
import type { Finding } from '../../server/src/engine/core/types';
import { validateState } from '../../server/src/engine/core/validate';
import { MULTI, NO_SOLUTION, ROOT } from '../cli';

/** README's Diagnostics table as [code, severity, meaning] rows. */
function readmeTable(): string[][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Diagnostics\n'));
  const table = section.slice(section.indexOf('| code | severity | meaning |'));
  const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
  return rows.map((row) => {
    const m = /^\| `([a-z-]+)` \| (\w+) \| (.*) \|$/.exec(row);
    expect(m, row).not.toBeNull();
    return [m![1], m![2], m![3]];
  });
}

describe('the finding-code table', () => {
  it("is README's Diagnostics table: the same codes, severities and meanings, in the same order", () => {
    const table = Object.entries(FINDING_CODES).map(([code, info]) => [code, info.severity, info.meaning]);
    expect(readmeTable()).toEqual(table);
  });

  it('names each code once, by the constant matching uses', () => {
    expect(Object.values(FindingCode)).toEqual(Object.keys(FINDING_CODES));
  });

  it('types Finding.code: a code outside the table is a type error', () => {
    // @ts-expect-error 'duplicate-givens' is no finding code (tsc fails here if Finding.code were a string)
    const typo: Finding['code'] = 'duplicate-givens';
    expect(Object.hasOwn(FINDING_CODES, typo)).toBe(false);
  });
});

const BROKEN = [
  '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9......', // wrong-length (80)
  '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9......a.', // invalid-character
  '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.......-', // mixed-empty-markers
  'x'.repeat(17) + '.'.repeat(64), // clue-pattern
];
const ANALYSED = [
  MULTI, // multiple-solutions
  NO_SOLUTION, // no-solution
  '44..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........', // duplicate-given
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179', // full-grid
];

describe('findings carry their code in the table, with its default severity', () => {
  it('for syntax problems and the solver', () => {
    const findings = parseDocument([...BROKEN, ...ANALYSED].join('\n')).puzzles.flatMap((p) => puzzleFindings(p, { analysis: analyzePuzzle(p) }));
    const codes = new Set(findings.map((f) => f.code));
    const expected: FindingCode[] = ['wrong-length', 'invalid-character', 'mixed-empty-markers', 'clue-pattern', 'multiple-solutions', 'no-solution', 'duplicate-given', 'full-grid'];
    expect([...codes]).toEqual(expected);
    for (const f of findings) expect([f.code, f.severity]).toEqual([f.code, FINDING_CODES[f.code].severity]);
  });
});

describe('puzzleFindings', () => {
  const [broken, multi, bug] = parseDocument([BROKEN[0], MULTI, '.215.........83.2...6...8.....8....1.38...45.7....6.....2...5...5.62.........173.'].join('\n')).puzzles;

  it("gives a puzzle with broken syntax its parse problems, whatever else is known", () => {
    expect(puzzleFindings(broken, { analysis: null })).toEqual(broken.problems);
    expect(puzzleFindings(broken, {})).toEqual(broken.problems);
  });

  it('gives the structural checks before the puzzle is solved, its analysis once it is', () => {
    const dupe = parseDocument(ANALYSED[2]).puzzles[0];
    expect(puzzleFindings(dupe, {})).toEqual(findingsOf(dupe, validateState(candidatesOf(dupe)!, false)));
    const analysis = analyzePuzzle(multi)!;
    expect(puzzleFindings(multi, { analysis })).toEqual(findingsOf(multi, analysis.issues));
  });

  it("adds the rating's findings after the analysis's, with the severity asked for", () => {
    const analysis = analyzePuzzle(bug)!;
    const rating = summarize(ratePuzzle(candidatesOf(bug)!, false, { unique: true }));
    expect(puzzleFindings(bug, { analysis, rating })).toEqual([...findingsOf(bug, analysis.issues), ...ratingFindings(bug, rating)]);
    expect(puzzleFindings(bug, { analysis, rating }, { bugSeverity: 'warning' }).map((f) => [f.code, f.severity])).toEqual([['bug', 'warning']]);
  });
});

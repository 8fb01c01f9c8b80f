/**
 * The document parser (server/src/engine/core/parse.ts): every puzzle format, every
 * syntax problem with its exact source range, trailing text, header fields,
 * mixed documents, real collections from ../shared/data, and property tests.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PEERS, bit } from '../../server/src/engine/core/grid';
import { type Puzzle, candidateRange, candidatesOf, cellAt, cellChar, cellLine, cellRange, isLinePuzzle, parseDocument, splitLines } from '../../server/src/engine/core/parse';
import type { Range } from '../../server/src/engine/core/types';
import { dataPath } from '../dataPath';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const data = (...parts: string[]): string => dataPath(...parts);
const fixture = (name: string): string => readFileSync(join(ROOT, 'test/fixtures', name), 'utf8');

/** top95 #1 */
const TOP1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
/** Golden Nugget */
const GN = '.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....';
/** Project Euler 96, grid 01 */
const EULER1 = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

const rng = (line: number, start: number, end: number, endLine = line): Range => ({
  start: { line, character: start },
  end: { line: endLine, character: end },
});

function only(source: string): Puzzle {
  const { puzzles } = parseDocument(source);
  expect(puzzles).toHaveLength(1);
  return puzzles[0];
}

const problemsOf = (p: Puzzle) => p.problems.map((f) => ({ code: f.code, severity: f.severity, range: f.range }));

/** 729-char pencilmarks of an 81-char puzzle: givens alone, empty cells keep what their peers allow. */
function reducedPencilmarks(text: string): string {
  let out = '';
  for (let c = 0; c < 81; c++) {
    for (let d = 1; d <= 9; d++) {
      const present = text[c] === '.' ? !PEERS[c].some((p) => text[p] === String(d)) : text[c] === String(d);
      out += present ? String(d) : '.';
    }
  }
  return out;
}

/** Candidate masks of an 81-char puzzle: a given is one bit, an empty cell all nine. */
function givenMasks(text: string): number[] {
  return Array.from(text, (ch) => (ch === '.' ? 0x1ff : bit(Number(ch))));
}

/** Candidate masks of a 729-char string. */
function pencilMasks(text: string): number[] {
  return Array.from({ length: 81 }, (_, c) => {
    let m = 0;
    for (let k = 0; k < 9; k++) if (text[9 * c + k] === String(k + 1)) m |= 1 << k;
    return m;
  });
}

const replaceAt = (s: string, i: number, ch: string): string => s.slice(0, i) + ch + s.slice(i + ch.length);

describe('81-character lines', () => {
  it('reads givens, empty cells, positions and candidates', () => {
    const p = only(`${TOP1}\n`);
    expect(p.kind).toBe('81');
    expect(p.line).toBe(0);
    expect(p.range).toEqual(rng(0, 0, 81));
    expect(p.text).toBe(TOP1);
    expect(p.problems).toEqual([]);
    expect(p.trailing).toBe('');
    expect(p.trailingRange).toBeNull();
    expect(p.header).toEqual([]);
    expect(Array.from(candidatesOf(p)!)).toEqual(givenMasks(TOP1));
    for (let c = 0; c < 81; c++) {
      expect(cellLine(p, c)).toBe(0);
      expect(cellChar(p, c)).toBe(c);
    }
  });

  it("reads '0'-style lines and normalizes them to '.'", () => {
    const zeros = GN.replace(/\./g, '0');
    const p = only(zeros);
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(GN);
    expect(Array.from(candidatesOf(p)!)).toEqual(givenMasks(GN));
  });

  it("lets '.' and '0' mix freely", () => {
    const mixed = Array.from(GN, (ch, i) => (ch === '.' && i % 2 ? '0' : ch)).join('');
    expect(mixed).toContain('0');
    expect(mixed).toContain('.');
    const p = only(mixed);
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(GN);
  });

  it.each(['-', '*', '_', 'x'])("accepts '%s' as the only empty-cell marker", (marker) => {
    const p = only(TOP1.replace(/\./g, marker));
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(TOP1);
    expect(Array.from(candidatesOf(p)!)).toEqual(givenMasks(TOP1));
  });

  it("reports '0' in a puzzle that uses an alternative marker, at that one cell", () => {
    // All '-' except r2c2 (character 10), which is '0'.
    const line = replaceAt(TOP1.replace(/\./g, '-'), 10, '0');
    const p = only(`${line} mixed\n`);
    expect(p.text).toBeNull();
    expect(candidatesOf(p)).toBeNull();
    expect(problemsOf(p)).toEqual([{ code: 'mixed-empty-markers', severity: 'error', range: rng(0, 10, 11) }]);
    expect(p.problems[0].message).toContain("marker '0'");
    expect(p.problems[0].message).toContain('r2c2');
    expect(p.problems[0].message).toContain("uses '-'");
    // The trailing text is kept even when the puzzle is broken.
    expect(p.trailing).toBe('mixed');
  });

  it("names '.' or '0' as the marker in use when the first empty cell is '.' or '0'", () => {
    // r1c2 (character 1) is '0', then '*' at r1c3 (character 2).
    const line = replaceAt(replaceAt(TOP1, 1, '0'), 2, '*');
    const p = only(line);
    expect(problemsOf(p)).toEqual([{ code: 'mixed-empty-markers', severity: 'error', range: rng(0, 2, 3) }]);
    expect(p.problems[0].message).toContain("'*'");
    expect(p.problems[0].message).toContain('r1c3');
    expect(p.problems[0].message).toContain("'.' or '0'");
  });

  it('treats two different alternative markers as mixed', () => {
    const line = replaceAt(TOP1.replace(/\./g, 'x'), 3, '_');
    const p = only(line);
    expect(problemsOf(p)).toEqual([{ code: 'mixed-empty-markers', severity: 'error', range: rng(0, 3, 4) }]);
  });

  it("reads 'x' and '.' without digits as a clue pattern: one information finding, no mixed-marker errors", () => {
    const pattern = GN.replace(/[1-9]/g, 'x');
    const p = only(`${pattern.replace(/\./g, '0')} a pattern\n`);
    expect(p.pattern).toBe(pattern);
    expect(p.text).toBeNull();
    expect(problemsOf(p)).toEqual([{ code: 'clue-pattern', severity: 'information', range: rng(0, 0, 81) }]);
    expect(p.problems[0].message).toMatch(/^Clue pattern \(21 clues\), not a puzzle/);
    expect(only(`x${'.'.repeat(80)}`).problems[0].message).toMatch(/^Clue pattern \(1 clue\), not a puzzle/);
    const grid = only(Array.from({ length: 9 }, (_, r) => pattern.slice(9 * r, 9 * r + 9).toUpperCase()).join('\n'));
    expect(grid.pattern).toBe(pattern);
    // All 'x' is an empty puzzle; 'x' and '.' beside digits are still mixed markers.
    expect(only('x'.repeat(81)).pattern).toBeNull();
    const mixed = only(`${pattern.slice(0, 80)}5`);
    expect(mixed.pattern).toBeNull();
    expect(mixed.problems[0].code).toBe('mixed-empty-markers');
  });

  it('reports at most 5 mixed markers', () => {
    const line = TOP1.replace(/\./g, (_, i: number) => (i > 40 ? '*' : '0'));
    const p = only(line);
    expect(p.problems.length).toBe(5);
    expect(p.problems.every((f) => f.code === 'mixed-empty-markers')).toBe(true);
    const firstStars = [...line.matchAll(/\*/g)].slice(0, 5).map((m) => m.index!);
    expect(p.problems.map((f) => f.range.start.character)).toEqual(firstStars);
  });

  it('reports an invalid character at that one character', () => {
    const line = replaceAt(TOP1, 15, 'a');
    const p = only(`${line} bad\n`);
    expect(p.text).toBeNull();
    expect(problemsOf(p)).toEqual([{ code: 'invalid-character', severity: 'error', range: rng(0, 15, 16) }]);
    expect(p.problems[0].message).toMatch(/Invalid character 'a' at r2c7/);
    expect(p.problems[0].message).toContain("a digit 1-9, or '.' or '0'");
  });

  it('reports at most 5 invalid characters, the first ones', () => {
    let line = TOP1;
    for (const i of [3, 9, 20, 30, 50, 60, 70]) line = replaceAt(line, i, 'q');
    const p = only(line);
    expect(problemsOf(p).map((f) => [f.code, f.range.start.character])).toEqual([
      ['invalid-character', 3],
      ['invalid-character', 9],
      ['invalid-character', 20],
      ['invalid-character', 30],
      ['invalid-character', 50],
    ]);
  });

  it('keeps positions when the line is indented with spaces or tabs', () => {
    const p = only(`\t  ${TOP1}\tname\n`);
    expect(p.problems).toEqual([]);
    expect(p.range).toEqual(rng(0, 3, 84));
    expect(cellChar(p, 0)).toBe(3);
    expect(cellChar(p, 80)).toBe(83);
    expect(p.trailing).toBe('name');
    expect(p.trailingRange).toEqual(rng(0, 85, 89));
    const bad = only(`\t${replaceAt(TOP1, 2, 'z')}`);
    expect(problemsOf(bad)).toEqual([{ code: 'invalid-character', severity: 'error', range: rng(0, 3, 4) }]);
  });
});

describe('trailing text', () => {
  const cases: [string, string, string][] = [
    ['a rating and a name', ' ED=9.0/1.2/1.2 name', 'ED=9.0/1.2/1.2 name'],
    ['several spaces, trailing blanks dropped', '    ED=11.9/11.9/11.3 Golden Nugget   ', 'ED=11.9/11.9/11.3 Golden Nugget'],
    ['a tab', '\tpuzzle #7', 'puzzle #7'],
    ['a glued #', '#42 from the forum', '#42 from the forum'],
    ['a CSV tail', ',HardestSudokusThread-00058;Golden_Nugget;pearly6000-1812,tarek,99867,99861,11.9,11.9,11.3,4651,3048', ',HardestSudokusThread-00058;Golden_Nugget;pearly6000-1812,tarek,99867,99861,11.9,11.9,11.3,4651,3048'],
    ['empty CSV fields', ',x,,,,', ',x,,,,'],
    ['a tdoku count and solution', ':1:751846239892371465643259871238197546974562318165438927319684752527913684486725193', ':1:751846239892371465643259871238197546974562318165438927319684752527913684486725193'],
    ['a tdoku zero count', ':0', ':0'],
    ['unicode', ' «Ünïcødé» 数独 😀', '«Ünïcødé» 数独 😀'],
    ['a no-break space', '\u00a0name', 'name'],
    ['a vertical tab and a form feed', '\v\fname', 'name'],
  ];
  it.each(cases)('keeps %s exactly', (_name, tail, expected) => {
    const line = `${GN}${tail}`;
    const p = only(`${line}\n`);
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(GN);
    expect(p.range).toEqual(rng(0, 0, 81));
    expect(p.trailing).toBe(expected);
    const start = line.indexOf(expected, 81);
    expect(p.trailingRange).toEqual(rng(0, start, start + expected.length));
    expect(line.slice(p.trailingRange!.start.character, p.trailingRange!.end.character)).toBe(expected);
  });

  it('has no trailing text when only blanks follow the puzzle', () => {
    const p = only(`${GN} \t  \n`);
    expect(p.trailing).toBe('');
    expect(p.trailingRange).toBeNull();
  });
});

describe('729-character pencilmark lines', () => {
  const PM = reducedPencilmarks(TOP1);

  it('reads candidates, positions and the normalized text', () => {
    const p = only(`${PM} 86 eliminations\n`);
    expect(p.kind).toBe('729');
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(PM);
    expect(p.range).toEqual(rng(0, 0, 729));
    expect(Array.from(candidatesOf(p)!)).toEqual(pencilMasks(PM));
    expect(p.trailing).toBe('86 eliminations');
    expect(p.trailingRange).toEqual(rng(0, 730, 745));
    for (let c = 0; c < 81; c++) expect(cellChar(p, c)).toBe(9 * c);
    expect(cellRange(p, 40)).toEqual(rng(0, 360, 369));
    expect(candidateRange(p, 40, 7)).toEqual(rng(0, 366, 367));
    expect(candidateRange(p, 40, 0)).toEqual(rng(0, 360, 369));
  });

  it("accepts '0' for an absent candidate and normalizes it to '.'", () => {
    const p = only(PM.replace(/\./g, '0'));
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(PM);
    expect(Array.from(candidatesOf(p)!)).toEqual(pencilMasks(PM));
  });

  it('reports a digit in the wrong position as misplaced-candidate, at that character', () => {
    // r1c1 is the given 4 ("...4....."); put a 5 at its first character.
    const p = only(replaceAt(PM, 0, '5'));
    expect(p.text).toBeNull();
    expect(candidatesOf(p)).toBeNull();
    expect(problemsOf(p)).toEqual([{ code: 'misplaced-candidate', severity: 'error', range: rng(0, 0, 1) }]);
    expect(p.problems[0].message).toContain("Misplaced candidate '5' at r1c1");
    expect(p.problems[0].message).toContain("expected '1' or '.'");
  });

  it('reports other characters as invalid-character, at that character', () => {
    // character 100 = cell 11 (r2c3), candidate 2.
    const p = only(`  ${replaceAt(PM, 100, 'z')}`);
    expect(problemsOf(p)).toEqual([{ code: 'invalid-character', severity: 'error', range: rng(0, 102, 103) }]);
    expect(p.problems[0].message).toContain("Invalid character 'z' at r2c3");
    expect(p.problems[0].message).toContain("expected '2' or '.'");
  });

  it("does not take '-' or other grid markers as an absent candidate", () => {
    const p = only(replaceAt(PM, 1, '-'));
    expect(problemsOf(p)).toEqual([{ code: 'invalid-character', severity: 'error', range: rng(0, 1, 2) }]);
  });

  it('reports at most 5 bad characters', () => {
    let line = PM;
    for (let i = 0; i < 8; i++) line = replaceAt(line, 9 * i + ((i + 1) % 9), String(((i + 3) % 9) + 1));
    const p = only(line);
    expect(p.problems).toHaveLength(5);
    expect(p.problems.every((f) => f.code === 'misplaced-candidate')).toBe(true);
  });
});

describe('wrong-length', () => {
  const line = (n: number): string => (TOP1.repeat(10)).slice(0, n);
  it.each([
    // [length, expected range start, expected range end]
    [30, 0, 30],
    [80, 0, 80],
    [82, 81, 82],
    [100, 81, 100],
    [405, 81, 405],
    [406, 0, 406],
    [728, 0, 728],
    [730, 729, 730],
    [800, 729, 800],
  ])('a %i-character token', (n, start, end) => {
    const p = only(`${line(n)} tail`);
    expect(p.kind).toBe(n > 405 ? '729' : '81');
    expect(p.text).toBeNull();
    expect(candidatesOf(p)).toBeNull();
    expect(p.range).toEqual(rng(0, 0, n));
    expect(problemsOf(p)).toEqual([{ code: 'wrong-length', severity: 'error', range: rng(0, start, end) }]);
    expect(p.problems[0].message).toContain(`expected 81 or 729 cell characters, found ${n}`);
    expect(p.trailing).toBe('tail');
    expect(p.trailingRange).toEqual(rng(0, n + 1, n + 5));
  });

  it('counts a glued non-separator character as part of the token', () => {
    const p = only(`${TOP1}a name`);
    expect(problemsOf(p)).toEqual([{ code: 'wrong-length', severity: 'error', range: rng(0, 81, 82) }]);
    expect(p.trailing).toBe('name');
  });

  it('points past indentation', () => {
    const p = only(`    ${line(80)}`);
    expect(problemsOf(p)).toEqual([{ code: 'wrong-length', severity: 'error', range: rng(0, 4, 84) }]);
  });
});

describe('labels, comments and blank lines', () => {
  it('never makes puzzles or problems of them', () => {
    const doc = [
      '',
      '   ',
      '\t',
      '# a comment',
      '  # an indented comment',
      '// another comment',
      '#!sudoku -c1,PuzzleR,Label,Poster,q1,q2,ER,EP,ED,Sx9,Sxt',
      `# ${TOP1}`,
      `// ${TOP1}`,
      'Grid 01',
      'A description that is rather long, longer than thirty characters.',
      'top95 #1',
      'ED=11.9/11.9/11.3',
      '[Puzzle]',
    ].join('\n');
    expect(parseDocument(doc).puzzles).toEqual([]);
  });

  it("gives the next puzzle each label line as a 'title' field, in order", () => {
    const doc = ['Collection of hard ones', '', 'Number 1 (very hard indeed, really)', '# comment', `${TOP1}`, `${GN}`].join('\n');
    const [a, b] = parseDocument(doc).puzzles;
    expect(a.header).toEqual([
      { tag: 'title', value: 'Collection of hard ones', line: 0 },
      { tag: 'title', value: 'Number 1 (very hard indeed, really)', line: 2 },
    ]);
    expect(a.line).toBe(4);
    expect(b.header).toEqual([]);
  });

  it('trims label text', () => {
    const p = only(`   Grid 07  \t\n${TOP1}`);
    expect(p.header).toEqual([{ tag: 'title', value: 'Grid 07', line: 0 }]);
  });

  it('reads a puzzle after a short leading field, the field naming it (Sudoku Exchange: id, puzzle, rating)', () => {
    const digits = TOP1.replace(/\./g, '0');
    const doc = [`00015097c6c3 ${digits}  7.2`, `12: ${TOP1}`, `Top95 number 3, ${TOP1} ED=9.0`].join('\n');
    const [a, b, c] = parseDocument(doc).puzzles;
    expect(a.text).toBe(TOP1);
    expect(a.range).toEqual(rng(0, 13, 94));
    expect(a.header).toEqual([{ tag: 'title', value: '00015097c6c3', line: 0 }]);
    expect(a.trailing).toBe('7.2');
    expect(b.header).toEqual([{ tag: 'title', value: '12', line: 1 }]);
    expect(b.range.start.character).toBe(4);
    expect(c.header).toEqual([{ tag: 'title', value: 'Top95 number 3', line: 2 }]);
    expect(c.trailing).toBe('ED=9.0');
  });

  it('keeps a line a label when its later digits are no whole puzzle token or start too far in', () => {
    const far = `${'a long description of the puzzle that follows, far too long '.repeat(2)}${TOP1}`;
    const doc = [`id ${TOP1.slice(1)}`, `id ${TOP1}x`, `note #${TOP1}`, far, TOP1].join('\n');
    const { puzzles } = parseDocument(doc);
    expect(puzzles).toHaveLength(1);
    expect(puzzles[0].header.map((h) => h.value)).toEqual([`id ${TOP1.slice(1)}`, `id ${TOP1}x`, `note #${TOP1}`, far.trim()]);
  });

  it('drops labels that no puzzle follows', () => {
    const { puzzles } = parseDocument(`${TOP1}\nthe end\n`);
    expect(puzzles).toHaveLength(1);
    expect(puzzles[0].header).toEqual([]);
  });
});

describe('SadMan .sdk grids', () => {
  const SDK = [
    '#A tarek',
    '#D Golden Nugget',
    '#C One of the hardest puzzles of its time',
    '#B 2007-03',
    '#S The Hardest Sudokus thread',
    '#L 11.9',
    '#U http://forum.enjoysudoku.com/',
    '[Puzzle]',
    '.......39',
    '.....1..5',
    '..3.5.8..',
    '..8.9...6',
    '.7...2...',
    '1..4.....',
    '..9.8..5.',
    '.2....6..',
    '4..7.....',
  ].join('\n');

  it('reads header fields, rows and cell positions', () => {
    const p = only(SDK);
    expect(p.kind).toBe('grid');
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(GN);
    expect(p.line).toBe(8);
    expect(p.range).toEqual(rng(8, 0, 9, 16));
    expect(p.trailing).toBe('');
    expect(p.trailingRange).toBeNull();
    expect(p.header).toEqual([
      { tag: 'A', value: 'tarek', line: 0 },
      { tag: 'D', value: 'Golden Nugget', line: 1 },
      { tag: 'C', value: 'One of the hardest puzzles of its time', line: 2 },
      { tag: 'B', value: '2007-03', line: 3 },
      { tag: 'S', value: 'The Hardest Sudokus thread', line: 4 },
      { tag: 'L', value: '11.9', line: 5 },
      { tag: 'U', value: 'http://forum.enjoysudoku.com/', line: 6 },
    ]);
    for (let c = 0; c < 81; c++) {
      expect(cellLine(p, c)).toBe(8 + Math.floor(c / 9));
      expect(cellChar(p, c)).toBe(c % 9);
    }
    expect(Array.from(candidatesOf(p)!)).toEqual(givenMasks(GN));
  });

  it('attaches header fields to the next puzzle only', () => {
    const { puzzles } = parseDocument(`${SDK}\n\n${SDK.split('\n').slice(8).join('\n')}\n`);
    expect(puzzles).toHaveLength(2);
    expect(puzzles[0].header).toHaveLength(7);
    expect(puzzles[1].header).toEqual([]);
    expect(puzzles[1].line).toBe(18);
  });

  it('keeps an empty header value and trims values', () => {
    const p = only(`#A\n#D    spaced out   \n#C\tTabbed\n${TOP1}`);
    expect(p.header).toEqual([
      { tag: 'A', value: '', line: 0 },
      { tag: 'D', value: 'spaced out', line: 1 },
      { tag: 'C', value: 'Tabbed', line: 2 },
    ]);
  });

  it('reads other #-lines as comments, not header fields', () => {
    const p = only(`#X not a tag\n#Author someone\n#a lower case\n${TOP1}`);
    expect(p.header).toEqual([]);
  });

  it("reads '0'-style grids (the Project Euler layout)", () => {
    const rows = ['003020600', '900305001', '001806400', '008102900', '700000008', '006708200', '002609500', '800203009', '005010300'];
    const p = only(`Grid 01\n${rows.join('\n')}\n`);
    expect(p.text).toBe(EULER1);
    expect(p.header).toEqual([{ tag: 'title', value: 'Grid 01', line: 0 }]);
    expect(p.range).toEqual(rng(1, 0, 9, 9));
  });
});

describe('Simple Sudoku .ss grids', () => {
  const SS = ['..3|.2.|6..', '9..|3.5|..1', '..1|8.6|4..', '-----------', '..8|1.2|9..', '7..|...|..8', '..6|7.8|2..', '---+---+---', '..2|6.9|5..', '8..|2.3|..9', '..5|.1.|3..'];

  it('reads rows with | and both separator styles', () => {
    const p = only(SS.join('\n'));
    expect(p.kind).toBe('grid');
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(EULER1);
    expect(p.line).toBe(0);
    expect(p.range).toEqual(rng(0, 0, 11, 10));
    // Row 4 is on line 4 (after the first separator), row 7 on line 8.
    expect(cellLine(p, 27)).toBe(4);
    expect(cellLine(p, 54)).toBe(8);
    expect(Array.from({ length: 9 }, (_, c) => cellChar(p, c))).toEqual([0, 1, 2, 4, 5, 6, 8, 9, 10]);
  });

  it('reads bordered grids', () => {
    const bordered = ['*-----------*', ...SS.map((r) => (r.startsWith('-') ? `|${r.replace(/-----------/, '---+---+---')}|` : `|${r}|`)), '*-----------*'];
    const p = only(bordered.join('\n'));
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(EULER1);
    expect(p.line).toBe(1);
    expect(p.range).toEqual(rng(1, 1, 12, 11));
    expect(cellChar(p, 0)).toBe(1);
    expect(cellChar(p, 8)).toBe(11);
  });

  it('reads cells separated by spaces and tabs', () => {
    const spaced = SS.map((r) => (r.startsWith('-') ? '------+-------+------' : Array.from(r).join(' ')));
    const p = only(spaced.join('\n'));
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(EULER1);
    expect(Array.from({ length: 9 }, (_, c) => cellChar(p, c))).toEqual([0, 2, 4, 8, 10, 12, 16, 18, 20]);
    const tabbed = SS.map((r) => r.replace(/\|/g, '\t'));
    const t = only(tabbed.join('\n'));
    expect(t.problems).toEqual([]);
    expect(t.text).toBe(EULER1);
    expect(Array.from({ length: 9 }, (_, c) => cellChar(t, c))).toEqual([0, 1, 2, 4, 5, 6, 8, 9, 10]);
  });

  it('reports a row with the wrong number of cells, at that row', () => {
    const rows = [...SS];
    rows[5] = '7..|...|..'; // 8 cells
    rows[9] = '8..|2.3|..9.'; // 10 cells
    const p = only(rows.join('\n'));
    expect(p.text).toBeNull();
    expect(candidatesOf(p)).toBeNull();
    expect(problemsOf(p)).toEqual([
      { code: 'grid-row-length', severity: 'error', range: rng(5, 0, 10) },
      { code: 'grid-row-length', severity: 'error', range: rng(9, 0, 12) },
    ]);
    expect(p.problems[0].message).toContain('8 cells, expected 9');
    expect(p.problems[1].message).toContain('10 cells, expected 9');
  });

  it('reports a spaced row with the wrong number of cells from its first to its last cell', () => {
    const rows = SS.map((r) => (r.startsWith('-') ? '------+-------+------' : Array.from(r).join(' ')));
    rows[0] = '  . . 3 | . 2 . | 6 .';
    const p = only(rows.join('\n'));
    expect(problemsOf(p)).toEqual([{ code: 'grid-row-length', severity: 'error', range: rng(0, 2, 21) }]);
  });

  it('reports missing rows over the whole grid', () => {
    const p = only(`#D short\n${SS.slice(0, 10).join('\n')}\n`);
    expect(problemsOf(p)).toEqual([{ code: 'grid-row-count', severity: 'error', range: rng(1, 0, 11, 10) }]);
    expect(p.problems[0].message).toContain('8 rows, expected 9');
    expect(p.problems[0].message).toContain('missing');
    expect(p.header).toEqual([{ tag: 'D', value: 'short', line: 0 }]);
  });

  it('reports extra rows over the whole grid', () => {
    const p = only([...SS, '..5|.1.|3..'].join('\n'));
    expect(problemsOf(p)).toEqual([{ code: 'grid-row-count', severity: 'error', range: rng(0, 0, 11, 11) }]);
    expect(p.problems[0].message).toContain('10 rows, expected 9');
    expect(p.problems[0].message).toContain('extra');
  });

  it('splits grids at blank lines and comments', () => {
    const { puzzles } = parseDocument(`${SS.slice(0, 3).join('\n')}\n# interrupted\n${SS.slice(4).join('\n')}`);
    expect(puzzles.map((p) => p.problems.map((f) => f.code))).toEqual([['grid-row-count'], ['grid-row-count']]);
    expect(puzzles.map((p) => p.line)).toEqual([0, 4]);
  });

  it('reports mixed markers in a grid at the exact line and character', () => {
    const rows = SS.map((r) => r.replace(/\./g, '-'));
    rows[6] = '006|708|200'; // row 6 (line 6) uses '0'
    const p = only(rows.join('\n'));
    expect(p.problems.map((f) => f.code)).toEqual(['mixed-empty-markers', 'mixed-empty-markers', 'mixed-empty-markers', 'mixed-empty-markers', 'mixed-empty-markers']);
    expect(p.problems[0].range).toEqual(rng(6, 0, 1));
    expect(p.problems[0].message).toContain('r6c1');
    expect(p.problems[1].range).toEqual(rng(6, 1, 2));
    expect(p.problems[2].range).toEqual(rng(6, 5, 6));
  });

  it('accepts alternative markers used consistently in a grid', () => {
    const p = only(SS.map((r) => (r.startsWith('-') ? r : r.replace(/\./g, '*'))).join('\n'));
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(EULER1);
  });
});

describe('a mixed document (test/fixtures/parse-mixed.sdm)', () => {
  const source = fixture('parse-mixed.sdm');
  const PM = reducedPencilmarks(TOP1);
  const summary = (p: Puzzle) => ({
    kind: p.kind,
    line: p.line,
    range: p.range,
    text: p.text,
    codes: p.problems.map((f) => f.code),
    trailing: p.trailing,
    trailingRange: p.trailingRange,
    header: p.header,
  });
  const expected = [
    {
      kind: '81',
      line: 3,
      range: rng(3, 0, 81),
      text: TOP1,
      codes: [],
      trailing: 'top95 #1',
      trailingRange: rng(3, 82, 90),
      header: [{ tag: 'title', value: 'Top95 number 1', line: 2 }],
    },
    {
      kind: '81',
      line: 5,
      range: rng(5, 0, 81),
      text: GN,
      codes: [],
      trailing: ',Golden Nugget,tarek,11.9',
      trailingRange: rng(5, 81, 106),
      header: [],
    },
    {
      kind: 'grid',
      line: 11,
      range: rng(11, 0, 9, 19),
      text: GN,
      codes: [],
      trailing: '',
      trailingRange: null,
      header: [
        { tag: 'A', value: 'tarek', line: 7 },
        { tag: 'D', value: 'Golden Nugget', line: 8 },
        { tag: 'L', value: '11.9', line: 9 },
      ],
    },
    {
      kind: 'grid',
      line: 23,
      range: rng(23, 1, 12, 33),
      text: EULER1,
      codes: [],
      trailing: '',
      trailingRange: null,
      header: [{ tag: 'title', value: 'Euler grid 01 in Simple Sudoku layout', line: 21 }],
    },
    {
      kind: '729',
      line: 35,
      range: rng(35, 0, 729),
      text: PM,
      codes: [],
      trailing: '86 eliminations',
      trailingRange: rng(35, 730, 745),
      header: [],
    },
    {
      kind: '81',
      line: 36,
      range: rng(36, 0, 80),
      text: null,
      codes: ['wrong-length'],
      trailing: '80 characters',
      trailingRange: rng(36, 81, 94),
      header: [],
    },
    {
      kind: '81',
      line: 37,
      range: rng(37, 0, 81),
      text: '1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.',
      codes: [],
      trailing: ':0',
      trailingRange: rng(37, 81, 83),
      header: [],
    },
  ];

  it('finds every puzzle with its kind, position, text, trailing text and header', () => {
    expect(parseDocument(source).puzzles.map(summary)).toEqual(expected);
  });

  it('gives the same result with CRLF line endings', () => {
    const crlf = source.replace(/\n/g, '\r\n');
    expect(crlf).toContain('\r\n');
    const a = parseDocument(source).puzzles;
    const b = parseDocument(crlf).puzzles;
    expect(b.map(summary)).toEqual(expected);
    const cells = (p: Puzzle) => Array.from({ length: 81 }, (_, c) => [cellLine(p, c), cellChar(p, c)]);
    const detail = (p: Puzzle) => (p.text === null ? null : [cells(p), Array.from(candidatesOf(p)!)]);
    expect(b.map(detail)).toEqual(a.map(detail));
  });

  it('gives the same result without a final newline and with trailing blanks on lines', () => {
    const trimmed = source.trimEnd();
    expect(parseDocument(trimmed).puzzles.map(summary)).toEqual(expected);
    const padded = source.split('\n').map((l) => (l ? `${l}  ` : l)).join('\r\n');
    expect(parseDocument(padded).puzzles.map(summary)).toEqual(expected);
  });
});

describe('Project Euler problem 96 (rust-sudoku-bench)', () => {
  const source = readFileSync(data('rust-sudoku-bench/project_euler_p096_sudoku.txt'), 'utf8');
  const lines = source.split('\n');

  it('parses the whole file into 50 titled grids', () => {
    const { puzzles } = parseDocument(source);
    expect(puzzles).toHaveLength(50);
    puzzles.forEach((p, k) => {
      const label = 10 * k;
      expect(p.kind).toBe('grid');
      expect(p.problems).toEqual([]);
      expect(p.header).toEqual([{ tag: 'title', value: `Grid ${String(k + 1).padStart(2, '0')}`, line: label }]);
      expect(p.line).toBe(label + 1);
      expect(p.range).toEqual(rng(label + 1, 0, 9, label + 9));
      const digits = lines.slice(label + 1, label + 10).join('');
      expect(p.text).toBe(digits.replace(/0/g, '.'));
      for (let c = 0; c < 81; c++) {
        expect(cellLine(p, c)).toBe(label + 1 + Math.floor(c / 9));
        expect(cellChar(p, c)).toBe(c % 9);
      }
    });
    expect(puzzles[0].text).toBe(EULER1);
  });

  it('parses the same with CRLF line endings', () => {
    const crlf = parseDocument(source.replace(/\n/g, '\r\n')).puzzles;
    expect(crlf.map((p) => [p.text, p.line, p.header])).toEqual(parseDocument(source).puzzles.map((p) => [p.text, p.line, p.header]));
  });
});

describe('the forum HardestDatabase110626 collection', () => {
  const source = readFileSync(data('forum-hardest-110626/HardestDatabase110626.txt'), 'utf8');
  const lines = source.split('\n');
  const sol = readFileSync(data('forum-hardest-110626/HardestDatabase110626.sol'), 'utf8').trim().split('\n');

  it('reads 375 + 1 puzzles whose texts match the .sol prefixes and keeps each CSV tail exactly', () => {
    const { puzzles } = parseDocument(source);
    expect(sol).toHaveLength(375);
    expect(puzzles).toHaveLength(376);
    for (const p of puzzles) {
      expect(p.kind).toBe('81');
      expect(p.problems).toEqual([]);
      expect(p.range).toEqual(rng(p.line, 0, 81));
      const line = lines[p.line];
      expect(p.trailing).toBe(line.slice(81).trimEnd());
      expect(p.trailing.startsWith(',')).toBe(true);
      expect(p.trailingRange).toEqual(rng(p.line, 81, 81 + p.trailing.length));
    }
    // The first row (line 3 of the file) is a puzzle whose fields are placeholders.
    expect(puzzles[0].line).toBe(2);
    expect(puzzles[0].header).toEqual([{ tag: 'title', value: 'HardestDatabase110626', line: 0 }]);
    expect(puzzles[0].trailing).toBe(',x,x,x,x,x,x,x,x,x');
    puzzles.slice(1).forEach((p, i) => {
      expect(p.line).toBe(i + 3);
      expect(p.header).toEqual([]);
      expect(sol[i].slice(0, 82)).toBe(`${p.text}:`);
    });
    const nugget = puzzles.find((p) => p.trailing.includes('Golden_Nugget'));
    expect(nugget?.text).toBe(GN);
    expect(nugget?.trailing).toMatch(/^,HardestSudokusThread-\d+;Golden_Nugget/);
    expect(nugget?.trailing).toContain(',11.9,11.9,11.3,');
  });
});

describe('cellAt, cellRange and candidateRange', () => {
  /** Every position of every line maps to the cell whose range holds it, or to -1. */
  function checkRoundTrip(source: string): void {
    const lines = splitLines(source);
    const puzzles = parseDocument(source).puzzles.filter((p) => p.text !== null);
    expect(puzzles.length).toBeGreaterThan(0);
    for (const p of puzzles) {
      const width = p.kind === '729' ? 9 : 1;
      let hits = 0;
      for (let c = 0; c < 81; c++) {
        const r = cellRange(p, c);
        expect(r.end.character - r.start.character).toBe(width);
        expect(r.start.line).toBe(r.end.line);
        for (let ch = r.start.character; ch < r.end.character; ch++) expect(cellAt(p, r.start.line, ch)).toBe(c);
        // The source under a cell is the character the text was read from.
        const src = lines[r.start.line].slice(r.start.character, r.end.character);
        if (p.kind === '729') expect(src.replace(/0/g, '.')).toBe(p.text!.slice(9 * c, 9 * c + 9));
        else expect(/[1-9]/.test(src) ? src : '.').toBe(p.text![c]);
        for (let d = 1; d <= 9; d++) {
          const cr = candidateRange(p, c, d);
          if (p.kind === '729') expect(cr).toEqual(rng(r.start.line, r.start.character + d - 1, r.start.character + d));
          else expect(cr).toEqual(r);
        }
      }
      for (let line = Math.max(0, p.range.start.line - 1); line <= p.range.end.line + 1 && line < lines.length; line++) {
        for (let ch = -1; ch <= lines[line].length + 1; ch++) {
          const c = cellAt(p, line, ch);
          if (c < 0) continue;
          hits++;
          const r = cellRange(p, c);
          expect(r.start.line).toBe(line);
          expect(ch >= r.start.character && ch < r.end.character).toBe(true);
        }
      }
      expect(hits).toBe(81 * width);
    }
  }

  it('round-trip on the mixed document', () => checkRoundTrip(fixture('parse-mixed.sdm')));
  it('round-trip with CRLF and tabs', () =>
    checkRoundTrip(`\t${TOP1}\tname\r\n. . 3\t| . 2 . | 6 . .\r\n${['9..|3.5|..1', '..1|8.6|4..', '---+---+---', '..8|1.2|9..', '7..|...|..8', '..6|7.8|2..', '..2|6.9|5..', '8..|2.3|..9', '..5|.1.|3..'].join('\r\n')}\r\n`));

  it('returns -1 on separators, trailing text and other lines', () => {
    const { puzzles } = parseDocument(`${TOP1} trailing\n..3|.2.|6..\n9..|3.5|..1\n..1|8.6|4..\n---+---+---\n..8|1.2|9..\n7..|...|..8\n..6|7.8|2..\n..2|6.9|5..\n8..|2.3|..9\n..5|.1.|3..`);
    const [line, grid] = puzzles;
    expect(cellAt(line, 0, 81)).toBe(-1);
    expect(cellAt(line, 0, 85)).toBe(-1);
    expect(cellAt(line, 1, 0)).toBe(-1);
    expect(cellAt(line, 0, 80)).toBe(80);
    expect(cellAt(grid, 1, 3)).toBe(-1); // '|'
    expect(cellAt(grid, 1, 4)).toBe(3);
    expect(cellAt(grid, 4, 0)).toBe(-1); // separator line
    expect(cellAt(grid, 5, 10)).toBe(35);
    expect(cellAt(grid, 0, 0)).toBe(-1);
  });
});

describe('properties', () => {
  const cellChar = fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', '.', '0');
  const trailingBody = fc.oneof(fc.string({ maxLength: 40 }), fc.fullUnicodeString({ maxLength: 20 })).map((s) => s.replace(/[\r\n\x00-\x08\x0e-\x1f\x7f\ufffd]/g, '')); // line ends and binary content are no trailing text
  const entry = fc.record({
    cells: fc.array(cellChar, { minLength: 81, maxLength: 81 }),
    lead: fc.constantFrom('', ' ', '\t', '  \t'),
    sep: fc.constantFrom('', ' ', '\t', '   ', '#', ':', ',', ' #', '\t,'),
    body: trailingBody,
  });

  it('81-char puzzles with random markers and trailing text round-trip exactly', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n'), (entries, eol) => {
        const lines = entries.map((e) => `${e.lead}${e.cells.join('')}${e.sep === '' ? '' : e.sep + e.body}`);
        const { puzzles } = parseDocument(lines.join(eol) + eol);
        expect(puzzles).toHaveLength(entries.length);
        puzzles.forEach((p, i) => {
          const e = entries[i];
          const rest = e.sep === '' ? '' : e.sep + e.body;
          const at = rest.search(/\S/);
          const trailing = at < 0 ? '' : rest.slice(at).trimEnd();
          expect(p.kind).toBe('81');
          expect(p.line).toBe(i);
          expect(p.problems).toEqual([]);
          expect(p.text).toBe(e.cells.map((ch) => (ch === '0' ? '.' : ch)).join(''));
          expect(p.range).toEqual(rng(i, e.lead.length, e.lead.length + 81));
          expect(p.trailing).toBe(trailing);
          if (trailing === '') expect(p.trailingRange).toBeNull();
          else {
            const start = e.lead.length + 81 + at;
            expect(p.trailingRange).toEqual(rng(i, start, start + trailing.length));
            expect(lines[i].slice(start, start + trailing.length)).toBe(trailing);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('real puzzles with random empty markers and tails round-trip', () => {
    const real = readFileSync(data('magictour-top95/top95.txt'), 'utf8').split('\n').filter((l) => l.length >= 81).map((l) => l.slice(0, 81));
    expect(real.length).toBe(95);
    fc.assert(
      fc.property(fc.constantFrom(...real), fc.constantFrom('.', '0'), fc.constantFrom(' ', ',', ':', '#', '\t'), trailingBody, (puzzle, marker, sep, body) => {
        const text = puzzle.replace(/[.0]/g, '.');
        const p = only(`${text.replace(/\./g, marker)}${sep}${body}`);
        const rest = sep + body;
        const at = rest.search(/\S/);
        expect(p.text).toBe(text);
        expect(p.trailing).toBe(at < 0 ? '' : rest.slice(at).trimEnd());
      }),
      { numRuns: 200 },
    );
  });

  it('729-char lines round-trip their candidates', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0x1ff }), { minLength: 81, maxLength: 81 }), fc.array(fc.boolean(), { minLength: 729, maxLength: 729 }), (masks, zero) => {
        let line = '';
        let text = '';
        for (let c = 0; c < 81; c++) {
          for (let k = 0; k < 9; k++) {
            const present = (masks[c] >> k) & 1;
            line += present ? String(k + 1) : zero[9 * c + k] ? '0' : '.';
            text += present ? String(k + 1) : '.';
          }
        }
        const p = only(`${line} tail`);
        expect(p.kind).toBe('729');
        expect(p.problems).toEqual([]);
        expect(p.text).toBe(text);
        expect(Array.from(candidatesOf(p)!)).toEqual(masks);
        expect(p.trailing).toBe('tail');
      }),
      { numRuns: 100 },
    );
  });

  /** Invariants every parse result keeps, whatever the input. */
  function checkInvariants(source: string): void {
    const lines = splitLines(source);
    const { puzzles } = parseDocument(source);
    for (const p of puzzles) {
      expect(p.text === null).toBe(p.problems.length > 0);
      expect(candidatesOf(p) === null).toBe(p.text === null);
      if (p.text !== null) expect(p.text.length).toBe(p.kind === '729' ? 729 : 81);
      for (const r of [p.range, ...p.problems.map((f) => f.range), ...(p.trailingRange ? [p.trailingRange] : [])]) {
        expect(r.start.line).toBeGreaterThanOrEqual(0);
        expect(r.end.line).toBeLessThan(lines.length);
        expect(r.start.line <= r.end.line).toBe(true);
        expect(r.start.character).toBeGreaterThanOrEqual(0);
        expect(r.end.character).toBeLessThanOrEqual(lines[r.end.line].length);
        if (r.start.line === r.end.line) expect(r.start.character).toBeLessThanOrEqual(r.end.character);
      }
      for (const f of p.problems) expect(f.severity).toBe('error');
    }
  }

  it('never throws on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), checkInvariants), { numRuns: 300 });
    fc.assert(fc.property(fc.fullUnicodeString({ maxLength: 300 }), checkInvariants), { numRuns: 300 });
  });

  it('never throws on documents made of puzzle-like lines', () => {
    const alphabet = fc.constantFrom(...'123456789.0-*_xX|!+=# \t,:abc\r'.split(''), '\u00a0', 'é', '😀');
    const line = fc.oneof(
      fc.array(alphabet, { maxLength: 50 }).map((a) => a.join('')),
      fc.array(alphabet, { minLength: 60, maxLength: 900 }).map((a) => a.join('')),
      fc.array(cellChar, { minLength: 0, maxLength: 1500 }).map((a) => a.join('')),
      fc.constantFrom('#A x', '[Puzzle]', '---+---+---', '..3|.2.|6..', '003020600', TOP1, reducedPencilmarks(GN)),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 25 }), fc.constantFrom('\n', '\r\n'), (ls, eol) => checkInvariants(ls.join(eol))),
      { numRuns: 300 },
    );
  });

  it('handles very long lines quickly', () => {
    const long = `${'1.'.repeat(50_000)}\n${'a'.repeat(100_000)}\n${TOP1.repeat(1000)} tail\n${'|'.repeat(39)}`;
    const start = performance.now();
    checkInvariants(long);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('characters outside the Basic Multilingual Plane', () => {
  // An emoji is two UTF-16 units. Ranges count UTF-16 units (LSP's default), so an
  // 81-unit token holding one is read as 81 cells, two of them invalid.
  it("reports an astral character in an 81-unit token at its own units, never as 'undefined'", () => {
    const line = `${TOP1.slice(0, 40)}😀${TOP1.slice(41, 80)}`;
    expect(line.length).toBe(81);
    const p = only(line);
    expect(p.text).toBeNull();
    expect(p.problems.length).toBeGreaterThan(0);
    for (const f of p.problems) {
      expect(f.code).toBe('invalid-character');
      expect(f.message).not.toContain('undefined');
      const ch = line.slice(f.range.start.character, f.range.end.character);
      expect(/^[1-9.0]$/.test(ch)).toBe(false);
      expect(f.range.start.character).toBeGreaterThanOrEqual(40);
      expect(f.range.end.character).toBeLessThanOrEqual(42);
    }
  });
});

describe('engine bugs', () => {
  // parse.ts readGivens: `if (isDigit(ch) || ch === '.') continue;` skips '.' before the
  // MarkerCheck, so '.' never counts as a marker: mixing '.' with '-', '*', '_' or 'x'
  // is accepted silently (while '0', its equivalent, is reported).
  it("reports '.' in a puzzle that uses '-' (mixed-empty-markers)", () => {
    const line = replaceAt(TOP1.replace(/\./g, '-'), 10, '.');
    const p = only(line);
    expect(problemsOf(p)).toEqual([{ code: 'mixed-empty-markers', severity: 'error', range: rng(0, 10, 11) }]);
    expect(p.problems[0].message).toContain("uses '-'");
  });

  it("reports '*' in a puzzle that uses '.' (mixed-empty-markers)", () => {
    const line = replaceAt(TOP1, 10, '*');
    const p = only(line);
    expect(problemsOf(p)).toEqual([{ code: 'mixed-empty-markers', severity: 'error', range: rng(0, 10, 11) }]);
    expect(p.problems[0].message).toContain("'.' or '0'");
  });

  it("reports a '.' row in a grid that uses 'x' (mixed-empty-markers)", () => {
    const rows = ['xx3|x2x|6xx', '9xx|3x5|xx1', 'xx1|8x6|4xx', 'xx8|1x2|9xx', '7..|...|..8', 'xx6|7x8|2xx', 'xx2|6x9|5xx', '8xx|2x3|xx9', 'xx5|x1x|3xx'];
    const p = only(rows.join('\n'));
    expect(p.text).toBeNull();
    expect(p.problems[0]).toMatchObject({ code: 'mixed-empty-markers', range: rng(4, 1, 2) });
  });

  // parse.ts isTrailingStart only takes char codes <= 32 and 160 as whitespace, while the
  // format says any whitespace starts trailing text, and classify() itself trims leading
  // Unicode whitespace (trim/trimStart). Before the char-code rewrite (/\s/) this worked.
  it('takes an ideographic space (U+3000) after the puzzle as the start of trailing text', () => {
    const p = only(`${GN}\u3000名前`);
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(GN);
    expect(p.trailing).toBe('名前');
    expect(p.trailingRange).toEqual(rng(0, 82, 84));
  });

  it('accepts an ideographic space before the puzzle', () => {
    const p = only(`\u3000${GN} name`);
    expect(p.problems).toEqual([]);
    expect(p.range).toEqual(rng(0, 1, 82));
  });
});

describe('banners, binary content and the byte order mark (issue 16, items 4 and 8)', () => {
  it.each([
    ['60 -', '-'.repeat(60)],
    ['50 *', '*'.repeat(50)],
    ['81 =', '='.repeat(81)],
    ['81 -', '-'.repeat(81)],
    ['60 .', '.'.repeat(60)],
    ['729 _', '_'.repeat(729)],
  ])('reads a banner of %s as a separator, not a broken puzzle', (_name, banner) => {
    const { puzzles } = parseDocument(`${'-'.repeat(39)}\n${TOP1}\n${banner}\n#D next\n${GN}\n`);
    expect(puzzles.map((p) => [p.line, p.problems.map((f) => f.code)])).toEqual([
      [1, []],
      [4, []],
    ]);
    expect(puzzles[1].header).toEqual([{ tag: 'D', value: 'next', line: 3 }]);
  });

  it('ends a grid at a banner', () => {
    const grid = EULER1.match(/.{9}/g)!.join('\n');
    const { puzzles } = parseDocument(`${grid}\n${'-'.repeat(60)}\n${grid}\n`);
    expect(puzzles.map((p) => [p.line, p.text])).toEqual([
      [0, EULER1],
      [10, EULER1],
    ]);
  });

  it('still reads an empty 81-cell puzzle of dots or zeros', () => {
    expect(only('.'.repeat(81)).text).toBe('.'.repeat(81));
    expect(only('0'.repeat(81)).text).toBe('.'.repeat(81));
  });

  it('keeps a label that starts with punctuation', () => {
    const { puzzles } = parseDocument(`... and more\n${TOP1}\n`);
    expect(puzzles[0].header).toEqual([{ tag: 'title', value: '... and more', line: 0 }]);
  });

  it('does not take prose for a puzzle', () => {
    expect(parseDocument('The puzzles below were collected from the forum, sorted by their SE rating.\n').puzzles).toEqual([]);
  });

  it.each([
    ['a NUL', `${TOP1.slice(0, 20)}\u0000${TOP1.slice(21)}`, 20, 'the control character U+0000'],
    ['an escape in prose', 'page two\u001b', 8, 'the control character U+001B'],
    ['U+FFFD from bytes that are not UTF-8', `ab\ufffdcd`, 2, 'U+FFFD (bytes that are not UTF-8)'],
    ['DEL', `${GN}\u007f`, 81, 'the control character U+007F'],
  ])('reports a line with %s as binary-content, at that character', (_what, line, at, shown) => {
    const { puzzles } = parseDocument(`#D kept for the next puzzle\n${line}\n${TOP1}\n`);
    expect(puzzles).toHaveLength(2);
    const [binary, next] = puzzles;
    expect(binary.text).toBeNull();
    expect(problemsOf(binary)).toEqual([{ code: 'binary-content', severity: 'error', range: rng(1, at, at + 1) }]);
    expect(binary.problems[0].message).toBe(`Binary content, not text: ${shown} at column ${at + 1}`);
    expect(next.header).toEqual([{ tag: 'D', value: 'kept for the next puzzle', line: 0 }]);
  });

  it('accepts tabs', () => {
    expect(only(`\t${TOP1}\tname`).problems).toEqual([]);
  });

  it('does not count a leading byte order mark as a column', () => {
    const p = only(`\ufeff${replaceAt(TOP1, 0, 'a')}\n`);
    expect(problemsOf(p)).toEqual([{ code: 'invalid-character', severity: 'error', range: rng(0, 0, 1) }]);
    const grid = only(`\ufeff${EULER1.match(/.{9}/g)!.join('\n')}\n`);
    expect(grid.text).toBe(EULER1);
    expect(cellChar(grid, 0)).toBe(0);
  });

  it.each([
    ['\u0085', 'U+0085'],
    ['\u200b', 'U+200B'],
    ['\u00ad', 'U+00AD'],
  ])('escapes %j in an invalid-character message', (ch, shown) => {
    const p = only(`${replaceAt(TOP1, 3, ch)} name`);
    expect(p.problems[0].code).toBe('invalid-character');
    expect(p.problems[0].message).toMatch(new RegExp(`^Invalid character ${shown.replace(/[\\+]/g, '\\$&')} at r1c4:`));
    expect(p.problems[0].message).not.toContain(ch);
  });
});

describe('HoDoKu library lines (issue 12, item 6)', () => {
  // top95 #1 and its solution, from the shared data: a line as HoDoKu's library format writes it.
  const [puzzle, , solution] = readFileSync(data('magictour-top95', 'top95.sol'), 'utf8').split('\n')[0].split(':');
  /** r1c2 and r1c3 placed (not givens): `+` before their digits. */
  const placed = [1, 2];
  const cellsField = [...puzzle].map((ch, c) => (placed.includes(c) ? `+${solution[c]}` : ch)).join('');
  const state = [...puzzle].map((ch, c) => (placed.includes(c) ? solution[c] : ch)).join('');
  /** Two candidates of r1c4 that no value in its houses excludes and that are not its solution. */
  const peersHold = (c: number, d: string) => PEERS[c].some((q) => state[q] === d);
  const deletable = '123456789'.split('').filter((d) => d !== solution[3] && !peersHold(3, d)).slice(0, 2);
  const deleted = deletable.map((d) => `${d}14`).join(' ');

  it('reads the cells (placed ones as values) when no candidates are deleted', () => {
    const line = `:0000:x:${cellsField}:::`;
    const [p] = parseDocument(`${line}\n`).puzzles;
    expect(p.kind).toBe('81');
    expect(p.problems).toEqual([]);
    expect(p.text).toBe(state);
    // Cells point at their characters: r1c4 is after the two `+`.
    expect(p.range).toEqual(rng(0, 8, 8 + cellsField.length));
    expect(cellRange(p, 0)).toEqual(rng(0, 8, 9));
    expect(cellRange(p, 1)).toEqual(rng(0, 10, 11));
    expect(cellRange(p, 3)).toEqual(rng(0, 13, 14));
    expect(cellAt(p, 0, 13)).toBe(3);
  });

  it('reads the deleted candidates as a 729 puzzle: the candidates the values leave, less those', () => {
    const line = `:0000:x:${cellsField}:${deleted}::`;
    const [p] = parseDocument(line).puzzles;
    expect(p.kind).toBe('729');
    expect(p.problems).toEqual([]);
    const cands = candidatesOf(p)!;
    for (let c = 0; c < 81; c++) {
      if (state[c] !== '.') expect(cands[c], `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`).toBe(bit(Number(state[c])));
      else {
        let expected = 0x1ff;
        for (const q of PEERS[c]) if (state[q] !== '.') expected &= ~bit(Number(state[q]));
        if (c === 3) for (const d of deletable) expected &= ~bit(Number(d));
        expect(cands[c], `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`).toBe(expected);
      }
    }
    // A candidate's finding points at its cell (no character of the line is a candidate).
    expect(candidateRange(p, 3, Number(deletable[0]))).toEqual(cellRange(p, 3));
  });

  it("keeps a step's fields and a rating after the last colon as trailing text", () => {
    const line = `:0100:1:${cellsField}:${deleted}:113:: ED=9.5/1.2/1.2`;
    const [p] = parseDocument(line).puzzles;
    expect(p.text).not.toBeNull();
    expect(p.trailing).toBe('ED=9.5/1.2/1.2');
    expect(p.trailingRange).toEqual(rng(0, line.length - 14, line.length));
  });

  it('reports a bad deleted candidate and a wrong cell count where they are', () => {
    const bad = `:0000:x:${cellsField}:${deleted} 21x::`;
    const [p] = parseDocument(bad).puzzles;
    expect(p.text).toBeNull();
    expect(p.problems.map((f) => [f.code, f.range])).toEqual([['invalid-character', rng(0, bad.indexOf('21x'), bad.indexOf('21x') + 3)]]);
    const short = `:0000:x:${cellsField.slice(0, -1)}:::`;
    const [q] = parseDocument(short).puzzles;
    expect(q.problems.map((f) => f.code)).toEqual(['wrong-length']);
    expect(q.problems[0].message).toMatch(/found 80/);
  });

  it('leaves prose with colons alone', () => {
    expect(parseDocument('Note: this: is: a: line: of: prose').puzzles).toEqual([]);
  });
});

describe('isLinePuzzle, the shortcut for plain 81-character lines', () => {
  // A shard passes over other shards' lines on isLinePuzzle's word alone: it must say what the parse finds.
  const agrees = (line: string): boolean => isLinePuzzle(line) === (parseDocument(line).puzzles.length === 1);
  it('says a puzzle exactly where the parse finds one', () => {
    for (const ch of '0123456789.-*_x') expect(agrees(ch.repeat(81)), ch.repeat(81)).toBe(true);
    const cells = fc.constantFrom(...'0123456789.-*_x ');
    fc.assert(fc.property(fc.array(cells, { minLength: 81, maxLength: 81 }), (chars) => agrees(chars.join(''))));
    fc.assert(fc.property(fc.array(fc.constantFrom(...'0.'), { minLength: 81, maxLength: 81 }), (chars) => agrees(chars.join(''))));
  });
});

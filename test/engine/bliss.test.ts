/**
 * BLISS (server/src/engine/bliss) against the forum thread it comes from
 * (shared/seeds/bliss-solver-thread.txt; the logs below are copied from it,
 * non-breaking spaces turned into spaces), plus soundness over sample sets.
 *
 * Where our logs differ from the seed, and why:
 * - ex. 1 ends with "[ 9r1c1] solved": the first version's wording; the later
 *   posts write "BD" for the same event (a test branch solved by singles), as we do.
 * - "ng": dSolve's guess counts (210, 58, 66) are not reproducible (its guessing
 *   order is not published); ours is a plain DFS with singles (see guesses.ts).
 * - ex. 2 and the backdoor-2 example use the Nov 16 notation: "^=" for an
 *   implication, "!=" for a forced BLISS(2) pair "(*)" (option notation: 'caret').
 *   The other posts write "!=" everywhere (the default).
 * - backdoor-2 example: our first four BLISS(2) finds and the (*) pair
 *   [6r1c1, 9r5c2] are the seed's. Then the seed has "(*) [4r5c1, 1r5c2]" and
 *   "[4r9c7, 1r9c8] r2c9 ^= 7" twice (a duplicate: the same elimination cannot
 *   be new twice), where we, falling back to BLISS(1) after each BLISS(2) find,
 *   get "[ 7r1c5] r2c9 ^= 7" first; from there on the states differ a little, so
 *   our log has the seed's later BLISS(1) lines ("[ 7r1c5] r1c7 = 7" ... "[ 8r1c3]
 *   r2c1 = 7", "[ 2r1c2] BD") in the same order, with a few other lines between
 *   them. The seed's pair order and fall-back rule cannot be recovered from its
 *   log (tried: continuing the pair loop after a find, deferring implications,
 *   ordered pairs; each matches less). Same backdoor, same solution.
 * - SudokuP: the first two finds (three lines) match; then the seed's SudokuP
 *   mode evidently propagated less than singles in all 36 houses (its test of
 *   2r1c2 after the third find yields nothing, while here r1c2=2 leads through a
 *   box-position elimination and row singles to r4c1=2, r4c8=3, and r1c2!=2 to
 *   r4c1=3, r4c8=2; restricting hidden singles to some house types, or the
 *   box-position houses to naked singles, does not reproduce the seed either).
 *   Several later seed lines still appear verbatim, and both end with a BLISS(1)
 *   backdoor and the same solution.
 * - The tdillon log and ex. 1 / ex. 2 (apart from the points above) are
 *   reproduced exactly, including which digit the "BD" line names (the seed names
 *   the last digit its loop tested in the cell, not the one that solved).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type BlissResult,
  CONTRADICTION,
  NORMAL,
  SOLVED,
  bliss,
  countGuesses,
  doSingles,
  geometry,
  singles,
} from '../../server/src/engine/bliss';
import { candidatesOfText } from '../../server/src/engine/core/parse';
import { Budget, BudgetExceeded } from '../../server/src/engine/core/budget';
import { dataPath } from '../dataPath';

// ---------------------------------------------------------------------------
// The seed's logs
// ---------------------------------------------------------------------------

const EX1_LOG = [
  'P: ........1.....2.3...4.536...3........6......74...683...4..865..5..9.4...8....5.2. (ng = 210)',
  ' (1c) [ 3r1c1] r1c3 != 6',
  ' (1c) [ 6r1c1] r2c3 != 6',
  ' (1c) [ 8r4c3] r1c3 != 8, r2c3 != 8',
  ' (1c) [ 1r4c6] r4c4 != 1, r4c5 != 1, r5c4 != 1, r5c5 != 1, r6c4 != 1',
  ' (1c) [ 9r1c1] solved',
  'S: 983647251615892734274153698738421965162539847459768312341286579526974183897315426',
];
const EX2_LOG = [
  'P: 1.......6.5.7...8...3...4.....2.8.9.....1.3...8..5....6..9......7...5.2...4.....1 (ng = 58)',
  ' (1c) [ 7r1c3] r3c1 ^= 2, r3c1 ^= 9',
  ' (1c) [78r3c1] r1c3 ^= 2, r1c3 ^= 9',
  ' (1c) [ 9r5c6] r1c6 ^= 9, r2c6 ^= 9, r3c6 ^= 9',
  ' (1c) [ 2r6c7] r6c1 ^= 2, r6c3 ^= 2',
  ' (1c) [ 8r8c4] BD',
  'S: 128594736459736182763182459317248695542619378986357214635921847871465923294873561',
];
const BD2_LOG = [
  'P: ........1.....234...3.1.25.....6..7...5..3..2.8.7.......4..1..51...9.6..95.8.....',
  ' (2c) [7r7c7, 8r8c9] r7c7 != 7, r8c9 != 8 (*)',
  ' (2c) [7r1c1, 7r1c2] r1c1 != 7, r1c2 != 7 (*)',
  ' (2c) [9r1c7, 8r1c8] r1c7 != 9, r1c8 != 8 (*)',
  ' (2c) [7r1c3, 7r1c6] r1c3 != 7, r1c6 != 7 (*)',
  ' (2c) [4r5c1, 1r5c2] r5c1 != 4, r5c2 != 1 (*)',
  ' (2c) [4r9c7, 1r9c8] r2c9 ^= 7',
  ' (2c) [4r9c7, 1r9c8] r2c9 ^= 7',
  ' (2c) [6r1c1, 9r5c2] r1c1 != 6, r5c2 != 9 (*)',
  ' (1c) [69r1c8]       r1c2 ^= 6',
  ' (1c) [69r1c8]       r1c3 ^= 6',
  ' (1c) [69r1c8]       r1c4 ^= 6',
  ' (1c) [ 6r1c6]       r1c8  = 6',
  ' (1c) [ 7r1c5]       r1c7  = 7',
  ' (1c) [ 1r2c2]       r2c3 ^= 1, r4c2 ^= 1',
  ' (1c) [ 6r2c3]       r3c4  = 6',
  ' (1c) [ 5r1c1]       r1c4 ^= 5, r1c5 ^= 5, r1c6 ^= 5, r2c1 ^= 5',
  ' (1c) [ 2r1c2]       r7c2 ^= 2',
  ' (1c) [ 2r1c3]       r1c2 ^= 4',
  ' (1c) [ 8r1c3]       r2c1  = 7',
  ' (1c) [ 2r1c2]       BD',
  'S: 529438761716952348843617259491265873675183492382749516264371985138594627957826134',
];
const SUDOKU_P_LOG = [
  'BLISS (SudokuP mode)',
  'P: 1........4.....3............6......7.89.....5....4...................2.......2... (ng = 66)',
  ' (1c) [ 2r1c4]       r3c8 != 2',
  ' (1c) [ 2r1c9]       r1c8 != 2, r2c3 != 2',
  ' (1c) [ 2r1c9]       r2c9  = 2',
  ' (1c) [ 2r1c3]       r7c1 != 2',
  ' (1c) [ 2r1c3]       r7c3  = 2',
  ' (1c) [16r5c4]       r2c4 != 1, r2c4 != 6',
  ' (1c) [16r5c4]       r8c1 != 6',
  ' (1c) [16r5c4]       r8c4 != 1, r8c4 != 6',
  ' (1c) [ 1r6c2]       r6c4 != 1, r6c6 != 1, r6c7 != 1, r6c8 != 1, r6c9 != 1',
  ' (1c) [ 2r1c2]       r3c4 != 6',
  ' (1c) [ 1r4c8]       r1c4 != 6, r3c7 != 1',
  ' (1c) [ 1r4c8]       r5c4  = 6',
  ' (1c) [ 2r1c2]       r1c4 != 3, r1c4 != 5, r1c4 != 7, r1c4 != 8, r1c4 != 9,',
  '                     r3c7 != 4, r4c8 != 8, r4c8 != 9',
  ' (1c) [ 3r1c3]       r3c1 != 3, r3c2 != 3, r6c3 != 3',
  ' (1c) [ 1r3c4]       r3c6 != 4, r7c5 != 1, r7c6 != 1, r8c5 != 1',
  ' (1c) [ 1r3c4]       r8c6  = 4',
  ' (1c) [ 2r1c2]       r1c3  = 3',
  ' (1c) [ 2r1c2]       r1c4  = 4',
  ' (1c) [ 6r1c6]       r1c7 != 6, r1c9 != 6, r2c5 != 6, r7c6 != 6',
  ' (1c) [ 9r1c5]       BD',
  'S: 123456789456897312978231564264518937789623145315749826842375691531964278697182453',
];
const TDILLON_LOG = [
  'Start BLISS solve',
  ' (1c) [ 1r4c8]       r1c8 != 1, r2c8 != 1, r3c8 != 1, r7c8 != 1, r8c8 != 1,',
  '                     r9c8 != 1',
  ' (1c) [ 1r3c5]       r1c4 != 1, r1c6 != 1, r3c1 != 1, r3c2 != 1, r3c4 != 1,',
  '                     r3c6 != 1, r3c7 != 1, r3c9 != 1',
  ' (1c) [ 1r1c9]       r1c1 != 1, r1c7 != 1, r2c7 != 1, r7c9 != 1',
  ' (1c) [ 1r2c1]       r2c4  = 1',
  ' (1c) [ 2r2c1]       r1c4 != 2, r1c5 != 2',
  ' (1c) [ 2r2c1]       r1c7  = 2',
  ' (1c) [ 2r2c1]       r2c5 != 2',
  ' (1c) [ 2r2c1]       r2c6  = 2',
  ' (1c) [ 4r4c6]       r1c6 != 4, r2c1 != 4, r2c2 != 4, r2c3 != 4',
  ' (1c) [ 4r4c6]       r2c5  = 4',
  ' (1c) [ 4r4c6]       r4c9 != 4, r5c4 != 4, r6c4 != 4, r6c6 != 4, r7c6 != 4,',
  '                     r8c6 != 4, r9c6 != 4',
  ' (1c) [ 3r4c8]       r2c9 != 3',
  ' (1c) [ 3r4c8]       r4c9  = 3',
  ' (1c) [ 3r1c8]       r1c1 != 4, r1c2 != 3, r1c4 != 3, r1c4 != 5, r1c5 != 3,',
  '                     r1c6 != 3',
  ' (1c) [ 3r1c8]       r2c1  = 3',
  ' (1c) [ 9r1c2]       BD',
  'S: 849765231376142859251893476195284763683571942724936518562418397437629185918357624',
];

/** The tdillon puzzle's candidate grid from the seed, cell by cell. */
const TDILLON_GRID = [
  ['1456789', '3456789', '456789', '12356789', '2356789', '13456789', '123456789', '123456789', '123456789'],
  ['123456789', '3456789', '456789', '123456789', '23456789', '23456789', '1245789', '123456789', '23456789'],
  ['123456789', '13456789', '123456789', '1256789', '12789', '13456789', '12456789', '126789', '12456789'],
  ['123456789', '1256789', '256789', '123456789', '26789', '456789', '2789', '1236789', '23456789'],
  ['123456789', '23456789', '23456789', '3456789', '234789', '123456789', '2349', '23456789', '23456789'],
  ['23456789', '123456789', '23456789', '1345789', '23456789', '3456789', '23456789', '123456789', '3489'],
  ['123456789', '123456789', '123456789', '12456789', '123456789', '123456789', '123456789', '1234569', '123456789'],
  ['12456789', '13456789', '156789', '156789', '23456789', '1456789', '123456789', '13456789', '3456789'],
  ['235679', '123456789', '89', '23456789', '456789', '12346789', '356789', '123456789', '456789'],
];
const TDILLON = TDILLON_GRID.flat()
  .map((cell) => [...'123456789'].map((d) => (cell.includes(d) ? d : '.')).join(''))
  .join('');

/** Easter Monster (berthier-nrczt-chains-whips.txt, without the added r4c8=7). */
const EASTER_MONSTER = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
/** "Sudoku X" from ISS (shared/data/iss-variants), with its published solution. */
const SUDOKU_X = '..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.';
const SUDOKU_X_SOLUTION = '681945237792316584435827619523784961817639425946152873369478152158293746274561398';

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** Find lines only (no header, no S: line), wrapped lines joined, spaces collapsed. */
function body(log: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of log) {
    if (/^\s+r\dc\d/.test(line)) out[out.length - 1] += ` ${line.trim()}`;
    else if (line.startsWith(' (')) out.push(line);
  }
  return out.map((l) => l.replace(/\s+/g, ' ').trim());
}

const solutionOf = (log: readonly string[]): string => log.find((l) => l.startsWith('S: '))!.slice(3);

/** Every step agrees with the solution; a solution found is the solution. */
function expectSound(r: BlissResult, solution: string, label: string): void {
  for (const s of r.steps) {
    const digit = Number(solution[s.cell]);
    if (s.kind === 'eliminate') expect(digit, `${label}: ${s.text}`).not.toBe(s.digit);
    else expect(digit, `${label}: ${s.text}`).toBe(s.digit);
  }
  for (let c = 0; c < 81; c++) expect(r.candidates[c] & (1 << (Number(solution[c]) - 1)), `${label}: r${c}`).not.toBe(0);
  if (r.solved) expect(r.solution!.join(''), label).toBe(solution);
  expect(r.noSolution, label).toBe(false);
}

function readSol(file: string, every: number, limit = Infinity): { puzzle: string; solution: string }[] {
  return readFileSync(dataPath(file), 'utf8')
    .split('\n')
    .filter((l, i) => l.includes(':') && i % every === 0)
    .slice(0, limit)
    .map((l) => {
      const [puzzle, , solution] = l.split(':');
      return { puzzle, solution };
    });
}

// ---------------------------------------------------------------------------
// Geometry and singles
// ---------------------------------------------------------------------------

describe('variants', () => {
  it('have the classic houses plus their extra ones', () => {
    expect(geometry('classic').houseCount).toBe(27);
    expect(geometry('X').houseCount).toBe(29);
    expect(geometry('P').houseCount).toBe(36);
    expect(geometry('PX').houseCount).toBe(38);
    const x = geometry('X');
    expect([...x.houseCells.subarray(9 * 27, 9 * 28)]).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    expect([...x.houseCells.subarray(9 * 28, 9 * 29)]).toEqual([8, 16, 24, 32, 40, 48, 56, 64, 72]);
    const p = geometry('P');
    // Box position 1 (top-left of every box).
    expect([...p.houseCells.subarray(9 * 27, 9 * 28)]).toEqual([0, 3, 6, 27, 30, 33, 54, 57, 60]);
    const peerCount = (v: 'classic' | 'X' | 'P' | 'PX', c: number): number => {
      const g = geometry(v);
      return g.peerStart[c + 1] - g.peerStart[c];
    };
    expect(peerCount('classic', 40)).toBe(20);
    expect(peerCount('X', 40)).toBe(20 + 12); // the centre is on both diagonals
    expect(peerCount('P', 0)).toBe(20 + 4); // r4c4 r4c7 r7c4 r7c7 (r1c4 r1c7 r4c1 r7c1 already are)
    expect(peerCount('PX', 0)).toBe(24 + 4); // + r5c5 r6c6 r8c8 r9c9
  });
});

describe('DoSingles', () => {
  it('solves a singles puzzle, keeps pencilmarks otherwise, and detects contradictions', () => {
    // Easy puzzle: singles only.
    const easy = singles(candidatesOfText('..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'));
    expect(easy.status).toBe('solved');
    const em = singles(candidatesOfText(EASTER_MONSTER));
    expect(em.status).toBe('normal');
    expect(em.candidates[0]).toBe(1); // the given
    expect(em.candidates[1]).toBe(0b11001000); // r1c2: 4, 7, 8
    const conflict = candidatesOfText(`11${'.'.repeat(79)}`);
    expect(singles(conflict).status).toBe('contradiction');
    // Hidden single: digit 1 has a single place in row 1.
    const pm = new Uint16Array(81).fill(0x1ff);
    for (let c = 1; c < 9; c++) pm[c] = 0x1fe;
    expect(doSingles(geometry('classic'), pm, null)).toBe(NORMAL);
    expect(pm[0]).toBe(1);
    expect(pm[9] & 1).toBe(0);
    // Digits 1 and 2 both have r1c1 as their only place in row 1.
    const two = new Uint16Array(81).fill(0x1ff);
    for (let c = 1; c < 9; c++) two[c] = 0x1fc;
    expect(doSingles(geometry('classic'), two, null)).toBe(CONTRADICTION);
  });

  it('uses the variant houses', () => {
    // In SudokuX a given 5 in r1c1 removes 5 from r9c9; not in classic.
    const cands = candidatesOfText(`5${'.'.repeat(80)}`);
    expect(singles(cands).candidates[80] & 16).toBe(16);
    expect(singles(cands, { variant: 'X' }).candidates[80] & 16).toBe(0);
    expect(singles(cands, { variant: 'P' }).candidates[30] & 16).toBe(0); // r4c4: box position 1
    expect(singles(candidatesOfText(SUDOKU_X), { variant: 'X' }).status).toBe('normal');
    const solved = candidatesOfText(SUDOKU_X_SOLUTION);
    expect(doSingles(geometry('X'), solved.slice(), null)).toBe(SOLVED);
    // That grid breaks the box-position rule somewhere.
    expect(doSingles(geometry('PX'), solved.slice(), null)).toBe(CONTRADICTION);
  });

  it('optionally does locked candidates', () => {
    // Row 1: digit 1 only in r1c1..r1c3 (box 1) -> pointing removes 1 from the rest of box 1.
    const pm = new Uint16Array(81).fill(0x1ff);
    for (let c = 3; c < 9; c++) pm[c] = 0x1fe;
    const without = singles(pm);
    expect(without.candidates[9] & 1).toBe(1);
    const withLc = singles(pm, { lockedCandidates: true });
    expect(withLc.status).toBe('normal');
    expect(withLc.candidates[9] & 1).toBe(0);
    expect(withLc.candidates[20] & 1).toBe(0);
    expect(withLc.candidates[27] & 1).toBe(1); // outside box 1
  });
});

// ---------------------------------------------------------------------------
// The seed's examples
// ---------------------------------------------------------------------------

describe('BLISS on the seed examples', () => {
  it('PH1910 example #1: BLISS(1), the seed log line for line', () => {
    const r = bliss(candidatesOfText(EX1_LOG[0].slice(3, 84)));
    // The seed's first version wrote "solved" where the later ones write "BD".
    expect(body(r.log)).toEqual(body(EX1_LOG).map((l) => l.replace(/ solved$/, ' BD')));
    expect(r.level).toBe(1);
    expect(r.backdoor).toBe(true);
    expect(r.backdoorTest!.text).toBe('BLISS(1): backdoor r1c1 = 9 (singles solve the rest)');
    expect(r.solution!.join('')).toBe(solutionOf(EX1_LOG));
    expect(r.log[0]).toBe(`P: ${EX1_LOG[0].slice(3, 84)} (ng = ${r.ng})`);
    expect(r.ng).toBe(90); // dSolve: 210 (see guesses.ts)
    expect(r.log.at(-1)).toBe(EX1_LOG.at(-1));
    expect(r.steps.map((s) => s.text)).toEqual([
      'BLISS(1): r1c3 != 6  [tested 3r1c1]',
      'BLISS(1): r2c3 != 6  [tested 6r1c1]',
      'BLISS(1): r1c3 != 8  [tested 8r4c3]',
      'BLISS(1): r2c3 != 8  [tested 8r4c3]',
      'BLISS(1): r4c4 != 1  [tested 1r4c6]',
      'BLISS(1): r4c5 != 1  [tested 1r4c6]',
      'BLISS(1): r5c4 != 1  [tested 1r4c6]',
      'BLISS(1): r5c5 != 1  [tested 1r4c6]',
      'BLISS(1): r6c4 != 1  [tested 1r4c6]',
    ]);
  });

  it('PH1910 example #2: BLISS(1) with the "^=" notation', () => {
    const r = bliss(candidatesOfText(EX2_LOG[0].slice(3, 84)), { notation: 'caret' });
    expect(body(r.log)).toEqual(body(EX2_LOG));
    expect(r.level).toBe(1);
    expect(r.solution!.join('')).toBe(solutionOf(EX2_LOG));
    // The backdoor line names the cell's last digit, as in the seed; the solving branch was r8c4 = 4.
    expect(r.backdoorTest!.text).toBe('BLISS(1): backdoor r8c4 = 4 (singles solve the rest)');
    expect(r.finds[1]).toMatchObject({ bivalue: true, tested: [{ cell: 18, digit: 7 }] });
    // Default notation: the same log with "!=".
    const bang = bliss(candidatesOfText(EX2_LOG[0].slice(3, 84)));
    expect(body(bang.log)).toEqual(body(EX2_LOG).map((l) => l.replace(/\^=/g, '!=')));
  });

  it('tdillon pencilmark puzzle: BLISS(1), byte for byte', () => {
    const cands = candidatesOfText(TDILLON);
    let n = 0;
    for (const m of cands) for (let x = m; x; x &= x - 1) n++;
    expect(n).toBe(610); // "610 candidates + 119 clues"
    const r = bliss(cands, { maxLevel: 1, guessCount: false });
    expect(r.log[0]).toBe('PM candidates = 610, givens = 0');
    expect(r.log.slice(1)).toEqual(TDILLON_LOG.slice(1));
    expect(r.level).toBe(1);
    expect(r.backdoor).toBe(true);
  });

  it('backdoor-2 example: BLISS(2), then BLISS(1) and a backdoor', () => {
    const puzzle = BD2_LOG[0].slice(3, 84);
    expect(bliss(candidatesOfText(puzzle), { maxLevel: 1, guessCount: false }).level).toBeNull();
    const r = bliss(candidatesOfText(puzzle), { notation: 'caret', guessCount: false });
    const ours = body(r.log);
    const seed = body(BD2_LOG);
    expect(ours.slice(0, 4)).toEqual(seed.slice(0, 4));
    expect(ours).toContain(seed[7]); // (2c) [6r1c1, 9r5c2] r1c1 != 6, r5c2 != 9 (*)
    // The last BLISS(1) stretch of the seed, in order (ours has more lines in between).
    const tail = [seed[12], seed[15], seed[16], seed[17], seed[18], seed[19]];
    expect(tail[0]).toBe('(1c) [ 7r1c5] r1c7 = 7');
    let at = ours.indexOf(tail[0]);
    expect(at).toBeGreaterThan(0);
    for (const line of tail.slice(1)) {
      const next = ours.indexOf(line, at + 1);
      expect(next, line).toBeGreaterThan(at);
      at = next;
    }
    expect(ours.at(-1)).toBe('(1c) [ 2r1c2] BD');
    expect(r.level).toBe(2);
    expect(r.backdoor).toBe(true);
    expect(r.solution!.join('')).toBe(solutionOf(BD2_LOG));
    expect(r.finds[0]).toMatchObject({ level: 2, kind: 'forced' });
    expect(r.steps[0].text).toBe('BLISS(2): r7c7 != 7  [tested 7r7c7, 8r8c9] (forced)');
    expectSound(r, solutionOf(BD2_LOG), 'backdoor-2');
  });

  it('SudokuP 11-clue puzzle in SudokuP mode: BLISS(1) and a backdoor', () => {
    const puzzle = SUDOKU_P_LOG[1].slice(3, 84);
    const r = bliss(candidatesOfText(puzzle), { variant: 'P' });
    expect(r.log[0]).toBe('BLISS (SudokuP mode)');
    expect(r.log[1]).toBe(`P: ${puzzle} (ng = ${r.ng})`);
    expect(r.log.slice(2, 5)).toEqual(SUDOKU_P_LOG.slice(2, 5));
    // Seed lines that we reproduce verbatim later on.
    const shared = [
      ' (1c) [ 1r3c4]       r3c6 != 4, r7c5 != 1, r7c6 != 1, r8c5 != 1',
      ' (1c) [ 1r3c4]       r8c6  = 4',
      ' (1c) [ 2r1c2]       r1c3  = 3',
      ' (1c) [ 2r1c2]       r1c4  = 4',
    ];
    for (const line of shared) {
      expect(SUDOKU_P_LOG).toContain(line);
      expect(r.log).toContain(line);
    }
    expect(r.level).toBe(1);
    expect(r.backdoor).toBe(true);
    expect(r.solution!.join('')).toBe(solutionOf(SUDOKU_P_LOG));
    expectSound(r, solutionOf(SUDOKU_P_LOG), 'SudokuP');
  });

  it('Easter Monster gives nothing to BLISS(2)', () => {
    const r = bliss(candidatesOfText(EASTER_MONSTER), { guessCount: false });
    expect(r.level).toBeNull();
    expect(r.finds).toEqual([]);
    expect(r.solved).toBe(false);
    expect(r.noSolution).toBe(false);
    expect(r.tests.level2).toBeGreaterThan(10_000);
    expect(r.log).toEqual([`P: ${EASTER_MONSTER}`]);
  });

  it('SudokuX mode solves an X puzzle', () => {
    const r = bliss(candidatesOfText(SUDOKU_X), { variant: 'X', guessCount: false });
    expect(r.solved).toBe(true);
    expect(r.solution!.join('')).toBe(SUDOKU_X_SOLUTION);
    expect(r.log[0]).toBe('BLISS (SudokuX mode)');
    expectSound(r, SUDOKU_X_SOLUTION, 'X');
  });
});

// ---------------------------------------------------------------------------
// API details
// ---------------------------------------------------------------------------

describe('BLISS API', () => {
  it('level 0 for a singles puzzle, and leaves its input alone', () => {
    const cands = candidatesOfText('..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..');
    const copy = cands.slice();
    const r = bliss(cands);
    expect(r).toMatchObject({ level: 0, solved: true, backdoor: false, ng: 0, finds: [] });
    expect(cands).toEqual(copy);
  });

  it('reports a state without solution', () => {
    const r = bliss(candidatesOfText(`11${'.'.repeat(79)}`));
    expect(r.noSolution).toBe(true);
    expect(r.level).toBeNull();
  });

  it('locked candidates in DoSingles make BLISS stronger (ex. 1: an immediate backdoor)', () => {
    const r = bliss(candidatesOfText(EX1_LOG[0].slice(3, 84)), { lockedCandidates: true, guessCount: false });
    expect(r.finds).toEqual([]);
    expect(r.backdoor).toBe(true);
    expect(r.solution!.join('')).toBe(solutionOf(EX1_LOG));
  });

  it('checks its budget', () => {
    const budget = new Budget(0);
    expect(() => bliss(candidatesOfText(EASTER_MONSTER), { budget, guessCount: false })).toThrow(BudgetExceeded);
  });

  it('ng is a deterministic DFS guess count and finds the solution', () => {
    const g = geometry('classic');
    const pm = candidatesOfText(EX2_LOG[0].slice(3, 84));
    doSingles(g, pm, null);
    const a = countGuesses(g, pm);
    expect(a.guesses).toBe(countGuesses(g, pm).guesses);
    expect(a.solution!.join('')).toBe(solutionOf(EX2_LOG));
    expect(a.complete).toBe(true);
    // Capped: a lower bound, logged as "ng > N".
    const capped = bliss(candidatesOfText(EX2_LOG[0].slice(3, 84)), { guessCount: 10, maxLevel: 1 });
    expect(capped).toMatchObject({ ng: 10, ngComplete: false });
    expect(capped.log[0]).toBe(`P: ${EX2_LOG[0].slice(3, 84)} (ng > 10)`);
    expect(bliss(candidatesOfText(TDILLON), { guessCount: 500, maxLevel: 1 })).toMatchObject({ ng: 500, ngComplete: false });
  });
});

// ---------------------------------------------------------------------------
// Soundness over samples
// ---------------------------------------------------------------------------

describe('BLISS soundness', () => {
  it('ph1910 sample: every 10th puzzle, BLISS(2)', () => {
    let solved = 0;
    let timeouts = 0;
    for (const { puzzle, solution } of readSol('ph1910-sample/ph1910_sample1000.sol', 10)) {
      let r: BlissResult;
      try {
        r = bliss(candidatesOfText(puzzle), { guessCount: false, budget: new Budget(3000) });
      } catch (err) {
        if (!(err instanceof BudgetExceeded)) throw err;
        timeouts++;
        continue;
      }
      expectSound(r, solution, puzzle);
      if (r.solved) solved++;
    }
    expect(timeouts).toBeLessThanOrEqual(3);
    expect(solved).toBeGreaterThanOrEqual(90); // "over 99% of the puzzles in PH1910" have a backdoor 2
  });

  it('ph1910 sample: every 2nd puzzle, BLISS(1) only', () => {
    for (const { puzzle, solution } of readSol('ph1910-sample/ph1910_sample1000.sol', 2)) {
      expectSound(bliss(candidatesOfText(puzzle), { maxLevel: 1, guessCount: false }), solution, puzzle);
    }
  });

  it('86-clue pencilmark puzzles: every 10th, BLISS(2)', () => {
    const sample = readSol('pencilmark-t-dillon/86_clue_first5000.sol', 10);
    expect(sample.length).toBe(500);
    let solved = 0;
    for (const { puzzle, solution } of sample) {
      const r = bliss(candidatesOfText(puzzle), { guessCount: false });
      expectSound(r, solution, puzzle);
      if (r.solved) solved++;
    }
    expect(solved).toBe(500);
  });

  it('gurobi_hard pencilmark puzzles: first 10, BLISS(1) only', () => {
    for (const { puzzle, solution } of readSol('pencilmark-t-dillon/gurobi_hard.sol', 1, 10)) {
      expectSound(bliss(candidatesOfText(puzzle), { maxLevel: 1, guessCount: false }), solution, puzzle.slice(0, 40));
    }
  });
});

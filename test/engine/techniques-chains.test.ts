/**
 * Sudoku Explainer's chaining techniques (server/src/engine/se/techniques/chains): the length bonus,
 * first steps that SE itself rated (the ED column of the forum's hardest-puzzles database is the
 * difficulty of SE's first step, taken on the bare puzzle, so it checks a chain technique alone),
 * whole ratings of 17-clue puzzles against SE's published SER, and soundness: every chain step
 * found on real puzzles agrees with the solution.
 */
import * as fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { nextStepAtLeast, rate, seFormat } from '../../server/src/engine/se/rate';
import { State } from '../../server/src/engine/core/state';
import type { Step } from '../../server/src/engine/core/step';
import { TECHNIQUES } from '../../server/src/engine/se/techniques';
import {
  dynamicForcingChains,
  dynamicForcingChainsPlus,
  forcingChainsAndCycles,
  multipleForcingChains,
  nestedForcingChains,
  nishioForcingChains,
} from '../../server/src/engine/se/techniques/chains';
import { AdvancedRules, PotentialsCache } from '../../server/src/engine/se/techniques/chains/advanced';
import { DynamicChainer, restartSignatures } from '../../server/src/engine/se/techniques/chains/dynamic';
import { CycleComponents } from '../../server/src/engine/se/techniques/chains/cycleComponents';
import { Kind, compareHints, lengthBonus, sortAndDedup, type ChainHint } from '../../server/src/engine/se/techniques/chains/hint';
import { PassLinks } from '../../server/src/engine/se/techniques/chains/passLinks';
import { ReachSets } from '../../server/src/engine/se/techniques/chains/reachSets';
import { Relevance } from '../../server/src/engine/se/techniques/chains/relevance';
import { SearchMemo } from '../../server/src/engine/se/techniques/chains/searchMemo';
import { StaticChainer } from '../../server/src/engine/se/techniques/chains/static';
import { CAUSE_ADVANCED, CAUSE_CELL, CAUSE_NONE, CandSet, CELL_HOUSES, ChainGrid, GridKey, HOUSE_CELLS, NCAND, POPCOUNT9, lowBit, offToOn, onToOff, takeOff, causeHouse } from '../../server/src/engine/se/techniques/chains/tables';
import { BOXES, COLUMNS, KIND_PAIRS, ROWS } from '../../server/src/engine/se/techniques/intersections';
import { digitWords } from '../../server/src/engine/se/techniques/places';
import { Budget, BudgetExceeded } from '../../server/src/engine/core/budget';
import { type Technique, type TechniqueContext } from '../../server/src/engine/se/techniques/technique';
import { dataPath } from '../dataPath';
import { level2Pauses, stateOf } from './levelPauses';
import { gridThinner } from './thinnedGrids';

function firstStep(t: Technique, state: State, ms = 60_000): Step | null {
  for (const s of t.steps(state, { unique: true, budget: new Budget(ms) })) return s;
  return null;
}

/** The first step of the whole technique list, as the rater takes it. */
function ratedFirstStep(state: State): Step | null {
  const budget = new Budget(60_000);
  for (const t of TECHNIQUES) for (const s of t.steps(state, { unique: true, budget })) return s;
  return null;
}

function expectSound(step: Step, solution: string, where: string): void {
  for (const p of step.placements) expect(Number(solution[p.cell]), `${where}: ${step.text}`).toBe(p.digit);
  for (const e of step.eliminations) expect(Number(solution[e.cell]), `${where}: ${step.text}`).not.toBe(e.digit);
}

function solutions(...parts: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of fs.readFileSync(dataPath(...parts), 'utf8').split('\n')) {
    const [puzzle, , solution] = line.trim().split(':');
    if (puzzle && solution) map.set(puzzle, solution);
  }
  return map;
}

// ---------------------------------------------------------------------------

/** The three passes of a static search, as (isY, isX): X, Y, XY. */
const PASSES = [
  [false, true],
  [true, false],
  [true, true],
] as const;

/**
 * SE's collectRuleParents for one single, by its definition: the candidates of the single's cell
 * (`cause` CAUSE_CELL) or of its digit in the house its cause names that the outer start had and
 * `g` has not, in the cell's or house's order, appended once.
 */
function removedSince(g: ChainGrid, initial: Uint16Array, cand: number, cause: number, out: number[], seen: CandSet): void {
  const cell = Math.floor(cand / 9);
  const add = (c: number, digit: number) => {
    const gone = (initial[c] >> digit) & 1 && !((g.cands[c] >> digit) & 1);
    if (gone && seen.add(c * 9 + digit)) out.push(c * 9 + digit);
  };
  if (cause === CAUSE_CELL) for (let v = 0; v < 9; v++) add(cell, v);
  else for (let i = 0; i < 9; i++) add(HOUSE_CELLS[causeHouse(cause, cell) * 9 + i], cand % 9);
}

describe('length bonus and difficulty', () => {
  it('follows SE’s table: limits 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128 on length = complexity - 2', () => {
    const expected: [number, number][] = [
      [4, 0],
      [5, 1],
      [6, 1],
      [7, 2],
      [8, 2],
      [9, 3],
      [12, 3],
      [13, 4],
      [16, 4],
      [17, 5],
      [24, 5],
      [25, 6],
      [32, 6],
      [33, 7],
      [48, 7],
      [49, 8],
      [64, 8],
      [65, 9],
      [96, 9],
      [97, 10],
      [128, 10],
      [129, 11],
    ];
    for (const [length, tenths] of expected) {
      expect(Math.round(lengthBonus(length + 2) * 10), `length ${length}`).toBe(tenths);
    }
  });

  it('matches the ratings SE prints for chains of a given length', () => {
    // "Forcing Chain (w/8 nodes)" 7.2, "(w/6 nodes)" 7.1, "Bidirectional Y-Cycle (w/16 nodes)" 6.9.
    expect(seFormat(7.0 + lengthBonus(8 + 2))).toBe('7.2');
    expect(seFormat(7.0 + lengthBonus(6 + 2))).toBe('7.1');
    expect(seFormat(6.5 + lengthBonus(16 + 2))).toBe('6.9');
  });
});

describe('sorting and deduplicating hints', () => {
  it('keeps, in a stable sort’s order, the first hint of each list of removals, for lists short and long', () => {
    // By the definition: the stable order by difficulty, complexity and sort key, and a hint
    // dropped when an earlier one kept has the same removals in the same order.
    const expected = (hints: ChainHint[]): ChainHint[] => {
      const kept: ChainHint[] = [];
      for (const h of hints.slice().sort(compareHints)) if (!kept.some((k) => k.removable.join() === h.removable.join())) kept.push(h);
      return kept;
    };
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (seed >>> 8) % n;
    };
    let dropped = 0;
    for (let round = 0; round < 400; round++) {
      // 0 to 40 hints: both sides of the short lists' insertion sort; few values, so ties and
      // repeated removals are common (and removals that differ in order only).
      const hints = Array.from({ length: round % 41 }, (_, i): ChainHint => {
        const removable = Array.from({ length: 1 + next(2) }, () => next(3));
        return { kind: Kind.Forcing, name: `h${i}`, difficulty: 7 + next(3) / 10, complexity: 4 + next(3), sortKey: next(2), removable, placement: -1, links: null, detail: '', house: -1, ruleParents: null, signature: null };
      });
      const given = hints.slice();
      const want = expected(hints);
      const got = sortAndDedup(hints);
      expect(got.map((h) => h.name), `round ${round}`).toEqual(want.map((h) => h.name));
      expect(hints, 'the list given is left as it was').toEqual(given);
      dropped += hints.length - got.length;
    }
    expect(dropped).toBeGreaterThan(1000);
  });
});

describe('first steps rated by SE (ED of the hardest-puzzles database)', () => {
  // Bare puzzles whose first SE step is a dynamic chain; [puzzle, ED, technique].
  const cases: [string, string, string][] = [
    [
      '..3.5.7..4....9....8.2.....2......4..9.8.......1.6.5.....5.16......7...3..6....57',
      '9.3',
      'Dynamic Contradiction Forcing Chains',
    ],
    [
      '1....67......8......92...5.....4...85..3...1......76..3.2.......1.9...2.9.5.....4',
      '9.4',
      'Dynamic Contradiction Forcing Chains',
    ],
    [
      '.2.4...8......9..2..9.3............5..8..7....4.5..82...46..21.6.21..4...1......8',
      '9.4',
      'Dynamic Double Forcing Chains (+)',
    ],
    [
      '..3..67.........2.79.2......3....6..5....4..76.7..3.453.5..74...............1...8',
      '9.5',
      'Dynamic Region Forcing Chains (+)',
    ],
    [
      '........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.',
      '9.8',
      'Dynamic Contradiction Forcing Chains (+)',
    ],
    [
      '.2......9..6.8.1..7.......5..46....8....4..1....3.84...9.....2.5....7..1..1.3.8..',
      '10.0',
      'Dynamic Contradiction Forcing Chains (+)',
    ],
    [
      '..6.......3...7..11.7.............9.3....6..5.5.8..2....3..5..6...2...4..4..9.8..',
      '10.2',
      'Dynamic Contradiction Forcing Chains (+ Forcing Chains)',
    ],
  ];
  for (const [puzzle, ed, technique] of cases) {
    it(`${puzzle.slice(0, 20)}… starts with ${technique} ${ed}`, () => {
      const step = ratedFirstStep(stateOf(puzzle));
      expect(step?.technique).toBe(technique);
      expect(seFormat(step!.difficulty)).toBe(ed);
    });
  }
});

describe('whole ratings of 17-clue puzzles against SE’s SER', () => {
  // [puzzle, SER, hardest technique]; the simpler techniques before the chains matter too.
  const cases: [string, string, string][] = [];
  const rows = fs.readFileSync(dataPath('berthier-ratings', 'royle17-49151-W-SER.tsv'), 'utf8').split('\n');
  // Every 211th puzzle rated 6.5-8.0 gives a spread of chain kinds (fixed, so the test is stable).
  let seen = 0;
  for (const row of rows.slice(1)) {
    const [puzzle, , ser] = row.split('\t');
    if (!puzzle || Number(ser) < 6.5 || Number(ser) > 8.0) continue;
    if (seen++ % 211 === 0) cases.push([puzzle, ser, '']);
    if (cases.length === 40) break;
  }

  it('agree on at least 90% of a sample rated 6.5-8.0, and within 0.1 on 97%', { timeout: 30_000 }, () => {
    let exact = 0;
    let near = 0;
    const misses: string[] = [];
    for (const [puzzle, ser] of cases) {
      const r = rate(stateOf(puzzle), { unique: true, budgetMs: 10_000 });
      const er = seFormat(r.er);
      if (er === ser) exact++;
      else misses.push(`${puzzle} SE ${ser} got ${er} ${r.hardest?.technique}`);
      if (Math.abs(Number(er) - Number(ser)) < 0.15) near++;
    }
    expect(exact / cases.length, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(near / cases.length, misses.join('\n')).toBeGreaterThanOrEqual(0.97);
  });

  // One puzzle per hardest technique, each rated exactly as SE does: [puzzle, SER, technique].
  const known: [string, string, string][] = [
    ['.....731.5.94............2.4.......96..2.........3.......8..6...3....2...1.......', '6.6', 'Turbot Fish'],
    ['1......4.....3.6..7........5..7...........3.2...8..4.....1...7..3..2....46.......', '6.7', 'Forcing X-Chain'],
    ['6.1..........3..8.......4.....2.4....9.....3.5..1.....34..7.......6..1........2..', '6.6', 'Bidirectional X-Cycle'],
    ['....38.6..24...................7.2...1.4.....8......3....6..4.1..9...5..3........', '6.6', 'Bidirectional Y-Cycle'],
    ['54.....6.....8.3..7............2...83....6.........1...28.....7...3...5....1.....', '7.1', 'Bidirectional Cycle'],
    ['..6.31....2.....9.............25..8.1...........9.....4.....1.3...82....7.....4..', '7.1', 'Forcing Chain'],
    ['3..7...2......16..............2...7..16.......5.......8..42.3..9.....1........5..', '7.8', 'Nishio Forcing Chains'],
    ['4...5.1.....2...5.1...........37..........6.8......4.....64.....3.....2...5....3.', '8.3', 'Cell Forcing Chains'],
    ['5.....74.1..3.6........9......14.2...2..8......6.............6327................', '8.3', 'Region Forcing Chains'],
    ['...35.9..6.....4....1......2..8......3.9............6.....46.1.39.......7........', '8.9', 'Dynamic Region Forcing Chains'],
  ];
  for (const [puzzle, ser, technique] of known) {
    it(`${puzzle.slice(0, 20)}… is ${ser} by a ${technique}`, () => {
      const r = rate(stateOf(puzzle), { unique: true, budgetMs: 10_000 });
      expect(r.hardest?.technique).toBe(technique);
      expect(seFormat(r.er)).toBe(ser);
    });
  }
});

describe('search details', () => {
  it('reports the same first step with the pruned search as the full list', () => {
    const rows = fs.readFileSync(dataPath('berthier-ratings', 'royle17-49151-W-SER.tsv'), 'utf8').split('\n');
    const chainer = new StaticChainer();
    let compared = 0;
    for (let i = 1; i < rows.length && compared < 40; i += 97) {
      const [puzzle, , ser] = rows[i].split('\t');
      if (!puzzle || Number(ser) < 6.5) continue;
      // Walk to the first state where the chain technique has something.
      const state = stateOf(puzzle);
      for (let guard = 0; guard < 200 && !state.isSolved(); guard++) {
        const g = new ChainGrid();
        g.load(state.values, state.cands);
        const all = chainer.hints(g, null, null);
        const first = chainer.firstHint(g, null);
        expect(first?.removable).toEqual(all[0]?.removable);
        expect(first?.complexity).toBe(all[0]?.complexity);
        expect(first?.difficulty).toBe(all[0]?.difficulty);
        if (all.length) compared++;
        const step = ratedFirstStep(state);
        if (!step) break;
        state.apply(step);
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('reports the same first step with the best-only dynamic search as the full list', () => {
    const sols = solutions('forum-hardest-110626', 'HardestDatabase110626.sol');
    const puzzles = [...sols.keys()].filter((_, i) => i % 15 === 4).slice(0, 20);
    const chainers = [
      new DynamicChainer({ multiple: false, dynamic: true, nishio: true, level: 0 }),
      new DynamicChainer({ multiple: true, dynamic: false, nishio: false, level: 0 }),
      new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 0 }),
      new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 1 }),
    ];
    let compared = 0;
    for (const puzzle of puzzles) {
      const state = stateOf(puzzle);
      const g = new ChainGrid();
      g.load(state.values, state.cands);
      for (const chainer of chainers) {
        const all = chainer.hints(g, null, null);
        const first = chainer.firstHint(g, null);
        expect(first?.removable).toEqual(all[0]?.removable);
        expect(first?.complexity).toBe(all[0]?.complexity);
        expect(first?.name).toBe(all[0]?.name);
        if (all.length) compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('finds the same level-3 first step whether or not it reuses what level 2 found on the same grid', () => {
    // The first step of this puzzle (SE: ED 11.2) is a level-3 chain: the rater tries level 2
    // first, whose cache level 3 then shares.
    const puzzle = '1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.';
    const shared = ratedFirstStep(stateOf(puzzle));
    const g = new ChainGrid();
    const state = stateOf(puzzle);
    g.load(state.values, state.cands);
    const alone = new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 3 }).firstHint(g, null);
    expect(shared?.technique).toBe('Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)');
    expect(seFormat(shared!.difficulty)).toBe('11.2');
    expect(alone?.complexity).toBe(204);
    expect(shared?.text).toContain(`(w/${alone!.complexity - 2} nodes)`);
    expect(shared?.eliminations.map((e) => e.cell * 9 + e.digit - 1)).toEqual(alone?.removable);
  });

  it('counts each distinct nested chain of a hint once by its signature, with the signatures’ table started over between hints', () => {
    // measure adds a branch's nested chains that no earlier branch of the hint used, told apart
    // by interned ids: against the definition (a Set of signatures a hint), the table started
    // over every third hint so that ids are handed out again to other signatures.
    type NH = { complexity: number; signature: string };
    type Run = { nested: (NH | null)[] | null };
    type Inner = {
      measure: (run: Run, slot: number) => number;
      measureFrom: () => void;
      walk: Int32Array;
      nestedSum: number;
    };
    const chainer = new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 3 });
    const inner = chainer as unknown as Inner;
    const { measure, measureFrom } = inner;
    let seen = new Set<string>();
    let sum = 0;
    let hints = 0;
    let branches = 0;
    let repeats = 0;
    vi.spyOn(inner, 'measureFrom').mockImplementation(function (this: Inner) {
      if (hints++ % 3 === 0) restartSignatures();
      seen = new Set();
      sum = 0;
      measureFrom.call(this);
    });
    vi.spyOn(inner, 'measure').mockImplementation(function (this: Inner, run: Run, slot: number) {
      const n = measure.call(this, run, slot);
      for (let j = 0; j < n; j++) {
        const nh = run.nested![this.walk[j]] ?? null;
        if (!nh) continue;
        if (seen.has(nh.signature)) repeats++;
        else sum += nh.complexity;
        seen.add(nh.signature);
      }
      expect(this.nestedSum).toBe(sum);
      branches++;
      return n;
    });
    // The level-3 puzzle's grids two candidates short: level-3 hints whose branches share nested chains.
    for (const { g } of outerGrids(3)) chainer.hints(g, null, null);
    expect(branches).toBeGreaterThan(100);
    expect(repeats).toBeGreaterThan(100);
  });

  it('reuses what a nested static search found on a grid from a later outer start, with that start’s rule parents', () => {
    // A propagation at one rating step reached grid g (candidates a and b gone); at the next
    // step the outer start has lost a too, and a propagation reaches the same g.
    const state = stateOf('1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.');
    const initial = new ChainGrid();
    initial.load(state.values, state.cands);
    const memo = new SearchMemo(4);
    const chainer = new StaticChainer(memo);
    const searches = vi.spyOn(chainer as unknown as { forcing: (key: number, isY: boolean) => number }, 'forcing');
    let checked = 0;
    for (let a = 0; a < 729 && checked < 3; a++) {
      const b = a + 1;
      if (b % 9 === 0 || !initial.has(a) || !initial.has(b)) continue;
      const g = new ChainGrid();
      g.copyFrom(initial);
      g.remove(a);
      g.remove(b);
      const later = new ChainGrid();
      later.copyFrom(initial);
      later.remove(a);
      const before = chainer.hints(g, null, { initial: initial.cands });
      if (!before.some((h) => h.ruleParents!.includes(a))) continue;
      searches.mockClear();
      const again = chainer.hints(g, null, { initial: later.cands });
      expect(searches).not.toHaveBeenCalled();
      expect(again).toEqual(new StaticChainer().hints(g, null, { initial: later.cands }));
      expect(again.some((h) => h.ruleParents!.includes(a))).toBe(false);
      checked++;
    }
    expect(checked).toBe(3);
    expect(memo.size).toBeLessThanOrEqual(4);
  });

  it('searches forcing chains inside a nested chain only from nodes that imply both ends of a touched strong link', () => {
    // Grids an outer chain reaches: the puzzle less one or two candidates. Every forcing chain
    // of such a grid (the top-level search, unfiltered) that takes a strong link in a cell or
    // house that lost a candidate must start at a node the filter keeps.
    const state = stateOf('1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.');
    const initial = new ChainGrid();
    initial.load(state.values, state.cands);
    const rel = new Relevance();
    const all = new StaticChainer();
    let kept = 0;
    let reachStrong = 0;
    let checked = 0;
    for (let a = 0; a < 729; a += 7) {
      if (!initial.has(a)) continue;
      const g = new ChainGrid();
      g.copyFrom(initial);
      g.remove(a);
      if (initial.has(a + 1) && (a + 1) % 9 !== 0) g.remove(a + 1);
      rel.touch(g, initial.cands);
      const hints = all.hints(g, null, null);
      for (const [isY, names] of [
        [false, ['Forcing X-Chain', 'Turbot Fish']],
        [true, ['Forcing Chain']],
      ] as const) {
        rel.marks(g, isY, true, true, false);
        rel.forcing(g, isY, true);
        for (let k = 0; k < 2 * NCAND; k++) {
          if (rel.forcingFrom[k]) expect(rel.reachStrong[k], `node ${k}`).toBe(1);
          kept += rel.forcingFrom[k];
          reachStrong += rel.reachStrong[k];
        }
        for (const h of hints) {
          if (!(names as readonly string[]).includes(h.name)) continue;
          const links = h.links!;
          let touched = false;
          for (let i = 0; i < links.length; i += 2) {
            const [from, to] = [links[i], links[i + 1]];
            if (from >= NCAND || to < NCAND) continue; // only off => on links are strong
            const fromCell = (from / 9) | 0;
            const toCell = ((to - NCAND) / 9) | 0;
            const d = from % 9;
            if (fromCell === toCell) touched ||= isY && rel.cellTouched[fromCell] === 1;
            else {
              for (let x = 0; x < 3; x++) {
                const house = CELL_HOUSES[3 * fromCell + x];
                if (!CELL_HOUSES.slice(3 * toCell, 3 * toCell + 3).includes(house)) continue;
                touched ||= rel.houseTouched[house * 9 + d] === 1 && POPCOUNT9[g.hpos[house * 9 + d]] === 2;
              }
            }
          }
          if (!touched) continue;
          expect(rel.forcingFrom[links[0]], `${h.name}: ${h.detail}`).toBe(1);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    // What it saves: the nodes that merely reach a touched strong link are many more.
    expect(kept).toBeLessThan(reachStrong / 2);
  });

  it('skips cycle searches only from starts through which no cycle of the grid removes anything', { timeout: 60_000 }, () => {
    // Every cycle hint the unfiltered search finds, in any pass (X and Y links are among XY's),
    // starts at a candidate whose component of the XY links the verdict says could remove.
    const pauses = [
      ...level2Pauses(300, true).pauses,
      ...level2Pauses(300, true, '.2..5......6..9..17..3.....2...6.8....8..4.1.....3.6....4..81..5......9..7.....4.').pauses,
    ];
    const components = new CycleComponents();
    const digitCells = new Int32Array(27);
    const links = new PassLinks();
    const all = new StaticChainer();
    let cycles = 0;
    let skipped = 0;
    let starts = 0;
    for (const g of pauses) {
      links.begin(g);
      links.use(true, true);
      digitWords(g.cands, digitCells);
      components.begin(links, digitCells);
      for (const h of all.hints(g, null, null)) {
        if (h.kind !== Kind.Cycle) continue;
        const start = h.links![0] - NCAND;
        expect(components.canRemove(start), `${h.name}: ${h.detail}`).toBe(true);
        cycles++;
      }
      for (let c = 0; c < NCAND; c++) {
        if (!g.has(c) || links.off(c) === 0) continue;
        starts++;
        if (!components.canRemove(c)) skipped++;
      }
    }
    expect(cycles).toBeGreaterThan(300);
    // What it saves: most starts with a strong link cannot begin a removing cycle.
    expect(skipped).toBeGreaterThan(starts / 2);
  });

  /** Grids an outer chain reaches on the level-3 puzzle: its grid less two candidates. */
  function outerGrids(count: number): { initial: ChainGrid; g: ChainGrid }[] {
    const state = stateOf('1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.');
    const initial = new ChainGrid();
    initial.load(state.values, state.cands);
    const out: { initial: ChainGrid; g: ChainGrid }[] = [];
    for (let a = 0; a < NCAND && out.length < count; a += 37) {
      if (!initial.has(a) || !initial.has(a + 1) || (a + 1) % 9 === 0) continue;
      const g = new ChainGrid();
      g.copyFrom(initial);
      g.remove(a);
      g.remove(a + 1);
      out.push({ initial, g });
    }
    return out;
  }

  it('runs the simple rules at a pause only on the houses and digits that lost a place since the outer start', () => {
    // A rule's removals count only with rule parents, places lost since the outer start in a
    // house it reads: with nothing lost, no rule is even tried; with some, only what they touch.
    const { initial } = outerGrids(1)[0];
    const rules = new AdvancedRules(1);
    const tried = ['locking', 'hiddenPairs', 'nakedPairs', 'xWings'].map((name) => vi.spyOn(rules as unknown as Record<string, () => void>, name));
    const same = new ChainGrid();
    same.copyFrom(initial);
    expect(rules.potentials(same, initial, null)).toEqual([]);
    for (const spy of tried) expect(spy).not.toHaveBeenCalled();
    let found = 0;
    for (const { g } of outerGrids(40)) {
      for (const off of new AdvancedRules(1).potentials(g, initial, null)) {
        expect(off.parents.length).toBeGreaterThan(0);
        for (const p of off.parents) expect(initial.has(p) && !g.has(p), `parent ${p}`).toBe(true);
        found++;
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it('finds at each pause what the simple rules give read by their definitions, over every pair and crossing, in SE\'s order', () => {
    // The rules pair only digits of two places, bivalue cells and lines with two places, and
    // look only at the house/digits that lost a place: the definitions below read every pair,
    // every digit and every crossing, and keep a rule's removals when it has rule parents. The
    // pauses: the first 300 a level-2 search of a forum puzzle (ER 10.7) makes from its givens.
    const { start, pauses } = level2Pauses(300, true, '.2..5......6..9..17..3.....2...6.8....8..4.1.....3.6....4..81..5......9..7.....4.');
    const init = start.cands;
    const cellsOf = (h: number): number[] => Array.from({ length: 9 }, (_, i) => HOUSE_CELLS[h * 9 + i]);
    const has = (g: ChainGrid, c: number, d: number): boolean => (g.cands[c] & (1 << d)) !== 0;
    const lost = (g: ChainGrid, c: number, d: number): boolean => (init[c] & (1 << d)) !== 0 && !has(g, c, d);
    const empty = (g: ChainGrid, h: number): number => cellsOf(h).filter((c) => !g.values[c]).length;
    const DIGITS = Array.from({ length: 9 }, (_, d) => d);
    type Off = { cand: number; parents: number[] };
    const rule = (out: Off[], removable: number[], parents: number[]): void => {
      if (parents.length) for (const cand of removable) out.push({ cand, parents });
    };
    const locking = (g: ChainGrid): Off[] => {
      const out: Off[] = [];
      for (const [k1, k2] of KIND_PAIRS) {
        for (let h1 = k1; h1 < k1 + 9; h1++) {
          for (let h2 = k2; h2 < k2 + 9; h2++) {
            const shared = cellsOf(h1).filter((c) => cellsOf(h2).includes(c));
            if (!shared.length) continue;
            for (let d = 0; d < 9; d++) {
              const places = cellsOf(h1).filter((c) => has(g, c, d));
              const rest = cellsOf(h2).filter((c) => has(g, c, d) && !shared.includes(c));
              if (places.length < 2 || places.some((c) => !shared.includes(c)) || !rest.length) continue;
              rule(out, rest.map((c) => c * 9 + d), cellsOf(h1).filter((c) => !shared.includes(c) && lost(g, c, d)).map((c) => c * 9 + d));
            }
          }
        }
      }
      return out;
    };
    const hiddenPairs = (g: ChainGrid): Off[] => {
      const out: Off[] = [];
      for (const kind of [BOXES, COLUMNS, ROWS]) {
        for (let h = kind; h < kind + 9; h++) {
          if (empty(g, h) <= 4) continue;
          for (let d2 = 0; d2 < 9; d2++) {
            for (let d1 = 0; d1 < d2; d1++) {
              const pair = cellsOf(h).filter((c) => has(g, c, d1) || has(g, c, d2));
              if (pair.length !== 2 || pair.some((c) => !has(g, c, d1) || !has(g, c, d2))) continue;
              const removable = pair.flatMap((c) => DIGITS.filter((d) => d !== d1 && d !== d2 && has(g, c, d)).map((d) => c * 9 + d));
              if (!removable.length) continue;
              const parents = cellsOf(h).filter((c) => !pair.includes(c)).flatMap((c) => [d1, d2].filter((d) => init[c] & (1 << d)).map((d) => c * 9 + d));
              rule(out, removable, parents);
            }
          }
        }
      }
      return out;
    };
    const nakedPairs = (g: ChainGrid): Off[] => {
      const out: Off[] = [];
      for (const kind of [BOXES, COLUMNS, ROWS]) {
        for (let h = kind; h < kind + 9; h++) {
          if (empty(g, h) < 4) continue;
          const cells = cellsOf(h);
          for (let k2 = 0; k2 < 9; k2++) {
            for (let k1 = 0; k1 < k2; k1++) {
              const [c1, c2] = [cells[k1], cells[k2]];
              const vals = g.cands[c1] | g.cands[c2];
              if (POPCOUNT9[g.cands[c1]] < 2 || POPCOUNT9[g.cands[c2]] < 2 || POPCOUNT9[vals] !== 2) continue;
              if (init[c1] === g.cands[c1] && init[c2] === g.cands[c2]) continue;
              const removable = cells.filter((c) => c !== c1 && c !== c2).flatMap((c) => DIGITS.filter((d) => vals & g.cands[c] & (1 << d)).map((d) => c * 9 + d));
              if (!removable.length) continue;
              const parents = [c1, c2].flatMap((c) => DIGITS.filter((d) => init[c] & ~vals & (1 << d)).map((d) => c * 9 + d));
              rule(out, removable, parents);
            }
          }
        }
      }
      return out;
    };
    const xWings = (g: ChainGrid): Off[] => {
      const out: Off[] = [];
      for (const [base, cover] of [[COLUMNS, ROWS], [ROWS, COLUMNS]]) {
        for (let j = 0; j < 9; j++) {
          for (let i = 0; i < j; i++) {
            for (let d = 0; d < 9; d++) {
              if (Array.from(g.values).filter((v) => v === d + 1).length > 5) continue;
              const [li, lj] = [cellsOf(base + i), cellsOf(base + j)];
              const at = (line: number[]): number[] => line.map((c, k) => (has(g, c, d) ? k : -1)).filter((k) => k >= 0);
              const common = at(li);
              if (common.length !== 2 || at(lj).join() !== common.join()) continue;
              const removable = common.flatMap((k) => cellsOf(cover + k).filter((c) => has(g, c, d) && !li.includes(c) && !lj.includes(c)).map((c) => c * 9 + d));
              if (!removable.length) continue;
              const parents = [li, lj].flatMap((line) => line.filter((c, k) => !common.includes(k) && lost(g, c, d)).map((c) => c * 9 + d));
              rule(out, removable, parents);
            }
          }
        }
      }
      return out;
    };
    // Each rule in turn first: the rules before it told to find nothing, so that every rule
    // decides some pauses (locking and hidden pairs decide most of them otherwise).
    const rules = { locking, hiddenPairs, nakedPairs, xWings };
    const names = Object.keys(rules) as (keyof typeof rules)[];
    const decided = names.map(() => 0);
    for (let first = 0; first < names.length; first++) {
      for (const g of pauses) {
        let expected: Off[] = [];
        for (let r = first; r < names.length && !expected.length; r++) expected = rules[names[r]](g);
        if (rules[names[first]](g).length) decided[first]++;
        const engine = new AdvancedRules(1);
        for (const name of names.slice(0, first)) vi.spyOn(engine as unknown as Record<string, () => void>, name).mockImplementation(() => {});
        const got = engine.potentials(g, start, null).map(({ cand, parents }) => ({ cand, parents }));
        expect(got, `${names[first]} first`).toEqual(expected);
      }
    }
    // Every rule found something at some pause.
    for (const n of decided) expect(n).toBeGreaterThan(0);
  });

  it('looks for hidden pairs only in houses of five empty cells or more, as SE does, even where no naked pair stands in for one', () => {
    // Row 1: r1c1..r1c4 empty with 1-4 at the outer start; at the pause 1 and 2 are left only in
    // r1c1 and r1c2 (a hidden pair) and r1c3 is down to 3, so r1c3 and r1c4 make no naked pair.
    // Rows 2-9 keep every digit everywhere, so no other house pairs anything. Locking (which would
    // find 1 and 2 locked in box 1) is told to find nothing.
    const pause = (emptyInRow: number) => {
      const values = Array.from({ length: 81 }, (_, c) => (c < 9 && c >= emptyInRow ? c + 1 : 0));
      const start = Array.from({ length: 81 }, (_, c) => (c < 4 ? 0b1111 : c < 9 ? 1 << c : 0x1ff));
      const now = start.slice();
      now[2] = 0b0100;
      now[3] = 0b1100;
      const [initial, g] = [new ChainGrid(), new ChainGrid()];
      initial.load(values, start);
      g.load(values, now);
      const engine = new AdvancedRules(1);
      vi.spyOn(engine as unknown as Record<string, () => void>, 'locking').mockImplementation(() => {});
      return engine.potentials(g, initial, null).map(({ cand, parents }) => ({ cand, parents: [...parents].sort((a, b) => a - b) }));
    };
    // Four empty cells (r1c5 placed): skipped.
    expect(pause(4)).toEqual([]);
    // Five (r1c5 empty, down to 5): the pair removes 3 and 4 from r1c1 and r1c2, resting on 1 and 2 gone from r1c3 and r1c4.
    const parents = [2 * 9 + 0, 2 * 9 + 1, 3 * 9 + 0, 3 * 9 + 1];
    expect(pause(5)).toEqual([0 * 9 + 2, 0 * 9 + 3, 1 * 9 + 2, 1 * 9 + 3].map((cand) => ({ cand, parents })));
  });

  it('runs the simple rules at a pause once per grid for all levels, each level getting what it would alone', () => {
    // Level 1 runs first on a grid, then level 2 meets the same pauses: the simple rules'
    // results are shared, the nested chains of level 2 are its own. The pauses: the first 200
    // a level-2 search of the level-3 puzzle makes.
    const { start, pauses } = level2Pauses(200, true);
    const simple = new PotentialsCache();
    let nested = 0;
    for (const g of pauses) {
      const alone = [new AdvancedRules(1).potentials(g, start, null), new AdvancedRules(2).potentials(g, start, null)];
      const level1 = new AdvancedRules(1, null, simple);
      const level2 = new AdvancedRules(2, null, simple);
      const rules = vi.spyOn(level2 as unknown as { simpleRules: () => void }, 'simpleRules');
      expect(level1.potentials(g, start, null)).toEqual(alone[0]);
      expect(level2.potentials(g, start, null)).toEqual(alone[1]);
      expect(rules).not.toHaveBeenCalled();
      // A later level 1 on the grid still gets the simple rules' result alone.
      expect(new AdvancedRules(1, null, simple).potentials(g, start, null)).toEqual(alone[0]);
      if (alone[0].length === 0 && alone[1].length > 0) nested++;
    }
    expect(nested).toBeGreaterThan(0);
  });

  it('marks for the forcing searches exactly the nodes whose reverse both ends of a touched strong link imply', () => {
    // The definition, with each end's reach searched plainly through onToOff and offToOn. The
    // grids: the first 150 pauses of a level-2 search of the level-3 puzzle (many touched links,
    // ends that share reaches).
    const { start, pauses } = level2Pauses(150, false);
    const rel = new Relevance();
    // The links skipped as marking what an earlier link marked (see relevance.ts's sameMarks).
    const same = vi.spyOn(rel as unknown as { sameMarks: (c: number) => boolean }, 'sameMarks');
    const outCand = new Int16Array(32);
    const outCause = new Uint8Array(32);
    let marked = 0;
    for (const g of pauses) {
      rel.touch(g, start.cands);
      for (const [isY, isX] of PASSES) {
        if (!isX) continue;
        const reach = (cand: number): Uint8Array => {
          const seen = new Uint8Array(2 * NCAND);
          const queue = [cand + NCAND];
          seen[cand + NCAND] = 1;
          while (queue.length) {
            const k = queue.pop()!;
            const on = k >= NCAND;
            const n = on ? onToOff(g, k - NCAND, isY, outCand, outCause) : offToOn(g, k, isY, isX, outCand, outCause);
            for (let j = 0; j < n; j++) {
              const p = outCand[j] + (on ? 0 : NCAND);
              if (!seen[p]) queue.push(p), (seen[p] = 1);
            }
          }
          return seen;
        };
        const want = new Uint8Array(2 * NCAND);
        const link = (a: number, b: number): void => {
          const [ra, rb] = [reach(a), reach(b)];
          for (let k = 0; k < 2 * NCAND; k++) if (ra[k] && rb[k]) want[k < NCAND ? k + NCAND : k - NCAND] = 1;
        };
        for (let c = 0; c < 81; c++) {
          const m = g.cands[c];
          if (isY && rel.cellTouched[c] && POPCOUNT9[m] === 2) link(c * 9 + lowBit(m), c * 9 + lowBit(m & (m - 1)));
        }
        for (let hd = 0; hd < 27 * 9; hd++) {
          const pm = g.hpos[hd];
          if (!rel.houseTouched[hd] || POPCOUNT9[pm] !== 2) continue;
          const [h, d] = [(hd / 9) | 0, hd % 9];
          link(HOUSE_CELLS[h * 9 + lowBit(pm)] * 9 + d, HOUSE_CELLS[h * 9 + lowBit(pm & (pm - 1))] * 9 + d);
        }
        rel.forcing(g, isY, isX);
        expect([...rel.forcingFrom], `pass ${isY} ${isX}`).toEqual([...want]);
        marked += want.reduce((a, b) => a + b, 0);
      }
    }
    expect(marked).toBeGreaterThan(0);
    const skipped = same.mock.results.filter((r) => r.value === true).length;
    expect(skipped).toBeGreaterThan(100);
  });

  it('searches forward from each end of the touched strong links at most once a pass, however many links it ends', () => {
    const rel = new Relevance();
    const forward = vi.spyOn(rel as unknown as { forward: () => void }, 'forward');
    let shared = 0;
    let searched = 0;
    let distinct = 0;
    for (const { initial, g } of outerGrids(8)) {
      rel.touch(g, initial.cands);
      const ends: number[] = [];
      for (let c = 0; c < 81; c++) {
        const m = g.cands[c];
        if (rel.cellTouched[c] && POPCOUNT9[m] === 2) for (let d = 0; d < 9; d++) if (m & (1 << d)) ends.push(c * 9 + d);
      }
      for (let h = 0; h < 27; h++) {
        for (let d = 0; d < 9; d++) {
          if (!rel.houseTouched[h * 9 + d] || POPCOUNT9[g.hpos[h * 9 + d]] !== 2) continue;
          for (let c = 0; c < 81; c++) if (g.cands[c] & (1 << d) && CELL_HOUSES.slice(3 * c, 3 * c + 3).includes(h)) ends.push(c * 9 + d);
        }
      }
      forward.mockClear();
      rel.forcing(g, true, true);
      // Fewer where a link's ends lie in an earlier link's components (see sameMarks).
      expect(forward.mock.calls.length).toBeLessThanOrEqual(new Set(ends).size);
      searched += forward.mock.calls.length;
      distinct += new Set(ends).size;
      shared += ends.length - new Set(ends).size;
    }
    expect(shared).toBeGreaterThan(0);
    expect(searched).toBeLessThan(distinct);
  });

  it('marks as relevant exactly the nodes that imply the tail of a link in a cell or house that lost a candidate', () => {
    // The definition, read over every candidate of the grid: an off node whose strong link out
    // (bivalue cell, two places) lies in a touched cell (Y) or house/digit (X) is a strong tail,
    // an on node whose weak link out does is a tail of any link; then every node implying a tail.
    const rel = new Relevance();
    const outCand = new Int16Array(32);
    const outCause = new Uint8Array(32);
    let marked = 0;
    for (const { initial, g } of outerGrids(12)) {
      rel.touch(g, initial.cands);
      for (const [isY, isX] of PASSES) {
        const strong = new Uint8Array(2 * NCAND);
        const any = new Uint8Array(2 * NCAND);
        for (let c = 0; c < 81; c++) {
          for (let d = 0; d < 9; d++) {
            if (!(g.cands[c] & (1 << d))) continue;
            const cand = c * 9 + d;
            const cellTouched = (initial.cands[c] & ~g.cands[c]) !== 0;
            let isStrong = isY && cellTouched && POPCOUNT9[g.cands[c]] === 2;
            let weak = isY && cellTouched;
            for (let k = 0; k < 3; k++) {
              const h = CELL_HOUSES[3 * c + k];
              let lost = false;
              for (let o = 0; o < 81; o++) if (CELL_HOUSES.slice(3 * o, 3 * o + 3).includes(h) && initial.cands[o] & ~g.cands[o] & (1 << d)) lost = true;
              if (!lost) continue;
              weak = true;
              if (isX && POPCOUNT9[g.hpos[h * 9 + d]] === 2) isStrong = true;
            }
            if (isStrong) strong[cand] = any[cand] = 1;
            if (weak) any[cand + NCAND] = 1;
          }
        }
        for (const mark of [strong, any]) {
          // Closed by rounds: a node implying a marked node is marked.
          for (let changed = true; changed; ) {
            changed = false;
            for (let k = 0; k < 2 * NCAND; k++) {
              if (mark[k] || !g.has(k % NCAND)) continue;
              const on = k >= NCAND;
              const n = on ? onToOff(g, k - NCAND, isY, outCand, outCause) : offToOn(g, k, isY, isX, outCand, outCause);
              for (let j = 0; j < n; j++) {
                if (!mark[outCand[j] + (on ? 0 : NCAND)]) continue;
                mark[k] = 1;
                changed = true;
                break;
              }
            }
          }
        }
        rel.marks(g, isY, isX, true, true);
        expect([...rel.reachStrong], `strong, ${isY} ${isX}`).toEqual([...strong]);
        expect([...rel.reachAny], `any, ${isY} ${isX}`).toEqual([...any]);
        marked += strong.reduce((a, b) => a + b, 0);
      }
    }
    expect(marked).toBeGreaterThan(0);
  });

  it('lists as starts of a nested pass exactly the candidates the relevance marks name', () => {
    // The start loop visits only these: a candidate both ways in reachAny (cycles), or either
    // way in forcingFrom (forcing chains, X passes only). Each kind listed alone, then both.
    const rel = new Relevance();
    const bits = (): number[] => Array.from({ length: NCAND }, (_, cand) => (rel.starts[cand >>> 5] >>> (cand & 31)) & 1);
    let listed = 0;
    for (const { initial, g } of outerGrids(12)) {
      rel.touch(g, initial.cands);
      for (const [isY, isX] of PASSES) {
        rel.starts.fill(0);
        rel.marks(g, isY, isX, false, true);
        const cycles = Array.from({ length: NCAND }, (_, cand) => rel.reachAny[cand + NCAND] & rel.reachAny[cand]);
        expect(bits(), `cycles, pass ${isY} ${isX}`).toEqual(cycles);
        if (!isX) continue;
        rel.starts.fill(0);
        rel.forcing(g, isY, isX);
        const forcing = Array.from({ length: NCAND }, (_, cand) => rel.forcingFrom[cand] | rel.forcingFrom[cand + NCAND]);
        expect(bits(), `forcing, pass ${isY} ${isX}`).toEqual(forcing);
        rel.marks(g, isY, isX, false, true);
        expect(bits(), `both, pass ${isY} ${isX}`).toEqual(cycles.map((c, i) => c | forcing[i]));
        listed += forcing.reduce((a, b) => a + b, 0);
      }
    }
    expect(listed).toBeGreaterThan(0);
  });

  it('makes a pass\'s link tables only when it first begins a grid (the dynamic chainers never do)', () => {
    const links = new PassLinks();
    expect(links.onCand.length + links.offCand.length).toBe(0);
    const dynamic = new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 0 }) as unknown as { relevance: { links: PassLinks } };
    expect(dynamic.relevance.links.onCand.length).toBe(0);
    links.begin(new ChainGrid());
    expect(links.onCand.length).toBe(3 * NCAND * 32);
    expect(links.offCand.length).toBe(3 * NCAND * 4);
  });

  it("reads each pass's links as the grid gives them, and a new grid's afresh", () => {
    const links = new PassLinks();
    const outCand = new Int16Array(32);
    const outCause = new Uint8Array(32);
    let read = 0;
    // The same grid object changed between two begins, as a dynamic chain's grid is.
    const g = new ChainGrid();
    for (const outer of outerGrids(6)) {
      g.copyFrom(outer.g);
      links.begin(g);
      for (const [isY, isX] of PASSES) {
        links.use(isY, isX);
        for (let cand = 0; cand < NCAND; cand++) {
          if (!g.has(cand)) continue;
          const on = onToOff(g, cand, isY, outCand, outCause);
          expect(links.on(cand)).toBe(on);
          for (let j = 0; j < on; j++) {
            expect(links.onCand[links.onAt(cand) + j]).toBe(outCand[j]);
            expect(links.onCause[links.onAt(cand) + j]).toBe(outCause[j]);
          }
          const off = offToOn(g, cand, isY, isX, outCand, outCause);
          expect(links.off(cand)).toBe(off);
          for (let j = 0; j < off; j++) {
            expect(links.offCand[links.offAt(cand) + j]).toBe(outCand[j]);
            expect(links.offCause[links.offAt(cand) + j]).toBe(outCause[j]);
          }
          read += on + off;
        }
      }
    }
    expect(read).toBeGreaterThan(0);
  });

  it('skips in the X and Y passes of a nested search only searches that find nothing', () => {
    // The XY pass runs first; a start whose XY forcing search found nothing, or whose XY cycle
    // search showed no X or Y cycle can close, is not searched again in X or Y, and with no XY
    // forcing chain at all the X pass makes no forcing search. Each skipped search is run here
    // anyway and must find nothing. The grids: the first 300 pauses of a level-2 search of the
    // level-3 puzzle.
    const { start, pauses } = level2Pauses(300, false);
    const chainer = new StaticChainer();
    type Search = (what: number, cand: number, isY: boolean, isX: boolean, out: unknown[]) => void;
    const inner = chainer as unknown as {
      nestedSearch: Search;
      searchFrom: (what: number, cand: number, isY: boolean, isX: boolean, out: unknown[]) => boolean;
      xyForcing: boolean;
      noCycle: Int32Array;
      verdictGen: number;
    };
    const nestedSearch = inner.nestedSearch.bind(chainer);
    let skipped = 0;
    inner.nestedSearch = (what, cand, isY, isX, out) => {
      if (!(isX && isY) && what === 0 && inner.noCycle[cand] === inner.verdictGen) {
        const found: unknown[] = [];
        inner.searchFrom(what, cand, isY, isX, found);
        expect(found, `cycles from ${cand}, pass ${isY} ${isX}`).toEqual([]);
        skipped++;
      }
      nestedSearch(what, cand, isY, isX, out);
    };
    // The X forcing searches the filter lets through, run by another chainer.
    const probe = new StaticChainer() as unknown as { g: ChainGrid; links: PassLinks; forcing: (key: number, isY: boolean) => number };
    const rel = new Relevance();
    let xPassesWithout = 0;
    for (const g of pauses) {
      chainer.hints(g, null, { initial: start.cands });
      if (inner.xyForcing) continue;
      xPassesWithout++;
      rel.touch(g, start.cands);
      rel.marks(g, false, true, false, false);
      rel.forcing(g, false, true);
      probe.g = g;
      probe.links.begin(g);
      probe.links.use(false, true);
      for (let key = 0; key < 2 * NCAND; key++) if (rel.forcingFrom[key] && g.has(key % NCAND)) expect(probe.forcing(key, false), `X forcing from ${key}`).toBe(-1);
    }
    expect(skipped).toBeGreaterThan(0);
    expect(xPassesWithout).toBeGreaterThan(0);
  });

  it('skips a nested cycle search only from a start where no cycle with rule parents closes', () => {
    // A start whose on node reaches a touched link but whose off node reaches none is not even
    // listed: after each pass's start loop, every cycle search from such a start is run here
    // anyway and must find no cycle with rule parents. The grids: the first 300 pauses of a
    // level-2 search of the level-3 puzzle.
    const { start, pauses } = level2Pauses(300, false);
    const chainer = new StaticChainer();
    type Search = (what: number, cand: number, isY: boolean, isX: boolean, out: { ruleParents: number[] | null }[]) => void;
    const inner = chainer as unknown as {
      filteredStarts: (isY: boolean, isX: boolean, out: unknown[], budget: null) => void;
      searchFrom: Search;
      hasStrongIn: (cand: number, isY: boolean, isX: boolean) => boolean;
      passCycles: boolean;
      relevance: Relevance;
      g: ChainGrid;
    };
    const filteredStarts = inner.filteredStarts.bind(chainer);
    let skipped = 0;
    inner.filteredStarts = (isY, isX, out, budget) => {
      filteredStarts(isY, isX, out, budget);
      if (!inner.passCycles) return;
      const g = inner.g;
      for (let cand = 0; cand < NCAND; cand++) {
        const card = POPCOUNT9[g.cands[(cand / 9) | 0]];
        if (!g.has(cand) || card < 2 || (card > 2 && !isX) || !inner.hasStrongIn(cand, isY, isX)) continue;
        if (!inner.relevance.reachAny[cand + NCAND] || inner.relevance.reachAny[cand]) continue;
        skipped++;
        const found: { ruleParents: number[] | null }[] = [];
        inner.searchFrom(0, cand, isY, isX, found);
        for (const h of found) expect(h.ruleParents, `cycle from ${cand}, pass ${isY} ${isX}`).toEqual([]);
      }
    };
    for (const g of pauses) chainer.hints(g, null, { initial: start.cands });
    expect(skipped).toBeGreaterThan(0);
  });

  it('makes in the X and Y passes of a nested search every cycle search their own relevance marks let through', () => {
    // They read the XY pass's marks instead: a wider filter, never a narrower one. The grids:
    // the first 200 pauses of a level-2 search of the level-3 puzzle.
    const { start, pauses } = level2Pauses(200, false);
    const chainer = new StaticChainer();
    const inner = chainer as unknown as {
      unary: (cand: number, isY: boolean, isX: boolean, out: unknown[]) => void;
      nestedSearch: (what: number, cand: number, isY: boolean, isX: boolean, out: unknown[]) => void;
      hasStrongIn: (cand: number, isY: boolean, isX: boolean) => boolean;
      passCycles: boolean;
    };
    const unary = inner.unary.bind(chainer);
    const nestedSearch = inner.nestedSearch.bind(chainer);
    // Per pass (X: isX only, Y: isY only): whether it searched cycles, and from where.
    const cyclesOn = new Map<string, boolean>();
    const searched = new Set<string>();
    inner.unary = (cand, isY, isX, out) => {
      cyclesOn.set(`${isY} ${isX}`, inner.passCycles);
      unary(cand, isY, isX, out);
    };
    inner.nestedSearch = (what, cand, isY, isX, out) => {
      if (what === 0) searched.add(`${isY} ${isX} ${cand}`);
      nestedSearch(what, cand, isY, isX, out);
    };
    const rel = new Relevance();
    let checked = 0;
    for (const g of pauses) {
      cyclesOn.clear();
      searched.clear();
      chainer.hints(g, null, { initial: start.cands });
      for (const [isY, isX] of [[false, true], [true, false]]) {
        if (!cyclesOn.get(`${isY} ${isX}`)) continue;
        rel.touch(g, start.cands);
        rel.marks(g, isY, isX, false, true);
        for (let cand = 0; cand < NCAND; cand++) {
          const card = POPCOUNT9[g.cands[(cand / 9) | 0]];
          if (!g.has(cand) || card < 2 || (card > 2 && !isX) || !inner.hasStrongIn(cand, isY, isX)) continue;
          if (!rel.reachAny[cand + NCAND] || !rel.reachAny[cand]) continue;
          checked++;
          expect(searched.has(`${isY} ${isX} ${cand}`), `cycles from ${cand}, pass ${isY} ${isX}`).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('closes, from every start of a cycle search, the cycles of SE’s two rounds, in their order', () => {
    // SE's doCycles read plainly: an on round makes every off node its on nodes turn off (not
    // one already on the path), an off round every on node not turned on before, and a cycle
    // closes where an off node turns the start on (length 4 or more). Each closing path (keys
    // and causes, end to start) must be the chainer's, in the same order, from every start it
    // searches: top-level grids of three puzzles, and the first 150 pauses of a level-2 search,
    // nested and as top-level grids (nested, most starts' cycle searches are skipped: see
    // cycleComponents.ts).
    const outCand = new Int16Array(32);
    const outCause = new Uint8Array(32);
    interface Node {
      key: number;
      parent: number;
      cause: number;
    }
    const reference = (g: ChainGrid, cand: number, isY: boolean, isX: boolean): string[] => {
      const nodes: Node[] = [{ key: cand + NCAND, parent: -1, cause: 0 }];
      const onAlready = new Set([cand]);
      const closed: string[] = [];
      const pathOf = (i: number): string => {
        const parts: string[] = [];
        for (let q = i; q >= 0; q = nodes[q].parent) parts.push(`${nodes[q].key}/${nodes[q].cause}`);
        return parts.join(' ');
      };
      const onPath = (p: number, key: number): boolean => {
        for (let q = nodes[p].parent; q >= 0; q = nodes[q].parent) if (nodes[q].key === key) return true;
        return false;
      };
      let qOn = [0];
      let length = 0;
      while (qOn.length) {
        length++;
        const qOff: number[] = [];
        for (const p of qOn) {
          const k = onToOff(g, nodes[p].key - NCAND, isY, outCand, outCause);
          for (let j = 0; j < k; j++) {
            if (onPath(p, outCand[j])) continue;
            nodes.push({ key: outCand[j], parent: p, cause: outCause[j] });
            qOff.push(nodes.length - 1);
          }
        }
        length++;
        qOn = [];
        for (const p of qOff) {
          const k = offToOn(g, nodes[p].key, isY, isX, outCand, outCause);
          for (let j = 0; j < k; j++) {
            const on = outCand[j];
            if (length >= 4 && on === cand) {
              nodes.push({ key: cand + NCAND, parent: p, cause: outCause[j] });
              closed.push(pathOf(nodes.length - 1));
            }
            if (onAlready.has(on)) continue;
            onAlready.add(on);
            nodes.push({ key: on + NCAND, parent: p, cause: outCause[j] });
            qOn.push(nodes.length - 1);
          }
        }
      }
      return closed;
    };
    const chainer = new StaticChainer();
    const inner = chainer as unknown as {
      g: ChainGrid;
      cycles: (cand: number, isY: boolean, isX: boolean, out: unknown[]) => void;
      cycleEnds: Int32Array;
      cycleEndCount: number;
      nodeKey: Int16Array;
      nodePar: Int32Array;
      nodeCause: Uint8Array;
    };
    const cycles = inner.cycles.bind(chainer);
    let searches = 0;
    let closed = 0;
    inner.cycles = (cand, isY, isX, out) => {
      cycles(cand, isY, isX, out);
      const paths = [...inner.cycleEnds.subarray(0, inner.cycleEndCount)].map((end) => {
        const parts: string[] = [];
        for (let q = end; q >= 0; q = inner.nodePar[q]) parts.push(`${inner.nodeKey[q]}/${inner.nodeCause[q]}`);
        return parts.join(' ');
      });
      expect(paths, `cycles from ${cand}, pass ${isY} ${isX}`).toEqual(reference(inner.g, cand, isY, isX));
      searches++;
      closed += paths.length;
    };
    const cyclePuzzles = [
      '6.1..........3..8.......4.....2.4....9.....3.5..1.....34..7.......6..1........2..',
      '....38.6..24...................7.2...1.4.....8......3....6..4.1..9...5..3........',
      '54.....6.....8.3..7............2...83....6.........1...28.....7...3...5....1.....',
    ];
    for (const puzzle of cyclePuzzles) {
      const state = stateOf(puzzle);
      const g = new ChainGrid();
      g.load(state.values, state.cands);
      chainer.hints(g, null, null);
    }
    const { start, pauses } = level2Pauses(150, false);
    for (const g of pauses) {
      chainer.hints(g, null, { initial: start.cands });
      chainer.hints(g, null, null);
    }
    expect(searches).toBeGreaterThan(1000);
    expect(closed).toBeGreaterThan(100);
  });

  it('returns from a nested dynamic search only the hints an outer chain takes a removal from, in SE’s order', () => {
    // The outer chain adds the removals in the order of the hints and skips a candidate already
    // off: a hint whose removals all come earlier changes nothing outside.
    let hints = 0;
    for (const { initial, g } of outerGrids(6)) {
      const nested = new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 0 }).hints(g, null, { initial: initial.cands });
      const claimed = new Set<number>();
      for (let i = 0; i < nested.length; i++) {
        const h = nested[i];
        if (i > 0) expect(compareHints(nested[i - 1], h)).toBeLessThanOrEqual(0);
        expect(h.ruleParents!.length).toBeGreaterThan(0);
        expect(h.removable.some((c) => !claimed.has(c)), `${h.name} removes nothing new`).toBe(true);
        for (const c of h.removable) claimed.add(c);
      }
      hints += nested.length;
    }
    expect(hints).toBeGreaterThan(10);
  });

  // A nested dynamic chainer's internals the two walk tests below reach into.
  type Walk = (...args: unknown[]) => unknown;
  type Runs = { depth: Uint16Array }[];
  type Internals = { nestedHint: Walk; chainOrder: (run: unknown, slot: number, max?: number) => number; claims: { limit: Walk }; g: ChainGrid };

  /** The hints of nested level-0 dynamic searches in the first `count` outer grids, each chainer handed to `spy` first. */
  function nestedSearchHints(count: number, spy: (inner: Internals) => void): number {
    let hints = 0;
    for (const { initial, g } of outerGrids(count)) {
      const chainer = new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 0 });
      spy(chainer as unknown as Internals);
      hints += chainer.hints(g, null, { initial: initial.cands }).length;
    }
    return hints;
  }

  /** A nestedHint call's chain: its branches' runs and end slots, and the claim limit it must fit under. */
  function nestedHintChain(self: Internals, args: unknown[]): { runs: Runs; slots: Int32Array; n: number; limit: number } {
    const [, , sortKey, runs, slots, n, , conclusion] = args as [unknown, unknown, number, Runs, Int32Array, number, unknown, number];
    return { runs, slots, n, limit: self.claims.limit(self.g, conclusion, sortKey) as number };
  }

  it('drops a nested dynamic chain before walking it when its branches’ depths exceed every claim it could beat', () => {
    // A branch's complexity is at least its end's depth plus one: most chains too long to claim
    // are told so by their depths, without propagating their runs again or walking them.
    let calls = 0;
    let dropped = 0;
    const hints = nestedSearchHints(4, (inner) => {
      const nestedHint = inner.nestedHint;
      const walks = vi.spyOn(inner, 'chainOrder');
      vi.spyOn(inner, 'nestedHint').mockImplementation(function (this: Internals, ...args: unknown[]) {
        const { runs, slots, n, limit } = nestedHintChain(this, args);
        const before = walks.mock.calls.length;
        const h = nestedHint.apply(this, args);
        calls++;
        if (walks.mock.calls.length > before) return h;
        dropped++;
        expect(h).toBeNull();
        if (limit < n) return h;
        // Dropped unwalked: it was too long, as the exact ancestors show.
        let complexity = 0;
        for (let i = 0; i < n; i++) {
          const run = runs[i];
          complexity += this.chainOrder(run, slots[i]);
          expect(run.depth[slots[i]] + 1).toBeLessThanOrEqual(this.chainOrder(run, slots[i]));
        }
        expect(complexity).toBeGreaterThan(limit);
        return h;
      });
    });
    expect(hints).toBeGreaterThan(10);
    expect(dropped).toBeGreaterThan(calls / 3);
  });

  it('stops a nested chain’s walk of a branch once the branches still to walk cannot fit under its limit', () => {
    // Each branch left adds at least its end's depth plus one; a chain cut short this way is one
    // whose exact complexity is over the limit.
    let walks = 0;
    let cut = 0;
    const hints = nestedSearchHints(4, (inner) => {
      const nestedHint = inner.nestedHint;
      const chainOrder = inner.chainOrder;
      let bound: { runs: Runs; slots: Int32Array; n: number; limit: number; depths: number[]; walked: number; branch: number } | null = null;
      vi.spyOn(inner, 'chainOrder').mockImplementation(function (this: Internals, ...args: [unknown, number, number?]) {
        const order = chainOrder.apply(this, args);
        if (!bound) return order;
        const b = bound;
        let rest = 0;
        for (let j = b.branch + 1; j < b.n; j++) rest += b.depths[j] + 1;
        expect(args[2]).toBe(b.limit - b.walked - rest);
        walks++;
        b.walked += order;
        b.branch++;
        return order;
      });
      vi.spyOn(inner, 'nestedHint').mockImplementation(function (this: Internals, ...args: unknown[]) {
        const { runs, slots, n, limit } = nestedHintChain(this, args);
        const depths = Array.from({ length: n }, (_, i) => runs[i].depth[slots[i]]);
        bound = { runs, slots, n, limit, depths, walked: 0, branch: 0 };
        const h = nestedHint.apply(this, args);
        const walked = bound.branch;
        bound = null;
        if (walked === 0 || h) return h;
        let complexity = 0;
        for (let i = 0; i < n; i++) complexity += this.chainOrder(runs[i], slots[i]);
        if (complexity > limit) cut++;
        return h;
      });
    });
    expect(hints).toBeGreaterThan(10);
    expect(walks).toBeGreaterThan(100);
    expect(cut).toBeGreaterThan(5);
  });

  it('walks a nested chain’s branches in SE’s getChain order, takes its rule parents from the removals since the outer start and names it by its chain', () => {
    // chainOrder lists a node when first queued (the queue is the order) and nestedHint reads the
    // removals from masks made once a search: both against their definitions, a breadth-first walk
    // that skips a node taken a second time, and the two grids compared at each single of the chain.
    // Its signature is equal to another's exactly when their kinds, targets and chains are.
    type Run = { keyOf: (slot: number) => number; cause: Uint8Array };
    type Inner = Internals & {
      walk: Int32Array;
      parentsOf: (run: Run, slot: number) => number;
      parentList: Int32Array;
      parentAt: number;
      nestedCtx: { initial: Uint16Array };
    };
    const getChain = (self: Inner, run: Run, slot: number, max: number): number[] => {
      const seen = new Set<number>();
      const order: number[] = [];
      const queue = [slot];
      while (queue.length && order.length <= max) {
        const s = queue.shift()!;
        if (seen.has(run.keyOf(s))) continue;
        seen.add(run.keyOf(s));
        order.push(s);
        const n = self.parentsOf(run, s);
        for (let j = 0; j < n; j++) queue.push(self.parentList[self.parentAt + j]);
      }
      return order;
    };
    let walks = 0;
    let cutShort = 0;
    let parents = 0;
    let hints = 0;
    const signatureOf = new Map<string, string>();
    const chainOf = new Map<string, string>();
    // Grids a few removals apart from the outer start, spread over cells, rows, columns and boxes.
    const { initial } = outerGrids(1)[0];
    for (let k = 0; k < 4; k++) {
      const g = new ChainGrid();
      g.copyFrom(initial);
      for (let c = 11 * k; c < NCAND; c += 61) if (POPCOUNT9[g.cands[(c / 9) | 0]] > 2) g.remove(c);
      const chainer = new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 0 });
      const inner = chainer as unknown as Inner;
      const chainOrder = inner.chainOrder;
      vi.spyOn(inner, 'chainOrder').mockImplementation(function (this: Inner, run, slot, max = Infinity) {
        const n = chainOrder.call(this, run, slot, max);
        const want = getChain(this, run as Run, slot, max);
        expect([...this.walk.subarray(0, n)]).toEqual(want);
        walks++;
        if (n > max) cutShort++;
        return n;
      });
      const nestedHint = inner.nestedHint;
      vi.spyOn(inner, 'nestedHint').mockImplementation(function (this: Inner, ...args: unknown[]) {
        const h = nestedHint.apply(this, args) as ChainHint | null;
        if (!h) return h;
        const [, , , runs, slots, n, sourceCause] = args as [unknown, unknown, number, Run[], Int32Array, number, number];
        const want: number[] = [];
        const seen = new CandSet();
        for (let i = 0; i < n; i++) {
          for (const s of getChain(this, runs[i], slots[i], Infinity)) {
            const key = runs[i].keyOf(s);
            if (key < NCAND) continue;
            const cause = runs[i].cause[s] === CAUSE_NONE ? sourceCause : runs[i].cause[s];
            if (cause !== CAUSE_NONE && cause !== CAUSE_ADVANCED) removedSince(this.g, this.nestedCtx.initial, key - NCAND, cause, want, seen);
          }
        }
        expect(h.ruleParents).toEqual(want);
        parents += want.length;
        const chain = [h.kind, ...runs.slice(0, n).map((run, i) => getChain(this, run, slots[i], Infinity).map((s) => run.keyOf(s)).join(','))].join('|');
        expect(signatureOf.get(chain) ?? h.signature).toBe(h.signature);
        expect(chainOf.get(h.signature!) ?? chain).toBe(chain);
        signatureOf.set(chain, h.signature!);
        chainOf.set(h.signature!, chain);
        return h;
      });
      hints += chainer.hints(g, null, { initial: initial.cands }).length;
    }
    expect(hints).toBeGreaterThan(10);
    expect(walks).toBeGreaterThan(100);
    expect(cutShort).toBeGreaterThan(5);
    expect(parents).toBeGreaterThan(hints);
    expect(chainOf.size).toBeGreaterThan(50);
  });

  it('rebuilds the parents of a run without a level from what implied each node, as a run recording them has them', () => {
    // Chainers without a level: at the top level on forum puzzles, nested in grids an outer chain reaches.
    const options = [
      { multiple: false, dynamic: true, nishio: true, level: 0 },
      { multiple: true, dynamic: false, nishio: false, level: 0 },
      { multiple: true, dynamic: true, nishio: false, level: 0 },
    ];
    const sols = solutions('forum-hardest-110626', 'HardestDatabase110626.sol');
    const searches: { g: ChainGrid; nested: { initial: Uint16Array } | null }[] = [...sols.keys()]
      .filter((_, i) => i % 15 === 4)
      .slice(0, 6)
      .map((puzzle) => {
        const state = stateOf(puzzle);
        const g = new ChainGrid();
        g.load(state.values, state.cands);
        return { g, nested: null };
      });
    for (const { initial, g } of outerGrids(3)) searches.push({ g, nested: { initial: initial.cands } });
    type Run = { onN: number; offN: number; onList: Int16Array; offList: Int16Array; absurdOn: number; withParents: boolean; depth: Uint16Array };
    type Chainer = {
      propagate: (run: Run, startKey: number, parents?: boolean) => boolean;
      parentsOf: (run: Run, slot: number) => number;
      parentList: Int32Array;
      parentAt: number;
    };
    const { propagate } = DynamicChainer.prototype as unknown as Chainer;
    const parentsOf = (c: Chainer, run: Run, slot: number) => {
      const n = c.parentsOf(run, slot);
      return [...c.parentList.subarray(c.parentAt, c.parentAt + n)];
    };
    let nodes = 0;
    let rebuilt = 0;
    let compared = 0;
    for (const o of options) {
      const lean = new DynamicChainer(o);
      const eager = new DynamicChainer(o);
      vi.spyOn(eager as unknown as Chainer, 'propagate').mockImplementation(function (this: Chainer, run, startKey) {
        return propagate.call(this, run, startKey, true);
      });
      // Every run of both propagated here, none lent by the outer start's (see baseRuns.ts).
      for (const c of [lean, eager]) {
        const bases = (c as unknown as { bases: { unchanged: () => null } | null }).bases;
        if (bases) vi.spyOn(bases, 'unchanged').mockReturnValue(null);
      }
      vi.spyOn(lean as unknown as Chainer, 'propagate').mockImplementation(function (this: Chainer, run, startKey) {
        const absurd = propagate.call(this, run, startKey);
        expect(run.withParents).toBe(false);
        const twin = new (run.constructor as new () => Run)();
        expect(propagate.call(this, twin, startKey, true)).toBe(absurd);
        // Dynamic runs without a level have a loop of their own (propagateDynamic): the same
        // nodes in the same order, at the same depths, as the general loop recording parents.
        expect([run.onN, run.offN]).toEqual([twin.onN, twin.offN]);
        expect(run.onList.subarray(0, run.onN)).toEqual(twin.onList.subarray(0, twin.onN));
        expect(run.offList.subarray(0, run.offN)).toEqual(twin.offList.subarray(0, twin.offN));
        const slots = [...run.onList.subarray(0, run.onN)].map((c) => c + 729).concat([...run.offList.subarray(0, run.offN)]);
        if (absurd) slots.push(2 * 729); // the contradiction's fresh node
        for (const slot of slots) {
          expect(run.depth[slot]).toBe(twin.depth[slot]);
          const parents = parentsOf(this, run, slot);
          expect(parents).toEqual(parentsOf(this, twin, slot));
          nodes++;
          if (parents.length > 1) rebuilt++;
        }
        return absurd;
      });
      for (const { g, nested } of searches) {
        const found = lean.hints(g, null, nested);
        expect(found).toEqual(eager.hints(g, null, nested));
        compared += found.length;
      }
    }
    expect(compared).toBeGreaterThan(20);
    // Singles that relied on removals since the start: the parents read back, not just the first.
    expect(rebuilt).toBeGreaterThan(nodes / 100);
  });

  it('narrows the common nodes of cell and region chains to exactly those each branch has, in the first branch order', () => {
    // Common.start and retain keep a node by adding its mark to the count (no branch): a node kept
    // or dropped wrongly, or an order changed, shows against the nodes read from the runs' lists.
    type Run = { onN: number; offN: number; onList: Int16Array; offList: Int16Array };
    type Common = { on: Int16Array; off: Int16Array; onN: number; offN: number; start: (a: Run, b: Run) => boolean; retain: (r: Run) => boolean };
    const nodesOf = (r: Run) => ({ on: [...r.onList.subarray(0, r.onN)], off: [...r.offList.subarray(0, r.offN)] });
    const kept = (c: Common) => ({ on: [...c.on.subarray(0, c.onN)], off: [...c.off.subarray(0, c.offN)] });
    const searches: { g: ChainGrid; nested: { initial: Uint16Array } | null }[] = outerGrids(3).map(({ initial, g }) => ({ g, nested: { initial: initial.cands } }));
    const top = new ChainGrid();
    const state = stateOf('1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.');
    top.load(state.values, state.cands);
    searches.push({ g: top, nested: null });
    let keptNodes = 0;
    let droppedNodes = 0;
    const count = (tested: number, want: { on: number[]; off: number[] }) => {
      keptNodes += want.on.length + want.off.length;
      droppedNodes += tested - want.on.length - want.off.length;
    };
    for (const o of [
      { multiple: true, dynamic: false, nishio: false, level: 0 },
      { multiple: true, dynamic: true, nishio: false, level: 0 },
    ]) {
      const chainer = new DynamicChainer(o);
      const inner = chainer as unknown as { cellCommon: Common; regionCommon: Common };
      for (const common of [inner.cellCommon, inner.regionCommon]) {
        const { start, retain } = common;
        // After a call: the nodes of `before` that `run` has too are kept, in before's order.
        const keeps = (self: Common, alive: boolean, before: ReturnType<typeof kept>, run: Run): boolean => {
          const nr = nodesOf(run);
          const want = { on: before.on.filter((c) => nr.on.includes(c)), off: before.off.filter((c) => nr.off.includes(c)) };
          expect(kept(self)).toEqual(want);
          expect(alive).toBe(want.on.length + want.off.length > 0);
          count(before.on.length + before.off.length, want);
          return alive;
        };
        common.start = function (a, b) {
          return keeps(this, start.call(this, a, b), nodesOf(a), b);
        };
        common.retain = function (r) {
          const before = kept(this);
          return keeps(this, retain.call(this, r), before, r);
        };
      }
      for (const { g, nested } of searches) chainer.hints(g, null, nested);
    }
    // Enough nodes both kept and dropped to tell.
    expect(keptNodes).toBeGreaterThan(100);
    expect(droppedNodes).toBeGreaterThan(100);
  });

  it("tells that a static chain's branches share a node exactly when their full reaches do, and skips only chains with no hint", () => {
    // ReachSets against the definition: what a candidate on reaches through onToOff and offToOn
    // (the XY pass), searched node by node; a cell's values and a house's places of a digit share
    // a node when every one's reach has it. On the first 150 pauses of a level-2 search (with the
    // rules, as in a rating) and on the puzzle's own grid.
    const { start, pauses } = level2Pauses(150, true);
    const outCand = new Int16Array(32);
    const outCause = new Uint8Array(32);
    const reachOf = (g: ChainGrid, cand: number): Set<number> => {
      // Keys: an off node is its candidate, an on node its candidate + NCAND.
      const seen = new Set([cand + NCAND]);
      const queue = [cand + NCAND];
      while (queue.length) {
        const key = queue.pop()!;
        const on = key >= NCAND;
        const n = on ? onToOff(g, key - NCAND, true, outCand, outCause) : offToOn(g, key, true, true, outCand, outCause);
        for (let j = 0; j < n; j++) {
          const next = on ? outCand[j] : outCand[j] + NCAND;
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      return seen;
    };
    const share = (reaches: Set<number>[]): boolean => [...reaches[0]].some((k) => reaches.every((r) => r.has(k)));
    const told = { cell: [0, 0], house: [0, 0] };
    const links = new PassLinks();
    const sets = new ReachSets();
    for (const g of [start, ...pauses]) {
      links.begin(g);
      links.use(true, true);
      sets.begin(g, links);
      const reach = new Map<number, Set<number>>();
      const of = (cand: number) => reach.get(cand) ?? reach.set(cand, reachOf(g, cand)).get(cand)!;
      for (let cell = 0; cell < 81; cell++) {
        const m = g.cands[cell];
        if (g.values[cell] || POPCOUNT9[m] < 2) continue;
        const values = [...Array(9).keys()].filter((d) => m & (1 << d)).map((d) => cell * 9 + d);
        const expected = share(values.map(of));
        expect(sets.cellShares(cell), `cell ${cell}`).toBe(expected);
        told.cell[expected ? 1 : 0]++;
      }
      for (let h = 0; h < 27; h++) {
        for (let d = 0; d < 9; d++) {
          const pm = g.hpos[h * 9 + d];
          if (POPCOUNT9[pm] < 2) continue;
          const places = [...Array(9).keys()].filter((i) => pm & (1 << i)).map((i) => HOUSE_CELLS[h * 9 + i] * 9 + d);
          const expected = share(places.map(of));
          expect(sets.houseShares(h, d, pm), `house ${h} digit ${d + 1}`).toBe(expected);
          told.house[expected ? 1 : 0]++;
        }
      }
    }
    for (const n of [...told.cell, ...told.house]) expect(n).toBeGreaterThan(10);
    // The chains skipped have no hint: static multiple chains, nested and at the top, find the
    // same hints when the test lets every chain through (16 cell and 765 region chain hints).
    const hintsOf = (g: ChainGrid, nested: boolean) =>
      new DynamicChainer({ multiple: true, dynamic: false, nishio: false, level: 0 }).hints(g, null, nested ? { initial: start.cands } : null);
    const kinds = new Map<string, number>();
    for (const g of [start, ...pauses]) {
      for (const nested of [true, false]) {
        const tested = hintsOf(g, nested);
        const cell = vi.spyOn(ReachSets.prototype, 'cellShares').mockReturnValue(true);
        const house = vi.spyOn(ReachSets.prototype, 'houseShares').mockReturnValue(true);
        try {
          expect(tested).toEqual(hintsOf(g, nested));
        } finally {
          cell.mockRestore();
          house.mockRestore();
        }
        for (const h of tested) {
          const kind = h.name.startsWith('Cell ') ? 'cell' : 'region';
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        }
      }
    }
    expect(kinds.get('cell')).toBeGreaterThan(10);
    expect(kinds.get('region')).toBeGreaterThan(100);
  });

  it('tells the same shares after the on nodes\' stamp generation restarts', () => {
    // The reaches stamp their on nodes in an Int32Array; a generation past 2^31 - 1 would never
    // equal a stamp again. Started just below it, every answer must be a fresh set's.
    const { start, pauses } = level2Pauses(20, true);
    const links = new PassLinks();
    const fresh = new ReachSets();
    const old = new ReachSets();
    (old as unknown as { onGen: number }).onGen = 0x7fffffff - 40;
    let asked = 0;
    for (const g of [start, ...pauses]) {
      links.begin(g);
      links.use(true, true);
      fresh.begin(g, links);
      old.begin(g, links);
      for (let cell = 0; cell < 81; cell++) {
        if (g.values[cell] || POPCOUNT9[g.cands[cell]] < 2) continue;
        expect(old.cellShares(cell), `cell ${cell}`).toBe(fresh.cellShares(cell));
        asked++;
      }
    }
    expect((old as unknown as { onGen: number }).onGen).toBeLessThan(asked * 9);
  });

  it('finds a double chain at every node the on and off runs of a value share, and skips only off runs that imply nothing', () => {
    // Most off runs in a cell of three values or more are their start alone: not propagated.
    type Run = { onN: number; offN: number; onList: Int16Array; offList: Int16Array; flag: Uint8Array; absurdOn: number };
    type Hints = { name: string }[];
    type Chainer = {
      binary: (cand: number, onRun: Run, doDouble: boolean, doContradiction: boolean, out: Hints, partner: Run | null) => void;
      offChains: (cand: number, onRun: Run, offRun: Run, doDouble: boolean, doContradiction: boolean, out: Hints) => void;
      propagate: (run: Run, startKey: number) => boolean;
      g: ChainGrid;
    };
    const chainer = new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 0 });
    const inner = chainer as unknown as Chainer;
    const { binary, offChains } = inner;
    let propagated = 0;
    let skipped = 0;
    let doubles = 0;
    let smallest = Infinity;
    vi.spyOn(inner, 'offChains').mockImplementation(function (this: Chainer, cand, onRun, offRun, doDouble, doContradiction, out) {
      propagated++;
      const isDouble = (h: { name: string }) => h.name.startsWith('Dynamic Double');
      const before = out.filter(isDouble).length;
      offChains.call(this, cand, onRun, offRun, doDouble, doContradiction, out);
      if (!doDouble) return;
      let shared = 0;
      for (let i = 0; i < onRun.onN; i++) {
        const c = onRun.onList[i];
        const cell = Math.floor(c / 9);
        // An on end removes the cell's other values, when it has any.
        if (offRun.flag[c] & 1 && this.g.cands[cell] & ~(1 << (c - cell * 9))) shared++;
      }
      for (let i = 0; i < onRun.offN; i++) if (offRun.flag[onRun.offList[i]] & 2) shared++;
      expect(out.filter(isDouble).length - before).toBe(shared);
      doubles += shared;
      if (shared) smallest = Math.min(smallest, offRun.onN + offRun.offN);
    });
    vi.spyOn(inner, 'binary').mockImplementation(function (this: Chainer, cand, onRun, doDouble, doContradiction, out, partner) {
      const before = propagated;
      binary.call(this, cand, onRun, doDouble, doContradiction, out, partner);
      if (propagated > before) return;
      // Skipped: propagated here, the off run is its start alone, or (a bivalue cell) finds no
      // contradiction, as the other value's on run.
      skipped++;
      const run = new (onRun.constructor as new () => Run)();
      expect(this.propagate(run, cand)).toBe(false);
      if (partner) expect(partner.absurdOn).toBeLessThan(0);
      else expect(run.onN + run.offN).toBe(1);
    });
    // Grids an outer chain reaches, searched at the top level: every chain found is kept.
    for (const { g } of outerGrids(3)) chainer.hints(g, null, null);
    expect(doubles).toBeGreaterThan(20);
    expect(skipped).toBeGreaterThan(propagated);
    // The smallest off run with a double chain: the chains of small off runs are checked too.
    expect(smallest).toBeLessThan(12);
  });

  it('propagates a bivalue cell’s value off only when the other value on meets a contradiction, and finds the same hints', () => {
    // The value off turns the other on, and from there the two runs are the same node for node.
    type Run = { onN: number; offN: number; onList: Int16Array; offList: Int16Array; absurdOn: number };
    type Hints = { name: string }[];
    type Chainer = {
      binary: (cand: number, onRun: Run, doDouble: boolean, doContradiction: boolean, out: Hints, partner: Run | null) => void;
      propagate: (run: Run, startKey: number) => boolean;
      takeRun: () => Run;
      g: ChainGrid;
    };
    let pairs = 0;
    let absurd = 0;
    for (const level of [0, 1]) {
      const options = { multiple: true, dynamic: true, nishio: false, level, simple: level ? new PotentialsCache() : undefined };
      const chainer = new DynamicChainer(options);
      const inner = chainer as unknown as Chainer;
      const binary = inner.binary;
      vi.spyOn(inner, 'binary').mockImplementation(function (this: Chainer, cand, onRun, doDouble, doContradiction, out, partner) {
        const cell = Math.floor(cand / 9);
        const bivalue = POPCOUNT9[this.g.cands[cell]] === 2;
        expect(partner !== null).toBe(bivalue);
        if (partner) {
          pairs++;
          const off = this.takeRun();
          const offAbsurd = this.propagate(off, cand);
          expect(offAbsurd).toBe(partner.absurdOn >= 0);
          if (offAbsurd) absurd++;
          else {
            expect([...off.onList.subarray(0, off.onN)]).toEqual([...partner.onList.subarray(0, partner.onN)]);
            expect([...off.offList.subarray(0, off.offN)]).toEqual([...partner.offList.subarray(0, partner.offN)]);
          }
        }
        binary.call(this, cand, onRun, doDouble, doContradiction, out, partner);
      });
      // Without the partner every off run is propagated, as before: the same hints.
      const every = new DynamicChainer(options);
      const everyInner = every as unknown as Chainer;
      const everyBinary = everyInner.binary;
      vi.spyOn(everyInner, 'binary').mockImplementation(function (this: Chainer, cand, onRun, doDouble, doContradiction, out) {
        everyBinary.call(this, cand, onRun, doDouble, doContradiction, out, null);
      });
      // Grids thinned out step by step: more bivalue cells, and contradictions among them.
      const g = new ChainGrid();
      g.copyFrom(outerGrids(1)[0].initial);
      for (let step = 0; step < 6; step++) {
        for (let cand = step * 5; cand < NCAND; cand += 31) {
          if (g.has(cand) && POPCOUNT9[g.cands[Math.floor(cand / 9)]] > 2) g.remove(cand);
        }
        if (level === 0 || step % 2 === 1) expect(chainer.hints(g, null, null)).toEqual(every.hints(g, null, null));
      }
    }
    expect(pairs).toBeGreaterThan(50);
    expect(absurd).toBeGreaterThan(0);
  });

  it('lends a nested dynamic search the outer start’s run only where its own run is the same, node for node', () => {
    // baseRuns.ts: G0's run from a start is lent when none of its steps reads a cell or house/digit
    // whose change since G0 alters what the step gives. Every run a search takes is checked
    // against one propagated afresh on the search's grid, over grids 1 to 30 removals from G0,
    // one chainer (and so one set of G0's runs) for them all; the hints against a chainer that
    // never borrows. G0 is thinned so that runs meet contradictions, and some grids lose an off
    // node that such a run stored from an on node of its house but never took: only the on
    // node's own step tells that run apart. Lent exactly where the step-by-step test says.
    type Run = {
      onN: number; offN: number; onList: Int16Array; offList: Int16Array; flag: Uint8Array; first: Int16Array; depth: Uint16Array;
      cause: Uint8Array; offAt: Int16Array; absurdOn: number; absurdOff: number; extraKey: number; kept: boolean;
    };
    type Chainer = {
      runFrom: (startKey: number) => Run;
      propagate: (run: Run, startKey: number) => boolean;
      g: ChainGrid;
      save: ChainGrid;
      takeRun: () => Run;
      releaseRun: (run: Run) => void;
      bases: { unchanged: () => Run | null; runs: (Run | null)[]; start: ChainGrid };
      removed: { cell: Uint16Array; house: Uint16Array };
    };
    // The head comment's test, step by step over G0's run from `startKey` (the queues' order, on
    // nodes first, up to the step that met the contradiction): whether a step is divergent.
    const divergent = (c: Chainer, startKey: number): boolean => {
      const run = c.bases.runs[startKey]!;
      const { cell: lostCell, house: lostHouse } = c.removed;
      const g = new ChainGrid();
      g.copyFrom(c.bases.start);
      const end = run.absurdOn >= 0 ? run.first[2 * NCAND] : -1;
      let on = startKey >= NCAND ? 1 : 0;
      let off = 1 - on;
      let found = false;
      for (let onHead = 0, offHead = 0; !found && (onHead < on || offHead < off); ) {
        let key: number;
        if (onHead < on) {
          const x = run.onList[onHead++];
          key = x + NCAND;
          const cell = Math.floor(x / 9);
          found = lostCell[cell] !== 0 || [0, 1, 2].some((k) => lostHouse[CELL_HOUSES[3 * cell + k] * 9 + (x % 9)] !== 0);
          while (off < run.offN && run.first[run.offList[off]] === key) off++;
        } else {
          key = run.offList[offHead++];
          const cell = Math.floor(key / 9);
          const values = POPCOUNT9[g.cands[cell]];
          const r = POPCOUNT9[lostCell[cell]];
          found = r > 0 && (values === 2 || values - r === 2);
          g.remove(key);
          for (let k = 0; k < 3; k++) {
            const hd = CELL_HOUSES[3 * cell + k] * 9 + (key % 9);
            const lost = lostHouse[hd];
            if (lost && (POPCOUNT9[g.hpos[hd]] === 1 || POPCOUNT9[g.hpos[hd] & ~lost] === 1)) found = true;
          }
          while (on < run.onN && run.first[run.onList[on] + NCAND] === key) on++;
        }
        if (key === end) break;
      }
      return found;
    };
    const fields = (r: Run, depth: boolean) => {
      const on = [...r.onList.subarray(0, r.onN)];
      const off = [...r.offList.subarray(0, r.offN)];
      const slots = on.map((c) => c + 729).concat(off, r.absurdOn >= 0 ? [2 * 729] : []);
      return {
        on, off, absurd: [r.absurdOn, r.absurdOff, r.absurdOn >= 0 ? r.extraKey : -1],
        flags: on.concat(off).map((c) => r.flag[c]),
        first: slots.map((s) => r.first[s]),
        cause: on.map((c) => r.cause[c + 729]),
        offAt: off.map((c) => r.offAt[c]),
        depth: depth ? slots.map((s) => r.depth[s]) : [],
      };
    };
    const thinned = gridThinner(7);
    const initial = thinned(outerGrids(1)[0].initial, 40);
    const options = { multiple: true, dynamic: true, nishio: false, level: 0 };
    const grids = [1, 1, 2, 3, 5, 8, 13, 20, 30].map((removals) => thinned(initial, removals));
    const probe = new DynamicChainer(options) as unknown as Chainer;
    probe.g = initial;
    probe.save.copyFrom(initial);
    for (let key = 0; key < 2 * NCAND && grids.length < 20; key++) {
      if (!initial.has(key % NCAND)) continue;
      const run = probe.takeRun();
      probe.propagate(run, key);
      const stop = run.first[2 * NCAND]; // the step that met the contradiction: an off node's here
      for (let i = run.absurdOn >= 0 && stop < NCAND ? run.offAt[stop] + 1 : run.offN; i < run.offN; i++) {
        const x = run.offList[i];
        const p = run.first[x] - NCAND;
        if (p < 0 || Math.floor(p / 9) === Math.floor(x / 9)) continue;
        const g = new ChainGrid();
        g.copyFrom(initial);
        g.remove(x);
        grids.push(g);
        break;
      }
      probe.releaseRun(run);
    }
    expect(grids.length).toBe(20);
    const chainer = new DynamicChainer(options);
    const never = new DynamicChainer(options);
    vi.spyOn((never as unknown as Chainer).bases, 'unchanged').mockReturnValue(null);
    const inner = chainer as unknown as Chainer;
    const runFrom = inner.runFrom;
    let lent = 0;
    let own = 0;
    vi.spyOn(inner, 'runFrom').mockImplementation(function (this: Chainer, startKey) {
      const run = runFrom.call(this, startKey);
      const fresh = this.takeRun();
      this.propagate(fresh, startKey);
      // A lent run's end depths may have been raised by an earlier search's walks (to its end's
      // ancestors less one, the same on every grid where the run is the same): at least fresh's.
      const want = fields(fresh, false);
      expect(fields(run, false)).toEqual(want);
      const slots = want.on.map((c) => c + 729).concat(want.off);
      for (const s of slots) expect(run.depth[s]).toBeGreaterThanOrEqual(fresh.depth[s]);
      // Lent exactly where no step is divergent: lending less would be no error, only slower.
      expect(run.kept).toBe(!divergent(this, startKey));
      if (run.kept) lent++;
      else own++;
      this.releaseRun(fresh);
      return run;
    });
    let hints = 0;
    for (const g of grids) {
      const found = chainer.hints(g, null, { initial: initial.cands });
      expect(found).toEqual(never.hints(g, null, { initial: initial.cands }));
      hints += found.length;
    }
    expect(hints).toBeGreaterThan(10);
    expect(lent).toBeGreaterThan(300);
    expect(own).toBeGreaterThan(300);
  });

  it('takes an off node off and turns on what it implies in one pass, as offToOn then remove', () => {
    // A dynamic run without a level asks what each off node turns on and takes it off at once:
    // the same candidates, causes and order, and the same grid after, on grids thinned out
    // step by step (more bivalue cells and two-place houses at each step).
    const outA = new Int16Array(32);
    const causeA = new Uint8Array(32);
    const outB = new Int16Array(32);
    const causeB = new Uint8Array(32);
    const { initial } = outerGrids(1)[0];
    const thinned = new ChainGrid();
    thinned.copyFrom(initial);
    let turnedOn = 0;
    for (let step = 0; step < 12; step++) {
      for (let cand = step * 7; cand < NCAND; cand += 29) {
        const cell = (cand / 9) | 0;
        if (thinned.has(cand) && POPCOUNT9[thinned.cands[cell]] > 2) thinned.remove(cand);
      }
      for (const isY of [false, true]) {
        for (let cand = 0; cand < NCAND; cand++) {
          if (!thinned.has(cand)) continue;
          const a = new ChainGrid();
          a.copyFrom(thinned);
          const b = new ChainGrid();
          b.copyFrom(thinned);
          const n = offToOn(a, cand, isY, true, outA, causeA);
          a.remove(cand);
          expect(takeOff(b, cand, isY, outB, causeB), `candidate ${cand}`).toBe(n);
          expect([...outB.subarray(0, n)]).toEqual([...outA.subarray(0, n)]);
          expect([...causeB.subarray(0, n)]).toEqual([...causeA.subarray(0, n)]);
          expect([...b.cands]).toEqual([...a.cands]);
          expect([...b.hpos]).toEqual([...a.hpos]);
          turnedOn += n;
        }
      }
    }
    expect(turnedOn).toBeGreaterThan(100);
  });

  it('keeps the searches of the most recently used grids only', () => {
    const memo = new SearchMemo(2);
    const [a, b, c] = [1, 2, 3].map((v) => new GridKey().of(new Uint16Array(81).fill(v)));
    memo.of(a).record(5, []);
    memo.of(b).record(5, []);
    expect(memo.of(new GridKey().of(a.cands.slice())).has(5)).toBe(true); // now b is the least recently used
    memo.of(c);
    expect(memo.size).toBe(2);
    expect(memo.of(a).has(5)).toBe(true);
    expect(memo.of(b).has(5)).toBe(false);
    // A long run against a list in recency order: a grid is found again exactly when it is among
    // the `capacity` most recently used (ten grids, five kept, 2,000 uses in a seeded order).
    const keys = Array.from({ length: 10 }, (_, v) => new GridKey().of(new Uint16Array(81).fill(v + 10)));
    const lru = new SearchMemo(5);
    let recent: number[] = [];
    let seed = 3;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      // Mostly the recent grids, as a rating uses them.
      const k = (seed >>> 8) % (i % 3 === 0 ? 10 : 6);
      const searches = lru.of(new GridKey().of(keys[k].cands.slice()));
      expect(searches.has(5), `use ${i}`).toBe(recent.includes(k));
      searches.record(5, []);
      recent = [k, ...recent.filter((r) => r !== k)].slice(0, 5);
      expect(lru.size).toBe(recent.length);
    }
  });

  it('answers by grid, not by hash: two grids of one key hash never share what is kept', () => {
    // Grids of the level-3 puzzle's candidates with cells 0 and 1 varied: a 30-bit hash repeats
    // among a few hundred thousand of them.
    const start = stateOf('1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.').cands;
    const seen = new Map<number, GridKey>();
    let pair: [GridKey, GridKey] | null = null;
    for (let i = 0; i < 512 * 512 && !pair; i++) {
      const cands = Uint16Array.from(start);
      cands[0] = i & 511;
      cands[1] = i >>> 9;
      const key = new GridKey().of(cands);
      const other = seen.get(key.hash);
      if (other) pair = [other, key];
      else seen.set(key.hash, key);
    }
    expect(pair).not.toBeNull();
    const [a, b] = pair!;
    expect(a.cands).not.toEqual(b.cands);
    // The caches key by the hash; each must tell the two grids apart.
    const cache = new PotentialsCache();
    cache.start(a);
    cache.set(a, []);
    expect(cache.get(new GridKey().of(a.cands.slice()))).toEqual([]);
    expect(cache.get(b)).toBeUndefined();
    const memo = new SearchMemo(4);
    memo.of(a).record(5, []);
    expect(memo.of(b).has(5)).toBe(false);
    expect(memo.of(a).has(5)).toBe(false); // b took a's place
    // And the starting grid: the same grid under a new key keeps the cache, another clears it.
    cache.set(a, []);
    cache.start(new GridKey().of(a.cands.slice()));
    expect(cache.get(a)).toEqual([]);
    cache.start(b);
    expect(cache.get(a)).toBeUndefined();
    // A cache copies each grid into a store that grows: every grid set is still found, by
    // content, with its own result.
    const many = [...seen.values()].slice(0, 1000);
    const grown = new PotentialsCache();
    const results = many.map(() => []);
    many.forEach((k, i) => grown.set(k, results[i]));
    expect(many.every((k, i) => grown.get(new GridKey().of(k.cands.slice())) === results[i])).toBe(true);
  });

  it('reports what an unfinished search proves: the least difficulty of the techniques still to try', () => {
    const level = (l: number) => TECHNIQUES.indexOf(nestedForcingChains[l - 2]);
    expect(nextStepAtLeast(TECHNIQUES, level(4))).toBe(10.5);
    expect(nextStepAtLeast(TECHNIQUES, TECHNIQUES.indexOf(nishioForcingChains))).toBe(7.5);
    expect(nextStepAtLeast(TECHNIQUES, 0)).toBe(0); // singles declare no least difficulty
    // Cancelled as soon as level 3 starts on the bare puzzle (levels 0-2 found nothing): ≥ 10.0.
    let reached = false;
    const techniques = TECHNIQUES.map((t) =>
      t === nestedForcingChains[1] ? { ...t, steps: (s: State, ctx: TechniqueContext) => ((reached = true), t.steps(s, ctx)) } : t,
    );
    const state = stateOf('1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.');
    const r = rate(state, { unique: true, techniques, cancelled: () => reached });
    expect(r.status).toBe('cancelled');
    expect(r.steps).toHaveLength(0);
    expect(r.er).toBe(10.0);
  });

  it('gives up when the budget runs out', () => {
    const state = stateOf('..6.......3...7..11.7.............9.3....6..5.5.8..2....3..5..6...2...4..4..9.8..');
    expect(() => firstStep(nestedForcingChains[0], state, 0)).toThrow(BudgetExceeded);
  });

  it('checks its budget in every filtered pass of a nested static search, and gives up there', () => {
    // The first 40 pauses of a level-2 search: every filtered pass (the relevance marks'
    // starts) reads the budget, and one that has run out stops the search.
    const { start, pauses } = level2Pauses(40, false);
    const chainer = new StaticChainer();
    const passes = vi.spyOn(chainer as unknown as { filteredStarts: () => void }, 'filteredStarts');
    let checks = 0;
    let out = false;
    const budget = new Budget(60_000, () => (checks++, out));
    for (const g of pauses) chainer.hints(g, budget, { initial: start.cands });
    expect(passes.mock.calls.length).toBeGreaterThan(40);
    expect(checks).toBeGreaterThanOrEqual(passes.mock.calls.length);
    out = true;
    expect(() => chainer.hints(pauses[pauses.length - 1], budget, { initial: start.cands })).toThrow(BudgetExceeded);
  });

  it('names and links a forcing chain step', () => {
    // SE: Turbot Fish r7c4<>8 here (after the simpler techniques).
    const state = stateOf('....5..8.6.....2...1..3....2..7..4..3.8..............1..5....3..4.6........1.....');
    let step: Step | null = null;
    for (let guard = 0; guard < 100 && !step; guard++) {
      const s = ratedFirstStep(state);
      if (!s) break;
      if (s.difficulty >= 6.5) step = s;
      else state.apply(s);
    }
    expect(step?.technique).toBe('Turbot Fish');
    expect(step?.difficulty).toBeCloseTo(6.6, 10);
    expect(step?.links.length).toBe(5);
    expect(step?.links.filter((l) => l.strong).length).toBe(2);
    expect(step?.text).toMatch(/^Turbot Fish: .*\(w\/4 nodes\) => r\dc\d<>\d$/);
  });
});

describe('soundness on hard puzzles', () => {
  it('finds only true eliminations and placements (every hint of each technique, bare hardest puzzles)', () => {
    const sols = solutions('forum-hardest-110626', 'HardestDatabase110626.sol');
    const puzzles = [...sols.keys()].filter((_, i) => i % 8 === 0).slice(0, 45);
    let steps = 0;
    for (const puzzle of puzzles) {
      const solution = sols.get(puzzle)!;
      const state = stateOf(puzzle);
      for (const t of [forcingChainsAndCycles, nishioForcingChains, multipleForcingChains, dynamicForcingChains]) {
        for (const s of t.steps(state, { unique: true, budget: new Budget(5_000) })) {
          expectSound(s, solution, puzzle);
          steps++;
        }
      }
      const plus = firstStep(dynamicForcingChainsPlus, state, 5_000);
      if (plus) {
        expectSound(plus, solution, puzzle);
        steps++;
      }
    }
    expect(steps).toBeGreaterThan(200);
  });

  it('rates top95 puzzles with sound chain steps all the way', () => {
    const sols = solutions('magictour-top95', 'top95.sol');
    const puzzles = [...sols.keys()].filter((_, i) => i % 10 === 3).slice(0, 8);
    let chainSteps = 0;
    for (const puzzle of puzzles) {
      const solution = sols.get(puzzle)!;
      const r = rate(stateOf(puzzle), { unique: true, budgetMs: 1_500 });
      for (const s of r.steps) {
        expectSound(s, solution, puzzle);
        if (s.difficulty >= 6.5) chainSteps++;
      }
    }
    expect(chainSteps).toBeGreaterThan(10);
  });
});

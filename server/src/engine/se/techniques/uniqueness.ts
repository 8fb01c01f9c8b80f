/**
 * Unique rectangles and unique loops, types 1 to 4, as Sudoku Explainer's UniqueLoops finds them.
 * Sound only when the puzzle has one solution: nothing is reported unless `ctx.unique`.
 *
 * Search, as SE has it:
 * - start from every bivalue cell in row-major order, with its two digits {v1, v2};
 * - depth-first, visit the box, then the row, then the column of the current cell (skipping the
 *   kind of house that led to it), and within a house its cells in order; a cell may join when it
 *   has both v1 and v2 and either it is bivalue, or the extra digits of the walk's cells and its
 *   own are a single digit, or fewer than two cells with extra digits have joined (SukakuExplainer,
 *   with lkSudoku's fix); the walk closes when it meets its first cell again
 *   after at least four cells;
 * - a closed walk is a loop when, alternating parities along it, no house is visited twice by the
 *   same parity and every house is visited by both parities or by none;
 * - one cell with extra digits: type 1; more than two (all sharing one extra digit): type 2; two:
 *   type 2 when their extra digits are one digit, else type 3 (naked then hidden sets, by degree
 *   from 2, box/row/column; naked ones of at least as many digits as the extra ones), then type 4
 *   in any case.
 * A hint equal to an earlier one (same kind and same set of cells, and for type 3 the same house,
 * set and cells) is dropped; the rest are sorted by difficulty, then type (stable).
 *
 * Difficulty: 4.5 for 4 cells, 4.6 for 6, 4.7 for 8, 5.0 for 10 or more; type 3 adds 0.1 per
 * naked digit beyond the first, or 0.1 per hidden-set cell beyond the first outside the loop.
 */
import { HOUSES, HOUSES_OF, bit, boxOf, cellName, colOf, digitsOf, houseName, popcount, rowOf } from '../../core/grid';
import type { State } from '../../core/state';
import { eliminationsText, makeStep, type Candidate, type Step } from '../../core/step';
import { housePositions } from './subsets';
import type { Technique, TechniqueContext } from './technique';

/** House of `cell` of SE's region type `t`: 0 box, 1 row, 2 column (SE's order). */
export function houseOfType(cell: number, t: number): number {
  return t === 0 ? 18 + boxOf(cell) : t === 1 ? rowOf(cell) : 9 + colOf(cell);
}

/** Index of `cell` inside its house of type `t`, as HOUSES orders that house. */
function indexOfType(cell: number, t: number): number {
  return t === 0 ? (rowOf(cell) % 3) * 3 + (colOf(cell) % 3) : t === 1 ? colOf(cell) : rowOf(cell);
}

/** The peers of each cell in SE's order: its box, then the rest of its row, then of its column. */
export const SE_PEERS: readonly (readonly number[])[] = Array.from({ length: 81 }, (_, c) => {
  const out: number[] = [];
  const seen = new Uint8Array(81);
  seen[c] = 1;
  for (let t = 0; t < 3; t++) {
    for (const p of HOUSES[houseOfType(c, t)]) {
      if (!seen[p]) {
        seen[p] = 1;
        out.push(p);
      }
    }
  }
  return out;
});

/** Peer lookup: PEER_FLAGS[81 * a + b] is 1 when a and b share a house. */
const PEER_FLAGS: Uint8Array = (() => {
  const flags = new Uint8Array(81 * 81);
  for (let c = 0; c < 81; c++) for (const p of SE_PEERS[c]) flags[81 * c + p] = 1;
  return flags;
})();

export const sees = (a: number, b: number): boolean => PEER_FLAGS[81 * a + b] === 1;

/** k-subsets of {0..n-1} as bit masks in increasing numeric order (SE's Permutations). */
export function subsetsInOrder(n: number, k: number): number[] {
  const out: number[] = [];
  if (k < 0 || k > n || n === 0) return out;
  if (k === 0) return [0];
  const end = 2 ** n;
  for (let m = 2 ** k - 1; m < end; ) {
    out.push(m);
    const low = m & -m;
    const ripple = m + low;
    m = ripple | (((ripple ^ m) >>> 2) / low);
  }
  return out;
}

/** Type 3's largest naked or hidden set (SE's limit). */
const MAX_SET_DEGREE = 7;

const SET_NAMES = ['', '', 'pair', 'triplet', 'quad', 'quintuplet', 'sextuplet', 'septuplet', 'octuplet'];

/** SE's difficulty of a loop of `size` cells, built as SE adds it up. */
export function loopDifficulty(size: number): number {
  let result = 4.5;
  if (size >= 10) result += 0.3;
  if (size >= 8) result += 0.2;
  else if (size >= 6) result += 0.1;
  return result;
}

/**
 * The loop sizes a step may name. SE's loops alternate between two parities, so their sizes are
 * even; none longer than 20 cells occurs in practice.
 */
const LOOP_SIZES = Array.from({ length: 9 }, (_, i) => 4 + 2 * i);
const LOOP_TYPES = [1, 2, 3, 4];

/** SE's name: `Unique Rectangle type 1`, `Unique Loop type 2`, `Unique Loop 8 type 3`. */
export function loopName(size: number, type: number): string {
  const kind = size === 4 ? 'Rectangle' : 'Loop';
  return size > 6 ? `Unique ${kind} ${size} type ${type}` : `Unique ${kind} type ${type}`;
}

/** SukakuExplainer's short name: `UR1`, `UL62` (a loop's size always, though SE's name leaves out 6), `UL83`. */
const loopShortName = (size: number, type: number): string => (size === 4 ? `UR${type}` : `UL${size}${type}`);

/** The three houses of each cell as a 27-bit mask. */
const HOUSE_BITS = Int32Array.from({ length: 81 }, (_, c) => HOUSES_OF[c].reduce((m, h) => m | (1 << h), 0));

/** HOUSE_OF_TYPE[3 * cell + t]: houseOfType(cell, t), read at every cell of every walk. */
const HOUSE_OF_TYPE = Int8Array.from({ length: 243 }, (_, i) => houseOfType((i / 3) | 0, i % 3));

/**
 * For each house, the cells (a mask of the house's cell indices) holding both digits of `pair`:
 * the only cells a walk for that pair can join. `positions`: housePositions of the grid.
 */
export function pairCells(positions: Uint16Array, pair: number): Uint16Array {
  const a = 31 - Math.clz32(pair & -pair);
  const b = 31 - Math.clz32(pair);
  const out = new Uint16Array(27);
  for (let h = 0; h < 27; h++) out[h] = positions[9 * h + a] & positions[9 * h + b];
  return out;
}

/** `withPair` (pairCells) without `cell`, in place. */
function dropCell(withPair: Uint16Array, cell: number): Uint16Array {
  withPair[rowOf(cell)] &= ~(1 << colOf(cell));
  withPair[9 + colOf(cell)] &= ~(1 << rowOf(cell));
  withPair[18 + boxOf(cell)] &= ~(1 << indexOfType(cell, 0));
  return withPair;
}

/**
 * `withPair` (pairCells) less the cells no loop can pass through, in place. A loop visits each of
 * its houses with both parities and none twice with one (findLoops), so each of a loop cell's
 * three houses holds another cell of the loop: a cell with no other surviving cell in one of its
 * houses is in no loop, and removing it may strand others, hence the rounds. The walks then never
 * enter a dead end that cannot close, and record the same loops in the same order.
 */
export function pruneToLoops(withPair: Uint16Array): Uint16Array {
  for (let changed = true; changed; ) {
    changed = false;
    for (let row = 0; row < 9; row++) {
      for (let ms = withPair[row]; ms; ms &= ms - 1) {
        const col = 31 - Math.clz32(ms & -ms);
        const cell = 9 * row + col;
        if (withPair[row] !== 1 << col && withPair[9 + col] !== 1 << row && withPair[18 + boxOf(cell)] !== 1 << indexOfType(cell, 0)) continue;
        dropCell(withPair, cell);
        changed = true;
      }
    }
  }
  return withPair;
}

/**
 * Every closed walk SE's search records from `start` that is a loop (duplicates included, in
 * SE's order). A loop alternates parities: no house twice with one parity, and each house with
 * both or neither. The first condition holds for every prefix of a loop, so a walk that breaks
 * it is not followed further: none of its extensions is recorded, and following a walk has no
 * other effect on the search. On some
 * puzzles the unpruned walks were most of a rating's time, and their copies most of the rest.
 * `withPair`: pairCells(cands, pair); a house's other cells cannot join, so the walk skips them.
 */
export function findLoops(cands: Uint16Array, start: number, pair: number, withPair: Uint16Array): number[][] {
  const results: number[][] = [];
  const loop: number[] = [];
  const inLoop = new Uint8Array(81);
  /** even / odd: the houses of the cells at even / odd positions so far. */
  const walk = (cell: number, allowedExtra: number, extraIn: number, lastType: number, even: number, odd: number): void => {
    const bits = HOUSE_BITS[cell];
    if (loop.length & 1) odd |= bits;
    else even |= bits;
    loop.push(cell);
    inLoop[cell] = 1;
    // The parity of the next cell, and the houses it must not share.
    const taken = loop.length & 1 ? odd : even;
    for (let t = 0; t < 3; t++) {
      if (t === lastType) continue;
      const h = HOUSE_OF_TYPE[3 * cell + t];
      const house = HOUSES[h];
      for (let ms = withPair[h]; ms; ms &= ms - 1) {
        const next = house[31 - Math.clz32(ms & -ms)];
        if (next === loop[0] && loop.length >= 4) {
          if (even === odd) results.push(loop.slice());
        } else if (!inLoop[next]) {
          const m = cands[next];
          // Each candidate cell adds its own extra digits only (lkSudoku's fix in SukakuExplainer;
          // SE 1.2.1 also kept those of the cells looked at before it, which lost loops).
          const extra = extraIn | (m & ~pair);
          const n = popcount(m);
          if ((n === 2 || popcount(extra) === 1 || allowedExtra > 0) && !(taken & HOUSE_BITS[next])) {
            walk(next, n > 2 ? allowedExtra - 1 : allowedExtra, extra, t, even, odd);
          }
        }
      }
    }
    loop.pop();
    inLoop[cell] = 0;
  };
  walk(start, 2, 0, -1, 0, 0);
  return results;
}

interface Found {
  type: number;
  difficulty: number;
  /** SE's equality: kind, set of loop cells, and for type 3 the house, set and cells. */
  key: string;
  step: Step;
}

function elimsOf(removable: Map<number, number>): Candidate[] {
  const out: Candidate[] = [];
  for (const [cell, mask] of removable) for (const d of digitsOf(mask)) out.push({ cell, digit: d });
  return out;
}

const cellsText = (cells: readonly number[]): string => cells.map(cellName).join(',');
const digitsText = (mask: number): string => digitsOf(mask).join(',');

class LoopContext {
  readonly cands: Uint16Array;
  readonly loopKey: string;
  readonly size: number;
  readonly base: number;
  readonly loopCandidates: Candidate[];

  constructor(
    readonly state: State,
    readonly loop: readonly number[],
    readonly v1: number,
    readonly v2: number,
  ) {
    this.cands = state.cands;
    this.loopKey = [...loop].sort((a, b) => a - b).join('.');
    this.size = loop.length;
    this.base = loopDifficulty(loop.length);
    this.loopCandidates = [];
    for (const c of loop) this.loopCandidates.push({ cell: c, digit: v1 }, { cell: c, digit: v2 });
  }

  get head(): string {
    return `${cellsText(this.loop)} (${this.v1},${this.v2})`;
  }

  make(
    type: number,
    kind: string,
    difficulty: number,
    removable: Map<number, number>,
    detail: string,
    extra: { key?: string; candidates?: Candidate[]; houses?: number[] } = {},
  ): Found {
    const eliminations = elimsOf(removable);
    const technique = loopName(this.size, type);
    return {
      type,
      difficulty,
      key: `${kind}|${this.loopKey}|${extra.key ?? ''}`,
      step: makeStep({
        technique,
        difficulty,
        eliminations,
        cells: [...this.loop],
        candidates: [...this.loopCandidates, ...(extra.candidates ?? [])],
        houses: extra.houses ?? [],
        text: `${technique}: ${this.head}${detail} ==> ${eliminationsText(eliminations)}`,
      }),
    };
  }
}

function type1(lc: LoopContext, rescue: number): Found {
  const pair = bit(lc.v1) | bit(lc.v2);
  return lc.make(1, 't1', lc.base, new Map([[rescue, pair]]), '');
}

function type2(lc: LoopContext, extraCells: readonly number[]): Found | null {
  const pair = bit(lc.v1) | bit(lc.v2);
  const rest = lc.cands[extraCells[0]] & ~pair;
  const value = 31 - Math.clz32(rest & -rest) + 1;
  const b = bit(value);
  const removable = new Map<number, number>();
  for (const c of SE_PEERS[extraCells[0]]) {
    if (extraCells.includes(c)) continue;
    if (!extraCells.every((e) => e === c || sees(e, c))) continue;
    if (lc.cands[c] & b) removable.set(c, b);
  }
  if (removable.size === 0) return null;
  const houses: number[] = [];
  for (let h = 0; h < 27; h++) if (extraCells.every((e) => HOUSES_OF[e].includes(h))) houses.push(h);
  const alternatives = extraCells.map((c) => `${cellName(c)}=${value}`).join(' or ');
  return lc.make(2, 't2', lc.base, removable, `, ${alternatives}`, {
    candidates: extraCells.map((c) => ({ cell: c, digit: value })),
    houses,
  });
}

function type3(lc: LoopContext, c1: number, c2: number): Found[] {
  const out: Found[] = [];
  const cands = lc.cands;
  const { v1, v2 } = lc;
  const pair = bit(v1) | bit(v2);
  const extra = (cands[c1] | cands[c2]) & ~pair;
  const extraCount = popcount(extra);
  const remValues: number[] = [];
  for (let d = 1; d <= 9; d++) if (d !== v1 && d !== v2 && !(extra & bit(d))) remValues.push(d);
  const both = `${cellName(c1)}/${cellName(c2)}`;
  // From degree 2, as SukakuExplainer with lkSudoku's fix (SE 1.2.1 began at extraCount, and so
  // skipped the smaller hidden sets).
  for (let degree = 2; degree <= MAX_SET_DEGREE; degree++) {
    for (let t = 0; t < 3; t++) {
      const h = houseOfType(c1, t);
      if (h !== houseOfType(c2, t)) continue;
      const cells = HOUSES[h];
      let empty = 0;
      for (const c of cells) if (!lc.state.values[c]) empty++;
      const i1 = indexOfType(c1, t);
      const i2 = indexOfType(c2, t);

      // Naked sets: c1 (standing for both c1 and c2 with their extra digits) and degree - 1 cells.
      if (degree * 2 <= empty && degree >= extraCount) {
        for (const set of subsetsInOrder(9, degree)) {
          if (!(set & (1 << i1)) || set & (1 << i2)) continue;
          // SE checks both: (extra digits common to c1 and c2) + the other cells make `degree`
          // digits, and every cell of the set (c1 counting as its extra digits) has two or more.
          let nakedCheck = extra & cands[c1] & cands[c2];
          let union = extra;
          let ok = popcount(extra) > 1;
          const others: number[] = [];
          for (let i = 0; i < 9; i++) {
            if (!(set & (1 << i)) || i === i1) continue;
            const m = cands[cells[i]];
            nakedCheck |= m;
            union |= m;
            if (popcount(m) <= 1) ok = false;
            others.push(cells[i]);
          }
          if (popcount(nakedCheck) !== degree || !ok || popcount(union) !== degree) continue;
          const removable = new Map<number, number>();
          for (const c of cells) {
            if (others.includes(c) || c === c1 || c === c2) continue;
            const r = union & cands[c];
            if (r) removable.set(c, r);
          }
          if (removable.size === 0) continue;
          const setCandidates: Candidate[] = [];
          for (const c of [...others, c1, c2]) {
            for (const d of digitsOf(cands[c] & union)) setCandidates.push({ cell: c, digit: d });
          }
          const detail = `, ${both} with naked ${SET_NAMES[degree]} ${cellsText(others)} (${digitsText(union)})`;
          out.push(
            lc.make(3, 't3n', lc.base + (degree - 1) * 0.1, removable, `${detail} in ${houseName(h)}`, {
              key: `${h}|${union}|${others.join('.')}`,
              candidates: setCandidates,
              houses: [h],
            }),
          );
        }
      }

      // Hidden sets: v1, v2 and degree - 2 other digits confined to degree cells, one of them c1.
      if (degree * 2 < empty && degree - 2 <= remValues.length) {
        for (const pick of subsetsInOrder(remValues.length, degree - 2)) {
          const values: number[] = [];
          for (let i = 0; i < remValues.length; i++) if (pick & (1 << i)) values.push(remValues[i]);
          values.push(v1, v2);
          let positions = 0;
          let ok = true;
          let hidden = 0;
          for (const d of values) {
            hidden |= bit(d);
            let p = 0;
            for (let i = 0; i < 9; i++) if (cands[cells[i]] & bit(d)) p |= 1 << i;
            p &= ~(1 << i2);
            if (p === 0) ok = false;
            positions |= p;
          }
          if (!ok || popcount(positions) !== degree) continue;
          positions &= ~(1 << i1) & ~(1 << i2);
          const removable = new Map<number, number>();
          const hiddenCells: number[] = [];
          for (let i = 0; i < 9; i++) {
            if (!(positions & (1 << i))) continue;
            const c = cells[i];
            hiddenCells.push(c);
            const r = cands[c] & ~hidden;
            if (r) removable.set(c, r);
          }
          if (removable.size === 0) continue;
          const setCandidates: Candidate[] = [];
          for (const c of hiddenCells) {
            for (const d of digitsOf(cands[c] & hidden)) setCandidates.push({ cell: c, digit: d });
          }
          const detail = `, ${both} with hidden ${SET_NAMES[degree]} ${cellsText(hiddenCells)} (${digitsText(hidden)})`;
          out.push(
            lc.make(3, 't3h', lc.base + (hiddenCells.length - 1) * 0.1, removable, `${detail} in ${houseName(h)}`, {
              key: `${h}|${hidden}|${positions}`,
              candidates: setCandidates,
              houses: [h],
            }),
          );
        }
      }
    }
  }
  return out;
}

function type4(lc: LoopContext, c1: number, c2: number): Found | null {
  const cands = lc.cands;
  const { v1, v2 } = lc;
  let r1 = -1;
  let r2 = -1;
  for (let t = 0; t < 3; t++) {
    const h = houseOfType(c1, t);
    if (h !== houseOfType(c2, t)) continue;
    let has1 = false;
    let has2 = false;
    for (const c of HOUSES[h]) {
      if (c === c1 || c === c2) continue;
      if (cands[c] & bit(v1)) has1 = true;
      if (cands[c] & bit(v2)) has2 = true;
    }
    if (!has1) r1 = h;
    if (!has2) r2 = h;
  }
  let house: number;
  let lock: number;
  let rem: number;
  if (r1 >= 0) [house, lock, rem] = [r1, v1, v2];
  else if (r2 >= 0) [house, lock, rem] = [r2, v2, v1];
  else return null;
  const removable = new Map<number, number>([
    [c1, bit(rem)],
    [c2, bit(rem)],
  ]);
  return lc.make(4, 't4', lc.base, removable, `, ${lock} locked in ${houseName(house)}`, {
    candidates: [
      { cell: c1, digit: lock },
      { cell: c2, digit: lock },
    ],
    houses: [house],
  });
}

/** A set of cells as text: the three 27-cell bands' masks. */
function cellSetKey(cells: readonly number[]): string {
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  for (const c of cells) {
    if (c < 27) b0 |= 1 << c;
    else if (c < 54) b1 |= 1 << (c - 27);
    else b2 |= 1 << (c - 54);
  }
  return `${b0}.${b1}.${b2}`;
}

/**
 * Each loop SE's walks record in `state` (from every bivalue cell in cell order, with its pair),
 * the first time its set of cells is met: a loop met again (from another of its cells, or the
 * other way round) gives hints with the same keys, all dropped, so it is skipped.
 */
export function* distinctLoops(state: State, ctx?: TechniqueContext): Generator<{ loop: number[]; pair: number }> {
  const cands = state.cands;
  // Each pair's cells, for the walks from every bivalue cell of that pair.
  const withPair = new Map<number, Uint16Array>();
  const positions = housePositions(state);
  const seen = new Set<string>();
  for (let cell = 0; cell < 81; cell++) {
    const pair = cands[cell];
    if (state.values[cell] || popcount(pair) !== 2) continue;
    ctx?.budget.check();
    let cells = withPair.get(pair);
    if (!cells) withPair.set(pair, (cells = pruneToLoops(pairCells(positions, pair))));
    if (!(cells[rowOf(cell)] & (1 << colOf(cell)))) continue;
    const loops = findLoops(cands, cell, pair, cells);
    // A later start's loop through this cell is one of these (a loop is recorded from each of its
    // cells, the same cells in turn), so met already: its walks leave the cell out, and what no
    // loop can pass through without it.
    pruneToLoops(dropCell(cells, cell));
    for (const loop of loops) {
      const loopSet = cellSetKey(loop);
      if (seen.has(loopSet)) continue;
      seen.add(loopSet);
      yield { loop, pair };
    }
  }
}

/** Every unique rectangle / loop step SE finds in `state`, in the order SE tries them. */
export function uniqueLoopSteps(state: State, ctx?: TechniqueContext): Step[] {
  const cands = state.cands;
  const found: Found[] = [];
  const keys = new Set<string>();
  const add = (f: Found | null): void => {
    if (!f || keys.has(f.key)) return;
    keys.add(f.key);
    found.push(f);
  };
  for (const { loop, pair } of distinctLoops(state, ctx)) {
    const extraCells = loop.filter((c) => popcount(cands[c]) > 2);
    if (extraCells.length === 0) continue; // two solutions: not this technique's business
    const [v1, v2] = digitsOf(pair);
    const lc = new LoopContext(state, loop, v1, v2);
    if (extraCells.length === 1) {
      add(type1(lc, extraCells[0]));
    } else if (extraCells.length > 2) {
      add(type2(lc, extraCells));
    } else {
      const [c1, c2] = extraCells;
      const rest = (cands[c1] | cands[c2]) & ~pair;
      if (popcount(rest) === 1) add(type2(lc, extraCells));
      else for (const f of type3(lc, c1, c2)) add(f);
      add(type4(lc, c1, c2));
    }
  }
  found.sort((a, b) => (a.difficulty < b.difficulty ? -1 : a.difficulty > b.difficulty ? 1 : a.type - b.type));
  return found.map((f) => f.step);
}

export const uniqueLoops: Technique = {
  name: 'Unique Loop',
  // Type 3's set adds at most 0.1 per digit or cell beyond the first to the longest loops' 5.0.
  maxDifficulty: loopDifficulty(LOOP_SIZES[LOOP_SIZES.length - 1]) + (MAX_SET_DEGREE - 1) * 0.1,
  stepNames: LOOP_SIZES.flatMap((size) => LOOP_TYPES.map((type) => loopName(size, type))),
  shortNames: Object.fromEntries(LOOP_SIZES.flatMap((size) => LOOP_TYPES.map((type) => [loopName(size, type), loopShortName(size, type)]))),
  *steps(state, ctx) {
    if (!ctx.unique) return;
    yield* uniqueLoopSteps(state, ctx);
  },
};

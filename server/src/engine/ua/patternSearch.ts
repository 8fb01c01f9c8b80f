/**
 * Exhaustive search of the puzzles with a given clue pattern inside given solution grids.
 *
 * The puzzles of pattern X in grid S are the grids equivalent to S (transposition, band and
 * row permutations, stack and column permutations: 2 * 1296 * 1296 of them) restricted to X
 * and having a unique solution. Equivalently: map X into S by a row map rho and a column map
 * gamma (and maybe a transposition of S); the puzzle is unique when the image of X hits every
 * UA set of S. Instead of trying all 3.4 million maps, the search is split as in blue's and
 * Serg's band/stack method:
 *
 * 1. Bands. A UA set inside one band of S is hit or not by what lands in that band, which
 *    only depends on the column map, which band of S the pattern band goes to and how its
 *    rows are ordered. For each pattern band and column map, the (band, row order) choices
 *    that hit every UA set of that band are kept (a "pre-cleaned" band filling): one
 *    table of 3 * 1296 18-bit masks.
 * 2. Stacks: the same on the transposed grid and pattern, per row map.
 * 3. Combination: for each column map, the row maps assembled from the valid band choices
 *    only, and kept when the stack table accepts them too; then every UA set of S up to
 *    `maxSize` cells (the set that missed last time tried first), then the solver.
 * 4. UA cache: a puzzle the solver finds not unique gives a second solution; the cells where
 *    it differs are a new UA set of S, added to the list, so the maps near this one (the
 *    next row orders of the same bands) are rejected without the solver.
 */
import { solve } from '../core/solve';
import type { Budget } from '../core/budget';
import { CellSetList, candidatesWithGivens, differingCells, solutionDigits } from './cells';
import { enumerateUAs } from './enumerate';
import { PERM3 } from '../core/grid';
import { LINE_MAP, LINE_MAPS, lineMapIndex, maskImages, transposeGrid } from './symmetry';

export interface PatternSearchOptions {
  /** Size bound of the UA sets enumerated up front (default 12). */
  maxSize?: number;
  budget?: Budget;
  /** Called now and then with work done / total work (column maps over grids and orientations). */
  onProgress?: (done: number, total: number) => void;
  /** Stop after this many puzzles (default unlimited). */
  maxResults?: number;
}

export interface PatternGridResult {
  grid: string;
  /** Distinct puzzles found in this grid. */
  puzzles: number;
  ms: number;
}

export interface PatternSearchResult {
  /** Distinct puzzles with exactly the pattern's cells as clues and one solution. */
  puzzles: string[];
  perGrid: PatternGridResult[];
  /** Maps that passed the band and stack tables, UA checks, solver calls, UA sets learnt. */
  stats: { combinations: number; uaChecked: number; solverCalls: number; learnt: number };
  /** False when maxResults stopped the search early. */
  complete: boolean;
}

/** Clue cells of a pattern: '.', '0' and '-' are empty, any other character is a clue. */
export function patternCells(pattern: string): number[] {
  if (pattern.length < 81) throw new Error(`pattern: expected 81 characters, got ${pattern.length}`);
  const out: number[] = [];
  for (let c = 0; c < 81; c++) {
    const ch = pattern[c];
    if (ch !== '.' && ch !== '0' && ch !== '-') out.push(c);
  }
  return out;
}

/** Per source band: its UA sets as row triples (9-bit column masks), flat. */
function bandUAs(grid: Uint8Array): Int32Array[] {
  const out: Int32Array[] = [];
  for (let b = 0; b < 3; b++) {
    const fixed: [number, number, number] = [0x7ffffff, 0x7ffffff, 0x7ffffff];
    fixed[b] = 0;
    const list = enumerateUAs(grid, { maxSize: 27, fixedWords: fixed });
    const rows = new Int32Array(3 * list.count);
    for (let i = 0; i < list.count; i++) {
      const w = list.words[3 * i + b];
      rows[3 * i] = w & 511;
      rows[3 * i + 1] = (w >> 9) & 511;
      rows[3 * i + 2] = (w >> 18) & 511;
    }
    out.push(rows);
  }
  return out;
}

/**
 * valid[1296 * i + colMap]: bit 6 * band + rowOrder set when pattern band i, placed in that
 * band of the grid with that row order (PERM3 index) under that column map, hits every UA set
 * inside the band. patternRows: 9-bit column mask of each pattern row.
 */
function bandTable(grid: Uint8Array, patternRows: Int32Array): Int32Array {
  const img = maskImages();
  const uas = bandUAs(grid);
  const valid = new Int32Array(3 * LINE_MAPS);
  for (let i = 0; i < 3; i++) {
    for (let m = 0; m < LINE_MAPS; m++) {
      const m0 = img[512 * m + patternRows[3 * i]];
      const m1 = img[512 * m + patternRows[3 * i + 1]];
      const m2 = img[512 * m + patternRows[3 * i + 2]];
      let bits = 0;
      for (let b = 0; b < 3; b++) {
        const u = uas[b];
        for (let p = 0; p < 6; p++) {
          const q = PERM3[p];
          // Pattern row j goes to grid row q[j] of the band: the UA's row triple, reordered.
          let ok = true;
          for (let k = 0; k < u.length; k += 3) {
            if (((m0 & u[k + q[0]]) | (m1 & u[k + q[1]]) | (m2 & u[k + q[2]])) === 0) {
              ok = false;
              break;
            }
          }
          if (ok) bits |= 1 << (6 * b + p);
        }
      }
      valid[1296 * i + m] = bits;
    }
  }
  return valid;
}

/**
 * All puzzles of `pattern` (81 chars, see patternCells) with one solution inside the solution
 * grid(s): the grids equivalent to each one restricted to the pattern. Puzzles keep the grid's
 * digits; duplicates (from automorphisms) are listed once.
 */
export function searchPattern(
  pattern: string,
  grids: string | ArrayLike<number> | readonly (string | ArrayLike<number>)[],
  options: PatternSearchOptions = {},
): PatternSearchResult {
  const gridList: Uint8Array[] = (
    typeof grids === 'string' || (!Array.isArray(grids) && (grids as ArrayLike<number>).length === 81)
      ? [grids as string | ArrayLike<number>]
      : (grids as readonly (string | ArrayLike<number>)[])
  ).map((g) => solutionDigits(g));
  const search = new PatternSearch(patternCells(pattern), options, gridList.length * 2 * LINE_MAPS);
  const perGrid = gridList.map((grid) => search.grid(grid));
  options.onProgress?.(search.done, search.total);
  return { puzzles: search.puzzles, perGrid, stats: search.stats, complete: search.complete };
}

/** One orientation of a grid (itself or transposed) as the combination step reads it. */
interface Orientation {
  g: Uint8Array;
  /** bandTable of the grid's rows and of its columns (the transposed grid's rows). */
  rowsTable: Int32Array;
  colsTable: Int32Array;
  /** The grid's UA sets: those enumerated up front, then those learnt from the solver. */
  uas: CellSetList;
  /** The UA set that missed last: the next map, a neighbour, most likely misses it too. */
  lastMissed: number;
}

/** The search's state over all grids: the pattern's lines, the puzzles found, the counts. */
class PatternSearch {
  readonly puzzles: string[] = [];
  readonly stats = { combinations: 0, uaChecked: 0, solverCalls: 0, learnt: 0 };
  done = 0;
  /** False once maxResults puzzles are found. */
  complete = true;
  private readonly seen = new Set<string>();
  private readonly img = maskImages();
  /** 9-bit column mask of each pattern row, row mask of each pattern column. */
  private readonly prow = new Int32Array(9);
  private readonly pcol = new Int32Array(9);
  /** Column images of the nine pattern rows under the current column map. */
  private readonly rowImg = new Int32Array(9);
  private readonly maxResults: number;

  constructor(
    cells: readonly number[],
    private readonly options: PatternSearchOptions,
    readonly total: number,
  ) {
    this.maxResults = options.maxResults ?? Infinity;
    for (const c of cells) {
      this.prow[(c / 9) | 0] |= 1 << c % 9;
      this.pcol[c % 9] |= 1 << ((c / 9) | 0);
    }
  }

  /** Both orientations of one grid; how many new puzzles it gave, in how long. */
  grid(grid: Uint8Array): PatternGridResult {
    const t0 = performance.now();
    const before = this.puzzles.length;
    for (let orientation = 0; orientation < 2 && this.complete; orientation++) {
      this.orientation(orientation === 0 ? grid : transposeGrid(grid));
    }
    return { grid: grid.join(''), puzzles: this.puzzles.length - before, ms: performance.now() - t0 };
  }

  /** Steps 1 and 2 (the band and stack tables, the UA sets), then step 3 over every column map. */
  private orientation(g: Uint8Array): void {
    const rowsTable = bandTable(g, this.prow);
    const colsTable = bandTable(transposeGrid(g), this.pcol);
    const uaList = enumerateUAs(g, { maxSize: this.options.maxSize ?? 12, budget: this.options.budget });
    const uas = new CellSetList(uaList.count + 64);
    for (let i = 0; i < uaList.count; i++) uas.push(uaList.words[3 * i], uaList.words[3 * i + 1], uaList.words[3 * i + 2]);
    const o: Orientation = { g, rowsTable, colsTable, uas, lastMissed: 0 };
    for (let gm = 0; gm < LINE_MAPS && this.complete; gm++) this.columnMap(o, gm);
  }

  /**
   * Step 3 for column map gm: the row maps built from the band choices its band table keeps
   * (band order beta, row orders p0..p2 inside the bands), each tried when the stack table
   * accepts where it sends the pattern's stacks.
   */
  private columnMap(o: Orientation, gm: number): void {
    this.options.budget?.check();
    if ((gm & 63) === 0) this.options.onProgress?.(this.done, this.total);
    this.done++;
    const o0 = o.rowsTable[gm];
    const o1 = o.rowsTable[1296 + gm];
    const o2 = o.rowsTable[2592 + gm];
    if (o0 === 0 || o1 === 0 || o2 === 0) return;
    const sigma = PERM3[(gm / 216) | 0];
    const sBit0 = 1 << (6 * sigma[0] + (((gm / 36) | 0) % 6));
    const sBit1 = 1 << (6 * sigma[1] + (((gm / 6) | 0) % 6));
    const sBit2 = 1 << (6 * sigma[2] + (gm % 6));
    for (let r = 0; r < 9; r++) this.rowImg[r] = this.img[512 * gm + this.prow[r]];
    const cols = o.colsTable;
    for (let beta = 0; beta < 6; beta++) {
      const bp = PERM3[beta];
      const a0 = (o0 >> (6 * bp[0])) & 63;
      const a1 = (o1 >> (6 * bp[1])) & 63;
      const a2 = (o2 >> (6 * bp[2])) & 63;
      if (a0 === 0 || a1 === 0 || a2 === 0) continue;
      for (let p0 = 0; p0 < 6; p0++) {
        if (((a0 >> p0) & 1) === 0) continue;
        for (let p1 = 0; p1 < 6; p1++) {
          if (((a1 >> p1) & 1) === 0) continue;
          for (let p2 = 0; p2 < 6; p2++) {
            if (((a2 >> p2) & 1) === 0) continue;
            const rm = lineMapIndex(beta, p0, p1, p2);
            if ((cols[rm] & sBit0) === 0 || (cols[1296 + rm] & sBit1) === 0 || (cols[2592 + rm] & sBit2) === 0) continue;
            this.stats.combinations++;
            this.combination(o, gm, rm);
          }
        }
      }
    }
  }

  /**
   * One map that passed both tables: the pattern's image must hit every UA set (the one that
   * missed last time first: cheap rejections), then the solver decides; a second solution
   * becomes a UA set (step 4).
   */
  private combination(o: Orientation, gm: number, rm: number): void {
    // The pattern's image in the grid, as band words.
    let w0 = 0;
    let w1 = 0;
    let w2 = 0;
    for (let r = 0; r < 9; r++) {
      const R = LINE_MAP[9 * rm + r];
      const m = this.rowImg[r] << (9 * (R % 3));
      if (R < 3) w0 |= m;
      else if (R < 6) w1 |= m;
      else w2 |= m;
    }
    this.stats.uaChecked++;
    const unhit = firstMissed(o.uas, o.lastMissed, w0, w1, w2);
    if (unhit >= 0) {
      o.lastMissed = unhit;
      return;
    }
    this.stats.solverCalls++;
    if ((this.stats.solverCalls & 63) === 0) this.options.budget?.check();
    const r = solve(candidatesWithGivens(o.g, w0, w1, w2), { limit: 2 });
    if (r.count === 1 && r.complete) {
      this.record(o.g, gm, rm);
      return;
    }
    const other = r.solutions.find((s) => s.some((d, c) => d !== o.g[c]));
    if (other) {
      const [d0, d1, d2] = differingCells(o.g, other);
      o.lastMissed = o.uas.push(d0, d1, d2);
      this.stats.learnt++;
    }
  }

  /** A unique puzzle: the pattern's cells with the grid's digits under the maps, once. */
  private record(g: Uint8Array, gm: number, rm: number): void {
    let text = '';
    for (let c = 0; c < 81; c++) {
      const pr = (c / 9) | 0;
      const pc = c % 9;
      text += (this.prow[pr] >> pc) & 1 ? String(g[9 * LINE_MAP[9 * rm + pr] + LINE_MAP[9 * gm + pc]]) : '.';
    }
    if (this.complete && !this.seen.has(text)) {
      this.seen.add(text);
      this.puzzles.push(text);
      if (this.puzzles.length >= this.maxResults) this.complete = false;
    }
  }
}

/** The first UA set the cells (w0, w1, w2) miss, trying `lastMissed` first; -1 when they hit all. */
function firstMissed(uas: CellSetList, lastMissed: number, w0: number, w1: number, w2: number): number {
  if (uas.misses(lastMissed, w0, w1, w2)) return lastMissed;
  const uw = uas.words;
  for (let k = 0, n = 3 * uas.count; k < n; k += 3) {
    if (((uw[k] & w0) | (uw[k + 1] & w1) | (uw[k + 2] & w2)) === 0) return k / 3;
  }
  return -1;
}

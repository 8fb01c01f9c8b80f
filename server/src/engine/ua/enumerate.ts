/**
 * Enumeration of the minimal unavoidable sets (UA sets) of a solution grid, up to a size bound.
 *
 * A set U of cells is unavoidable when the cells outside U, given, do not force the grid:
 * another grid S' agrees with the solution S everywhere outside U. U is minimal when no
 * proper subset is unavoidable; then some S' differs from S on exactly U, and on U it uses
 * the digits of S on U (every house keeps its digits). So the minimal UA sets of size <= N
 * are among the difference sets S' - S where the digits that move form a set D and each of
 * them moves in >= 2 rows (a digit cannot move in a single row), so |D| <= N / 2.
 *
 * Search (per digit set D): every digit's placement is a "template": one cell per row, column
 * and box. S' is a choice of new templates, one per digit of D, that tile exactly the cells
 * of S holding digits of D, each template different from the old one. Templates are built
 * row by row (a 9-bit column mask per row: the cells of D not yet taken by earlier digits,
 * columns and stacks not yet used by this digit); the last digit takes what is left, which
 * only has to be checked. The number of changed cells is known as we go (a cell changes when
 * a digit leaves it or another digit takes it), and each digit still to come must still
 * change >= 2 of its own cells, which bounds the search by N from the start.
 *
 * Every difference set found is unavoidable. Non-minimal ones are dropped at the end: a
 * non-minimal set contains a minimal one, smaller, so found too (also for D's subsets).
 *
 * Fixed cells (clues) keep their digit: the sets found are then the UA sets the clues do not
 * hit, i.e. the cells where another solution of the puzzle can differ.
 */
import type { Budget } from '../core/budget';
import { CellSetList, cellSetOf, popcount27, type CellSet } from './cells';

export interface EnumerateOptions {
  /** Largest set size listed (default 12). */
  maxSize?: number;
  /** Cells that keep their digit (clues): only the UA sets missing all of them are listed. */
  fixedCells?: Iterable<number> | null;
  /** The same as a cell set (three band words); joined with fixedCells. */
  fixedWords?: CellSet | null;
  /** Only digit sets of at most this many digits (default: every size allowed by maxSize). */
  maxDigits?: number;
  budget?: Budget;
}

/** Columns of the stacks NOT in a 3-bit set of stacks (a digit's template takes one stack a row per band). */
export const STACK_COLS = [0o777, 0o770, 0o707, 0o700, 0o077, 0o070, 0o007, 0o000];

/**
 * The minimal UA sets of `solution` (81 digits 1..9, a valid grid) with at most `maxSize`
 * cells that avoid the fixed cells, sorted by size then cell order.
 */
export function enumerateUAs(solution: ArrayLike<number>, options: EnumerateOptions = {}): CellSetList {
  const maxSize = Math.max(0, Math.floor(options.maxSize ?? 12));
  const fixedWords: CellSet = options.fixedCells ? cellSetOf(options.fixedCells) : [0, 0, 0];
  if (options.fixedWords) for (let b = 0; b < 3; b++) fixedWords[b] |= options.fixedWords[b];
  const maxK = Math.min(9, Math.floor(maxSize / 2), options.maxDigits ?? 9);

  // pos[9d + r]: column of digit d+1 in row r; digitAt[cell]: digit index 0..8.
  for (let c = 0; c < 81; c++) {
    const d = solution[c] - 1;
    digitAt[c] = d;
    pos[9 * d + ((c / 9) | 0)] = c % 9;
  }
  for (let r = 0; r < 9; r++) fixedRow[r] = (fixedWords[(r / 3) | 0] >> (9 * (r % 3))) & 511;
  forced.fill(0);
  for (let d = 0; d < 9; d++)
    for (let r = 0; r < 9; r++) if ((fixedRow[r] >> pos[9 * d + r]) & 1) forced[d] |= 1 << r;

  found = new CellSetList(1024);
  seen = new Set<string>();
  limit = maxSize;
  budget = options.budget;
  nodes = 0;

  // Digits that can move: two rows at least where their cell is not fixed.
  let movable = 0;
  for (let d = 0; d < 9; d++) if (popcount27(~forced[d] & 511) >= 2) movable |= 1 << d;
  for (let D = movable; D !== 0; D = (D - 1) & movable) {
    const kk = popcount27(D);
    if (kk < 2 || kk > maxK) continue;
    k = 0;
    for (let d = 0; d < 9; d++) if ((D >> d) & 1) digs[k++] = d;
    // Most constrained digits first (more fixed cells), then digit order (insertion sort).
    for (let a = 1; a < k; a++) {
      const x = digs[a];
      const fx = popcount27(forced[x]);
      let b = a - 1;
      while (b >= 0 && popcount27(forced[digs[b]]) < fx) {
        digs[b + 1] = digs[b];
        b--;
      }
      digs[b + 1] = x;
    }
    indexOf.fill(-1);
    for (let j = 0; j < k; j++) {
      indexOf[digs[j]] = j;
      taken[j] = 0;
    }
    for (let r = 0; r < 9; r++) {
      let m = 0;
      for (let j = 0; j < k; j++) m |= 1 << pos[9 * digs[j] + r];
      avail[r] = m & ~fixedRow[r];
      changed[r] = 0;
    }
    changedCount = 0;
    need = 2 * k;
    startDigit(0);
  }
  const result = minimalSorted(found);
  found = new CellSetList(4);
  seen = new Set<string>();
  budget = undefined;
  return result;
}

// Search state (module-level: the search is synchronous and never re-entered).
const pos = new Int8Array(81);
const digitAt = new Int8Array(81);
const fixedRow = new Int32Array(9);
/** Rows where digit d's cell is fixed (it cannot leave it). */
const forced = new Int32Array(9);
const digs = new Int32Array(9);
const indexOf = new Int32Array(9);
const avail = new Int32Array(9); // per row: cells of D not yet taken
const changed = new Int32Array(9); // per row: cells changed so far
const taken = new Int32Array(9); // per digit index in digs: own cells taken by earlier digits
let k = 0;
let changedCount = 0;
let need = 0; // sum over digits after the current one of max(0, 2 - taken)
let limit = 12;
let nodes = 0;
let budget: Budget | undefined;
let found = new CellSetList(4);
let seen = new Set<string>();

function record(): void {
  const w0 = changed[0] | (changed[1] << 9) | (changed[2] << 18);
  const w1 = changed[3] | (changed[4] << 9) | (changed[5] << 18);
  const w2 = changed[6] | (changed[7] << 9) | (changed[8] << 18);
  const key = `${w0},${w1},${w2}`;
  if (seen.has(key)) return;
  seen.add(key);
  found.push(w0, w1, w2);
}

/** The last digit takes the cells left: check they form a template that moved. */
function finishLast(): void {
  const d = digs[k - 1];
  let cols = 0;
  let stacks = 0;
  let moved = false;
  for (let r = 0; r < 9; r++) {
    if (r % 3 === 0) stacks = 0;
    const home = pos[9 * d + r];
    let c: number;
    if ((forced[d] >> r) & 1) c = home;
    else {
      const m = avail[r];
      if (m === 0 || (m & (m - 1)) !== 0) return;
      c = 31 - Math.clz32(m);
    }
    const s = (c / 3) | 0;
    if ((cols >> c) & 1 || (stacks >> s) & 1) return;
    cols |= 1 << c;
    stacks |= 1 << s;
    if (c !== home) moved = true;
  }
  if (moved && changedCount <= limit) record();
}

/** Digit digs[i] placed in rows 0..r-1; row r next. */
function placeRow(i: number, r: number, cols: number, stacks: number, dist: number): void {
  if ((++nodes & 8191) === 0) budget?.check();
  const d = digs[i];
  // Rows where the digit is fixed: it stays.
  const f = forced[d];
  for (; r < 9 && (f >> r) & 1; r++) {
    if (r % 3 === 0) stacks = 0;
    const home = pos[9 * d + r];
    const s = (home / 3) | 0;
    if ((cols >> home) & 1 || (stacks >> s) & 1) return;
    cols |= 1 << home;
    stacks |= 1 << s;
  }
  if (r === 9) {
    if (dist === 0) return; // the digit must move
    if (i + 1 === k - 1) finishLast();
    else startDigit(i + 1);
    return;
  }
  if (r % 3 === 0) stacks = 0;
  const home = pos[9 * d + r];
  let m = avail[r] & ~cols & STACK_COLS[stacks];
  while (m !== 0) {
    const low = m & -m;
    m ^= low;
    const c = 31 - Math.clz32(low);
    const s = (c / 3) | 0;
    if (c === home) {
      avail[r] ^= low;
      placeRow(i, r + 1, cols | low, stacks | (1 << s), dist);
      avail[r] |= low;
      continue;
    }
    const ch = changed[r];
    const add = ((ch >> c) & 1 ? 0 : 1) + ((ch >> home) & 1 ? 0 : 1);
    const e = indexOf[digitAt[9 * r + c]];
    const dNeed = e > i && taken[e] < 2 ? 1 : 0;
    // Still to change: two cells for each digit to come (less those already taken).
    if (changedCount + add + need - dNeed > limit) continue;
    avail[r] ^= low;
    changed[r] = ch | low | (1 << home);
    changedCount += add;
    need -= dNeed;
    if (e > i) taken[e]++;
    placeRow(i, r + 1, cols | low, stacks | (1 << s), dist + 1);
    if (e > i) taken[e]--;
    need += dNeed;
    changedCount -= add;
    changed[r] = ch;
    avail[r] |= low;
  }
}

function startDigit(i: number): void {
  // The current digit's own "at least two" leaves the bound: it is enforced at its end.
  const t = taken[i] < 2 ? 2 - taken[i] : 0;
  need -= t;
  if (changedCount + need <= limit) placeRow(i, 0, 0, 0, 0);
  need += t;
}

/** Sorted by size then words; sets containing a smaller listed set dropped. */
export function minimalSorted(list: CellSetList): CellSetList {
  const n = list.count;
  const w = list.words;
  const idx = Array.from({ length: n }, (_, i) => i);
  const sizes = new Int32Array(n);
  for (let i = 0; i < n; i++) sizes[i] = list.size(i);
  idx.sort((a, b) => sizes[a] - sizes[b] || w[3 * a + 2] - w[3 * b + 2] || w[3 * a + 1] - w[3 * b + 1] || w[3 * a] - w[3 * b]);
  const out = new CellSetList(Math.max(16, n));
  for (const i of idx) {
    const o = out.words;
    const a0 = w[3 * i];
    const a1 = w[3 * i + 1];
    const a2 = w[3 * i + 2];
    let dominated = false;
    for (let j = 0, m = 3 * out.count; j < m; j += 3) {
      if ((o[j] & ~a0) === 0 && (o[j + 1] & ~a1) === 0 && (o[j + 2] & ~a2) === 0) {
        dominated = true;
        break;
      }
    }
    if (!dominated) out.push(a0, a1, a2);
  }
  return out;
}

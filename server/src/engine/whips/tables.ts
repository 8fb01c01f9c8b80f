/**
 * Static tables of Berthier's "extended board" (PBCS ch. 4): the 729 candidates (labels), the 324 CSP
 * variables and the structural links between candidates. Nothing here depends on a resolution state.
 *
 * Candidate index: cell*9 + digit-1 (cell 0..80 row-major), so 0..728.
 * CSP variable index: rc = cell (0..80); rn = 81 + row*9 + d; cn = 162 + col*9 + d; bn = 243 + box*9 + d
 * (row, col, box, d all 0-based). Each candidate belongs to exactly one variable of each of the four kinds.
 * A 729-bit set is an Int32Array of 23 words (bit c is word c >> 5, bit c & 31).
 *
 * g-labels (PBCS 7.1, Sudoku): the three cells of digit d in a row (or column) inside one box. A g-label
 * 0..242 is a row segment (row r, box-column s, digit d: index (r*3 + s)*9 + d), 243..485 a column segment
 * (col c, box-row s, digit d: 243 + (c*3 + s)*9 + d).
 */
import { boxOf, colOf, rowOf } from '../core/grid';

export const NCANDS = 729;
export const NVARS = 324;
export const WORDS = 23;
export const NGLABELS = 486;

export const VAR_RC = 0;
export const VAR_RN = 81;
export const VAR_CN = 162;
export const VAR_BN = 243;

export const candCell = (c: number): number => (c / 9) | 0;
export const candDigit = (c: number): number => (c % 9) + 1;
export const candOf = (cell: number, digit: number): number => cell * 9 + digit - 1;

/** The 9 candidates of each variable, in value order (digit for rc, column/row/square for rn/cn/bn). */
export const VAR_CANDS = new Int16Array(NVARS * 9);
/** The 4 variables of each candidate: rc, rn, cn, bn. */
export const CAND_VARS = new Int16Array(NCANDS * 4);
/** Each candidate's linked candidates (sharing a variable, itself excluded), 23 words per candidate. */
export const LINKS = new Int32Array(NCANDS * WORDS);
/** The (up to 3) candidates of each g-label. */
export const GLABEL_CANDS = new Int16Array(NGLABELS * 3);
/** Candidates g-linked to each g-label (linked to all three of its cells), 23 words per g-label. */
export const GLINKS = new Int32Array(NGLABELS * WORDS);
/** The g-label of a candidate inside a row segment / column segment. */
export const CAND_GROW = new Int16Array(NCANDS);
export const CAND_GCOL = new Int16Array(NCANDS);
/** The two variables that contain a g-label entirely: rn (or cn) and bn. */
export const GLABEL_VARS = new Int16Array(NGLABELS * 2);
/** Slot (value position 0..8) of a candidate in each of its 4 variables (same order as CAND_VARS). */
export const CAND_SLOTS = new Int8Array(NCANDS * 4);

(() => {
  for (let cell = 0; cell < 81; cell++) {
    const r = rowOf(cell);
    const c = colOf(cell);
    const b = boxOf(cell);
    const sq = 3 * (r % 3) + (c % 3);
    for (let d = 0; d < 9; d++) {
      const k = cell * 9 + d;
      const rc = VAR_RC + cell;
      const rn = VAR_RN + r * 9 + d;
      const cn = VAR_CN + c * 9 + d;
      const bn = VAR_BN + b * 9 + d;
      CAND_VARS[k * 4] = rc;
      CAND_VARS[k * 4 + 1] = rn;
      CAND_VARS[k * 4 + 2] = cn;
      CAND_VARS[k * 4 + 3] = bn;
      CAND_SLOTS[k * 4] = d;
      CAND_SLOTS[k * 4 + 1] = c;
      CAND_SLOTS[k * 4 + 2] = r;
      CAND_SLOTS[k * 4 + 3] = sq;
      VAR_CANDS[rc * 9 + d] = k;
      VAR_CANDS[rn * 9 + c] = k;
      VAR_CANDS[cn * 9 + r] = k;
      VAR_CANDS[bn * 9 + sq] = k;
      const gr = (r * 3 + ((c / 3) | 0)) * 9 + d;
      const gc = 243 + (c * 3 + ((r / 3) | 0)) * 9 + d;
      CAND_GROW[k] = gr;
      CAND_GCOL[k] = gc;
      GLABEL_CANDS[gr * 3 + (c % 3)] = k;
      GLABEL_CANDS[gc * 3 + (r % 3)] = k;
      GLABEL_VARS[gr * 2] = rn;
      GLABEL_VARS[gr * 2 + 1] = bn;
      GLABEL_VARS[gc * 2] = cn;
      GLABEL_VARS[gc * 2 + 1] = bn;
    }
  }
  for (let k = 0; k < NCANDS; k++) {
    for (let j = 0; j < 4; j++) {
      const v = CAND_VARS[k * 4 + j];
      for (let i = 0; i < 9; i++) {
        const o = VAR_CANDS[v * 9 + i];
        if (o !== k) LINKS[k * WORDS + (o >> 5)] |= 1 << (o & 31);
      }
    }
  }
  for (let g = 0; g < NGLABELS; g++) {
    for (let w = 0; w < WORDS; w++) {
      let m = -1;
      for (let i = 0; i < 3; i++) m &= LINKS[GLABEL_CANDS[g * 3 + i] * WORDS + w];
      GLINKS[g * WORDS + w] = m;
    }
  }
})();

export const varKind = (v: number): 'rc' | 'rn' | 'cn' | 'bn' =>
  v < VAR_RN ? 'rc' : v < VAR_CN ? 'rn' : v < VAR_BN ? 'cn' : 'bn';

export const hasBit = (set: Int32Array, c: number): boolean => ((set[c >> 5] >>> (c & 31)) & 1) !== 0;

export const linked = (a: number, b: number): boolean => ((LINKS[a * WORDS + (b >> 5)] >>> (b & 31)) & 1) !== 0;

/** The variable's name as SudoRules prints it: r4c6, r4n5, c6n5, b5n5 (1-based). */
export function varName(v: number): string {
  if (v < VAR_RN) return `r${rowOf(v) + 1}c${colOf(v) + 1}`;
  if (v < VAR_CN) return `r${(((v - VAR_RN) / 9) | 0) + 1}n${((v - VAR_RN) % 9) + 1}`;
  if (v < VAR_BN) return `c${(((v - VAR_CN) / 9) | 0) + 1}n${((v - VAR_CN) % 9) + 1}`;
  return `b${(((v - VAR_BN) / 9) | 0) + 1}n${((v - VAR_BN) % 9) + 1}`;
}

/** A candidate seen as a value of variable v: n5 for rc, c3 for rn, r7 for cn, r7c3 for bn. */
export function valueName(v: number, c: number): string {
  const cell = candCell(c);
  if (v < VAR_RN) return `n${candDigit(c)}`;
  if (v < VAR_CN) return `c${colOf(cell) + 1}`;
  if (v < VAR_BN) return `r${rowOf(cell) + 1}`;
  return `r${rowOf(cell) + 1}c${colOf(cell) + 1}`;
}

/** A g-label seen as a value of variable v (rn: c456, cn: r123, bn: r5c789 or r456c7). */
export function gValueName(v: number, g: number): string {
  const cells = [0, 1, 2].map((i) => candCell(GLABEL_CANDS[g * 3 + i]));
  const rows = [...new Set(cells.map((x) => rowOf(x) + 1))].join('');
  const cols = [...new Set(cells.map((x) => colOf(x) + 1))].join('');
  if (v >= VAR_RN && v < VAR_CN) return `c${cols}`;
  if (v >= VAR_CN && v < VAR_BN) return `r${rows}`;
  return `r${rows}c${cols}`;
}

/** Candidate as SudoRules names a value: r4c6=5 / r4c6≠5 use this cell name and digit. */
export const candName = (c: number): string => `r${rowOf(candCell(c)) + 1}c${colOf(candCell(c)) + 1}`;

/**
 * "Touch lists": for each source (a candidate 0..728, or NCANDS + g-label), the variables holding candidates
 * linked (g-linked) to it, each with the 9-bit mask of those value slots; a candidate's own four variables
 * also get its own slot (equality is incompatibility too). Entries of source s are TOUCH_START[s] ..
 * TOUCH_START[s+1]-1, each variable once.
 */
export const TOUCH_START = new Int32Array(NCANDS + NGLABELS + 1);
export let TOUCH_VAR = new Int16Array(0);
export let TOUCH_MASK = new Uint16Array(0);
export let TOUCH_MAX = 0;

(() => {
  const vars: number[] = [];
  const masks: number[] = [];
  const acc = new Uint16Array(NVARS);
  for (let s = 0; s < NCANDS + NGLABELS; s++) {
    TOUCH_START[s] = vars.length;
    const src = s < NCANDS ? LINKS : GLINKS;
    const o = (s < NCANDS ? s : s - NCANDS) * WORDS;
    acc.fill(0);
    for (let c = 0; c < NCANDS; c++) {
      if (!((src[o + (c >> 5)] >>> (c & 31)) & 1)) continue;
      for (let j = 0; j < 4; j++) acc[CAND_VARS[c * 4 + j]] |= 1 << CAND_SLOTS[c * 4 + j];
    }
    if (s < NCANDS) for (let j = 0; j < 4; j++) acc[CAND_VARS[s * 4 + j]] |= 1 << CAND_SLOTS[s * 4 + j];
    for (let v = 0; v < NVARS; v++) {
      if (acc[v]) {
        vars.push(v);
        masks.push(acc[v]);
      }
    }
    TOUCH_MAX = Math.max(TOUCH_MAX, vars.length - TOUCH_START[s]);
  }
  TOUCH_START[NCANDS + NGLABELS] = vars.length;
  TOUCH_VAR = Int16Array.from(vars);
  TOUCH_MASK = Uint16Array.from(masks);
})();

/**
 * DoSingles for BLISS: propagates naked and hidden singles (and, optionally,
 * locked candidates) on a pencilmark state until nothing changes, in the houses
 * of a variant. Works in place on a Uint16Array(81) of 9-bit masks.
 *
 * Outcome: CONTRADICTION (a cell without candidates, a house without some digit,
 * or two cells of a house forced to the same digit), NORMAL (a valid fixpoint
 * with unsolved cells) or SOLVED (every cell holds one digit, no conflicts).
 *
 * A state returned as NORMAL is a fixpoint: every single-digit cell has had its
 * digit removed from its peers. Callers that change such a state pass the cells
 * they changed, and only those are looked at again (much faster than a full run).
 */
import { type Geometry, type Variant, geometry } from './variants';

export const CONTRADICTION = -1;
export const NORMAL = 0;
export const SOLVED = 1;
export type SinglesOutcome = -1 | 0 | 1;

const ALL = 0x1ff;

// Scratch (doSingles is synchronous and never re-entered).
const placed = new Uint8Array(81);
const stack = new Uint8Array(256);
const dirty = new Uint8Array(64);

const isSingle = (m: number): boolean => m !== 0 && (m & (m - 1)) === 0;

/**
 * Runs singles to a fixpoint on `pm` (modified in place).
 * `changed`: the cells changed since `pm` was last a NORMAL fixpoint, or null
 * when `pm` is arbitrary (a puzzle as read: every single is propagated).
 */
export function doSingles(
  g: Geometry,
  pm: Uint16Array,
  changed: readonly number[] | null,
  lockedCandidates = false,
): SinglesOutcome {
  const { houseCells, cellHouses, cellHouseStart, peers, peerStart, houseCount } = g;
  let sp = 0;
  let solved = 0;
  let anyDirty = false;
  if (changed === null) {
    for (let c = 0; c < 81; c++) {
      const m = pm[c];
      if (m === 0) return CONTRADICTION;
      placed[c] = 0;
      if (isSingle(m)) stack[sp++] = c;
    }
    dirty.fill(1, 0, houseCount);
    anyDirty = true;
  } else {
    dirty.fill(0, 0, houseCount);
    for (let c = 0; c < 81; c++) {
      const m = pm[c];
      if (isSingle(m)) {
        placed[c] = 1;
        solved++;
      } else placed[c] = 0;
    }
    for (let i = 0; i < changed.length; i++) {
      const c = changed[i];
      const m = pm[c];
      if (m === 0) return CONTRADICTION;
      if (placed[c]) {
        placed[c] = 0;
        solved--;
        stack[sp++] = c;
      }
      for (let k = cellHouseStart[c]; k < cellHouseStart[c + 1]; k++) dirty[cellHouses[k]] = 1;
      anyDirty = true;
    }
  }

  for (;;) {
    // Naked singles: place each single, remove its digit from the peers.
    while (sp > 0) {
      const c = stack[--sp];
      if (placed[c]) continue;
      placed[c] = 1;
      solved++;
      const d = pm[c];
      const keep = ~d;
      for (let k = peerStart[c], end = peerStart[c + 1]; k < end; k++) {
        const p = peers[k];
        const m = pm[p];
        if ((m & d) === 0) continue;
        const r = m & keep;
        if (r === 0) return CONTRADICTION;
        pm[p] = r;
        for (let h = cellHouseStart[p]; h < cellHouseStart[p + 1]; h++) dirty[cellHouses[h]] = 1;
        anyDirty = true;
        if ((r & (r - 1)) === 0) stack[sp++] = p;
      }
    }
    if (solved === 81) return SOLVED;
    if (!anyDirty) break;
    anyDirty = false;

    // Hidden singles (and digits with no place left) in the houses that changed.
    for (let h = 0; h < houseCount; h++) {
      if (!dirty[h]) continue;
      dirty[h] = 0;
      const base = 9 * h;
      let once = 0;
      let twice = 0;
      for (let i = 0; i < 9; i++) {
        const m = pm[houseCells[base + i]];
        twice |= once & m;
        once |= m;
      }
      if (once !== ALL) return CONTRADICTION;
      const uniq = once & ~twice;
      if (uniq === 0) continue;
      for (let i = 0; i < 9; i++) {
        const c = houseCells[base + i];
        const m = pm[c];
        const u = m & uniq;
        if (u === 0) continue;
        if ((u & (u - 1)) !== 0) return CONTRADICTION; // one cell, two digits that have no other place
        if (u === m) continue;
        pm[c] = u;
        stack[sp++] = c;
        for (let k = cellHouseStart[c]; k < cellHouseStart[c + 1]; k++) dirty[cellHouses[k]] = 1;
        anyDirty = true;
      }
    }
    if (sp > 0 || anyDirty) continue;

    if (lockedCandidates && lockedPass(g, pm)) {
      // Any change: rescan everything (rare, and keeps the bookkeeping simple).
      for (let c = 0; c < 81; c++) if (!placed[c] && isSingle(pm[c])) stack[sp++] = c;
      for (let c = 0; c < 81; c++) if (pm[c] === 0) return CONTRADICTION;
      dirty.fill(1, 0, houseCount);
      anyDirty = true;
      continue;
    }
    break;
  }
  return solved === 81 ? SOLVED : NORMAL;
}

/**
 * One round of locked candidates over every pair of houses that share two or
 * more cells: a digit confined to the intersection in one house leaves the rest
 * of the other. Returns true when something was eliminated.
 */
function lockedPass(g: Geometry, pm: Uint16Array): boolean {
  let changedAny = false;
  for (const { inter, aOnly, bOnly } of g.lcPairs) {
    let i = 0;
    let a = 0;
    let b = 0;
    for (let k = 0; k < inter.length; k++) i |= pm[inter[k]];
    for (let k = 0; k < aOnly.length; k++) a |= pm[aOnly[k]];
    for (let k = 0; k < bOnly.length; k++) b |= pm[bOnly[k]];
    // Digits of house A only in the intersection leave the rest of B, and vice versa.
    const offB = i & ~a & b;
    const offA = i & ~b & a;
    if (offB) changedAny = clear(pm, bOnly, offB) || changedAny;
    if (offA) changedAny = clear(pm, aOnly, offA) || changedAny;
  }
  return changedAny;
}

function clear(pm: Uint16Array, cells: Uint8Array, digits: number): boolean {
  for (let k = 0; k < cells.length; k++) pm[cells[k]] &= ~digits;
  return true;
}

export interface SinglesResult {
  status: 'contradiction' | 'normal' | 'solved';
  /** The state after singles (a copy; meaningless after a contradiction). */
  candidates: Uint16Array;
}

/** DoSingles on a copy of `cands` in the houses of a variant. */
export function singles(
  cands: Uint16Array,
  options: { variant?: Variant; lockedCandidates?: boolean } = {},
): SinglesResult {
  const candidates = Uint16Array.from(cands.subarray(0, 81));
  const r = candidates.length === 81 ? doSingles(geometry(options.variant), candidates, null, options.lockedCandidates) : CONTRADICTION;
  return { status: r === SOLVED ? 'solved' : r === NORMAL ? 'normal' : 'contradiction', candidates };
}

/**
 * Trial-and-error depth and backdoor size (PBCS 5.6-5.7, 11.5.3).
 *
 * T&E(BRT, 0) = BRT. T&E(BRT, n): for every candidate Z, assert Z in a copy and apply T&E(BRT, n-1); when the
 * copy is contradictory, delete Z (then BRT); repeat until nothing changes. BRT being confluent, so is
 * T&E(BRT, n), and T&E(n) deletes everything T&E(n-1) does, so depth n starts from the depth n-1 state.
 * T&E-depth(P) = least n such that T&E(BRT, n) solves P (1 <=> solvable by braids, 2 <=> by B-braids).
 * Backdoor size b(P) = least number of values (of the solution) that, added as givens, let BRT solve P.
 */
import { solve } from '../core/solve';
import { BudgetExceeded, type Budget } from '../core/budget';
import * as B from './brt';
import type { Candidate } from '../core/step';

const { BRT_CONTRADICTION, BRT_SOLVED, BRT_STUCK, ResState } = B;
type ResState = B.ResState;

export interface TEOptions {
  /** Deepest T&E level tried (default 2; 3 is possible but slow). */
  maxDepth?: number;
  budget: Budget;
}

export interface TEResult {
  /** T&E depth when found; null when deeper than maxDepth, out of budget or contradictory. */
  depth: number | null;
  status: 'solved' | 'deeper' | 'budget' | 'contradiction';
}

function teLevel(state: ResState, depth: number, pool: ResState[], budget: Budget): number {
  let r = state.brt();
  if (r !== BRT_STUCK || depth === 0) return r;
  const copy = pool[depth];
  for (;;) {
    let changed = false;
    for (let cell = 0; cell < 81; cell++) {
      for (let m = state.cands[cell]; m; m &= m - 1) {
        const b = m & -m;
        if (!(state.cands[cell] & b)) continue; // deleted earlier in this pass
        budget.check();
        copy.copyFrom(state);
        copy.assert(cell, 31 - Math.clz32(b) + 1);
        if (teLevel(copy, depth - 1, pool, budget) === BRT_CONTRADICTION) {
          state.cands[cell] &= ~b;
          r = state.brt();
          if (r !== BRT_STUCK) return r;
          changed = true;
        }
      }
    }
    if (!changed) return BRT_STUCK;
  }
}

/** T&E depth of a candidate grid (givens as one-bit cells): 0 if BRT solves it, 1 if T&E(BRT) does, ... */
export function teDepth(cands: Uint16Array, options: TEOptions): TEResult {
  const maxDepth = Math.max(0, Math.min(4, options.maxDepth ?? 2));
  const state = ResState.fromCandidates(cands);
  const pool = Array.from({ length: maxDepth + 1 }, () => state.clone());
  try {
    for (let d = 0; d <= maxDepth; d++) {
      const r = teLevel(state, d, pool, options.budget);
      if (r === BRT_SOLVED) return { depth: d, status: 'solved' };
      if (r === BRT_CONTRADICTION) return { depth: null, status: 'contradiction' };
    }
    return { depth: null, status: 'deeper' };
  } catch (e) {
    if (e instanceof BudgetExceeded) return { depth: null, status: 'budget' };
    throw e;
  }
}

export interface BackdoorOptions {
  /** Largest backdoor tried (default 2, at most 3). */
  maxSize?: number;
  budget: Budget;
}

export interface BackdoorResult {
  /** Backdoor size when found; null when larger than maxSize, out of budget, or no unique solution. */
  size: number | null;
  /** One smallest backdoor (values of the solution). */
  backdoor: Candidate[];
  status: 'found' | 'larger' | 'budget' | 'invalid';
}

/** Least number of solution values that, added as givens, make the puzzle solvable by BRT. */
export function backdoorSize(cands: Uint16Array, options: BackdoorOptions): BackdoorResult {
  const maxSize = Math.max(0, Math.min(3, options.maxSize ?? 2));
  const budget = options.budget;
  const sol = solve(cands, { limit: 2 });
  if (sol.count !== 1) return { size: null, backdoor: [], status: 'invalid' };
  const solution = sol.solutions[0];
  const base = ResState.fromCandidates(cands);
  const r0 = base.brt();
  if (r0 === BRT_SOLVED) return { size: 0, backdoor: [], status: 'found' };
  if (r0 === BRT_CONTRADICTION) return { size: null, backdoor: [], status: 'invalid' };
  const levels = Array.from({ length: maxSize + 1 }, () => base.clone());
  const chosen: number[] = [];
  // depth-first over increasing cell indices, one BRT per added value
  const search = (parent: ResState, from: number, left: number): boolean => {
    const st = levels[chosen.length + 1];
    for (let cell = from; cell < 81; cell++) {
      if (parent.values[cell]) continue;
      budget.check();
      st.copyFrom(parent);
      st.assert(cell, solution[cell]);
      chosen.push(cell);
      const r = st.brt();
      if (r === BRT_SOLVED) return true;
      if (left > 1 && r === BRT_STUCK && search(st, cell + 1, left - 1)) return true;
      chosen.pop();
    }
    return false;
  };
  try {
    for (let size = 1; size <= maxSize; size++) {
      chosen.length = 0;
      if (search(base, 0, size)) {
        return { size, backdoor: chosen.map((cell) => ({ cell, digit: solution[cell] })), status: 'found' };
      }
    }
    return { size: null, backdoor: [], status: 'larger' };
  } catch (e) {
    if (e instanceof BudgetExceeded) return { size: null, backdoor: [], status: 'budget' };
    throw e;
  }
}

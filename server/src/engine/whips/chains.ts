/**
 * Search for Berthier's chain patterns on a resolution state (PBCS ch. 5-7, CSP-Rules 2.1 definitions):
 * bivalue-chains, z-chains, t-whips, whips (loopless; lassos are subsumed), g-whips and braids.
 *
 * A whip[n] for target Z is a sequence V1{L1 R1} - V2{L2 R2} - ... - Vn{Ln .} of distinct CSP variables where
 * L1 is linked to Z, each Lk (k > 1) is linked to R(k-1), each Rk (k < n) is the only candidate of Vk
 * compatible (neither equal nor linked) with Z and R1..R(k-1), and Vn has no such candidate: Z is then
 * false. A variable that contains Z or an earlier Rk is never used (it would be satisfied, not emptied).
 * The search is a depth-first extension from each target. Each variable keeps the 9-bit mask of its value
 * slots incompatible with Z and the right-linking objects so far (Evar, updated from precomputed "touch
 * lists" with an undo stack), so testing a variable is two array reads; typed chains are found in the same
 * pass by carrying type flags (still a possible biv-chain / z-chain / t-whip) down the search.
 */
import type { Budget } from '../core/budget';
import * as T from './tables';
import type { ResState } from './brt';
// Module-local copies of the tables: bundlers that turn imports into live-binding property reads
// (vite SSR, used by vitest) would otherwise pay a getter per access in the hot loops.
const CAND_GCOL = T.CAND_GCOL;
const CAND_GROW = T.CAND_GROW;
const CAND_SLOTS = T.CAND_SLOTS;
const CAND_VARS = T.CAND_VARS;
const GLABEL_CANDS = T.GLABEL_CANDS;
const GLINKS = T.GLINKS;
const LINKS = T.LINKS;
const NCANDS = T.NCANDS;
const NGLABELS = T.NGLABELS;
const NVARS = T.NVARS;
const TOUCH_MASK = T.TOUCH_MASK;
const TOUCH_MAX = T.TOUCH_MAX;
const TOUCH_START = T.TOUCH_START;
const TOUCH_VAR = T.TOUCH_VAR;
const VAR_BN = T.VAR_BN;
const VAR_CANDS = T.VAR_CANDS;
const VAR_CN = T.VAR_CN;
const VAR_RN = T.VAR_RN;
const WORDS = T.WORDS;


export type ChainKind = 'biv-chain' | 'z-chain' | 't-whip' | 'whip' | 'g-whip' | 'braid';

/** Search modes, in simplest-first order within a length. */
export const MODE_BIV = 0;
export const MODE_Z = 1;
export const MODE_T = 2;
export const MODE_WHIP = 3;
export const MODE_G = 4;
export const MODE_BRAID = 5;
/** Whips of the simplest kind available: biv-chain, else z-chain, else t-whip, else whip. */
export const MODE_TYPED = 6;

export interface Chain {
  kind: ChainKind;
  /** Number of CSP variables. */
  length: number;
  /** Candidates (cell*9 + digit-1) eliminated by this chain; the first is the one it was built on. */
  targets: number[];
  /** V1..Vn (variable indices, see tables.ts). */
  vars: number[];
  /** L1..Ln. */
  lefts: number[];
  /** R1..R(n-1) (a candidate, or NCANDS + g-label for a g-candidate); a biv-chain also has Rn. */
  rights: number[];
}

const MAXD = 64;
const LISTMAX = NVARS;
const UNDO = (MAXD + 2) * (TOUCH_MAX + 8);

const SEG3 = [0x7, 0x38, 0x1c0];
const SEGCOL = [0x49, 0x92, 0x124];
const POP9 = new Uint8Array(512);
for (let m = 1; m < 512; m++) POP9[m] = POP9[m >> 1] + (m & 1);
const LOW_SLOT = new Int8Array(512);
for (let m = 1; m < 512; m++) LOW_SLOT[m] = 31 - Math.clz32(m & -m);

/** Zobrist keys of right-linking objects, left-linking candidates and the last object (transposition table). */
const NSRC = NCANDS + NGLABELS;
const rnd = (seed: number): Int32Array => {
  let x = seed;
  return Int32Array.from({ length: NSRC }, () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x;
  });
};
const ZR1 = rnd(0x2545f491);
const ZR2 = rnd(0x9e3779b9);
const ZL1 = rnd(0x6c8e9cf5);
const ZL2 = rnd(0x7f4a7c15);
const ZP1 = rnd(0x1b873593);
const ZP2 = rnd(0x5bd1e995);
const TT_BITS = 16;
const TT_MASK = (1 << TT_BITS) - 1;

/** The g-label holding all the (2 or 3) compatible slots `compat` of an rn/cn/bn variable V, else -1. */
function gLabelOf(V: number, compat: number): number {
  if (V < VAR_RN || POP9[compat] > 3) return -1;
  const s = LOW_SLOT[compat];
  const c0 = VAR_CANDS[V * 9 + s];
  if (V < VAR_CN) return (compat & ~SEG3[(s / 3) | 0]) === 0 ? CAND_GROW[c0] : -1;
  if (V < VAR_BN) return (compat & ~SEG3[(s / 3) | 0]) === 0 ? CAND_GCOL[c0] : -1;
  if ((compat & ~SEG3[(s / 3) | 0]) === 0) return CAND_GROW[c0];
  return (compat & ~SEGCOL[s % 3]) === 0 ? CAND_GCOL[c0] : -1;
}

/** Type flags of a partial whip: still a possible biv-chain, z-chain, t-whip. */
const T_BIV = 1;
const T_Z = 2;
const T_T = 4;
/** Rank of a type-flag set: 3 biv-chain, 2 z-chain, 1 t-whip, 0 whip. */
const rankOf = (t: number): number => (t & T_BIV ? 3 : t & T_Z ? 2 : t & T_T ? 1 : 0);
/** Flags that would beat a chain of the given rank. */
const BETTER = [T_BIV | T_Z | T_T, T_BIV | T_Z, T_BIV, 0];

export class ChainSearch {
  /** Present candidates of the state being searched (729-bit set). */
  readonly P = new Int32Array(WORDS);
  /** Present value slots of each variable. */
  private readonly Pvar = new Uint16Array(NVARS);
  /** Value slots of each variable incompatible with Z and the right-linking objects so far. */
  private readonly Evar = new Uint16Array(NVARS);
  private readonly undoVar = new Int16Array(UNDO);
  private readonly undoOld = new Uint16Array(UNDO);
  private usp = 0;
  private readonly undoMark = new Int32Array(MAXD + 2);
  private readonly sat = new Uint8Array(NVARS);
  private readonly isLeft = new Uint8Array(NCANDS);
  private readonly cV = new Int16Array(MAXD + 2);
  private readonly cL = new Int16Array(MAXD + 2);
  private readonly cR = new Int16Array(MAXD + 2);
  private n = 0;
  private gMode = false;
  private typed = false;
  private Z = 0;
  private nodes = 0;
  /**
   * Transposition table: a partial whip's future depends only on its sets of right- and left-linking
   * objects, its last object and its type flags (target fixed), so a second path to the same node is cut.
   */
  private readonly ttGen = new Int32Array(1 << TT_BITS);
  private readonly ttKey1 = new Int32Array(1 << TT_BITS);
  private readonly ttKey2 = new Int32Array(1 << TT_BITS);
  private gen = 0;
  private h1 = 0;
  private h2 = 0;
  // best chain found (typed search keeps looking for a simpler type)
  private best = -1;
  private readonly bV = new Int16Array(MAXD + 2);
  private readonly bL = new Int16Array(MAXD + 2);
  private readonly bR = new Int16Array(MAXD + 2);
  private bLen = 0;
  private bZ = 0;
  private bLastR = -1;
  // braids
  private readonly lists = new Int16Array((MAXD + 2) * LISTMAX);
  private readonly listLen = new Int32Array(MAXD + 2);
  private readonly known = new Uint8Array(NVARS);
  private readonly added = new Int16Array((MAXD + 2) * LISTMAX);
  private readonly addedLen = new Int32Array(MAXD + 2);
  private finalV = -1;
  private finalL = -1;
  private foundLen = 0;
  // lower bounds: lb[Z] = first round of the synchronous BRT from Z that empties a variable (0: none)
  private readonly lb = new Int16Array(2 * NCANDS); // plain rounds, then rounds with g-candidates
  private readonly lbCap = new Int16Array(2 * NCANDS);
  private readonly lbStamp = new Int32Array(2 * NCANDS);
  private readonly gAsserted = new Uint8Array(NGLABELS);
  private stateStamp = 0;
  private readonly roundSeen = new Int32Array(NVARS);
  private roundStamp = 0;
  private readonly asserted = new Uint8Array(NCANDS);
  private readonly frontier = new Int16Array(2 * NCANDS + NGLABELS);

  constructor(private budget: Budget) {}

  /** The budget the searches check (a search object is reusable across ratings). */
  setBudget(budget: Budget): void {
    this.budget = budget;
  }

  prepare(state: ResState): void {
    state.fillBits(this.P);
    const P = this.P;
    const Pvar = this.Pvar;
    for (let v = 0; v < NVARS; v++) {
      let m = 0;
      const vo = v * 9;
      for (let i = 0; i < 9; i++) {
        const c = VAR_CANDS[vo + i];
        if ((P[c >> 5] >>> (c & 31)) & 1) m |= 1 << i;
      }
      Pvar[v] = m;
    }
    // a search cut by the budget leaves its stacks dirty: start clean
    this.Evar.fill(0);
    this.usp = 0;
    this.sat.fill(0);
    this.isLeft.fill(0);
    this.known.fill(0);
    this.asserted.fill(0);
    this.gAsserted.fill(0);
    this.stateStamp++;
  }

  /**
   * Lower bound of a target's chains: the first round of a synchronous BRT from Z (round r asserts every
   * value forced by Z and the values of rounds < r) at which some variable has no compatible candidate. A
   * whip[n] or braid[n] on Z asserts its Rk by round k and empties Vn by round n, so that round is <= n:
   * other targets are skipped at length n. Computed lazily, for at most n rounds, and cached per state.
   */
  /** The contradiction round (> 0), 0 when BRT from Z stops without one, -1 when none within `cap` rounds. */
  private refuteRound(Z: number, cap: number, withG: boolean): number {
    const Pvar = this.Pvar;
    const Evar = this.Evar;
    const sat = this.sat;
    const mark = this.usp;
    const fr = this.frontier;
    this.budget.check();
    this.apply(Z);
    for (let j = 0; j < 4; j++) sat[CAND_VARS[Z * 4 + j]]++;
    let lo = 0;
    let hi = 1;
    fr[0] = Z;
    let result = 0;
    let nAsserted = 0;
    let filled = 1;
    let round = 1;
    for (; round <= cap && result === 0; round++) {
      const stamp = ++this.roundStamp;
      let nhi = hi;
      for (let f = lo; f < hi && result === 0; f++) {
        const src = fr[f];
        for (let e = TOUCH_START[src], end = TOUCH_START[src + 1]; e < end; e++) {
          const V = TOUCH_VAR[e];
          if (sat[V] || this.roundSeen[V] === stamp) continue;
          this.roundSeen[V] = stamp;
          const pv = Pvar[V];
          if (!pv) continue;
          const compat = pv & ~Evar[V];
          if (compat === 0) {
            result = round;
            break;
          }
          if ((compat & (compat - 1)) === 0) {
            const R = VAR_CANDS[V * 9 + LOW_SLOT[compat]];
            if (!this.asserted[R] && nhi < fr.length) {
              this.asserted[R] = 1;
              fr[nhi++] = R;
            }
          } else if (withG) {
            // a g-candidate "asserted": the value lies in the g-label, what is g-linked to it is out
            const g = gLabelOf(V, compat);
            if (g >= 0 && !this.gAsserted[g] && nhi < fr.length) {
              this.gAsserted[g] = 1;
              fr[nhi++] = NCANDS + g;
            }
          }
        }
      }
      filled = nhi;
      if (result || nhi === hi) break;
      // assert the round's values; one already incompatible with another means a contradiction next round
      for (let f = hi; f < nhi; f++) {
        const R = fr[f];
        nAsserted++;
        if (R >= NCANDS) {
          // its variable is not satisfied: should all its g-label go, that is a contradiction
          this.apply(R);
          continue;
        }
        const rc = CAND_VARS[R * 4];
        if ((Evar[rc] >> CAND_SLOTS[R * 4]) & 1) result = round + 1;
        this.apply(R);
        for (let j = 0; j < 4; j++) sat[CAND_VARS[R * 4 + j]]++;
      }
      lo = hi;
      hi = nhi;
    }
    for (let f = 1; f < filled; f++) {
      const R = fr[f];
      if (R >= NCANDS) {
        this.gAsserted[R - NCANDS] = 0;
        continue;
      }
      this.asserted[R] = 0;
      if (f < 1 + nAsserted) for (let j = 0; j < 4; j++) sat[CAND_VARS[R * 4 + j]]--;
    }
    for (let j = 0; j < 4; j++) sat[CAND_VARS[Z * 4 + j]]--;
    this.undoTo(mark);
    if (result > cap) return -1;
    if (result === 0 && round > cap) return -1;
    return result;
  }

  /**
   * Whether target Z can have a chain of length n (always true for n < 3, where the bound costs more). For
   * g-whips the rounds also "assert" g-candidates (what is g-linked to them goes): an Rk that is a
   * g-candidate is then covered too.
   */
  private mayRefute(Z: number, n: number): boolean {
    if (n < 3) return true;
    const o = this.gMode ? NCANDS : 0;
    const lb = this.lb;
    if (this.lbStamp[o + Z] !== this.stateStamp || (lb[o + Z] < 0 && this.lbCap[o + Z] < n)) {
      this.lbStamp[o + Z] = this.stateStamp;
      lb[o + Z] = this.refuteRound(Z, n, this.gMode);
      this.lbCap[o + Z] = n;
    }
    const r = lb[o + Z];
    return r > 0 && r <= n;
  }

  /** Search nodes visited so far (for profiling). */
  get visited(): number {
    return this.nodes;
  }

  /** Adds the incompatibilities of a source (candidate or NCANDS + g-label) to Evar, with undo records. */
  private apply(src: number): void {
    const Evar = this.Evar;
    let usp = this.usp;
    for (let e = TOUCH_START[src], end = TOUCH_START[src + 1]; e < end; e++) {
      const v = TOUCH_VAR[e];
      const old = Evar[v];
      this.undoVar[usp] = v;
      this.undoOld[usp++] = old;
      Evar[v] = old | TOUCH_MASK[e];
    }
    this.usp = usp;
  }

  private undoTo(mark: number): void {
    const Evar = this.Evar;
    for (let u = this.usp - 1; u >= mark; u--) Evar[this.undoVar[u]] = this.undoOld[u];
    this.usp = mark;
  }

  private startTarget(Z: number): void {
    this.Z = Z;
    this.undoMark[0] = this.usp;
    this.apply(Z);
    for (let j = 0; j < 4; j++) this.sat[CAND_VARS[Z * 4 + j]]++;
  }

  private endTarget(Z: number): void {
    this.undoTo(this.undoMark[0]);
    for (let j = 0; j < 4; j++) this.sat[CAND_VARS[Z * 4 + j]]--;
  }

  private pushR(k: number, V: number, L: number, R: number): void {
    this.h1 ^= ZR1[R] ^ ZL1[L];
    this.h2 ^= ZR2[R] ^ ZL2[L];
    this.cV[k] = V;
    this.cL[k] = L;
    this.cR[k] = R;
    this.isLeft[L] = 1;
    this.undoMark[k] = this.usp;
    this.apply(R);
    if (R < NCANDS) for (let j = 0; j < 4; j++) this.sat[CAND_VARS[R * 4 + j]]++;
    else this.sat[V]++;
  }

  private popR(k: number): void {
    const R = this.cR[k];
    this.h1 ^= ZR1[R] ^ ZL1[this.cL[k]];
    this.h2 ^= ZR2[R] ^ ZL2[this.cL[k]];
    this.isLeft[this.cL[k]] = 0;
    this.undoTo(this.undoMark[k]);
    if (R < NCANDS) for (let j = 0; j < 4; j++) this.sat[CAND_VARS[R * 4 + j]]--;
    else this.sat[this.cV[k]]--;
  }

  /** A left-linking candidate among the slots `lm` of V that is not already a left-linking candidate. */
  private pickLeft(V: number, lm: number): number {
    const vo = V * 9;
    for (let m = lm; m; m &= m - 1) {
      const c = VAR_CANDS[vo + LOW_SLOT[m]];
      if (!this.isLeft[c]) return c;
    }
    return -1;
  }

  /**
   * The chain of exactly `n` variables (or shorter, should one exist) to apply at length n, or null.
   * mode MODE_TYPED: the simplest kind available (biv-chain, z-chain, t-whip, whip, in this order);
   * MODE_WHIP: the first whip; MODE_G: the first g-whip (or whip). Targets are scanned in candidate order;
   * the chain's other targets are collected.
   */
  findWhip(n: number, mode: number): Chain | null {
    this.n = n;
    this.gMode = mode === MODE_G;
    this.typed = mode === MODE_TYPED;
    this.best = -1;
    const stopped = this.eachTarget(n, (Z) => {
      this.gen++;
      this.h1 = 0;
      this.h2 = 0;
      const stop = this.dfs(1, Z, this.typed ? T_BIV | T_Z | T_T : 0);
      return stop || (this.best >= 0 && !this.typed);
    });
    return stopped || this.best >= 0 ? this.collect() : null;
  }

  /**
   * Each candidate Z a chain of n variables may refute, in candidate order, as the target
   * (from startTarget to endTarget) of `search`; true from it stops the scan and is returned.
   */
  private eachTarget(n: number, search: (Z: number) => boolean): boolean {
    const P = this.P;
    for (let w = 0; w < WORDS; w++) {
      let bits = P[w];
      while (bits) {
        const b = bits & -bits;
        bits ^= b;
        const Z = (w << 5) + 31 - Math.clz32(b);
        this.budget.check();
        if (!this.mayRefute(Z, n)) continue;
        this.startTarget(Z);
        const stop = search(Z);
        this.endTarget(Z);
        if (stop) return true;
      }
    }
    return false;
  }

  /** Returns true to stop the whole search (a chain found that nothing can beat). */
  private dfs(k: number, prev: number, types: number): boolean {
    if ((++this.nodes & 4095) === 0) this.budget.check();
    if (k > 2) {
      const k1 = this.h1 ^ ZP1[prev] ^ types;
      const k2 = this.h2 ^ ZP2[prev];
      const i = (k1 ^ (k1 >>> TT_BITS)) & TT_MASK;
      if (this.ttGen[i] === this.gen && this.ttKey1[i] === k1 && this.ttKey2[i] === k2) return false;
      this.ttGen[i] = this.gen;
      this.ttKey1[i] = k1;
      this.ttKey2[i] = k2;
    }
    const Pvar = this.Pvar;
    const Evar = this.Evar;
    const sat = this.sat;
    const last = k === this.n;
    for (let e = TOUCH_START[prev], end = TOUCH_START[prev + 1]; e < end; e++) {
      const V = TOUCH_VAR[e];
      if (sat[V]) continue;
      const pv = Pvar[V];
      const lm = TOUCH_MASK[e] & pv;
      if (!lm) continue;
      const compat = pv & ~Evar[V];
      if (compat === 0) {
        const L = this.pickLeft(V, lm);
        if (L < 0) continue;
        if (this.accept(k, V, L, types ? types & this.finalTypes(V, L, pv) : 0)) return true;
        continue;
      }
      if (last) continue;
      if ((compat & (compat - 1)) === 0) {
        const R = VAR_CANDS[V * 9 + LOW_SLOT[compat]];
        const L = this.pickLeft(V, lm);
        if (L < 0) continue;
        let nt = 0;
        if (types) {
          nt = types & this.middleTypes(k, V, L, R, pv);
          if (this.best >= 0 && (nt & BETTER[this.best]) === 0) continue;
        } else if (this.best >= 0) return true;
        if (k + 1 === this.n) {
          if (this.leaf(k, V, L, R, nt)) return true;
          continue;
        }
        this.pushR(k, V, L, R);
        const stop = this.dfs(k + 1, R, nt);
        this.popR(k);
        if (stop) return true;
      } else if (this.gMode && V >= VAR_RN) {
        // g-candidate: the compatible candidates of an rn/cn/bn variable all inside one g-label
        const g = gLabelOf(V, compat);
        if (g < 0) continue;
        const L = this.pickLeft(V, lm);
        if (L < 0) continue;
        if (k + 1 === this.n) {
          if (this.leaf(k, V, L, NCANDS + g, 0)) return true;
          continue;
        }
        this.pushR(k, V, L, NCANDS + g);
        const stop = this.dfs(k + 1, NCANDS + g, 0);
        this.popR(k);
        if (stop) return true;
      }
    }
    return false;
  }

  /**
   * The last step without pushing R(n-1): a variable linked to R (holding a left-linking candidate) whose
   * candidates are all incompatible with Z, R1..R(n-2) (Evar) or R (its touch mask) closes a whip[n].
   */
  private leaf(k: number, V: number, L: number, R: number, types: number): boolean {
    const Pvar = this.Pvar;
    const Evar = this.Evar;
    const sat = this.sat;
    this.cV[k] = V;
    this.cL[k] = L;
    this.cR[k] = R;
    this.isLeft[L] = 1;
    const plain = R < NCANDS;
    const o0 = plain ? CAND_VARS[R * 4] : V;
    const o1 = plain ? CAND_VARS[R * 4 + 1] : V;
    const o2 = plain ? CAND_VARS[R * 4 + 2] : V;
    const o3 = plain ? CAND_VARS[R * 4 + 3] : V;
    let stop = false;
    for (let e = TOUCH_START[R], end = TOUCH_START[R + 1]; e < end; e++) {
      const V2 = TOUCH_VAR[e];
      if (sat[V2] || V2 === o0 || V2 === o1 || V2 === o2 || V2 === o3) continue;
      const pv = Pvar[V2];
      const tm = TOUCH_MASK[e];
      const lm = tm & pv;
      if (!lm || pv & ~(Evar[V2] | tm)) continue;
      const L2 = this.pickLeft(V2, lm);
      if (L2 < 0) continue;
      if (this.accept(k + 1, V2, L2, types ? types & this.finalTypes(V2, L2, pv) : 0)) {
        stop = true;
        break;
      }
      if (this.typed && this.best >= 0 && (types & BETTER[this.best]) === 0) break;
    }
    this.isLeft[L] = 0;
    return stop;
  }

  /** Type flags an inner variable {L R} keeps: biv (no other candidate), z (others linked to Z), t (to an Ri). */
  private middleTypes(k: number, V: number, L: number, R: number, pv: number): number {
    const vo = V * 9;
    const zo = this.Z * WORDS;
    let z = T_Z;
    let t = T_T;
    let extra = false;
    for (let m = pv; m && (z | t); m &= m - 1) {
      const c = VAR_CANDS[vo + LOW_SLOT[m]];
      if (c === L || c === R) continue;
      extra = true;
      if (z && !((LINKS[zo + (c >> 5)] >>> (c & 31)) & 1)) z = 0;
      if (t) {
        let hit = false;
        for (let i = 1; i < k && !hit; i++) {
          const r = this.cR[i];
          const arr = r < NCANDS ? LINKS : GLINKS;
          const o = (r < NCANDS ? r : r - NCANDS) * WORDS;
          hit = ((arr[o + (c >> 5)] >>> (c & 31)) & 1) !== 0;
        }
        if (!hit) t = 0;
      }
    }
    return extra ? z | t : T_BIV | T_Z | T_T;
  }

  /** Type flags of the last variable: biv (exactly {Ln Rn}, Rn linked to Z), z (all others linked to Z). */
  private finalTypes(V: number, L: number, pv: number): number {
    const vo = V * 9;
    const zo = this.Z * WORDS;
    let z = T_Z;
    for (let m = pv; m; m &= m - 1) {
      const c = VAR_CANDS[vo + LOW_SLOT[m]];
      if (c === L) continue;
      if (!((LINKS[zo + (c >> 5)] >>> (c & 31)) & 1)) {
        z = 0;
        break;
      }
    }
    return POP9[pv] === 2 && z ? T_BIV | T_Z | T_T : z | T_T;
  }

  /** Records a complete chain ending with variable V; returns true when the search can stop. */
  private accept(k: number, V: number, L: number, types: number): boolean {
    const rank = this.typed ? rankOf(types) : 0;
    if (this.best >= 0 && rank <= this.best) return false;
    this.best = rank;
    this.bLen = k;
    this.bZ = this.Z;
    for (let i = 1; i < k; i++) {
      this.bV[i] = this.cV[i];
      this.bL[i] = this.cL[i];
      this.bR[i] = this.cR[i];
    }
    this.bV[k] = V;
    this.bL[k] = L;
    this.bLastR = -1;
    if (rank === 3) {
      const vo = V * 9;
      for (let m = this.Pvar[V]; m; m &= m - 1) {
        const c = VAR_CANDS[vo + LOW_SLOT[m]];
        if (c !== L) this.bLastR = c;
      }
    }
    return !this.typed || rank === 3;
  }

  private collect(): Chain {
    const n = this.bLen;
    const vars: number[] = [];
    const lefts: number[] = [];
    const rights: number[] = [];
    let hasG = false;
    for (let k = 1; k <= n; k++) {
      vars.push(this.bV[k]);
      lefts.push(this.bL[k]);
      if (k < n) {
        rights.push(this.bR[k]);
        if (this.bR[k] >= NCANDS) hasG = true;
      }
    }
    const rank = this.typed ? this.best : 0;
    if (rank === 3) rights.push(this.bLastR);
    const kind: ChainKind = rank === 3 ? 'biv-chain' : rank === 2 ? 'z-chain' : rank === 1 ? 't-whip' : hasG ? 'g-whip' : 'whip';
    const mode = rank === 3 ? MODE_BIV : rank === 2 ? MODE_Z : rank === 1 ? MODE_T : MODE_WHIP;
    const chain: Chain = { kind, length: n, targets: [this.bZ], vars, lefts, rights };
    // other targets of the same chain: candidates linked to L1 for which it is a valid chain too
    const l1 = lefts[0] * WORDS;
    for (let w = 0; w < WORDS; w++) {
      let bits = LINKS[l1 + w] & this.P[w];
      while (bits) {
        const b = bits & -bits;
        bits ^= b;
        const z = (w << 5) + 31 - Math.clz32(b);
        if (z !== this.bZ && chainValid(this.P, chain, z, mode)) chain.targets.push(z);
      }
    }
    return chain;
  }

  // ---------------------------------------------------------------------------------------------
  // Braids: each Lk may be linked to Z or to any earlier Rk. The set of Rs matters, not their order:
  // a variable with at most one compatible candidate stays so as E grows, so the sets are enumerated
  // once each (the variables skipped at a node are forbidden in the branches after it).
  // ---------------------------------------------------------------------------------------------

  findBraid(n: number): Chain | null {
    this.n = n;
    this.gMode = false;
    const found = this.eachTarget(n, (Z) => {
      this.listLen[0] = 0;
      this.addedLen[0] = 0;
      let ok = this.touch(0, Z);
      if (ok) this.foundLen = 1;
      else ok = this.braidDfs(0);
      this.untouch(0);
      return ok;
    });
    return found ? this.collectBraid() : null;
  }

  /**
   * After Evar grew by the links of `src` (Z or the new Rd): finds a variable left without a compatible
   * candidate (returns true, finalV/finalL set), else appends newly available variables to list d.
   */
  private touch(d: number, src: number): boolean {
    const Pvar = this.Pvar;
    const Evar = this.Evar;
    const lo = d * LISTMAX;
    for (let e = TOUCH_START[src], end = TOUCH_START[src + 1]; e < end; e++) {
      const V = TOUCH_VAR[e];
      if (this.sat[V]) continue;
      const pv = Pvar[V];
      const lm = TOUCH_MASK[e] & pv;
      if (!lm) continue;
      const compat = pv & ~Evar[V];
      if (compat === 0) {
        this.finalV = V;
        this.finalL = VAR_CANDS[V * 9 + LOW_SLOT[lm]];
        return true;
      }
      if ((compat & (compat - 1)) === 0 && !this.known[V]) {
        this.known[V] = 1;
        this.added[lo + this.addedLen[d]++] = V;
        this.lists[lo + this.listLen[d]++] = V;
      }
    }
    return false;
  }

  private untouch(d: number): void {
    const lo = d * LISTMAX;
    for (let i = 0; i < this.addedLen[d]; i++) this.known[this.added[lo + i]] = 0;
    this.addedLen[d] = 0;
  }

  private braidDfs(d: number): boolean {
    if (d + 2 > this.n) return false;
    if ((++this.nodes & 1023) === 0) this.budget.check();
    const lo = d * LISTMAX;
    const len = this.listLen[d];
    for (let i = 0; i < len; i++) {
      const V = this.lists[lo + i];
      if (this.sat[V]) continue;
      const pv = this.Pvar[V];
      const ev = this.Evar[V];
      const R = VAR_CANDS[V * 9 + LOW_SLOT[pv & ~ev]];
      const L = VAR_CANDS[V * 9 + LOW_SLOT[pv & ev]];
      const k = d + 1;
      this.pushR(k, V, L, R);
      this.isLeft[L] = 0; // braids have no continuity: left candidates are not tracked
      const clo = k * LISTMAX;
      let cl = 0;
      for (let t = i + 1; t < len; t++) this.lists[clo + cl++] = this.lists[lo + t];
      this.listLen[k] = cl;
      this.addedLen[k] = 0;
      let ok = this.touch(k, R);
      if (ok) this.foundLen = k + 1;
      else ok = this.braidDfs(k);
      this.untouch(k);
      this.popR(k);
      if (ok) return true;
    }
    return false;
  }

  private collectBraid(): Chain {
    const n = this.foundLen;
    const vars: number[] = [];
    const lefts: number[] = [];
    const rights: number[] = [];
    for (let k = 1; k < n; k++) {
      vars.push(this.cV[k]);
      lefts.push(this.cL[k]);
      rights.push(this.cR[k]);
    }
    vars.push(this.finalV);
    lefts.push(this.finalL);
    return { kind: n <= 1 ? 'whip' : 'braid', length: n, targets: [this.Z], vars, lefts, rights };
  }
}

/**
 * Whether `chain` (a whip, typed chain or g-whip) is valid for target z on the present candidates P, in the
 * given mode. Used to collect the other targets of a chain found for one target.
 */
export function chainValid(P: Int32Array, chain: Chain, z: number, mode: number): boolean {
  const has = (set: Int32Array, c: number): boolean => ((set[c >> 5] >>> (c & 31)) & 1) !== 0;
  const n = chain.length;
  const zVars = [CAND_VARS[z * 4], CAND_VARS[z * 4 + 1], CAND_VARS[z * 4 + 2], CAND_VARS[z * 4 + 3]];
  for (const v of chain.vars) if (zVars.includes(v)) return false;
  if (!has(LINKS.subarray(z * WORDS, z * WORDS + WORDS), chain.lefts[0])) return false;
  const zl = LINKS.subarray(z * WORDS, z * WORDS + WORDS);
  const E = new Int32Array(WORDS);
  const T = new Int32Array(WORDS);
  for (let w = 0; w < WORDS; w++) E[w] = zl[w];
  E[z >> 5] |= 1 << (z & 31);
  for (let k = 0; k < n; k++) {
    const V = chain.vars[k];
    const L = chain.lefts[k];
    const compat: number[] = [];
    let npres = 0;
    for (let i = 0; i < 9; i++) {
      const c = VAR_CANDS[V * 9 + i];
      if (!has(P, c)) continue;
      npres++;
      if (!has(E, c)) compat.push(c);
    }
    const R = k < n - 1 || mode === MODE_BIV ? chain.rights[k] : -1;
    if (k === n - 1) {
      if (compat.length !== 0) return false;
      if (mode === MODE_BIV && (npres !== 2 || !has(zl, R))) return false;
      if (mode === MODE_Z) {
        for (let i = 0; i < 9; i++) {
          const c = VAR_CANDS[V * 9 + i];
          if (has(P, c) && c !== L && !has(zl, c)) return false;
        }
      }
      return true;
    }
    if (R < NCANDS) {
      if (compat.length !== 1 || compat[0] !== R) return false;
    } else {
      const g = R - NCANDS;
      if (compat.length < 2) return false;
      for (const c of compat) if (GLABEL_CANDS[g * 3] !== c && GLABEL_CANDS[g * 3 + 1] !== c && GLABEL_CANDS[g * 3 + 2] !== c) return false;
    }
    if (mode === MODE_BIV && npres !== 2) return false;
    if (mode === MODE_Z || mode === MODE_T) {
      for (let i = 0; i < 9; i++) {
        const c = VAR_CANDS[V * 9 + i];
        if (!has(P, c) || c === L || c === R) continue;
        if (!has(mode === MODE_Z ? zl : T, c)) return false;
      }
    }
    const links = R < NCANDS ? LINKS.subarray(R * WORDS, R * WORDS + WORDS) : GLINKS.subarray((R - NCANDS) * WORDS, (R - NCANDS) * WORDS + WORDS);
    for (let w = 0; w < WORDS; w++) {
      E[w] |= links[w];
      T[w] |= links[w];
    }
    if (R < NCANDS) E[R >> 5] |= 1 << (R & 31);
  }
  return false;
}

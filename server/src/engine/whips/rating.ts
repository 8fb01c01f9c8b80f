/**
 * Berthier's W / gW / B ratings by the simplest-first strategy of CSP-Rules (PBCS 5.5.2, UMRN 4.1.1):
 * BRT first, then whip[1], then for n = 2, 3, ...: biv-chain[n], z-chain[n], t-whip[n], whip[n], g-whip[n]
 * (gW) or braid[n] (B); after every elimination the search restarts from BRT. The rating is the length of
 * the longest chain used; "not solved with these rules" is a result (rating null, status 'unsolved').
 */
import { type Budget, BudgetExceeded } from '../core/budget';
import type { Candidate, Link, Step } from '../core/step';
import { BRT_CONTRADICTION, BRT_SOLVED, ResState, SINGLE_NAMES } from './brt';
import { type Chain, type ChainKind, ChainSearch, MODE_BRAID, MODE_G, MODE_TYPED, MODE_WHIP } from './chains';
import {
  GLABEL_CANDS,
  GLINKS,
  LINKS,
  NCANDS,
  VAR_BN,
  VAR_CANDS,
  VAR_CN,
  VAR_RN,
  WORDS,
  candCell,
  candDigit,
  candName,
  gValueName,
  valueName,
  varName,
} from './tables';

export type RuleSet = 'W' | 'gW' | 'B';

export interface WOptions {
  /** W: whips (and their typed special cases); gW: + g-whips; B: + braids. Default W. */
  rules?: RuleSet;
  /** Longest chain tried (default 20). */
  maxLength?: number;
  budget: Budget;
  /**
   * Try biv-chain[n], z-chain[n], t-whip[n] before whip[n] (default true). They are whips, so the rating is
   * the same either way (up to non-confluence); SudoRules' "W" config only names them whips.
   */
  typedChains?: boolean;
  /** Also report the singles (naked-single, hidden-single-in-a-row, ...) as steps of length 0. */
  includeSingles?: boolean;
  /** Keep on each chain step the candidate grid it was found on (`before`). */
  keepStates?: boolean;
}

/** A step of a Berthier resolution path. */
export interface WStep extends Step {
  /** Number of CSP variables of the chain (the step's difficulty); 0 for a single. */
  length: number;
  kind: ChainKind | 'single';
  /** The chain itself (variable and candidate indices, see whips/tables.ts); absent for singles. */
  chain?: Chain;
  /** Extra candidates of the chain's variables linked to the (first) target. */
  zCandidates: Candidate[];
  /** Extra candidates of the chain's variables linked to an earlier right-linking candidate. */
  tCandidates: Candidate[];
  /** The candidate grid (decided cells as one-bit masks) the step was found on, with `keepStates`. */
  before?: Uint16Array;
}

export interface WResult {
  /** The rating when solved; null when not solved by these rules (or out of budget). */
  rating: number | null;
  status: 'solved' | 'unsolved' | 'budget';
  /** The longest chain used so far (a lower bound of the rating when not solved). */
  maxLength: number;
  steps: WStep[];
  hardest: WStep | null;
  /** True when the start state is contradictory (BRT empties a CSP variable). */
  contradiction: boolean;
  /** The candidate grid where the resolution stopped. */
  final: Uint16Array;
}

const cand = (c: number): Candidate => ({ cell: candCell(c), digit: candDigit(c) });

/** The rule modes tried at length n, in simplest-first order. */
function levelModes(n: number, rules: RuleSet, typed: boolean): number[] {
  if (n === 1) return [MODE_WHIP];
  const modes = [typed ? MODE_TYPED : MODE_WHIP];
  if (rules === 'gW') modes.push(MODE_G);
  if (rules === 'B') modes.push(MODE_BRAID);
  return modes;
}

const members = (r: number): number[] =>
  r < NCANDS ? [r] : [0, 1, 2].map((i) => GLABEL_CANDS[(r - NCANDS) * 3 + i]);

/** `r8c4{n6 n5}`, `r3n7{c1 c456}`, `c5n5{r8 .}`. */
export function chainText(chain: Chain): string {
  const parts: string[] = [];
  for (let k = 0; k < chain.length; k++) {
    const V = chain.vars[k];
    const R = chain.rights[k];
    const right = R === undefined ? '.' : R < NCANDS ? valueName(V, R) : gValueName(V, R - NCANDS);
    parts.push(`${varName(V)}{${valueName(V, chain.lefts[k])} ${right}}`);
  }
  const targets = chain.targets.map((t) => `${candName(t)}≠${candDigit(t)}`).join(', ');
  return `${chain.kind}[${chain.length}]: ${parts.join(' - ')} ==> ${targets}`;
}

const houseOfVar = (v: number): number =>
  v < VAR_RN ? -1 : v < VAR_CN ? ((v - VAR_RN) / 9) | 0 : v < VAR_BN ? 9 + (((v - VAR_CN) / 9) | 0) : 18 + (((v - VAR_BN) / 9) | 0);

/** The Step every surface shows, from a chain found on the present candidates P. */
export function chainStep(chain: Chain, P: Int32Array): WStep {
  const has = (set: Int32Array, o: number, c: number): boolean => ((set[o + (c >> 5)] >>> (c & 31)) & 1) !== 0;
  const candidates: Candidate[] = [];
  const links: Link[] = [];
  const cells = new Set<number>();
  const add = (c: number): void => {
    candidates.push(cand(c));
    cells.add(candCell(c));
  };
  const z = chain.targets[0];
  const zCandidates: Candidate[] = [];
  const tCandidates: Candidate[] = [];
  const rLinks = new Int32Array(WORDS);
  const zo = z * WORDS;
  for (let k = 0; k < chain.length; k++) {
    const V = chain.vars[k];
    const L = chain.lefts[k];
    const R = chain.rights[k];
    add(L);
    if (k > 0) {
      const prev = chain.rights[k - 1];
      if (chain.kind !== 'braid') for (const m of members(prev)) links.push({ from: cand(m), to: cand(L), strong: false });
    }
    const rm = R === undefined ? [] : members(R).filter((m) => has(P, 0, m));
    for (const m of rm) {
      add(m);
      links.push({ from: cand(L), to: cand(m), strong: true });
    }
    for (let i = 0; i < 9; i++) {
      const c = VAR_CANDS[V * 9 + i];
      if (!has(P, 0, c) || c === L || rm.includes(c)) continue;
      if (has(LINKS, zo, c)) zCandidates.push(cand(c));
      if (has(rLinks, 0, c)) tCandidates.push(cand(c));
    }
    if (R !== undefined && k < chain.length - 1) {
      const src = R < NCANDS ? LINKS : GLINKS;
      const so = (R < NCANDS ? R : R - NCANDS) * WORDS;
      for (let w = 0; w < WORDS; w++) rLinks[w] |= src[so + w];
    }
  }
  const houses = [...new Set(chain.vars.map(houseOfVar).filter((h) => h >= 0))];
  return {
    technique: `${chain.kind}[${chain.length}]`,
    difficulty: chain.length,
    placements: [],
    eliminations: chain.targets.map(cand),
    cells: [...cells],
    candidates,
    houses,
    links,
    text: chainText(chain),
    length: chain.length,
    kind: chain.kind,
    chain,
    zCandidates,
    tCandidates,
  };
}

function singleStep(cell: number, digit: number, kind: number): WStep {
  const c = cell * 9 + digit - 1;
  return {
    technique: SINGLE_NAMES[kind],
    difficulty: 0,
    placements: [{ cell, digit }],
    eliminations: [],
    cells: [cell],
    candidates: [{ cell, digit }],
    houses: [],
    links: [],
    text: `${SINGLE_NAMES[kind]} ==> ${candName(c)}=${digit}`,
    length: 0,
    kind: 'single',
    zCandidates: [],
    tCandidates: [],
  };
}

let cached: ChainSearch | null = null;
let cachedBusy = false;

/** A search object (its buffers are large): the cached one unless a rating is already using it. */
function searcher(budget: Budget): ChainSearch {
  if (cached && !cachedBusy) {
    cached.setBudget(budget);
    return cached;
  }
  const s = new ChainSearch(budget);
  if (!cached) cached = s;
  return s;
}

/** The W (or gW, B) rating of a candidate grid (givens as one-bit cells) and its resolution path. */
export function wRating(cands: Uint16Array, options: WOptions): WResult {
  const rules = options.rules ?? 'W';
  const maxLength = Math.max(1, Math.min(60, options.maxLength ?? 20));
  const typed = options.typedChains ?? true;
  const budget = options.budget;
  const state = ResState.fromCandidates(cands);
  const search = searcher(budget);
  const steps: WStep[] = [];
  const record = options.includeSingles
    ? (cell: number, digit: number, kind: number): void => {
        steps.push(singleStep(cell, digit, kind));
      }
    : undefined;
  let longest = 0;
  let hardest: WStep | null = null;
  const result = (status: WResult['status'], contradiction = false): WResult => ({
    rating: status === 'solved' ? longest : null,
    status,
    maxLength: longest,
    steps,
    hardest,
    contradiction,
    final: state.toMasks(),
  });
  const levels: number[][] = [];
  for (let n = 1; n <= maxLength; n++) levels.push(levelModes(n, rules, typed));
  const owns = search === cached;
  if (owns) cachedBusy = true;
  try {
    for (;;) {
      const r = state.brt(record);
      if (r === BRT_CONTRADICTION) return result('unsolved', true);
      if (r === BRT_SOLVED) return result('solved');
      budget.check();
      search.prepare(state);
      let chain: Chain | null = null;
      outer: for (let n = 1; n <= maxLength; n++) {
        for (const mode of levels[n - 1]) {
          chain = mode === MODE_BRAID ? search.findBraid(n) : search.findWhip(n, mode);
          if (chain) break outer;
        }
      }
      if (!chain) return result('unsolved');
      const step = chainStep(chain, search.P);
      if (options.keepStates) step.before = state.toMasks();
      steps.push(step);
      if (chain.length > longest) {
        longest = chain.length;
        hardest = step;
      }
      for (const t of chain.targets) state.eliminate(candCell(t), candDigit(t));
    }
  } catch (e) {
    if (e instanceof BudgetExceeded) return result('budget');
    throw e;
  } finally {
    if (owns) cachedBusy = false;
  }
}


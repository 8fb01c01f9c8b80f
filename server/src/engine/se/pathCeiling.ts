/**
 * The most difficult step left on an SE path, proven without rating it: what lets a filter such
 * as `er>=9` stop once the rest of the path is known to stay below 9.
 *
 * The confinements C (hidden and naked singles, pointing and claiming, naked and hidden pairs,
 * triplets and quads, X-Wing, Swordfish, Jellyfish) each remove candidates because some digits
 * or cells are confined to a pattern, and confinement survives the removal of candidates. Let
 * S_0 ⊇ S_1 ⊇ … ⊇ S_n be states each obtained from the one before by a step of C, and S' a state
 * with the solution's candidates, S' ⊆ S_k, S' ⊄ S_k+1. The step to S_k+1 removed a candidate
 * that S' still has, and its premise holds in S' too; then SE's implementation of C has a step in
 * S': the same pattern, or when cells of it were placed or left with one candidate, the smaller
 * pattern of the same kind on what is left (a placed cell removes its digit from the pattern's
 * houses), a single, or the complementary set (SE looks for a naked n-set only in houses with at
 * least 2n empty cells, for a hidden one only with more than 2n, and for a fish only for digits
 * with at least 2n lines left: the complement, smaller, has the same removals and meets SE's
 * condition). These smaller patterns and complements come earlier in SE's order, so C is taken
 * as a prefix of the order below ("the tier"); a technique left out of the rating ends it.
 *
 * So when C takes S_0 = the current state to the solution, every later unsolved state of the SE
 * path (a subset of S_0: SE's steps are sound, and uniqueness steps too on a puzzle with one
 * solution) still has a step of C, of the technique at some position in the tier up to the last
 * one used, and SE takes the first technique of its order that has a step: every later step has
 * at most the highest `maxDifficulty` of the rating's techniques up to that one (the direct
 * variants, XY/XYZ-Wing and unique loops lie between them). That maximum is the ceiling.
 *
 * The tier ends with SE's static forcing chains (staticForcing.ts: a candidate whose being on
 * implies, through bivalue cells and houses with two places, its being off is false; one whose
 * being off implies its being on is true). They survive the removal of candidates too, once the
 * singles are placed: take such a chain in S_k and S' as above with no single left. Following the
 * chain's literals in S', each is either undecided there (its candidate in S', its cell empty)
 * with the link to it still one of SE's (a weak link between two candidates still there; a strong
 * link whose cell or house has left only its two ends), or the chain has met a decided literal:
 * an "off" whose candidate S' lacks (a literal decided the other way would need a single, or a
 * peer placed with the same digit, which S' cannot have). From a decided "off" on, every literal is
 * decided (the other end of the strong link is a single, so placed; its weak links' ends are gone),
 * down to the chain's end: the candidate decided, against its choice. So the whole chain is in
 * S', and SE's static search, which starts from every candidate and follows every link
 * breadth-first, has a step there. Its steps can be as hard as 7.0 plus the length bonus of the
 * longest possible chain (every candidate on and off: 8.7), still below 9.
 *
 * Steps of the tier, and the direct variants of a tier technique (its removals then a hidden
 * single, which C finds as well), leave the closure under the tier unchanged: after them the
 * answer stands. (SE's cycles and forcing chains remove what the static forcing above decides: a
 * cycle's removal, on, leads around the cycle to its own removal, off.)
 */
import { ALL_DIGITS, HOUSES, bit, singleDigit } from '../core/grid';
import type { State } from '../core/state';
import { hiddenSingle, nakedSingle } from './techniques/singles';
import { directIntersections, intersections } from './techniques/intersections';
import {
  directHiddenPair,
  directHiddenTriplet,
  hiddenPair,
  hiddenQuad,
  hiddenTriplet,
  nakedPair,
  nakedQuad,
  nakedTriplet,
} from './techniques/subsets';
import { jellyfish, swordfish, xWing } from './techniques/fish';
import { forcingChainsAndCycles } from './techniques/chains';
import type { Technique, TechniqueContext } from './techniques/technique';
import type { Step } from '../core/step';
import { staticForcing } from './staticForcing';
import { digitsByPlaces } from './techniques/places';

/** C in SE's order: each one's smaller patterns and complements are among those before it. */
export const CONFINEMENTS: readonly Technique[] = [
  hiddenSingle,
  nakedSingle,
  intersections,
  nakedPair,
  xWing,
  hiddenPair,
  nakedTriplet,
  swordfish,
  hiddenTriplet,
  nakedQuad,
  jellyfish,
  hiddenQuad,
];

/** The tier: the confinements, then the static forcing chains SE finds with its cycles. */
const TIER: readonly Technique[] = [...CONFINEMENTS, forcingChainsAndCycles];

/** A direct variant's step is its base technique's removals then a hidden single. */
const DIRECT_OF = new Map<Technique, Technique>([
  [directIntersections, intersections],
  [directHiddenPair, hiddenPair],
  [directHiddenTriplet, hiddenTriplet],
]);

/** What a rating's list of techniques allows: the tier and the ceiling of each prefix of it. */
export interface CeilingPlan {
  /** The tier techniques the rating runs, a prefix of the tier (the confinements, then the static chains) in its order. */
  readonly tier: readonly Technique[];
  /** ceilingAt[j]: the highest maxDifficulty of the rating's techniques up to tier[j] (Infinity when one has none). */
  readonly ceilingAt: readonly number[];
  /** The techniques whose steps leave the closure under the tier unchanged. */
  readonly keeps: ReadonlySet<Technique>;
}

/**
 * The plan for a rating with `techniques` (in their order; some may be left out), with at most
 * the first `tierLength` confinements: a shorter tier proves less and costs less.
 */
export function ceilingPlan(techniques: readonly Technique[], tierLength = TIER.length): CeilingPlan {
  const tier: Technique[] = [];
  const ceilingAt: number[] = [];
  let highest = 0;
  for (const t of techniques) {
    highest = Math.max(highest, t.maxDifficulty ?? Infinity);
    if (t !== TIER[tier.length]) continue;
    tier.push(t);
    ceilingAt.push(highest);
    if (tier.length === tierLength) break;
  }
  const keeps = new Set<Technique>(tier);
  for (const [direct, base] of DIRECT_OF) if (tier.includes(base) && tier.includes(hiddenSingle)) keeps.add(direct);
  return { tier, ceilingAt, keeps };
}

/** A ceiling proven from a state. */
export interface Ceiling {
  /** Every later step of the SE path is at most this difficult. */
  most: number;
  /** The tier position of the hardest tier technique the proof needed (-1: none, the state is solved). */
  top: number;
}

/**
 * The ceiling of the SE path from `state` (left unchanged); null when the tier does not solve
 * the puzzle from here (nothing is proven). Each round applies all steps of the first tier
 * technique that has any, as SE would try them, so the last technique it needs is the lowest
 * possible; at most 729 rounds (each removes a candidate).
 */
export function pathCeiling(state: State, plan: CeilingPlan, ctx: TechniqueContext): Ceiling | null {
  const s = state.clone();
  let top = -1;
  for (;;) {
    top = Math.max(top, placeSingles(s, plan.tier.length));
    if (s.isSolved()) return isSolution(s.values) ? { most: top < 0 ? 0 : plan.ceilingAt[top], top } : null;
    ctx.budget.check();
    let j = SINGLES;
    while (j < plan.tier.length && !applyTier(plan.tier[j], s, ctx)) j++;
    if (j >= plan.tier.length) return null;
    top = Math.max(top, j);
  }
}

/**
 * Whether a full grid is a solution. The tier's rules are sound for every solution of the
 * puzzle, so ending on one proves it has exactly that one: the ground SE's uniqueness steps stand on.
 */
function isSolution(values: Uint8Array): boolean {
  return HOUSES.every((cells) => cells.reduce((seen, c) => seen | bit(values[c]), 0) === ALL_DIGITS);
}

/**
 * Applies every step `t` has on `s` (found on one state, each is sound, so together they are);
 * false when it has none.
 */
function applyTier(t: Technique, s: State, ctx: TechniqueContext): boolean {
  if (t === forcingChainsAndCycles) {
    const forced = staticForcing(s.cands);
    // A candidate forced both ways (no solution) leaves a grid the end's check refuses.
    for (const c of forced.true) if (s.values[(c / 9) | 0] === 0) s.place((c / 9) | 0, (c % 9) + 1);
    for (const c of forced.false) s.eliminate((c / 9) | 0, (c % 9) + 1);
    return forced.true.length + forced.false.length > 0;
  }
  const found: Step[] = [...t.steps(s, ctx)];
  for (const step of found) s.apply(step);
  return found.length > 0;
}

/** The singles open the tier (hidden then naked), and most rounds are theirs. */
const SINGLES = 2;

/**
 * Places hidden singles (tier position 0) until there are none, then the naked singles (1), and
 * again, as far as the tier has them: the singles' steps without building them. Returns the
 * highest tier position used, -1 for none.
 */
function placeSingles(s: State, tierLength: number): number {
  let last = -1;
  let placed = true;
  while (placed) {
    placed = false;
    for (const cells of tierLength > 0 ? HOUSES : []) {
      for (let alone = digitsByPlaces(s.cands, cells, 1, 1); alone; alone &= alone - 1) {
        const b = alone & -alone;
        const cell = cells.find((c) => s.cands[c] & b);
        // An earlier single of this pass may have taken the digit from the house.
        if (cell === undefined) continue;
        s.place(cell, 32 - Math.clz32(b));
        last = Math.max(last, 0);
        placed = true;
      }
    }
    if (placed || tierLength < SINGLES) continue;
    for (let cell = 0; cell < 81; cell++) {
      const digit = s.values[cell] ? 0 : singleDigit(s.cands[cell]);
      if (!digit) continue;
      s.place(cell, digit);
      last = 1;
      placed = true;
    }
  }
  return last;
}

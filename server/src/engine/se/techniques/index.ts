/**
 * The techniques in Sudoku Explainer's order. The rater applies the first step of the first
 * technique that has one, so this order is part of the rating. Add a technique by adding its
 * module and one line here. A rating may leave some out by name, as serate's --techs does.
 */
import { hiddenSingle, nakedSingle } from './singles';
import { directIntersections, intersections } from './intersections';
import {
  directHiddenPair,
  directHiddenTriplet,
  hiddenPair,
  hiddenQuad,
  hiddenTriplet,
  nakedPair,
  nakedQuad,
  nakedTriplet,
} from './subsets';
import { jellyfish, swordfish, xWing } from './fish';
import { xyWing, xyzWing } from './wings';
import { uniqueLoops } from './uniqueness';
import { bug } from './bug';
import { alignedPairExclusion, alignedTripletExclusion } from './alignedExclusion';
import {
  dynamicForcingChains,
  dynamicForcingChainsPlus,
  forcingChainsAndCycles,
  multipleForcingChains,
  nestedForcingChains,
  nishioForcingChains,
} from './chains';
import type { State } from '../../core/state';
import type { Step } from '../../core/step';
import type { Technique, TechniqueContext } from './technique';

export const TECHNIQUES: readonly Technique[] = [
  hiddenSingle, // 1.0 / 1.2 / 1.5
  directIntersections, // direct pointing / claiming 1.7 / 1.9
  directHiddenPair, // 2.0
  nakedSingle, // 2.3
  directHiddenTriplet, // 2.5
  intersections, // pointing / claiming 2.6 / 2.8
  nakedPair, // 3.0
  xWing, // 3.2
  hiddenPair, // 3.4
  nakedTriplet, // 3.6
  swordfish, // 3.8
  hiddenTriplet, // 4.0
  xyWing, // 4.2
  xyzWing, // 4.4
  uniqueLoops, // unique rectangles / loops 4.5+
  nakedQuad, // 5.0
  jellyfish, // 5.2
  hiddenQuad, // 5.4
  bug, // BUG 5.6+
  alignedPairExclusion, // 6.2
  forcingChainsAndCycles, // cycles and forcing X/Y/XY chains 6.5 / 6.6 / 7.0 + length
  alignedTripletExclusion, // 7.5
  nishioForcingChains, // 7.5 + length
  multipleForcingChains, // cell / region forcing chains 8.0 + length
  dynamicForcingChains, // 8.5 + length
  dynamicForcingChainsPlus, // 9.0 + length
  ...nestedForcingChains, // 9.5 / 10.0 / 10.5 / 11.0 + length
];

/**
 * Every name an SE step carries (`Step.technique`), as the path prints it, in the techniques'
 * order: what a filter's `uses("…")` and `hardest("…")` may name.
 */
export const STEP_NAMES: readonly string[] = [...new Set(TECHNIQUES.flatMap((t) => t.stepNames))];

const SHORT_NAMES = new Map(TECHNIQUES.flatMap((t) => Object.entries(t.shortNames)));

/** SukakuExplainer's short name of a step name (`Hidden Single` → `HS`); null for a name no step carries. */
export const shortStepName = (name: string): string | null => SHORT_NAMES.get(name) ?? null;

/**
 * The step names a filter's technique name stands for, in the techniques' order: the step name
 * itself (in any case), else every step name that begins with its words (`Nishio` → `Nishio
 * Forcing Chains`, `Unique Rectangle` → its four types), as forum posts shorten them; empty when
 * none does. Whole words only, so a typo is not taken for a prefix.
 */
export function stepNamesFor(name: string): string[] {
  const words = name.trim().toLowerCase().split(/\s+/);
  const exact = STEP_NAMES.find((s) => s.toLowerCase() === words.join(' '));
  if (exact) return [exact];
  return STEP_NAMES.filter((s) => {
    const own = s.toLowerCase().split(' ');
    return words.length < own.length && words.every((w, i) => w === own[i]);
  });
}

/**
 * The names a rating can leave techniques out by: their families, as SE's technique list names
 * them, then the names their steps carry (`Cell Forcing Chains`, `Direct Pointing`).
 */
export const TECHNIQUE_NAMES: readonly string[] = [...new Set([...TECHNIQUES.map((t) => t.name), ...STEP_NAMES])];

const key = (name: string): string => name.trim().toLowerCase();

/** The names that are no technique's (any case). */
export const unknownTechniques = (names: readonly string[]): string[] => names.filter((n) => !TECHNIQUE_NAMES.some((t) => key(t) === key(n)));

/** `techniques` less those named (any case), in their order; a family with some of its kinds named keeps the others' steps. */
export function techniquesWithout(techniques: readonly Technique[], names: readonly string[]): readonly Technique[] {
  if (names.length === 0) return techniques;
  const left = new Set(names.map(key));
  return techniques.flatMap((t): Technique[] => {
    if (left.has(key(t.name))) return [];
    const kinds = t.stepNames.filter((n) => left.has(key(n)));
    if (kinds.length === 0) return [t];
    if (kinds.length === t.stepNames.length) return [];
    return [{ ...t, steps: (state, ctx) => withoutKinds(t, state, ctx, left) }];
  });
}

function* withoutKinds(t: Technique, state: State, ctx: TechniqueContext, left: ReadonlySet<string>): Generator<Step> {
  for (const step of t.steps(state, ctx)) if (!left.has(key(step.technique))) yield step;
}

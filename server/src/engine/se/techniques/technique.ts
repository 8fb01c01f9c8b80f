/** What every technique module implements. */
import type { Budget } from '../../core/budget';
import type { State } from '../../core/state';
import type { Step } from '../../core/step';

export interface TechniqueContext {
  /** True when the puzzle is known to have exactly one solution: uniqueness techniques need it. */
  unique: boolean;
  budget: Budget;
}

export interface Technique {
  /** The family, e.g. `Hidden Single`; one module may report several SE names. */
  readonly name: string;
  /**
   * The least difficulty of any step it reports, when known: a rating cut short while this
   * technique (and every later one declaring it) searches is at least that hard.
   */
  readonly minDifficulty?: number;
  /**
   * The most any step it reports can be, when bounded: what the path's ceiling (../pathCeiling.ts)
   * assumes of a technique SE may try before the ones it knows to apply.
   */
  readonly maxDifficulty?: number;
  /**
   * Every name its steps can carry (`Step.technique`, as the path prints it): `Hidden Single`, or
   * for a family reporting several kinds `Pointing` and `Claiming`, the loops by size and type,
   * the chains by kind and level. The techniques' lists together are what a filter's `uses("…")`
   * may name; a rating can leave out some kinds and keep the family's others.
   */
  readonly stepNames: readonly string[];
  /**
   * SukakuExplainer's short name of each of `stepNames` (serate's `%S %T %U`): `HS`, `Po`,
   * `UL83`, `DCFC+`. Its keys are exactly `stepNames`.
   */
  readonly shortNames: Readonly<Record<string, string>>;
  /**
   * The steps available in `state`, in Sudoku Explainer's order (scan order, or for chains
   * and loops sorted by difficulty then complexity). The rater takes the first.
   */
  steps(state: State, ctx: TechniqueContext): Iterable<Step>;
}

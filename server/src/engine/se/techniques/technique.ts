/** What every technique module implements, and the budget the chain searches check. */
import type { State } from '../../core/state';
import type { Step } from '../../core/step';

export class BudgetExceeded extends Error {
  constructor(readonly reason: 'time' | 'cancelled') {
    super(reason === 'time' ? 'rating exceeded its time budget' : 'rating cancelled');
  }
}

/** Runs `work`; null when its budget ran out (or it was cancelled). */
export function withinBudget<T>(work: () => T): T | null {
  try {
    return work();
  } catch (err) {
    if (err instanceof BudgetExceeded) return null;
    throw err;
  }
}

/** A deadline plus a cancellation flag; long searches call `check()` now and then. */
export class Budget {
  private readonly deadline: number;
  constructor(
    ms: number,
    private readonly cancelled: () => boolean = () => false,
  ) {
    this.deadline = performance.now() + ms;
  }

  check(): void {
    if (this.cancelled()) throw new BudgetExceeded('cancelled');
    if (performance.now() > this.deadline) throw new BudgetExceeded('time');
  }
}

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
   * The steps available in `state`, in Sudoku Explainer's order (scan order, or for chains
   * and loops sorted by difficulty then complexity). The rater takes the first.
   */
  steps(state: State, ctx: TechniqueContext): Iterable<Step>;
}

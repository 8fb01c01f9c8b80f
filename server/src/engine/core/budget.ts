/** The time budget every long engine search checks, and how a caller runs work under one. */
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

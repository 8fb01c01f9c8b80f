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

/**
 * A deadline plus a cancellation flag; long searches call `check()` now and then. `held`, asked at
 * each check, is the caller's pause point: it may hold the search there (a background rating while
 * the user waits for another) and returns the milliseconds it did; they move the deadline, since
 * that time was given to other work, not taken by the search. At most `ms` in all: whatever
 * holds it, a search ends within twice its budget.
 */
export class Budget {
  private deadline: number;
  private credit: number;
  constructor(
    ms: number,
    private readonly cancelled: () => boolean = () => false,
    private readonly held: () => number = () => 0,
  ) {
    this.deadline = performance.now() + ms;
    this.credit = ms;
  }

  check(): void {
    if (this.cancelled()) throw new BudgetExceeded('cancelled');
    const held = Math.min(this.held(), this.credit);
    this.credit -= held;
    this.deadline += held;
    if (performance.now() > this.deadline) throw new BudgetExceeded('time');
  }
}

/**
 * Budget: the time its caller holds a search at a check (a background rating paused while a hover's
 * runs, jobs/pause.ts) moves the deadline, up to the budget once more.
 */
import { describe, expect, it } from 'vitest';
import { Budget, BudgetExceeded } from '../../server/src/engine/core/budget';

/** Holds the thread for `ms` as a paused worker's Atomics.wait does, and says so. */
function hold(ms: number): number {
  const start = performance.now();
  while (performance.now() - start < ms);
  return performance.now() - start;
}

const timeUp = (budget: Budget): boolean => {
  try {
    budget.check();
    return false;
  } catch (err) {
    if (err instanceof BudgetExceeded) return err.reason === 'time';
    throw err;
  }
};

describe('Budget', () => {
  it('does not count the time a check was held against the search', () => {
    expect(timeUp(new Budget(100, undefined, () => hold(150)))).toBe(false);
    // Without the hold reported, the same wait runs the budget out.
    expect(timeUp(new Budget(100, undefined, () => (hold(150), 0)))).toBe(true);
  });

  it('credits at most the budget once more, whatever the hold claims', () => {
    const budget = new Budget(20, undefined, () => 1e9);
    expect(timeUp(budget)).toBe(false);
    hold(45); // past twice the budget
    expect(timeUp(budget)).toBe(true);
  });
});

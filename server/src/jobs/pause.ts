/**
 * A background run's pause flag, shared between the server and the worker that runs the job: while
 * the server holds it set (someone waits for an interactive job), a job that can pause stops at its
 * next budget check and blocks its thread until the flag clears, so the interactive job gets the
 * core. Shared memory, not a message: a worker busy in an engine call reads no messages.
 * Where SharedArrayBuffer is missing (a browser without cross-origin isolation) runs never pause.
 */

/** Two Int32s over shared memory: [PAUSE] 1 = pause at the next budget check; [PAUSES] how often the worker did. */
export type PauseFlag = Int32Array;
const PAUSE = 0;
const PAUSES = 1;

/** A new flag for one run, or undefined where memory cannot be shared. */
export const pauseFlag = (): PauseFlag | undefined => (typeof SharedArrayBuffer === 'function' ? new Int32Array(new SharedArrayBuffer(8)) : undefined);

/** Sets the flag (server side); clearing it wakes the paused worker at once. */
export function setPaused(flag: PauseFlag, paused: boolean): void {
  if (Atomics.exchange(flag, PAUSE, paused ? 1 : 0) === 1 && !paused) Atomics.notify(flag, PAUSE);
}

/** How many times the run has paused so far (each wakes waiters on that slot: `Atomics.waitAsync(flag, 1, n)`). */
export const pausesOf = (flag: PauseFlag): number => Atomics.load(flag, PAUSES);

/**
 * The longest one budget check waits: a flag the server forgot to clear (a bug) costs each check
 * this much, and the rating at most its budget once more (Budget's credit), never a hang. Far
 * above an interactive job's usual milliseconds.
 */
const MAX_PAUSE_MS = 2000;
/** Each wait's slice: a worker being terminated (its job cancelled) stops within one. */
const WAIT_SLICE_MS = 50;

/**
 * What a pausable job calls at each budget check (worker side, a Budget's `held`): returns at once
 * unless the flag is set, else when it clears, with the milliseconds it waited: time given to the
 * interactive job, which the budget does not count against the rating.
 */
export function pausePoint(flag: PauseFlag | undefined): () => number {
  if (!flag) return () => 0;
  return () => {
    if (Atomics.load(flag, PAUSE) === 0) return 0;
    Atomics.add(flag, PAUSES, 1);
    Atomics.notify(flag, PAUSES);
    const start = performance.now();
    const end = start + MAX_PAUSE_MS;
    while (Atomics.load(flag, PAUSE) === 1 && performance.now() < end) Atomics.wait(flag, PAUSE, 1, WAIT_SLICE_MS);
    return performance.now() - start;
  };
}

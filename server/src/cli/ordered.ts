/**
 * Runs `start(item)` on the items of a stream as they come, with at most `window` items started
 * and not yet emitted, and calls `emit(result)` in input order as soon as every earlier item has
 * been emitted. The next item is not even read while the window is full (back-pressure), so
 * memory stays bounded by the window however long the stream is, and a row is emitted while
 * the stream waits for its next item (a pipe whose writer is slow). A slow item holds back
 * emission (not work) for at most `window - 1` items after it.
 */
interface Slot<R> {
  done: boolean;
  result?: R;
}

export async function inOrder<T, R>(items: AsyncIterable<T>, window: number, start: (item: T) => Promise<R>, emit: (result: R) => void): Promise<void> {
  /** Started and not yet emitted, in input order. */
  const pending: Slot<R>[] = [];
  // Set by callbacks: an object, so that the loops below see the change.
  const failure: { err?: unknown; failed: boolean } = { failed: false };
  let wake: (() => void) | null = null;
  const fail = (err: unknown): void => {
    if (!failure.failed) Object.assign(failure, { err, failed: true });
    wake?.();
  };
  const drain = (): void => {
    try {
      while (pending.length > 0 && pending[0].done) emit((pending.shift() as Slot<R>).result as R);
    } catch (err) {
      fail(err);
      return;
    }
    wake?.();
  };
  // Checked and set in one turn: a drain cannot slip in between and be missed.
  const settled = (): Promise<void> => new Promise<void>((resolve) => (wake = resolve));
  for await (const item of items) {
    const slot: Slot<R> = { done: false };
    pending.push(slot);
    start(item).then((r) => {
      slot.done = true;
      slot.result = r;
      if (!failure.failed) drain();
    }, fail);
    while (!failure.failed && pending.length >= window) await settled();
    if (failure.failed) break;
  }
  while (!failure.failed && pending.length > 0) await settled();
  if (failure.failed) throw failure.err;
}

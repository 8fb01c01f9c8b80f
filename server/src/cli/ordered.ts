/**
 * Runs `start(i)` for i = 0..count-1 with at most `window` items started and not yet emitted,
 * and calls `emit(i, result)` in index order as soon as every earlier item has been emitted.
 * Memory stays bounded by the window however long the input is; a slow item holds back
 * emission (not work) for at most `window - 1` items after it.
 */
export function inOrder<R>(
  count: number,
  window: number,
  start: (i: number) => Promise<R>,
  emit: (i: number, result: R) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const ready = new Map<number, R>();
    let next = 0;
    let started = 0;
    let failed = false;
    const fail = (err: unknown): void => {
      if (!failed) {
        failed = true;
        reject(err);
      }
    };
    const pump = (): void => {
      while (!failed && started < count && started - next < window) {
        const i = started++;
        let p: Promise<R>;
        try {
          p = start(i);
        } catch (err) {
          fail(err);
          return;
        }
        p.then((r) => {
          if (failed) return;
          ready.set(i, r);
          drain();
        }, fail);
      }
      if (!failed && next === count) resolve();
    };
    const drain = (): void => {
      try {
        while (ready.has(next)) {
          const r = ready.get(next) as R;
          ready.delete(next);
          emit(next, r);
          next++;
        }
      } catch (err) {
        fail(err);
        return;
      }
      pump();
    };
    pump();
  });
}

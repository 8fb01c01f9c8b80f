/**
 * Yielding to the requests queued meanwhile. Node has setImmediate; a browser worker has not,
 * and its nested setTimeout(0) is clamped to 4 ms, so a MessageChannel message stands in there.
 */
type Later = (fn: () => void) => void;
/** The part of a browser MessageChannel used here (the typings at hand describe Node's ports). */
interface Channel {
  port1: { onmessage: (() => void) | null };
  port2: { postMessage(message: null): void };
}

function channelTurn(): Later {
  const queue: (() => void)[] = [];
  const channel = new MessageChannel() as unknown as Channel;
  channel.port1.onmessage = () => queue.shift()?.();
  return (fn) => {
    queue.push(fn);
    channel.port2.postMessage(null);
  };
}

/** Runs `fn` once the current turn and the messages already queued are done. */
export const afterTurn: Later = typeof setImmediate === 'function' ? (fn) => void setImmediate(fn) : channelTurn();

export const nextTurn = (): Promise<void> => new Promise((resolve) => afterTurn(resolve));

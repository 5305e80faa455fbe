/** One call waiting in a coalesced batch: the batch settles each call on its own. */
export interface Pending<I, O> {
  input: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/**
 * Calls made within one turn of the event loop, run as one batch. Under load many requests
 * arrive in the same turn, and one statement or one Redis transaction for all of them costs far
 * less than one each (they share one round trip, one commit, one lock). A lone call waits only
 * for the end of its turn (setImmediate). The batch settles every call itself; if it throws,
 * the calls it left unsettled reject with that error.
 */
export function coalesce<I, O>(run: (batch: Pending<I, O>[]) => Promise<void>): (input: I) => Promise<O> {
  let waiting: Pending<I, O>[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    // Settling twice is a no-op, so rejecting every call leaves the settled ones as they were.
    run(batch).catch((error: unknown) => {
      for (const call of batch) call.reject(error);
    });
  };
  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ input, resolve, reject });
    });
}

/** The value `map` holds for `key`, made and kept on first use. */
export function memo<K extends object | string | number, V>(map: Map<K, V> | WeakMap<K & object, V>, key: K, make: () => V): V {
  let value = (map as Map<K, V>).get(key);
  if (value === undefined) {
    value = make();
    (map as Map<K, V>).set(key, value);
  }
  return value;
}

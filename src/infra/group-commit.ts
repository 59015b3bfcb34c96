/** The next turn of the event loop (Workers without Node's setImmediate: a zero timeout). */
const nextTurn: (run: () => void) => void = typeof setImmediate === "function" ? (run) => void setImmediate(run) : (run) => void setTimeout(run, 0);

/** The most items one statement carries. */
const MAX_BATCH = 64;

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items that arrive while a statement is being sent or waits its turn go out
 * together in the next one. An item alone is sent at once (one event-loop turn later, which
 * gathers the items of jobs started together), so a quiet server waits for nothing; under load
 * the statements get larger instead of more numerous. Items with the same key never share a
 * statement: the later one goes in the next, as if the two had been sent one after the other.
 * A failed statement fails every item it carried, each then handled as its own failure was.
 */
export function coalescing<I, O>(send: (items: I[]) => Promise<O[]>, keyOf: (item: I) => string): (item: I) => Promise<O> {
  let queue: Waiting<I, O>[] = [];
  let sending = false;
  let scheduled = false;

  const flush = async () => {
    scheduled = false;
    if (sending || queue.length === 0) return;
    sending = true;
    const keys = new Set<string>();
    const batch: Waiting<I, O>[] = [];
    const later: Waiting<I, O>[] = [];
    for (const waiting of queue) {
      const key = keyOf(waiting.item);
      if (batch.length < MAX_BATCH && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else later.push(waiting);
    }
    queue = later;
    try {
      const results = await send(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i] as O));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      sending = false;
      if (queue.length > 0) schedule();
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    nextTurn(() => void flush());
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}

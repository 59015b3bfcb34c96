import type { Queryable } from "../../db/types.js";
import type { Clock } from "../../infra/clock.js";
import { type ClaimedDelivery, type DeliveredAttempt, type DeliveryClaim, claimDeliveries, settleDelivered } from "./delivery-statements.js";

/** The most deliveries one statement carries; the job runner runs fewer at once anyway. */
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
    setImmediate(() => void flush());
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}

/**
 * A claimed delivery's place in its endpoint's line: `ready` resolves when the delivery claimed
 * before it for the same endpoint has been answered, or has been on its way ORDER_WAIT_MS.
 * `sent` is called with the attempt's send (or with nothing, when it sends nothing).
 */
export interface SendTurn {
  ready: Promise<void>;
  sent(sending?: Promise<unknown>): void;
}

/**
 * How long a delivery lets the one before it to the same endpoint go first. Claimed together,
 * the two would otherwise race (in the secret's decryption, the connection), and two events of
 * one change could arrive out of order; a slow or dead endpoint holds its next delivery only
 * this long, and never another endpoint's.
 */
export const ORDER_WAIT_MS = 50;

/** How a delivery's claim and its success are written: one statement each, or several per statement. */
export interface DeliveryStatements {
  claim(claim: DeliveryClaim): Promise<(ClaimedDelivery & { turn?: SendTurn }) | null>;
  settleDelivered(attempt: DeliveredAttempt): Promise<void>;
}

/** One statement per delivery: a QStash callback carries one delivery, nothing to gather. */
export function directDeliveryStatements(db: Queryable, clock: Clock): DeliveryStatements {
  return {
    claim: async (claim) => (await claimDeliveries(db, [claim], clock.now())).get(claim.deliveryId) ?? null,
    settleDelivered: (attempt) => settleDelivered(db, [attempt], clock.now()),
  };
}

/** The send turns of one runner: per endpoint, each delivery after the one claimed before it. */
function sendLines() {
  const last = new Map<string, Promise<void>>();
  return (endpointId: string): SendTurn => {
    const ready = last.get(endpointId) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    last.set(endpointId, mine);
    void mine.then(() => {
      if (last.get(endpointId) === mine) last.delete(endpointId);
    });
    let called = false;
    return {
      ready,
      sent(sending) {
        if (called) return;
        called = true;
        if (!sending) return release();
        const timer = setTimeout(release, ORDER_WAIT_MS);
        timer.unref?.();
        void sending.then(release, release);
      },
    };
  };
}

/**
 * The Node job runner's: the deliveries it runs at once are claimed together and their successes
 * recorded together (group commit, above). A slow endpoint holds only its own delivery: a
 * statement carries the successes that have arrived, never waits for others.
 */
export function batchedDeliveryStatements(db: Queryable, clock: Clock): DeliveryStatements {
  const turnOf = sendLines();
  const claim = coalescing<DeliveryClaim, (ClaimedDelivery & { turn: SendTurn }) | null>(async (claims) => {
    const claimed = await claimDeliveries(db, claims, clock.now());
    // In the order the jobs were claimed (due, then queued): each endpoint's line is kept in it.
    return claims.map((c) => {
      const row = claimed.get(c.deliveryId);
      return row ? { ...row, turn: turnOf(row.endpoint.id) } : null;
    });
  }, (c) => c.deliveryId);
  const settle = coalescing<DeliveredAttempt, void>(async (attempts) => {
    await settleDelivered(db, attempts, clock.now());
    return attempts.map(() => undefined);
  }, (a) => a.deliveryId);
  return { claim, settleDelivered: settle };
}

import type { Queryable } from "../../../db/types.js";
import type { Clock } from "../../../infra/clock.js";
import { coalescing } from "../../../infra/group-commit.js";
import { type ClaimedDelivery, type DeliveredAttempt, type DeliveryClaim, claimDeliveries, settleDelivered } from "./delivery-statements.js";

/**
 * A claimed delivery's place in its endpoint's line: `ready` resolves once the delivery claimed
 * before it for the same endpoint has been handed to the transport (or has sent nothing). Claimed
 * together, the two would otherwise race through the secret's decryption and the signing, and
 * two events of one change could leave out of order. Only the start is ordered: the deliveries to
 * an endpoint still run at once, so a slow answer holds nothing. `sent` is called when it starts.
 */
export interface SendTurn {
  ready: Promise<void>;
  sent(): void;
}

/** How a delivery's claim and its success are written: one statement each, or several per statement. */
export interface DeliveryStatements {
  claim(claim: DeliveryClaim): Promise<(ClaimedDelivery & { turn?: SendTurn }) | null>;
  settleDelivered(attempt: DeliveredAttempt): Promise<void>;
}

/** One statement per delivery: a QStash callback carries one delivery, nothing to gather. */
export function directDeliveryStatements(db: Queryable, clock: Clock, staleMs?: number): DeliveryStatements {
  return {
    claim: async (claim) => (await claimDeliveries(db, [claim], clock.now(), staleMs)).get(claim.deliveryId) ?? null,
    settleDelivered: (attempt) => settleDelivered(db, [attempt], clock.now()),
  };
}

/** The send turns of one runner: per endpoint, each delivery starts after the one claimed before it. */
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
    return { ready, sent: () => release() };
  };
}

/**
 * The Node job runner's: the deliveries it runs at once are claimed together and their successes
 * recorded together (group commit, above). A slow endpoint holds only its own delivery: a
 * statement carries the successes that have arrived, never waits for others.
 */
export function batchedDeliveryStatements(db: Queryable, clock: Clock, staleMs?: number): DeliveryStatements {
  const turnOf = sendLines();
  const claim = coalescing<DeliveryClaim, (ClaimedDelivery & { turn: SendTurn }) | null>(
    async (claims) => {
      const claimed = await claimDeliveries(db, claims, clock.now(), staleMs);
      // In the order the jobs were claimed (due, then queued): each endpoint's line is kept in it.
      return claims.map((c) => {
        const row = claimed.get(c.deliveryId);
        return row ? { ...row, turn: turnOf(row.endpoint.id) } : null;
      });
    },
    (c) => c.deliveryId,
  );
  const settle = coalescing<DeliveredAttempt, void>(
    async (attempts) => {
      await settleDelivered(db, attempts, clock.now());
      return attempts.map(() => undefined);
    },
    (a) => a.deliveryId,
  );
  return { claim, settleDelivered: settle };
}

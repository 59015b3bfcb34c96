/**
 * Waits after each failed attempt (API-DECISIONS "Webhook delivery"): 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h. Eight attempts over 27 h 35 min 5 s; after the eighth the delivery is failed.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** An endpoint whose deliveries have all failed for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

/** Each attempt's whole exchange, connection to last byte read. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** How much of a receiver's answer the log keeps; nothing beyond it is read. */
export const RESPONSE_EXCERPT_BYTES = 1_024;

/** When attempt `attempt + 1` runs after attempt `attempt` failed at `at`; null when none is left. */
export function nextAttemptAt(attempt: number, at: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay);
}

/** One job per delivery attempt: enqueueing the same attempt twice is one job. */
export const deliveryJobKey = (deliveryId: string, attempt: number) => `whd:${deliveryId}:${attempt}`;

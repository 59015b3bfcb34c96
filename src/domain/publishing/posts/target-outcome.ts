import type { ApiError } from "../../../infra/errors.js";
import type { TargetError } from "./post-view.js";

/** What happened to one target's send or poll, as the writers of its state take it. */
export type TargetOutcome =
  | { state: "published"; networkPostId: string; url: string | null; warnings?: ApiError[] }
  | { state: "processing"; networkPostId: string | null; url: string | null; pollToken: string; nextPollAt: Date; warnings?: ApiError[] }
  | { state: "failed"; error: ApiError }
  | { state: "unknown" }
  /** Throttled by the network: back to `pending` until `retryAt`, keeping its reserved credit. */
  | { state: "deferred"; retryAt: Date };

export function targetError(error: ApiError): TargetError {
  return { code: error.code, message: error.message, fix: error.fix, retryable: error.retryable, platform: error.platform, param: error.param };
}

/**
 * A target whose network call's outcome is not known: a timed-out send, or a claimed send the
 * stuck-target sweep found abandoned. Its check at the network is due now. The one definition of
 * the change, for the outcome writer (record-outcome.ts) and the sweep (sweep-stuck-targets.ts).
 */
export const unknownColumns = (now: Date) => ({ state: "unknown", nextPollAt: now });

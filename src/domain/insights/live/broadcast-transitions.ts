import type { BroadcastStatus } from "../../../networks/facets/live.js";
import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";

export type BroadcastOperation = "start" | "end" | "credentials";

/**
 * Which operation each status allows, checked against the status the network reports just
 * before the call. `end` on a scheduled broadcast cancels it. Credentials exist until the
 * broadcast is over: after that no encoder can use them.
 */
export const allowedFrom: Record<BroadcastOperation, readonly BroadcastStatus[]> = {
  start: ["scheduled", "ready"],
  end: ["live", "scheduled"],
  credentials: ["scheduled", "ready", "live"],
};

const advice: Record<BroadcastOperation, string> = {
  start: "Only a `scheduled` or `ready` broadcast can be started; create a new broadcast to go live again.",
  end: "Only a `live` broadcast can be ended (or a `scheduled` one cancelled); a `ready` one was never shown, and an ended one needs nothing.",
  credentials: "Stream credentials exist only while a broadcast is `scheduled`, `ready` or `live`; create a new broadcast for a new stream.",
};

export function assertTransition(operation: BroadcastOperation, status: BroadcastStatus, networkStatus: string, platform: PlatformId): void {
  if (allowedFrom[operation].includes(status)) return;
  throw new ApiError("broadcast_state_invalid", {
    param: "liveId",
    platform,
    message: `The broadcast is \`${status}\` (${platform}: ${networkStatus}); \`${operation}\` needs ${allowedFrom[operation].map((s) => `\`${s}\``).join(" or ")}.`,
    fix: advice[operation],
  });
}

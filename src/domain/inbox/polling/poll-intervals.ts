import { rulesFor } from "../../../networks/registry.js";
import type { PlatformId } from "../../../types/platform-ids.js";

/**
 * How often one account of each network is polled for what its network does not push. Each
 * network chooses its interval from its own limits, so the poll takes a small share and leaves
 * the rest to the account's API reads (GET /v1/notifications and the like): `polling` in
 * `networks/<id>/rules.ts`, with the figures behind it. A network without one, once it gains a
 * polled feed, is read every five minutes until its own limits are written down there.
 */
export const DEFAULT_POLL_INTERVAL_MS = 5 * 60_000;

/** When the network names no wait with its 429, the poll pauses this long (X's window is 15 min). */
export const RATE_LIMIT_PAUSE_MS = 15 * 60_000;

export const pollIntervalMs = (platform: PlatformId): number => rulesFor(platform).polling?.intervalMs ?? DEFAULT_POLL_INTERVAL_MS;

/**
 * The ceiling a quiet account backs off to when its network names none: an hour, 12x fewer reads
 * than the default five minutes, and the quiet server's hourly repair sweep still finds it due.
 */
export const DEFAULT_MAX_POLL_INTERVAL_MS = 60 * 60_000;

export const maxPollIntervalMs = (platform: PlatformId): number => Math.max(pollIntervalMs(platform), rulesFor(platform).polling?.maxIntervalMs ?? DEFAULT_MAX_POLL_INTERVAL_MS);

/** How often an account with fresh activity is polled: the network's own figure, else half its interval. */
export const activePollIntervalMs = (platform: PlatformId): number => {
  const base = pollIntervalMs(platform);
  return Math.min(base, rulesFor(platform).polling?.activeIntervalMs ?? Math.round(base / 2));
};

/** How often one feed is read: the account's interval, or less often where the network's limits want it (X direct messages every 5 min). */
export function feedIntervalMs(platform: PlatformId, feed: string): number {
  const every = pollIntervalMs(platform);
  return Math.max(every, rulesFor(platform).polling?.feedIntervalMs?.[feed] ?? every);
}

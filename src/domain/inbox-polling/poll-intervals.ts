import type { PlatformId } from "../../types/platform-ids.js";

/**
 * How often one account of each network is polled for what its network does not push, chosen
 * from the network's own limits so the poll takes a small share and leaves the rest to the
 * account's API reads (GET /v1/notifications and the like):
 *
 * - X: `GET /2/users/{id}/mentions` allows 300 requests per 15 min per user (450 per app token),
 *   shared/networks/twitter.md. One a minute is 15 per 15 min, 5 % of the user's budget. X also
 *   bills every post read, so the poll asks only for posts newer than the last one it saw
 *   (`since_id`): a quiet account costs nothing but the request.
 * - Bluesky: a PDS allows 3,000 requests per 5 min per client IP (shared/networks/bluesky.md),
 *   shared by every account of that PDS that one Chorus server reads. One poll every 30 s is 10
 *   per 5 min per account: 30 accounts on one PDS take a tenth of the budget, 300 would take all
 *   of it (bsky.social spreads accounts over many PDS hosts, each with its own budget).
 * - YouTube: its comments feed (commentThreads.list, part=snippet) costs 3 units of the project's
 *   10,000 a day shared by every account (developers.google.com commentThreads.list and
 *   determine_quota_cost; shared/networks/youtube.md). One poll every 15 min is 288 units a day
 *   per account: about 35 listening accounts take the whole default quota, so raise it with
 *   Google before more (a poll a minute would let three accounts spend it all).
 * - Every other network, once it gains a polled feed: five minutes until its own limits are
 *   written down here.
 *
 * A feed can ask for less (PolledFeed.intervalMs: X direct messages every 5 min).
 */
export const POLL_INTERVAL_MS: Partial<Record<PlatformId, number>> = {
  twitter: 60_000,
  bluesky: 30_000,
  youtube: 15 * 60_000,
};

export const DEFAULT_POLL_INTERVAL_MS = 5 * 60_000;

/** When the network names no wait with its 429, the poll pauses this long (X's window is 15 min). */
export const RATE_LIMIT_PAUSE_MS = 15 * 60_000;

export const pollIntervalMs = (platform: PlatformId): number => POLL_INTERVAL_MS[platform] ?? DEFAULT_POLL_INTERVAL_MS;

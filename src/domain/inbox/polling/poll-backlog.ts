import type { PollBacklogGap } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { Logger } from "../../../infra/logger.js";
import type { NetworkPage } from "../../../networks/facets/inbox.js";
import type { PolledItem } from "./polled-feeds.js";
import { type Watermark, isNew, isOlder } from "./poll-watermark.js";

export type { PollBacklogGap };

/**
 * Stretches kept at once. A feed that bursts past the page cap poll after poll would otherwise
 * pile up continuations faster than it drains them; past this the oldest is given up, loudly.
 */
export const MAX_GAPS = 5;
/** Polls in a row a stretch may fail for a passing reason (5xx, timeout) before it is given up. */
export const MAX_GAP_FAILURES = 3;

/**
 * Failures that say nothing about the stored page cursor: the same cursor may work next poll.
 * Anything else the network answers for a continuation will be answered again, so the stretch
 * is dropped rather than asked for poll after poll: X answers "invalid query parameters" with a
 * 400 (docs.x.com error troubleshooting; what it says for an expired pagination_token in
 * particular is not documented), which the error tables turn into `platform_rejected`.
 */
const PASSING = new Set(["rate_limited", "platform_unavailable", "needs_reauth", "missing_scope"]);

export const floorOf = (gap: PollBacklogGap): Watermark => ({ at: gap.floorAt ? new Date(gap.floorAt) : null, ids: gap.floorIds });

/** The stretch a walk left unread when it stopped at the page cap at `cursor`, above `floor`. */
export function gapAt(cursor: string, floor: Watermark, newerThan: string | null): PollBacklogGap {
  return {
    cursor,
    floorAt: floor.at?.toISOString() ?? null,
    floorIds: [...floor.ids],
    newerThan,
    failures: 0,
  };
}

/** Adds a new stretch, giving up the oldest beyond MAX_GAPS. */
export function withGap(gaps: readonly PollBacklogGap[], gap: PollBacklogGap): { gaps: PollBacklogGap[]; dropped: PollBacklogGap[] } {
  const all = [...gaps, gap];
  const over = Math.max(0, all.length - MAX_GAPS);
  return { gaps: all.slice(over), dropped: all.slice(0, over) };
}

export interface DrainResult {
  /** Items of the stretches that are above their floor (the caller filters kinds and records). */
  items: PolledItem[];
  /** What is left to read, oldest first. */
  gaps: PollBacklogGap[];
  pages: number;
  /** The last failure, for `lastError` (and the pause, if the network asked for one). */
  failure: ApiError | null;
}

/**
 * Reads the stored stretches oldest first, at most `budget` pages in all. A stretch ends at the
 * first page reaching below its floor, or where the network has no further page. Its items keep
 * their own times; none older than the floor, nor seen at the floor's second, is returned.
 */
export async function drainBacklog(
  gaps: readonly PollBacklogGap[],
  budget: number,
  readPage: (gap: PollBacklogGap) => Promise<NetworkPage<PolledItem>>,
  logger: Logger,
  where: Record<string, unknown>,
): Promise<DrainResult> {
  const items: PolledItem[] = [];
  const left: PollBacklogGap[] = [];
  let pages = 0;
  let failure: ApiError | null = null;
  for (const [index, stored] of gaps.entries()) {
    let gap: PollBacklogGap | null = stored;
    let stop = false;
    while (gap && pages < budget) {
      pages++;
      let got: NetworkPage<PolledItem>;
      try {
        got = await readPage(gap);
      } catch (error) {
        failure = error instanceof ApiError ? error : new ApiError("platform_unavailable", { message: "The feed's continuation could not be read." });
        const passing = PASSING.has(failure.code);
        const keep = passing && gap.failures + 1 < MAX_GAP_FAILURES;
        const why = keep
          ? "inbox poll backlog read failed; kept for the next poll"
          : passing
            ? "inbox poll backlog dropped: its reads kept failing"
            : "inbox poll backlog dropped: the network refused its page cursor";
        logger.warn(why, { ...where, code: failure.code, error: failure.message, floorAt: gap.floorAt });
        gap = keep ? { ...gap, failures: gap.failures + 1 } : null;
        // A network that is down or throttling fails every stretch alike: the rest wait for the next poll.
        stop = passing;
        break;
      }
      const floor = floorOf(gap);
      // Bluesky's AppView answers a cursor it cannot read with an empty page, not an error
      // (atproto packages/bsky api/util.ts `clearlyBadCursor`): the stretch ends, said aloud.
      if (got.items.length === 0) logger.warn("inbox poll backlog ended early: the network returned an empty page above the floor", { ...where, floorAt: gap.floorAt });
      items.push(...got.items.filter((i) => isNew(i, floor)));
      const done = !got.cursor || got.items.length === 0 || got.items.some((i) => isOlder(i, floor));
      gap = done || !got.cursor ? null : { ...gap, cursor: got.cursor, failures: 0 };
    }
    if (gap) left.push(gap);
    if (stop) {
      left.push(...gaps.slice(index + 1));
      break;
    }
  }
  return { items, gaps: left, pages, failure };
}

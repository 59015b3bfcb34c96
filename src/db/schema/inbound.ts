import type { PlatformId } from "../../types/platform-ids.js";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts, updatedAt } from "./columns.js";
import { accountColumn } from "./social.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * Which network object's webhook entries reach which connected account: a Facebook account is a
 * person, while Meta's page webhooks name the page, so the pages subscribed through
 * POST /v1/social-accounts/{id}/webhook are kept here. Several workspaces may hold the same page.
 */
export const inboundRoutes = pgTable(
  "inbound_routes",
  {
    workspaceId: workspaceColumn(),
    accountId: accountColumn(),
    platform: text("platform").$type<PlatformId>().notNull(),
    /** The id Meta puts in `entry[].id` (a page id). */
    objectId: text("object_id").notNull(),
    fields: jsonb("fields").$type<string[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("inbound_routes_account_object_key").on(t.accountId, t.objectId), index("inbound_routes_object_idx").on(t.platform, t.objectId)],
);

/**
 * A stretch of a feed a poll could not read within its page budget (a burst): continue at the
 * network's page `cursor` and stop at the `floor` (the mark before the burst). `newerThan` is the
 * X `since_id` the walk was started with, which the continuation must repeat.
 */
export interface PollBacklogGap {
  cursor: string;
  floorAt: string | null;
  floorIds: string[];
  newerThan: string | null;
  /** Consecutive polls whose read of this stretch failed for a passing reason. */
  failures: number;
}

/**
 * Where the scheduled poll of one account's feed stopped (networks that push nothing, issue 10).
 * A feed is a facet method (`notifications`, later `comments`, `conversations`). The high-water
 * mark is the newest item's time and the ids seen at exactly that time, so an item sharing the
 * newest timestamp is neither lost nor repeated. A row with no mark was baselined on an empty feed.
 */
export const inboxPollCursors = pgTable(
  "inbox_poll_cursors",
  {
    accountId: accountColumn(),
    workspaceId: workspaceColumn(),
    feed: text("feed").notNull(),
    highWaterAt: ts("high_water_at"),
    highWaterIds: jsonb("high_water_ids").$type<string[]>().notNull().default([]),
    /** The newest item's network id, for networks that can list only what is newer (X `since_id`). */
    newestId: text("newest_id"),
    baselinedAt: ts("baselined_at").notNull(),
    lastPolledAt: ts("last_polled_at").notNull(),
    /** A rate-limited network's own wait: no poll of this account before then. */
    pausedUntil: ts("paused_until"),
    lastError: text("last_error"),
    /** Stretches older than the mark still to read, oldest first (null when none). */
    backlog: jsonb("backlog").$type<PollBacklogGap[]>(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.feed] }), index("inbox_poll_cursors_workspace_idx").on(t.workspaceId)],
);

/**
 * When each polled account is next read (issue 26): the minute's planner counts the rows due and
 * shards claim them by `next_poll_at`, so the cron's work does not grow with the accounts. A null
 * `next_poll_at` is a dormant account (no endpoint listens); connecting it or an endpoint that
 * subscribes to a polled event sets it to now. `leased_until` hands a row to one shard at a
 * time and gives it back if that shard dies.
 */
export const accountPolls = pgTable(
  "account_polls",
  {
    accountId: accountColumn().primaryKey(),
    workspaceId: workspaceColumn(),
    mode: text("mode").$type<"test" | "live">().notNull(),
    platform: text("platform").$type<PlatformId>().notNull(),
    nextPollAt: ts("next_poll_at"),
    /** The interval the last poll chose: the network's base after activity, doubled per quiet poll up to its ceiling. */
    intervalMs: integer("interval_ms").notNull().default(0),
    quietStreak: integer("quiet_streak").notNull().default(0),
    /** The last poll that recorded something new: an open conversation keeps the base interval. */
    lastActivityAt: ts("last_activity_at"),
    leasedUntil: ts("leased_until"),
  },
  (t) => [index("account_polls_due_idx").on(t.nextPollAt).where(sql`${t.nextPollAt} is not null`), index("account_polls_workspace_idx").on(t.workspaceId, t.mode)],
);

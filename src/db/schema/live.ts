import type { PlatformId } from "../../types/platform-ids.js";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns.js";
import { accountColumn } from "./social.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * Live broadcasts made through Chorus, so lists and reads are scoped to the workspace and ids are
 * Chorus's. The network is the authority on status: these columns are its last answer
 * (`statusCheckedAt`). Stream keys are never stored: the network gives them again on the reveal.
 */
export const liveBroadcasts = pgTable(
  "live_broadcasts",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    accountId: accountColumn(),
    platform: text("platform").$type<PlatformId>().notNull(),
    networkId: text("network_id").notNull(),
    /** The page the broadcast is on (Facebook); null where the account is the channel. */
    pageId: text("page_id"),
    title: text("title"),
    description: text("description"),
    status: text("status").notNull(),
    networkStatus: text("network_status").notNull(),
    scheduledStartTime: ts("scheduled_start_time"),
    startedAt: ts("started_at"),
    endedAt: ts("ended_at"),
    permalinkUrl: text("permalink_url"),
    replayUrl: text("replay_url"),
    statusCheckedAt: ts("status_checked_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("live_broadcasts_account_idx").on(t.workspaceId, t.accountId, t.createdAt), uniqueIndex("live_broadcasts_network_key").on(t.accountId, t.networkId)],
);

import type { PlatformId } from "../../types/platform-ids.js";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamps, ts, updatedAt } from "./columns.js";
import { profiles, workspaceColumn } from "./workspaces.js";
import type { AutoFixSetting } from "./media-variants.js";
import { firstCommentWaitingIndex, postFirstCommentColumns, targetFirstCommentColumns } from "./first-comment-columns.js";
import { postSeries } from "./series.js";

export const socialAccounts = pgTable(
  "social_accounts",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    profileId: text("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    platform: text("platform").$type<PlatformId>().notNull(),
    /** `test` accounts live on the sandbox simulators, `live` ones on the real networks. */
    mode: text("mode").$type<"test" | "live">().notNull(),
    networkUserId: text("network_user_id").notNull(),
    handle: text("handle").notNull(),
    displayName: text("display_name"),
    avatarUrl: text("avatar_url"),
    status: text("status").$type<"active" | "needs_reauth" | "disconnected">().notNull(),
    connectVariant: text("connect_variant"),
    /** AES-GCM envelope of the TokenSet (access and refresh tokens and connection facts). */
    tokensEncrypted: text("tokens_encrypted"),
    tokenExpiresAt: ts("token_expires_at"),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    /** While set and in the future, one request is refreshing the tokens; others wait and re-read. */
    refreshLockedUntil: ts("refresh_locked_until"),
    /**
     * Background renewals ahead of expiry that failed for now in a row, and when the next may be
     * tried: a failing account waits its turn, so it cannot hold the head of every batch.
     */
    renewalFailures: integer("renewal_failures").notNull().default(0),
    renewalRetryAt: ts("renewal_retry_at"),
    connectedAt: ts("connected_at").notNull().defaultNow(),
    disconnectedAt: ts("disconnected_at"),
    updatedAt: updatedAt(),
  },
  (t) => [index("social_accounts_workspace_idx").on(t.workspaceId, t.connectedAt), uniqueIndex("social_accounts_network_user_key").on(t.workspaceId, t.mode, t.platform, t.networkUserId)],
);

/** The connected account a row belongs to; disconnecting (deleting) the account deletes the row. */
export const accountColumn = () =>
  text("account_id")
    .notNull()
    .references(() => socialAccounts.id, { onDelete: "cascade" });

/**
 * State of the sandbox simulators: JSON documents keyed by platform, kind and id, in one
 * simulated world per workspace, so no workspace can see or upset another's simulated people.
 */
export const sandboxRecords = pgTable(
  "sandbox_records",
  {
    workspaceId: workspaceColumn(),
    platform: text("platform").$type<PlatformId>().notNull(),
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    owner: text("owner"),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sandbox_records_world_key").on(t.workspaceId, t.platform, t.kind, t.id), index("sandbox_records_world_owner_idx").on(t.workspaceId, t.platform, t.kind, t.owner)],
);

/** Why a post waited for approval, and the decision once made. */
export interface PostApproval {
  /** The rule that held it: the workspace's, its profile's, or the agent grant's. */
  requiredBy: "workspace" | "profile" | "agent";
  /** The agent that proposed it, when an agent did. */
  proposedBy: string | null;
  decision: "approved" | "rejected" | null;
  /** The API key id, or `approval-link`, that decided. */
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
}

export const posts = pgTable(
  "posts",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    profileId: text("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    state: text("state").notNull(),
    text: text("text").notNull(),
    textOverrides: jsonb("text_overrides").$type<Record<string, string>>().notNull(),
    media: jsonb("media").$type<string[]>().notNull(),
    mediaAlt: jsonb("media_alt").$type<string[]>().notNull(),
    mediaOverrides: jsonb("media_overrides").$type<Record<string, string[]>>().notNull(),
    mediaAltOverrides: jsonb("media_alt_overrides").$type<Record<string, string[]>>().notNull(),
    platformOptions: jsonb("platform_options").$type<Record<string, Record<string, unknown>>>().notNull(),
    ...postFirstCommentColumns(),
    /** The post's `autoFix` (media/transforms/): kept so a scheduled post derives its variants when it is sent. */
    autoFix: jsonb("auto_fix").$type<AutoFixSetting>(),
    scheduledAt: ts("scheduled_at"),
    timezone: text("timezone"),
    scheduleVersion: integer("schedule_version").notNull().default(0),
    /** `test` posts go to the sandbox networks, `live` ones to the real networks (the key's mode). */
    mode: text("mode").$type<"test" | "live">().notNull().default("test"),
    /** QStash message of the pending scheduled publish, so a move or cancel can delete it. */
    queueMessageId: text("queue_message_id"),
    ...timestamps(),
    publishedAt: ts("published_at"),
    /** When `post.processing` was recorded: set once, by the first target that entered processing. */
    processingNotifiedAt: ts("processing_notified_at"),
    /** Set when the post waited for a person's decision (domain/publishing/approvals); null otherwise. */
    approval: jsonb("approval").$type<PostApproval>(),
    /** The recurring series this post is an occurrence of (domain/publishing/series); null for a single post. */
    seriesId: text("series_id").references(() => postSeries.id, { onDelete: "set null" }),
    /** The occurrence's instant under the series' rule (its `scheduledAt` may later be moved by PATCH). */
    occurrenceAt: ts("occurrence_at"),
  },
  (t) => [
    index("posts_workspace_created_idx").on(t.workspaceId, t.createdAt),
    // The one guard against an occurrence made twice (two sweeps, a retried sweep after a crash): a
    // cancelled occurrence steps aside, so a paused series resumed before that time makes it again.
    uniqueIndex("posts_series_occurrence_key").on(t.seriesId, t.occurrenceAt).where(sql`${t.state} <> 'cancelled'`),
  ],
);

export const postTargets = pgTable(
  "post_targets",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    accountId: text("account_id").notNull(),
    platform: text("platform").$type<PlatformId>().notNull(),
    handle: text("handle").notNull(),
    state: text("state").notNull(),
    networkPostId: text("network_post_id"),
    url: text("url"),
    error: jsonb("error").$type<Record<string, unknown> | null>(),
    publishedAt: ts("published_at"),
    credits: integer("credits").notNull().default(0),
    /** Where the target's reserved credit came from (`monthly` or `pack`), so a refund goes back there. */
    creditSource: text("credit_source"),
    /** Destination inside the account (page, board, location, organization), when the network has them. */
    destination: text("destination"),
    /** Asynchronous publishes: what the adapter needs to poll, and when to look next. */
    pollToken: text("poll_token"),
    nextPollAt: ts("next_poll_at"),
    /** When the network call started; with state `publishing` past a timeout it is an unknown outcome. */
    attemptStartedAt: ts("attempt_started_at"),
    /** Sends started (each claim counts one): bounds how often a send a crash interrupted is made again. */
    sends: integer("sends").notNull().default(0),
    /** What went wrong after the post itself went out (a YouTube thumbnail refused), as target errors. */
    warnings: jsonb("warnings").$type<Record<string, unknown>[] | null>(),
    /**
     * When a retract claimed this target's deletion: one DELETE at the network at a time, so a
     * second retract waits for the first one's outcome instead of reading the network's "no such
     * post" as its own failure. Cleared when the deletion ends; a claim past its lease is free again.
     */
    retractStartedAt: ts("retract_started_at"),
    ...targetFirstCommentColumns(),
  },
  (t) => [index("post_targets_post_idx").on(t.postId), firstCommentWaitingIndex(t)],
);

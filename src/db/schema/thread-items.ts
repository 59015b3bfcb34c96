import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns.js";
import { postTargets, posts } from "./social.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * The follow-up items of a thread chain (`thread` on a post), one row per item and target: item 0
 * is the target itself (post_targets), these are positions 1..n, each replying to the one before.
 * Each row is sent at most once the way a target is: a conditional claim (`pending` → `publishing`)
 * names the one runner that calls the network for it, and the unique (target, position) pair
 * keeps a chain from ever holding two rows for one item.
 */
export const postThreadItems = pgTable(
  "post_thread_items",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    targetId: text("target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    /** 1 for the first reply to the post, 2 for the reply to that, and so on. */
    position: integer("position").notNull(),
    text: text("text").notNull(),
    media: jsonb("media").$type<string[]>().notNull(),
    mediaAlt: jsonb("media_alt").$type<string[]>().notNull(),
    /** pending, publishing, processing, published, failed, unknown, not_sent (the chain stopped before it). */
    state: text("state").notNull(),
    networkPostId: text("network_post_id"),
    url: text("url"),
    error: jsonb("error").$type<Record<string, unknown> | null>(),
    publishedAt: ts("published_at"),
    credits: integer("credits").notNull().default(0),
    creditSource: text("credit_source"),
    pollToken: text("poll_token"),
    attemptStartedAt: ts("attempt_started_at"),
    /** Sends started (each claim counts one). */
    sends: integer("sends").notNull().default(0),
  },
  (t) => [uniqueIndex("post_thread_items_target_position_idx").on(t.targetId, t.position), index("post_thread_items_post_idx").on(t.postId)],
);

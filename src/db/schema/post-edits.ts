import { type SQL, sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns.js";
import { postTargets, posts } from "./social.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * One change of a published post (PATCH /v1/posts/{id} after it went live): what was asked, and
 * the Idempotency-Key that asked it. The unique (workspace, key) pair makes a retry of the same
 * request, even one re-run after a crash freed its claim, find this edit instead of writing a
 * second one; its targets still waiting are then sent, the ones already sent are not.
 */
export const postEdits = pgTable(
  "post_edits",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key"),
    /** The request's changes (text, textOverrides, platformOptions), as sent. */
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    /** The names of what changed (`text`, `platformOptions.youtube.title`), for the history. */
    fields: jsonb("fields").$type<string[]>().notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("post_edits_post_idx").on(t.postId, t.createdAt),
    uniqueIndex("post_edits_workspace_key_idx")
      .on(t.workspaceId, t.idempotencyKey)
      .where(sql`idempotency_key is not null` as SQL),
  ],
);

/** One chain item's outcome in an edit (post_edit_targets.items). */
export interface EditItemOutcome {
  position: number;
  state: "unchanged" | "not_published" | "failed";
  error: Record<string, unknown> | null;
}

/**
 * One edit's outcome on one target. `pending` → `sending` is the claim that names the one runner
 * calling the network; `edited`, `failed`, `unchanged` (the edit did not concern this network)
 * and `unknown` (no answer: the edit may have landed) are final.
 */
export const postEditTargets = pgTable(
  "post_edit_targets",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    editId: text("edit_id")
      .notNull()
      .references(() => postEdits.id, { onDelete: "cascade" }),
    targetId: text("target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    /** The network's fields this target changes, with their new values. */
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    error: jsonb("error").$type<Record<string, unknown> | null>(),
    /**
     * A published chain's items this edit asked to change, each with its outcome (`unchanged`, or
     * `failed` with its refusal where the network cannot change a live reply). Null when the edit
     * named no `thread`.
     */
    items: jsonb("items").$type<EditItemOutcome[] | null>(),
    startedAt: ts("started_at"),
  },
  (t) => [uniqueIndex("post_edit_targets_edit_target_idx").on(t.editId, t.targetId)],
);

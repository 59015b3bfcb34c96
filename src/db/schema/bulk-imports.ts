import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns.js";
import { workspaceColumn } from "./workspaces.js";

/** Who a bulk import acts as: the key (and agent grant) that sent it, replayed by its background job. */
export interface BulkActor {
  apiKey: { id: string; mode: "test" | "live"; name: string; clientName: string; nickname: string | null; nicknameLocked: boolean; prefix: string };
  agentId: string | null;
}

/** Why a row was not created: the spec's envelope fields. */
export interface BulkRowError {
  code: string;
  message: string;
  param: string | null;
  fix: string | null;
}

/**
 * One POST /v1/posts/bulk that writes. `request_key` is the request's Idempotency-Key scoped to
 * its API key: the unique index is what makes retries of one request one import, so its rows are
 * created once however many retries arrive at the same time.
 */
export const bulkImports = pgTable(
  "bulk_imports",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    requestKey: text("request_key"),
    actor: jsonb("actor").$type<BulkActor>().notNull(),
    total: integer("total").notNull(),
    createdAt: createdAt(),
    finishedAt: ts("finished_at"),
  },
  (t) => [uniqueIndex("bulk_imports_request_key").on(t.workspaceId, t.requestKey), index("bulk_imports_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/**
 * One row of an import. A worker takes a row by moving it from `pending` to `running` in one
 * conditional update; the post it creates is linked to the row's idempotency record in the
 * post's own transaction, so a worker that dies mid-row never makes a second post.
 */
export const bulkImportRows = pgTable(
  "bulk_import_rows",
  {
    bulkId: text("bulk_id")
      .notNull()
      .references(() => bulkImports.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    rowIndex: integer("row_index").notNull(),
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    state: text("state").$type<"pending" | "running" | "created" | "failed">().notNull(),
    postId: text("post_id"),
    error: jsonb("error").$type<BulkRowError>(),
    claimedAt: ts("claimed_at"),
    /** A row that met the posts-per-minute limit waits until then. */
    notBefore: ts("not_before"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.bulkId, t.rowIndex] })],
);

import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns.js";
import { agents } from "./agents.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * Uploaded media (POST /v1/media). Every fact here was read from the file's bytes, not taken
 * from the uploader; the bytes themselves are in the media storage under `storage_key`.
 */
export const media = pgTable(
  "media",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    kind: text("kind").$type<"image" | "video" | "document">().notNull(),
    mimeType: text("mime_type").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Video only; null for images and documents (and for a video whose header gives no duration). Documents have width and height 0. */
    durationSeconds: doublePrecision("duration_seconds"),
    /** Documents: pages (a PDF's page tree) or slides (a PPTX's slide parts); null for a Word file and for other kinds, whose pages are not in their bytes. */
    pages: integer("pages"),
    storageKey: text("storage_key").notNull(),
    /**
     * The agent (its grant) whose token uploaded the file; null for an API key's upload. A narrowed
     * agent sees an upload only when it made it or a post within its grant uses it.
     */
    uploadedByAgentId: text("uploaded_by_agent_id").references(() => agents.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("media_workspace_created_idx").on(t.workspaceId, t.createdAt)],
);

/**
 * A large upload sent in parts (POST /v1/media/uploads). Each received part is a row of
 * media_upload_parts and a file (Node) or an R2 multipart part (Workers) under `storage_upload_id`;
 * completing assembles them into `storage_key` and, once the bytes pass the upload checks, a
 * media row. `state` moves open → completing → completed (or open → aborted); the move to
 * `completing` is a conditional update, so two concurrent completes assemble once.
 */
export const mediaUploadSessions = pgTable(
  "media_upload_sessions",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    partSize: integer("part_size").notNull(),
    partCount: integer("part_count").notNull(),
    storageKey: text("storage_key").notNull(),
    storageUploadId: text("storage_upload_id").notNull(),
    state: text("state").$type<"open" | "completing" | "completed" | "aborted">().notNull(),
    mediaId: text("media_id"),
    uploadedByAgentId: text("uploaded_by_agent_id").references(() => agents.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("media_upload_sessions_workspace_idx").on(t.workspaceId, t.createdAt)],
);

export const mediaUploadParts = pgTable(
  "media_upload_parts",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => mediaUploadSessions.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    number: integer("number").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    /** What the storage answered for the part (R2's etag), needed to complete the multipart upload. */
    etag: text("etag").notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.number] }), index("media_upload_parts_workspace_idx").on(t.workspaceId)],
);

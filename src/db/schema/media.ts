import { bigint, doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
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
    kind: text("kind").$type<"image" | "video">().notNull(),
    mimeType: text("mime_type").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Video only; null for images (and for a video whose header gives no duration). */
    durationSeconds: doublePrecision("duration_seconds"),
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

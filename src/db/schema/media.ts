import { bigint, doublePrecision, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.js";

/**
 * Uploaded media (POST /v1/media). Every fact here was read from the file's bytes, not taken
 * from the uploader; the bytes themselves are in the media storage under `storage_key`.
 */
export const media = pgTable(
  "media",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"image" | "video">().notNull(),
    mimeType: text("mime_type").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Video only; null for images (and for a video whose header gives no duration). */
    durationSeconds: doublePrecision("duration_seconds"),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("media_workspace_created_idx").on(t.workspaceId, t.createdAt)],
);

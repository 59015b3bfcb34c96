import { bigint, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { media } from "./media.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * A file derived from an upload for a network (resized, cropped, converted, stripped of its
 * metadata): made once per (media, recipe) and reused by every later post that needs the same
 * recipe. The unique index is what makes "once" hold when two publishes derive it at the same
 * moment: the second insert finds the first row and drops its own bytes.
 */
export const mediaVariants = pgTable(
  "media_variants",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    /** What was done, as a stable key (`image:jpeg:1080x1350:fill@0.500,0.500:max8388608`). */
    recipe: text("recipe").notNull(),
    mimeType: text("mime_type").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("media_variants_media_recipe_key").on(t.mediaId, t.recipe), index("media_variants_workspace_idx").on(t.workspaceId)],
);

/**
 * `autoFix` as a post stores it (and as `platformOptions.<network>.autoFix` takes it): on or
 * off, or on with how to fit the picture, whether a video may be cut to the network's length and
 * which frame (milliseconds in) is the video's cover.
 */
export type AutoFixSetting = boolean | { crop?: "fit" | "fill"; focalPoint?: { x: number; y: number }; trim?: boolean; coverAt?: number };

import type { media } from "../../../db/schema/index.js";
import type { MediaKind } from "./media-formats.js";

export type MediaRow = typeof media.$inferSelect;

/** The media record as the API shows it. */
export interface MediaView {
  id: string;
  kind: MediaKind;
  mimeType: string;
  bytes: number;
  width: number;
  height: number;
  durationSeconds: number | null;
  createdAt: string;
  /** Uploads are kept until deleted; the field is there for a retention policy to fill. */
  expiresAt: string | null;
}

/** What was read from the file at upload: the same facts in the API's view and in what adapters publish. */
export const mediaFacts = (row: MediaRow) => ({
  id: row.id,
  kind: row.kind,
  mimeType: row.mimeType,
  bytes: row.bytes,
  width: row.width,
  height: row.height,
  durationSeconds: row.durationSeconds,
});

export function toMediaView(row: MediaRow): MediaView {
  return {
    ...mediaFacts(row),
    createdAt: row.createdAt.toISOString(),
    expiresAt: null,
  };
}

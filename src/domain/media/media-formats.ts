/** The file formats POST /v1/media accepts, each recognised from its bytes (src/domain/media/sniff/). */
export const mediaMimeTypes = ["image/jpeg", "image/png", "image/webp", "image/gif", "video/mp4", "video/quicktime"] as const;
export type MediaMimeType = (typeof mediaMimeTypes)[number];
export type MediaKind = "image" | "video";

const MiB = 1024 * 1024;

/**
 * Upload limits, by what the declared Content-Type says the file is. 20 MB covers every
 * network's image ceiling (the largest is 20 MB on the pinboard network); 512 MB is what the
 * server accepts for video: files stream to storage and are never held in memory whole. On
 * Workers the platform's own request-body limit (100 MB on most plans) applies first.
 */
export const MEDIA_BYTE_LIMITS: Record<MediaKind, number> = { image: 20 * MiB, video: 512 * MiB };

export const formatNames: Record<MediaMimeType, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/gif": "GIF",
  "video/mp4": "MP4",
  "video/quicktime": "MOV (QuickTime)",
};

export const ACCEPTED_FORMATS_TEXT = "JPEG, PNG, WebP or GIF images, or MP4 or MOV video";

/** Spellings clients send for the same formats. */
const aliases: Record<string, MediaMimeType> = { "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg", "image/x-png": "image/png" };

export function kindOf(mimeType: MediaMimeType): MediaKind {
  return mimeType.startsWith("video/") ? "video" : "image";
}

export function isMediaMimeType(value: string): value is MediaMimeType {
  return (mediaMimeTypes as readonly string[]).includes(value);
}

/** `Image/JPEG; charset=binary` → `image/jpeg`; aliases resolved; anything else returned as is (lowercased). */
export function normaliseContentType(header: string): string {
  const bare = (header.split(";")[0] ?? "").trim().toLowerCase();
  return aliases[bare] ?? bare;
}

export function formatBytes(bytes: number): string {
  return bytes % MiB === 0 ? `${bytes / MiB} MB (${bytes.toLocaleString("en-US")} bytes)` : `${bytes.toLocaleString("en-US")} bytes`;
}

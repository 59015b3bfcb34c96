/** The file formats POST /v1/media accepts, each recognised from its bytes (src/domain/publishing/media/sniff/). */
export const mediaMimeTypes = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/heic",
  "video/mp4",
  "video/quicktime",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
] as const;
export type MediaMimeType = (typeof mediaMimeTypes)[number];
export type MediaKind = "image" | "video" | "document";

/** The document formats (PDF, Word DOCX, PowerPoint PPTX): the professional network's document posts take them. */
export const documentMimeTypes = [
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
] as const;
export type DocumentMimeType = (typeof documentMimeTypes)[number];

const MiB = 1024 * 1024;

/**
 * Upload limits, by what the declared Content-Type says the file is. 20 MB covers every
 * network's image ceiling (the largest is 20 MB on the pinboard network); 512 MB is what the
 * server accepts for video: files stream to storage and are never held in memory whole. On
 * Workers the platform's own request-body limit (100 MB on most plans) applies first.
 * Documents: 100 MB, the professional network's Documents API limit (the only network that
 * takes them).
 */
export const MEDIA_BYTE_LIMITS: Record<MediaKind, number> = { image: 20 * MiB, video: 512 * MiB, document: 100 * MiB };

export const formatNames: Record<MediaMimeType, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/gif": "GIF",
  "image/heic": "HEIC",
  "video/mp4": "MP4",
  "video/quicktime": "MOV (QuickTime)",
  "application/pdf": "PDF",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word (DOCX)",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint (PPTX)",
};

export const ACCEPTED_FORMATS_TEXT = "JPEG, PNG, WebP, GIF or HEIC images, MP4 or MOV video, or PDF, DOCX or PPTX documents";

/** Spellings clients send for the same formats. */
const aliases: Record<string, MediaMimeType> = { "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg", "image/x-png": "image/png", "image/heif": "image/heic" };

export function kindOf(mimeType: MediaMimeType): MediaKind {
  return mimeType.startsWith("video/") ? "video" : mimeType.startsWith("application/") ? "document" : "image";
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

/**
 * The largest picture any network takes, so a file claiming more is refused at upload rather
 * than stored and refused by every network later (and never decoded: a 100,000x100,000 header is
 * how decompression bombs start). Per side: 16,384 pixels, the largest any network's sheet or
 * encoder allows (WebP's own format limit; 8K video is 7,680). In total: 36,152,320 pixels, the
 * professional network's documented ceiling and the highest pixel count any network states
 * (../networks/linkedin.md); the others resize or state a smaller one.
 */
export const MEDIA_PIXEL_LIMITS = { side: 16_384, total: 36_152_320 } as const;

/** Why a picture of this size is beyond every network, or null when some network may take it. */
export function pixelCeilingProblem(width: number, height: number): string | null {
  const { side, total } = MEDIA_PIXEL_LIMITS;
  if (width > side || height > side) return `it is ${width}x${height} pixels; no network takes a side over ${side.toLocaleString("en-US")} pixels`;
  if (width * height > total) return `it is ${width}x${height} pixels (${(width * height).toLocaleString("en-US")}); no network takes more than ${total.toLocaleString("en-US")} pixels`;
  return null;
}

import type { ApiError } from "../infra/errors.js";

/** One media file as an adapter sees it: facts read from the bytes, a public URL, and the bytes on demand. */
export interface PublishMedia {
  id: string;
  kind: "image" | "video" | "document";
  /** Read from the file itself (`image/jpeg`, `image/png`, `image/webp`, `image/gif`, `video/mp4`, `video/quicktime`). */
  mimeType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** A document's pages (PDF) or slides (PPTX), read from the file at upload; null or absent where unknown. */
  pages?: number | null;
  alt: string | null;
  /** Signed, expiring public URL, for networks that fetch media themselves (Instagram, Threads, Pinterest, Google Business, TikTok pull). */
  url: string;
  /** The file's bytes, for networks that take uploads (Bluesky blobs, X media upload, LinkedIn, YouTube, Facebook). */
  read(): Promise<Uint8Array>;
}

export interface PublishRequest {
  /** The text for this network (the post's text or its `textOverrides` entry). */
  text: string;
  media: PublishMedia[];
  /** `platformOptions.<platform>` as validated against the network's capabilities. */
  options: Record<string, unknown>;
  /** Destination inside the account where the network has them (page id, board id, location name, organization URN). */
  destination: string | null;
  /** Stable per target: networks that accept a client-side idempotency token get it; adapters may use it to find the post after a timeout. */
  targetId: string;
  /**
   * The connected account's own id on the network, as read at connect (the LinkedIn member id).
   * publishRequestOf, which every publishing path builds its requests with, sets it, so an adapter
   * that needs it does not ask the network who the token belongs to; without it (a request built
   * elsewhere, such as an adapter test) the adapter asks.
   */
  networkUserId?: string;
  /** Media named by an option rather than by `media` (YouTube `thumbnail`), keyed by the option's name. */
  attachments?: Readonly<Record<string, PublishMedia>>;
  /**
   * A thread chain's item: the network id of the item it answers (the previous item, or the post
   * itself for the first). Only adapters of networks whose rules allow chains (`thread` in rules.ts) read it.
   */
  inReplyTo?: string;
}

/**
 * What a publish attempt came to. `processing` means the network accepted the post and finishes
 * it asynchronously (containers, video processing): the poller calls `checkPublish` with
 * `pollToken` until it is published or failed. `warnings` are what went wrong after the post went
 * out (a refused thumbnail): they are shown on the target, which still counts as published.
 */
export type PublishResult =
  | { state: "published"; networkPostId: string; url: string | null; warnings?: ApiError[] }
  | { state: "processing"; networkPostId: string | null; url: string | null; pollToken: string; pollAfterSeconds: number; warnings?: ApiError[] }
  | { state: "failed"; error: ApiError };

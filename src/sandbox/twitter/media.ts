import type { Context, Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SimulatorDeps } from "../types.js";
import { authenticate } from "./wire.js";

/**
 * X's v2 media upload as the OpenAPI document models it: simple `POST /2/media/upload` for
 * images, `initialize` / `{id}/append` / `{id}/finalize` for chunked uploads, `GET
 * /2/media/upload?command=STATUS` while X processes video and GIFs, and `POST /2/media/metadata`
 * for alt text. Processing is really asynchronous: a file is `in_progress` for two seconds of the
 * sandbox clock after FINALIZE, then `succeeded`, or `failed` with `InvalidMedia` when its bytes
 * are not the format declared (X inspects the file, not the name).
 *
 * The sandbox keeps only sizes and the first bytes of each file, never the file itself.
 */

export interface SandboxMedia {
  accountId: string;
  category: string;
  mediaType: string;
  totalBytes: number;
  /** Bytes received per APPEND segment. */
  segments: Record<string, number>;
  /** The first bytes of the file (base64), enough to recognise its format. */
  head: string;
  finalizedAt: string | null;
  altText: string | null;
}

const PROCESSING_MS = 2_000;
const EXPIRES_AFTER_SECS = 86_400;
const MB = 1024 * 1024;
/** Largest file per category (X media docs: image 5 MB, GIF 15 MB, video 512 MB). */
const LIMITS: Record<string, number> = {
  tweet_image: 5 * MB,
  dm_image: 5 * MB,
  tweet_gif: 15 * MB,
  dm_gif: 15 * MB,
  tweet_video: 512 * MB,
  dm_video: 512 * MB,
  amplify_video: 512 * MB,
  subtitles: MB,
};
const IMAGE_CATEGORIES = ["tweet_image", "dm_image"];
const PROCESSED_CATEGORIES = ["tweet_gif", "dm_gif", "tweet_video", "dm_video", "amplify_video"];

const PROBLEM = { "Content-Type": "application/problem+json" };

export function invalidRequest(c: Context, message: string) {
  return c.json({ errors: [{ message }], title: "Invalid Request", detail: "One or more parameters to your request was invalid.", type: "https://api.x.com/2/problems/invalid-request" }, 400, PROBLEM);
}

function tooLarge(c: Context, limit: number) {
  return c.json({ title: "Payload Too Large", type: "about:blank", status: 413, detail: `File size exceeds ${limit} bytes.` }, 413, PROBLEM);
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** What the file's first bytes say it is. */
export function sniff(head: Uint8Array): "jpeg" | "png" | "gif" | "webp" | "mp4" | "quicktime" | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head[0] === 0x89 && ascii(1, 4) === "PNG") return "png";
  if (ascii(0, 4) === "GIF8") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp") return ascii(8, 10) === "qt" ? "quicktime" : "mp4";
  return null;
}

/** Processing state of a finalized file at `now`, as STATUS and FINALIZE report it. */
export function processingInfo(media: SandboxMedia, now: Date): Record<string, unknown> | null {
  if (!PROCESSED_CATEGORIES.includes(media.category) || !media.finalizedAt) return null;
  const elapsed = now.getTime() - new Date(media.finalizedAt).getTime();
  if (elapsed < PROCESSING_MS) {
    return { state: elapsed === 0 ? "pending" : "in_progress", check_after_secs: 1, progress_percent: Math.floor((elapsed / PROCESSING_MS) * 100) };
  }
  const kind = sniff(Uint8Array.from(atob(media.head), (ch) => ch.charCodeAt(0)));
  const expected = media.category.endsWith("_gif") ? kind === "gif" : kind === "mp4" || kind === "quicktime";
  if (!expected) return { state: "failed", progress_percent: 100, error: { code: 1, name: "InvalidMedia", message: "Invalid or Unsupported media, Reason: UnsupportedMedia." } };
  return { state: "succeeded", progress_percent: 100 };
}

/** Whether a post may attach this media now (finalized, processed, owned by the poster). */
export function usableMedia(media: SandboxMedia | null, accountId: string, now: Date): boolean {
  if (!media || media.accountId !== accountId || !media.finalizedAt) return false;
  const info = processingInfo(media, now);
  return info === null || info.state === "succeeded";
}

function mediaAnswer(id: string, media: SandboxMedia, now: Date) {
  const info = processingInfo(media, now);
  return {
    data: {
      id,
      media_key: `${media.category.endsWith("video") ? 7 : media.category.endsWith("gif") ? 16 : 3}_${id}`,
      size: media.totalBytes,
      expires_after_secs: EXPIRES_AFTER_SECS,
      ...(info ? { processing_info: info } : {}),
    },
  };
}

async function owned(deps: SimulatorDeps, id: string, accountId: string): Promise<SandboxMedia | null> {
  const found = await deps.store.get<SandboxMedia>("twitter", "media", id);
  return found && found.data.accountId === accountId ? found.data : null;
}

export function mountMediaRoutes(app: Hono, deps: SimulatorDeps): void {
  app.post("/2/media/upload", async (c) => {
    const auth = await authenticate(c, deps, ["media.write"]);
    if (auth instanceof Response) return auth;
    let bytes: Uint8Array;
    let category: unknown;
    if ((c.req.header("content-type") ?? "").startsWith("application/json")) {
      const body = (await c.req.json().catch(() => null)) as { media?: unknown; media_category?: unknown } | null;
      if (typeof body?.media !== "string") return invalidRequest(c, "$.media: is missing but it is required");
      bytes = Uint8Array.from(atob(body.media), (ch) => ch.charCodeAt(0));
      category = body.media_category;
    } else {
      const form = await c.req.parseBody();
      if (!(form.media instanceof File)) return invalidRequest(c, "$.media: is missing but it is required");
      bytes = new Uint8Array(await form.media.arrayBuffer());
      category = form.media_category;
    }
    if (typeof category !== "string" || !IMAGE_CATEGORIES.includes(category)) {
      return invalidRequest(c, "$.media_category: simple upload takes images only; use the chunked upload for video and GIFs");
    }
    const limit = LIMITS[category] ?? 5 * MB;
    if (bytes.byteLength > limit) return tooLarge(c, limit);
    const kind = sniff(bytes.subarray(0, 16));
    if (kind !== "jpeg" && kind !== "png" && kind !== "webp") return invalidRequest(c, "media type unrecognized.");
    const id = numericId(19);
    const media: SandboxMedia = {
      accountId: auth.account.id,
      category,
      mediaType: `image/${kind}`,
      totalBytes: bytes.byteLength,
      segments: { "0": bytes.byteLength },
      head: toBase64(bytes.subarray(0, 16)),
      finalizedAt: deps.now().toISOString(),
      altText: null,
    };
    await deps.store.put("twitter", "media", id, media, auth.account.id);
    const answer = mediaAnswer(id, media, deps.now());
    return c.json({ data: { ...answer.data, image: { image_type: media.mediaType } } });
  });

  app.post("/2/media/upload/initialize", async (c) => {
    const auth = await authenticate(c, deps, ["media.write"]);
    if (auth instanceof Response) return auth;
    const body = (await c.req.json().catch(() => null)) as { media_type?: unknown; total_bytes?: unknown; media_category?: unknown } | null;
    if (typeof body?.media_type !== "string") return invalidRequest(c, "$.media_type: is missing but it is required");
    if (typeof body.total_bytes !== "number" || !Number.isInteger(body.total_bytes) || body.total_bytes < 0) return invalidRequest(c, "$.total_bytes: must be an integer");
    const category = typeof body.media_category === "string" ? body.media_category : "tweet_image";
    const limit = LIMITS[category];
    if (limit === undefined) return invalidRequest(c, `$.media_category: does not have a value in the enumeration`);
    if (body.total_bytes > limit) return tooLarge(c, limit);
    const id = numericId(19);
    const media: SandboxMedia = { accountId: auth.account.id, category, mediaType: body.media_type, totalBytes: body.total_bytes, segments: {}, head: "", finalizedAt: null, altText: null };
    await deps.store.put("twitter", "media", id, media, auth.account.id);
    return c.json({ data: { id, media_key: mediaAnswer(id, media, deps.now()).data.media_key, expires_after_secs: EXPIRES_AFTER_SECS } });
  });

  app.post("/2/media/upload/:id/append", async (c) => {
    const auth = await authenticate(c, deps, ["media.write"]);
    if (auth instanceof Response) return auth;
    const id = c.req.param("id");
    const media = await owned(deps, id, auth.account.id);
    if (!media || media.finalizedAt) return invalidRequest(c, "Invalid or expired media id for APPEND.");
    const form = await c.req.parseBody();
    const index = Number(form.segment_index);
    if (!(form.media instanceof File)) return invalidRequest(c, "$.media: is missing but it is required");
    if (!Number.isInteger(index) || index < 0 || index > 999) return invalidRequest(c, "$.segment_index: must be an integer between 0 and 999");
    const chunk = new Uint8Array(await form.media.arrayBuffer());
    const next: SandboxMedia = { ...media, segments: { ...media.segments, [String(index)]: chunk.byteLength }, head: index === 0 ? toBase64(chunk.subarray(0, 16)) : media.head };
    await deps.store.put("twitter", "media", id, next, auth.account.id);
    return c.json({ data: { expires_at: Math.floor(deps.now().getTime() / 1000) + EXPIRES_AFTER_SECS } });
  });

  app.post("/2/media/upload/:id/finalize", async (c) => {
    const auth = await authenticate(c, deps, ["media.write"]);
    if (auth instanceof Response) return auth;
    const id = c.req.param("id");
    const media = await owned(deps, id, auth.account.id);
    if (!media) return invalidRequest(c, "Invalid or expired media id for FINALIZE.");
    const received = Object.values(media.segments).reduce((sum, size) => sum + size, 0);
    if (received !== media.totalBytes) return invalidRequest(c, "Segments do not add up to provided total file size.");
    const finalized = media.finalizedAt ? media : { ...media, finalizedAt: deps.now().toISOString() };
    await deps.store.put("twitter", "media", id, finalized, auth.account.id);
    return c.json(mediaAnswer(id, finalized, deps.now()));
  });

  app.get("/2/media/upload", async (c) => {
    const auth = await authenticate(c, deps, ["media.write"]);
    if (auth instanceof Response) return auth;
    const id = c.req.query("media_id") ?? "";
    const media = await owned(deps, id, auth.account.id);
    if (!media) return invalidRequest(c, `The \`media_id\` query parameter value [${id}] is not valid`);
    return c.json(mediaAnswer(id, media, deps.now()));
  });

  app.post("/2/media/metadata", async (c) => {
    const auth = await authenticate(c, deps, ["media.write"]);
    if (auth instanceof Response) return auth;
    const body = (await c.req.json().catch(() => null)) as { id?: unknown; metadata?: { alt_text?: { text?: unknown } } } | null;
    if (typeof body?.id !== "string") return invalidRequest(c, "$.id: is missing but it is required");
    const media = await owned(deps, body.id, auth.account.id);
    if (!media) return invalidRequest(c, `The media id [${body.id}] is not valid`);
    const alt = body.metadata?.alt_text?.text;
    if (alt !== undefined && (typeof alt !== "string" || [...alt].length > 1000)) return invalidRequest(c, "$.metadata.alt_text.text: must be at most 1000 characters long");
    await deps.store.put("twitter", "media", body.id, { ...media, altText: typeof alt === "string" ? alt : media.altText }, auth.account.id);
    return c.json({ data: { id: body.id, associated_metadata: typeof alt === "string" ? { alt_text: { text: alt } } : {} } });
  });
}

import * as v from "valibot";
import type { ApiError } from "../../infra/errors.js";
import { callNetwork, classifyFailure, parseNetworkBody } from "../http.js";
import type { PublishMedia } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterMediaChunkBytes, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterPublishErrorTable } from "./errors.js";

/**
 * X API v2 media upload (scope `media.write`), as the OpenAPI document models it:
 * - images: one `POST /2/media/upload` (multipart: `media` bytes, `media_category=tweet_image`);
 * - video and GIFs: `POST /2/media/upload/initialize` (JSON), one
 *   `POST /2/media/upload/{id}/append` per chunk (multipart: `media`, `segment_index`), then
 *   `POST /2/media/upload/{id}/finalize`; X may then still be processing the file, which
 *   `GET /2/media/upload?command=STATUS&media_id=` reports until `succeeded` or `failed`.
 * The older single-endpoint form (`command=INIT|APPEND|FINALIZE` fields) is not used.
 */

const base = `${twitterApiBaseUrl}/${twitterApiVersion}/media`;

const ProcessingInfo = v.looseObject({
  state: v.string(),
  check_after_secs: v.optional(v.number()),
  progress_percent: v.optional(v.number()),
});
const MediaAnswer = v.looseObject({
  data: v.looseObject({ id: v.string(), media_key: v.optional(v.string()), processing_info: v.optional(ProcessingInfo) }),
});

export interface UploadedMedia {
  id: string;
  /** Still being processed by X: poll STATUS before the post can use it. */
  processing: boolean;
  checkAfterSeconds: number;
}

const bearer = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.accessToken}` });

async function send(net: NetworkContext, url: string, init: RequestInit) {
  return callNetwork(net, twitterPublishErrorTable, url, init, { resetHeader: twitterRateLimitHeaders.reset });
}

function uploaded(body: unknown, what: string): UploadedMedia {
  const { data } = parseNetworkBody("twitter", MediaAnswer, body, what);
  const state = data.processing_info?.state;
  return { id: data.id, processing: state === "pending" || state === "in_progress", checkAfterSeconds: data.processing_info?.check_after_secs ?? 5 };
}

/** X's category for a file: GIFs are uploaded as animated GIFs, everything else by kind. */
function categoryOf(media: PublishMedia): "tweet_image" | "tweet_gif" | "tweet_video" {
  if (media.kind === "video") return "tweet_video";
  return media.mimeType === "image/gif" ? "tweet_gif" : "tweet_image";
}

async function uploadImage(tokens: TokenSet, media: PublishMedia, net: NetworkContext): Promise<UploadedMedia> {
  const form = new FormData();
  form.append("media", new Blob([new Uint8Array(await media.read())], { type: media.mimeType }), "media");
  form.append("media_category", "tweet_image");
  const response = await send(net, `${base}/upload`, { method: "POST", headers: bearer(tokens), body: form });
  return uploaded(response.body, "media upload");
}

async function uploadChunked(tokens: TokenSet, media: PublishMedia, net: NetworkContext): Promise<UploadedMedia> {
  // A copy on a plain ArrayBuffer, which Blob takes whatever buffer the caller's bytes sit on.
  const bytes = new Uint8Array(await media.read());
  const init = await send(net, `${base}/upload/initialize`, {
    method: "POST",
    headers: { ...bearer(tokens), "content-type": "application/json" },
    body: JSON.stringify({ media_type: media.mimeType, total_bytes: bytes.byteLength, media_category: categoryOf(media) }),
  });
  const { id } = uploaded(init.body, "media initialize");
  // Chunks go in order; each is retryable on its own, but a failed one fails the publish here.
  for (let index = 0, offset = 0; offset < bytes.byteLength; index += 1, offset += twitterMediaChunkBytes) {
    const form = new FormData();
    form.append("media", new Blob([bytes.subarray(offset, offset + twitterMediaChunkBytes)], { type: "application/octet-stream" }), "media");
    form.append("segment_index", String(index));
    await send(net, `${base}/upload/${id}/append`, { method: "POST", headers: bearer(tokens), body: form });
  }
  const finalized = await send(net, `${base}/upload/${id}/finalize`, { method: "POST", headers: bearer(tokens) });
  return uploaded(finalized.body, "media finalize");
}

/** Alt text is metadata on the uploaded media (`POST /2/media/metadata`), at most 1,000 characters. */
async function setAltText(tokens: TokenSet, id: string, alt: string, net: NetworkContext): Promise<void> {
  const text = [...alt].slice(0, 1000).join("");
  await send(net, `${base}/metadata`, {
    method: "POST",
    headers: { ...bearer(tokens), "content-type": "application/json" },
    body: JSON.stringify({ id, metadata: { alt_text: { text } } }),
  });
}

/** Uploads the post's media in order; ids keep that order in the post. */
export async function uploadMedia(tokens: TokenSet, media: PublishMedia[], net: NetworkContext): Promise<UploadedMedia[]> {
  const results: UploadedMedia[] = [];
  for (const item of media) {
    const result = categoryOf(item) === "tweet_image" ? await uploadImage(tokens, item, net) : await uploadChunked(tokens, item, net);
    if (item.alt) await setAltText(tokens, result.id, item.alt, net);
    results.push(result);
  }
  return results;
}

export type MediaStatus = { state: "processing"; checkAfterSeconds: number } | { state: "succeeded" } | { state: "failed"; error: ApiError };

/**
 * One STATUS poll. A failed state carries X's reason (`InvalidMedia`, …) in
 * `processing_info.error`, which the publish error table turns into `media_unreadable`.
 */
export async function mediaStatus(tokens: TokenSet, id: string, net: NetworkContext): Promise<MediaStatus> {
  const url = `${base}/upload?command=STATUS&media_id=${encodeURIComponent(id)}`;
  const response = await send(net, url, { headers: bearer(tokens) });
  const { data } = parseNetworkBody("twitter", MediaAnswer, response.body, "media status");
  const state = data.processing_info?.state ?? "succeeded";
  if (state === "succeeded") return { state: "succeeded" };
  if (state === "failed") {
    return { state: "failed", error: classifyFailure(twitterPublishErrorTable, { status: response.status, headers: response.headers, body: response.body }, net.now()) };
  }
  return { state: "processing", checkAfterSeconds: data.processing_info?.check_after_secs ?? 5 };
}

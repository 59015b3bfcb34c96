import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, classifyFailure, parseNetworkBody, readBody } from "../http.js";
import type { PublishMedia, PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { pinterestApiBaseUrl, pinterestDefaultCoverSecond, pinterestPinUrl, pinterestPollSeconds, pinterestRecentPinsPage } from "./capabilities.js";
import { pinterestPublishErrorTable, pinterestUploadErrorTable } from "./errors.js";

/**
 * Pins through API v5. Images are synchronous: POST /v5/pins with the image URL (Pinterest fetches
 * it) or 2 to 5 URLs as a carousel, and the answer is the Pin. Video is asynchronous: POST /v5/media
 * registers an upload, the bytes go to the returned S3 URL as a presigned form POST, and once
 * GET /v5/media/{id} says `succeeded` checkPublish creates the Pin from the media id.
 */

const Options = v.object({
  boardId: v.optional(v.string()),
  boardSectionId: v.optional(v.string()),
  title: v.optional(v.string()),
  link: v.optional(v.string()),
  altText: v.optional(v.string()),
  dominantColor: v.optional(v.string()),
  coverImageUrl: v.optional(v.string()),
  coverImageKeyFrameTime: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  parentPinId: v.optional(v.string()),
  sponsorId: v.optional(v.string()),
  adAccountId: v.optional(v.string()),
});
type Options = v.InferOutput<typeof Options>;

/** The Pin fields besides media_source; optional ones are left out when unset (JSON drops undefined). */
const PinFields = v.object({
  board_id: v.string(),
  board_section_id: v.optional(v.string()),
  title: v.optional(v.string()),
  description: v.optional(v.string()),
  link: v.optional(v.string()),
  alt_text: v.optional(v.string()),
  dominant_color: v.optional(v.string()),
  parent_pin_id: v.optional(v.string()),
  sponsor_id: v.optional(v.string()),
});
type PinFields = v.InferOutput<typeof PinFields>;

/** What checkPublish needs to create a video Pin once the media is processed. */
const VideoPollToken = v.object({
  mediaId: v.string(),
  pin: PinFields,
  cover: v.union([v.object({ cover_image_url: v.string() }), v.object({ cover_image_key_frame_time: v.number() })]),
  adAccountId: v.nullable(v.string()),
});
type VideoPollToken = v.InferOutput<typeof VideoPollToken>;

const PinResponse = v.object({ id: v.string() });
const MediaUpload = v.object({ media_id: v.string(), upload_url: v.string(), upload_parameters: v.record(v.string(), v.string()) });
const MediaStatus = v.object({ media_id: v.string(), status: v.optional(v.string()) });
const PinList = v.object({ items: v.array(v.object({ id: v.string(), title: v.optional(v.nullable(v.string())), description: v.optional(v.nullable(v.string())) })) });

const table = pinterestPublishErrorTable;
const bearer = (tokens: TokenSet) => ({ Authorization: `Bearer ${tokens.accessToken}` });
const jsonHeaders = (tokens: TokenSet) => ({ ...bearer(tokens), "Content-Type": "application/json" });
/** Business Access: act as the owner of an ad account (`ad_account_id` query parameter). */
const withAdAccount = (url: string, adAccountId: string | null) => (adAccountId ? `${url}?ad_account_id=${encodeURIComponent(adAccountId)}` : url);

function readOptions(raw: Record<string, unknown>): Options {
  const parsed = v.safeParse(Options, raw);
  if (parsed.success) return parsed.output;
  const key = parsed.issues[0]?.path?.[0]?.key;
  throw new ApiError("option_invalid", {
    platform: "pinterest",
    param: `platformOptions.pinterest${typeof key === "string" ? `.${key}` : ""}`,
    message: `pinterest: ${parsed.issues[0]?.message ?? "invalid option"}`,
  });
}

function pinFields(request: PublishRequest, options: Options): PinFields {
  const board = request.destination ?? options.boardId;
  if (!board) throw new ApiError("pin_board_missing", { platform: "pinterest", param: "platformOptions.pinterest.boardId", message: "pinterest: no board was chosen for the Pin." });
  const description = request.text.trim() === "" ? undefined : request.text;
  return {
    board_id: board,
    board_section_id: options.boardSectionId,
    title: options.title,
    description,
    link: options.link,
    alt_text: options.altText ?? request.media[0]?.alt ?? undefined,
    dominant_color: options.dominantColor,
    parent_pin_id: options.parentPinId,
    sponsor_id: options.sponsorId,
  };
}

async function createPin(tokens: TokenSet, body: object, adAccountId: string | null, net: NetworkContext): Promise<PublishResult> {
  const response = await callNetwork(net, table, withAdAccount(`${pinterestApiBaseUrl}/pins`, adAccountId), { method: "POST", headers: jsonHeaders(tokens), body: JSON.stringify(body) });
  const pin = parseNetworkBody("pinterest", PinResponse, response.body, "pins/create");
  return { state: "published", networkPostId: pin.id, url: pinterestPinUrl(pin.id) };
}

/** Registers a video upload and sends the bytes to S3 with the presigned form fields, file last. */
async function uploadVideo(tokens: TokenSet, video: PublishMedia, net: NetworkContext): Promise<string> {
  const registered = await callNetwork(net, table, `${pinterestApiBaseUrl}/media`, { method: "POST", headers: jsonHeaders(tokens), body: JSON.stringify({ media_type: "video" }) });
  const upload = parseNetworkBody("pinterest", MediaUpload, registered.body, "media/create");
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.upload_parameters)) form.append(name, value);
  form.append("file", new Blob([(await video.read()).slice()], { type: video.mimeType }));
  // No bearer token: the policy fields are the authorisation, and S3 would refuse a foreign one.
  await callNetwork(net, pinterestUploadErrorTable, upload.upload_url, { method: "POST", body: form });
  return upload.media_id;
}

export async function publishPinterest(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<PublishResult> {
  const options = readOptions(request.options);
  const pin = pinFields(request, options);
  const adAccountId = options.adAccountId ?? null;
  const media = request.media;
  const videos = media.filter((m) => m.kind === "video");
  const [video] = videos;
  if (media.length === 0) throw new ApiError("media_required", { platform: "pinterest", param: "media" });
  if (video && media.length > 1) throw new ApiError("video_not_supported", { platform: "pinterest", param: "media", message: "pinterest: a Pin is one video, or 1 to 5 images." });
  if (!video) {
    const [image] = media;
    const source = image && media.length === 1 ? { source_type: "image_url", url: image.url } : { source_type: "multiple_image_urls", items: media.map((m) => ({ url: m.url })) };
    return createPin(tokens, { ...pin, media_source: source }, adAccountId, net);
  }
  const cover = options.coverImageUrl ? { cover_image_url: options.coverImageUrl } : { cover_image_key_frame_time: options.coverImageKeyFrameTime ?? pinterestDefaultCoverSecond };
  const mediaId = await uploadVideo(tokens, video, net);
  const token: VideoPollToken = { mediaId, pin, cover, adAccountId };
  return { state: "processing", networkPostId: null, url: null, pollToken: JSON.stringify(token), pollAfterSeconds: pinterestPollSeconds };
}

function readPollToken(pollToken: string): VideoPollToken {
  let json: unknown = null;
  try {
    json = JSON.parse(pollToken);
  } catch {
    json = null;
  }
  const parsed = v.safeParse(VideoPollToken, json);
  if (!parsed.success) throw new ApiError("internal_error", { platform: "pinterest", message: "pinterest: the poll token was not issued by this adapter." });
  return parsed.output;
}

export async function checkPinterestPublish(tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<PublishResult> {
  const token = readPollToken(pollToken);
  const response = await callNetwork(net, table, `${pinterestApiBaseUrl}/media/${encodeURIComponent(token.mediaId)}`, { headers: bearer(tokens) });
  const status = parseNetworkBody("pinterest", MediaStatus, response.body, "media/get").status;
  if (status === "failed") {
    return { state: "failed", error: new ApiError("media_unreadable", { platform: "pinterest", message: "pinterest: Pinterest could not process the video." }) };
  }
  if (status !== "succeeded") return { state: "processing", networkPostId: null, url: null, pollToken, pollAfterSeconds: pinterestPollSeconds };
  try {
    return await createPin(tokens, { ...token.pin, media_source: { source_type: "video_id", media_id: token.mediaId, ...token.cover } }, token.adAccountId, net);
  } catch (error) {
    // A refusal of the Pin itself (board deleted meanwhile, cover unreadable) ends the publish;
    // outages stay errors so the poller asks again.
    if (error instanceof ApiError && !error.retryable) return { state: "failed", error };
    throw error;
  }
}

/**
 * After a lost answer: the board's Pins, newest first, matched on the description and title sent.
 * A video Pin still waiting for its media is not a Pin yet, so it is not found.
 */
export async function findPinterestPublished(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<{ networkPostId: string; url: string | null } | null> {
  const options = readOptions(request.options);
  const pin = pinFields(request, options);
  const url = `${pinterestApiBaseUrl}/boards/${encodeURIComponent(pin.board_id)}/pins?page_size=${pinterestRecentPinsPage}`;
  const response = await callNetwork(net, table, url, { headers: bearer(tokens) });
  const found = parseNetworkBody("pinterest", PinList, response.body, "boards/list_pins").items.find(
    (item) => (item.description ?? undefined) === pin.description && (item.title ?? undefined) === pin.title,
  );
  return found ? { networkPostId: found.id, url: pinterestPinUrl(found.id) } : null;
}

/** DELETE /v5/pins/{id}. A Pin already gone counts as deleted, so a retried retract succeeds. */
export async function deletePinterestPost(tokens: TokenSet, networkPostId: string, net: NetworkContext): Promise<void> {
  let response: Response;
  try {
    response = await net.fetch(`${pinterestApiBaseUrl}/pins/${encodeURIComponent(networkPostId)}`, { method: "DELETE", headers: bearer(tokens) });
  } catch (cause) {
    throw new ApiError("platform_unavailable", { platform: "pinterest", message: `pinterest could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}` });
  }
  const body = await readBody(response);
  if ((response.status >= 200 && response.status < 300) || response.status === 404) return;
  throw classifyFailure(table, { status: response.status, headers: response.headers, body }, net.now());
}

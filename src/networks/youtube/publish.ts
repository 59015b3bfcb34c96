import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, classifyFailure, parseNetworkBody, readBody } from "../http.js";
import type { PublishMedia, PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { youtubeMaxPlaylistPages, youtubePollSeconds, youtubeUrls } from "./capabilities.js";
import { youtubeRules } from "./rules.js";
import { youtubeErrorTable, youtubeProcessingErrorTable, youtubePublishErrorTable } from "./errors.js";

/**
 * videos.insert through the resumable upload protocol: POST the metadata to the upload endpoint
 * (discovery `mediaUpload`, under the API's rootUrl) with `uploadType=resumable`, read the session
 * URI from `Location`, PUT the bytes there, and get the video resource back; a custom thumbnail
 * is then set with thumbnails.set. YouTube then
 * processes the video; checkPublish follows videos.list (status, processingDetails) until it is
 * processed, failed or rejected.
 */

const Options = v.object({
  postType: v.optional(v.picklist(["video", "short"])),
  title: v.optional(v.string()),
  privacyStatus: v.optional(v.picklist(["public", "unlisted", "private"])),
  categoryId: v.optional(v.string()),
  tags: v.optional(v.array(v.string())),
  madeForKids: v.optional(v.boolean()),
  containsSyntheticMedia: v.optional(v.boolean()),
  embeddable: v.optional(v.boolean()),
  license: v.optional(v.picklist(["youtube", "creativeCommon"])),
  publicStatsViewable: v.optional(v.boolean()),
  notifySubscribers: v.optional(v.boolean()),
  paidProductPlacement: v.optional(v.boolean()),
  defaultLanguage: v.optional(v.string()),
  defaultAudioLanguage: v.optional(v.string()),
  playlistId: v.optional(v.string()),
  thumbnail: v.optional(v.string()),
});
type Options = v.InferOutput<typeof Options>;

const VideoResource = v.object({ id: v.string() });

const VideoList = v.object({
  items: v.optional(
    v.array(
      v.object({
        id: v.string(),
        status: v.optional(v.object({ uploadStatus: v.optional(v.string()), failureReason: v.optional(v.string()), rejectionReason: v.optional(v.string()) })),
        processingDetails: v.optional(v.object({ processingStatus: v.optional(v.string()) })),
      }),
    ),
  ),
});

const ChannelUploads = v.object({
  items: v.optional(v.array(v.object({ contentDetails: v.object({ relatedPlaylists: v.object({ uploads: v.string() }) }) }))),
});

const PlaylistItems = v.object({
  items: v.optional(v.array(v.object({ snippet: v.object({ title: v.optional(v.string()), description: v.optional(v.string()), resourceId: v.object({ videoId: v.optional(v.string()) }) }) }))),
});

const Playlists = v.object({ items: v.optional(v.array(v.object({ id: v.string() }))), nextPageToken: v.optional(v.string()) });

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" });
const watchUrl = (id: string) => `${youtubeUrls.watch}${encodeURIComponent(id)}`;
const shortUrl = (id: string) => `${youtubeUrls.shorts}${encodeURIComponent(id)}`;

/** A Short's poll token carries its kind, so the link stays a Shorts link once processing ends. */
const shortPrefix = "short:";
const videoOfToken = (token: string) => ({ id: token.startsWith(shortPrefix) ? token.slice(shortPrefix.length) : token, short: token.startsWith(shortPrefix) });

/**
 * A Short is a video YouTube files as one by its shape, so one it would file as a regular video
 * is refused before the upload, by the row POST /v1/posts/validate reads (rules.ts).
 */
function checkShort(video: PublishMedia): void {
  const rule = youtubeRules.validation.postTypes?.types.short;
  if (!rule) return;
  const refuse = (code: "field_invalid" | "aspect_ratio_unsupported", message: string) => new ApiError(code, { platform: "youtube", param: "media", message, beforeExecution: true });
  if (rule.maxVideoSeconds !== undefined && video.durationSeconds !== null && video.durationSeconds > rule.maxVideoSeconds) {
    throw refuse("field_invalid", `youtube: a Short lasts at most ${rule.maxVideoSeconds} s; this video lasts ${video.durationSeconds} s.`);
  }
  const { width, height } = video;
  if (rule.maxAspectRatio !== undefined && width !== null && height !== null && height > 0 && width / height > rule.maxAspectRatio * 1.001) {
    throw refuse("aspect_ratio_unsupported", `youtube: a Short is square or vertical; this video is ${width}x${height}.`);
  }
}

function readOptions(raw: Record<string, unknown>): Options {
  const parsed = v.safeParse(Options, raw);
  if (parsed.success) return parsed.output;
  const key = parsed.issues[0]?.path?.[0]?.key;
  throw new ApiError("option_invalid", {
    platform: "youtube",
    param: `platformOptions.youtube${typeof key === "string" ? `.${key}` : ""}`,
    message: `youtube: ${parsed.issues[0]?.message ?? "invalid option"}`,
  });
}

/** The title: platformOptions.youtube.title, else the text's first line, cut to YouTube's 100 characters. */
export function youtubeTitle(text: string, options: { title?: string | undefined }): string {
  const source = options.title ?? text.split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  return [...source.trim()].slice(0, 100).join("");
}

/** The video resource sent with the upload, and the `part` list naming every top-level key in it. */
function videoResource(request: PublishRequest, options: Options): { parts: string[]; body: Record<string, unknown> } {
  const snippet = {
    title: youtubeTitle(request.text, options),
    description: request.text,
    tags: options.tags,
    categoryId: options.categoryId,
    defaultLanguage: options.defaultLanguage,
    defaultAudioLanguage: options.defaultAudioLanguage,
  };
  const status = {
    privacyStatus: options.privacyStatus ?? "public",
    selfDeclaredMadeForKids: options.madeForKids,
    containsSyntheticMedia: options.containsSyntheticMedia,
    embeddable: options.embeddable,
    license: options.license,
    publicStatsViewable: options.publicStatsViewable,
  };
  const body: Record<string, unknown> = { snippet, status };
  if (options.paidProductPlacement !== undefined) body.paidProductPlacementDetails = { hasPaidProductPlacement: options.paidProductPlacement };
  return { parts: Object.keys(body), body };
}

function theVideo(media: PublishMedia[]): PublishMedia {
  const [video] = media;
  if (!video || video.kind !== "video" || media.length > 1) throw new ApiError("video_required", { platform: "youtube", param: "media", message: "youtube: a post is exactly one video." });
  return video;
}

/**
 * The playlist must be one of the channel's own before anything is uploaded: once the video is
 * up, a failed playlist insert could only be reported by failing a post that did go out.
 */
async function checkPlaylist(tokens: TokenSet, playlistId: string, net: NetworkContext): Promise<void> {
  let pageToken: string | undefined;
  for (let page = 0; page < youtubeMaxPlaylistPages; page++) {
    const url = new URL(`${youtubeUrls.api}/playlists`);
    url.searchParams.set("part", "id");
    url.searchParams.set("mine", "true");
    url.searchParams.set("maxResults", "50");
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    const list = parseNetworkBody("youtube", Playlists, (await callNetwork(net, youtubePublishErrorTable, url.toString(), { headers: auth(tokens) })).body, "playlists.list");
    if ((list.items ?? []).some((p) => p.id === playlistId)) return;
    pageToken = list.nextPageToken;
    if (!pageToken) break;
  }
  throw new ApiError("option_invalid", { platform: "youtube", param: "platformOptions.youtube.playlistId", message: `youtube: the channel has no playlist ${playlistId}.` });
}

/** PUT the whole file to the session URI. A session that is gone (404, 410) must be started again: retryable. */
async function uploadBytes(session: string, tokens: TokenSet, media: PublishMedia, bytes: Uint8Array, net: NetworkContext): Promise<string> {
  let response: Response;
  try {
    response = await net.fetch(session, { method: "PUT", headers: { ...auth(tokens), "content-type": media.mimeType }, body: bytes.slice() });
  } catch (cause) {
    throw new ApiError("platform_unavailable", { platform: "youtube", message: `youtube could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}` });
  }
  const body = await readBody(response);
  if (response.status === 404 || response.status === 410) {
    throw new ApiError("platform_unavailable", { platform: "youtube", message: "youtube: the upload session expired; upload again." });
  }
  if (response.status < 200 || response.status >= 300) throw classifyFailure(youtubePublishErrorTable, { status: response.status, headers: response.headers, body }, net.now());
  return parseNetworkBody("youtube", VideoResource, body, "videos.insert").id;
}

export async function publishYoutube(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<PublishResult> {
  const options = readOptions(request.options);
  const media = theVideo(request.media);
  const short = options.postType === "short";
  if (short) checkShort(media);
  if (options.playlistId) await checkPlaylist(tokens, options.playlistId, net);
  const { parts, body } = videoResource(request, options);
  const bytes = await media.read();

  const start = new URL(`${youtubeUrls.upload}/videos`);
  start.searchParams.set("uploadType", "resumable");
  start.searchParams.set("part", parts.join(","));
  if (options.notifySubscribers === false) start.searchParams.set("notifySubscribers", "false");
  const started = await callNetwork(net, youtubePublishErrorTable, start.toString(), {
    method: "POST",
    headers: {
      ...auth(tokens),
      "content-type": "application/json; charset=UTF-8",
      "x-upload-content-length": String(bytes.byteLength),
      "x-upload-content-type": media.mimeType,
    },
    body: JSON.stringify(body),
  });
  const session = started.headers.get("location");
  if (!session) throw new ApiError("platform_unavailable", { platform: "youtube", message: "youtube: the upload was accepted without a session URI." });
  const videoId = await uploadBytes(session, tokens, media, bytes, net);

  if (options.playlistId) {
    // The playlist was checked above. A failure now (a transient error) must not fail the target:
    // the video is up, and retrying the post would upload it a second time.
    await callNetwork(net, youtubePublishErrorTable, `${youtubeUrls.api}/playlistItems?part=snippet`, {
      method: "POST",
      headers: { ...auth(tokens), "content-type": "application/json; charset=UTF-8" },
      body: JSON.stringify({ snippet: { playlistId: options.playlistId, resourceId: { kind: "youtube#video", videoId } } }),
    }).catch(() => undefined);
  }
  const thumbnail = request.attachments?.thumbnail;
  const warnings = thumbnail ? await setThumbnail(tokens, videoId, thumbnail, net) : [];
  const link = short ? shortUrl(videoId) : watchUrl(videoId);
  const pollToken = short ? `${shortPrefix}${videoId}` : videoId;
  return { state: "processing", networkPostId: videoId, url: link, pollToken, pollAfterSeconds: youtubePollSeconds, ...(warnings.length > 0 ? { warnings } : {}) };
}

/**
 * thumbnails.set with the simple upload protocol (discovery `mediaUpload.protocols.simple`): the
 * image bytes as the body. It runs after the video is up, so a refusal (a channel not verified
 * for custom thumbnails, an image YouTube cannot read) becomes a warning on the target instead of
 * failing a post that did go out and that a retry would upload twice.
 */
async function setThumbnail(tokens: TokenSet, videoId: string, image: PublishMedia, net: NetworkContext): Promise<ApiError[]> {
  const url = new URL(`${youtubeUrls.upload}/thumbnails/set`);
  url.searchParams.set("videoId", videoId);
  url.searchParams.set("uploadType", "media");
  try {
    const bytes = await image.read();
    await callNetwork(net, youtubePublishErrorTable, url.toString(), { method: "POST", headers: { ...auth(tokens), "content-type": image.mimeType }, body: bytes.slice() });
    return [];
  } catch (error) {
    const reason = error instanceof ApiError ? error.message : "the upload did not complete";
    return [
      new ApiError("video_thumbnail_not_set", {
        platform: "youtube",
        param: "platformOptions.youtube.thumbnail",
        message: `youtube: the video is published, but its custom thumbnail was not set: ${reason}`,
      }),
    ];
  }
}

const processingFailure = (reason: string, net: NetworkContext) =>
  classifyFailure(
    youtubeProcessingErrorTable,
    { status: 200, headers: new Headers(), body: { error: { message: `YouTube did not publish the video (${reason}).`, errors: [{ reason }] } } },
    net.now(),
  );

export async function checkYoutubePublish(tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<PublishResult> {
  const asked = videoOfToken(pollToken);
  const linkOf = asked.short ? shortUrl : watchUrl;
  const url = new URL(`${youtubeUrls.api}/videos`);
  url.searchParams.set("part", "status,processingDetails");
  url.searchParams.set("id", asked.id);
  const video = parseNetworkBody("youtube", VideoList, (await callNetwork(net, youtubeErrorTable, url.toString(), { headers: auth(tokens) })).body, "videos.list").items?.[0];
  if (!video) return { state: "failed", error: processingFailure("the video is no longer on the channel", net) };
  const status = video.status?.uploadStatus;
  const processing = video.processingDetails?.processingStatus;
  if (status === "failed") return { state: "failed", error: processingFailure(video.status?.failureReason ?? "failed", net) };
  if (status === "rejected") return { state: "failed", error: processingFailure(video.status?.rejectionReason ?? "rejected", net) };
  if (status === "deleted") return { state: "failed", error: processingFailure("deleted", net) };
  if (processing === "failed" || processing === "terminated") return { state: "failed", error: processingFailure(`processing ${processing}`, net) };
  if (status === "processed" || processing === "succeeded") return { state: "published", networkPostId: video.id, url: linkOf(video.id) };
  return { state: "processing", networkPostId: video.id, url: linkOf(video.id), pollToken, pollAfterSeconds: youtubePollSeconds };
}

/**
 * After a lost answer (the PUT or its response timed out): the channel's uploads playlist, newest
 * first, holds the video if it was created; it is matched on the exact title and description sent.
 * Two list calls, 1 quota unit each (search.list would spend the scarce search bucket).
 */
export async function findYoutubePublished(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<{ networkPostId: string; url: string | null } | null> {
  const options = readOptions(request.options);
  const title = youtubeTitle(request.text, options);
  const channels = await callNetwork(net, youtubeErrorTable, `${youtubeUrls.api}/channels?part=contentDetails&mine=true`, { headers: auth(tokens) });
  const uploads = parseNetworkBody("youtube", ChannelUploads, channels.body, "channels.list").items?.[0]?.contentDetails.relatedPlaylists.uploads;
  if (!uploads) throw new ApiError("video_no_channel", { platform: "youtube" });
  const url = new URL(`${youtubeUrls.api}/playlistItems`);
  url.searchParams.set("part", "snippet");
  url.searchParams.set("playlistId", uploads);
  url.searchParams.set("maxResults", "50");
  const items = parseNetworkBody("youtube", PlaylistItems, (await callNetwork(net, youtubeErrorTable, url.toString(), { headers: auth(tokens) })).body, "playlistItems.list").items ?? [];
  const found = items.find((item) => item.snippet.title === title && (item.snippet.description ?? "") === request.text)?.snippet.resourceId.videoId;
  return found ? { networkPostId: found, url: options.postType === "short" ? shortUrl(found) : watchUrl(found) } : null;
}

/** videos.delete. A video already gone counts as deleted, so a retried retract succeeds. */
export async function deleteYoutubePost(tokens: TokenSet, networkPostId: string, net: NetworkContext): Promise<void> {
  const url = `${youtubeUrls.api}/videos?id=${encodeURIComponent(networkPostId)}`;
  const response = await net.fetch(url, { method: "DELETE", headers: auth(tokens) }).catch((cause: unknown) => {
    throw new ApiError("platform_unavailable", { platform: "youtube", message: `youtube could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}` });
  });
  if (response.status === 404) return;
  if (response.status >= 200 && response.status < 300) return;
  throw classifyFailure(youtubePublishErrorTable, { status: response.status, headers: response.headers, body: await readBody(response) }, net.now());
}

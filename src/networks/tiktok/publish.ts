import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { classifyFailure, parseNetworkBody } from "../http.js";
import type { PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { callTiktok } from "./call.js";
import { tiktokListedCaptionLength, tiktokPollSeconds, tiktokPostUrl, tiktokPublishUrls, tiktokRetryAfterSeconds } from "./capabilities.js";
import { queryCreatorInfo, tiktokJsonHeaders } from "./creator-info.js";
import { tiktokPublishErrorTable } from "./errors.js";
import { directBody, directPostChoices, inboxBody, readOptions, splitMedia } from "./publish-body.js";

/**
 * TikTok Content Posting API. Direct Post: creator_info (required before every post: the privacy
 * levels this account may use, interaction switches, the longest video), then video/init or
 * content/init (photos) with PULL_FROM_URL, so TikTok downloads the media from Chorus's signed
 * URL. MEDIA_UPLOAD sends the media to the creator's TikTok inbox instead (inbox/video/init or
 * content/init with post_mode MEDIA_UPLOAD). Both are asynchronous: the answer is a publish_id
 * that status/fetch follows until TikTok publishes, delivers to the inbox, or fails.
 */

/** What checkPublish needs later; the poll token is this record as JSON. */
const PollToken = v.object({
  publishId: v.string(),
  mode: v.picklist(["DIRECT_POST", "MEDIA_UPLOAD"]),
  /** Only PUBLIC_TO_EVERYONE posts go through moderation and get a public post id. */
  publicPost: v.boolean(),
  username: v.nullable(v.string()),
});
type PollToken = v.InferOutput<typeof PollToken>;

const InitResponse = v.object({ data: v.object({ publish_id: v.string() }) });

const StatusResponse = v.object({
  data: v.object({ status: v.string(), fail_reason: v.optional(v.nullable(v.string())) }),
});

const VideoList = v.object({
  data: v.object({
    videos: v.optional(v.array(v.object({ id: v.string(), title: v.optional(v.string()), video_description: v.optional(v.string()), share_url: v.optional(v.string()) }))),
  }),
});

/** Publishing classifies with the publish rows first and tells a throttled caller to wait a minute. */
const publishing = { table: tiktokPublishErrorTable, retryAfterSeconds: tiktokRetryAfterSeconds };

const processing = (token: PollToken, pollAfterSeconds: number): PublishResult => ({
  state: "processing",
  networkPostId: null,
  url: null,
  pollToken: JSON.stringify(token),
  pollAfterSeconds,
});

export async function publishTiktok(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<PublishResult> {
  const options = readOptions(request.options);
  const media = splitMedia(request.media);
  const mode = options.postMode ?? "DIRECT_POST";
  let call: { url: string; body: object };
  let token: Omit<PollToken, "publishId">;
  if (mode === "DIRECT_POST") {
    const creator = await queryCreatorInfo(tokens, net, publishing);
    const privacy = directPostChoices(options, creator, "video" in media ? media.video : null);
    call = directBody(request, options, creator, privacy, media);
    token = { mode, publicPost: privacy === "PUBLIC_TO_EVERYONE", username: creator.creator_username };
  } else {
    call = inboxBody(request, options, media);
    token = { mode, publicPost: false, username: null };
  }
  const response = await callTiktok(net, call.url, { method: "POST", headers: tiktokJsonHeaders(tokens), body: JSON.stringify(call.body) }, publishing);
  const publishId = parseNetworkBody("tiktok", InitResponse, response.body, "publish init").data.publish_id;
  return processing({ ...token, publishId }, tiktokPollSeconds.processing);
}

function readPollToken(pollToken: string): PollToken {
  let json: unknown = null;
  try {
    json = JSON.parse(pollToken);
  } catch {
    json = null;
  }
  const parsed = v.safeParse(PollToken, json);
  if (!parsed.success) throw new ApiError("internal_error", { platform: "tiktok", message: "tiktok: the poll token was not issued by this adapter." });
  return parsed.output;
}

/**
 * `publicaly_available_post_id` (sic) is a list of int64, which JSON.parse would round past 2^53,
 * so the ids are read from the raw answer text.
 */
function postIdsFromRaw(raw: string): string[] {
  const list = /"publicaly_available_post_id"\s*:\s*\[([^\]]*)\]/.exec(raw)?.[1] ?? "";
  return list
    .split(",")
    .map((id) => id.trim().replace(/^"|"$/g, ""))
    .filter((id) => /^\d+$/.test(id));
}

export async function checkTiktokPublish(tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<PublishResult> {
  const token = readPollToken(pollToken);
  let raw = "";
  const capturing: NetworkContext = {
    ...net,
    fetch: async (input, init) => {
      const response = await net.fetch(input, init);
      raw = await response.clone().text();
      return response;
    },
  };
  const response = await callTiktok(
    capturing,
    tiktokPublishUrls.statusFetch,
    { method: "POST", headers: tiktokJsonHeaders(tokens), body: JSON.stringify({ publish_id: token.publishId }) },
    publishing,
  );
  const data = parseNetworkBody("tiktok", StatusResponse, response.body, "status/fetch").data;
  switch (data.status) {
    case "FAILED": {
      const reason = data.fail_reason ?? "unknown";
      const body = { error: { code: reason, message: `TikTok did not publish the post (fail_reason ${reason}).` } };
      return { state: "failed", error: classifyFailure(publishing.table, { status: response.status, headers: response.headers, body }, net.now()) };
    }
    // Drafts: TikTok delivered the media to the creator's inbox; finishing the post is theirs to do.
    case "SEND_TO_USER_INBOX":
      return { state: "published", networkPostId: token.publishId, url: null };
    case "PUBLISH_COMPLETE": {
      const [postId] = postIdsFromRaw(raw);
      if (postId) return { state: "published", networkPostId: postId, url: token.username ? tiktokPostUrl(token.username, postId) : null };
      // A public post gets its id once moderation passes (usually within a minute, sometimes hours).
      if (token.publicPost) return processing(token, tiktokPollSeconds.moderation);
      // Private and friends-only posts are complete without a public id: the publish id names them.
      return { state: "published", networkPostId: token.publishId, url: null };
    }
    default:
      // PROCESSING_DOWNLOAD (pull from URL), PROCESSING_UPLOAD, or a status added later.
      return processing(token, tiktokPollSeconds.processing);
  }
}

const normalise = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, tiktokListedCaptionLength);

/**
 * After a lost answer: TikTok has no idempotency key and no list of publish attempts, so the only
 * trace is the post itself among the creator's public videos (Display API, newest first), matched
 * on the caption TikTok lists (cut at 150 characters). Private posts and posts still in moderation
 * are not listed, and a media-only post has no caption to match: those return null.
 */
export async function findTiktokPublished(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<{ networkPostId: string; url: string | null } | null> {
  const wanted = normalise(request.text);
  if (wanted === "") return null;
  const url = `${tiktokPublishUrls.videoList}?fields=id,create_time,title,video_description,share_url`;
  const response = await callTiktok(net, url, { method: "POST", headers: tiktokJsonHeaders(tokens), body: JSON.stringify({ max_count: 20 }) }, publishing);
  const videos = parseNetworkBody("tiktok", VideoList, response.body, "video/list").data.videos ?? [];
  const found = videos.find((video) => [video.video_description, video.title].some((text) => text !== undefined && normalise(text) === wanted));
  return found ? { networkPostId: found.id, url: found.share_url ?? null } : null;
}

import type { Context, Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { creatorSettings, type InitInput, privacyOptions, readInit, type SandboxCreatorSettings, type SandboxPublish, statusOf } from "./publish-model.js";
import { isRecord } from "../../types/is-record.js";
import { type Authorized, authenticate, envelope } from "./wire.js";
import { simulatedAudience } from "../sandbox-metrics.js";
import { jsonBodyOrEmpty } from "../json-body.js";

/**
 * TikTok's Content Posting API as the simulator plays it: creator_info with the creator's live
 * settings, Direct Post video (video/init), inbox drafts (inbox/video/init), photo posts
 * (content/init), status/fetch, and the Display API video list. Media is pulled from URLs
 * (PULL_FROM_URL), as Chorus sends it. The limits TikTok enforces are enforced here too:
 * 6 inits per minute per token, about 15 Direct Posts per creator per 24 hours (a third-party
 * figure; TikTok does not publish it), 5 pending inbox drafts per 24 hours, and unaudited apps
 * posting only to private accounts. The model (settings, publishes, their status) is in
 * publish-model.ts.
 */

const INITS_PER_MINUTE = 6;
const DIRECT_POSTS_PER_DAY = 15;
const PENDING_DRAFTS_PER_DAY = 5;
const DAY_MS = 86_400_000;

async function recentPublishes(deps: SimulatorDeps, accountId: string): Promise<SandboxPublish[]> {
  const since = deps.now().getTime() - DAY_MS;
  return (await deps.store.list<SandboxPublish>("tiktok", "publish", { owner: accountId })).map((r) => r.data).filter((p) => new Date(p.createdAt).getTime() > since);
}

/** The account-level posting caps TikTok reports on creator_info (HTTP 200) and on init (HTTP 403). */
async function postingCap(deps: SimulatorDeps, account: SandboxAccount, settings: SandboxCreatorSettings): Promise<[string, string] | null> {
  if (settings.bannedFromPosting) return ["spam_risk_user_banned_from_posting", "The user is banned from making new posts."];
  const direct = (await recentPublishes(deps, account.id)).filter((p) => p.postMode === "DIRECT_POST");
  if (direct.length >= DIRECT_POSTS_PER_DAY) return ["spam_risk_too_many_posts", "The daily post cap from the API is reached for the current user."];
  return null;
}

/** 6 init calls per access token in any 60 seconds. */
async function overInitLimit(deps: SimulatorDeps, auth: Authorized): Promise<boolean> {
  const now = deps.now().getTime();
  const calls = (await deps.store.list<{ token: string; at: number }>("tiktok", "init_call", { owner: auth.account.id })).filter((r) => r.data.token === auth.accessToken && r.data.at > now - 60_000);
  if (calls.length >= INITS_PER_MINUTE) return true;
  await deps.store.put("tiktok", "init_call", crypto.randomUUID(), { token: auth.accessToken, at: now }, auth.account.id);
  return false;
}

async function initPublish(c: Context, deps: SimulatorDeps, input: InitInput, auth: Authorized): Promise<Response> {
  if (await overInitLimit(deps, auth)) return envelope(c, deps, 429, {}, "rate_limit_exceeded", "The API rate limit was exceeded. Please try again later.");
  const settings = await creatorSettings(deps.store, auth.account.id);
  if (input.postMode === "DIRECT_POST") {
    const cap = await postingCap(deps, auth.account, settings);
    if (cap) return envelope(c, deps, 403, {}, cap[0], cap[1]);
    if (settings.unauditedClient && !settings.privateAccount) {
      return envelope(c, deps, 403, {}, "unaudited_client_can_only_post_to_private_accounts", "Unaudited clients can only post to a private account.");
    }
  } else {
    const pending = (await recentPublishes(deps, auth.account.id)).filter((p) => p.postMode === "MEDIA_UPLOAD" && !p.failReason);
    if (pending.length >= PENDING_DRAFTS_PER_DAY) {
      return envelope(c, deps, 403, {}, "spam_risk_too_many_pending_share", "The daily upload cap from the API is reached for the current user.");
    }
  }
  const read = readInit(input, settings);
  if ("code" in read) return envelope(c, deps, read.status, {}, read.code, read.message);
  const prefix = `${read.mediaType === "VIDEO" ? "v" : "p"}_${read.postMode === "DIRECT_POST" ? "pub" : "inbox"}_url~v2`;
  const publish: SandboxPublish = { ...read, id: `${prefix}.${numericId(19)}`, accountId: auth.account.id, createdAt: deps.now().toISOString(), failReason: null, postId: numericId(19) };
  await deps.store.put("tiktok", "publish", publish.id, publish, auth.account.id);
  return envelope(c, deps, 200, { publish_id: publish.id });
}

const videoFields = [
  "id",
  "create_time",
  "cover_image_url",
  "share_url",
  "video_description",
  "duration",
  "height",
  "width",
  "title",
  "embed_html",
  "embed_link",
  "like_count",
  "comment_count",
  "share_count",
  "view_count",
];

/** The Display API's video reads (query, list): the `video.list` scope and a `fields` list of known names, or TikTok's refusal. */
async function videoRead(c: Context, deps: SimulatorDeps): Promise<{ auth: Authorized; fields: string[] } | Response> {
  const auth = await authenticate(c, deps, ["video.list"]);
  if (auth instanceof Response) return auth;
  const fields = (c.req.query("fields") ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  const unknown = fields.filter((f) => !videoFields.includes(f));
  if (fields.length === 0 || unknown.length > 0) return envelope(c, deps, 400, {}, "invalid_params", fields.length === 0 ? "fields is required" : `Invalid fields: ${unknown.join(",")}`);
  return { auth, fields };
}

export function mountContentPosting(app: Hono, deps: SimulatorDeps): void {
  app.post("/v2/post/publish/creator_info/query/", async (c) => {
    const auth = await authenticate(c, deps, ["video.publish"]);
    if (auth instanceof Response) return auth;
    const settings = await creatorSettings(deps.store, auth.account.id);
    // Posting caps come back here with HTTP 200 and the error in the envelope, as TikTok documents.
    const cap = await postingCap(deps, auth.account, settings);
    if (cap) return envelope(c, deps, 200, {}, cap[0], cap[1]);
    return envelope(c, deps, 200, {
      creator_avatar_url: auth.account.avatarUrl,
      creator_username: auth.account.handle,
      creator_nickname: auth.account.displayName,
      privacy_level_options: privacyOptions(settings),
      comment_disabled: settings.commentDisabled,
      // A private account cannot be dueted or stitched.
      duet_disabled: settings.duetDisabled || settings.privateAccount,
      stitch_disabled: settings.stitchDisabled || settings.privateAccount,
      max_video_post_duration_sec: settings.maxVideoPostDurationSec,
    });
  });

  app.post("/v2/post/publish/video/init/", async (c) => {
    const auth = await authenticate(c, deps, ["video.publish"]);
    if (auth instanceof Response) return auth;
    return initPublish(c, deps, { mediaType: "VIDEO", postMode: "DIRECT_POST", body: await jsonBodyOrEmpty(c) }, auth);
  });

  app.post("/v2/post/publish/inbox/video/init/", async (c) => {
    const auth = await authenticate(c, deps, ["video.upload"]);
    if (auth instanceof Response) return auth;
    return initPublish(c, deps, { mediaType: "VIDEO", postMode: "MEDIA_UPLOAD", body: await jsonBodyOrEmpty(c) }, auth);
  });

  app.post("/v2/post/publish/content/init/", async (c) => {
    const body = await jsonBodyOrEmpty(c);
    const postMode = body.post_mode;
    const auth = await authenticate(c, deps, [], postMode === "MEDIA_UPLOAD" ? ["video.upload", "video.publish"] : ["video.publish"]);
    if (auth instanceof Response) return auth;
    if (body.media_type !== "PHOTO") return envelope(c, deps, 400, {}, "invalid_param", "media_type must be PHOTO");
    if (postMode !== "DIRECT_POST" && postMode !== "MEDIA_UPLOAD") return envelope(c, deps, 400, {}, "invalid_param", "post_mode must be DIRECT_POST or MEDIA_UPLOAD");
    return initPublish(c, deps, { mediaType: "PHOTO", postMode, body }, auth);
  });

  app.post("/v2/post/publish/status/fetch/", async (c) => {
    const auth = await authenticate(c, deps, [], ["video.upload", "video.publish"]);
    if (auth instanceof Response) return auth;
    const publishId = (await jsonBodyOrEmpty(c)).publish_id;
    const found = typeof publishId === "string" ? await deps.store.get<SandboxPublish>("tiktok", "publish", publishId) : null;
    if (!found) return envelope(c, deps, 400, {}, "invalid_publish_id", "The publish_id does not exist.");
    if (found.data.accountId !== auth.account.id)
      return envelope(c, deps, 400, {}, "token_not_authorized_for_specified_publish_id", "The access_token does not have authorization for this publish_id.");
    const state = statusOf(found.data, deps.now());
    const data = {
      status: state.status,
      ...(state.failReason ? { fail_reason: state.failReason } : {}),
      publicaly_available_post_id: ["@@POST_IDS@@"],
      downloaded_bytes: state.status === "PROCESSING_DOWNLOAD" ? 0 : 1_048_576,
    };
    // int64 post ids are written as bare JSON numbers, as TikTok sends them (too big for a JS number).
    const text = JSON.stringify({ data, error: { code: "ok", message: "", log_id: "" } }).replace('"@@POST_IDS@@"', state.postIds.join(","));
    return c.body(text, 200, { "content-type": "application/json; charset=UTF-8" });
  });

  // Display API `video/query`: the creator's own public videos by id (at most 20), with their counters.
  app.post("/v2/video/query/", async (c) => {
    const asked = await videoRead(c, deps);
    if (asked instanceof Response) return asked;
    const { auth, fields } = asked;
    const body = await jsonBodyOrEmpty(c);
    const filters = isRecord(body.filters) ? body.filters : {};
    const ids = Array.isArray(filters.video_ids) ? filters.video_ids.map(String) : [];
    if (ids.length < 1 || ids.length > 20) return envelope(c, deps, 400, {}, "invalid_params", "filters.video_ids must have between 1 and 20 ids");
    const own = (await deps.store.list<SandboxPublish>("tiktok", "publish", { owner: auth.account.id }))
      .map((r) => r.data)
      .filter((p) => p.postMode === "DIRECT_POST" && statusOf(p, deps.now()).postIds.length > 0);
    // Ids of other creators' or unpublished videos are left out of the answer, not refused.
    const videos = own
      .filter((p) => ids.includes(String(p.postId)))
      .map((p) => {
        const a = simulatedAudience(`tiktok:${String(p.postId)}`, p.createdAt, deps.now(), true);
        const video: Record<string, unknown> = {
          id: String(p.postId),
          create_time: Math.floor(Date.parse(p.createdAt) / 1000),
          view_count: a.videoViews,
          like_count: a.likes,
          comment_count: a.comments,
          share_count: a.shares,
        };
        return Object.fromEntries(fields.filter((f) => f in video).map((f) => [f, video[f]]));
      });
    return envelope(c, deps, 200, { videos, cursor: 0, has_more: false });
  });

  app.post("/v2/video/list/", async (c) => {
    const asked = await videoRead(c, deps);
    if (asked instanceof Response) return asked;
    const { auth, fields } = asked;
    const body = await jsonBodyOrEmpty(c);
    const maxCount = typeof body.max_count === "number" ? body.max_count : 10;
    if (!Number.isInteger(maxCount) || maxCount < 1 || maxCount > 20) return envelope(c, deps, 400, {}, "invalid_params", "max_count must be between 1 and 20");
    const cursor = typeof body.cursor === "number" ? body.cursor : Number.MAX_SAFE_INTEGER;
    // Only public videos that passed moderation are listed, newest first; captions are cut at 150.
    const listed = (await deps.store.list<SandboxPublish>("tiktok", "publish", { owner: auth.account.id }))
      .map((r) => r.data)
      .filter((p) => p.postMode === "DIRECT_POST" && statusOf(p, deps.now()).postIds.length > 0)
      .map((p) => ({ publish: p, at: new Date(p.createdAt).getTime() }))
      .filter((p) => p.at < cursor)
      .sort((a, b) => b.at - a.at);
    const page = listed.slice(0, maxCount);
    const videos = page.map(({ publish, at }) => {
      const video: Record<string, unknown> = {
        id: publish.postId,
        create_time: Math.floor(at / 1000),
        title: publish.title.slice(0, 150),
        video_description: (publish.mediaType === "VIDEO" ? publish.title : publish.description).slice(0, 150),
        share_url: `https://www.tiktok.com/@${encodeURIComponent(auth.account.handle)}/video/${publish.postId}`,
        cover_image_url: `https://sandbox.chorus.invalid/tiktok/covers/${publish.postId}.jpg`,
        duration: publish.mediaType === "VIDEO" ? 15 : 0,
        like_count: 0,
        comment_count: 0,
        share_count: 0,
        view_count: 0,
      };
      return Object.fromEntries(fields.filter((f) => f in video).map((f) => [f, video[f]]));
    });
    const last = page.at(-1);
    return envelope(c, deps, 200, { videos, cursor: last ? last.at : 0, has_more: listed.length > page.length });
  });
}

import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { PublishRequest, PublishResult } from "../../src/networks/publish-types.js";
import { tiktokAdapter } from "../../src/networks/tiktok/adapter.js";
import { tiktokPublishErrorTable, tiktokPublishRows } from "../../src/networks/tiktok/errors.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { failSandboxPublish, type SandboxPublish, setSandboxCreator } from "../../src/sandbox/tiktok/publish-model.js";
import { createTiktokSimulator } from "../../src/sandbox/tiktok/simulator.js";
import type { SandboxFault } from "../../src/sandbox/types.js";
import { apiError as failure, connectThroughConsent, createSandbox, type ErrorFixture, expectFixturesCoverTable, required, type Sandbox, sampleMedia } from "./harness.js";

const publish = required(tiktokAdapter, "publish");
const checkPublish = required(tiktokAdapter, "checkPublish");
const findPublished = required(tiktokAdapter, "findPublished");

const config = { clientId: "sandbox-tt-client-key", clientSecret: "sandbox-tt-secret", redirectUri: "https://chorus.test/v1/connect/callback/tiktok/" };
const setup = () => createSandbox([createTiktokSimulator], { start: "2026-11-21T10:00:00.000Z", config });

async function connect(ctx: Sandbox, handle: string): Promise<{ tokens: TokenSet; accountId: string }> {
  const { tokens } = await connectThroughConsent(tiktokAdapter, ctx.net, { handle, browser: ctx.sandboxFetch });
  return { tokens, accountId: String(tokens.extra.openId) };
}

const request = (input: Partial<PublishRequest> & Pick<PublishRequest, "media">): PublishRequest => ({
  text: "Morning light over the harbour #sandbox",
  options: { privacyLevel: "PUBLIC_TO_EVERYONE" },
  destination: null,
  targetId: "tgt_tiktok_1",
  ...input,
});

function processing(result: PublishResult) {
  if (result.state !== "processing") throw new Error(`expected processing, got ${JSON.stringify(result)}`);
  return result;
}

const pollTokenOf = (result: PublishResult) => JSON.parse(processing(result).pollToken) as { publishId: string };

/** The JSON body of the recorded request to `path`, the last one by default. */
function sentBody(ctx: Sandbox, path: string, index = -1): unknown {
  const calls = ctx.requests.filter((r) => new URL(r.url).pathname === path);
  const call = calls.at(index);
  if (!call) throw new Error(`no request to ${path}`);
  return JSON.parse(call.body ?? "null");
}

const paths = (ctx: Sandbox) => ctx.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);

// TikTok publishes no machine-readable spec; these are the request bodies of the Content Posting
// reference (Direct Post, Upload, Photo, Get Post Status), written down field by field.
const SourceVideo = v.strictObject({ source: v.literal("PULL_FROM_URL"), video_url: v.pipe(v.string(), v.url()) });
const Privacy = v.picklist(["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"]);
const documented = {
  "/v2/post/publish/video/init/": v.strictObject({
    post_info: v.strictObject({
      privacy_level: Privacy,
      title: v.optional(v.pipe(v.string(), v.maxLength(2200))),
      disable_duet: v.optional(v.boolean()),
      disable_stitch: v.optional(v.boolean()),
      disable_comment: v.optional(v.boolean()),
      video_cover_timestamp_ms: v.optional(v.number()),
      brand_content_toggle: v.boolean(),
      brand_organic_toggle: v.optional(v.boolean()),
      is_aigc: v.optional(v.boolean()),
    }),
    source_info: SourceVideo,
  }),
  "/v2/post/publish/inbox/video/init/": v.strictObject({ source_info: SourceVideo }),
  "/v2/post/publish/content/init/": v.strictObject({
    media_type: v.literal("PHOTO"),
    post_mode: v.picklist(["DIRECT_POST", "MEDIA_UPLOAD"]),
    post_info: v.strictObject({
      title: v.optional(v.pipe(v.string(), v.maxLength(90))),
      description: v.optional(v.pipe(v.string(), v.maxLength(4000))),
      privacy_level: v.optional(Privacy),
      disable_comment: v.optional(v.boolean()),
      auto_add_music: v.optional(v.boolean()),
      brand_content_toggle: v.optional(v.boolean()),
      brand_organic_toggle: v.optional(v.boolean()),
    }),
    source_info: v.strictObject({
      source: v.literal("PULL_FROM_URL"),
      photo_images: v.pipe(v.array(v.pipe(v.string(), v.url())), v.minLength(1), v.maxLength(35)),
      photo_cover_index: v.pipe(v.number(), v.integer(), v.minValue(0)),
    }),
  }),
  "/v2/post/publish/status/fetch/": v.strictObject({ publish_id: v.string() }),
  "/v2/video/list/": v.strictObject({ max_count: v.optional(v.pipe(v.number(), v.maxValue(20))), cursor: v.optional(v.number()) }),
  "/v2/post/publish/creator_info/query/": v.undefined(),
} as const;

function expectDocumentedRequests(ctx: Sandbox): void {
  for (const r of ctx.requests) {
    const url = new URL(r.url);
    if (url.pathname === "/v2/oauth/token/") continue;
    const schema = documented[url.pathname as keyof typeof documented];
    expect(schema, `${r.method} ${url.pathname} is a documented Content Posting call`).toBeDefined();
    expect(r.method).toBe("POST");
    expect(r.headers.authorization).toMatch(/^Bearer act\.sandbox-/);
    if (r.body !== null) expect(r.headers["content-type"]).toBe("application/json; charset=UTF-8");
    const parsed = v.safeParse(schema, r.body === null ? undefined : JSON.parse(r.body));
    expect(parsed.issues?.map((i) => `${url.pathname} ${i.path?.map((p) => String(p.key)).join(".")}: ${i.message}`) ?? []).toEqual([]);
  }
}

describe("tiktok publishing against the TikTok simulator", () => {
  it("posts a video by URL: creator_info, video/init, then status until moderation releases the post id", async () => {
    const ctx = setup();
    const { tokens, accountId } = await connect(ctx, "sandbox.filmer");
    const video = sampleMedia({ kind: "video", durationSeconds: 42 });
    const result = processing(await publish(tokens, request({ media: [video], options: { privacyLevel: "PUBLIC_TO_EVERYONE", videoCoverTimestampMs: 1500, isAigc: true } }), ctx.net));
    expect(result).toMatchObject({ networkPostId: null, url: null, pollAfterSeconds: 5 });
    expect(paths(ctx).slice(-2)).toEqual(["POST /v2/post/publish/creator_info/query/", "POST /v2/post/publish/video/init/"]);
    expect(sentBody(ctx, "/v2/post/publish/video/init/")).toEqual({
      post_info: {
        privacy_level: "PUBLIC_TO_EVERYONE",
        title: "Morning light over the harbour #sandbox",
        disable_comment: false,
        disable_duet: false,
        // The sandbox creator switched stitches off; the post cannot turn them back on.
        disable_stitch: true,
        video_cover_timestamp_ms: 1500,
        is_aigc: true,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
      source_info: { source: "PULL_FROM_URL", video_url: video.url },
    });
    // TikTok pulls the file itself: the bytes are never read.
    expect(video.readCount).toBe(0);

    expect(await checkPublish(tokens, result.pollToken, ctx.net)).toMatchObject({ state: "processing", pollAfterSeconds: 5 });
    ctx.advance(2000);
    // Published, but a public post has no id until moderation passes.
    expect(await checkPublish(tokens, result.pollToken, ctx.net)).toMatchObject({ state: "processing", pollAfterSeconds: 30 });
    ctx.advance(2000);
    const done = await checkPublish(tokens, result.pollToken, ctx.net);
    const stored = await ctx.store.get<SandboxPublish>("tiktok", "publish", pollTokenOf(result).publishId);
    // The post id is an int64 beyond 2^53 on the wire; it must arrive digit for digit.
    expect(stored?.data.postId).toMatch(/^\d{19}$/);
    expect(done).toEqual({ state: "published", networkPostId: stored?.data.postId, url: `https://www.tiktok.com/@sandbox.filmer/video/${stored?.data.postId}` });
    expect(stored?.data.accountId).toBe(accountId);
    expectDocumentedRequests(ctx);
  });

  it("posts a photo carousel through content/init with title, description and cover", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox.photos");
    const photos = [sampleMedia({ kind: "image", mimeType: "image/webp" }), sampleMedia({ kind: "image" }), sampleMedia({ kind: "image" })];
    const options = { privacyLevel: "SELF_ONLY", title: "Harbour, three ways", photoCoverIndex: 1, autoAddMusic: true, disableComment: true };
    const result = processing(await publish(tokens, request({ media: photos, options }), ctx.net));
    expect(sentBody(ctx, "/v2/post/publish/content/init/")).toEqual({
      media_type: "PHOTO",
      post_mode: "DIRECT_POST",
      post_info: {
        title: "Harbour, three ways",
        description: "Morning light over the harbour #sandbox",
        privacy_level: "SELF_ONLY",
        disable_comment: true,
        auto_add_music: true,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
      source_info: { source: "PULL_FROM_URL", photo_images: photos.map((p) => p.url), photo_cover_index: 1 },
    });
    expect(pollTokenOf(result).publishId).toMatch(/^p_pub_url~v2\.\d+$/);
    ctx.advance(2500);
    // A private post completes without a public id: the publish id names it.
    expect(await checkPublish(tokens, result.pollToken, ctx.net)).toEqual({ state: "published", networkPostId: pollTokenOf(result).publishId, url: null });
    expect(photos.every((p) => p.readCount === 0)).toBe(true);
    expectDocumentedRequests(ctx);
  });

  it("sends drafts to the creator's inbox with MEDIA_UPLOAD, without creator_info", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox.drafts");
    const video = sampleMedia({ kind: "video" });
    const result = processing(await publish(tokens, request({ media: [video], options: { postMode: "MEDIA_UPLOAD" } }), ctx.net));
    expect(paths(ctx).at(-1)).toBe("POST /v2/post/publish/inbox/video/init/");
    expect(paths(ctx)).not.toContain("POST /v2/post/publish/creator_info/query/");
    expect(sentBody(ctx, "/v2/post/publish/inbox/video/init/")).toEqual({ source_info: { source: "PULL_FROM_URL", video_url: video.url } });
    ctx.advance(2000);
    expect(await checkPublish(tokens, result.pollToken, ctx.net)).toEqual({ state: "published", networkPostId: pollTokenOf(result).publishId, url: null });

    const photoDraft = processing(await publish(tokens, request({ media: [sampleMedia({ kind: "image" })], options: { postMode: "MEDIA_UPLOAD", title: "Draft" } }), ctx.net));
    expect(sentBody(ctx, "/v2/post/publish/content/init/")).toMatchObject({ post_mode: "MEDIA_UPLOAD", post_info: { title: "Draft", description: "Morning light over the harbour #sandbox" } });
    expect(pollTokenOf(photoDraft).publishId).toMatch(/^p_inbox_url~v2\./);
    expectDocumentedRequests(ctx);
  });

  it("honours the creator's switched-off interactions and leaves out an empty caption", async () => {
    const ctx = setup();
    const { tokens, accountId } = await connect(ctx, "sandbox.quiet");
    await setSandboxCreator(ctx.store, accountId, { commentDisabled: true, duetDisabled: true });
    await publish(
      tokens,
      request({ text: " ", media: [sampleMedia({ kind: "video" })], options: { privacyLevel: "MUTUAL_FOLLOW_FRIENDS", disableComment: false, brandOrganicToggle: true } }),
      ctx.net,
    );
    const body = sentBody(ctx, "/v2/post/publish/video/init/") as { post_info: Record<string, unknown> };
    expect(body.post_info).toMatchObject({ privacy_level: "MUTUAL_FOLLOW_FRIENDS", disable_comment: true, disable_duet: true, disable_stitch: true, brand_organic_toggle: true });
    expect(body.post_info).not.toHaveProperty("title");
  });

  it("refuses choices creator_info rules out before asking TikTok to post", async () => {
    const ctx = setup();
    const { tokens, accountId } = await connect(ctx, "sandbox.private");
    await setSandboxCreator(ctx.store, accountId, { privateAccount: true });
    const video = [sampleMedia({ kind: "video" })];

    const notOffered = await failure(publish(tokens, request({ media: video }), ctx.net));
    expect(notOffered).toMatchObject({ code: "clip_privacy_level", param: "platformOptions.tiktok.privacyLevel", platform: "tiktok" });
    expect(notOffered.message).toContain("FOLLOWER_OF_CREATOR, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY");
    expect((await failure(publish(tokens, request({ media: video, options: {} }), ctx.net))).code).toBe("clip_privacy_level");
    expect((await failure(publish(tokens, request({ media: video, options: { privacyLevel: "SELF_ONLY", brandContentToggle: true } }), ctx.net))).code).toBe("branded_content_private");
    const tooLong = await failure(publish(tokens, request({ media: [sampleMedia({ kind: "video", durationSeconds: 301 })], options: { privacyLevel: "SELF_ONLY" } }), ctx.net));
    expect(tooLong).toMatchObject({ code: "platform_rejected", param: "media" });
    expect(tooLong.fix).toContain("300 seconds");
    expect((await failure(publish(tokens, request({ media: [sampleMedia({ kind: "image" })], options: { privacyLevel: "SELF_ONLY", photoCoverIndex: 1 } }), ctx.net))).code).toBe("option_invalid");
    expect((await failure(publish(tokens, request({ media: [sampleMedia({ kind: "video" }), sampleMedia({ kind: "image" })] }), ctx.net))).code).toBe("video_not_supported");
    expect((await failure(publish(tokens, request({ media: [] }), ctx.net))).code).toBe("media_required");
    expect(paths(ctx).filter((p) => p.includes("/init/"))).toEqual([]);

    // The same mismatch sent anyway is TikTok's privacy_level_option_mismatch, mapped to the same code.
    const raw = await ctx.net.fetch("https://open.tiktokapis.com/v2/post/publish/video/init/", {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json; charset=UTF-8" },
      body: JSON.stringify({ post_info: { privacy_level: "PUBLIC_TO_EVERYONE", brand_content_toggle: false }, source_info: { source: "PULL_FROM_URL", video_url: "https://media.chorus.test/x" } }),
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ error: { code: "privacy_level_option_mismatch" } });
  });

  it("maps TikTok's posting refusals: unaudited app, ban, daily cap, pending drafts, per-minute limit", async () => {
    const ctx = setup();
    const { tokens, accountId } = await connect(ctx, "sandbox.capped");
    const video = () => [sampleMedia({ kind: "video" })];

    await setSandboxCreator(ctx.store, accountId, { unauditedClient: true });
    expect(await failure(publish(tokens, request({ media: video() }), ctx.net))).toMatchObject({ code: "clip_unaudited", retryable: false });
    await setSandboxCreator(ctx.store, accountId, { unauditedClient: false, bannedFromPosting: true });
    // Caps and bans come back from creator_info with HTTP 200 and the error in the envelope.
    expect((await failure(publish(tokens, request({ media: video() }), ctx.net))).code).toBe("clip_account_restricted");
    await setSandboxCreator(ctx.store, accountId, { bannedFromPosting: false });
    ctx.advance(61_000);

    // Six inits a minute per token: the seventh is throttled with a minute's Retry-After.
    for (let i = 0; i < 6; i++) await publish(tokens, request({ media: video() }), ctx.net);
    const throttled = await failure(publish(tokens, request({ media: video() }), ctx.net));
    expect(throttled).toMatchObject({ code: "rate_limited", retryable: true, headers: { "Retry-After": "60" } });
    for (let i = 0; i < 9; i++) {
      if (i % 5 === 0) ctx.advance(61_000);
      await publish(tokens, request({ media: video() }), ctx.net);
    }
    // Fifteen Direct Posts in 24 hours reach TikTok's daily cap.
    ctx.advance(61_000);
    expect(await failure(publish(tokens, request({ media: video() }), ctx.net))).toMatchObject({ code: "quota_exceeded", retryable: true });

    // Five drafts may wait in the inbox; the sixth is refused.
    const drafts = await connect(ctx, "sandbox.inbox");
    for (let i = 0; i < 5; i++) {
      if (i === 3) ctx.advance(61_000);
      await publish(drafts.tokens, request({ media: video(), options: { postMode: "MEDIA_UPLOAD" } }), ctx.net);
    }
    expect((await failure(publish(drafts.tokens, request({ media: video(), options: { postMode: "MEDIA_UPLOAD" } }), ctx.net))).code).toBe("clip_too_many_pending");
  });

  it("maps refusals the sandbox app cannot meet (URL verification, the app's creator cap) from TikTok's bodies", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox.app");
    const refuseInit = (code: string, status: number): NetworkContext => ({
      ...ctx.net,
      fetch: async (input, init) => {
        if (new URL(new Request(input).url).pathname !== "/v2/post/publish/video/init/") return ctx.net.fetch(input, init);
        return new Response(JSON.stringify({ data: {}, error: { code, message: `sample ${code}`, log_id: "202611211000SANDBOX" } }), { status });
      },
    });
    expect((await failure(publish(tokens, request({ media: [sampleMedia({ kind: "video" })] }), refuseInit("url_ownership_unverified", 403)))).code).toBe("clip_url_unverified");
    expect((await failure(publish(tokens, request({ media: [sampleMedia({ kind: "video" })] }), refuseInit("reached_active_user_cap", 403)))).code).toBe("quota_exceeded");
    const unknown = await failure(publish(tokens, request({ media: [sampleMedia({ kind: "video" })] }), refuseInit("invalid_param", 400)));
    expect(unknown).toMatchObject({ code: "platform_rejected", message: "sample invalid_param", fix: null });
  });

  it("ends a FAILED publish with the spec code of its fail_reason", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox.failing");
    const cases: Array<[string, string, boolean]> = [
      ["spam_risk_text", "clip_spam_risk", false],
      ["file_format_check_failed", "media_type_unsupported", false],
      ["picture_size_check_failed", "image_too_large", false],
      ["video_pull_failed", "platform_unavailable", true],
      ["auth_removed", "needs_reauth", false],
    ];
    for (const [reason, code, retryable] of cases) {
      const result = processing(await publish(tokens, request({ media: [sampleMedia({ kind: "video" })] }), ctx.net));
      await failSandboxPublish(ctx.store, pollTokenOf(result).publishId, reason);
      const ended = await checkPublish(tokens, result.pollToken, ctx.net);
      if (ended.state !== "failed") throw new Error(`expected failed for ${reason}`);
      expect(ended.error, reason).toMatchObject({ code, retryable, platform: "tiktok" });
      expect(ended.error.message).toContain(reason);
    }
  });

  it("answers each account fault with TikTok's own failure, on creator_info and on status", async () => {
    const ctx = setup();
    const { tokens, accountId } = await connect(ctx, "sandbox.faulty");
    const result = processing(await publish(tokens, request({ media: [sampleMedia({ kind: "video" })] }), ctx.net));
    const expected: Array<[SandboxFault, string]> = [
      ["expired_token", "needs_reauth"],
      ["revoked_permission", "missing_scope"],
      ["rate_limited", "rate_limited"],
      ["down", "platform_unavailable"],
    ];
    for (const [fault, code] of expected) {
      await ctx.setFault(accountId, fault);
      expect((await failure(publish(tokens, request({ media: [sampleMedia({ kind: "video" })] }), ctx.net))).code, fault).toBe(code);
      expect((await failure(checkPublish(tokens, result.pollToken, ctx.net))).code, fault).toBe(code);
    }
    await ctx.setFault(accountId, "rate_limited");
    expect((await failure(checkPublish(tokens, result.pollToken, ctx.net))).headers).toEqual({ "Retry-After": "60" });
    await ctx.setFault(accountId, "slow", 1200);
    expect((await checkPublish(tokens, result.pollToken, ctx.net)).state).toBe("processing");
    expect(ctx.slept).toContain(1200);
  });

  it("finds a post whose init answer was lost among the creator's public videos", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox.lost");
    const lost = request({ text: "A post whose answer never came back", media: [sampleMedia({ kind: "video" })] });
    // The network took the post, but the answer was lost: only the request is known.
    await publish(tokens, lost, ctx.net);
    expect(await findPublished(tokens, lost, ctx.net)).toBeNull();
    ctx.advance(4000);
    const found = await findPublished(tokens, lost, ctx.net);
    const stored = (await ctx.store.list<SandboxPublish>("tiktok", "publish")).map((r) => r.data).find((p) => p.title === lost.text);
    expect(found).toEqual({ networkPostId: stored?.postId, url: `https://www.tiktok.com/@sandbox.lost/video/${stored?.postId}` });
    expect(await findPublished(tokens, { ...lost, text: "Something never posted" }, ctx.net)).toBeNull();
    expect(await findPublished(tokens, { ...lost, text: " " }, ctx.net)).toBeNull();
    expect(sentBody(ctx, "/v2/video/list/")).toEqual({ max_count: 20 });
    expect(new URL(ctx.requests.filter((r) => r.url.includes("/v2/video/list/")).at(-1)?.url ?? "").searchParams.get("fields")).toBe("id,create_time,title,video_description,share_url");
    expectDocumentedRequests(ctx);
  });

  it("has no deletePost: TikTok's APIs cannot delete a post", () => {
    expect(tiktokAdapter.deletePost).toBeUndefined();
  });

  it("maps every publish-time row of the error table from a realistic TikTok body", () => {
    const api = (code: string) => ({ data: {}, error: { code, message: `sample ${code}`, log_id: "202611211000SANDBOX" } });
    const failed = (reason: string) => ({ error: { code: reason, message: `TikTok did not publish the post (fail_reason ${reason}).` } });
    const fixtures: ErrorFixture[] = [
      { status: 400, body: api("app_version_check_failed"), code: "platform_rejected" },
      { status: 200, body: failed("auth_removed"), code: "needs_reauth" },
      { status: 200, body: failed("file_format_check_failed"), code: "media_type_unsupported" },
      { status: 200, body: failed("picture_size_check_failed"), code: "image_too_large" },
      { status: 200, body: failed("duration_check_failed"), code: "platform_rejected" },
      { status: 200, body: failed("frame_rate_check_failed"), code: "platform_rejected" },
      { status: 200, body: failed("video_pull_failed"), code: "platform_unavailable" },
      { status: 200, body: failed("photo_pull_failed"), code: "platform_unavailable" },
      { status: 200, body: failed("internal"), code: "platform_unavailable" },
      { status: 200, body: failed("publish_cancelled"), code: "platform_rejected" },
    ];
    expectFixturesCoverTable({ ...tiktokPublishErrorTable, rows: tiktokPublishRows }, fixtures);
    // The base rows still apply to publishing (caps, scopes, the unaudited app).
    expect(tiktokPublishErrorTable.rows.length).toBeGreaterThan(tiktokPublishRows.length);
  });
});

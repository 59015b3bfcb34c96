import { describe, expect, it } from "vitest";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import { twitterCapabilities, twitterScopes } from "../../src/networks/twitter/capabilities.js";
import { twitterPublishErrorTable } from "../../src/networks/twitter/errors.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import type { SandboxPost } from "../../src/sandbox/twitter/state.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { apiError, asFailure, connectThroughConsent, createSandbox, expectRowSample, expectValidCapabilities, required, type Sandbox, sampleMedia } from "./harness.js";

const spec = loadOpenApiSpec("x-api-v2-openapi.json");
const publish = required(twitterAdapter, "publish");
const checkPublish = required(twitterAdapter, "checkPublish");
const findPublished = required(twitterAdapter, "findPublished");
const deletePost = required(twitterAdapter, "deletePost");

function setup() {
  return createSandbox([createTwitterSimulator], {
    start: "2026-11-20T10:00:00.000Z",
    config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
  });
}

async function connect(ctx: Sandbox, handle = "sandbox_pub", scope?: string): Promise<TokenSet> {
  const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle, browser: ctx.sandboxFetch, ...(scope ? { scope } : {}) });
  return tokens;
}

const post = (text: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "tgt_x", ...extra });

const apiRequests = (ctx: Sandbox) => ctx.requests.filter((r) => new URL(r.url).host === "api.x.com" && !new URL(r.url).pathname.startsWith("/2/oauth2/"));
const routes = (ctx: Sandbox) => apiRequests(ctx).map((r) => `${r.method} ${new URL(r.url).pathname}`);

/** Every API request the adapter sent is an operation of the official X document and conforms to it. */
function expectSpecConformance(ctx: Sandbox, tokens: TokenSet): void {
  for (const request of apiRequests(ctx)) {
    expect(findOperation(spec, request.method, request.url), `${request.method} ${request.url}`).not.toBeNull();
    expect(checkRequestAgainstSpec(spec, request, { scopes: tokens.scopes })).toEqual([]);
  }
}

const lastBody = (ctx: Sandbox, path: string) => {
  const found = [...ctx.requests].reverse().find((r) => new URL(r.url).pathname === path && r.method === "POST");
  return found?.body ? (JSON.parse(found.body) as Record<string, unknown>) : null;
};

async function storedPost(ctx: Sandbox, id: string): Promise<SandboxPost | null> {
  return (await ctx.store.get<SandboxPost>("twitter", "post", id))?.data ?? null;
}

const jpeg = (alt: string | null = null, size = 2048) => sampleMedia({ kind: "image", mimeType: "image/jpeg", size, alt });

describe("twitter publish", () => {
  it("declares publishing asynchronous (video and GIFs finish by polling) in valid capabilities", () => {
    expectValidCapabilities(twitterCapabilities);
    expect(twitterCapabilities.asynchronousPublishing).toBe(true);
  });

  it("publishes text with POST /2/tweets and answers the post id and its URL", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    const result = await publish(tokens, post("Hello from Chorus & friends"), ctx.net);
    expect(result).toMatchObject({ state: "published" });
    if (result.state !== "published") return;
    expect(result.networkPostId).toMatch(/^\d{19}$/);
    expect(result.url).toBe(`https://x.com/i/web/status/${result.networkPostId}`);
    expect(routes(ctx)).toEqual(["POST /2/tweets"]);
    expect(lastBody(ctx, "/2/tweets")).toEqual({ text: "Hello from Chorus & friends" });
    expect((await storedPost(ctx, result.networkPostId))?.text).toBe("Hello from Chorus & friends");
    expectSpecConformance(ctx, tokens);
  });

  it("uploads images with the simple upload, sets alt text, and attaches them in order", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    const first = jpeg("A red bicycle");
    const second = sampleMedia({ kind: "image", mimeType: "image/png" });
    const result = await publish(tokens, post("two photos", { media: [first, second] }), ctx.net);
    if (result.state !== "published") throw new Error("not published");
    expect(routes(ctx)).toEqual(["POST /2/media/upload", "POST /2/media/metadata", "POST /2/media/upload", "POST /2/tweets"]);
    const uploads = apiRequests(ctx).filter((r) => new URL(r.url).pathname === "/2/media/upload");
    for (const upload of uploads) {
      expect(upload.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload.body).toContain('name="media_category"\r\n\r\ntweet_image');
    }
    const stored = await storedPost(ctx, result.networkPostId);
    expect(lastBody(ctx, "/2/tweets")).toEqual({ text: "two photos", media: { media_ids: stored?.mediaIds } });
    expect(stored?.mediaIds).toHaveLength(2);
    expect(lastBody(ctx, "/2/media/metadata")).toEqual({ id: stored?.mediaIds[0], metadata: { alt_text: { text: "A red bicycle" } } });
    expectSpecConformance(ctx, tokens);
  });

  it("uploads video in chunks, answers processing, and creates the post once STATUS says succeeded", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    const video = sampleMedia({ kind: "video", mimeType: "video/mp4", size: 9 * 1024 * 1024 });
    const started = await publish(tokens, post("a clip", { media: [video] }), ctx.net);
    expect(started).toMatchObject({ state: "processing", networkPostId: null, pollAfterSeconds: 1 });
    if (started.state !== "processing") return;
    const id = (lastBody(ctx, "/2/media/upload/initialize") ?? {}) as Record<string, unknown>;
    expect(id).toEqual({ media_type: "video/mp4", total_bytes: video.bytes, media_category: "tweet_video" });
    const paths = routes(ctx).map((r) => r.replace(/\d{19}/, "{id}"));
    expect(paths).toEqual([
      "POST /2/media/upload/initialize",
      "POST /2/media/upload/{id}/append",
      "POST /2/media/upload/{id}/append",
      "POST /2/media/upload/{id}/append",
      "POST /2/media/upload/{id}/finalize",
    ]);
    const appends = apiRequests(ctx).filter((r) => r.url.endsWith("/append"));
    expect(appends.map((r) => /name="segment_index"\r\n\r\n(\d+)/.exec(r.body ?? "")?.[1])).toEqual(["0", "1", "2"]);

    // Still processing a second later: no post yet.
    ctx.advance(1000);
    const waiting = await checkPublish(tokens, started.pollToken, ctx.net);
    expect(waiting).toMatchObject({ state: "processing", pollAfterSeconds: 1 });
    expect(routes(ctx).at(-1)).toBe("GET /2/media/upload");
    const status = apiRequests(ctx).at(-1);
    expect(new URL(status?.url ?? "").searchParams.get("command")).toBe("STATUS");
    expect(routes(ctx)).not.toContain("POST /2/tweets");

    ctx.advance(1500);
    const done = await checkPublish(tokens, waiting.state === "processing" ? waiting.pollToken : "", ctx.net);
    expect(done).toMatchObject({ state: "published" });
    if (done.state !== "published") return;
    expect((await storedPost(ctx, done.networkPostId))?.mediaIds).toEqual([new URL(status?.url ?? "").searchParams.get("media_id")]);
    expectSpecConformance(ctx, tokens);
  });

  it("uploads a GIF as tweet_gif through the chunked flow", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    const gif = sampleMedia({ kind: "image", bytes: Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0]) });
    const started = await publish(tokens, post("a gif", { media: [{ ...gif, mimeType: "image/gif" }] }), ctx.net);
    expect(started.state).toBe("processing");
    expect(lastBody(ctx, "/2/media/upload/initialize")).toMatchObject({ media_type: "image/gif", media_category: "tweet_gif" });
    ctx.advance(3000);
    if (started.state !== "processing") return;
    await expect(checkPublish(tokens, started.pollToken, ctx.net)).resolves.toMatchObject({ state: "published" });
    expectSpecConformance(ctx, tokens);
  });

  it("a video X cannot process fails with media_unreadable and posts nothing", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    const broken = sampleMedia({ kind: "video", bytes: new Uint8Array(4096).fill(7) });
    const started = await publish(tokens, post("broken clip", { media: [{ ...broken, mimeType: "video/mp4" }] }), ctx.net);
    if (started.state !== "processing") throw new Error("expected processing");
    ctx.advance(2500);
    const failed = await checkPublish(tokens, started.pollToken, ctx.net);
    expect(failed.state).toBe("failed");
    if (failed.state !== "failed") return;
    expect(failed.error).toMatchObject({ code: "media_unreadable", platform: "twitter" });
    expect(failed.error.message).toContain("Invalid or Unsupported media");
    expect(routes(ctx)).not.toContain("POST /2/tweets");
  });

  it("maps every option to its CreatePostsRequest field, accepted by the official schema", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    const earlier = await publish(tokens, post("the post replied to"), ctx.net);
    if (earlier.state !== "published") throw new Error("not published");
    const options = {
      replySettings: "mentionedUsers",
      replyToPostId: earlier.networkPostId,
      excludeReplyUserIds: ["2244994945"],
      madeWithAi: true,
      paidPartnership: false,
      locationId: "df51dec6f4ee2b2c",
      communityId: "1493446837214187523",
      taggedUserIds: ["2244994945"],
      nullcast: false,
    };
    await publish(tokens, post("a reply with everything", { media: [jpeg()], options }), ctx.net);
    expect(lastBody(ctx, "/2/tweets")).toEqual({
      text: "a reply with everything",
      reply_settings: "mentionedUsers",
      reply: { in_reply_to_tweet_id: earlier.networkPostId, exclude_reply_user_ids: ["2244994945"] },
      made_with_ai: true,
      paid_partnership: false,
      nullcast: false,
      community_id: "1493446837214187523",
      geo: { place_id: "df51dec6f4ee2b2c" },
      media: { media_ids: [expect.stringMatching(/^\d{19}$/)], tagged_user_ids: ["2244994945"] },
    });
    await publish(tokens, post("a poll", { options: { pollOptions: ["yes", "no"], pollDurationMinutes: 60, quotePostId: earlier.networkPostId } }), ctx.net);
    expect(lastBody(ctx, "/2/tweets")).toEqual({ text: "a poll", quote_tweet_id: earlier.networkPostId, poll: { options: ["yes", "no"], duration_minutes: 60 } });
    expectSpecConformance(ctx, tokens);
  });

  it("refuses options of the wrong shape before uploading anything", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    for (const [options, param] of [
      [{ replySettings: "everyone" }, "replySettings"],
      [{ pollOptions: ["only one"], pollDurationMinutes: 10 }, "pollOptions"],
      [{ pollOptions: ["a", "b"] }, "pollDurationMinutes"],
      [{ replyToPostId: "not-an-id" }, "replyToPostId"],
      [{ taggedUserIds: Array.from({ length: 11 }, (_, i) => String(i + 1)) }, "taggedUserIds"],
    ] as const) {
      const error = await apiError(publish(tokens, post("x", { media: [jpeg()], options }), ctx.net));
      expect(error).toMatchObject({ code: "option_invalid", param: `platformOptions.twitter.${param}` });
    }
    expect(apiRequests(ctx)).toEqual([]);
  });

  it("the same text again is duplicate_post (X's 403 duplicate content)", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    await publish(tokens, post("say it once"), ctx.net);
    const error = await apiError(publish(tokens, post("say it once"), ctx.net));
    expect(error).toMatchObject({ code: "duplicate_post", platform: "twitter", retryable: false });
    expect(error.message).toContain("duplicate content");
  });

  it("refuses an image over 5 MB as media_too_large and a connection without media.write as missing_scope", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    const big = jpeg(null, 5 * 1024 * 1024 + 1);
    expect((await apiError(publish(tokens, post("big", { media: [big] }), ctx.net))).code).toBe("media_too_large");

    const narrow = await connect(ctx, "sandbox_narrow", twitterScopes.filter((s) => s !== "media.write").join(" "));
    expect((await apiError(publish(narrow, post("photo", { media: [jpeg()] }), ctx.net))).code).toBe("missing_scope");
    await expect(publish(narrow, post("text still works"), ctx.net)).resolves.toMatchObject({ state: "published" });
  });

  it("answers each sandbox fault with X's own failure", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    const id = (await twitterAdapter.identity(tokens, ctx.net)).networkUserId;
    const cases = [
      ["expired_token", "needs_reauth"],
      ["revoked_permission", "missing_scope"],
      ["rate_limited", "rate_limited"],
      ["down", "micro_unavailable"],
    ] as const;
    for (const [fault, code] of cases) {
      await ctx.setFault(id, fault);
      const error = await apiError(publish(tokens, post(`fault ${fault}`, { media: [jpeg()] }), ctx.net));
      expect(error.code, fault).toBe(code);
      if (fault === "rate_limited") expect(error.headers["Retry-After"]).toBe("900");
    }
    await ctx.setFault(id, "slow", 3000);
    await expect(publish(tokens, post("slow"), ctx.net)).resolves.toMatchObject({ state: "published" });
    expect(ctx.slept).toContain(3000);
  });

  it("finds a post whose answer was lost, through t.co links and escaped text, and nothing else", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    await publish(tokens, post("an unrelated earlier post"), ctx.net);
    const lossy: NetworkContext = {
      ...ctx.net,
      fetch: async (input, init) => {
        const response = await ctx.net.fetch(input, init);
        const request = new Request(input, init);
        if (request.method === "POST" && new URL(request.url).pathname === "/2/tweets") throw new TypeError("The operation was aborted due to timeout");
        return response;
      },
    };
    const lost = post("Q&A <live> at https://example.com/talk?id=7 tonight", { media: [jpeg()] });
    expect((await apiError(publish(tokens, lost, lossy))).code).toBe("platform_unavailable");
    ctx.advance(120_000);
    const found = await findPublished(tokens, lost, ctx.net);
    expect(found?.networkPostId).toMatch(/^\d{19}$/);
    expect((await storedPost(ctx, found?.networkPostId ?? ""))?.text).toBe(lost.text);
    const timeline = [...ctx.requests].reverse().find((r) => /\/2\/users\/\d+\/tweets/.test(r.url));
    const query = Object.fromEntries(new URL(timeline?.url ?? "").searchParams);
    expect(query).toEqual({ max_results: "20", start_time: "2026-11-20T09:02:00Z", exclude: "retweets" });
    expect(await findPublished(tokens, post("never sent"), ctx.net)).toBeNull();
    // Past the one-hour window the attempt is not looked for (the access token still lives).
    ctx.advance(65 * 60 * 1000);
    expect(await findPublished(tokens, lost, ctx.net)).toBeNull();
    expectSpecConformance(ctx, tokens);
  });

  it("deletes with DELETE /2/tweets/{id}; a post already gone counts as deleted", async () => {
    const ctx = setup();
    const tokens = await connect(ctx);
    const result = await publish(tokens, post("to be deleted"), ctx.net);
    if (result.state !== "published") throw new Error("not published");
    await deletePost(tokens, result.networkPostId, ctx.net);
    expect((await storedPost(ctx, result.networkPostId))?.deleted).toBe(true);
    await expect(deletePost(tokens, result.networkPostId, ctx.net)).resolves.toBeUndefined();
    expect(routes(ctx).filter((r) => r.startsWith("DELETE"))).toEqual([`DELETE /2/tweets/${result.networkPostId}`, `DELETE /2/tweets/${result.networkPostId}`]);
    // Someone else's post is refused (403: the account may not act on it).
    const mine = await publish(tokens, post("mine"), ctx.net);
    const other = await connect(ctx, "sandbox_other");
    expect((await apiError(deletePost(other, mine.state === "published" ? mine.networkPostId : "", ctx.net))).code).toBe("missing_scope");
    expectSpecConformance(ctx, tokens);
  });

  it("classifies the publishing refusals added to X's table, before the general rows", () => {
    const [tooLarge, processing] = twitterPublishErrorTable.rows;
    if (!tooLarge || !processing) throw new Error("missing rows");
    expectRowSample(
      twitterPublishErrorTable,
      tooLarge,
      asFailure({ status: 413, body: { title: "Payload Too Large", type: "about:blank", status: 413, detail: "File size exceeds 5242880 bytes." } }),
      "media_too_large",
    );
    const failed = { data: { id: "1", processing_info: { state: "failed", progress_percent: 12, error: { code: 1, name: "InvalidMedia", message: "Unsupported video format" } } } };
    const error = expectRowSample(twitterPublishErrorTable, processing, asFailure({ status: 200, body: failed }), "media_unreadable");
    expect(error.message).toContain("Unsupported video format");
  });
});

import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { linkedinCapabilities, linkedinDefaultApiVersion } from "../../src/networks/linkedin/capabilities.js";
import { toLittleText } from "../../src/networks/linkedin/commentary.js";
import { linkedinPublishErrorTable } from "../../src/networks/linkedin/errors.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import type { NetworkConfig, NetworkContext, TokenSet } from "../../src/networks/types.js";
import type { SandboxAcl } from "../../src/sandbox/linkedin/linkedin-data.js";
import type { SandboxLinkedinPost } from "../../src/sandbox/linkedin/posts.js";
import { registerSandboxLinkedinApp } from "../../src/sandbox/linkedin/apps.js";
import { createLinkedinSimulator } from "../../src/sandbox/linkedin/simulator.js";
import type { CapturedRequest } from "../support/openapi-request-check.js";
import { apiError, asFailure, commonFaultCodes, connectThroughConsent, createSandbox, expectRowSample, expectValidCapabilities, required, type Sandbox, sampleMedia } from "./harness.js";

/**
 * Publishing through the LinkedIn adapter against the simulator. LinkedIn publishes no OpenAPI
 * document, so every request is checked against hand-written schemas of the documented payloads
 * (Posts, Images and Videos APIs, learn.microsoft.com) and the versioned-REST headers.
 */

const publish = required(linkedinAdapter, "publish");
const checkPublish = required(linkedinAdapter, "checkPublish");
const findPublished = required(linkedinAdapter, "findPublished");
const deletePost = required(linkedinAdapter, "deletePost");
const targets = required(linkedinAdapter, "targets");

// An app with both LinkedIn products, so each test can pick its door.
const config: NetworkConfig = { clientId: "sandbox-li-client", clientSecret: "sandbox-li-secret", redirectUri: "https://chorus.test/v1/connect/callback/linkedin", products: ["member", "organization"] };
const setup = async () => {
  const ctx = createSandbox([createLinkedinSimulator], { start: "2026-11-21T12:00:00.000Z", config });
  await registerSandboxLinkedinApp(ctx.store, config.clientId, ["member", "organization"]);
  return ctx;
};
/** Connects as `handle` through the `member` door (OpenID + Share on LinkedIn) or `organization` (Community Management). */
const connect = async (ctx: Sandbox, handle: string, variant: "member" | "organization" = "member") => (await connectThroughConsent(linkedinAdapter, ctx.net, { handle, variant })).tokens;
const post = (text: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "tgt_li", ...extra });

// The documented payloads, strict: a field LinkedIn does not document fails the test.
const Urn = (kind: string) => v.pipe(v.string(), v.regex(new RegExp(`^urn:li:${kind}:[A-Za-z0-9_-]+$`)));
const MediaContent = v.strictObject({ id: v.union([Urn("image"), Urn("video")]), title: v.optional(v.string()), altText: v.optional(v.string()) });
const PostBody = v.strictObject({
  author: v.union([Urn("person"), Urn("organization")]),
  commentary: v.pipe(v.string(), v.maxLength(3000)),
  visibility: v.picklist(["PUBLIC", "CONNECTIONS", "LOGGED_IN"]),
  distribution: v.strictObject({ feedDistribution: v.picklist(["MAIN_FEED", "NONE"]), targetEntities: v.array(v.unknown()), thirdPartyDistributionChannels: v.array(v.unknown()) }),
  lifecycleState: v.literal("PUBLISHED"),
  isReshareDisabledByAuthor: v.boolean(),
  content: v.optional(
    v.union([
      v.strictObject({ media: MediaContent }),
      v.strictObject({ multiImage: v.strictObject({ images: v.pipe(v.array(v.strictObject({ id: Urn("image"), altText: v.optional(v.string()) })), v.minLength(2), v.maxLength(20)) }) }),
      v.strictObject({ article: v.strictObject({ source: v.string(), title: v.string(), description: v.optional(v.string()) }) }),
    ]),
  ),
});
const ImagesInit = v.strictObject({ initializeUploadRequest: v.strictObject({ owner: v.union([Urn("person"), Urn("organization")]) }) });
const VideosInit = v.strictObject({
  initializeUploadRequest: v.strictObject({ owner: v.union([Urn("person"), Urn("organization")]), fileSizeBytes: v.number(), uploadCaptions: v.boolean(), uploadThumbnail: v.boolean() }),
});
const VideosFinalize = v.strictObject({ finalizeUploadRequest: v.strictObject({ video: Urn("video"), uploadToken: v.string(), uploadedPartIds: v.array(v.string()) }) });

const bodySchemas: Record<string, v.GenericSchema> = {
  "POST /rest/posts": PostBody,
  "POST /rest/images?action=initializeUpload": ImagesInit,
  "POST /rest/videos?action=initializeUpload": VideosInit,
  "POST /rest/videos?action=finalizeUpload": VideosFinalize,
};

const key = (r: CapturedRequest) => {
  const url = new URL(r.url);
  return `${r.method} ${url.pathname}${url.searchParams.get("action") ? `?action=${url.searchParams.get("action")}` : ""}`;
};

/** Every /rest call carries the version headers; every JSON body fits its documented payload. */
function expectDocumentedRequests(ctx: Sandbox): void {
  for (const request of ctx.requests) {
    const url = new URL(request.url);
    if (url.host !== "api.linkedin.com" || !url.pathname.startsWith("/rest/")) continue;
    expect(request.headers["linkedin-version"], key(request)).toBe(linkedinDefaultApiVersion);
    expect(request.headers["x-restli-protocol-version"]).toBe("2.0.0");
    expect(request.headers.authorization).toMatch(/^Bearer /);
    const schema = bodySchemas[key(request)];
    if (schema) {
      expect(request.headers["content-type"]).toBe("application/json");
      const result = v.safeParse(schema, JSON.parse(request.body ?? "null"));
      expect(result.success ? [] : result.issues.map((i) => `${v.getDotPath(i) ?? ""}: ${i.message}`), key(request)).toEqual([]);
    } else {
      expect(request.body, `${key(request)} has no documented body`).toBeNull();
    }
  }
}

const paths = (ctx: Sandbox) => ctx.requests.map((r) => key(r).replace(/urn%3Ali%3A\w+%3A[\w-]+/g, "{urn}").replace(/\/(images|videos)\/urn[^/]*/, "/$1/{urn}"));
const lastPostBody = (ctx: Sandbox) => JSON.parse([...ctx.requests].reverse().find((r) => key(r) === "POST /rest/posts")?.body ?? "null") as Record<string, unknown>;

async function stored(ctx: Sandbox, urn: string): Promise<SandboxLinkedinPost | null> {
  return (await ctx.store.get<SandboxLinkedinPost>("linkedin", "post", urn))?.data ?? null;
}

const png = (alt: string | null = null) => sampleMedia({ kind: "image", mimeType: "image/png", alt });

describe("linkedin publish", () => {
  it("declares publishing asynchronous (videos finish by polling) in valid capabilities", () => {
    expectValidCapabilities(linkedinCapabilities);
    expect(linkedinCapabilities.asynchronousPublishing).toBe(true);
  });

  it("writes little text: reserved characters escaped, hashtags as the hashtag template", () => {
    expect(toLittleText("Hello (world) #Chorus_API & @team: 50% off [today]*")).toBe("Hello \\(world\\) {hashtag|\\#|Chorus\\_API} & \\@team: 50% off \\[today\\]\\*");
    expect(toLittleText("C# and #1 and #ok")).toBe("C\\# and \\#1 and {hashtag|\\#|ok}");
  });

  it("posts text as the member: userinfo for the author, POST /rest/posts, the URN from x-restli-id", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.writer");
    const result = await publish(tokens, post("Launch day! #Chorus (v1)"), ctx.net);
    expect(result).toMatchObject({ state: "published" });
    if (result.state !== "published") return;
    expect(result.networkPostId).toMatch(/^urn:li:share:\d{19}$/);
    expect(result.url).toBe(`https://www.linkedin.com/feed/update/${result.networkPostId}/`);
    expect(paths(ctx).slice(-2)).toEqual(["GET /v2/userinfo", "POST /rest/posts"]);
    const me = await linkedinAdapter.identity(tokens, ctx.net);
    expect(lastPostBody(ctx)).toEqual({
      author: `urn:li:person:${me.networkUserId}`,
      commentary: "Launch day! {hashtag|\\#|Chorus} \\(v1\\)",
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
    });
    expect((await stored(ctx, result.networkPostId))?.author).toBe(`urn:li:person:${me.networkUserId}`);
    expectDocumentedRequests(ctx);
  });

  it("posts as the member id stored at connect without asking LinkedIn who the token is", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.stored");
    const me = await linkedinAdapter.identity(tokens, ctx.net);
    const before = ctx.requests.length;
    const result = await publish(tokens, post("Stored id", { networkUserId: me.networkUserId }), ctx.net);
    expect(result).toMatchObject({ state: "published" });
    expect(paths(ctx).slice(before)).toEqual(["POST /rest/posts"]);
    expect(lastPostBody(ctx)).toMatchObject({ author: `urn:li:person:${me.networkUserId}` });
  });

  it("uploads an image (initializeUpload, PUT), checks it is AVAILABLE, and posts it with its alt text", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.photos");
    const image = png("A whiteboard full of arrows");
    const result = await publish(tokens, post("one picture", { media: [image] }), ctx.net);
    if (result.state !== "published") throw new Error("not published");
    expect(paths(ctx).slice(-5)).toEqual(["GET /v2/userinfo", "POST /rest/images?action=initializeUpload", "PUT /dms-uploads/sandbox/images/{urn}", "GET /rest/images/{urn}", "POST /rest/posts"]);
    const upload = ctx.requests.find((r) => r.method === "PUT");
    expect(upload?.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    expect(upload?.headers["content-type"]).toBe("image/png");
    const content = lastPostBody(ctx).content as { media: { id: string; altText: string } };
    expect(content.media).toEqual({ id: expect.stringMatching(/^urn:li:image:/), altText: "A whiteboard full of arrows" });
    expectDocumentedRequests(ctx);
  });

  it("posts several images as multiImage, in order", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.gallery");
    const result = await publish(tokens, post("three pictures", { media: [png("first"), png(), png("third")] }), ctx.net);
    if (result.state !== "published") throw new Error("not published");
    const images = (lastPostBody(ctx).content as { multiImage: { images: { id: string; altText?: string }[] } }).multiImage.images;
    expect(images.map((i) => i.altText ?? null)).toEqual(["first", null, "third"]);
    const initialized = ctx.requests.filter((r) => key(r) === "POST /rest/images?action=initializeUpload");
    expect(initialized).toHaveLength(3);
    expectDocumentedRequests(ctx);
  });

  it("uploads a video in its instructed parts, finalizes with the ETags, and posts once it is AVAILABLE", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.video");
    const video = sampleMedia({ kind: "video", mimeType: "video/mp4", size: 9 * 1024 * 1024 });
    const started = await publish(tokens, post("our launch video", { media: [video], options: { mediaTitle: "Launch" } }), ctx.net);
    // The adapter alone, on the wire: it can upload a member-owned video (the Videos API takes a
    // person owner). Chorus never sends it one: the pre-publish checks refuse a video to a personal
    // profile with prof_video_unsupported (test/api/linkedin-connect.test.ts), as the spec says.
    expect(started).toMatchObject({ state: "processing", networkPostId: null, pollAfterSeconds: 5 });
    if (started.state !== "processing") return;
    const init = JSON.parse(ctx.requests.find((r) => key(r) === "POST /rest/videos?action=initializeUpload")?.body ?? "{}") as { initializeUploadRequest: { owner: string; fileSizeBytes: number } };
    expect(init.initializeUploadRequest.owner).toMatch(/^urn:li:person:/);
    expect(init.initializeUploadRequest.fileSizeBytes).toBe(video.bytes);
    const parts = ctx.requests.filter((r) => r.method === "PUT");
    expect(parts.map((p) => [p.headers["content-type"], p.body?.length])).toEqual([
      ["application/octet-stream", 4 * 1024 * 1024],
      ["application/octet-stream", 4 * 1024 * 1024],
      ["application/octet-stream", video.bytes - 8 * 1024 * 1024],
    ]);
    const finalize = JSON.parse(ctx.requests.find((r) => key(r) === "POST /rest/videos?action=finalizeUpload")?.body ?? "{}") as { finalizeUploadRequest: { uploadedPartIds: string[] } };
    expect(finalize.finalizeUploadRequest.uploadedPartIds).toHaveLength(3);
    expect(paths(ctx)).not.toContain("POST /rest/posts");

    ctx.advance(1000);
    const waiting = await checkPublish(tokens, started.pollToken, ctx.net);
    expect(waiting.state).toBe("processing");
    expect(paths(ctx).at(-1)).toBe("GET /rest/videos/{urn}");
    ctx.advance(1500);
    const done = await checkPublish(tokens, waiting.state === "processing" ? waiting.pollToken : "", ctx.net);
    expect(done).toMatchObject({ state: "published" });
    expect(lastPostBody(ctx).content).toEqual({ media: { id: expect.stringMatching(/^urn:li:video:/), title: "Launch" } });
    expectDocumentedRequests(ctx);
  });

  it("posts for an administered organisation (destination), owning the media as the organisation", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.admin", "organization");
    const [page] = await targets(tokens, ctx.net);
    if (!page) throw new Error("no organisation target");
    const result = await publish(tokens, post("From the company page", { destination: page.id, media: [png()], options: { visibility: "LOGGED_IN", disableReshare: true, feedDistribution: "NONE" } }), ctx.net);
    if (result.state !== "published") throw new Error("not published");
    expect(paths(ctx)).not.toContain("GET /v2/userinfo");
    const init = JSON.parse(ctx.requests.find((r) => key(r) === "POST /rest/images?action=initializeUpload")?.body ?? "{}") as { initializeUploadRequest: { owner: string } };
    expect(init.initializeUploadRequest.owner).toBe(page.id);
    expect(lastPostBody(ctx)).toMatchObject({ author: page.id, visibility: "LOGGED_IN", isReshareDisabledByAuthor: true, distribution: { feedDistribution: "NONE" } });

    // CONNECTIONS is a member-only audience; a page the member only analyses cannot be posted for.
    const connections = await apiError(publish(tokens, post("x", { destination: page.id, options: { visibility: "CONNECTIONS" } }), ctx.net));
    expect(connections).toMatchObject({ code: "option_invalid", param: "platformOptions.linkedin.visibility" });
    const me = await linkedinAdapter.identity(tokens, ctx.net);
    const acls = await ctx.store.list<SandboxAcl>("linkedin", "acl", { owner: me.networkUserId });
    const analysed = acls.find((a) => a.data.role === "ANALYST")?.data.organizationId;
    const denied = await apiError(publish(tokens, post("not my page", { destination: `urn:li:organization:${analysed}` }), ctx.net));
    expect(denied).toMatchObject({ code: "missing_scope", platform: "linkedin" });
    expectDocumentedRequests(ctx);
  });

  it("shares an article card from the options, and refuses one without a title", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.articles");
    await publish(tokens, post("Worth a read", { options: { articleUrl: "https://example.com/post", articleTitle: "One API", articleDescription: "Ten networks" } }), ctx.net);
    expect(lastPostBody(ctx).content).toEqual({ article: { source: "https://example.com/post", title: "One API", description: "Ten networks" } });
    const error = await apiError(publish(tokens, post("no title", { options: { articleUrl: "https://example.com/post" } }), ctx.net));
    expect(error).toMatchObject({ code: "option_invalid", param: "platformOptions.linkedin.articleTitle" });
    expectDocumentedRequests(ctx);
  });

  it("the same commentary again is duplicate_post (LinkedIn's 422 naming the live post)", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.dupe");
    const first = await publish(tokens, post("Only once, please"), ctx.net);
    const error = await apiError(publish(tokens, post("Only once, please"), ctx.net));
    expect(error).toMatchObject({ code: "duplicate_post", platform: "linkedin" });
    expect(error.message).toContain(first.state === "published" ? first.networkPostId : "?");
  });

  it("a file LinkedIn cannot process fails with media_unreadable and posts nothing", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.broken");
    const notAnImage = sampleMedia({ kind: "image", bytes: new Uint8Array(64).fill(1) });
    const failed = await publish(tokens, post("broken image", { media: [notAnImage] }), ctx.net);
    expect(failed).toMatchObject({ state: "failed", error: { code: "media_unreadable", platform: "linkedin" } });
    const notAVideo = sampleMedia({ kind: "video", bytes: new Uint8Array(1024).fill(2) });
    const started = await publish(tokens, post("broken video", { media: [notAVideo] }), ctx.net);
    expect(started).toMatchObject({ state: "failed", error: { code: "media_unreadable" } });
    expect(paths(ctx)).not.toContain("POST /rest/posts");
  });

  it("answers each sandbox fault with LinkedIn's own failure, and self-serve apps publish as the member", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.faults");
    const me = await linkedinAdapter.identity(tokens, ctx.net);
    for (const [fault, code] of commonFaultCodes) {
      await ctx.setFault(me.networkUserId, fault);
      expect((await apiError(publish(tokens, post(`fault ${fault}`), ctx.net))).code, fault).toBe(code);
    }
    await ctx.setFault(me.networkUserId, "slow", 1500);
    await expect(publish(tokens, post("slow but fine"), ctx.net)).resolves.toMatchObject({ state: "published" });
    expect(ctx.slept).toContain(1500);

    const selfServe = await connect(ctx, "sandbox.selfserve", "member");
    await expect(publish(selfServe, post("posted with w_member_social only", { media: [png()] }), ctx.net)).resolves.toMatchObject({ state: "published" });
  });

  it("finds an organisation post whose answer was lost; a member's posts cannot be read, so nothing is found", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.finder", "organization");
    const [page] = await targets(tokens, ctx.net);
    if (!page) throw new Error("no organisation target");
    const lossy: NetworkContext = {
      ...ctx.net,
      fetch: async (input, init) => {
        const response = await ctx.net.fetch(input, init);
        if (new Request(input, init).method === "POST" && new URL(new Request(input, init).url).pathname === "/rest/posts") throw new TypeError("connection reset");
        return response;
      },
    };
    const lost = post("Quarterly update #results", { destination: page.id });
    expect((await apiError(publish(tokens, lost, lossy))).code).toBe("platform_unavailable");
    ctx.advance(90_000);
    const found = await findPublished(tokens, lost, ctx.net);
    expect(found?.networkPostId).toMatch(/^urn:li:share:/);
    expect((await stored(ctx, found?.networkPostId ?? ""))?.commentary).toBe("Quarterly update {hashtag|\\#|results}");
    const finder = [...ctx.requests].reverse().find((r) => r.method === "GET" && new URL(r.url).pathname === "/rest/posts");
    expect(Object.fromEntries(new URL(finder?.url ?? "").searchParams)).toEqual({ author: page.id, q: "author", count: "20", sortBy: "CREATED" });
    expect(await findPublished(tokens, post("something else", { destination: page.id }), ctx.net)).toBeNull();

    // As the member: LinkedIn refuses the read without r_member_social, so there is nothing to find.
    await publish(tokens, post("member post"), ctx.net);
    expect(await findPublished(tokens, post("member post"), ctx.net)).toBeNull();
    expectDocumentedRequests(ctx);
  });

  it("deletes with DELETE /rest/posts/{urn}; a post already gone counts as deleted", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.deleter");
    const result = await publish(tokens, post("short-lived"), ctx.net);
    if (result.state !== "published") throw new Error("not published");
    await deletePost(tokens, result.networkPostId, ctx.net);
    const sent = ctx.requests.filter((r) => r.method === "DELETE");
    expect(sent[0]?.url).toBe(`https://api.linkedin.com/rest/posts/${encodeURIComponent(result.networkPostId)}`);
    expect(sent[0]?.headers["x-restli-method"]).toBe("DELETE");
    expect((await stored(ctx, result.networkPostId))?.deleted).toBe(true);
    await expect(deletePost(tokens, result.networkPostId, ctx.net)).resolves.toBeUndefined();
    // A URN LinkedIn never had answers 404, which counts as gone too.
    await expect(deletePost(tokens, "urn:li:share:1234567890123456789", ctx.net)).resolves.toBeUndefined();
    expect(ctx.requests.filter((r) => r.method === "DELETE").length).toBe(3);
    await ctx.setFault((await linkedinAdapter.identity(tokens, ctx.net)).networkUserId, "expired_token");
    expect((await apiError(deletePost(tokens, result.networkPostId, ctx.net))).code).toBe("needs_reauth");
  });

  it("classifies PROCESSING_FAILED through the publish table, before LinkedIn's general rows", () => {
    const [row] = linkedinPublishErrorTable.rows;
    if (!row) throw new Error("no row");
    const error = expectRowSample(linkedinPublishErrorTable, row, asFailure({ status: 200, body: { id: "urn:li:video:C5505AQX", status: "PROCESSING_FAILED" } }), "media_unreadable");
    expect(error.message).toContain("urn:li:video:C5505AQX");
  });

  it("refuses a stored token that LinkedIn no longer accepts", async () => {
    const ctx = await setup();
    const tokens: TokenSet = { ...(await connect(ctx, "sandbox.stale")), accessToken: "sandbox-AQnot-a-token" };
    expect((await apiError(publish(tokens, post("nope"), ctx.net))).code).toBe("needs_reauth");
  });
});

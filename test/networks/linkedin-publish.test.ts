import { describe, expect, it } from "vitest";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { linkedinCapabilities } from "../../src/networks/linkedin/capabilities.js";
import { toLittleText } from "../../src/networks/linkedin/commentary.js";
import type { SandboxAcl } from "../../src/sandbox/linkedin/linkedin-data.js";
import { apiError, commonFaultCodes, expectValidCapabilities, sampleMedia } from "./harness.js";
import { publish, checkPublish, targets, setup, connect, post, key, expectDocumentedRequests, paths, lastPostBody, stored, png } from "./linkedin-publish-harness.js";

/** Publishing through the LinkedIn adapter against the simulator: text, images, video, organisations, articles, duplicates, faults. */
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
    const result = await publish(
      tokens,
      post("From the company page", { destination: page.id, media: [png()], options: { visibility: "LOGGED_IN", disableReshare: true, feedDistribution: "NONE" } }),
      ctx.net,
    );
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
});

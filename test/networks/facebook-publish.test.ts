import { expectProcessing, expectPublished, form, losing } from "./harness.js";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import { facebookCapabilities } from "../../src/networks/facebook/capabilities.js";
import { facebookErrorTable } from "../../src/networks/meta/facebook-errors.js";
import { graphRequest } from "../../src/networks/meta/graph.js";
import type { PublishMedia, PublishRequest } from "../../src/networks/publish-types.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { pagePublishingRules } from "../../src/sandbox/facebook/page-publishing.js";
import type { SandboxPagePost, SandboxPhoto, SandboxVideo } from "../../src/sandbox/facebook/page-posts.js";
import type { SandboxPage } from "../../src/sandbox/meta/pages.js";
import { serveRemoteFile } from "../../src/sandbox/meta/remote-media.js";
import { bench, connect, facebookInstagramOrders, rejectsWith, type Bench } from "./facebook-helpers.js";
import { apiError, expectValidCapabilities, required } from "./harness.js";

const publish = required(facebookAdapter, "publish");
const checkPublish = required(facebookAdapter, "checkPublish");
const findPublished = required(facebookAdapter, "findPublished");
const deletePost = required(facebookAdapter, "deletePost");

function media(kind: "image" | "video", url: string): PublishMedia {
  return {
    id: `med_${url.split("/").pop() ?? "x"}`,
    kind,
    mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
    bytes: kind === "image" ? 400_000 : 12_000_000,
    width: kind === "image" ? 1080 : 1080,
    height: kind === "image" ? 1080 : 1920,
    durationSeconds: kind === "video" ? 30 : null,
    alt: null,
    url,
    read: async () => new Uint8Array([1, 2, 3]),
  };
}

const image = (name: string) => media("image", `https://media.chorus.test/${name}.jpg`);
const video = (name: string) => media("video", `https://media.chorus.test/${name}.mp4`);

interface Page {
  b: Bench;
  net: NetworkContext;
  tokens: TokenSet;
  pageId: string;
  request: (overrides?: Partial<PublishRequest>) => PublishRequest;
}

async function onPage(factories: Parameters<typeof bench>[0], handle = "page.owner"): Promise<Page> {
  const b = bench(factories);
  const net = b.net();
  const tokens = await connect(facebookAdapter, net, handle);
  const targets = (await facebookAdapter.targets?.(tokens, net)) ?? [];
  const main = targets.find((t) => t.name.endsWith("(sandbox page)"));
  if (!main) throw new Error("no sandbox page");
  const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
    text: "Hello from Chorus",
    media: [],
    options: {},
    destination: main.id,
    targetId: "tgt_1",
    ...overrides,
  });
  return { b, net, tokens, pageId: main.id, request };
}

/** The page token `/me/accounts` hands out for the page (what every write must carry). */
async function pageToken(p: Page): Promise<string> {
  const page = await p.b.deps.store.get<SandboxPage>("facebook", "page", p.pageId);
  if (!page?.data.tokenValue) throw new Error("no page token issued yet");
  return page.data.tokenValue;
}

const since = (p: Page, count: number) => p.b.sent.slice(count);

describe("facebook publishing capabilities", () => {
  it("match the schema and describe what publishing does", () => {
    expectValidCapabilities(facebookCapabilities);
    expect(facebookCapabilities.asynchronousPublishing).toBe(true);
    expect(facebookCapabilities.options.postType.values).toEqual(["feed", "reel", "story"]);
    expect(facebookAdapter.publish).toBeDefined();
    expect(facebookAdapter.checkPublish).toBeDefined();
    expect(facebookAdapter.findPublished).toBeDefined();
    expect(facebookAdapter.deletePost).toBeDefined();
  });
});

describe.each(facebookInstagramOrders)("facebook publishing against the simulator (%s)", (_name, factories) => {
  it("posts text to the page feed with the page token kept at connect, then reads the permalink", async () => {
    const p = await onPage([...factories]);
    const before = p.b.sent.length;
    const result = expectPublished(await publish(p.tokens, p.request(), p.net));
    expect(result.networkPostId).toMatch(new RegExp(`^${p.pageId}_\\d+$`));
    expect(result.url).toBe(`https://sandbox.chorus.invalid/facebook/${p.pageId}/posts/${result.networkPostId.split("_")[1]}`);

    const calls = since(p, before);
    // No /me/accounts first: the page token came with the connection.
    expect(calls.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`POST /v26.0/${p.pageId}/feed`, `GET /v26.0/${result.networkPostId}`]);
    const token = await pageToken(p);
    expect(p.tokens.extra[`pageToken:${p.pageId}`]).toBe(token);
    expect(form(calls[0]?.body ?? "")).toEqual({ message: "Hello from Chorus", access_token: token });
    expect(calls[0]?.url.search).toBe("");
    expect(calls[1]?.url.searchParams.get("fields")).toBe("permalink_url");

    const stored = await p.b.deps.store.get<SandboxPagePost>("facebook", "page_post", result.networkPostId);
    expect(stored?.data).toMatchObject({ pageId: p.pageId, kind: "status", message: "Hello from Chorus" });
  });

  it("posts a link preview and a branded-content sponsor, and follows the configured Graph version", async () => {
    const p = await onPage([...factories]);
    const net = p.b.net({ apiVersion: "v25.0" });
    const before = p.b.sent.length;
    const result = expectPublished(await publish(p.tokens, p.request({ text: "Read this", options: { link: "https://example.com/story", sponsorId: "1122334455" } }), net));
    const feed = since(p, before).find((r) => r.url.pathname.endsWith("/feed"));
    expect(feed?.url.pathname).toBe(`/v25.0/${p.pageId}/feed`);
    expect(form(feed?.body ?? "")).toMatchObject({ message: "Read this", link: "https://example.com/story", sponsor_id: "1122334455" });
    expect((await p.b.deps.store.get<SandboxPagePost>("facebook", "page_post", result.networkPostId))?.data.kind).toBe("link");
  });

  it("takes the page from platformOptions.facebook.pageId when the target names no destination", async () => {
    const p = await onPage([...factories]);
    const result = expectPublished(await publish(p.tokens, p.request({ destination: null, options: { pageId: p.pageId } }), p.net));
    expect(result.networkPostId.startsWith(`${p.pageId}_`)).toBe(true);
  });

  it("publishes one photo by URL with its caption", async () => {
    const p = await onPage([...factories]);
    const before = p.b.sent.length;
    const result = expectPublished(await publish(p.tokens, p.request({ text: "A photo", media: [image("one")] }), p.net));
    const call = since(p, before).find((r) => r.url.pathname.endsWith("/photos"));
    expect(form(call?.body ?? "")).toEqual({ url: "https://media.chorus.test/one.jpg", caption: "A photo", published: "true", access_token: await pageToken(p) });
    const post = await p.b.deps.store.get<SandboxPagePost>("facebook", "page_post", result.networkPostId);
    expect(post?.data).toMatchObject({ kind: "photo", message: "A photo", photoIds: [expect.stringMatching(/^\d+$/)] });
  });

  it("publishes a media-only photo without a caption", async () => {
    const p = await onPage([...factories]);
    const before = p.b.sent.length;
    await publish(p.tokens, p.request({ text: " ", media: [image("quiet")] }), p.net);
    const call = since(p, before).find((r) => r.url.pathname.endsWith("/photos"));
    expect(form(call?.body ?? "")).not.toHaveProperty("caption");
  });

  it("publishes several photos as unpublished uploads attached to one feed post", async () => {
    const p = await onPage([...factories]);
    const before = p.b.sent.length;
    const result = expectPublished(await publish(p.tokens, p.request({ text: "Album", media: [image("a"), image("b"), image("c")] }), p.net));
    const calls = since(p, before);
    const uploads = calls.filter((r) => r.url.pathname.endsWith("/photos"));
    expect(uploads.map((r) => form(r.body))).toEqual(["a", "b", "c"].map((n) => ({ url: `https://media.chorus.test/${n}.jpg`, published: "false", access_token: expect.any(String) })));
    const feed = calls.find((r) => r.url.pathname.endsWith("/feed"));
    const sent = form(feed?.body ?? "");
    const post = await p.b.deps.store.get<SandboxPagePost>("facebook", "page_post", result.networkPostId);
    expect(post?.data.kind).toBe("album");
    expect(post?.data.photoIds).toHaveLength(3);
    expect([0, 1, 2].map((i) => sent[`attached_media[${i}]`])).toEqual(post?.data.photoIds.map((id) => JSON.stringify({ media_fbid: id })));
    for (const id of post?.data.photoIds ?? []) {
      expect((await p.b.deps.store.get<SandboxPhoto>("facebook", "photo", id))?.data).toMatchObject({ published: true, postId: result.networkPostId });
    }
  });

  it("shares one photo as a page story", async () => {
    const p = await onPage([...factories]);
    const before = p.b.sent.length;
    const result = expectPublished(await publish(p.tokens, p.request({ text: " ", media: [image("story")], options: { postType: "story" } }), p.net));
    const calls = since(p, before);
    expect(calls.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`POST /v26.0/${p.pageId}/photos`, `POST /v26.0/${p.pageId}/photo_stories`]);
    expect(form(calls[0]?.body ?? "")).toMatchObject({ published: "false" });
    expect(form(calls[1]?.body ?? "")).toMatchObject({ photo_id: expect.stringMatching(/^\d+$/) });
    expect((await p.b.deps.store.get<SandboxPagePost>("facebook", "page_post", result.networkPostId))?.data.kind).toBe("story");
  });

  it("hands a video over by file_url and finishes it by polling its processing status", async () => {
    const p = await onPage([...factories]);
    const before = p.b.sent.length;
    const first = expectProcessing(await publish(p.tokens, p.request({ text: "Our video", media: [video("clip")], options: { title: "Launch" } }), p.net));
    expect(first).toMatchObject({ networkPostId: null, url: null, pollAfterSeconds: 15 });
    const call = since(p, before).find((r) => r.url.pathname.endsWith("/videos"));
    expect(form(call?.body ?? "")).toEqual({ file_url: "https://media.chorus.test/clip.mp4", description: "Our video", title: "Launch", published: "true", access_token: await pageToken(p) });

    // Still processing two seconds later: the same token comes back.
    p.b.advance(2);
    const again = expectProcessing(await checkPublish(p.tokens, first.pollToken, p.net));
    expect(again.pollToken).toBe(first.pollToken);
    const poll = p.b.sent.at(-1);
    expect(poll?.url.searchParams.get("fields")).toBe("status,post_id,permalink_url");

    p.b.advance(5);
    const done = expectPublished(await checkPublish(p.tokens, first.pollToken, p.net));
    expect(done.networkPostId).toMatch(new RegExp(`^${p.pageId}_\\d+$`));
    expect(done.url).toMatch(new RegExp(`^https://www\\.facebook\\.com/${p.pageId}/videos/\\d+/$`));
    const post = await p.b.deps.store.get<SandboxPagePost>("facebook", "page_post", done.networkPostId);
    expect(post?.data).toMatchObject({ kind: "video", message: "Our video" });
  });

  it("fails a video Meta cannot download once processing ends", async () => {
    const p = await onPage([...factories]);
    await serveRemoteFile(p.b.deps.store, "facebook", "https://media.chorus.test/gone.mp4", null);
    const first = expectProcessing(await publish(p.tokens, p.request({ media: [video("gone")] }), p.net));
    p.b.advance(10);
    const result = await checkPublish(p.tokens, first.pollToken, p.net);
    expect(result).toMatchObject({ state: "failed", error: { code: "media_unreadable", platform: "facebook" } });
    if (result.state === "failed") expect(result.error.message).toContain("could not be downloaded");
  });

  it("refuses the same status twice within Meta's duplicate window (#506)", async () => {
    const p = await onPage([...factories]);
    await publish(p.tokens, p.request({ text: "Same words" }), p.net);
    const error = await apiError(publish(p.tokens, p.request({ text: "Same words" }), p.net));
    expect(error).toMatchObject({ code: "duplicate_post", platform: "facebook", retryable: false });
    expect(error.fix).toContain("Change the wording");
    p.b.advance(pagePublishingRules.duplicateWindowSeconds + 1);
    expectPublished(await publish(p.tokens, p.request({ text: "Same words" }), p.net));
  });

  it("answers a temporary block (#368), a burst of posts, and Page Publishing Authorization with the spec's codes", async () => {
    const p = await onPage([...factories]);
    const page = await p.b.deps.store.get<SandboxPage>("facebook", "page", p.pageId);
    if (!page) throw new Error("no page");
    await p.b.deps.store.put<SandboxPage>("facebook", "page", p.pageId, { ...page.data, restriction: "temporarily_blocked" }, page.owner);
    await rejectsWith(publish(p.tokens, p.request(), p.net), "temporarily_blocked");
    await p.b.deps.store.put<SandboxPage>("facebook", "page", p.pageId, { ...page.data, restriction: "publishing_authorization" }, page.owner);
    const identity = await apiError(publish(p.tokens, p.request(), p.net));
    expect(identity).toMatchObject({ code: "owner_identity_check", platform: "facebook" });
    await p.b.deps.store.put<SandboxPage>("facebook", "page", p.pageId, { ...page.data, restriction: undefined }, page.owner);

    for (let i = 0; i < pagePublishingRules.maxPostsPerWindow; i++) await publish(p.tokens, p.request({ text: `Post ${i}` }), p.net);
    const burst = await apiError(publish(p.tokens, p.request({ text: "One too many" }), p.net));
    expect(burst).toMatchObject({ code: "temporarily_blocked", retryable: true });
  });

  it("maps photo refusals: unreadable, too large, not a URL", async () => {
    const p = await onPage([...factories]);
    await serveRemoteFile(p.b.deps.store, "facebook", "https://media.chorus.test/missing.jpg", null);
    await rejectsWith(publish(p.tokens, p.request({ media: [image("missing")] }), p.net), "media_unreadable");
    await serveRemoteFile(p.b.deps.store, "facebook", "https://media.chorus.test/huge.jpg", { mimeType: "image/jpeg", bytes: 9_000_000, width: 6000, height: 4000, durationSeconds: null });
    await rejectsWith(publish(p.tokens, p.request({ media: [image("huge")] }), p.net), "media_too_large");
    await serveRemoteFile(p.b.deps.store, "facebook", "https://media.chorus.test/doc.jpg", { mimeType: "application/pdf", bytes: 1000, width: null, height: null, durationSeconds: null });
    await rejectsWith(publish(p.tokens, p.request({ media: [image("doc")] }), p.net), "media_unreadable");
    await rejectsWith(publish(p.tokens, p.request({ media: [{ ...image("x"), url: "ftp://media.chorus.test/x.jpg" }] }), p.net), "media_unreadable");
  });

  it("maps a link Meta cannot scrape (#1609005) to the link option", async () => {
    const p = await onPage([...factories]);
    await serveRemoteFile(p.b.deps.store, "facebook", "https://example.com/down", null);
    const error = await apiError(publish(p.tokens, p.request({ options: { link: "https://example.com/down" } }), p.net));
    expect(error).toMatchObject({ code: "option_invalid", platform: "facebook", message: expect.stringContaining("Error Posting Link") });
  });

  it("refuses before any call what the page network cannot take", async () => {
    const p = await onPage([...factories]);
    const before = p.b.sent.length;
    const cases: [Partial<PublishRequest>, string, string][] = [
      [{ destination: null }, "option_invalid", "platformOptions.facebook.pageId"],
      [{ options: { postType: "carousel" } }, "option_invalid", "platformOptions.facebook.postType"],
      [{ options: { postType: "reel" } }, "media_required", "media"],
      [{ options: { postType: "reel" }, media: [image("r")] }, "image_not_supported", "media"],
      [{ options: { postType: "reel" }, media: [video("r1"), video("r2")] }, "field_invalid", "media"],
      [{ options: { link: "https://example.com" }, media: [image("l")] }, "option_invalid", "platformOptions.facebook.link"],
      [{ options: { title: 42 } }, "option_invalid", "platformOptions.facebook.title"],
      [{ text: "  " }, "text_required", "text"],
      [{ media: [image("i"), video("v")] }, "video_not_supported", "media"],
      [{ options: { postType: "story" } }, "media_required", "media"],
      [{ options: { postType: "story" }, media: [image("s"), video("s")] }, "field_invalid", "media"],
      [{ options: { postType: "story" }, media: [image("s1"), image("s2")] }, "field_invalid", "media"],
    ];
    for (const [overrides, code, param] of cases) {
      const error = await apiError(publish(p.tokens, p.request(overrides), p.net));
      expect(error, JSON.stringify(overrides)).toMatchObject({ code, param, beforeExecution: true });
    }
    expect(p.b.sent.length).toBe(before);
  });

  it("refuses a page the account does not manage", async () => {
    const p = await onPage([...factories]);
    const error = await apiError(publish(p.tokens, p.request({ destination: "999999999999999" }), p.net));
    expect(error).toMatchObject({ code: "option_invalid", param: "platformOptions.facebook.pageId" });
  });

  it("answers each account fault with the spec's code", async () => {
    const p = await onPage([...factories], "faulty.page");
    const sim = p.b.sims.find((s) => s.platform === "facebook");
    if (!sim) throw new Error("no facebook simulator");
    await p.b.setFault(sim, "faulty.page", "expired_token");
    await rejectsWith(publish(p.tokens, p.request(), p.net), "needs_reauth");
    await p.b.setFault(sim, "faulty.page", "revoked_permission");
    await rejectsWith(publish(p.tokens, p.request(), p.net), "missing_permission");
    await p.b.setFault(sim, "faulty.page", "rate_limited");
    await rejectsWith(publish(p.tokens, p.request(), p.net), "rate_limited");
    await p.b.setFault(sim, "faulty.page", "down");
    await rejectsWith(publish(p.tokens, p.request(), p.net), "platform_unavailable");
    await p.b.setFault(sim, "faulty.page", "slow");
    expectPublished(await publish(p.tokens, p.request(), p.net));
  });

  it("gives a page-token throttle its Retry-After from the business-use-case header", async () => {
    const p = await onPage([...factories], "busy.page");
    await publish(p.tokens, p.request(), p.net);
    const token = await pageToken(p);
    const sim = p.b.sims.find((s) => s.platform === "facebook");
    if (!sim) throw new Error("no facebook simulator");
    await p.b.setFault(sim, "busy.page", "rate_limited");
    const url = `https://graph.facebook.com/v26.0/${p.pageId}/posts?access_token=${token}`;
    const error = await apiError(graphRequest(p.net, facebookErrorTable, url, v.unknown()));
    expect(error).toMatchObject({ code: "rate_limited", headers: { "Retry-After": "300" } });
  });

  it("finds a post whose publish answer was lost, and nothing for text never posted", async () => {
    const p = await onPage([...factories]);
    const lost = losing(p.net, (url, method) => method === "POST" && url.pathname.endsWith("/feed"));
    await rejectsWith(publish(p.tokens, p.request({ text: "Did this go out?" }), lost), "platform_unavailable");
    const found = await findPublished(p.tokens, p.request({ text: "Did this go out?" }), p.net);
    const posts = await p.b.deps.store.list<SandboxPagePost>("facebook", "page_post");
    const made = posts.find((r) => r.data.message === "Did this go out?");
    expect(found).toEqual({ networkPostId: made?.id, url: expect.stringContaining(p.pageId) });
    const read = p.b.sent.at(-1);
    expect(read?.url.pathname).toBe(`/v26.0/${p.pageId}/posts`);
    expect(read?.url.searchParams.get("fields")).toBe("id,message,created_time,permalink_url");
    expect(Number(read?.url.searchParams.get("since"))).toBe(Math.floor(p.b.deps.now().getTime() / 1000) - 24 * 3600);
    expect(await findPublished(p.tokens, p.request({ text: "Never sent" }), p.net)).toBeNull();
  });

  it("finds a video whose answer was lost while Meta still processes it", async () => {
    const p = await onPage([...factories]);
    const lost = losing(p.net, (url, method) => method === "POST" && url.pathname.endsWith("/videos"));
    await rejectsWith(publish(p.tokens, p.request({ text: "Lost video", media: [video("lost")] }), lost), "platform_unavailable");
    const videos = await p.b.deps.store.list<SandboxVideo>("facebook", "video");
    const found = await findPublished(p.tokens, p.request({ text: "Lost video", media: [video("lost")] }), p.net);
    expect(found?.networkPostId).toBe(videos[0]?.id);
    p.b.advance(10);
    const later = await findPublished(p.tokens, p.request({ text: "Lost video", media: [video("lost")] }), p.net);
    expect(later?.networkPostId).toMatch(new RegExp(`^${p.pageId}_`));
  });

  it("deletes a post, its photos, and a video by its bare id", async () => {
    const p = await onPage([...factories]);
    const album = expectPublished(await publish(p.tokens, p.request({ text: "Gone soon", media: [image("d1"), image("d2")] }), p.net));
    await deletePost(p.tokens, album.networkPostId, p.net);
    const call = p.b.sent.at(-1);
    expect(call?.method).toBe("DELETE");
    expect(call?.url.pathname).toBe(`/v26.0/${album.networkPostId}`);
    expect(call?.url.searchParams.get("access_token")).toBe(await pageToken(p));
    expect(await p.b.deps.store.get("facebook", "page_post", album.networkPostId)).toBeNull();
    expect(await p.b.deps.store.list("facebook", "photo")).toHaveLength(0);
    await rejectsWith(deletePost(p.tokens, album.networkPostId, p.net), "platform_rejected");

    const clip = expectProcessing(await publish(p.tokens, p.request({ text: "Video to delete", media: [video("del")] }), p.net));
    const [stored] = await p.b.deps.store.list<SandboxVideo>("facebook", "video");
    if (!stored) throw new Error("no video");
    await deletePost(p.tokens, stored.id, p.net);
    expect(await p.b.deps.store.list("facebook", "video")).toHaveLength(0);
    expect(clip.pollToken).toContain(stored.id);
  });
});

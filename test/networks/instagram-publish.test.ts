import { expectProcessing, expectPublished, form, losing } from "./harness.js";
import { describe, expect, it } from "vitest";
import { instagramAdapter } from "../../src/networks/instagram/adapter.js";
import { instagramCapabilities, type InstagramDoor } from "../../src/networks/instagram/capabilities.js";
import { containerError, instagramErrorTable } from "../../src/networks/instagram/errors.js";
import type { PublishMedia, PublishRequest } from "../../src/networks/publish-types.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import { serveRemoteFile } from "../../src/sandbox/meta/remote-media.js";
import type { SandboxContainer } from "../../src/sandbox/instagram/media-nodes.js";
import type { SandboxMedia } from "../../src/sandbox/instagram/model.js";
import { createInstagramSimulator } from "../../src/sandbox/instagram/simulator.js";
import type { SimulatorFactory } from "../../src/sandbox/types.js";
import { bench, connect, rejectsWith, type Bench } from "./facebook-helpers.js";
import { apiError, expectValidCapabilities, required } from "./harness.js";

const publish = required(instagramAdapter, "publish");
const checkPublish = required(instagramAdapter, "checkPublish");
const findPublished = required(instagramAdapter, "findPublished");

function media(kind: "image" | "video", name: string, alt: string | null = null): PublishMedia {
  const url = `https://media.chorus.test/${name}.${kind === "image" ? "jpg" : "mp4"}`;
  return {
    id: `med_${name}`,
    kind,
    mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
    bytes: kind === "image" ? 400_000 : 12_000_000,
    width: 1080,
    height: kind === "image" ? 1080 : 1920,
    durationSeconds: kind === "video" ? 30 : null,
    alt,
    url,
    read: async () => new Uint8Array([1, 2, 3]),
  };
}
const image = (name: string, alt: string | null = null) => media("image", name, alt);
const video = (name: string) => media("video", name);

const doors: ReadonlyArray<readonly [string, InstagramDoor, readonly SimulatorFactory[], string]> = [
  ["Instagram-login door", "instagram_login", [createInstagramSimulator], "graph.instagram.com"],
  ["Facebook-login door, facebook simulator first", "facebook_login", [createFacebookSimulator, createInstagramSimulator], "graph.facebook.com"],
  ["Facebook-login door, instagram simulator first", "facebook_login", [createInstagramSimulator, createFacebookSimulator], "graph.facebook.com"],
];

interface Account {
  b: Bench;
  net: NetworkContext;
  tokens: TokenSet;
  ig: string;
  request: (overrides?: Partial<PublishRequest>) => PublishRequest;
}

async function account(factories: readonly SimulatorFactory[], door: InstagramDoor, handle = "studio.ig"): Promise<Account> {
  const b = bench(factories);
  const net = b.net();
  const tokens = await connect(instagramAdapter, net, handle, door);
  const ig = String(tokens.extra.igUserId);
  const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
    text: "Autumn collection #sandbox",
    media: [image("one")],
    options: {},
    destination: null,
    targetId: "tgt_ig",
    ...overrides,
  });
  return { b, net, tokens, ig, request };
}

const sentSince = (a: Account, count: number) => a.b.sent.slice(count);

describe("instagram publishing capabilities", () => {
  it("match the schema; publishing is asynchronous and there is no delete", () => {
    expectValidCapabilities(instagramCapabilities);
    expect(instagramCapabilities.asynchronousPublishing).toBe(true);
    expect(instagramAdapter.publish).toBeDefined();
    expect(instagramAdapter.checkPublish).toBeDefined();
    expect(instagramAdapter.findPublished).toBeDefined();
    expect(instagramAdapter.deletePost).toBeUndefined();
  });

  it("classifies a container's ERROR status by its 2207xxx subcode", () => {
    expect(containerError("Error: 2207026: The video format is not supported.")).toMatchObject({ code: "media_type_unsupported", platform: "instagram" });
    expect(containerError("Error: 2207052: The media could not be fetched")).toMatchObject({ code: "media_unreadable" });
    expect(containerError("Something else entirely")).toMatchObject({ code: "platform_rejected", message: "Something else entirely", fix: null });
    for (const subcode of ["2207027", "2207020", "2207032"]) expect(instagramErrorTable.rows.some((r) => r.subcode === subcode)).toBe(true);
  });
});

describe.each(doors)("instagram publishing, %s", (_name, door, factories, host) => {
  it("publishes one image: container, IN_PROGRESS, then FINISHED, media_publish and the permalink", async () => {
    const a = await account(factories, door);
    // A place of the simulated world (a Page with a location, as GET /pages/search finds it).
    await a.b.deps.store.put("instagram", "place", "110843418940484", { name: "Eiffel Tower", street: "", city: "Paris", country: "France", latitude: 48.8584, longitude: 2.2945 }, null);
    const before = a.b.sent.length;
    const first = expectProcessing(await publish(a.tokens, a.request({ options: { altText: "A red coat", locationId: "110843418940484" } }), a.net));
    expect(first).toMatchObject({ networkPostId: null, url: null, pollAfterSeconds: 5 });
    const calls = sentSince(a, before);
    expect(calls.every((r) => r.url.host === host)).toBe(true);
    expect(calls.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`POST /v26.0/${a.ig}/media`, expect.stringMatching(/^GET \/v26\.0\/\d+$/)]);
    expect(form(calls[0]?.body ?? "")).toEqual({
      image_url: "https://media.chorus.test/one.jpg",
      caption: "Autumn collection #sandbox",
      alt_text: "A red coat",
      location_id: "110843418940484",
      access_token: a.tokens.accessToken,
    });
    expect(calls[1]?.url.searchParams.get("fields")).toBe("status_code,status");

    a.b.advance(1);
    expect(expectProcessing(await checkPublish(a.tokens, first.pollToken, a.net)).pollToken).toBe(first.pollToken);
    a.b.advance(2);
    const mark = a.b.sent.length;
    const done = expectPublished(await checkPublish(a.tokens, first.pollToken, a.net));
    const after = sentSince(a, mark);
    expect(after.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([expect.stringMatching(/^GET \/v26\.0\/\d+$/), `POST /v26.0/${a.ig}/media_publish`, `GET /v26.0/${done.networkPostId}`]);
    expect(form(after[1]?.body ?? "")).toEqual({ creation_id: after[0]?.url.pathname.split("/").pop(), access_token: a.tokens.accessToken });
    expect(after[2]?.url.searchParams.get("fields")).toBe("permalink");
    expect(done.url).toMatch(/^https:\/\/sandbox\.chorus\.invalid\/instagram\/p\/[\w-]{11}\/$/);
    const stored = await a.b.deps.store.get<SandboxMedia>("instagram", "media", done.networkPostId);
    expect(stored?.data).toMatchObject({ caption: "Autumn collection #sandbox", mediaType: "IMAGE", productType: "FEED" });
  });

  it("publishes a video as a reel with the reel options, after a longer processing", async () => {
    const a = await account(factories, door);
    const options = {
      shareToFeed: true,
      coverUrl: "https://media.chorus.test/cover.jpg",
      thumbOffset: 1500,
      audioName: "Original",
      trialParams: { graduation_strategy: "MANUAL" },
      collaborators: ["friend.one"],
      userTags: [{ username: "friend.two", x: 0.5, y: 0.5 }],
    };
    const before = a.b.sent.length;
    const first = expectProcessing(await publish(a.tokens, a.request({ media: [video("reel")], options }), a.net));
    expect(first.pollAfterSeconds).toBe(30);
    expect(form(sentSince(a, before)[0]?.body ?? "")).toEqual({
      media_type: "REELS",
      video_url: "https://media.chorus.test/reel.mp4",
      caption: "Autumn collection #sandbox",
      user_tags: JSON.stringify(options.userTags),
      collaborators: '["friend.one"]',
      share_to_feed: "true",
      cover_url: "https://media.chorus.test/cover.jpg",
      thumb_offset: "1500",
      audio_name: "Original",
      trial_params: '{"graduation_strategy":"MANUAL"}',
      access_token: a.tokens.accessToken,
    });
    a.b.advance(3);
    expectProcessing(await checkPublish(a.tokens, first.pollToken, a.net));
    a.b.advance(3);
    const done = expectPublished(await checkPublish(a.tokens, first.pollToken, a.net));
    expect(done.url).toContain("/instagram/reel/");
    expect((await a.b.deps.store.get<SandboxMedia>("instagram", "media", done.networkPostId))?.data).toMatchObject({ mediaType: "VIDEO", productType: "REELS" });
  });

  it("publishes a story without a caption", async () => {
    const a = await account(factories, door);
    const before = a.b.sent.length;
    const first = expectProcessing(await publish(a.tokens, a.request({ options: { postType: "story" }, media: [image("story")] }), a.net));
    expect(form(sentSince(a, before)[0]?.body ?? "")).toEqual({ media_type: "STORIES", image_url: "https://media.chorus.test/story.jpg", access_token: a.tokens.accessToken });
    a.b.advance(2);
    const done = expectPublished(await checkPublish(a.tokens, first.pollToken, a.net));
    expect(done.url).toContain(`/instagram/stories/studio.ig/${done.networkPostId}/`);
  });

  it("publishes a carousel: children first, the CAROUSEL container once they are all FINISHED", async () => {
    const a = await account(factories, door);
    const before = a.b.sent.length;
    const first = expectProcessing(await publish(a.tokens, a.request({ media: [image("c1", "First look"), image("c2"), video("c3")] }), a.net));
    const creates = sentSince(a, before).filter((r) => r.method === "POST");
    expect(creates.map((r) => form(r.body))).toEqual([
      { image_url: "https://media.chorus.test/c1.jpg", is_carousel_item: "true", alt_text: "First look", access_token: a.tokens.accessToken },
      { image_url: "https://media.chorus.test/c2.jpg", is_carousel_item: "true", access_token: a.tokens.accessToken },
      { media_type: "VIDEO", video_url: "https://media.chorus.test/c3.mp4", is_carousel_item: "true", access_token: a.tokens.accessToken },
    ]);
    expect(first.pollAfterSeconds).toBe(30);

    // The images are ready after 2 s, the video is not: no parent container yet.
    a.b.advance(3);
    const mark = a.b.sent.length;
    expectProcessing(await checkPublish(a.tokens, first.pollToken, a.net));
    expect(sentSince(a, mark).every((r) => r.method === "GET")).toBe(true);

    a.b.advance(3);
    const parent = expectProcessing(await checkPublish(a.tokens, first.pollToken, a.net));
    const parentCall = a.b.sent.filter((r) => r.method === "POST").at(-1);
    const items = (await a.b.deps.store.list<SandboxContainer>("instagram", "container")).filter((c) => c.data.isCarouselItem);
    // Children in the order the items were given: the first image, the second, then the video.
    const ordered = ["c1.jpg", "c2.jpg", "c3.mp4"].map((name) => items.find((c) => (c.data.imageUrl ?? c.data.videoUrl)?.endsWith(name))?.id);
    expect(form(parentCall?.body ?? "")).toEqual({ caption: "Autumn collection #sandbox", media_type: "CAROUSEL", children: ordered.join(","), access_token: a.tokens.accessToken });
    expect(parent.pollToken).not.toBe(first.pollToken);

    a.b.advance(2);
    const done = expectPublished(await checkPublish(a.tokens, parent.pollToken, a.net));
    expect((await a.b.deps.store.get<SandboxMedia>("instagram", "media", done.networkPostId))?.data).toMatchObject({ mediaType: "CAROUSEL_ALBUM", children: ordered });
  });

  it("maps refusals at container creation to the spec's codes", async () => {
    const a = await account(factories, door);
    const serve = (name: string, file: Parameters<typeof serveRemoteFile>[3]) => serveRemoteFile(a.b.deps.store, "instagram", `https://media.chorus.test/${name}.jpg`, file);
    await serve("png", { mimeType: "image/png", bytes: 10_000, width: 1080, height: 1080, durationSeconds: null });
    await serve("big", { mimeType: "image/jpeg", bytes: 9 * 1024 * 1024, width: 1080, height: 1080, durationSeconds: null });
    await serve("wide", { mimeType: "image/jpeg", bytes: 10_000, width: 2000, height: 1000, durationSeconds: null });
    await serve("tall", { mimeType: "image/jpeg", bytes: 10_000, width: 1000, height: 1300, durationSeconds: null });
    await serve("gone", null);
    const cases: [Partial<PublishRequest>, string][] = [
      [{ media: [image("png")] }, "media_type_unsupported"],
      [{ media: [image("big")] }, "media_too_large"],
      [{ media: [image("wide")] }, "aspect_ratio_unsupported"],
      [{ media: [image("tall")] }, "aspect_ratio_unsupported"],
      [{ media: [image("gone")] }, "media_unreadable"],
      [{ text: "x".repeat(2201) }, "text_too_long"],
      [{ text: Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(" ") }, "text_too_long"],
      [{ text: Array.from({ length: 21 }, (_, i) => `@user${i}`).join(" ") }, "text_too_long"],
    ];
    for (const [overrides, code] of cases) await rejectsWith(publish(a.tokens, a.request(overrides), a.net), code);
    // A tall story is fine: stories are not held to the feed's ratios.
    expectProcessing(await publish(a.tokens, a.request({ media: [image("tall")], options: { postType: "story" } }), a.net));
    expect(await a.b.deps.store.list("instagram", "container")).toHaveLength(1);
  });

  it("fails a video the network cannot use once its container reports ERROR", async () => {
    const a = await account(factories, door);
    await serveRemoteFile(a.b.deps.store, "instagram", "https://media.chorus.test/text.mp4", { mimeType: "text/plain", bytes: 10, width: null, height: null, durationSeconds: null });
    await serveRemoteFile(a.b.deps.store, "instagram", "https://media.chorus.test/lost.mp4", null);
    const wrong = expectProcessing(await publish(a.tokens, a.request({ media: [video("text")] }), a.net));
    const lost = expectProcessing(await publish(a.tokens, a.request({ text: "other", media: [video("lost")] }), a.net));
    a.b.advance(6);
    expect(await checkPublish(a.tokens, wrong.pollToken, a.net)).toMatchObject({ state: "failed", error: { code: "media_type_unsupported" } });
    expect(await checkPublish(a.tokens, lost.pollToken, a.net)).toMatchObject({ state: "failed", error: { code: "media_unreadable" } });
    expect(a.b.sent.some((r) => r.url.pathname.endsWith("/media_publish"))).toBe(false);
  });

  it("fails a container left unpublished past 24 hours", async () => {
    const a = await account(factories, door);
    const first = expectProcessing(await publish(a.tokens, a.request(), a.net));
    a.b.advance(25 * 3600);
    expect(await checkPublish(a.tokens, first.pollToken, a.net)).toMatchObject({ state: "failed", error: { code: "platform_unavailable" } });
  });

  it("ends the target when the daily publishing quota is spent (2207042)", async () => {
    const a = await account(factories, door);
    for (let i = 0; i < 99; i++)
      await a.b.deps.store.put<SandboxMedia>("instagram", "media", `9${String(i).padStart(16, "0")}`, { caption: `old ${i}`, publishedAt: a.b.deps.now().toISOString() }, a.ig);
    const first = expectProcessing(await publish(a.tokens, a.request(), a.net));
    a.b.advance(2);
    expect(await checkPublish(a.tokens, first.pollToken, a.net)).toMatchObject({ state: "failed", error: { code: "quota_exceeded", platform: "instagram" } });
  });

  it("refuses before any call what Instagram cannot take", async () => {
    const a = await account(factories, door);
    const before = a.b.sent.length;
    const cases: [Partial<PublishRequest>, string, string][] = [
      [{ media: [] }, "media_required", "media"],
      [{ options: { postType: "carousel" } }, "option_invalid", "platformOptions.instagram.postType"],
      [{ options: { postType: "reel" } }, "image_not_supported", "media"],
      [{ options: { postType: "story" }, media: [image("s1"), image("s2")] }, "field_invalid", "media"],
      [{ media: Array.from({ length: 11 }, (_, i) => image(`m${i}`)) }, "field_invalid", "media"],
      [{ options: { shareToFeed: true } }, "option_invalid", "platformOptions.instagram.shareToFeed"],
      [{ options: { altText: "x" }, media: [image("a"), image("b")] }, "option_invalid", "platformOptions.instagram.altText"],
      [{ options: { thumbOffset: -1 }, media: [video("v")] }, "option_invalid", "platformOptions.instagram.thumbOffset"],
      // Stories take no location.
      [{ options: { locationId: "1", postType: "story" } }, "option_invalid", "platformOptions.instagram.locationId"],
    ];
    for (const [overrides, code, param] of cases) {
      expect(await apiError(publish(a.tokens, a.request(overrides), a.net)), JSON.stringify(overrides)).toMatchObject({ code, param, beforeExecution: true });
    }
    expect(a.b.sent.length).toBe(before);
  });

  it("answers each account fault with the spec's code, and Meta's usage header gives the Retry-After", async () => {
    const a = await account(factories, door, "faulty.publisher");
    const sim = a.b.sims.find((s) => s.platform === "instagram");
    if (!sim) throw new Error("no instagram simulator");
    await a.b.setFault(sim, "faulty.publisher", "expired_token");
    await rejectsWith(publish(a.tokens, a.request(), a.net), "needs_reauth");
    await a.b.setFault(sim, "faulty.publisher", "revoked_permission");
    await rejectsWith(publish(a.tokens, a.request(), a.net), "missing_permission");
    await a.b.setFault(sim, "faulty.publisher", "rate_limited");
    expect(await apiError(publish(a.tokens, a.request(), a.net))).toMatchObject({ code: "rate_limited", headers: { "Retry-After": "900" } });
    await a.b.setFault(sim, "faulty.publisher", "down");
    await rejectsWith(publish(a.tokens, a.request(), a.net), "platform_unavailable");

    // A poll that meets throttling is thrown (poll again later); a lost token ends the target.
    await a.b.setFault(sim, "faulty.publisher", null);
    const first = expectProcessing(await publish(a.tokens, a.request(), a.net));
    await a.b.setFault(sim, "faulty.publisher", "rate_limited");
    await rejectsWith(checkPublish(a.tokens, first.pollToken, a.net), "rate_limited");
    await a.b.setFault(sim, "faulty.publisher", "expired_token");
    expect(await checkPublish(a.tokens, first.pollToken, a.net)).toMatchObject({ state: "failed", error: { code: "needs_reauth" } });
  });

  it("recovers a media_publish whose answer was lost: the next poll and findPublished find the post", async () => {
    const a = await account(factories, door);
    const first = expectProcessing(await publish(a.tokens, a.request({ text: "Lost and found" }), a.net));
    a.b.advance(2);
    const lost = losing(a.net, (url, method) => method === "POST" && url.pathname.endsWith("/media_publish"));
    await rejectsWith(checkPublish(a.tokens, first.pollToken, lost), "platform_unavailable");
    const [made] = (await a.b.deps.store.list<SandboxMedia>("instagram", "media")).filter((m) => m.data.caption === "Lost and found");
    if (!made) throw new Error("the post did go out");

    const again = expectPublished(await checkPublish(a.tokens, first.pollToken, a.net));
    expect(again.networkPostId).toBe(made.id);
    expect(a.b.sent.filter((r) => r.url.pathname.endsWith("/media_publish"))).toHaveLength(1);

    const found = await findPublished(a.tokens, a.request({ text: "Lost and found" }), a.net);
    expect(found).toEqual({ networkPostId: made.id, url: expect.stringContaining("/instagram/p/") });
    const read = a.b.sent.at(-1);
    expect(read?.url.pathname).toBe(`/v26.0/${a.ig}/media`);
    expect(read?.url.searchParams.get("fields")).toBe("id,caption,permalink,timestamp");
    expect(await findPublished(a.tokens, a.request({ text: "Never sent" }), a.net)).toBeNull();
  });

  it("finds a story by recency, since stories carry no caption", async () => {
    const a = await account(factories, door);
    const story = a.request({ text: " ", options: { postType: "story" } });
    expect(await findPublished(a.tokens, story, a.net)).toBeNull();
    const first = expectProcessing(await publish(a.tokens, story, a.net));
    a.b.advance(2);
    const done = expectPublished(await checkPublish(a.tokens, first.pollToken, a.net));
    expect(await findPublished(a.tokens, story, a.net)).toEqual({ networkPostId: done.networkPostId, url: done.url });
    expect(a.b.sent.at(-1)?.url.pathname).toBe(`/v26.0/${a.ig}/stories`);
    a.b.advance(2 * 3600);
    expect(await findPublished(a.tokens, story, a.net)).toBeNull();
  });
});

describe("instagram product tags", () => {
  it("go to the container on the Facebook-login door and are refused on the Instagram-login door", async () => {
    const tags = [{ product_id: "3231775643511089", x: 0.5, y: 0.8 }];
    const viaPage = await account([createInstagramSimulator, createFacebookSimulator], "facebook_login");
    const before = viaPage.b.sent.length;
    expectProcessing(await publish(viaPage.tokens, viaPage.request({ options: { productTags: tags } }), viaPage.net));
    expect(form(sentSince(viaPage, before)[0]?.body ?? "").product_tags).toBe(JSON.stringify(tags));

    const own = await account([createInstagramSimulator], "instagram_login");
    const error = await apiError(publish(own.tokens, own.request({ options: { productTags: tags } }), own.net));
    expect(error).toMatchObject({ code: "photo_page_door_required", param: "platformOptions.instagram.productTags" });
  });
});

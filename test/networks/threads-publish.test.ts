import { expectProcessing, expectPublished, form, losing } from "./harness.js";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { graphPost } from "../../src/networks/meta/graph.js";
import type { PublishMedia, PublishRequest, PublishResult } from "../../src/networks/publish-types.js";
import { threadsAdapter } from "../../src/networks/threads/adapter.js";
import { threadsCapabilities } from "../../src/networks/threads/capabilities.js";
import { threadsContainerError, threadsContainerErrors, threadsErrorTable } from "../../src/networks/threads/errors.js";
import { threadsTextLength } from "../../src/networks/threads/text.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { serveRemoteFile } from "../../src/sandbox/meta/remote-media.js";
import type { SandboxThread, SandboxThreadsContainer } from "../../src/sandbox/threads/publishing.js";
import { createThreadsSimulator } from "../../src/sandbox/threads/simulator.js";
import { bench, connect, rejectsWith, type Bench } from "./facebook-helpers.js";
import { apiError, expectValidCapabilities, required } from "./harness.js";

const publish = required(threadsAdapter, "publish");
const checkPublish = required(threadsAdapter, "checkPublish");
const findPublished = required(threadsAdapter, "findPublished");
const deletePost = required(threadsAdapter, "deletePost");

function media(kind: "image" | "video", name: string, alt: string | null = null): PublishMedia {
  return {
    id: `med_${name}`,
    kind,
    mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
    bytes: kind === "image" ? 400_000 : 12_000_000,
    width: 1080,
    height: kind === "image" ? 1350 : 1920,
    durationSeconds: kind === "video" ? 30 : null,
    alt,
    url: `https://media.chorus.test/${name}.${kind === "image" ? "jpg" : "mp4"}`,
    read: async () => new Uint8Array([1, 2, 3]),
  };
}
const image = (name: string, alt: string | null = null) => media("image", name, alt);
const video = (name: string) => media("video", name);

interface Account {
  b: Bench;
  net: NetworkContext;
  tokens: TokenSet;
  user: string;
  request: (overrides?: Partial<PublishRequest>) => PublishRequest;
}

async function account(handle = "thread.author"): Promise<Account> {
  const b = bench([createThreadsSimulator]);
  const net = b.net();
  const tokens = await connect(threadsAdapter, net, handle);
  const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
    text: "Shipping day",
    media: [],
    options: {},
    destination: null,
    targetId: "tgt_threads",
    ...overrides,
  });
  return { b, net, tokens, user: String(tokens.extra.userId), request };
}

const sentSince = (a: Account, count: number) => a.b.sent.slice(count);

/** Publishes and polls until the container is published, moving the clock as Threads needs. */
async function publishAll(a: Account, request: PublishRequest): Promise<Extract<PublishResult, { state: "published" }>> {
  let result = await publish(a.tokens, request, a.net);
  for (let i = 0; i < 5 && result.state === "processing"; i++) {
    a.b.advance(5);
    result = await checkPublish(a.tokens, result.pollToken, a.net);
  }
  return expectPublished(result);
}

describe("threads text counting", () => {
  it("counts characters, and emoji as their UTF-8 bytes", () => {
    expect(threadsTextLength("hello")).toBe(5);
    expect(threadsTextLength("é")).toBe(1);
    expect(threadsTextLength("日本")).toBe(2);
    expect(threadsTextLength("👋")).toBe(4);
    expect(threadsTextLength("👍🏽")).toBe(8);
    expect(threadsTextLength("🇩🇪")).toBe(8);
    expect(threadsTextLength("👨‍👩‍👧")).toBe(18);
    expect(threadsTextLength("hi 👋")).toBe(7);
  });
});

describe("threads publishing capabilities and errors", () => {
  it("match the schema; publishing is asynchronous and deletable", () => {
    expectValidCapabilities(threadsCapabilities);
    expect(threadsCapabilities.asynchronousPublishing).toBe(true);
    for (const name of ["publish", "checkPublish", "findPublished", "deletePost"] as const) expect(threadsAdapter[name]).toBeDefined();
  });

  it("maps every documented container error_message, and keeps unknown ones as the network's words", () => {
    for (const [reason, { code }] of Object.entries(threadsContainerErrors)) expect(threadsContainerError(reason).code).toBe(code);
    expect(threadsContainerError("UNKNOWN")).toMatchObject({ code: "platform_rejected", fix: null });
    expect(threadsErrorTable.rows[0]).toMatchObject({ networkCode: "24", subcode: "4279009", code: "platform_unavailable" });
  });
});

describe("threads publishing against the simulator", () => {
  it("publishes a text post: container, IN_PROGRESS, FINISHED, threads_publish and the permalink", async () => {
    const a = await account();
    const before = a.b.sent.length;
    const first = expectProcessing(await publish(a.tokens, a.request(), a.net));
    expect(first).toMatchObject({ networkPostId: null, url: null, pollAfterSeconds: 30 });
    const calls = sentSince(a, before);
    expect(calls.every((r) => r.url.host === "graph.threads.net")).toBe(true);
    expect(calls.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`POST /v1.0/${a.user}/threads`, expect.stringMatching(/^GET \/v1\.0\/\d+$/)]);
    expect(form(calls[0]?.body ?? "")).toEqual({ media_type: "TEXT", text: "Shipping day", access_token: a.tokens.accessToken });
    expect(calls[1]?.url.searchParams.get("fields")).toBe("status,error_message");

    a.b.advance(1);
    expectProcessing(await checkPublish(a.tokens, first.pollToken, a.net));
    a.b.advance(1);
    const mark = a.b.sent.length;
    const done = expectPublished(await checkPublish(a.tokens, first.pollToken, a.net));
    const after = sentSince(a, mark);
    expect(after.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([expect.stringMatching(/^GET \/v1\.0\/\d+$/), `POST /v1.0/${a.user}/threads_publish`, `GET /v1.0/${done.networkPostId}`]);
    expect(form(after[1]?.body ?? "")).toEqual({ creation_id: after[0]?.url.pathname.split("/").pop(), access_token: a.tokens.accessToken });
    expect(done.url).toMatch(/^https:\/\/sandbox\.chorus\.invalid\/threads\/@thread\.author\/post\/[\w-]{11}$/);
    expect((await a.b.deps.store.get<SandboxThread>("threads", "thread", done.networkPostId))?.data).toMatchObject({ text: "Shipping day", mediaType: "TEXT_POST" });
    expect(await threadsAdapter.allowance?.(a.tokens, a.net)).toMatchObject({ used: 2 });
  });

  it("sends the text-post options as Threads parameters", async () => {
    const a = await account();
    // A location comes from Threads' location search; the simulated Threads refuses any other id.
    const [place] = (await threadsAdapter.discover?.searchPlaces?.(a.tokens, { q: "eiffel" }, a.net)) ?? [];
    const options = {
      replyControl: "followers_only",
      topicTag: "launch day",
      linkAttachment: "https://example.com/notes",
      pollOptions: ["Yes", "No", "Maybe"],
      locationId: place?.id ?? "",
      allowlistedCountryCodes: ["US", "DE"],
      quotePostId: "18050000000000000",
    };
    const before = a.b.sent.length;
    await publishAll(a, a.request({ options }));
    expect(form(sentSince(a, before)[0]?.body ?? "")).toEqual({
      media_type: "TEXT",
      text: "Shipping day",
      reply_control: "followers_only",
      topic_tag: "launch day",
      link_attachment: "https://example.com/notes",
      poll_attachment: JSON.stringify({ option_a: "Yes", option_b: "No", option_c: "Maybe" }),
      location_id: place?.id,
      allowlisted_country_codes: "US,DE",
      quote_post_id: "18050000000000000",
      access_token: a.tokens.accessToken,
    });
  });

  it("publishes an image with alt text and a video after its longer processing", async () => {
    const a = await account();
    let mark = a.b.sent.length;
    const photo = await publishAll(a, a.request({ text: "Look", media: [image("photo", "A bicycle")] }));
    expect(form(sentSince(a, mark)[0]?.body ?? "")).toEqual({
      media_type: "IMAGE",
      image_url: "https://media.chorus.test/photo.jpg",
      text: "Look",
      alt_text: "A bicycle",
      access_token: a.tokens.accessToken,
    });
    expect((await a.b.deps.store.get<SandboxThread>("threads", "thread", photo.networkPostId))?.data.mediaType).toBe("IMAGE");

    mark = a.b.sent.length;
    const first = expectProcessing(await publish(a.tokens, a.request({ text: "Watch", media: [video("clip")], options: { altText: "A ride" } }), a.net));
    expect(first.pollAfterSeconds).toBe(60);
    expect(form(sentSince(a, mark)[0]?.body ?? "")).toEqual({
      media_type: "VIDEO",
      video_url: "https://media.chorus.test/clip.mp4",
      text: "Watch",
      alt_text: "A ride",
      access_token: a.tokens.accessToken,
    });
    a.b.advance(3);
    expectProcessing(await checkPublish(a.tokens, first.pollToken, a.net));
    a.b.advance(3);
    expectPublished(await checkPublish(a.tokens, first.pollToken, a.net));
  });

  it("publishes a carousel: items first, the CAROUSEL container once all are FINISHED", async () => {
    const a = await account();
    const before = a.b.sent.length;
    const first = expectProcessing(await publish(a.tokens, a.request({ text: "Trip", media: [image("t1", "Lake"), image("t2"), video("t3")] }), a.net));
    const creates = sentSince(a, before)
      .filter((r) => r.method === "POST")
      .map((r) => form(r.body));
    expect(creates).toEqual([
      { media_type: "IMAGE", image_url: "https://media.chorus.test/t1.jpg", is_carousel_item: "true", alt_text: "Lake", access_token: a.tokens.accessToken },
      { media_type: "IMAGE", image_url: "https://media.chorus.test/t2.jpg", is_carousel_item: "true", access_token: a.tokens.accessToken },
      { media_type: "VIDEO", video_url: "https://media.chorus.test/t3.mp4", is_carousel_item: "true", access_token: a.tokens.accessToken },
    ]);
    a.b.advance(3);
    expectProcessing(await checkPublish(a.tokens, first.pollToken, a.net));
    const creations = () => a.b.sent.filter((r) => r.method === "POST" && r.url.pathname === `/v1.0/${a.user}/threads`);
    expect(creations()).toHaveLength(3);
    a.b.advance(3);
    const parent = expectProcessing(await checkPublish(a.tokens, first.pollToken, a.net));
    const items = (await a.b.deps.store.list<SandboxThreadsContainer>("threads", "container")).filter((c) => c.data.isCarouselItem);
    const ordered = ["t1.jpg", "t2.jpg", "t3.mp4"].map((n) => items.find((c) => (c.data.imageUrl ?? c.data.videoUrl)?.endsWith(n))?.id);
    expect(creations()).toHaveLength(4);
    expect(form(creations().at(-1)?.body ?? "")).toEqual({ text: "Trip", media_type: "CAROUSEL", children: ordered.join(","), access_token: a.tokens.accessToken });
    a.b.advance(2);
    const done = expectPublished(await checkPublish(a.tokens, parent.pollToken, a.net));
    expect((await a.b.deps.store.get<SandboxThread>("threads", "thread", done.networkPostId))?.data).toMatchObject({ mediaType: "CAROUSEL_ALBUM", children: ordered });
  });

  it("counts the 500-character limit the Threads way, before sending anything", async () => {
    const a = await account();
    await publishAll(a, a.request({ text: "x".repeat(500) }));
    await publishAll(a, a.request({ text: "👋".repeat(125) }));
    const before = a.b.sent.length;
    const long = await apiError(publish(a.tokens, a.request({ text: "x".repeat(501) }), a.net));
    expect(long).toMatchObject({ code: "text_too_long", param: "text", beforeExecution: true });
    // 126 waving hands are 126 characters but 504 by Threads' count.
    await rejectsWith(publish(a.tokens, a.request({ text: "👋".repeat(126) }), a.net), "text_too_long");
    expect(a.b.sent.length).toBe(before);
    // The simulator holds the same line when a request reaches it.
    const url = `https://graph.threads.net/v1.0/${a.user}/threads`;
    const refused = await apiError(graphPost(a.net, threadsErrorTable, url, { media_type: "TEXT", text: "👋".repeat(126), access_token: a.tokens.accessToken }, v.unknown()));
    expect(refused.message).toContain("at most 500 characters");
  });

  it("fails media Threads cannot use once the container reports ERROR", async () => {
    const a = await account();
    const serve = (url: string, file: Parameters<typeof serveRemoteFile>[3]) => serveRemoteFile(a.b.deps.store, "threads", url, file);
    await serve("https://media.chorus.test/gone.mp4", null);
    await serve("https://media.chorus.test/long.mp4", { mimeType: "video/mp4", bytes: 1_000_000, width: 1080, height: 1920, durationSeconds: 400 });
    await serve("https://media.chorus.test/banner.jpg", { mimeType: "image/jpeg", bytes: 1000, width: 6000, height: 500, durationSeconds: null });
    await serve("https://media.chorus.test/anim.jpg", { mimeType: "image/gif", bytes: 1000, width: 500, height: 500, durationSeconds: null });
    const cases: [PublishMedia, string][] = [
      [video("gone"), "media_unreadable"],
      [video("long"), "media_type_unsupported"],
      [image("banner"), "aspect_ratio_unsupported"],
      [image("anim"), "platform_rejected"],
    ];
    for (const [item, code] of cases) {
      const first = expectProcessing(await publish(a.tokens, a.request({ text: `bad ${item.id}`, media: [item] }), a.net));
      a.b.advance(6);
      expect(await checkPublish(a.tokens, first.pollToken, a.net), item.id).toMatchObject({ state: "failed", error: { code, platform: "threads" } });
    }
    expect(a.b.sent.some((r) => r.url.pathname.endsWith("/threads_publish"))).toBe(false);
  });

  it("answers a publish of an unfinished container with Threads' media-not-found error", async () => {
    const a = await account();
    const first = expectProcessing(await publish(a.tokens, a.request(), a.net));
    const container = (await a.b.deps.store.list<SandboxThreadsContainer>("threads", "container"))[0];
    const url = `https://graph.threads.net/v1.0/${a.user}/threads_publish`;
    const error = await apiError(graphPost(a.net, threadsErrorTable, url, { creation_id: container?.id, access_token: a.tokens.accessToken }, v.unknown()));
    expect(error).toMatchObject({ code: "platform_unavailable", retryable: true });
    expect(first.pollToken).toContain(container?.id ?? "none");
  });

  it("refuses before any call what Threads cannot take", async () => {
    const a = await account();
    const before = a.b.sent.length;
    const cases: [Partial<PublishRequest>, string, string][] = [
      [{ text: " " }, "text_required", "text"],
      [{ options: { replyControl: "nobody" } }, "option_invalid", "platformOptions.threads.replyControl"],
      [{ options: { topicTag: "a.b" } }, "option_invalid", "platformOptions.threads.topicTag"],
      [{ options: { linkAttachment: "https://example.com" }, media: [image("l")] }, "option_invalid", "platformOptions.threads.linkAttachment"],
      [{ options: { pollOptions: ["Only one"] } }, "option_invalid", "platformOptions.threads.pollOptions"],
      [{ options: { pollOptions: ["A", "B"] }, media: [image("p")] }, "option_invalid", "platformOptions.threads.pollOptions"],
      [{ options: { altText: "x" }, media: [image("a"), image("b")] }, "option_invalid", "platformOptions.threads.altText"],
      [{ options: { allowlistedCountryCodes: ["usa"] } }, "option_invalid", "platformOptions.threads.allowlistedCountryCodes"],
      [{ media: Array.from({ length: 21 }, (_, i) => image(`m${i}`)) }, "field_invalid", "media"],
    ];
    for (const [overrides, code, param] of cases) {
      expect(await apiError(publish(a.tokens, a.request(overrides), a.net)), JSON.stringify(overrides)).toMatchObject({ code, param, beforeExecution: true });
    }
    expect(a.b.sent.length).toBe(before);
  });

  it("answers each account fault with the spec's code", async () => {
    const a = await account("faulty.threads");
    const sim = a.b.sims[0];
    if (!sim) throw new Error("no simulator");
    await a.b.setFault(sim, "faulty.threads", "expired_token");
    await rejectsWith(publish(a.tokens, a.request(), a.net), "needs_reauth");
    await a.b.setFault(sim, "faulty.threads", "revoked_permission");
    await rejectsWith(publish(a.tokens, a.request(), a.net), "missing_scope");
    await a.b.setFault(sim, "faulty.threads", "rate_limited");
    const throttled = await apiError(publish(a.tokens, a.request(), a.net));
    // Threads throttles on the app's usage (X-App-Usage), which names no time: no Retry-After.
    expect(throttled).toMatchObject({ code: "rate_limited", headers: {} });
    await a.b.setFault(sim, "faulty.threads", "down");
    await rejectsWith(publish(a.tokens, a.request(), a.net), "platform_unavailable");
    await a.b.setFault(sim, "faulty.threads", "slow");
    expectProcessing(await publish(a.tokens, a.request(), a.net));
  });

  it("recovers a threads_publish whose answer was lost, and findPublished finds the post by its text", async () => {
    const a = await account();
    const first = expectProcessing(await publish(a.tokens, a.request({ text: "Are you there?" }), a.net));
    a.b.advance(2);
    const lost = losing(a.net, (url, method) => method === "POST" && url.pathname.endsWith("/threads_publish"));
    await rejectsWith(checkPublish(a.tokens, first.pollToken, lost), "platform_unavailable");
    const made = (await a.b.deps.store.list<SandboxThread>("threads", "thread")).find((t) => t.data.text === "Are you there?");
    if (!made) throw new Error("the post did go out");
    expect(expectPublished(await checkPublish(a.tokens, first.pollToken, a.net)).networkPostId).toBe(made.id);
    expect(a.b.sent.filter((r) => r.url.pathname.endsWith("/threads_publish"))).toHaveLength(1);

    expect(await findPublished(a.tokens, a.request({ text: "Are you there?" }), a.net)).toEqual({ networkPostId: made.id, url: expect.stringContaining("/threads/@thread.author/post/") });
    const read = a.b.sent.at(-1);
    expect(read?.url.pathname).toBe(`/v1.0/${a.user}/threads`);
    expect(read?.url.searchParams.get("fields")).toBe("id,text,permalink,timestamp");
    expect(await findPublished(a.tokens, a.request({ text: "Nobody wrote this" }), a.net)).toBeNull();
    a.b.advance(25 * 3600);
    expect(await findPublished(a.tokens, a.request({ text: "Are you there?" }), a.net)).toBeNull();
  });

  it("deletes a post with threads_delete", async () => {
    const a = await account("deleter");
    const done = await publishAll(a, a.request({ text: "Oops" }));
    await deletePost(a.tokens, done.networkPostId, a.net);
    const call = a.b.sent.at(-1);
    expect(call).toMatchObject({ method: "DELETE" });
    expect(call?.url.pathname).toBe(`/v1.0/${done.networkPostId}`);
    expect(await a.b.deps.store.get("threads", "thread", done.networkPostId)).toBeNull();
    await rejectsWith(deletePost(a.tokens, done.networkPostId, a.net), "platform_rejected");

    const kept = await publishAll(a, a.request({ text: "Keep" }));
    const sim = a.b.sims[0];
    if (!sim) throw new Error("no simulator");
    await a.b.setFault(sim, "deleter", "revoked_permission");
    await rejectsWith(deletePost(a.tokens, kept.networkPostId, a.net), "missing_scope");
  });
});

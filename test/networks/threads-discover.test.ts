import { describe, expect, it } from "vitest";
import type { PostSearchQuery } from "../../src/networks/facets/discover.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import { threadsAdapter } from "../../src/networks/threads/adapter.js";
import type { TokenSet } from "../../src/networks/types.js";
import { createThreadsSimulator } from "../../src/sandbox/threads/simulator.js";
import { discoverMethod } from "./discover-helpers.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox } from "./harness.js";

const searchPosts = discoverMethod(threadsAdapter, "searchPosts");
const lookupProfile = discoverMethod(threadsAdapter, "lookupProfile");
const profilePosts = discoverMethod(threadsAdapter, "profilePosts");
const searchPlaces = discoverMethod(threadsAdapter, "searchPlaces");
const publish = required(threadsAdapter, "publish");
const checkPublish = required(threadsAdapter, "checkPublish");

const setup = () =>
  createSandbox([createThreadsSimulator], {
    start: "2026-11-20T10:00:00.000Z",
    config: { clientId: "sandbox-threads-app", clientSecret: "sandbox-threads-secret", redirectUri: "https://chorus.test/v1/connect/callback/threads" },
  });

async function post(ctx: Sandbox, tokens: TokenSet, text: string): Promise<string> {
  const request: PublishRequest = { text, media: [], options: {}, destination: null, targetId: "tgt_th" };
  let result = await publish(tokens, request, ctx.net);
  for (let i = 0; i < 5 && result.state === "processing"; i++) {
    ctx.advance(60_000);
    result = await checkPublish(tokens, result.pollToken, ctx.net);
  }
  if (result.state !== "published") throw new Error(`not published: ${JSON.stringify(result)}`);
  return result.networkPostId ?? "";
}

const query = (q: string, extra: Partial<PostSearchQuery> = {}): PostSearchQuery => ({ q, mode: "keyword", sort: "recent", ...extra });
const page = { cursor: null, limit: 25, networkUserId: "" };

describe("Threads keyword search", () => {
  it("finds posts by keyword and by tag with GET /keyword_search, and keeps to the media type", async () => {
    const ctx = setup();
    const { tokens } = await connectThroughConsent(threadsAdapter, ctx.net, { handle: "threads_searcher", pageText: "Sandbox" });
    const rye = await post(ctx, tokens, "Rye loaf today #baking");
    await post(ctx, tokens, "Nothing to see");
    const words = await searchPosts(tokens, query("rye loaf"), page, ctx.net);
    expect(words.items).toEqual([
      expect.objectContaining({ id: rye, text: "Rye loaf today #baking", mediaType: "text", authorHidden: false, author: expect.objectContaining({ handle: "threads_searcher" }), likeCount: null }),
    ]);
    expect((await searchPosts(tokens, query("#baking", { mode: "tag" }), page, ctx.net)).items.map((p) => p.id)).toEqual([rye]);
    expect((await searchPosts(tokens, query("rye", { mediaType: "video" }), page, ctx.net)).items).toEqual([]);
    const sent = new URL(ctx.requests.filter((r) => r.url.includes("/keyword_search")).at(-1)?.url ?? "");
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ q: "rye", search_type: "RECENT", search_mode: "KEYWORD", media_type: "VIDEO" });
  });

  it("answers a rate-limited account with Threads' error", async () => {
    const ctx = setup();
    const { tokens } = await connectThroughConsent(threadsAdapter, ctx.net, { handle: "threads_limited", pageText: "Sandbox" });
    await ctx.setFault({ handle: "threads_limited" }, "rate_limited");
    expect((await apiError(searchPosts(tokens, query("x"), page, ctx.net))).code).toBe("rate_limited");
  });
});

describe("Threads profile discovery and location search on the wire", () => {
  it("sends GET /profile_lookup and /profile_posts with the exact username and documented fields", async () => {
    const ctx = setup();
    const { tokens } = await connectThroughConsent(threadsAdapter, ctx.net, { handle: "threads_reader", pageText: "Sandbox" });
    await connectThroughConsent(threadsAdapter, ctx.net, { handle: "threads_public", pageText: "Sandbox" });
    const profile = await lookupProfile(tokens, "threads_public", { networkUserId: "" }, ctx.net);
    expect(profile).toMatchObject({ id: "threads_public", handle: "threads_public", followingCount: null, postsCount: null, bio: expect.any(String) });
    const lookup = new URL(ctx.requests.filter((r) => r.url.includes("/profile_lookup")).at(-1)?.url ?? "");
    expect(lookup.pathname).toBe("/v1.0/profile_lookup");
    expect(Object.fromEntries(lookup.searchParams)).toMatchObject({ username: "threads_public", fields: "username,name,profile_picture_url,biography,is_verified,follower_count" });
    const posts = await profilePosts(tokens, "threads_public", { cursor: null, limit: 10, networkUserId: "" }, ctx.net);
    expect(posts.items).toEqual([expect.objectContaining({ text: "A sandbox thread.", author: expect.objectContaining({ handle: "threads_public" }) })]);
    expect((await apiError(lookupProfile(tokens, "Threads_Public", { networkUserId: "" }, ctx.net))).code).toBe("handle_not_found");
  });

  it("sends GET /location_search with q and the point, and maps the ids to strings", async () => {
    const ctx = setup();
    const { tokens } = await connectThroughConsent(threadsAdapter, ctx.net, { handle: "threads_tagger", pageText: "Sandbox" });
    const found = await searchPlaces(tokens, { q: "london", latitude: 51.5, longitude: -0.07 }, ctx.net);
    expect(found).toEqual([expect.objectContaining({ name: "Tower of London", city: "London", id: expect.stringMatching(/^[0-9]+$/) })]);
    const sent = new URL(ctx.requests.filter((r) => r.url.includes("/location_search")).at(-1)?.url ?? "");
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ q: "london", latitude: "51.5", longitude: "-0.07" });
  });
});

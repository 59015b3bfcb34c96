import { afterEach, describe, expect, it } from "vitest";
import { blueskyAdapter } from "../../src/networks/bluesky/adapter.js";
import type { PostSearchQuery } from "../../src/networks/facets/discover.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import type { TokenSet } from "../../src/networks/types.js";
import { apiError, connected, type Harness, harnessPerTest, lastCall } from "./bluesky-harness.js";
import { discoverMethod } from "./discover-helpers.js";
import { pngFile, required, sampleMedia } from "./harness.js";

/**
 * Bluesky discovery through the adapter against the simulated PDS and AppView; every exchange is
 * checked against the official lexicons by the harness (params and outputs).
 */

const searchPosts = discoverMethod(blueskyAdapter, "searchPosts");
const lookupProfile = discoverMethod(blueskyAdapter, "lookupProfile");
const profilePosts = discoverMethod(blueskyAdapter, "profilePosts");
const publish = required(blueskyAdapter, "publish");

const fresh = harnessPerTest();
let current: Harness | null = null;
const harness = () => {
  current = fresh();
  return current;
};
afterEach(() => {
  const h = current;
  current = null;
  if (h) expect(h.violations).toEqual([]);
});

async function post(h: Harness, tokens: TokenSet, text: string, extra: Partial<PublishRequest> = {}): Promise<string> {
  h.advance(60_000);
  const result = await publish(tokens, { text, media: [], options: {}, destination: null, targetId: "tgt_1", ...extra }, h.net);
  if (result.state === "failed") throw result.error;
  return result.networkPostId ?? "";
}

const query = (q: string, extra: Partial<PostSearchQuery> = {}): PostSearchQuery => ({ q, mode: "keyword", sort: "recent", ...extra });
const page = (limit = 25, cursor: string | null = null) => ({ cursor, limit, networkUserId: "" });

describe("Bluesky discovery", () => {
  it("searches posts with app.bsky.feed.searchPosts: words, tags, author, media filter, newest first", async () => {
    const h = harness();
    const searcher = await connected(h, "searcher.bsky.social");
    const baker = await connected(h, "baker.bsky.social");
    const first = await post(h, baker.tokens, "Sourdough day #baking");
    const photo = await post(h, baker.tokens, "Sourdough crumb shot", {
      media: [sampleMedia({ kind: "image", mimeType: "image/png", bytes: pngFile(40, 30, 2), width: 40, height: 30, alt: "crumb" })],
    });
    await post(h, searcher.tokens, "Not about bread at all");

    const all = await searchPosts(searcher.tokens, query("sourdough"), page(), h.net);
    expect(all.items.map((p) => p.id)).toEqual([photo, first]);
    expect(all.items[1]).toMatchObject({
      text: "Sourdough day #baking",
      mediaType: "text",
      authorHidden: false,
      likeCount: 0,
      replyCount: 0,
      repostCount: 0,
      author: { handle: "baker.bsky.social", url: "https://bsky.app/profile/baker.bsky.social" },
    });
    expect(all.items[0]?.mediaType).toBe("image");
    expect(all.items[0]?.url).toMatch(/^https:\/\/bsky\.app\/profile\/baker\.bsky\.social\/post\//);
    expect((await searchPosts(searcher.tokens, query("baking", { mode: "tag" }), page(), h.net)).items.map((p) => p.id)).toEqual([first]);
    expect(lastCall(h, "app.bsky.feed.searchPosts")?.url.searchParams.getAll("tag")).toEqual(["baking"]);
    expect((await searchPosts(searcher.tokens, query("sourdough", { mediaType: "image" }), page(), h.net)).items.map((p) => p.id)).toEqual([photo]);
    expect((await searchPosts(searcher.tokens, query("bread", { author: "baker.bsky.social" }), page(), h.net)).items).toEqual([]);
    expect(lastCall(h, "app.bsky.feed.searchPosts")?.url.searchParams.get("sort")).toBe("latest");
  });

  it("pages search results with the AppView's cursor and ends on an empty page", async () => {
    const h = harness();
    const searcher = await connected(h, "pager.bsky.social");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await post(h, searcher.tokens, `launch update ${i}`));
    const one = await searchPosts(searcher.tokens, query("launch"), page(3), h.net);
    const two = await searchPosts(searcher.tokens, query("launch"), page(3, one.cursor), h.net);
    expect([...one.items, ...two.items].map((p) => p.id)).toEqual([...ids].reverse());
    expect(two.cursor).toBeNull();
  });

  it("reads a public profile with counts from the AppView, and the author's own posts", async () => {
    const h = harness();
    const searcher = await connected(h, "looker.bsky.social");
    const writer = await connected(h, "writer.bsky.social");
    const written = await post(h, writer.tokens, "hello from the writer");
    const profile = await lookupProfile(searcher.tokens, "writer.bsky.social", { networkUserId: "" }, h.net);
    expect(profile).toMatchObject({ id: writer.account.id, handle: "writer.bsky.social", postsCount: 1, followersCount: 0, followingCount: 0, url: "https://bsky.app/profile/writer.bsky.social" });
    const posts = await profilePosts(searcher.tokens, "writer.bsky.social", page(), h.net);
    expect(posts.items.map((p) => p.id)).toEqual([written]);
    expect((await apiError(lookupProfile(searcher.tokens, "nobody.bsky.social", { networkUserId: "" }, h.net))).code).toBe("handle_not_found");
    expect((await apiError(profilePosts(searcher.tokens, "nobody.bsky.social", page(), h.net))).code).toBe("handle_not_found");
    expect((await apiError(lookupProfile(searcher.tokens, writer.account.id, { networkUserId: "" }, h.net))).code).toBe("handle_not_a_username");
  });

  it("answers a rate-limited account with Bluesky's error", async () => {
    const h = harness();
    const searcher = await connected(h, "limited.bsky.social");
    await h.setFault(searcher.account, "rate_limited");
    expect((await apiError(searchPosts(searcher.tokens, query("x"), page(), h.net))).code).toBe("rate_limited");
  });
});

import { describe, expect, it } from "vitest";
import type { PostSearchQuery } from "../../src/networks/facets/discover.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import type { TokenSet } from "../../src/networks/types.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { discoverMethod } from "./discover-helpers.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox } from "./harness.js";

const spec = loadOpenApiSpec("x-api-v2-openapi.json");
const searchPosts = discoverMethod(twitterAdapter, "searchPosts");
const lookupProfile = discoverMethod(twitterAdapter, "lookupProfile");
const profilePosts = discoverMethod(twitterAdapter, "profilePosts");
const publish = required(twitterAdapter, "publish");

function setup() {
  return createSandbox([createTwitterSimulator], {
    start: "2026-11-20T10:00:00.000Z",
    config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
  });
}

async function connect(ctx: Sandbox, handle: string): Promise<{ tokens: TokenSet; userId: string }> {
  const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle, browser: ctx.sandboxFetch });
  return { tokens, userId: (await twitterAdapter.identity(tokens, ctx.net)).networkUserId };
}

async function post(ctx: Sandbox, tokens: TokenSet, text: string): Promise<string> {
  ctx.advance(60_000);
  const request: PublishRequest = { text, media: [], options: {}, destination: null, targetId: "tgt_x" };
  const result = await publish(tokens, request, ctx.net);
  if (result.state === "failed") throw result.error;
  return result.networkPostId ?? "";
}

const query = (q: string, extra: Partial<PostSearchQuery> = {}): PostSearchQuery => ({ q, mode: "keyword", sort: "recent", ...extra });
const page = (userId: string, limit = 20, cursor: string | null = null) => ({ cursor, limit, networkUserId: userId });

function expectValidRequests(ctx: Sandbox, tokens: TokenSet, operationId: string, path: RegExp) {
  const sent = ctx.requests.filter((r) => path.test(new URL(r.url).pathname));
  expect(sent.length).toBeGreaterThan(0);
  for (const request of sent) {
    expect(findOperation(spec, request.method, request.url)?.operation.operationId).toBe(operationId);
    expect(checkRequestAgainstSpec(spec, request, { scopes: tokens.scopes })).toEqual([]);
  }
}

describe("X discovery", () => {
  it("searches recent posts with X's query operators, newest first, each request valid against X's OpenAPI", async () => {
    const ctx = setup();
    const searcher = await connect(ctx, "searcher");
    const baker = await connect(ctx, "baker");
    const other = await connect(ctx, "other_baker");
    const first = await post(ctx, baker.tokens, "Sourdough day #baking");
    const second = await post(ctx, other.tokens, "More sourdough, less talk");
    await post(ctx, baker.tokens, "Nothing about bread");
    ctx.advance(60_000);

    const all = await searchPosts(searcher.tokens, query("sourdough"), page(searcher.userId), ctx.net);
    expect(all.items.map((p) => p.id)).toEqual([second, first]);
    expect(all.items[1]).toMatchObject({ text: "Sourdough day #baking", authorHidden: false, mediaType: "text", author: { handle: "baker", url: "https://x.com/baker" }, likeCount: 0 });
    expect(all.items[1]?.url).toBe(`https://x.com/baker/status/${first}`);
    const tagged = await searchPosts(searcher.tokens, query("baking", { mode: "tag" }), page(searcher.userId), ctx.net);
    expect(tagged.items.map((p) => p.id)).toEqual([first]);
    const byAuthor = await searchPosts(searcher.tokens, query("sourdough", { author: "other_baker" }), page(searcher.userId), ctx.net);
    expect(byAuthor.items.map((p) => p.id)).toEqual([second]);
    const withImages = await searchPosts(searcher.tokens, query("sourdough", { mediaType: "image" }), page(searcher.userId), ctx.net);
    expect(withImages.items).toEqual([]);

    const sent = new URL(ctx.requests.filter((r) => r.url.includes("/search/recent")).at(-1)?.url ?? "");
    expect(sent.searchParams.get("query")).toBe("sourdough has:images");
    expect(sent.searchParams.get("max_results")).toBe("20");
    expectValidRequests(ctx, searcher.tokens, "searchPostsRecent", /\/2\/tweets\/search\/recent$/);
  });

  it("keeps since and until inside the 7 days recent search covers, and pages with next_token", async () => {
    const ctx = setup();
    const searcher = await connect(ctx, "pager");
    const author = await connect(ctx, "chatty");
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await post(ctx, author.tokens, `update number ${i} on the launch`));
    // X's recent search ends 30 seconds before the request unless `end_time` says otherwise.
    ctx.advance(60_000);
    const since = new Date(ctx.clock.now.getTime() - 30 * 86_400_000).toISOString();
    const first = await searchPosts(searcher.tokens, query("launch", { since }), page(searcher.userId, 10), ctx.net);
    const sent = new URL(ctx.requests.at(-1)?.url ?? "");
    expect(Date.parse(sent.searchParams.get("start_time") ?? "")).toBeGreaterThan(ctx.clock.now.getTime() - 7 * 86_400_000);
    expect(first.items).toHaveLength(10);
    expect(first.cursor).not.toBeNull();
    const second = await searchPosts(searcher.tokens, query("launch", { since }), page(searcher.userId, 10, first.cursor), ctx.net);
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual([...ids].reverse());
    expect(second.cursor).toBeNull();
    expectValidRequests(ctx, searcher.tokens, "searchPostsRecent", /\/2\/tweets\/search\/recent$/);
  });

  it("looks up a public profile and its posts by username; an unknown one is handle_not_found", async () => {
    const ctx = setup();
    const searcher = await connect(ctx, "looker");
    const author = await connect(ctx, "writer");
    const written = await post(ctx, author.tokens, "hello from the writer");
    const profile = await lookupProfile(searcher.tokens, "writer", { networkUserId: searcher.userId }, ctx.net);
    expect(profile).toMatchObject({ id: author.userId, handle: "writer", url: "https://x.com/writer", followersCount: 0, postsCount: 1, verified: false });
    const posts = await profilePosts(searcher.tokens, "writer", page(searcher.userId), ctx.net);
    expect(posts.items.map((p) => [p.id, p.author?.handle])).toEqual([[written, "writer"]]);
    expect(await apiError(lookupProfile(searcher.tokens, "nobody_here", { networkUserId: searcher.userId }, ctx.net))).toMatchObject({ code: "handle_not_found" });
    expectValidRequests(ctx, searcher.tokens, "getUsersByUsername", /\/2\/users\/by\/username\//);
    expectValidRequests(ctx, searcher.tokens, "getUsersPosts", /\/2\/users\/[0-9]+\/tweets$/);
  });

  it("answers the sandbox faults with X's errors", async () => {
    const ctx = setup();
    const searcher = await connect(ctx, "faulty_searcher");
    await ctx.setFault({ handle: "faulty_searcher" }, "rate_limited");
    expect((await apiError(searchPosts(searcher.tokens, query("x"), page(searcher.userId), ctx.net))).code).toBe("rate_limited");
  });
});

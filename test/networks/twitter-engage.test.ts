import { describe, expect, it } from "vitest";
import type { Actor, EngageFacet } from "../../src/networks/facets/engage.js";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import type { TokenSet } from "../../src/networks/types.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox } from "./harness.js";

const spec = loadOpenApiSpec("x-api-v2-openapi.json");
const publish = required(twitterAdapter, "publish");
const engage = twitterAdapter.engage as EngageFacet;
const reads = twitterAdapter.accountReads ?? {};

/** A facet method the X adapter must have. */
function has<F extends object, K extends keyof F>(facet: F, name: K): NonNullable<F[K]> {
  const method = facet[name];
  if (method === undefined || method === null) throw new Error(`the X adapter must implement ${String(name)}`);
  return method as NonNullable<F[K]>;
}

function setup() {
  return createSandbox([createTwitterSimulator], {
    start: "2026-11-20T10:00:00.000Z",
    config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
  });
}

async function connect(ctx: Sandbox, handle: string): Promise<Actor & { tokens: TokenSet }> {
  const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle, browser: ctx.sandboxFetch });
  return { tokens, networkUserId: (await twitterAdapter.identity(tokens, ctx.net)).networkUserId };
}

async function tweet(ctx: Sandbox, actor: Actor, text: string): Promise<string> {
  ctx.advance(1000);
  const result = await publish(actor.tokens, { text, media: [], options: {}, destination: null, targetId: "tgt_x" }, ctx.net);
  if (result.state === "failed") throw result.error;
  return result.networkPostId ?? "";
}

/** Every request the adapter sent to api.x.com (the OAuth dance aside) matches an operation of X's OpenAPI, scopes included. */
function expectAllValid(ctx: Sandbox, scopes: readonly string[], operations: string[]) {
  const sent = ctx.requests.filter((r) => new URL(r.url).hostname === "api.x.com" && !new URL(r.url).pathname.startsWith("/2/oauth2"));
  const seen = new Set<string>();
  for (const request of sent) {
    const operation = findOperation(spec, request.method, request.url)?.operation.operationId;
    seen.add(operation ?? `${request.method} ${request.url}`);
    expect(checkRequestAgainstSpec(spec, request, { scopes }), `${request.method} ${request.url}`).toEqual([]);
  }
  expect([...seen]).toEqual(expect.arrayContaining(operations));
}

describe("twitter engagement (repost, bookmark, mute)", () => {
  it("reposts, bookmarks and mutes by id, URL and username, and undoes each, every request valid against X's OpenAPI", async () => {
    const ctx = setup();
    const author = await connect(ctx, "x_author");
    const fan = await connect(ctx, "x_fan");
    const id = await tweet(ctx, author, "repost me");
    expect(engage.parsePost(`https://x.com/x_author/status/${id}`)).toBe(id);
    expect(engage.parsePost("https://x.com/x_author")).toBeNull();
    expect(engage.parseUser("@x_author")).toEqual({ id: null, handle: "x_author" });
    expect(engage.parseUser("https://twitter.com/x_author")).toEqual({ id: null, handle: "x_author" });
    expect(engage.parseUser("not a user!")).toBeNull();

    const setRepost = has(engage, "setRepost");
    const setBookmark = has(engage, "setBookmark");
    const setMute = has(engage, "setMute");
    expect(await setRepost(fan, id, true, ctx.net)).toEqual({ networkId: id, url: `https://x.com/i/web/status/${id}` });
    await setRepost(fan, id, true, ctx.net);
    await setRepost(fan, id, false, ctx.net);
    await setBookmark(fan, id, true, ctx.net);
    await setBookmark(fan, id, false, ctx.net);
    expect(await setMute(fan, { id: null, handle: "x_author" }, true, ctx.net)).toEqual({ networkId: author.networkUserId, url: "https://x.com/x_author" });
    await setMute(fan, { id: author.networkUserId, handle: null }, false, ctx.net);

    expect((await apiError(setRepost(fan, "1234567890", true, ctx.net))).code).toBe("engagement_target_not_found");
    expect((await apiError(setMute(fan, { id: null, handle: "nobody_here" }, true, ctx.net))).code).toBe("engagement_target_not_found");
    expectAllValid(ctx, fan.tokens.scopes, ["repostPost", "unrepostPost", "createUsersBookmark", "deleteUsersBookmark", "muteUser", "unmuteUser", "getUsersByUsername"]);
  });

  it("has no like, follow or block (removed from self-serve), and says why", () => {
    for (const method of ["setLike", "setFollow", "setBlock"] as const) expect(engage[method]).toBeUndefined();
    expect(engage.refusals?.like).toMatch(/2026-04-20/);
    expect(engage.refusals?.block).toMatch(/2023-06-12/);
  });

  it("answers the sandbox faults with X's errors", async () => {
    const ctx = setup();
    const fan = await connect(ctx, "x_faulty");
    await ctx.setFault({ handle: "x_faulty" }, "rate_limited");
    expect((await apiError(has(engage, "setRepost")(fan, "1", true, ctx.net))).code).toBe("rate_limited");
  });
});

describe("twitter account reads", () => {
  it("lists the account's posts newest first with pagination, and its followers and following", async () => {
    const ctx = setup();
    const owner = await connect(ctx, "x_owner");
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push(await tweet(ctx, owner, `post number ${i}`));
    const listPosts = has(reads, "listPosts");
    const first = await listPosts(owner.tokens, { cursor: null, limit: 2, networkUserId: owner.networkUserId }, ctx.net);
    // X's minimum page is 5.
    expect(first.items.map((p) => p.id)).toEqual(ids.slice(2).reverse());
    expect(first.items[0]).toMatchObject({ text: "post number 6", kind: "post", url: `https://x.com/i/web/status/${ids[6] ?? ""}` });
    const second = await listPosts(owner.tokens, { cursor: first.cursor, limit: 2, networkUserId: owner.networkUserId }, ctx.net);
    expect(second.items.map((p) => p.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.cursor).toBeNull();

    const simulate = ctx.sim().simulateActivity;
    if (!simulate) throw new Error("no simulated activity");
    for (const actorHandle of ["x_follower_a", "x_follower_b"]) {
      ctx.advance(1000);
      expect((await simulate({ action: "follow", recipientId: owner.networkUserId, actorHandle, subject: null, text: null })).ok).toBe(true);
    }
    const followers = await has(reads, "listFollowers")(owner.tokens, { cursor: null, limit: 1, networkUserId: owner.networkUserId }, ctx.net);
    expect(followers.items.map((a) => a.handle)).toEqual(["x_follower_b"]);
    const rest = await has(reads, "listFollowers")(owner.tokens, { cursor: followers.cursor, limit: 1, networkUserId: owner.networkUserId }, ctx.net);
    expect(rest).toEqual({ items: [expect.objectContaining({ handle: "x_follower_a", url: "https://x.com/x_follower_a" })], cursor: null });
    const follower = (await connect(ctx, "x_follower_a")).networkUserId;
    expect((await has(reads, "listFollowing")(owner.tokens, { cursor: null, limit: 10, networkUserId: follower }, ctx.net)).items.map((a) => a.handle)).toEqual(["x_owner"]);
    expectAllValid(ctx, owner.tokens.scopes, ["getUsersPosts", "getUsersFollowers", "getUsersFollowing"]);
  });
});

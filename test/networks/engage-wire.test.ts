import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { Actor, EngageFacet } from "../../src/networks/facets/engage.js";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { linkedinDefaultApiVersion } from "../../src/networks/linkedin/capabilities.js";
import { pinterestAdapter } from "../../src/networks/pinterest/adapter.js";
import { publicCapabilities } from "../../src/networks/derived-capabilities.js";
import { threadsAdapter } from "../../src/networks/threads/adapter.js";
import { registerSandboxLinkedinApp } from "../../src/sandbox/linkedin/apps.js";
import type { SandboxLinkedinPost } from "../../src/sandbox/linkedin/posts.js";
import { reactionsOn } from "../../src/sandbox/linkedin/reactions.js";
import { createLinkedinSimulator } from "../../src/sandbox/linkedin/simulator.js";
import type { SandboxPin } from "../../src/sandbox/pinterest/pins.js";
import { createPinterestSimulator } from "../../src/sandbox/pinterest/simulator.js";
import { createThreadsSimulator } from "../../src/sandbox/threads/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { bench, connect as connectMeta, rejectsWith } from "./facebook-helpers.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox, sampleMedia, wireAnswer } from "./harness.js";

/**
 * The engagements LinkedIn, Threads and Pinterest offer, through each adapter against its
 * simulator: Pinterest's requests checked against the official OpenAPI document, LinkedIn's
 * against hand-written schemas of the documented Reactions and Posts payloads (LinkedIn
 * publishes no machine-readable spec), and what each network lacks absent from its capabilities.
 */

const facet = (engage: EngageFacet | undefined): EngageFacet => {
  if (!engage) throw new Error("the adapter must have an engage facet");
  return engage;
};

function has<K extends keyof EngageFacet>(engage: EngageFacet, name: K): NonNullable<EngageFacet[K]> {
  const method = engage[name];
  if (method === undefined || method === null) throw new Error(`the engage facet must implement ${String(name)}`);
  return method as NonNullable<EngageFacet[K]>;
}

describe("pinterest save", () => {
  const spec = loadOpenApiSpec("pinterest-v5-openapi.json");
  const config = { clientId: "1500000", clientSecret: "sandbox-pin-secret", redirectUri: "https://chorus.test/v1/connect/callback/pinterest" };
  const engage = facet(pinterestAdapter.engage);
  const save = has(engage, "savePost");

  async function connect(ctx: Sandbox, handle: string): Promise<Actor & { board: string }> {
    const { tokens } = await connectThroughConsent(pinterestAdapter, ctx.net, { handle, browser: ctx.sandboxFetch });
    const me = await pinterestAdapter.identity(tokens, ctx.net);
    const board = (await required(pinterestAdapter, "targets")(tokens, ctx.net)).find((b) => b.name === "Sandbox travel ideas")?.id ?? "";
    return { tokens, networkUserId: me.networkUserId, board };
  }

  it("saves another person's pin to a board with pins/save, valid against the OpenAPI document, and counts the save in the pin's analytics", async () => {
    const ctx = createSandbox([createPinterestSimulator], { start: "2026-11-21T10:00:00.000Z", config });
    const author = await connect(ctx, "pin.author");
    const fan = await connect(ctx, "pin.fan");
    const published = await required(pinterestAdapter, "publish")(
      author.tokens,
      { text: "Lemon tart", media: [sampleMedia({ kind: "image" })], options: {}, destination: author.board, targetId: "tgt_p" },
      ctx.net,
    );
    if (published.state !== "published") throw new Error("not published");
    const pinId = published.networkPostId;
    const savesBefore = await analyticsSaves(ctx, author, pinId);

    expect(engage.parsePost(`https://www.pinterest.com/pin/${pinId}/`)).toBe(pinId);
    expect(engage.parsePost(`https://fr.pinterest.com/pin/${pinId}`)).toBe(pinId);
    expect(engage.parsePost("https://evil.example/pin/123/")).toBeNull();
    expect(await save(fan, pinId, true, ctx.net, { board: fan.board })).toEqual({ networkId: pinId, url: `https://www.pinterest.com/pin/${pinId}/` });

    const call = ctx.requests.find((r) => r.method === "POST" && r.url.endsWith(`/pins/${pinId}/save`));
    if (!call) throw new Error("no save request");
    expect(findOperation(spec, call.method, call.url)?.operation.operationId).toBe("pins/save");
    expect(checkRequestAgainstSpec(spec, call, { scopes: fan.tokens.scopes })).toEqual([]);
    expect(JSON.parse(call.body ?? "null")).toEqual({ board_id: fan.board });
    const copies = (await ctx.store.list<SandboxPin>("pinterest", "pin", { owner: fan.networkUserId })).map((r) => r.data);
    expect(copies).toEqual([expect.objectContaining({ board_id: fan.board, parent_pin_id: pinId })]);
    expect(await analyticsSaves(ctx, author, pinId)).toBe(savesBefore + 1);
  });

  it("refuses a save without a board before calling Pinterest, a missing pin as engagement_target_not_found and another person's board as pin_board_missing", async () => {
    const ctx = createSandbox([createPinterestSimulator], { start: "2026-11-21T10:00:00.000Z", config });
    const author = await connect(ctx, "pin.author2");
    const fan = await connect(ctx, "pin.fan2");
    const sent = ctx.requests.length;
    expect(await apiError(save(fan, "123456789012345678", true, ctx.net))).toMatchObject({ code: "field_required", param: "options.board" });
    expect(ctx.requests.length).toBe(sent);
    expect((await apiError(save(fan, "123456789012345678", true, ctx.net, { board: fan.board }))).code).toBe("engagement_target_not_found");
    const published = await required(pinterestAdapter, "publish")(
      author.tokens,
      { text: "Tart", media: [sampleMedia({ kind: "image" })], options: {}, destination: author.board, targetId: "tgt_q" },
      ctx.net,
    );
    if (published.state !== "published") throw new Error("not published");
    expect((await apiError(save(fan, published.networkPostId, true, ctx.net, { board: author.board }))).code).toBe("pin_board_missing");
  });

  it("publishes `save` alone among Pinterest's engagements", () => {
    expect(publicCapabilities("pinterest").engagements).toEqual(["save"]);
  });

  async function analyticsSaves(ctx: Sandbox, owner: Actor, pinId: string): Promise<number> {
    const day = ctx.clock.now.toISOString().slice(0, 10);
    const response = await ctx.sandboxFetch(`https://api.pinterest.com/v5/pins/${pinId}/analytics?start_date=${day}&end_date=${day}&metric_types=SAVE`, {
      headers: { authorization: `Bearer ${owner.tokens.accessToken}` },
    });
    return (await wireAnswer<{ all: { summary_metrics: { SAVE: number } } }>(response)).body.all.summary_metrics.SAVE;
  }
});

describe("linkedin reactions and reshares", () => {
  const config = { clientId: "sandbox-li-client", clientSecret: "sandbox-li-secret", redirectUri: "https://chorus.test/v1/connect/callback/linkedin", products: ["member", "organization"] };
  const engage = facet(linkedinAdapter.engage);
  const setLike = has(engage, "setLike");
  const setRepost = has(engage, "setRepost");
  const Urn = (kind: string) => v.pipe(v.string(), v.regex(new RegExp(`^urn:li:${kind}:[A-Za-z0-9_-]+$`)));
  const ReactionBody = v.strictObject({ root: v.union([Urn("share"), Urn("ugcPost")]), reactionType: v.literal("LIKE") });
  const ReshareBody = v.strictObject({
    author: v.union([Urn("person"), Urn("organization")]),
    commentary: v.string(),
    visibility: v.literal("PUBLIC"),
    distribution: v.strictObject({ feedDistribution: v.literal("MAIN_FEED"), targetEntities: v.array(v.unknown()), thirdPartyDistributionChannels: v.array(v.unknown()) }),
    lifecycleState: v.literal("PUBLISHED"),
    isReshareDisabledByAuthor: v.boolean(),
    reshareContext: v.strictObject({ parent: v.union([Urn("share"), Urn("ugcPost")]) }),
  });

  async function setup() {
    const ctx = createSandbox([createLinkedinSimulator], { start: "2026-11-21T12:00:00.000Z", config });
    await registerSandboxLinkedinApp(ctx.store, config.clientId, ["member", "organization"]);
    return ctx;
  }
  async function connect(ctx: Sandbox, handle: string): Promise<Actor> {
    const { tokens } = await connectThroughConsent(linkedinAdapter, ctx.net, { handle, variant: "organization" });
    return { tokens, networkUserId: (await linkedinAdapter.identity(tokens, ctx.net)).networkUserId };
  }

  /** Every engagement call: versioned headers, documented body, URNs encoded inside Rest.li keys. */
  function expectDocumented(ctx: Sandbox): void {
    for (const r of ctx.requests.filter((x) => /\/rest\/(reactions|posts)/.test(new URL(x.url).pathname))) {
      expect(r.headers["linkedin-version"]).toBe(linkedinDefaultApiVersion);
      expect(r.headers["x-restli-protocol-version"]).toBe("2.0.0");
      const path = new URL(r.url).pathname;
      // Publishing's own POST /rest/posts is checked by the publish tests; here only the reshare.
      if (r.method === "POST" && (path === "/rest/reactions" || (r.body ?? "").includes("reshareContext"))) {
        const schema = path === "/rest/reactions" ? ReactionBody : ReshareBody;
        const result = v.safeParse(schema, JSON.parse(r.body ?? "null"));
        expect(result.success ? [] : result.issues.map((i) => `${v.getDotPath(i) ?? ""}: ${i.message}`), path).toEqual([]);
      }
      if (r.method === "DELETE") expect(path).toMatch(/^\/rest\/reactions\/\(actor:urn%3Ali%3A\w+%3A[\w-]+,entity:urn%3Ali%3A\w+%3A\d+\)$/);
    }
  }

  it("likes as the member and as a managed page, idempotently, unlikes (twice), and reshares; every request documented", async () => {
    const ctx = await setup();
    const author = await connect(ctx, "li.author");
    const fan = await connect(ctx, "li.fan");
    const published = await required(linkedinAdapter, "publish")(author.tokens, { text: "Quarterly numbers", media: [], options: {}, destination: null, targetId: "tgt_li" }, ctx.net);
    if (published.state !== "published") throw new Error("not published");
    const urn = published.networkPostId;
    expect(engage.parsePost(`https://www.linkedin.com/feed/update/${encodeURIComponent(urn)}/`)).toBe(urn);
    expect(engage.parsePost(`https://www.linkedin.com/feed/update/${urn}`)).toBe(urn);
    expect(engage.parsePost("urn:li:activity:123")).toBeNull();

    expect(await setLike(fan, urn, true, ctx.net)).toEqual({ networkId: urn, url: `https://www.linkedin.com/feed/update/${urn}/` });
    await setLike(fan, urn, true, ctx.net);
    const page = (await required(linkedinAdapter, "targets")(fan.tokens, ctx.net)).find((t) => t.kind === "organization" && t.details.role === "ADMINISTRATOR")?.id ?? "";
    await setLike(fan, urn, true, ctx.net, { actor: page });
    expect((await reactionsOn(ctx.deps, urn)).map((r) => r.actor).sort()).toEqual([`urn:li:person:${fan.networkUserId}`, page].sort());
    await setLike(fan, urn, false, ctx.net);
    await setLike(fan, urn, false, ctx.net);
    expect((await reactionsOn(ctx.deps, urn)).map((r) => r.actor)).toEqual([page]);

    await setRepost(fan, urn, true, ctx.net);
    const reshares = (await ctx.store.list<SandboxLinkedinPost>("linkedin", "post")).map((r) => r.data).filter((p) => p.reshareOf === urn);
    expect(reshares).toEqual([expect.objectContaining({ author: `urn:li:person:${fan.networkUserId}`, commentary: "" })]);
    expectDocumented(ctx);
  });

  it("refuses a post that is not there, a page the member does not manage, and publishes no unrepost", async () => {
    const ctx = await setup();
    const fan = await connect(ctx, "li.fan2");
    expect((await apiError(setLike(fan, "urn:li:share:1234567890", true, ctx.net))).code).toBe("engagement_target_not_found");
    expect((await apiError(setRepost(fan, "urn:li:share:1234567890", true, ctx.net))).code).toBe("engagement_target_not_found");
    const author = await connect(ctx, "li.author2");
    const published = await required(linkedinAdapter, "publish")(author.tokens, { text: "Hello", media: [], options: {}, destination: null, targetId: "tgt_li2" }, ctx.net);
    if (published.state !== "published") throw new Error("not published");
    expect((await apiError(setLike(fan, published.networkPostId, true, ctx.net, { actor: "urn:li:organization:1" }))).code).toMatch(/^missing_(scope|permission)$/);
    expect(publicCapabilities("linkedin").engagements).toEqual(["like", "unlike", "repost"]);
  });
});

describe("threads repost", () => {
  const engage = facet(threadsAdapter.engage);
  const setRepost = has(engage, "setRepost");

  it("reposts with POST /{media-id}/repost, the repost counted in the post's insights; a missing post is engagement_target_not_found; no unrepost", async () => {
    const b = bench([createThreadsSimulator]);
    const net = b.net();
    const authorTokens = await connectMeta(threadsAdapter, net, "thread.author");
    const fanTokens = await connectMeta(threadsAdapter, net, "thread.fan");
    const author = String(authorTokens.extra.userId);
    const fan: Actor = { tokens: fanTokens, networkUserId: String(fanTokens.extra.userId) };
    const published = await required(threadsAdapter, "publish")(authorTokens, { text: "Repost me", media: [], options: {}, destination: null, targetId: "tgt_t" }, net);
    let result = published;
    for (let i = 0; i < 5 && result.state === "processing"; i++) {
      b.advance(5);
      result = await required(threadsAdapter, "checkPublish")(authorTokens, result.pollToken, net);
    }
    if (result.state !== "published") throw new Error("not published");
    const mediaId = result.networkPostId;
    const reposts = async () =>
      (await required(threadsAdapter, "analytics").postAnalytics?.(authorTokens, { networkPostId: mediaId, networkUserId: author, destination: null, publishedAt: b.deps.now().toISOString() }, net))
        ?.metrics.shares;
    const before = await reposts();

    const sent = b.sent.length;
    expect(await setRepost(fan, mediaId, true, net)).toEqual({ networkId: mediaId, url: null });
    const call = b.sent.slice(sent);
    expect(call.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`POST /v1.0/${mediaId}/repost`]);
    expect(new URLSearchParams(call[0]?.body).get("access_token")).toBe(fanTokens.accessToken);
    expect(call[0]?.url.search).toBe("");
    expect(await reposts()).toBe((before ?? 0) + 1);

    await rejectsWith(setRepost(fan, "99999999999999999", true, net), "engagement_target_not_found");
    expect(engage.parsePost("https://www.threads.net/@a/post/C1a2b3")).toBeNull();
    expect(publicCapabilities("threads").engagements).toEqual(["repost"]);
  });
});

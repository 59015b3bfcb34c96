import { describe, expect, it } from "vitest";
import { pinterestAdapter } from "../../src/networks/pinterest/adapter.js";
import type { AccountReadsFacet } from "../../src/networks/facets/account-reads.js";
import type { TokenSet } from "../../src/networks/types.js";
import { putPinterestFollow } from "../../src/sandbox/pinterest/account-reads.js";
import { createPinterestSimulator } from "../../src/sandbox/pinterest/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox, sampleMedia } from "./harness.js";

const spec = loadOpenApiSpec("pinterest-v5-openapi.json");
const config = { clientId: "1500000", clientSecret: "sandbox-pin-secret", redirectUri: "https://chorus.test/v1/connect/callback/pinterest" };
const setup = () => createSandbox([createPinterestSimulator], { start: "2026-11-21T10:00:00.000Z", config });

function reads<K extends keyof AccountReadsFacet>(name: K): NonNullable<AccountReadsFacet[K]> {
  const method = pinterestAdapter.accountReads?.[name];
  if (!method) throw new Error(`pinterest must implement accountReads.${name}`);
  return method as NonNullable<AccountReadsFacet[K]>;
}

async function connect(ctx: Sandbox, handle: string): Promise<{ tokens: TokenSet; board: string; id: string }> {
  const { tokens } = await connectThroughConsent(pinterestAdapter, ctx.net, { handle, browser: ctx.sandboxFetch });
  const board = (await required(pinterestAdapter, "targets")(tokens, ctx.net))[0]?.id ?? "";
  return { tokens, board, id: (await pinterestAdapter.identity(tokens, ctx.net)).networkUserId };
}

async function pin(ctx: Sandbox, tokens: TokenSet, board: string, text: string): Promise<string> {
  const result = await required(pinterestAdapter, "publish")(tokens, { text, media: [sampleMedia({ kind: "image" })], options: { title: text }, destination: board, targetId: "tgt_pin" }, ctx.net);
  if (result.state !== "published") throw new Error(`expected a published Pin, got ${JSON.stringify(result)}`);
  // Pinterest stamps Pins to the second.
  ctx.advance(1000);
  return result.networkPostId ?? "";
}

/** Every read the adapter sent matches its operation in Pinterest's OpenAPI, scopes included. */
function expectConforming(ctx: Sandbox, from: number, tokens: TokenSet, operations: string[]) {
  const sent = ctx.requests.slice(from).filter((r) => new URL(r.url).host === "api.pinterest.com");
  for (const r of sent) expect(checkRequestAgainstSpec(spec, r, { scopes: tokens.scopes }), `${r.method} ${r.url}`).toEqual([]);
  expect([...new Set(sent.map((r) => findOperation(spec, r.method, r.url)?.operation.operationId))].sort()).toEqual([...operations].sort());
}

describe("pinterest account reads", () => {
  it("lists the user's Pins newest first, paging by bookmark, every request valid against pins/list", async () => {
    const ctx = setup();
    const { tokens, board } = await connect(ctx, "reads_pinner");
    const ids = [];
    for (const text of ["Lemon tart", "Fig jam", "Rye bread"]) ids.push(await pin(ctx, tokens, board, text));
    const from = ctx.requests.length;
    const first = await reads("listPosts")(tokens, { cursor: null, limit: 2, networkUserId: "" }, ctx.net);
    expect(first.items).toEqual([
      { id: ids[2], url: `https://www.pinterest.com/pin/${ids[2] ?? ""}/`, text: "Rye bread", createdAt: "2026-11-21T10:00:02.000Z", kind: "pin" },
      expect.objectContaining({ id: ids[1], text: "Fig jam" }),
    ]);
    const second = await reads("listPosts")(tokens, { cursor: first.cursor, limit: 2, networkUserId: "" }, ctx.net);
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], cursor: null });
    expectConforming(ctx, from, tokens, ["pins/list"]);
    expect(new URL(ctx.requests[from]?.url ?? "").searchParams.get("page_size")).toBe("2");
  });

  it("lists followers newest follow first and whom the user follows, as UserSummary usernames", async () => {
    const ctx = setup();
    const owner = await connect(ctx, "reads_star");
    const simulate = ctx.sim().simulateActivity;
    if (!simulate) throw new Error("the Pinterest simulator must simulate follows");
    for (const actorHandle of ["fan_a", "fan_b", "fan_b"]) {
      expect(await simulate({ action: "follow", recipientId: owner.id, actorHandle, subject: null, text: null })).toMatchObject({ ok: true });
      ctx.advance(1000);
    }
    expect(await simulate({ action: "like", recipientId: owner.id, actorHandle: "fan_a", subject: null, text: null })).toEqual({ ok: false, reason: "action_unsupported" });
    const other = await connect(ctx, "reads_idol");
    await putPinterestFollow(ctx.deps, owner.id, other.id);
    const from = ctx.requests.length;
    const followers = await reads("listFollowers")(owner.tokens, { cursor: null, limit: 1, networkUserId: owner.id }, ctx.net);
    expect(followers.items).toEqual([{ id: "fan_b", handle: "fan_b", displayName: null, avatarUrl: null, url: "https://www.pinterest.com/fan_b/" }]);
    const rest = await reads("listFollowers")(owner.tokens, { cursor: followers.cursor, limit: 1, networkUserId: owner.id }, ctx.net);
    expect(rest).toEqual({ items: [expect.objectContaining({ handle: "fan_a" })], cursor: null });
    const following = await reads("listFollowing")(owner.tokens, { cursor: null, limit: 10, networkUserId: owner.id }, ctx.net);
    expect(following).toEqual({ items: [expect.objectContaining({ handle: "reads_idol" })], cursor: null });
    expect((await reads("listFollowing")(other.tokens, { cursor: null, limit: 10, networkUserId: other.id }, ctx.net)).items).toEqual([]);
    expectConforming(ctx, from, owner.tokens, ["followers/list", "user_following/get"]);
  });

  it("maps the simulator's refusals: a wrong token, rate limiting and an outage", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "reads_faulty");
    const page = { cursor: null, limit: 5, networkUserId: "" };
    expect((await apiError(reads("listPosts")({ ...tokens, accessToken: "not-a-token" }, page, ctx.net))).code).toBe("needs_reauth");
    await ctx.setFault({ handle: "reads_faulty" }, "rate_limited");
    expect((await apiError(reads("listFollowers")(tokens, page, ctx.net))).code).toBe("rate_limited");
    await ctx.setFault({ handle: "reads_faulty" }, "down");
    const down = await apiError(reads("listPosts")(tokens, page, ctx.net));
    expect(down).toMatchObject({ code: "platform_unavailable", retryable: true });
  });

  it("the simulator refuses what Pinterest refuses: an unknown pin_filter, a page_size past 250, a foreign bookmark", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "reads_strict");
    const get = (path: string) => ctx.sandboxFetch(`https://api.pinterest.com/v5${path}`, { headers: { Authorization: `Bearer ${tokens.accessToken}` } });
    for (const path of ["/pins?pin_filter=everything", "/pins?page_size=251", "/user_account/followers?bookmark=bm90LW91cnM=", "/user_account/following?feed_type=FRIENDS"]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ code: 1, message: "Invalid parameters." });
    }
    expect((await get("/pins?pin_filter=exclude_repins&page_size=250")).status).toBe(200);
  });
});

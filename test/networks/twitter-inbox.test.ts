import { describe, expect, it } from "vitest";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import type { TokenSet } from "../../src/networks/types.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox } from "./harness.js";

const spec = loadOpenApiSpec("x-api-v2-openapi.json");
const listNotifications: NonNullable<InboxFacet["listNotifications"]> = (tokens, page, net) => {
  const read = twitterAdapter.inbox?.listNotifications;
  if (!read) throw new Error("the X adapter has no listNotifications");
  return read(tokens, page, net);
};
const publish = required(twitterAdapter, "publish");

function setup() {
  return createSandbox([createTwitterSimulator], {
    start: "2026-11-20T10:00:00.000Z",
    config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
  });
}

async function connect(ctx: Sandbox, handle: string): Promise<{ tokens: TokenSet; userId: string }> {
  const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle, browser: ctx.sandboxFetch });
  const me = await twitterAdapter.identity(tokens, ctx.net);
  return { tokens, userId: me.networkUserId };
}

const post = (text: string): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "tgt_x", ...{} });

const act = async (ctx: Sandbox, recipientId: string, action: "mention" | "reply" | "like", subject: string | null = null, actorHandle = "x_friend") => {
  const simulate = ctx.sim().simulateActivity;
  if (!simulate) throw new Error("no simulated activity");
  ctx.advance(1000);
  return simulate({ action, recipientId, actorHandle, subject, text: null });
};

describe("twitter notifications (mentions timeline)", () => {
  it("reads mentions and replies with GET /2/users/{id}/mentions, each request valid against X's OpenAPI", async () => {
    const ctx = setup();
    const { tokens, userId } = await connect(ctx, "inbox_owner");
    const result = await publish(tokens, post("my first post"), ctx.net);
    if (result.state === "failed") throw result.error;
    const published = { networkPostId: result.networkPostId };
    expect((await act(ctx, userId, "mention")).ok).toBe(true);
    const reply = await act(ctx, userId, "reply", published.networkPostId ?? "", "x_replier");
    expect(reply.ok).toBe(true);
    // X's API shows no likes: the simulator refuses to pretend it does.
    expect(await act(ctx, userId, "like", published.networkPostId ?? "")).toEqual({ ok: false, reason: "action_unsupported" });

    const page = await listNotifications(tokens, { cursor: null, limit: 50, networkUserId: userId }, ctx.net);
    expect(page.cursor).toBeNull();
    expect(page.items.map((n) => [n.kind, n.actor.handle])).toEqual([
      ["replies", "x_replier"],
      ["mentions", "x_friend"],
    ]);
    expect(page.items[0]?.subject).toEqual({ networkPostId: published.networkPostId, url: `https://x.com/i/status/${published.networkPostId ?? ""}` });
    expect(page.items[0]?.text).toContain("@inbox_owner");
    expect(page.items[1]?.subject?.networkPostId).toBe(page.items[1]?.id);
    expect(page.items.every((n) => n.seen === false)).toBe(true);

    const reads = ctx.requests.filter((r) => new URL(r.url).pathname.endsWith("/mentions"));
    expect(reads).toHaveLength(1);
    for (const request of reads) {
      expect(findOperation(spec, request.method, request.url)?.operation.operationId).toBe("getUsersMentions");
      expect(checkRequestAgainstSpec(spec, request, { scopes: tokens.scopes })).toEqual([]);
    }
  });

  it("pages with X's pagination_token and asks at least X's minimum of 5 results", async () => {
    const ctx = setup();
    const { tokens, userId } = await connect(ctx, "inbox_pager");
    for (let i = 0; i < 7; i++) await act(ctx, userId, "mention", null, `fan_${i}`);
    const first = await listNotifications(tokens, { cursor: null, limit: 2, networkUserId: userId }, ctx.net);
    expect(new URL(ctx.requests.at(-1)?.url ?? "").searchParams.get("max_results")).toBe("5");
    expect(first.items).toHaveLength(5);
    expect(first.cursor).not.toBeNull();
    const second = await listNotifications(tokens, { cursor: first.cursor, limit: 2, networkUserId: userId }, ctx.net);
    expect([...first.items, ...second.items].map((n) => n.actor.handle)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `fan_${i}`));
    expect(second.cursor).toBeNull();
    for (const request of ctx.requests.filter((r) => new URL(r.url).pathname.endsWith("/mentions"))) {
      expect(checkRequestAgainstSpec(spec, request, { scopes: tokens.scopes })).toEqual([]);
    }
  });

  it("asks only for posts newer than `newerThan` (since_id), so a poll reads and pays for nothing old", async () => {
    const ctx = setup();
    const { tokens, userId } = await connect(ctx, "inbox_since");
    for (let i = 0; i < 3; i++) await act(ctx, userId, "mention", null, `old_${i}`);
    const seen = await listNotifications(tokens, { cursor: null, limit: 5, networkUserId: userId }, ctx.net);
    const newest = seen.items[0]?.id ?? "";
    expect(await listNotifications(tokens, { cursor: null, limit: 5, networkUserId: userId, newerThan: newest }, ctx.net)).toEqual({ items: [], cursor: null });
    for (let i = 0; i < 2; i++) await act(ctx, userId, "mention", null, `new_${i}`);
    const fresh = await listNotifications(tokens, { cursor: null, limit: 5, networkUserId: userId, newerThan: newest }, ctx.net);
    expect(fresh.items.map((n) => n.actor.handle)).toEqual(["new_1", "new_0"]);
    expect(new URL(ctx.requests.at(-1)?.url ?? "").searchParams.get("since_id")).toBe(newest);
    for (const request of ctx.requests.filter((r) => new URL(r.url).pathname.endsWith("/mentions"))) {
      expect(checkRequestAgainstSpec(spec, request, { scopes: tokens.scopes })).toEqual([]);
    }
  });

  it("answers the sandbox faults with X's errors", async () => {
    const ctx = setup();
    const { tokens, userId } = await connect(ctx, "inbox_faulty");
    const read = () => listNotifications(tokens, { cursor: null, limit: 10, networkUserId: userId }, ctx.net);
    await ctx.setFault({ handle: "inbox_faulty" }, "rate_limited");
    expect((await apiError(read())).code).toBe("rate_limited");
    await ctx.setFault({ handle: "inbox_faulty" }, "down");
    // X's 503 is the microblog's own outage code, retryable.
    expect(await apiError(read())).toMatchObject({ code: "micro_unavailable", retryable: true });
  });
});

import { describe, expect, it } from "vitest";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import type { TokenSet } from "../../src/networks/types.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { apiError, connectThroughConsent, createSandbox, type Sandbox } from "./harness.js";

const spec = loadOpenApiSpec("x-api-v2-openapi.json");

function facet(): Required<Pick<InboxFacet, "listConversations" | "listMessages" | "sendMessage">> {
  const inbox = twitterAdapter.inbox;
  if (!inbox?.listConversations || !inbox.listMessages || !inbox.sendMessage) throw new Error("the X adapter has no DM methods");
  return { listConversations: inbox.listConversations, listMessages: inbox.listMessages, sendMessage: inbox.sendMessage };
}

function setup() {
  return createSandbox([createTwitterSimulator], {
    start: "2026-11-20T10:00:00.000Z",
    config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
  });
}

async function connect(ctx: Sandbox, handle: string, scope?: string): Promise<{ tokens: TokenSet; userId: string }> {
  const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle, browser: ctx.sandboxFetch, ...(scope ? { scope } : {}) });
  const me = await twitterAdapter.identity(tokens, ctx.net);
  return { tokens, userId: me.networkUserId };
}

async function receive(ctx: Sandbox, recipientId: string, senderHandle: string, text: string) {
  const receiveMessage = ctx.sim().receiveMessage;
  if (!receiveMessage) throw new Error("the X simulator receives no messages");
  ctx.advance(1000);
  return receiveMessage({ recipientId, senderHandle, text });
}

describe("X direct messages against the official OpenAPI document", () => {
  it("lists, reads and sends with requests X's document describes, under the scopes the connection holds", async () => {
    const ctx = setup();
    const dm = facet();
    const { tokens, userId } = await connect(ctx, "dm_owner");
    const first = await receive(ctx, userId, "dm_friend", "hello there");
    await receive(ctx, userId, "dm_friend", "second message");
    await receive(ctx, userId, "dm_other", "someone else");

    const page = await dm.listConversations(tokens, { cursor: null, limit: 50, networkUserId: userId }, ctx.net);
    expect(page.cursor).toBeNull();
    expect(page.items.map((c) => c.participants.map((p) => p.handle))).toEqual([["dm_other"], ["dm_friend"]]);
    const friend = page.items[1];
    expect(friend?.id).toBe([userId, first.senderId].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)).join("-"));
    expect(friend).toMatchObject({ via: null, replyBy: null, unread: null });

    const conversation = { id: friend?.id ?? "", via: null };
    const sent = await dm.sendMessage(tokens, { conversation, networkUserId: userId, text: "hi back", media: [], humanAgent: false }, ctx.net);
    expect(sent.id).toMatch(/^\d{19}$/);
    const read = await dm.listMessages(tokens, { conversation, cursor: null, limit: 10, networkUserId: userId }, ctx.net);
    expect(read.items.map((m) => [m.direction, m.text, m.from.handle])).toEqual([
      ["out", "hi back", "dm_owner"],
      ["in", "second message", "dm_friend"],
      ["in", "hello there", "dm_friend"],
    ]);

    const calls = ctx.requests.filter((r) => /\/2\/dm_/.test(new URL(r.url).pathname));
    expect(calls.map((r) => findOperation(spec, r.method, r.url)?.operation.operationId)).toEqual([
      "getDirectMessagesEvents",
      "createDirectMessagesByConversationId",
      "getDirectMessagesEventsByConversationId",
    ]);
    for (const request of calls) expect(checkRequestAgainstSpec(spec, request, { scopes: tokens.scopes }), request.url).toEqual([]);
  });

  it("pages with pagination_token (16 characters or more, as X's document asks)", async () => {
    const ctx = setup();
    const dm = facet();
    const { tokens, userId } = await connect(ctx, "dm_pager");
    for (let i = 0; i < 3; i++) await receive(ctx, userId, `dm_pen_${i}`, `message ${i}`);
    const first = await dm.listConversations(tokens, { cursor: null, limit: 2, networkUserId: userId }, ctx.net);
    expect(first.items).toHaveLength(2);
    expect(first.cursor?.length).toBeGreaterThanOrEqual(16);
    const second = await dm.listConversations(tokens, { cursor: first.cursor, limit: 2, networkUserId: userId }, ctx.net);
    expect(second).toMatchObject({ items: [{ participants: [{ handle: "dm_pen_0" }] }], cursor: null });
    for (const request of ctx.requests.filter((r) => /dm_events/.test(r.url))) expect(checkRequestAgainstSpec(spec, request, { scopes: tokens.scopes })).toEqual([]);
  });

  it("a conversation the account is not in is resource_not_found; a connection without dm.read is missing_scope", async () => {
    const ctx = setup();
    const dm = facet();
    const { tokens, userId } = await connect(ctx, "dm_stranger");
    const conversation = { id: "1111111111111111111-2222222222222222222", via: null };
    expect(await apiError(dm.listMessages(tokens, { conversation, cursor: null, limit: 10, networkUserId: userId }, ctx.net))).toMatchObject({ code: "resource_not_found" });
    const narrow = await connect(ctx, "dm_narrow", "tweet.read users.read offline.access");
    expect(await apiError(dm.listConversations(narrow.tokens, { cursor: null, limit: 10, networkUserId: narrow.userId }, ctx.net))).toMatchObject({ code: "missing_scope", platform: "twitter" });
  });
});

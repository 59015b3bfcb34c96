import { describe, expect, it } from "vitest";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { connectThroughConsent, createSandbox } from "./harness.js";

/**
 * The inbox poller reads X direct messages as one stream (`GET /2/dm_events`): every
 * conversation's messages newest first, each naming its conversation, in one request of the
 * user's 15 DM reads per 15 minutes.
 */
const spec = loadOpenApiSpec("x-api-v2-openapi.json");

describe("X direct messages as one stream, against the official OpenAPI document", () => {
  it("lists both directions of every conversation, newest first, paged, with requests X's document describes", async () => {
    const ctx = createSandbox([createTwitterSimulator], {
      start: "2026-11-20T10:00:00.000Z",
      config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
    });
    const stream = twitterAdapter.inbox?.listRecentMessages;
    const send = twitterAdapter.inbox?.sendMessage;
    if (!stream || !send) throw new Error("the X adapter has no DM stream");
    const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle: "dm_streamer", browser: ctx.sandboxFetch });
    const userId = (await twitterAdapter.identity(tokens, ctx.net)).networkUserId;
    const receive = async (sender: string, text: string) => {
      const receiveMessage = ctx.sim().receiveMessage;
      if (!receiveMessage) throw new Error("the X simulator receives no messages");
      ctx.advance(1000);
      return receiveMessage({ recipientId: userId, senderHandle: sender, text });
    };
    const first = await receive("dm_alice", "hi");
    await receive("dm_bob", "hello");
    const conversation = [userId, first.senderId].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)).join("-");
    ctx.advance(1000);
    const sent = await send(tokens, { conversation: { id: conversation, via: null }, networkUserId: userId, text: "hi alice", media: [], humanAgent: false }, ctx.net);

    const page = await stream(tokens, { cursor: null, limit: 10, networkUserId: userId }, ctx.net);
    expect(page.cursor).toBeNull();
    expect(page.items.map((m) => [m.direction, m.text, m.from.handle])).toEqual([
      ["out", "hi alice", "dm_streamer"],
      ["in", "hello", "dm_bob"],
      ["in", "hi", "dm_alice"],
    ]);
    expect(page.items[0]).toMatchObject({ id: sent.id, conversation: { id: conversation, via: null } });
    expect(page.items[2]?.id).toBe(first.id);

    const one = await stream(tokens, { cursor: null, limit: 1, networkUserId: userId }, ctx.net);
    expect(one.items.map((m) => m.text)).toEqual(["hi alice"]);
    const next = await stream(tokens, { cursor: one.cursor, limit: 1, networkUserId: userId }, ctx.net);
    expect(next.items.map((m) => m.text)).toEqual(["hello"]);

    const calls = ctx.requests.filter((r) => new URL(r.url).pathname === "/2/dm_events");
    expect(calls.length).toBe(3);
    for (const request of calls) {
      expect(findOperation(spec, request.method, request.url)?.operation.operationId).toBe("getDirectMessagesEvents");
      expect(checkRequestAgainstSpec(spec, request, { scopes: tokens.scopes }), request.url).toEqual([]);
    }
  });
});

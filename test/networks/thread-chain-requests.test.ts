import { describe, expect, it } from "vitest";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { connectThroughConsent, createSandbox, required } from "./harness.js";

const spec = loadOpenApiSpec("x-api-v2-openapi.json");
const publish = required(twitterAdapter, "publish");
const request = (text: string, inReplyTo?: string): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "thr_x", ...(inReplyTo ? { inReplyTo } : {}) });

describe("X thread chain requests", () => {
  it("sends each chain item as X's OpenAPI document describes a reply (reply.in_reply_to_tweet_id)", async () => {
    const ctx = createSandbox([createTwitterSimulator], {
      start: "2026-11-20T10:00:00.000Z",
      config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
    });
    const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle: "chain_spec" });
    const root = await publish(tokens, request("1/3 spec"), ctx.net);
    if (root.state !== "published") throw new Error("root not published");
    const second = await publish(tokens, request("2/3 spec", root.networkPostId), ctx.net);
    if (second.state !== "published") throw new Error("item not published");
    const third = await publish(tokens, request("3/3 spec", second.networkPostId), ctx.net);
    expect(third.state).toBe("published");

    const creates = ctx.requests.filter((r) => r.method === "POST" && new URL(r.url).pathname === "/2/tweets");
    expect(creates).toHaveLength(3);
    for (const sent of creates) {
      expect(findOperation(spec, sent.method, sent.url)?.operation.operationId).toBe("createPosts");
      expect(checkRequestAgainstSpec(spec, sent, { scopes: tokens.scopes })).toEqual([]);
    }
    const bodies = creates.map((r) => JSON.parse(String(r.body)) as { reply?: { in_reply_to_tweet_id: string } });
    expect(bodies.map((b) => b.reply?.in_reply_to_tweet_id ?? null)).toEqual([null, root.networkPostId, second.networkPostId]);
  });
});

import { describe, expect, it } from "vitest";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import type { TokenSet } from "../../src/networks/types.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox } from "./harness.js";

const spec = loadOpenApiSpec("x-api-v2-openapi.json");
const inbox = twitterAdapter.inbox as Required<InboxFacet>;
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

const post = (text: string): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "tgt_x" });

async function reply(ctx: Sandbox, recipientId: string, subject: string, actorHandle: string): Promise<string> {
  const simulate = ctx.sim().simulateActivity;
  if (!simulate) throw new Error("no simulated activity");
  ctx.advance(1000);
  const result = await simulate({ action: "reply", recipientId, actorHandle, subject, text: `reply from ${actorHandle}` });
  if (!result.ok) throw new Error(result.reason);
  return result.networkId;
}

describe("twitter comments (conversation search, replies, hide, delete)", () => {
  it("sends every request as X's OpenAPI document describes it, with the scopes its security asks", async () => {
    const ctx = setup();
    const { tokens, userId } = await connect(ctx, "comments_owner");
    const published = await publish(tokens, post("my post with comments"), ctx.net);
    if (published.state !== "published") throw new Error("not published");
    const root = published.networkPostId;
    const first = await reply(ctx, userId, root, "x_anna");
    for (let i = 0; i < 11; i++) await reply(ctx, userId, root, `x_fan_${i}`);

    const page = await inbox.listComments(tokens, { cursor: null, limit: 5, networkUserId: userId, networkPostId: root, nested: false }, ctx.net);
    // X's floor for recent search is 10 results.
    expect(page.items).toHaveLength(10);
    expect(page.cursor).not.toBeNull();
    const rest = await inbox.listComments(tokens, { cursor: page.cursor, limit: 5, networkUserId: userId, networkPostId: root, nested: false }, ctx.net);
    expect([...page.items, ...rest.items].map((c) => c.author.handle).at(-1)).toBe("x_anna");
    expect(rest.cursor).toBeNull();

    const answer = await inbox.replyToComment(tokens, { commentId: first, networkUserId: userId, text: "thank you" }, ctx.net);
    const replies = await inbox.listCommentReplies(tokens, { commentId: first, networkPostId: root, networkUserId: userId, limit: 10 }, ctx.net);
    expect(replies).toEqual([expect.objectContaining({ id: answer.id, parentId: first, own: true })]);
    await inbox.hideComment(tokens, { commentId: first, networkUserId: userId, hidden: true }, ctx.net);
    await inbox.hideComment(tokens, { commentId: first, networkUserId: userId, hidden: false }, ctx.net);
    expect((await apiError(inbox.hideComment(tokens, { commentId: answer.id, networkUserId: userId, hidden: true }, ctx.net))).code).toBe("platform_rejected");
    expect((await apiError(inbox.deleteComment(tokens, { commentId: first, networkUserId: userId }, ctx.net))).code).toBe("comment_not_own");
    await inbox.deleteComment(tokens, { commentId: answer.id, networkUserId: userId }, ctx.net);
    expect((await apiError(inbox.deleteComment(tokens, { commentId: answer.id, networkUserId: userId }, ctx.net))).code).toBe("comment_not_found");

    const operations = new Set<string>();
    for (const request of ctx.requests.filter((r) => /\/2\/tweets(\/|$)/.test(new URL(r.url).pathname))) {
      const operation = findOperation(spec, request.method, request.url)?.operation.operationId;
      expect(operation, `${request.method} ${request.url}`).toBeDefined();
      operations.add(operation ?? "");
      expect(checkRequestAgainstSpec(spec, request, { scopes: tokens.scopes }), `${request.method} ${request.url}`).toEqual([]);
    }
    expect([...operations].sort()).toEqual(["createPosts", "deletePosts", "hidePostsReply", "searchPostsRecent"]);
  });

  it("answers the sandbox faults with X's errors", async () => {
    const ctx = setup();
    const { tokens, userId } = await connect(ctx, "comments_faulty");
    const published = await publish(tokens, post("faulty"), ctx.net);
    if (published.state !== "published") throw new Error("not published");
    await ctx.setFault(userId, "rate_limited");
    const page = { cursor: null, limit: 10, networkUserId: userId, networkPostId: published.networkPostId, nested: false };
    expect((await apiError(inbox.listComments(tokens, page, ctx.net))).code).toBe("rate_limited");
    await ctx.setFault(userId, "expired_token");
    expect((await apiError(inbox.listComments(tokens, page, ctx.net))).code).toBe("needs_reauth");
  });
});

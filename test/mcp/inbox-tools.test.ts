import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { workspaces } from "../../src/db/schema/index.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { receive } from "../support/conversations.js";
import type { Method, Schemas } from "../support/api-types.js";
import type { TestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { callTool as call, mcpClient, type RunningServer, type Structured, withMcpTestServer } from "./mcp-server.js";

/**
 * The analytics, inbox, engagement and discovery tools: each answers what its REST route answers
 * for the same caller (the same domain function behind both), and each refusal carries the REST
 * error envelope.
 */

let t: TestApp;
let server: RunningServer;
withMcpTestServer((running) => ({ t, server } = running));

/** A REST refusal: the route's answer, read through `.error`. */
const rest = (ws: WorkspaceFixture, path: string, init: { method?: Method; json?: unknown } = {}) => ws.call(init.method ?? "GET", path, init.json);

/** The error envelope without its request id, which differs between any two requests. */
function envelope(error: unknown): Structured {
  const { requestId: _id, ...rest } = error as Structured;
  return rest;
}

/** A tool's refusal is the REST route's refusal: same code, param, fix, retryable and message. */
async function expectSameRefusal(client: Client, tool: string, args: Record<string, unknown>, ws: WorkspaceFixture, path: string, init: { method?: Method; json?: unknown } = {}): Promise<Structured> {
  const answer = await call(client, tool, args);
  expect(answer.isError, JSON.stringify(answer.data)).toBe(true);
  const refused = await rest(ws, path, init);
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(envelope(answer.data.error)).toEqual(envelope(refused.error));
  return envelope(answer.data.error);
}

async function publish(ws: WorkspaceFixture, accounts: string[], text: string): Promise<{ id: string; networkPostId: string }> {
  const post = await ws.publish({ text, accounts });
  return { id: post.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

async function activity(ws: WorkspaceFixture, account: string, body: Schemas["SimulateSandboxActivityRequest"]): Promise<string> {
  t.clock.advance(1000);
  return (await ws.simulate(account, body)).networkId;
}

const connect = async (ws: WorkspaceFixture, platform: PlatformId) => (await ws.connect(platform)).id;

const creditsLeft = async (ws: WorkspaceFixture) => (await ws.read("/v1/me/limits")).credits.total;

const newTools = ["list_notifications", "list_comments", "reply_to_comment", "list_conversations", "send_message", "engage", "discover_posts", "get_post_analytics", "get_analytics"];

describe("inbox, engagement, discovery and analytics tools", () => {
  it("are listed with input schemas from the route schemas and output schemas", async () => {
    const ws = await testWorkspace(t);
    const client = await mcpClient(server.base, ws.key);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const properties = (name: string) => Object.keys(byName.get(name)?.inputSchema.properties ?? {}).sort();
    for (const name of newTools) {
      const tool = byName.get(name);
      expect(tool, name).toBeDefined();
      expect(tool?.inputSchema.type, name).toBe("object");
      expect(tool?.outputSchema?.type, name).toBe("object");
      expect(tool?.description, name).toBeTruthy();
    }
    expect(properties("list_notifications")).toEqual(["account", "cursor", "limit"]);
    expect(properties("list_comments")).toEqual(["cursor", "id", "limit", "nested"]);
    expect(properties("reply_to_comment")).toEqual(["account", "id", "idempotencyKey", "text"]);
    expect(properties("send_message")).toEqual(["account", "humanAgent", "id", "idempotencyKey", "media", "text"]);
    expect(properties("engage")).toEqual(["account", "action", "options", "target"]);
    expect(properties("discover_posts")).toEqual(expect.arrayContaining(["q", "mode", "sort", "account", "cursor", "limit"]));
    expect(properties("get_post_analytics")).toEqual(["id", "refresh"]);
    expect(properties("get_analytics")).toEqual(["account", "period", "platform", "refresh"]);
    expect(byName.get("list_comments")?.inputSchema.required).toEqual(["id"]);
    expect(byName.get("engage")?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
    expect(byName.get("get_analytics")?.annotations).toMatchObject({ readOnlyHint: true });
    await client.close();
  });

  it("list_notifications answers GET /v1/notifications; an unknown account is the REST refusal", async () => {
    const ws = await testWorkspace(t);
    const bsky = await connect(ws, "bluesky");
    const post = await publish(ws, [bsky], "notify me");
    await activity(ws, bsky, { action: "like", post: post.id, actor: "carol.sandbox.test" });
    await activity(ws, bsky, { action: "follow", actor: "dave.sandbox.test" });
    const client = await mcpClient(server.base, ws.key);
    const listed = await call(client, "list_notifications", { limit: 10 });
    expect(listed.isError, JSON.stringify(listed.data)).toBe(false);
    expect((listed.data.items as { kind: string }[]).map((n) => n.kind)).toEqual(["follows", "likes"]);
    expect(listed.data).toEqual(await ws.read("/v1/notifications?limit=10"));
    const refusal = await expectSameRefusal(client, "list_notifications", { account: "acc_missing" }, ws, "/v1/notifications?account=acc_missing");
    expect(refusal.code).toBe("account_unknown");
    const badLimit = await call(client, "list_notifications", { limit: 0 });
    expect(badLimit.data.error).toMatchObject({ code: "field_invalid", param: "limit" });
    await client.close();
  });

  it("list_comments and reply_to_comment on X: one credit per reply, once under a repeated idempotency key, then entitlement_exceeded", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = await connect(ws, "twitter");
    const tweet = await publish(ws, [x], "answer me through MCP");
    const first = await activity(ws, x, { action: "reply", post: tweet.id, actor: "x_carol", text: "first!" });
    const client = await mcpClient(server.base, ws.key);

    const listed = await call(client, "list_comments", { id: tweet.id });
    expect(listed.isError, JSON.stringify(listed.data)).toBe(false);
    expect((listed.data.items as { id: string }[]).map((c) => c.id)).toEqual([first]);
    expect(listed.data).toEqual(await ws.read(`/v1/posts/${tweet.id}/comments`));

    const before = await creditsLeft(ws);
    const args = { id: first, account: x, text: "thanks Carol", idempotencyKey: "mcp-reply-1" };
    const replied = await call(client, "reply_to_comment", args);
    expect(replied.isError, JSON.stringify(replied.data)).toBe(false);
    expect(replied.data).toMatchObject({ account: x, platform: "twitter", ok: true });
    const again = await call(client, "reply_to_comment", args);
    expect(again.data).toEqual(replied.data);
    // The REST route with the same key and body replays the same answer: one store, one fingerprint.
    const overRest = await ws.request(`/v1/comments/${encodeURIComponent(first)}/replies`, {
      method: "POST",
      json: { account: x, text: "thanks Carol" },
      headers: { "Idempotency-Key": "mcp-reply-1" },
    });
    expect(overRest.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await overRest.json()).toEqual(replied.data);
    expect(await creditsLeft(ws)).toBe(before - 1);
    const nested = await call(client, "list_comments", { id: tweet.id, nested: true });
    expect((nested.data.items as { replies: { id: string }[] }[])[0]?.replies.map((r) => r.id)).toEqual([replied.data.id]);

    await t.db.update(workspaces).set({ testCreditsMonthly: 0, testCreditsPack: 0 }).where(eq(workspaces.id, ws.id));
    const broke = await call(client, "reply_to_comment", { id: first, account: x, text: "no credit left" });
    expect(broke.isError).toBe(true);
    expect(broke.data.error).toMatchObject({ code: "entitlement_exceeded" });
    const restBroke = await rest(ws, `/v1/comments/${encodeURIComponent(first)}/replies`, { method: "POST", json: { account: x, text: "no credit left" } });
    expect(restBroke.status).toBe(402);
    expect(envelope(broke.data.error)).toEqual(envelope(restBroke.error));
    expect(((await call(client, "list_comments", { id: tweet.id, nested: true })).data.items as { replies: unknown[] }[])[0]?.replies).toHaveLength(1);

    const missing = await expectSameRefusal(client, "list_comments", { id: "post_missing" }, ws, "/v1/posts/post_missing/comments");
    expect(missing.code).toBe("resource_not_found");
    await client.close();
  });

  it("reply_to_comment refuses a network without comment replies as the REST route does", async () => {
    const ws = await testWorkspace(t);
    const pinterest = await connect(ws, "pinterest");
    const client = await mcpClient(server.base, ws.key);
    const refused = await expectSameRefusal(client, "reply_to_comment", { id: "123", account: pinterest, text: "hi" }, ws, "/v1/comments/123/replies", {
      method: "POST",
      json: { account: pinterest, text: "hi" },
    });
    expect(refused.code).toMatch(/unsupported/);
    const blank = await call(client, "reply_to_comment", { id: "  ", account: pinterest, text: "hi" });
    expect(blank.data.error).toMatchObject({ code: "comment_id_required", param: "id" });
    await client.close();
  });

  it("list_conversations and send_message on X DMs; an unknown conversation is the REST refusal", async () => {
    const ws = await testWorkspace(t);
    const x = await connect(ws, "twitter");
    await receive(ws, x, "hey, quick question", "xavier_dm");
    const client = await mcpClient(server.base, ws.key);
    const listed = await call(client, "list_conversations", {});
    expect(listed.isError, JSON.stringify(listed.data)).toBe(false);
    expect(listed.data).toEqual(await ws.read("/v1/conversations"));
    const conversation = (listed.data.items as { id: string; participants: { handle: string }[] }[])[0];
    expect(conversation?.participants[0]?.handle).toBe("xavier_dm");
    const id = conversation?.id ?? "";

    // The test clock stands still unless moved: the reply must come after the message it answers.
    t.clock.advance(1000);
    const sent = await call(client, "send_message", { id, account: x, text: "Sure, ask away", idempotencyKey: "mcp-dm-1" });
    expect(sent.isError, JSON.stringify(sent.data)).toBe(false);
    expect(sent.data).toMatchObject({ conversationId: id, account: x, platform: "twitter", ok: true });
    expect((await call(client, "send_message", { id, account: x, text: "Sure, ask away", idempotencyKey: "mcp-dm-1" })).data).toEqual(sent.data);
    const read = await ws.read(`/v1/conversations/${id}/messages`);
    expect(read.items.map((m) => [m.direction, m.text])).toEqual([
      ["out", "Sure, ask away"],
      ["in", "hey, quick question"],
    ]);

    const unknown = await expectSameRefusal(client, "send_message", { id: "cnv_bogus", account: x, text: "hello" }, ws, "/v1/conversations/cnv_bogus/messages", {
      method: "POST",
      json: { account: x, text: "hello" },
    });
    expect(unknown.code).toBe("resource_not_found");
    await client.close();
  });

  it("engage likes a Bluesky post; an action X does not offer is action_unsupported as on REST", async () => {
    const ws = await testWorkspace(t);
    const bsky = await connect(ws, "bluesky");
    const x = await connect(ws, "twitter");
    const post = await publish(ws, [bsky], "like me");
    const client = await mcpClient(server.base, ws.key);
    const liked = await call(client, "engage", { account: bsky, action: "like", target: post.id });
    expect(liked.isError, JSON.stringify(liked.data)).toBe(false);
    expect(liked.data).toMatchObject({ account: bsky, platform: "bluesky", action: "like", ok: true, target: { networkId: post.networkPostId } });
    expect((await call(client, "engage", { account: bsky, action: "like", target: post.id })).data).toEqual(liked.data);

    const refused = await expectSameRefusal(client, "engage", { account: x, action: "like", target: "1234567890123456789" }, ws, "/v1/engagements", {
      method: "POST",
      json: { account: x, action: "like", target: "1234567890123456789" },
    });
    expect(refused.code).toBe("action_unsupported");
    expect(refused.fix).toBeTruthy();
    await client.close();
  });

  it("discover_posts answers GET /v1/discover/posts; a forged cursor is cursor_invalid", async () => {
    const ws = await testWorkspace(t);
    await connect(ws, "bluesky");
    await connect(ws, "linkedin");
    const client = await mcpClient(server.base, ws.key);
    const found = await call(client, "discover_posts", { q: "sandbox", limit: 5 });
    expect(found.isError, JSON.stringify(found.data)).toBe(false);
    expect(found.data).toEqual(await ws.read("/v1/discover/posts?q=sandbox&limit=5"));
    // LinkedIn has no post search: a problems entry, never an empty success.
    expect(found.data.problems).toEqual(expect.arrayContaining([expect.objectContaining({ platform: "linkedin", code: "capability_unsupported" })]));
    const refused = await expectSameRefusal(client, "discover_posts", { q: "sandbox", cursor: "forged" }, ws, "/v1/discover/posts?q=sandbox&cursor=forged");
    expect(refused.code).toBe("cursor_invalid");
    const empty = await call(client, "discover_posts", { q: "   " });
    expect(empty.data.error).toMatchObject({ param: "q" });
    await client.close();
  });

  it("get_post_analytics and get_analytics answer their routes; unknown posts and periods are refused alike", async () => {
    const ws = await testWorkspace(t);
    const bsky = await connect(ws, "bluesky");
    const post = await publish(ws, [bsky], "count me");
    const client = await mcpClient(server.base, ws.key);
    const perPost = await call(client, "get_post_analytics", { id: post.id });
    expect(perPost.isError, JSON.stringify(perPost.data)).toBe(false);
    expect(perPost.data.postId).toBe(post.id);
    expect((perPost.data.targets as { account: string }[]).map((target) => target.account)).toEqual([bsky]);
    // The second read (REST) answers from the cache the tool filled: the same numbers and fetchedAt.
    const restPerPost = await ws.read(`/v1/posts/${post.id}/analytics`);
    expect(restPerPost.targets.map(({ cached: _c, ...target }) => target)).toEqual((perPost.data.targets as Structured[]).map(({ cached: _c, ...target }) => target));

    const report = await call(client, "get_analytics", { period: "7d" });
    expect(report.isError, JSON.stringify(report.data)).toBe(false);
    expect(report.data).toMatchObject({ period: "7d" });
    const restReport = await ws.read("/v1/analytics?period=7d");
    expect({ ...report.data, accounts: undefined }).toEqual({ ...restReport, accounts: undefined });

    expect((await expectSameRefusal(client, "get_post_analytics", { id: "post_missing" }, ws, "/v1/posts/post_missing/analytics")).code).toBe("resource_not_found");
    expect((await expectSameRefusal(client, "get_analytics", { period: "1y" }, ws, "/v1/analytics?period=1y")).code).toBe("field_invalid");
    await client.close();
  });
});

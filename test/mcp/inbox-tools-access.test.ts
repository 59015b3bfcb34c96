import { describe, expect, it } from "vitest";
import { ORIGIN, approvedAgent } from "../support/agent-oauth.js";
import { connect, receive } from "../support/conversations.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";
import { callTool as call, mcpClient, type RunningServer, type Structured, withMcpTestServer } from "./mcp-server.js";

/** Who may use the inbox, engagement, discovery and analytics tools: agents within their grant, and no one across workspaces. */

let t: TestApp;
let server: RunningServer;
withMcpTestServer((running) => ({ t, server } = running));

async function rest(ws: TestWorkspace, path: string): Promise<Structured> {
  const response = await ws.request(path);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Structured;
}

async function publish(ws: TestWorkspace, accounts: string[], text: string): Promise<string> {
  const response = await ws.request("/v1/posts", { method: "POST", json: { text, accounts } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function activity(ws: TestWorkspace, account: string, json: Record<string, unknown>): Promise<string> {
  t.clock.advance(1000);
  const response = await ws.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { networkId: string }).networkId;
}

const creditsLeft = async (ws: TestWorkspace) => ((await (await ws.request("/v1/me/limits")).json()) as { credits: { total: number } }).credits.total;

async function agentCall(accessToken: string, name: string, args: Record<string, unknown>) {
  const response = await t.app.request(`${ORIGIN}/v1/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { isError?: boolean; structuredContent: Structured } };
  return { isError: body.result.isError === true, data: body.result.structuredContent };
}

/** A workspace with an X post, a comment on it, a DM conversation and a Bluesky account. */
async function inboxWorld(ws: TestWorkspace) {
  const x = await connect(ws, "twitter");
  const bsky = await connect(ws, "bluesky");
  const tweet = await publish(ws, [x], "an inbox to guard");
  const comment = await activity(ws, x, { action: "reply", post: tweet, actor: "x_gina", text: "hello agent" });
  await receive(ws, x, "a DM", "xena_dm");
  const conversation = ((await rest(ws, "/v1/conversations")).items as { id: string }[])[0]?.id ?? "";
  return { x, bsky, tweet, comment, conversation };
}

describe("agent grants on the inbox and engagement tools", () => {
  it("a read-only agent reads the inbox but is refused reply_to_comment, send_message and engage, and nothing is sent", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const w = await inboxWorld(ws);
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read"], creditsPerDay: 5 });
    const token = tokens.access_token;

    expect((await agentCall(token, "list_comments", { id: w.tweet })).isError).toBe(false);
    expect((await agentCall(token, "list_conversations", {})).isError).toBe(false);
    const before = await creditsLeft(ws);
    for (const [tool, args] of [
      ["reply_to_comment", { id: w.comment, account: w.x, text: "not allowed" }],
      ["send_message", { id: w.conversation, account: w.x, text: "not allowed" }],
      ["engage", { account: w.bsky, action: "like", target: w.tweet }],
    ] as const) {
      const refused = await agentCall(token, tool, args);
      expect(refused.isError, tool).toBe(true);
      expect(refused.data.error, tool).toMatchObject({ code: "agent_grant_action" });
      expect((refused.data.error as { fix: string }).fix, tool).toBeTruthy();
    }
    expect(await creditsLeft(ws)).toBe(before);
    const thread = (await rest(ws, `/v1/posts/${w.tweet}/comments?nested=true`)) as { items: { replies: unknown[] }[] };
    expect(thread.items[0]?.replies).toEqual([]);
    const read = (await rest(ws, `/v1/conversations/${w.conversation}/messages`)) as { items: { direction: string }[] };
    expect(read.items.map((m) => m.direction)).toEqual(["in"]);
  });

  it("an agent granted Bluesky only engages there, in the audit log under its name, and is refused on X with nothing sent", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const w = await inboxWorld(ws);
    const own = await publish(ws, [w.bsky], "like me, agent");
    const { tokens, agentId } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions: ["read", "reply_and_message", "engage"], creditsPerDay: 5 });
    const token = tokens.access_token;

    const liked = await agentCall(token, "engage", { account: w.bsky, action: "like", target: own });
    expect(liked.isError, JSON.stringify(liked.data)).toBe(false);
    const audit = (await rest(ws, "/v1/audit")) as { items: { type: string; actor: string; details: Record<string, unknown> }[] };
    expect(audit.items.find((e) => e.type === "agent.write")).toMatchObject({ actor: agentId, details: { request: "tools/call engage" } });

    const before = await creditsLeft(ws);
    const reply = await agentCall(token, "reply_to_comment", { id: w.comment, account: w.x, text: "outside my networks" });
    expect(reply.data.error).toMatchObject({ code: "agent_grant_platform", param: "account" });
    const message = await agentCall(token, "send_message", { id: w.conversation, account: w.x, text: "outside my networks" });
    expect(message.data.error).toMatchObject({ code: "agent_grant_platform" });
    expect(await creditsLeft(ws)).toBe(before);
    const read = (await rest(ws, `/v1/conversations/${w.conversation}/messages`)) as { items: { direction: string }[] };
    expect(read.items.map((m) => m.direction)).toEqual(["in"]);
  });
});

describe("workspace isolation on the inbox, engagement and analytics tools", () => {
  it("another workspace's post, account and conversation ids are not found, exactly as on REST", async () => {
    const owner = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const w = await inboxWorld(owner);
    const stranger = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const client = await mcpClient(server.base, stranger.key);
    const before = await creditsLeft(owner);

    const refusals: [string, Record<string, unknown>, string][] = [
      ["list_comments", { id: w.tweet }, "resource_not_found"],
      ["get_post_analytics", { id: w.tweet }, "resource_not_found"],
      ["list_notifications", { account: w.x }, "account_unknown"],
      ["list_conversations", { account: w.x }, "account_unknown"],
      ["get_analytics", { account: w.x }, "account_unknown"],
      ["discover_posts", { q: "inbox", account: w.bsky }, "account_unknown"],
      ["reply_to_comment", { id: w.comment, account: w.x, text: "not yours" }, "account_unknown"],
      ["send_message", { id: w.conversation, account: w.x, text: "not yours" }, "resource_not_found"],
      ["engage", { account: w.bsky, action: "like", target: w.tweet }, "account_unknown"],
    ];
    for (const [tool, args, code] of refusals) {
      const answer = await call(client, tool, args);
      expect(answer.isError, tool).toBe(true);
      expect((answer.data.error as { code: string }).code, tool).toBe(code);
    }
    expect(await creditsLeft(owner)).toBe(before);
    const thread = (await rest(owner, `/v1/posts/${w.tweet}/comments?nested=true`)) as { items: { replies: unknown[] }[] };
    expect(thread.items[0]?.replies).toEqual([]);
    await client.close();
  });
});

import { describe, expect, it } from "vitest";
import { approvedAgent } from "../support/agent-oauth.js";
import { receive } from "../support/conversations.js";
import type { TestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { agentToolCall, callTool as call, mcpClient, type RunningServer, withMcpTestServer } from "./mcp-server.js";

/** Who may use the inbox, engagement, discovery and analytics tools: agents within their grant, and no one across workspaces. */

let t: TestApp;
let server: RunningServer;
withMcpTestServer((running) => ({ t, server } = running));

const creditsLeft = async (ws: WorkspaceFixture) => (await ws.read("/v1/me/limits")).credits.total;

const agentCall = (accessToken: string, name: string, args: Record<string, unknown>) => agentToolCall(t, accessToken, name, args);

/** A workspace with an X post, a comment on it, a DM conversation and a Bluesky account. */
async function inboxWorld(ws: WorkspaceFixture) {
  const x = (await ws.connect("twitter")).id;
  const bsky = (await ws.connect("bluesky")).id;
  const tweet = (await ws.publish({ text: "an inbox to guard", accounts: [x] })).id;
  t.clock.advance(1000);
  const comment = (await ws.simulate(x, { action: "reply", post: tweet, actor: "x_gina", text: "hello agent" })).networkId;
  await receive(ws, x, "a DM", "xena_dm");
  const conversation = (await ws.read("/v1/conversations")).items[0]?.id ?? "";
  return { x, bsky, tweet, comment, conversation };
}

describe("agent grants on the inbox and engagement tools", () => {
  it("a read-only agent reads the inbox but is refused reply_to_comment, send_message and engage, and nothing is sent", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
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
    const thread = await ws.read(`/v1/posts/${w.tweet}/comments?nested=true`);
    expect(thread.items[0]?.replies).toEqual([]);
    const read = await ws.read(`/v1/conversations/${w.conversation}/messages`);
    expect(read.items.map((m) => m.direction)).toEqual(["in"]);
  });

  it("an agent granted Bluesky only engages there, in the audit log under its name, and is refused on X with nothing sent", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const w = await inboxWorld(ws);
    const own = (await ws.publish({ text: "like me, agent", accounts: [w.bsky] })).id;
    const { tokens, agentId } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions: ["read", "reply_and_message", "engage"], creditsPerDay: 5 });
    const token = tokens.access_token;

    const liked = await agentCall(token, "engage", { account: w.bsky, action: "like", target: own });
    expect(liked.isError, JSON.stringify(liked.data)).toBe(false);
    const audit = await ws.read("/v1/audit");
    expect(audit.items.find((e) => e.type === "agent.write")).toMatchObject({ actor: agentId, details: { request: "tools/call engage" } });

    const before = await creditsLeft(ws);
    const reply = await agentCall(token, "reply_to_comment", { id: w.comment, account: w.x, text: "outside my networks" });
    expect(reply.data.error).toMatchObject({ code: "agent_grant_platform", param: "account" });
    const message = await agentCall(token, "send_message", { id: w.conversation, account: w.x, text: "outside my networks" });
    expect(message.data.error).toMatchObject({ code: "agent_grant_platform" });
    expect(await creditsLeft(ws)).toBe(before);
    const read = await ws.read(`/v1/conversations/${w.conversation}/messages`);
    expect(read.items.map((m) => m.direction)).toEqual(["in"]);
  });
});

describe("workspace isolation on the inbox, engagement and analytics tools", () => {
  it("another workspace's post, account and conversation ids are not found, exactly as on REST", async () => {
    const owner = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const w = await inboxWorld(owner);
    const stranger = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
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
    const thread = await owner.read(`/v1/posts/${w.tweet}/comments?nested=true`);
    expect(thread.items[0]?.replies).toEqual([]);
    await client.close();
  });
});

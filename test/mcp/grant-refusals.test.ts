import { beforeAll, describe, expect, it } from "vitest";
import { allTools } from "../../src/mcp/tools/index.js";
import { toolAction } from "../../src/mcp/tool.js";
import { ORIGIN, approvedAgent } from "../support/agent-oauth.js";
import { connect, receive } from "../support/conversations.js";
import { type TestApp, type TestWorkspace, createTestApp } from "../support/test-app.js";

/**
 * Issue 12's tools exist, and every refusal by grant says which grant is missing: the action for a
 * tool outside the agent's actions, the network (and the argument that reached it) for an account
 * or post outside its networks. Nothing is written on a refusal.
 */

type Structured = Record<string, unknown>;
type ToolError = { code: string; message: string; fix: string | null; param?: string };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let rpcId = 0;
async function tool(accessToken: string, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; data: Structured }> {
  rpcId += 1;
  const response = await t.app.request(`${ORIGIN}/v1/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: rpcId, method: "tools/call", params: { name, arguments: args } }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { isError?: boolean; structuredContent: Structured } };
  return { isError: body.result.isError === true, data: body.result.structuredContent };
}

async function listed(accessToken: string): Promise<string[]> {
  const response = await t.app.request(`${ORIGIN}/v1/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  return ((await response.json()) as { result: { tools: { name: string }[] } }).result.tools.map((x) => x.name);
}

async function publish(ws: TestWorkspace, accounts: string[], text: string): Promise<string> {
  const response = await ws.request("/v1/posts", { method: "POST", json: { text, accounts } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const posted = async (ws: TestWorkspace) => ((await (await ws.request("/v1/posts?limit=100")).json()) as { items: unknown[] }).items.length;

/** The tools issue 12 asks for (review tools come from another change). */
const ISSUE_12_TOOLS = [
  "whoami",
  "get_limits",
  "list_platforms",
  "list_social_accounts",
  "get_social_account",
  "list_posts",
  "get_post",
  "validate_post",
  "create_post",
  "publish_draft",
  "update_post",
  "cancel_post",
  "upload_media",
  "get_post_analytics",
  "get_analytics",
  "list_notifications",
  "list_comments",
  "reply_to_comment",
  "list_conversations",
  "send_message",
  "engage",
  "discover_posts",
];

describe("MCP refusals by grant name the missing grant", () => {
  it("lists every tool of issue 12 to an agent", async () => {
    const ws = await t.workspace({ plan: "subscription" });
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read"], creditsPerDay: 0 });
    expect(await listed(tokens.access_token)).toEqual(expect.arrayContaining(ISSUE_12_TOOLS));
  });

  it("a read-only agent is refused every writing tool with agent_grant_action naming the action in the message and the fix", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const bsky = await connect(ws, "bluesky");
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read"], creditsPerDay: 5 });
    const writing = allTools.filter((x) => !["read", "self", "owner"].includes(toolAction(x)));
    expect(writing.map((x) => x.name)).toEqual(
      expect.arrayContaining(["create_post", "publish_draft", "update_post", "cancel_post", "upload_media", "reply_to_comment", "send_message", "engage", "validate_post"]),
    );
    for (const refused of writing) {
      const action = toolAction(refused);
      // Arguments that would otherwise succeed: the grant is checked before they are read.
      const result = await tool(tokens.access_token, refused.name, { text: "never sent", accounts: [bsky] });
      expect(result.isError, refused.name).toBe(true);
      const error = result.data.error as ToolError;
      expect(error.code, refused.name).toBe("agent_grant_action");
      expect(error.message, refused.name).toContain(`\`${action}\``);
      expect(error.fix, refused.name).toContain(`\`${action}\``);
      expect(error.fix, refused.name).toContain("PATCH /v1/agents/{id}");
    }
    expect(await posted(ws)).toBe(0);
  });

  it("an account or post on a network outside the grant is refused with agent_grant_platform naming the argument and the networks", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const x = await connect(ws, "twitter");
    const xPost = await publish(ws, [x], "a post on X, outside the agent's networks");
    const mention = await ws.request(`/v1/sandbox/social-accounts/${x}/activity`, { method: "POST", json: { action: "mention", actor: "x_ida", text: "hi" } });
    expect(mention.status, await mention.clone().text()).toBe(201);
    const comment = ((await mention.json()) as { networkId: string }).networkId;
    await receive(ws, x, "a DM on X", "xavier_dm");
    const conversations = (await (await ws.request(`/v1/conversations?account=${x}`)).json()) as { items: { id: string }[] };
    const conversation = conversations.items[0]?.id ?? "";
    expect(conversation).not.toBe("");
    const everything = ["read", "draft", "publish_or_schedule", "reply_and_message", "engage", "delete"];
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions: everything, creditsPerDay: 10 });
    const before = await posted(ws);

    const calls: [string, Record<string, unknown>, string][] = [
      ["get_social_account", { id: x }, "id"],
      ["get_post", { id: xPost }, "id"],
      ["list_comments", { id: xPost }, "id"],
      ["get_post_analytics", { id: xPost }, "id"],
      ["update_post", { id: xPost, changes: { text: "edited" } }, "id"],
      ["cancel_post", { id: xPost }, "id"],
      ["publish_draft", { id: xPost }, "id"],
      ["create_post", { text: "to X", accounts: [bsky, x] }, "accounts[1]"],
      ["validate_post", { text: "to X", accounts: [x] }, "accounts[0]"],
      ["create_post", { text: "to X", platforms: ["twitter"] }, "platforms[0]"],
      ["reply_to_comment", { id: comment, account: x, text: "hello" }, "account"],
      ["engage", { account: x, action: "repost", target: xPost }, "account"],
      ["list_notifications", { account: x }, "account"],
      ["list_conversations", { account: x }, "account"],
      ["send_message", { id: conversation, account: x, text: "hello" }, "id"],
      ["get_analytics", { account: x }, "account"],
      ["discover_posts", { q: "chorus", account: x }, "account"],
    ];
    for (const [name, args, param] of calls) {
      const result = await tool(tokens.access_token, name, args);
      expect(result.isError, name).toBe(true);
      const error = result.data.error as ToolError;
      expect(error.code, `${name}: ${JSON.stringify(error)}`).toBe("agent_grant_platform");
      expect(error.param, name).toBe(param);
      expect(error.fix, name).toContain("add twitter");
      expect(error.fix, name).toContain("may use bluesky");
    }
    expect(await posted(ws)).toBe(before);
    expect(((await (await ws.request(`/v1/posts/${xPost}`)).json()) as { text: string }).text).toBe("a post on X, outside the agent's networks");
  });

  it("an account of another brand is refused with agent_grant_profile naming that profile", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const acme = ((await (await ws.request("/v1/profiles", { method: "POST", json: { username: "acme" } })).json()) as { id: string }).id;
    const other = ((await (await ws.request("/v1/profiles", { method: "POST", json: { username: "other" } })).json()) as { id: string }).id;
    await connect(ws, "bluesky", { profile: "acme" });
    const foreign = await connect(ws, "bluesky", { profile: "other" });
    const { tokens } = await approvedAgent(t, ws, { profiles: [acme], platforms: "all", actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 5 });
    for (const [name, args, param] of [
      ["get_social_account", { id: foreign }, "id"],
      ["create_post", { text: "for the other brand", accounts: [foreign] }, "accounts[0]"],
    ] as const) {
      const result = await tool(tokens.access_token, name, args);
      const error = result.data.error as ToolError;
      expect(error.code, name).toBe("agent_grant_profile");
      expect(error.param, name).toBe(param);
      expect(error.fix, name).toContain(`add profile ${other}`);
    }
    expect(await posted(ws)).toBe(0);
  });
});

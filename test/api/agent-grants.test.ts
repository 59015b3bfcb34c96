import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, workspaces } from "../../src/db/schema/index.js";
import { agentFixture, approvedAgent, grantTokens } from "../support/agent-oauth.js";
import type { Method } from "../support/api-types.js";
import { recordStatements } from "../support/count-statements.js";
import { agentToolCall } from "../mcp/mcp-server.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: string, profile?: string): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `grant${counter}.test` : `grant_${platform}_${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}), ...(profile ? { profile } : {}) };
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

/** Requests with the agent's token (the owner's workspace, the agent's key), checked against /openapi.json like every API test. */
const asAgent = (owner: { ws: WorkspaceFixture; agentId: string }, accessToken: string) => agentFixture(t, owner.ws, accessToken, owner.agentId);

/** A tools/call as the agent, its result read through the protocol's schema (mcp-server.ts). */
const mcpCall = (accessToken: string, name: string, args: Record<string, unknown> = {}) => agentToolCall(t, accessToken, name, args);

const postCount = async (ws: WorkspaceFixture) => (await t.db.select({ id: posts.id }).from(posts).where(eq(posts.workspaceId, ws.id))).length;

interface Setup {
  ws: WorkspaceFixture;
  acme: string;
  bsky: string;
  linkedin: string;
  pinterest: string;
  otherBsky: string;
  agent: WorkspaceFixture;
  token: string;
  refresh: string;
  clientId: string;
  agentId: string;
}

/** One brand (acme: Bluesky, LinkedIn, Pinterest), another brand's Bluesky, and an agent granted acme on Bluesky and LinkedIn, 5 credits a day. */
async function setup(actions = ["read", "draft", "publish_or_schedule"]): Promise<Setup> {
  const ws = await testWorkspace(t, { plan: "subscription" });
  const acme = (await ws.post("/v1/profiles", { username: "acme" })).body.id;
  await ws.post("/v1/profiles", { username: "other" });
  const bsky = await connect(ws, "bluesky", "acme");
  const linkedin = await connect(ws, "linkedin", "acme");
  const pinterest = await connect(ws, "pinterest", "acme");
  const otherBsky = await connect(ws, "bluesky", "other");
  const { tokens, agentId, clientId } = await approvedAgent(t, ws, { profiles: [acme], platforms: ["bluesky", "linkedin"], actions, creditsPerDay: 5 });
  return { ws, acme, bsky, linkedin, pinterest, otherBsky, agent: asAgent({ ws, agentId }, tokens.access_token), token: tokens.access_token, refresh: tokens.refresh_token, clientId, agentId };
}

describe("an agent's grant, on REST and MCP alike", () => {
  it("GET /v1/me and whoami show the agent, its grant and today's spend", async () => {
    const s = await setup();
    const me = (await s.agent.get("/v1/me")).body;
    expect(me.key.id).toBe(s.agentId);
    expect(me.agent).toMatchObject({
      id: s.agentId,
      clientName: "Test agent",
      spentToday: 0,
      creditsLeftToday: 5,
      grant: { profiles: [s.acme], platforms: ["bluesky", "linkedin"], creditsPerDay: 5, purchasedCredits: false },
    });
    const whoami = await mcpCall(s.token, "whoami");
    expect(whoami.data).toEqual(me);
    const owner = (await s.ws.get("/v1/me")).body;
    expect(owner.agent).toBeNull();
  });

  it("checks the grant with no database round trip once the token is verified: whoami, /v1/me and a refused call cost no query", async () => {
    const s = await setup();
    expect((await s.agent.get("/v1/me")).status).toBe(200);
    const recorded = recordStatements(t.db);
    try {
      expect((await s.agent.get("/v1/me")).status).toBe(200);
      expect((await mcpCall(s.token, "whoami")).isError).toBe(false);
      expect((await s.agent.get("/v1/webhooks")).error.code).toBe("agent_grant_owner_only");
      expect((await mcpCall(s.token, "retract_post", { id: "post_x" })).data.error).toMatchObject({ code: "agent_grant_action" });
    } finally {
      recorded.stop();
    }
    expect(recorded.statements).toEqual([]);
  });

  it("publishes within its brand and networks, and is refused outside them with nothing written", async () => {
    const s = await setup();
    const ok = await s.agent.post("/v1/posts", { text: "from the agent", accounts: [s.bsky, s.linkedin] });
    expect(ok.status, ok.text).toBe(201);
    const before = await postCount(s.ws);
    const network = await s.agent.post("/v1/posts", { text: "to pinterest", accounts: [s.bsky, s.pinterest] });
    expect(network.status).toBe(403);
    const networkError = network.error;
    expect(networkError).toMatchObject({ code: "agent_grant_platform", param: "accounts[1]" });
    expect(networkError.fix).toContain("PATCH /v1/agents/{id}");
    const brand = await s.agent.post("/v1/posts", { text: "other brand", accounts: [s.otherBsky] });
    expect(brand.error.code).toBe("agent_grant_profile");
    const byProfile = await s.agent.post("/v1/posts", { text: "acme incl. pinterest", profile: "acme" });
    expect(byProfile.error.code).toBe("agent_grant_platform");
    const narrowed = await s.agent.post("/v1/posts", { text: "acme narrowed", profile: "acme", platforms: ["bluesky"] });
    expect(narrowed.status).toBe(201);
    const platformQuery = await s.agent.post("/v1/posts", { text: "x", profile: "acme", platforms: ["pinterest"] });
    expect(platformQuery.error.code).toBe("agent_grant_platform");
    expect(await postCount(s.ws)).toBe(before + 1);
    const viaMcp = await mcpCall(s.token, "create_post", { text: "mcp to pinterest", accounts: [s.pinterest] });
    expect(viaMcp.isError).toBe(true);
    expect((viaMcp.data.error as { code: string }).code).toBe("agent_grant_platform");
    expect(await postCount(s.ws)).toBe(before + 1);
  });

  it("reads only what the grant reaches: accounts, posts and single records", async () => {
    const s = await setup();
    const ownerPost = (await s.ws.post("/v1/posts", { text: "owner to pinterest", accounts: [s.pinterest] })).body;
    const listed = (await s.agent.get("/v1/social-accounts")).body;
    expect(listed.accounts.map((a) => a.id).sort()).toEqual([s.bsky, s.linkedin].sort());
    expect((await s.agent.get(`/v1/social-accounts/${s.otherBsky}`)).error.code).toBe("agent_grant_profile");
    expect((await s.agent.get(`/v1/posts/${ownerPost.id}`)).error.code).toBe("agent_grant_platform");
    const postList = (await s.agent.get("/v1/posts")).body;
    expect(postList.items.map((p) => p.id)).not.toContain(ownerPost.id);
    const mcpAccounts = await mcpCall(s.token, "list_social_accounts");
    expect((mcpAccounts.data.accounts as { id: string }[]).map((a) => a.id).sort()).toEqual([s.bsky, s.linkedin].sort());
  });

  it("stops at its daily credits: the refused post stores and charges nothing; scheduling counts too; the next UTC day starts again", async () => {
    const s = await setup();
    const balance = async () => (await t.db.select({ monthly: workspaces.testCreditsMonthly }).from(workspaces).where(eq(workspaces.id, s.ws.id)))[0]?.monthly;
    for (const text of ["one", "two"]) {
      const response = await s.agent.post("/v1/posts", { text, accounts: [s.bsky, s.linkedin] });
      expect(response.status).toBe(201);
    }
    const credits = await balance();
    const posted = await postCount(s.ws);
    const over = await s.agent.post("/v1/posts", { text: "three", accounts: [s.bsky, s.linkedin] });
    expect(over.status).toBe(403);
    const error = over.error;
    expect(error.code).toBe("agent_grant_daily_credits");
    expect(error.message).toContain("spent 4 of the 5");
    expect(await postCount(s.ws)).toBe(posted);
    expect(await balance()).toBe(credits);
    const scheduled = await s.agent.post("/v1/posts", { text: "later", accounts: [s.bsky], scheduledAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() });
    expect(scheduled.status).toBe(201);
    const mcp = await mcpCall(s.token, "create_post", { text: "mcp over", accounts: [s.bsky] });
    expect((mcp.data.error as { code: string }).code).toBe("agent_grant_daily_credits");
    const draft = await mcpCall(s.token, "create_post", { text: "a draft costs nothing", accounts: [s.bsky], draft: true });
    expect(draft.isError).toBe(false);
    const publish = await mcpCall(s.token, "publish_draft", { id: draft.data.id });
    expect((publish.data.error as { code: string }).code).toBe("agent_grant_daily_credits");
    const me = (await s.agent.get("/v1/me")).body;
    expect(me.agent).toMatchObject({ spentToday: 5, creditsLeftToday: 0 });
    t.clock.advance(24 * 3600_000);
    const tomorrow = await s.agent.post("/v1/posts", { text: "next day", accounts: [s.bsky] });
    // The access token lived an hour: a day later the agent refreshes first.
    expect(tomorrow.status).toBe(401);
    const refreshed = await grantTokens(t, { grant_type: "refresh_token", refresh_token: s.refresh, client_id: s.clientId });
    const again = asAgent(s, refreshed.access_token);
    expect((await again.post("/v1/posts", { text: "next day", accounts: [s.bsky] })).status).toBe(201);
    expect((await again.get("/v1/me")).body.agent?.spentToday).toBe(1);
  });

  it("refuses actions outside the grant before reading anything, and owner-only endpoints whatever the grant", async () => {
    const s = await setup(["read"]);
    const ownerPost = (await s.ws.post("/v1/posts", { text: "a draft", accounts: [s.bsky], draft: true })).body;
    const publish = await s.agent.post("/v1/posts", { text: "no", accounts: [s.bsky] });
    expect(publish.error).toMatchObject({ code: "agent_grant_action" });
    const cancel = await s.agent.delete(`/v1/posts/${ownerPost.id}`);
    expect(cancel.error.code).toBe("agent_grant_action");
    expect((await s.agent.delete(`/v1/posts/post_doesnotexist00000000`)).error.code).toBe("agent_grant_action");
    const mcpCancel = await mcpCall(s.token, "cancel_post", { id: ownerPost.id });
    expect((mcpCancel.data.error as { code: string }).code).toBe("agent_grant_action");
    const still = (await s.ws.get(`/v1/posts/${ownerPost.id}`)).body;
    expect(still.state).toBe("draft");
    const ownerOnly: [Method, string, unknown?][] = [
      ["GET", "/v1/agents"],
      ["POST", "/v1/webhooks", { url: "https://example.com/hook" }],
      ["POST", "/v1/app-link"],
      ["GET", "/v1/audit"],
      ["DELETE", `/v1/social-accounts/${s.bsky}`],
    ];
    for (const [method, path, body] of ownerOnly) {
      expect((await s.agent.call(method, path, body)).error.code, path).toBe("agent_grant_owner_only");
    }
    expect((await mcpCall(s.token, "list_posts")).isError).toBe(false);
  });

  it("names the agent in the audit log for every write", async () => {
    const s = await setup();
    await s.agent.post("/v1/posts", { text: "rest", accounts: [s.bsky] });
    await mcpCall(s.token, "create_post", { text: "mcp", accounts: [s.linkedin] });
    await mcpCall(s.token, "list_posts");
    const audit = (await s.ws.get("/v1/audit")).body;
    const writes = audit.items.filter((e) => e.type === "agent.write");
    expect(writes.map((e) => e.details.request).sort()).toEqual(["POST /v1/posts", "tools/call create_post"]);
    expect(writes.every((e) => e.actor === s.agentId && e.details.client === "Test agent")).toBe(true);
    // One writer (domain/agents recordAgentWrite) for both doors: a REST write adds its status.
    expect(writes.find((e) => e.details.request === "POST /v1/posts")?.details.status).toBe(201);
    expect(writes.find((e) => e.details.request === "tools/call create_post")?.details).not.toHaveProperty("status");
    expect(audit.items.some((e) => e.type === "agent.approved" && e.details.agent === s.agentId)).toBe(true);
  });

  it("sets its nickname unless the owner locked it; null restores the client's name", async () => {
    const s = await setup();
    const named = await s.agent.patch("/v1/me/agent", { nickname: "launch-bot" });
    expect(named.body).toEqual({ id: s.agentId, name: "Test agent", clientName: "Test agent", nickname: "launch-bot", nicknameLocked: false });
    expect((await s.agent.get("/v1/me")).body.key.nickname).toBe("launch-bot");
    const cleared = (await s.agent.patch("/v1/me/agent", { nickname: null })).body;
    expect(cleared).toMatchObject({ nickname: null, name: "Test agent" });
    const tooLong = await s.agent.patch("/v1/me/agent", { nickname: "x".repeat(61) });
    expect(tooLong.status).toBe(400);
    const locked = await s.ws.patch(`/v1/agents/${s.agentId}`, { nicknameLocked: true });
    expect(locked.status).toBe(200);
    const refused = await s.agent.patch("/v1/me/agent", { nickname: "sneaky" });
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe("nickname_locked");
  });

  it("the owner lists agents, widens a grant (applied at the agent's next request) and revokes at once", async () => {
    const s = await setup(["read"]);
    const listed = (await s.ws.get("/v1/agents")).body;
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ id: s.agentId, clientName: "Test agent", spentToday: 0, grant: { actions: ["read"] } });
    expect(listed.items[0]?.lastUsedAt).not.toBeNull();
    expect((await s.agent.post("/v1/posts", { text: "draft", accounts: [s.bsky], draft: true })).status).toBe(403);
    const widened = await s.ws.patch(`/v1/agents/${s.agentId}`, { grant: { profiles: [s.acme], platforms: ["bluesky"], actions: ["read", "draft"], creditsPerDay: 0, purchasedCredits: false } });
    expect(widened.status).toBe(200);
    expect((await s.agent.post("/v1/posts", { text: "draft", accounts: [s.bsky], draft: true })).status).toBe(201);
    const badGrant = await s.ws.patch(`/v1/agents/${s.agentId}`, { grant: { profiles: null, platforms: ["myspace"], actions: ["read"], creditsPerDay: 0, purchasedCredits: false } });
    expect(badGrant.status).toBe(400);
    const revoked = await s.ws.delete(`/v1/agents/${s.agentId}`);
    expect(revoked.body).toEqual({ id: s.agentId, revoked: true });
    expect((await s.agent.get("/v1/me")).status).toBe(401);
    const mcp = await asAgent(s, s.token).request("/v1/mcp", { method: "POST", headers: { accept: "application/json, text/event-stream" }, json: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
    expect(mcp.status).toBe(401);
    expect((await s.ws.get("/v1/agents")).body.items).toHaveLength(0);
  });

  it("an agent of one workspace sees nothing of another's", async () => {
    const a = await setup();
    const b = await setup();
    const aPost = (await a.ws.post("/v1/posts", { text: "A's post", accounts: [a.bsky] })).body;
    expect((await b.agent.get(`/v1/posts/${aPost.id}`)).status).toBe(404);
    expect((await b.agent.get(`/v1/social-accounts/${a.bsky}`)).status).toBe(404);
    const aPostViaMcp = await mcpCall(b.token, "get_post", { id: aPost.id });
    expect((aPostViaMcp.data.error as { code: string }).code).toBe("resource_not_found");
    const publishThere = await b.agent.post("/v1/posts", { text: "into A", accounts: [a.bsky] });
    expect(publishThere.status).toBe(404);
    const listed = (await b.agent.get("/v1/posts")).text;
    expect(listed).not.toContain(aPost.id);
    expect((await b.agent.delete(`/v1/agents/${a.agentId}`)).status).toBe(403);
  });
});

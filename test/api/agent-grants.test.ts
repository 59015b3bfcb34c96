import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, workspaces } from "../../src/db/schema/index.js";
import { approvedAgent, token } from "../support/agent-oauth.js";
import { recordStatements } from "../support/count-statements.js";
import { type TestApp, type TestWorkspace, anonymous, createTestApp, errorOf } from "../support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: TestWorkspace, platform: string, profile?: string): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `grant${counter}.test` : `grant_${platform}_${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}), ...(profile ? { profile } : {}) };
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Requests with the agent's token, checked against /openapi.json like every API test. */
function asAgent(accessToken: string) {
  const send = anonymous(t.app);
  return (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${accessToken}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const { json: _json, ...rest } = init;
    return send(path, { ...rest, headers, body: body ?? null });
  };
}

async function mcpCall(accessToken: string, name: string, args: Record<string, unknown> = {}) {
  const response = await asAgent(accessToken)("/v1/mcp", {
    method: "POST",
    headers: { accept: "application/json, text/event-stream" },
    json: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { isError?: boolean; structuredContent: Record<string, unknown> } };
  return { isError: body.result.isError === true, data: body.result.structuredContent };
}

const postCount = async (ws: TestWorkspace) => (await t.db.select({ id: posts.id }).from(posts).where(eq(posts.workspaceId, ws.id))).length;

interface Setup {
  ws: TestWorkspace;
  acme: string;
  bsky: string;
  linkedin: string;
  pinterest: string;
  otherBsky: string;
  agent: ReturnType<typeof asAgent>;
  token: string;
  refresh: string;
  clientId: string;
  agentId: string;
}

/** One brand (acme: Bluesky, LinkedIn, Pinterest), another brand's Bluesky, and an agent granted acme on Bluesky and LinkedIn, 5 credits a day. */
async function setup(actions = ["read", "draft", "publish_or_schedule"]): Promise<Setup> {
  const ws = await t.workspace({ plan: "subscription" });
  const acme = ((await (await ws.request("/v1/profiles", { method: "POST", json: { username: "acme" } })).json()) as { id: string }).id;
  await ws.request("/v1/profiles", { method: "POST", json: { username: "other" } });
  const bsky = await connect(ws, "bluesky", "acme");
  const linkedin = await connect(ws, "linkedin", "acme");
  const pinterest = await connect(ws, "pinterest", "acme");
  const otherBsky = await connect(ws, "bluesky", "other");
  const { tokens, agentId, clientId } = await approvedAgent(t, ws, { profiles: [acme], platforms: ["bluesky", "linkedin"], actions, creditsPerDay: 5 });
  return { ws, acme, bsky, linkedin, pinterest, otherBsky, agent: asAgent(tokens.access_token), token: tokens.access_token, refresh: tokens.refresh_token, clientId, agentId };
}

describe("an agent's grant, on REST and MCP alike", () => {
  it("GET /v1/me and whoami show the agent, its grant and today's spend", async () => {
    const s = await setup();
    const me = (await (await s.agent("/v1/me")).json()) as { key: { id: string }; agent: Record<string, unknown> };
    expect(me.key.id).toBe(s.agentId);
    expect(me.agent).toMatchObject({ id: s.agentId, clientName: "Test agent", spentToday: 0, creditsLeftToday: 5, grant: { profiles: [s.acme], platforms: ["bluesky", "linkedin"], creditsPerDay: 5, purchasedCredits: false } });
    const whoami = await mcpCall(s.token, "whoami");
    expect(whoami.data).toEqual(me);
    const owner = (await (await s.ws.request("/v1/me")).json()) as { agent: unknown };
    expect(owner.agent).toBeNull();
  });

  it("checks the grant with no database round trip once the token is verified: whoami, /v1/me and a refused call cost no query", async () => {
    const s = await setup();
    expect((await s.agent("/v1/me")).status).toBe(200);
    const recorded = recordStatements(t.db);
    try {
      expect((await s.agent("/v1/me")).status).toBe(200);
      expect((await mcpCall(s.token, "whoami")).isError).toBe(false);
      expect((await errorOf(await s.agent("/v1/webhooks"))).code).toBe("agent_grant_owner_only");
      expect((await mcpCall(s.token, "retract_post", { id: "post_x" })).data.error).toMatchObject({ code: "agent_grant_action" });
    } finally {
      recorded.stop();
    }
    expect(recorded.statements).toEqual([]);
  });

  it("publishes within its brand and networks, and is refused outside them with nothing written", async () => {
    const s = await setup();
    const ok = await s.agent("/v1/posts", { method: "POST", json: { text: "from the agent", accounts: [s.bsky, s.linkedin] } });
    expect(ok.status, await ok.clone().text()).toBe(201);
    const before = await postCount(s.ws);
    const network = await s.agent("/v1/posts", { method: "POST", json: { text: "to pinterest", accounts: [s.bsky, s.pinterest] } });
    expect(network.status).toBe(403);
    const networkError = await errorOf(network);
    expect(networkError).toMatchObject({ code: "agent_grant_platform", param: "accounts[1]" });
    expect(networkError.fix).toContain("PATCH /v1/agents/{id}");
    const brand = await s.agent("/v1/posts", { method: "POST", json: { text: "other brand", accounts: [s.otherBsky] } });
    expect((await errorOf(brand)).code).toBe("agent_grant_profile");
    const byProfile = await s.agent("/v1/posts", { method: "POST", json: { text: "acme incl. pinterest", profile: "acme" } });
    expect((await errorOf(byProfile)).code).toBe("agent_grant_platform");
    const narrowed = await s.agent("/v1/posts", { method: "POST", json: { text: "acme narrowed", profile: "acme", platforms: ["bluesky"] } });
    expect(narrowed.status).toBe(201);
    const platformQuery = await s.agent("/v1/posts", { method: "POST", json: { text: "x", profile: "acme", platforms: ["pinterest"] } });
    expect((await errorOf(platformQuery)).code).toBe("agent_grant_platform");
    expect(await postCount(s.ws)).toBe(before + 1);
    const viaMcp = await mcpCall(s.token, "create_post", { text: "mcp to pinterest", accounts: [s.pinterest] });
    expect(viaMcp.isError).toBe(true);
    expect((viaMcp.data.error as { code: string }).code).toBe("agent_grant_platform");
    expect(await postCount(s.ws)).toBe(before + 1);
  });

  it("reads only what the grant reaches: accounts, posts and single records", async () => {
    const s = await setup();
    const ownerPost = (await (await s.ws.request("/v1/posts", { method: "POST", json: { text: "owner to pinterest", accounts: [s.pinterest] } })).json()) as { id: string };
    const listed = (await (await s.agent("/v1/social-accounts")).json()) as { accounts: { id: string }[] };
    expect(listed.accounts.map((a) => a.id).sort()).toEqual([s.bsky, s.linkedin].sort());
    expect((await errorOf(await s.agent(`/v1/social-accounts/${s.otherBsky}`))).code).toBe("agent_grant_profile");
    expect((await errorOf(await s.agent(`/v1/posts/${ownerPost.id}`))).code).toBe("agent_grant_platform");
    const postList = (await (await s.agent("/v1/posts")).json()) as { items: { id: string }[] };
    expect(postList.items.map((p) => p.id)).not.toContain(ownerPost.id);
    const mcpAccounts = await mcpCall(s.token, "list_social_accounts");
    expect((mcpAccounts.data.accounts as { id: string }[]).map((a) => a.id).sort()).toEqual([s.bsky, s.linkedin].sort());
  });

  it("stops at its daily credits: the refused post stores and charges nothing; scheduling counts too; the next UTC day starts again", async () => {
    const s = await setup();
    const balance = async () => (await t.db.select({ monthly: workspaces.testCreditsMonthly }).from(workspaces).where(eq(workspaces.id, s.ws.id)))[0]?.monthly;
    for (const text of ["one", "two"]) {
      const response = await s.agent("/v1/posts", { method: "POST", json: { text, accounts: [s.bsky, s.linkedin] } });
      expect(response.status).toBe(201);
    }
    const credits = await balance();
    const posted = await postCount(s.ws);
    const over = await s.agent("/v1/posts", { method: "POST", json: { text: "three", accounts: [s.bsky, s.linkedin] } });
    expect(over.status).toBe(403);
    const error = await errorOf(over);
    expect(error.code).toBe("agent_grant_daily_credits");
    expect(error.message).toContain("spent 4 of the 5");
    expect(await postCount(s.ws)).toBe(posted);
    expect(await balance()).toBe(credits);
    const scheduled = await s.agent("/v1/posts", { method: "POST", json: { text: "later", accounts: [s.bsky], scheduledAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() } });
    expect(scheduled.status).toBe(201);
    const mcp = await mcpCall(s.token, "create_post", { text: "mcp over", accounts: [s.bsky] });
    expect((mcp.data.error as { code: string }).code).toBe("agent_grant_daily_credits");
    const draft = await mcpCall(s.token, "create_post", { text: "a draft costs nothing", accounts: [s.bsky], draft: true });
    expect(draft.isError).toBe(false);
    const publish = await mcpCall(s.token, "publish_draft", { id: draft.data.id });
    expect((publish.data.error as { code: string }).code).toBe("agent_grant_daily_credits");
    const me = (await (await s.agent("/v1/me")).json()) as { agent: { spentToday: number; creditsLeftToday: number } };
    expect(me.agent).toMatchObject({ spentToday: 5, creditsLeftToday: 0 });
    t.clock.advance(24 * 3600_000);
    const tomorrow = await s.agent("/v1/posts", { method: "POST", json: { text: "next day", accounts: [s.bsky] } });
    // The access token lived an hour: a day later the agent refreshes first.
    expect(tomorrow.status).toBe(401);
    const refreshed = (await (await token(t, { grant_type: "refresh_token", refresh_token: s.refresh, client_id: s.clientId })).json()) as { access_token: string };
    const again = asAgent(refreshed.access_token);
    expect((await again("/v1/posts", { method: "POST", json: { text: "next day", accounts: [s.bsky] } })).status).toBe(201);
    expect(((await (await again("/v1/me")).json()) as { agent: { spentToday: number } }).agent.spentToday).toBe(1);
  });

  it("refuses actions outside the grant before reading anything, and owner-only endpoints whatever the grant", async () => {
    const s = await setup(["read"]);
    const ownerPost = (await (await s.ws.request("/v1/posts", { method: "POST", json: { text: "a draft", accounts: [s.bsky], draft: true } })).json()) as { id: string };
    const publish = await s.agent("/v1/posts", { method: "POST", json: { text: "no", accounts: [s.bsky] } });
    expect(await errorOf(publish)).toMatchObject({ code: "agent_grant_action" });
    const cancel = await s.agent(`/v1/posts/${ownerPost.id}`, { method: "DELETE" });
    expect((await errorOf(cancel)).code).toBe("agent_grant_action");
    expect((await errorOf(await s.agent(`/v1/posts/post_doesnotexist00000000`, { method: "DELETE" }))).code).toBe("agent_grant_action");
    const mcpCancel = await mcpCall(s.token, "cancel_post", { id: ownerPost.id });
    expect((mcpCancel.data.error as { code: string }).code).toBe("agent_grant_action");
    const still = (await (await s.ws.request(`/v1/posts/${ownerPost.id}`)).json()) as { state: string };
    expect(still.state).toBe("draft");
    for (const [path, init] of [
      ["/v1/agents", {}],
      ["/v1/webhooks", { method: "POST", json: { url: "https://example.com/hook" } }],
      ["/v1/app-link", { method: "POST" }],
      ["/v1/audit", {}],
      [`/v1/social-accounts/${s.bsky}`, { method: "DELETE" }],
    ] as const) {
      expect((await errorOf(await s.agent(path, init as RequestInit))).code, path).toBe("agent_grant_owner_only");
    }
    expect((await mcpCall(s.token, "list_posts")).isError).toBe(false);
  });

  it("names the agent in the audit log for every write", async () => {
    const s = await setup();
    await s.agent("/v1/posts", { method: "POST", json: { text: "rest", accounts: [s.bsky] } });
    await mcpCall(s.token, "create_post", { text: "mcp", accounts: [s.linkedin] });
    await mcpCall(s.token, "list_posts");
    const audit = (await (await s.ws.request("/v1/audit")).json()) as { items: { type: string; actor: string; details: Record<string, unknown> }[] };
    const writes = audit.items.filter((e) => e.type === "agent.write");
    expect(writes.map((e) => e.details.request).sort()).toEqual(["POST /v1/posts", "tools/call create_post"]);
    expect(writes.every((e) => e.actor === s.agentId && e.details.client === "Test agent")).toBe(true);
    expect(audit.items.some((e) => e.type === "agent.approved" && e.details.agent === s.agentId)).toBe(true);
  });

  it("sets its nickname unless the owner locked it; null restores the client's name", async () => {
    const s = await setup();
    const named = await s.agent("/v1/me/agent", { method: "PATCH", json: { nickname: "launch-bot" } });
    expect(await named.json()).toEqual({ id: s.agentId, name: "Test agent", clientName: "Test agent", nickname: "launch-bot", nicknameLocked: false });
    expect(((await (await s.agent("/v1/me")).json()) as { key: { nickname: string } }).key.nickname).toBe("launch-bot");
    const cleared = (await (await s.agent("/v1/me/agent", { method: "PATCH", json: { nickname: null } })).json()) as { nickname: null; name: string };
    expect(cleared).toMatchObject({ nickname: null, name: "Test agent" });
    const tooLong = await s.agent("/v1/me/agent", { method: "PATCH", json: { nickname: "x".repeat(61) } });
    expect(tooLong.status).toBe(400);
    const locked = await s.ws.request(`/v1/agents/${s.agentId}`, { method: "PATCH", json: { nicknameLocked: true } });
    expect(locked.status).toBe(200);
    const refused = await s.agent("/v1/me/agent", { method: "PATCH", json: { nickname: "sneaky" } });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("nickname_locked");
  });

  it("the owner lists agents, widens a grant (applied at the agent's next request) and revokes at once", async () => {
    const s = await setup(["read"]);
    const listed = (await (await s.ws.request("/v1/agents")).json()) as { items: { id: string; clientName: string; grant: { actions: string[] }; spentToday: number; lastUsedAt: string | null }[] };
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ id: s.agentId, clientName: "Test agent", spentToday: 0, grant: { actions: ["read"] } });
    expect(listed.items[0]?.lastUsedAt).not.toBeNull();
    expect((await s.agent("/v1/posts", { method: "POST", json: { text: "draft", accounts: [s.bsky], draft: true } })).status).toBe(403);
    const widened = await s.ws.request(`/v1/agents/${s.agentId}`, {
      method: "PATCH",
      json: { grant: { profiles: [s.acme], platforms: ["bluesky"], actions: ["read", "draft"], creditsPerDay: 0, purchasedCredits: false } },
    });
    expect(widened.status).toBe(200);
    expect((await s.agent("/v1/posts", { method: "POST", json: { text: "draft", accounts: [s.bsky], draft: true } })).status).toBe(201);
    const badGrant = await s.ws.request(`/v1/agents/${s.agentId}`, { method: "PATCH", json: { grant: { profiles: null, platforms: ["myspace"], actions: ["read"], creditsPerDay: 0, purchasedCredits: false } } });
    expect(badGrant.status).toBe(400);
    const revoked = await s.ws.request(`/v1/agents/${s.agentId}`, { method: "DELETE" });
    expect(await revoked.json()).toEqual({ id: s.agentId, revoked: true });
    expect((await s.agent("/v1/me")).status).toBe(401);
    const mcp = await asAgent(s.token)("/v1/mcp", { method: "POST", headers: { accept: "application/json, text/event-stream" }, json: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
    expect(mcp.status).toBe(401);
    expect(((await (await s.ws.request("/v1/agents")).json()) as { items: unknown[] }).items).toHaveLength(0);
  });

  it("an agent of one workspace sees nothing of another's", async () => {
    const a = await setup();
    const b = await setup();
    const aPost = (await (await a.ws.request("/v1/posts", { method: "POST", json: { text: "A's post", accounts: [a.bsky] } })).json()) as { id: string };
    expect((await b.agent(`/v1/posts/${aPost.id}`)).status).toBe(404);
    expect((await b.agent(`/v1/social-accounts/${a.bsky}`)).status).toBe(404);
    const aPostViaMcp = await mcpCall(b.token, "get_post", { id: aPost.id });
    expect((aPostViaMcp.data.error as { code: string }).code).toBe("resource_not_found");
    const publishThere = await b.agent("/v1/posts", { method: "POST", json: { text: "into A", accounts: [a.bsky] } });
    expect(publishThere.status).toBe(404);
    const listed = await (await b.agent("/v1/posts")).text();
    expect(listed).not.toContain(aPost.id);
    expect((await b.agent(`/v1/agents/${a.agentId}`, { method: "DELETE" })).status).toBe(403);
  });
});

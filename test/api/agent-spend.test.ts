import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agentSpend, posts } from "../../src/db/schema/index.js";
import { agentFixture, approvedAgent } from "../support/agent-oauth.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `spend${counter}.test` : `spend_${platform}_${counter}`;
  return (await ws.connect(platform, { handle })).id;
}

async function spentToday(agent: WorkspaceFixture): Promise<{ spentToday: number; creditsLeftToday: number }> {
  const me = await agent.read("/v1/me");
  expect(me.agent, "an agent's /v1/me names the agent").not.toBeNull();
  return { spentToday: me.agent?.spentToday ?? -1, creditsLeftToday: me.agent?.creditsLeftToday ?? -1 };
}

describe("an agent's daily spend counts what was really spent", () => {
  it("gives an agent its credit back when the network refuses a target, so the refunded credit can be spent again", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 50 });
    const bsky = await connect(ws, "bluesky");
    const linkedin = await connect(ws, "linkedin");
    await ws.put(`/v1/sandbox/social-accounts/${linkedin}/fault`, { fault: "revoked_permission" });
    const { tokens, agentId } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky", "linkedin"], actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 3 });
    const agent = agentFixture(t, ws, tokens.access_token);

    const post = await agent.publish({ text: "one lands, one is refused", accounts: [bsky, linkedin] });
    expect(post.targets.map((target) => [target.platform, target.state]).sort()).toEqual([
      ["bluesky", "published"],
      ["linkedin", "failed"],
    ]);
    expect(await spentToday(agent)).toEqual({ spentToday: 1, creditsLeftToday: 2 });
    const listed = (await ws.get("/v1/agents")).body;
    expect(listed.items.find((a) => a.id === agentId)?.spentToday).toBe(1);

    // The refunded credit is usable: two more single posts fit in 3, a third does not.
    for (const text of ["second", "third"]) expect((await agent.post("/v1/posts", { text, accounts: [bsky] })).status).toBe(201);
    const refused = await agent.post("/v1/posts", { text: "fourth", accounts: [bsky] });
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe("agent_grant_daily_credits");
    expect(await spentToday(agent)).toEqual({ spentToday: 3, creditsLeftToday: 0 });
    // The ledger holds one charge and one refund for the refused target, and nothing for the refused post.
    const rows = await t.db.select().from(agentSpend).where(eq(agentSpend.agentId, agentId));
    expect(rows.filter((r) => r.kind === "charge")).toHaveLength(4);
    expect(rows.filter((r) => r.kind === "refund").map((r) => r.amount)).toEqual([-1]);
  });

  it("gives an agent its credit back when X refuses a billed reply, and keeps it for a reply X accepts", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 50 });
    const x = await connect(ws, "twitter");
    const mentionId = (await ws.simulate(x, { action: "mention", actor: "x_grace", text: "hi" })).networkId;
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["twitter"], actions: ["read", "reply_and_message"], creditsPerDay: 1 });
    const agent = agentFixture(t, ws, tokens.access_token);

    // X refuses a reply to a post that does not summon the account; the sandbox refuses an unknown post the same way.
    const refused = await agent.post("/v1/comments/1234567890123456789/replies", { account: x, text: "hello stranger" });
    expect(refused.status).toBe(422);
    expect(refused.error.code).toBe("platform_rejected");
    expect(await spentToday(agent)).toEqual({ spentToday: 0, creditsLeftToday: 1 });

    const allowed = await agent.post(`/v1/comments/${mentionId}/replies`, { account: x, text: "hi Grace" });
    expect(allowed.status, allowed.text).toBe(200);
    expect(await spentToday(agent)).toEqual({ spentToday: 1, creditsLeftToday: 0 });
    const past = await agent.post(`/v1/comments/${mentionId}/replies`, { account: x, text: "once more" });
    expect(past.status).toBe(403);
    expect(past.error.code).toBe("agent_grant_daily_credits");
  });
});

describeOnEachDatabase("an agent's allowance under a burst of parallel publishes", (app) => {
  // The file's helpers (connect, asAgent, ledger, ...) act on `t`: these tests point it at the database being run.
  beforeAll(() => {
    t = app();
  });
  it("lets no burst of parallel publishes take the agent past its allowance", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 50 });
    const bsky = await connect(ws, "bluesky");
    const { tokens, agentId } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 5 });
    const agent = agentFixture(t, ws, tokens.access_token);
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => agent.post("/v1/posts", { text: `burst ${i}`, accounts: [bsky] })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(4);
    expect(await t.db.select({ id: posts.id }).from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(5);
    expect(
      await t.db
        .select()
        .from(agentSpend)
        .where(and(eq(agentSpend.agentId, agentId), eq(agentSpend.kind, "charge"))),
    ).toHaveLength(5);
  });
});

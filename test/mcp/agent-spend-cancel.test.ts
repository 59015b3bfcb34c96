import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agentSpend } from "../../src/db/schema/index.js";
import { approvedAgent } from "../support/agent-oauth.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { agentToolCall } from "./mcp-server.js";

/** `cancel_post` with an agent's own token gives back what `create_post` charged its day, once. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const connect = async (ws: WorkspaceFixture, platform: "bluesky" | "linkedin", handle: string): Promise<string> => (await ws.connect(platform, { handle })).id;

const tool = (accessToken: string, name: string, args: Record<string, unknown>) => agentToolCall(t, accessToken, name, args);

async function spend(accessToken: string): Promise<{ spentToday: number; creditsLeftToday: number }> {
  const who = await tool(accessToken, "whoami", {});
  expect(who.isError).toBe(false);
  const agent = who.data.agent as { spentToday: number; creditsLeftToday: number };
  return { spentToday: agent.spentToday, creditsLeftToday: agent.creditsLeftToday };
}

describe("cancel_post through MCP with an agent token", () => {
  it("refunds the agent's day when it cancels its scheduled post, and a second cancel_post refunds nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky", "mcpcancel.test");
    const linkedin = await connect(ws, "linkedin", "mcp_cancel_li");
    const { tokens, agentId } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read", "draft", "publish_or_schedule", "delete"], creditsPerDay: 2 });
    const token = tokens.access_token;
    const scheduledAt = new Date(t.clock.now().getTime() + 3600_000).toISOString();

    const created = await tool(token, "create_post", { text: "scheduled by an agent", accounts: [bsky, linkedin], scheduledAt, idempotencyKey: "mcp-cancel-1" });
    expect(created.isError, JSON.stringify(created.data)).toBe(false);
    expect(created.data.state).toBe("scheduled");
    expect(await spend(token)).toEqual({ spentToday: 2, creditsLeftToday: 0 });
    // A client retrying create_post with its key gets the same post and is not charged again.
    const replayed = await tool(token, "create_post", { text: "scheduled by an agent", accounts: [bsky, linkedin], scheduledAt, idempotencyKey: "mcp-cancel-1" });
    expect(replayed.data.id).toBe(created.data.id);
    expect(await spend(token)).toEqual({ spentToday: 2, creditsLeftToday: 0 });
    // At the cap: another post is refused until the scheduled one is cancelled.
    const over = await tool(token, "create_post", { text: "over the cap", accounts: [bsky] });
    expect((over.data.error as { code: string }).code).toBe("agent_grant_daily_credits");

    const cancelled = await tool(token, "cancel_post", { id: created.data.id });
    expect(cancelled.isError, JSON.stringify(cancelled.data)).toBe(false);
    expect(cancelled.data).toEqual({ id: created.data.id, cancelled: true, deleted: false });
    expect(await spend(token)).toEqual({ spentToday: 0, creditsLeftToday: 2 });

    // A client retrying its call gets the stable refusal and no second refund.
    const retried = await tool(token, "cancel_post", { id: created.data.id });
    expect(retried.isError).toBe(true);
    expect((retried.data.error as { code: string }).code).toBe("post_state_invalid");
    expect(await spend(token)).toEqual({ spentToday: 0, creditsLeftToday: 2 });
    const rows = await t.db.select().from(agentSpend).where(eq(agentSpend.agentId, agentId));
    expect(rows.map((r) => [r.kind, r.amount]).sort()).toEqual([
      ["charge", 1],
      ["charge", 1],
      ["refund", -1],
      ["refund", -1],
    ]);

    // The refunded credits are spendable again.
    const now = await tool(token, "create_post", { text: "published now with the refund", accounts: [bsky, linkedin] });
    expect(now.isError, JSON.stringify(now.data)).toBe(false);
    expect(await spend(token)).toEqual({ spentToday: 2, creditsLeftToday: 0 });
  });

  it("refuses cancel_post to an agent without the delete grant, naming it, and keeps the post and the charge", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky", "mcpnodelete.test");
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 2 });
    const token = tokens.access_token;
    const scheduledAt = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const created = await tool(token, "create_post", { text: "scheduled, not cancellable by this agent", accounts: [bsky], scheduledAt });
    expect(created.isError, JSON.stringify(created.data)).toBe(false);

    const refused = await tool(token, "cancel_post", { id: created.data.id });
    expect(refused.isError).toBe(true);
    const error = refused.data.error as { code: string; message: string; fix: string };
    expect(error.code).toBe("agent_grant_action");
    expect(error.message).toContain("`delete`");
    expect(error.fix).toContain("`delete`");
    expect((await ws.read(`/v1/posts/${String(created.data.id)}`)).state).toBe("scheduled");
    expect(await spend(token)).toEqual({ spentToday: 1, creditsLeftToday: 1 });
  });
});

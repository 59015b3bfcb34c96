import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, events, posts, workspaces } from "../../src/db/schema/index.js";
import { DashboardSession } from "../support/dashboard-session.js";
import type { TestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { callTool, mcpClient, type RunningServer, withMcpTestServer } from "./mcp-server.js";

/**
 * POST /v1/posts, the MCP tool `create_post` and the dashboard's compose form run one operation
 * (createPost, with its limit, its idempotency claim and its events): the same request through
 * each door leaves the same rows behind.
 */

type Door = "rest" | "mcp" | "dashboard";

interface Trace {
  post: { state: string; targets: string[] };
  events: { type: string; state: unknown; text: unknown; targets: unknown }[];
  audit: string[];
  creditsSpent: number;
}

const credits = (row: typeof workspaces.$inferSelect) => row.creditsMonthly + row.creditsPack + row.creditsPurchased + row.testCreditsMonthly + row.testCreditsPack;

describe("one createPost behind REST, MCP and the dashboard", () => {
  let t: TestApp;
  let server: RunningServer;
  withMcpTestServer((running) => ({ t, server } = running));

  async function balance(ws: WorkspaceFixture): Promise<number> {
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    if (!row) throw new Error("workspace missing");
    return credits(row);
  }

  /** Sends the post through one door, twice under one key; what the first left behind. */
  async function through(door: Door, ws: WorkspaceFixture, account: string, text: string): Promise<Trace> {
    const since = new Date(t.clock.now().getTime() - 1);
    const before = await balance(ws);
    const auditBefore = await t.db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.workspaceId, ws.id));
    const send = async (): Promise<string> => {
      if (door === "rest") {
        const response = await ws.post("/v1/posts", { text, accounts: [account] }, { headers: { "Idempotency-Key": `rest-${text.replaceAll(" ", "-")}` } });
        expect(response.status, response.text).toBe(201);
        return response.body.id;
      }
      if (door === "mcp") {
        const client = await mcpClient(server.base, ws.key);
        const result = await callTool(client, "create_post", { text, accounts: [account], idempotencyKey: `mcp-${text.replaceAll(" ", "-")}` });
        await client.close();
        expect(result.isError, JSON.stringify(result.data)).toBe(false);
        return String(result.data.id);
      }
      const session = await DashboardSession.open(t, ws);
      await session.page("/dashboard/compose");
      const sent = await session.submit("/dashboard/compose", { text, accounts: [account], action: "publish" });
      expect(sent.status, sent.html).toBe(303);
      // The same form again: its submission id replays the first answer, as the other doors' keys do.
      const again = await session.submit("/dashboard/compose", { text, accounts: [account], action: "publish" });
      expect(again.location).toBe(sent.location);
      return (sent.location ?? "").split("/").at(-1) ?? "";
    };
    const id = await send();
    if (door !== "dashboard") expect(await send()).toBe(id);
    const [post] = await t.db.select().from(posts).where(eq(posts.id, id));
    const view = await ws.read(`/v1/posts/${id}`);
    expect(post?.text).toBe(text);
    const recorded = await t.db
      .select()
      .from(events)
      .where(and(eq(events.workspaceId, ws.id), gt(events.createdAt, since)));
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id));
    return {
      post: { state: view.state, targets: view.targets.map((x) => x.state) },
      events: recorded
        .filter((e) => e.data.id === id)
        .map((e) => ({ type: e.type, state: e.data.state, text: e.data.text === text ? "as sent" : e.data.text, targets: (e.data.targets as { state: string }[]).map((x) => x.state) })),
      // The dashboard's sign-in is its own entry; what the create added is compared.
      audit: audit.filter((a) => !auditBefore.some((b) => b.id === a.id) && a.type !== "dashboard.login").map((a) => a.type),
      creditsSpent: before - (await balance(ws)),
    };
  }

  it("records the same post, events, audit entries and charge whichever door the post came through", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const account = (await ws.connect("twitter", { handle: "one-operation" })).id;
    const rest = await through("rest", ws, account, "one operation via rest");
    const mcp = await through("mcp", ws, account, "one operation via mcp");
    const dashboard = await through("dashboard", ws, account, "one operation via dashboard");
    expect(rest.post).toEqual({ state: "published", targets: ["published"] });
    expect(rest.events.map((e) => e.type)).toEqual(["post.published"]);
    expect(rest.creditsSpent).toBe(1);
    expect(mcp).toEqual(rest);
    expect(dashboard).toEqual(rest);
  });

  it("counts all three doors against one postsPerMinute: the fourth post, through any of them, is refused", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    await t.db.update(workspaces).set({ postsPerMinute: 3 }).where(eq(workspaces.id, ws.id));
    const account = (await ws.connect("twitter", { handle: "one-budget" })).id;
    await through("dashboard", ws, account, "budget via dashboard");
    await through("mcp", ws, account, "budget via mcp");
    await through("rest", ws, account, "budget via rest");
    const client = await mcpClient(server.base, ws.key);
    const refused = await callTool(client, "create_post", { text: "one too many", accounts: [account] });
    await client.close();
    expect(refused.isError).toBe(true);
    expect(refused.data).toMatchObject({ error: { code: "rate_limited" } });
    expect((await ws.post("/v1/posts", { text: "one too many", accounts: [account] })).status).toBe(429);
  });
});

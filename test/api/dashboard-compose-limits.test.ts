import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyRecords, posts, workspaces } from "../../src/db/schema/index.js";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * The compose form runs the same createPost as POST /v1/posts and the MCP tool, limit included:
 * it used to call the domain function without the postsPerMinute check the other two doors made.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const connect = async (ws: WorkspaceFixture, handle: string) => (await ws.connect("twitter", { handle })).id;

const postsOf = (ws: WorkspaceFixture) => t.db.select().from(posts).where(eq(posts.workspaceId, ws.id));

describe("the compose form and postsPerMinute", { timeout: 90_000 }, () => {
  it("refuses a publish past the workspace's postsPerMinute, shared with the API, storing nothing and keeping no key", async () => {
    const ws = await testWorkspace(t);
    await t.db.update(workspaces).set({ postsPerMinute: 1 }).where(eq(workspaces.id, ws.id));
    const account = await connect(ws, "compose-limit");
    const api = await ws.post("/v1/posts", { text: "through the API", accounts: [account] });
    expect(api.status).toBe(201);

    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const refused = await session.submit("/dashboard/compose", { text: "through the dashboard", accounts: [account], action: "publish" });
    expect(refused.status).toBe(429);
    expect(refused.html).toContain("rate_limited");
    expect((await postsOf(ws)).map((p) => p.text)).toEqual(["through the API"]);
    // The refusal released the form's key: once the window has passed, the same form publishes.
    expect(await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.workspaceId, ws.id))).toHaveLength(0);
    t.clock.advance(61_000);
    const sent = await session.submit("/dashboard/compose", { text: "through the dashboard", accounts: [account], action: "publish" });
    expect(sent.status, sent.html).toBe(303);
    expect(await postsOf(ws)).toHaveLength(2);
  });

  it("counts a dashboard publish against the budget the API then finds spent, drafts included", async () => {
    const ws = await testWorkspace(t);
    await t.db.update(workspaces).set({ postsPerMinute: 1 }).where(eq(workspaces.id, ws.id));
    const account = await connect(ws, "compose-limit-first");
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const draft = await session.submit("/dashboard/compose", { text: "a draft first", accounts: [account], action: "draft" });
    expect(draft.status, draft.html).toBe(303);
    const api = await ws.post("/v1/posts", { text: "then the API", accounts: [account] });
    expect(api.status).toBe(429);
    expect((await postsOf(ws)).map((p) => p.state)).toEqual(["draft"]);
  });

  it("reads the form with the API's schema: more text than POST /v1/posts takes is refused, nothing stored", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "compose-schema");
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const refused = await session.submit("/dashboard/compose", { text: "x".repeat(65_001), accounts: [account], action: "draft" });
    expect(refused.status).toBe(400);
    // The code and words POST /v1/posts answers the same body with.
    expect(refused.html).toContain("Error code <code>text_required</code>");
    expect(refused.html).toContain("text: Invalid length: Expected &lt;=65000");
    const blank = await session.submit("/dashboard/compose", { text: "   ", accounts: [account], action: "draft" });
    expect(blank.status).toBe(400);
    expect(blank.html).toContain("text_required");
    expect(await postsOf(ws)).toHaveLength(0);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, workspaces } from "../../src/db/schema/index.js";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * The dashboard is no way around a workspace's apiPerMinute: its pages and forms draw on the same
 * budget as the API's requests, with the same headers, and a refused form comes back as a page
 * keeping what was typed, not the API's JSON.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("the dashboard under the workspace's request limit", () => {
  it("counts its pages and forms with the API's requests, and refuses the form over the limit as a page keeping it", async () => {
    const ws = await testWorkspace(t);
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    // A fresh window, three requests in it.
    t.clock.advance(120_000);
    await t.db.update(workspaces).set({ apiPerMinute: 3 }).where(eq(workspaces.id, ws.id));

    const page = await session.page("/dashboard/compose");
    expect(page.status).toBe(200);
    expect(page.headers.get("x-ratelimit-limit")).toBe("3");
    expect(page.headers.get("x-ratelimit-remaining")).toBe("2");
    expect((await ws.get("/v1/me")).headers.get("x-ratelimit-remaining")).toBe("1");
    expect((await session.page("/dashboard")).headers.get("x-ratelimit-remaining")).toBe("0");

    const refused = await session.submit("/dashboard/compose", { text: "Kept as typed", action: "draft" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toContain("text/html");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(refused.html).toContain("Too many requests");
    expect(refused.html).toContain("limit of 3 requests a minute");
    expect(refused.html).toContain('id="kept-form"');
    expect(refused.html).toContain("Kept as typed");
    expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(0);
    // The API is refused too: one budget.
    expect((await ws.get("/v1/me")).status).toBe(429);

    t.clock.advance(120_000);
    expect((await session.page("/dashboard")).status).toBe(200);
  });

  it("leaves another workspace's dashboard alone", async () => {
    const limitedWs = await testWorkspace(t);
    const limited = await DashboardSession.open(t, limitedWs);
    const other = await DashboardSession.open(t, await testWorkspace(t));
    t.clock.advance(120_000);
    await t.db.update(workspaces).set({ apiPerMinute: 1 }).where(eq(workspaces.id, limitedWs.id));
    expect((await limited.page("/dashboard")).status).toBe(200);
    expect((await limited.page("/dashboard")).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await other.page("/dashboard")).status).toBe(200);
  });
});

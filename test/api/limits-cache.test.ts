import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { workspaces } from "../../src/db/schema/index.js";
import { createLimitsCache } from "../../src/domain/core/limits-cache.js";
import { grantCredits } from "../../src/domain/workspaces/operator-actions.js";
import { recordStatements } from "../support/count-statements.js";
import { png } from "../unit/media-fixtures.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * GET /v1/me/limits on embedded PGlite answers from the process's limits cache, which the
 * database's own triggers (migration 0020) empty on every committed change to what it shows.
 */
describe("limits cache on embedded PGlite", () => {
  let t: TestApp;
  let stops: (() => void)[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
  });
  const statements = () => {
    const recorder = recordStatements(t.db);
    stops.push(recorder.stop);
    return recorder.statements;
  };
  const limitsOf = async (ws: WorkspaceFixture) => {
    const response = await ws.get("/v1/me/limits");
    expect(response.status, response.text).toBe(200);
    return response.body;
  };

  it("answers a repeated read with no database statement", async () => {
    const ws = await testWorkspace(t);
    await limitsOf(ws);
    const seen = statements();
    await limitsOf(ws);
    await limitsOf(ws);
    expect(seen).toEqual([]);
  });

  it("serves the cached row until the database announces a change, and the change at once after", async () => {
    const ws = await testWorkspace(t, { mode: "live", grantCredits: 3 });
    expect((await limitsOf(ws)).credits.pack).toBe(3);
    // Changed with the session's notices turned off for this one transaction: nothing tells the
    // cache, so it still answers the old row (proof the read came from it)...
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local chorus.limits_notify = 'off'`);
      await tx.update(workspaces).set({ creditsPack: 9 }).where(eq(workspaces.id, ws.id));
    });
    expect((await limitsOf(ws)).credits.pack).toBe(3);
    // ...and any announced change, even to another column, makes the next read fresh.
    await t.db.update(workspaces).set({ apiPerMinute: 77 }).where(eq(workspaces.id, ws.id));
    const fresh = await limitsOf(ws);
    expect(fresh.credits.pack).toBe(9);
    expect(fresh.rateLimits.apiPerMinute).toBe(77);
  });

  it("shows credits granted by the operator and spent by a publish at once", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    expect((await limitsOf(ws)).credits.pack).toBe(0);
    await grantCredits(t.db, { workspaceId: ws.id, amount: 5, purchased: true, mode: "live", at: t.clock.now() });
    expect((await limitsOf(ws)).credits.pack).toBe(5);

    const test = await testWorkspace(t);
    const before = (await limitsOf(test)).credits.total;
    const connect = await test.post("/v1/social-accounts/connect", { platform: "twitter", handle: "limits_cache" });
    const account = connect.body.id;
    const published = await test.post("/v1/posts", { text: "Counted once", accounts: [account] });
    expect(published.status, published.text).toBe(201);
    expect((await limitsOf(test)).credits.total).toBe(before - 1);
  });

  it("lists an account once connected and drops it once disconnected", async () => {
    const ws = await testWorkspace(t);
    expect((await limitsOf(ws)).connected).toEqual([]);
    const connect = await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle: "limits_listed" });
    const account = connect.body.id;
    expect((await limitsOf(ws)).connected).toEqual([expect.objectContaining({ account, status: "active" })]);
    expect((await ws.delete(`/v1/social-accounts/${account}`)).status).toBe(200);
    expect((await limitsOf(ws)).connected).toEqual([]);
  });

  it("shows stored bytes at once after an upload and after a deletion", async () => {
    const ws = await testWorkspace(t);
    expect((await limitsOf(ws)).storage).toEqual({ usedBytes: 0, limitBytes: null });
    const image = png(32, 32);
    const media = await ws.upload(image, "image/png");
    expect((await limitsOf(ws)).storage.usedBytes).toBe(image.byteLength);
    expect((await ws.request(`/v1/media/${media.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await limitsOf(ws)).storage.usedBytes).toBe(0);
  });

  it("keeps the cached row when the change is rolled back", async () => {
    const ws = await testWorkspace(t, { mode: "live", grantCredits: 4 });
    await limitsOf(ws);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(workspaces).set({ creditsPack: 40 }).where(eq(workspaces.id, ws.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await limitsOf(ws)).credits.pack).toBe(4);
  });

  it("refuses the key once its workspace is deleted, though its limits were cached", async () => {
    const ws = await testWorkspace(t);
    await limitsOf(ws);
    // The key stays in the verified-key cache for seconds; only the limits read can notice.
    await t.db.delete(workspaces).where(eq(workspaces.id, ws.id));
    const refused = await ws.get("/v1/me/limits");
    expect(refused.status).toBe(401);
    expect(refused.error).toMatchObject({ code: "unauthorized" });
  });
});

describe("createLimitsCache", () => {
  it("does not keep a read that began before an invalidation", () => {
    const cache = createLimitsCache<{ pack: number }>();
    const began = cache.generation();
    cache.forgetWorkspace("ws_other");
    cache.set("ws_a", "live", { pack: 1 }, began);
    expect(cache.get("ws_a", "live")).toBeUndefined();
    cache.set("ws_a", "live", { pack: 2 }, cache.generation());
    expect(cache.get("ws_a", "live")).toEqual({ pack: 2 });
    expect(cache.get("ws_a", "test")).toBeUndefined();
    cache.forgetWorkspace("ws_a");
    expect(cache.get("ws_a", "live")).toBeUndefined();
  });

  it("holds at most the given number of workspaces, forgetting the oldest", () => {
    const cache = createLimitsCache<number>(2);
    for (const id of ["a", "b", "c"]) cache.set(id, "test", 1, cache.generation());
    expect([cache.get("a", "test"), cache.get("b", "test"), cache.get("c", "test")]).toEqual([undefined, 1, 1]);
  });
});

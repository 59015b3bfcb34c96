import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, workspaces } from "../../src/db/schema/index.js";
import type { Database } from "../../src/db/types.js";
import { revokeApiKey } from "../../src/domain/keys/revoke-api-key.js";
import { type VerifiedKeyCache, createVerifiedKeyCache } from "../../src/domain/core/verified-key-cache.js";
import { setPlan } from "../../src/domain/workspaces/operator-actions.js";
import { recordStatements } from "../support/count-statements.js";
import { type TestApp, TestClock, anonymous, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/** Counts the round trips sent to the database under `db` until `stop()`. */
function countQueries(db: Database): { count: () => number; stop: () => void } {
  const recorder = recordStatements(db);
  return { count: () => recorder.statements.length, stop: recorder.stop };
}

describe("verified-key cache", () => {
  let t: TestApp;
  let cache: VerifiedKeyCache;
  let stops: (() => void)[] = [];
  const counted = (db: Database) => {
    const c = countQueries(db);
    stops.push(c.stop);
    return c;
  };
  beforeAll(async () => {
    // The cache reads the test app's own clock, which the tests move.
    cache = createVerifiedKeyCache({ clock: { now: () => t.clock.now() }, ttlSeconds: 5 });
    t = await createTestApp({ deps: { verifiedKeys: cache } });
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
  });

  it("answers an authenticated read with no key query once the key was verified", async () => {
    const ws = await testWorkspace(t);
    expect((await ws.get("/v1/me")).status).toBe(200);
    const queries = counted(t.db);
    const again = await ws.get("/v1/me");
    expect(again.status).toBe(200);
    expect(again.body.account).toBe(ws.id);
    expect(queries.count()).toBe(0);
  });

  it("shows fresh credits on GET /v1/me/limits in one query while the key is cached", async () => {
    // A live key shows the live ledger, where granted credits are the pack.
    const ws = await testWorkspace(t, { grantCredits: 3, mode: "live" });
    expect((await ws.get("/v1/me/limits")).body.credits.pack).toBe(3);
    await t.db.update(workspaces).set({ creditsPack: 7, apiPerMinute: 321 }).where(eq(workspaces.id, ws.id));
    const queries = counted(t.db);
    const limits = (await ws.get("/v1/me/limits")).body;
    expect(queries.count()).toBe(1);
    expect(limits.credits.pack).toBe(7);
    expect(limits.rateLimits.apiPerMinute).toBe(321);
  });

  it("refuses a key revoked in the same process at once", async () => {
    const ws = await testWorkspace(t);
    expect((await ws.get("/v1/me")).status).toBe(200);
    expect(await revokeApiKey(t.db, { keyId: ws.keyId, actor: "operator", at: t.clock.now() }, cache)).toEqual({ keyId: ws.keyId, workspaceId: ws.id });
    const refused = await ws.get("/v1/me");
    expect(refused.status).toBe(401);
    expect(refused.error).toMatchObject({ code: "unauthorized" });
    expect(await revokeApiKey(t.db, { keyId: ws.keyId, actor: "operator", at: t.clock.now() }, cache)).toBeNull();
  });

  it("another app instance on the same database refuses a revoked key within the TTL, not before it expires", async () => {
    const ws = await testWorkspace(t);
    const other = await createTestApp();
    other.clock.set(t.clock.now());
    const otherClock = other.clock;
    const viaOther = (path: string) => other.app.request(`http://chorus.test${path}`, { headers: { authorization: `Bearer ${ws.key}` } });
    expect((await viaOther("/v1/me")).status).toBe(200);
    await revokeApiKey(t.db, { keyId: ws.keyId, actor: "operator", at: t.clock.now() }, cache);
    expect((await ws.get("/v1/me")).status).toBe(401);
    // The other instance's entry is still within its TTL: the documented bound.
    otherClock.advance(4_000);
    expect((await viaOther("/v1/me")).status).toBe(200);
    otherClock.advance(1_001);
    expect((await viaOther("/v1/me")).status).toBe(401);
  });

  it("sees a plan change made in the same process at once", async () => {
    const ws = await testWorkspace(t, { plan: "free" });
    expect((await ws.get("/v1/me")).body.plan).toBe("free");
    await setPlan(t.db, { workspaceId: ws.id, plan: "subscription", at: t.clock.now() }, cache);
    expect((await ws.get("/v1/me")).body.plan).toBe("subscription");
  });

  it("sees a change written behind its back once the entry expires", async () => {
    const ws = await testWorkspace(t, { plan: "free" });
    expect((await ws.get("/v1/me")).status).toBe(200);
    await t.db.update(apiKeys).set({ revokedAt: t.clock.now() }).where(eq(apiKeys.id, ws.keyId));
    t.clock.advance(5_001);
    expect((await ws.get("/v1/me")).status).toBe(401);
  });

  it("shows a new agent nickname at once", async () => {
    const ws = await testWorkspace(t);
    expect((await ws.get("/v1/me")).status).toBe(200);
    expect((await ws.patch("/v1/me/agent", { nickname: "scout" })).status).toBe(200);
    expect((await ws.get("/v1/me")).body.key.nickname).toBe("scout");
  });

  it("does not keep an answer read before a revocation that finished first", () => {
    const clock = new TestClock();
    const local = createVerifiedKeyCache({ clock, ttlSeconds: 5 });
    const value = { workspace: { id: "ws_1" }, apiKey: { id: "agt_1" } } as Parameters<VerifiedKeyCache["set"]>[1];
    const seen = local.generation();
    local.forgetKey("agt_1");
    local.set("hash", value, seen);
    expect(local.get("hash")).toBeNull();
    local.set("hash", value, local.generation());
    expect(local.get("hash")).toBe(value);
    clock.advance(5_000);
    expect(local.get("hash")).toBeNull();
  });
});

describe("refused keys", () => {
  it("answers a key the database refused in the last minute without asking it again", async () => {
    const local = await createTestApp();
    const call = anonymous(local.app);
    const guess = (n: number) => ({ headers: { "x-test-ip": "198.51.100.7", authorization: `Bearer sk_test_${String(n).repeat(40).slice(0, 40)}` } });
    expect((await call("/v1/me", guess(1))).status).toBe(401);
    const queries = countQueries(local.db);
    try {
      expect((await call("/v1/me", guess(1))).status).toBe(401);
      expect(queries.count()).toBe(0);
      // A key not refused before is asked about: it may be valid.
      expect((await call("/v1/me", guess(2))).status).toBe(401);
      expect(queries.count()).toBe(1);
    } finally {
      queries.stop();
    }
    // After a minute the database is asked again.
    local.clock.advance(61_000);
    const later = countQueries(local.db);
    try {
      expect((await call("/v1/me", guess(1))).status).toBe(401);
      expect(later.count()).toBe(1);
    } finally {
      later.stop();
    }
  });
});

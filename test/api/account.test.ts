import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditEvents, socialAccounts, workspaces } from "../../src/db/schema/index.js";
import { grantCredits } from "../../src/domain/workspaces/operator-actions.js";
import { newId } from "../../src/infra/ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

describe("account endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("GET /v1/me/limits returns every field of the limits view", async () => {
    const ws = await testWorkspace(t, { plan: "free" });
    await t.db.insert(socialAccounts).values({
      id: newId("acc"),
      workspaceId: ws.id,
      platform: "bluesky",
      mode: "test",
      networkUserId: "did:plc:abc",
      handle: "alice.test",
      status: "active",
      scopes: [],
    });
    const response = await ws.get("/v1/me/limits");
    expect(response.status).toBe(200);
    const limits = response.body;
    expect(limits).toEqual({
      account: ws.id,
      email: "test@example.com",
      name: "Test workspace",
      // A test key sees the test ledger, and test mode may try every network whatever the plan.
      credits: { total: 10, monthly: 10, pack: 0, monthlyAllowance: 10, plan: "free", blockedPlatforms: [] },
      billing: { mode: "free", isSubscriber: false, hasPurchasedCredits: false },
      connected: [{ account: expect.stringMatching(/^acc_/), platform: "bluesky", handle: "alice.test", status: "active" }],
      storage: { usedBytes: 0, limitBytes: null },
      rateLimits: { apiPerMinute: 600, postsPerMinute: 60, profile: { apiPerMinute: 120, postsPerMinute: 20 } },
    });
  });

  it("reports pay-as-you-go only for a free plan with purchased credits, and subscription for subscribers", async () => {
    const granted = await testWorkspace(t, { plan: "free", mode: "live", grantCredits: 50 });
    const grantedLimits = (await granted.get("/v1/me/limits")).body;
    expect(grantedLimits.billing.mode).toBe("free");
    expect(grantedLimits.credits).toMatchObject({ total: 60, pack: 50 });
    await grantCredits(t.db, { workspaceId: granted.id, amount: 5, purchased: true, mode: "live", at: t.clock.now() });
    const limits = (await granted.get("/v1/me/limits")).body;
    expect(limits.billing).toMatchObject({ mode: "payg", hasPurchasedCredits: true });
    expect(limits.credits).toMatchObject({ total: 65, pack: 55 });
    const sub = await testWorkspace(t, { plan: "subscription" });
    const subLimits = (await sub.get("/v1/me/limits")).body;
    expect(subLimits.billing).toMatchObject({ mode: "subscription", isSubscriber: true });
    expect(subLimits.credits.blockedPlatforms).toEqual([]);
  });

  it("renews the monthly allowance in a new month", async () => {
    const ws = await testWorkspace(t, { plan: "free" });
    await t.db.update(workspaces).set({ testCreditsMonthly: 2 }).where(eq(workspaces.id, ws.id));
    expect((await ws.get("/v1/me/limits")).body.credits.monthly).toBe(2);
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect((await ws.get("/v1/me/limits")).body.credits.monthly).toBe(10);
  });

  describe("PATCH /v1/me/agent", () => {
    it("sets and restores the nickname", async () => {
      const ws = await testWorkspace(t);
      const set = await ws.patch("/v1/me/agent", { nickname: "Scheduler bot" });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ id: ws.keyId, name: "test key", clientName: "api-key", nickname: "Scheduler bot", nicknameLocked: false });
      const restored = await ws.patch("/v1/me/agent", { nickname: null });
      expect(restored.body).toMatchObject({ nickname: null, name: "test key" });
      const audit = (await ws.get("/v1/audit")).body;
      expect(audit.items.filter((e) => e.type === "agent.nickname_changed")).toHaveLength(2);
    });

    it("is strict: 60 characters, no other property, nickname required", async () => {
      const ws = await testWorkspace(t);
      const long = await ws.patch("/v1/me/agent", { nickname: "n".repeat(61) });
      expect(long.error).toMatchObject({ code: "field_invalid", param: "nickname" });
      expect((await ws.patch("/v1/me/agent", { nickname: "n".repeat(60) })).status).toBe(200);
      const extra = await ws.patch("/v1/me/agent", { nickname: "a", scopes: ["all"] });
      expect(extra.error).toMatchObject({ code: "field_unknown", param: "scopes" });
      const missing = await ws.patch("/v1/me/agent", {});
      expect(missing.error).toMatchObject({ code: "field_required", param: "nickname" });
    });

    it("is 403 when the owner locked the name, and writes nothing", async () => {
      const ws = await testWorkspace(t);
      await t.db.update(apiKeys).set({ nicknameLocked: true }).where(eq(apiKeys.id, ws.keyId));
      const before = await t.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id));
      const response = await ws.patch("/v1/me/agent", { nickname: "x" });
      expect(response.status).toBe(403);
      expect(response.error).toMatchObject({ type: "forbidden", code: "nickname_locked", param: "nickname" });
      const [key] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, ws.keyId));
      expect(key?.nickname).toBeNull();
      expect(await t.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id))).toHaveLength(before.length);
    });
  });

  it("GET /v1/account/export has every required field and no secrets", async () => {
    const ws = await testWorkspace(t);
    await ws.post("/v1/profiles", { username: "brand-a" });
    const response = await ws.get("/v1/account/export");
    expect(response.status).toBe(200);
    const body = response.body;
    expect(Object.keys(body).sort()).toEqual(["account", "auditLog", "exportedAt", "posts", "profiles", "socialAccounts"]);
    expect(body.account).toMatchObject({ id: ws.id, email: "test@example.com" });
    expect(body.profiles).toEqual([expect.objectContaining({ username: "brand-a" })]);
    const text = JSON.stringify(body);
    expect(text).not.toContain(ws.key);
    // Field names, not values: a random id may spell "hash" by chance (agt_…DHaSh…).
    const fieldNames: string[] = [];
    JSON.stringify(body, (name: string, value: unknown) => {
      fieldNames.push(name);
      return value;
    });
    expect(fieldNames.filter((name) => /hash|token|secret|encrypted/i.test(name))).toEqual([]);
  });

  it("GET /v1/audit lists security events newest first, at most 100", async () => {
    const ws = await testWorkspace(t);
    for (let i = 0; i < 105; i++) {
      t.clock.advance(1000);
      await t.db.insert(auditEvents).values({ id: newId("aud"), workspaceId: ws.id, type: "dashboard.login", actor: "dashboard", details: { n: i }, createdAt: t.clock.now() });
    }
    const response = await ws.get("/v1/audit");
    const body = response.body;
    expect(body.items).toHaveLength(100);
    expect(body.items[0]?.details.n).toBe(104);
    const times = body.items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const fresh = await testWorkspace(t);
    const own = (await fresh.get("/v1/audit")).body;
    expect(own.items.map((e) => e.type).sort()).toEqual(["key.created", "workspace.created"]);
  });

  it("GET and PATCH /v1/email-preferences change only the sent fields", async () => {
    const ws = await testWorkspace(t);
    const initial = (await ws.get("/v1/email-preferences")).body;
    expect(initial).toMatchObject({ publishFailures: true, accountDisconnected: true, creditsLow: true, weeklyDigest: false, productUpdates: false });
    const patched = await ws.patch("/v1/email-preferences", { weeklyDigest: true });
    expect(patched.body).toMatchObject({ weeklyDigest: true, publishFailures: true, productUpdates: false });
    const unknown = await ws.patch("/v1/email-preferences", { sms: true });
    expect(unknown.error).toMatchObject({ code: "field_unknown", param: "sms" });
    expect((await ws.get("/v1/email-preferences")).body).toMatchObject({ weeklyDigest: true });
  });
});

describe("profiles", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("creates profiles with usernames unique per workspace", async () => {
    const ws = await testWorkspace(t);
    const created = await ws.post("/v1/profiles", { username: "acme" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^prf_/), username: "acme" });
    const duplicate = await ws.post("/v1/profiles", { username: "acme" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: "username_taken", param: "username" });
    const other = await testWorkspace(t);
    expect((await other.post("/v1/profiles", { username: "acme" })).status).toBe(201);
  });

  it.each(["", "Has Caps", "spaces in", "-leading", "x".repeat(65), "emoji🙂"])("refuses the username %j", async (username) => {
    const ws = await testWorkspace(t);
    const response = await ws.post("/v1/profiles", { username });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ code: "field_invalid", param: "username" });
  });

  it("pages newest first with an opaque cursor and refuses a tampered one", async () => {
    const ws = await testWorkspace(t);
    for (const name of ["p1", "p2", "p3", "p4", "p5"]) {
      t.clock.advance(1000);
      await ws.post("/v1/profiles", { username: name });
    }
    const first = (await ws.get("/v1/profiles?limit=2")).body;
    expect(first.items.map((p) => p.username)).toEqual(["p5", "p4"]);
    const second = (await ws.get(`/v1/profiles?limit=2&cursor=${encodeURIComponent(first.cursor ?? "")}`)).body;
    expect(second.items.map((p) => p.username)).toEqual(["p3", "p2"]);
    const third = (await ws.get(`/v1/profiles?limit=2&cursor=${encodeURIComponent(second.cursor ?? "")}`)).body;
    expect(third).toEqual({ items: [expect.objectContaining({ username: "p1" })], cursor: null });
    const cursor = first.cursor ?? "";
    const tampered = `${cursor.slice(0, -1)}${cursor.endsWith("a") ? "b" : "a"}`;
    const refused = await ws.get(`/v1/profiles?cursor=${encodeURIComponent(tampered)}`);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: "cursor_invalid", param: "cursor" });
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditEvents, socialAccounts, workspaces } from "../../src/db/schema/index.js";
import { grantCredits } from "../../src/domain/workspaces/operator-actions.js";
import { newId } from "../../src/infra/ids.js";
import { type TestApp, createTestApp, errorOf } from "../support/test-app.js";

describe("account endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("GET /v1/me/limits returns every field of the limits view", async () => {
    const ws = await t.workspace({ plan: "free" });
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
    const response = await ws.request("/v1/me/limits");
    expect(response.status).toBe(200);
    const limits = (await response.json()) as Record<string, unknown>;
    expect(limits).toEqual({
      account: ws.id,
      email: "test@example.com",
      name: "Test workspace",
      // A test key sees the test ledger, and test mode may try every network whatever the plan.
      credits: { total: 10, monthly: 10, pack: 0, monthlyAllowance: 10, plan: "free", blockedPlatforms: [] },
      billing: { mode: "free", isSubscriber: false, hasPurchasedCredits: false },
      connected: [{ account: expect.stringMatching(/^acc_/), platform: "bluesky", handle: "alice.test", status: "active" }],
      rateLimits: { apiPerMinute: 600, postsPerMinute: 60, profile: { apiPerMinute: 120, postsPerMinute: 20 } },
    });
  });

  it("reports pay-as-you-go only for a free plan with purchased credits, and subscription for subscribers", async () => {
    const granted = await t.workspace({ plan: "free", mode: "live", grantCredits: 50 });
    const grantedLimits = (await (await granted.request("/v1/me/limits")).json()) as { billing: { mode: string }; credits: { total: number; pack: number } };
    expect(grantedLimits.billing.mode).toBe("free");
    expect(grantedLimits.credits).toMatchObject({ total: 60, pack: 50 });
    await grantCredits(t.db, { workspaceId: granted.id, amount: 5, purchased: true, mode: "live", at: t.clock.now() });
    const limits = (await (await granted.request("/v1/me/limits")).json()) as { billing: { mode: string; hasPurchasedCredits: boolean }; credits: { total: number; pack: number } };
    expect(limits.billing).toMatchObject({ mode: "payg", hasPurchasedCredits: true });
    expect(limits.credits).toMatchObject({ total: 65, pack: 55 });
    const sub = await t.workspace({ plan: "subscription" });
    const subLimits = (await (await sub.request("/v1/me/limits")).json()) as { billing: { mode: string; isSubscriber: boolean }; credits: { blockedPlatforms: string[] } };
    expect(subLimits.billing).toMatchObject({ mode: "subscription", isSubscriber: true });
    expect(subLimits.credits.blockedPlatforms).toEqual([]);
  });

  it("renews the monthly allowance in a new month", async () => {
    const ws = await t.workspace({ plan: "free" });
    await t.db.update(workspaces).set({ testCreditsMonthly: 2 }).where(eq(workspaces.id, ws.id));
    expect(((await (await ws.request("/v1/me/limits")).json()) as { credits: { monthly: number } }).credits.monthly).toBe(2);
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect(((await (await ws.request("/v1/me/limits")).json()) as { credits: { monthly: number } }).credits.monthly).toBe(10);
  });

  describe("PATCH /v1/me/agent", () => {
    it("sets and restores the nickname", async () => {
      const ws = await t.workspace();
      const set = await ws.request("/v1/me/agent", { method: "PATCH", json: { nickname: "Scheduler bot" } });
      expect(set.status).toBe(200);
      expect(await set.json()).toEqual({ id: ws.keyId, name: "test key", clientName: "api-key", nickname: "Scheduler bot", nicknameLocked: false });
      const restored = await ws.request("/v1/me/agent", { method: "PATCH", json: { nickname: null } });
      expect(await restored.json()).toMatchObject({ nickname: null, name: "test key" });
      const audit = (await (await ws.request("/v1/audit")).json()) as { items: { type: string }[] };
      expect(audit.items.filter((e) => e.type === "agent.nickname_changed")).toHaveLength(2);
    });

    it("is strict: 60 characters, no other property, nickname required", async () => {
      const ws = await t.workspace();
      const long = await ws.request("/v1/me/agent", { method: "PATCH", json: { nickname: "n".repeat(61) } });
      expect(await errorOf(long)).toMatchObject({ code: "field_invalid", param: "nickname" });
      expect((await ws.request("/v1/me/agent", { method: "PATCH", json: { nickname: "n".repeat(60) } })).status).toBe(200);
      const extra = await ws.request("/v1/me/agent", { method: "PATCH", json: { nickname: "a", scopes: ["all"] } });
      expect(await errorOf(extra)).toMatchObject({ code: "field_unknown", param: "scopes" });
      const missing = await ws.request("/v1/me/agent", { method: "PATCH", json: {} });
      expect(await errorOf(missing)).toMatchObject({ code: "field_required", param: "nickname" });
    });

    it("is 403 when the owner locked the name, and writes nothing", async () => {
      const ws = await t.workspace();
      await t.db.update(apiKeys).set({ nicknameLocked: true }).where(eq(apiKeys.id, ws.keyId));
      const before = await t.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id));
      const response = await ws.request("/v1/me/agent", { method: "PATCH", json: { nickname: "x" } });
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({ type: "forbidden", code: "nickname_locked", param: "nickname" });
      const [key] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, ws.keyId));
      expect(key?.nickname).toBeNull();
      expect(await t.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id))).toHaveLength(before.length);
    });
  });

  it("GET /v1/account/export has every required field and no secrets", async () => {
    const ws = await t.workspace();
    await ws.request("/v1/profiles", { method: "POST", json: { username: "brand-a" } });
    const response = await ws.request("/v1/account/export");
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
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
    const ws = await t.workspace();
    for (let i = 0; i < 105; i++) {
      t.clock.advance(1000);
      await t.db.insert(auditEvents).values({ id: newId("aud"), workspaceId: ws.id, type: "dashboard.login", actor: "dashboard", details: { n: i }, createdAt: t.clock.now() });
    }
    const response = await ws.request("/v1/audit");
    const body = (await response.json()) as { items: { type: string; details: { n?: number }; createdAt: string }[]; cursor: null };
    expect(body.items).toHaveLength(100);
    expect(body.items[0]?.details.n).toBe(104);
    const times = body.items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const fresh = await t.workspace();
    const own = (await (await fresh.request("/v1/audit")).json()) as { items: { type: string }[] };
    expect(own.items.map((e) => e.type).sort()).toEqual(["key.created", "workspace.created"]);
  });

  it("GET and PATCH /v1/email-preferences change only the sent fields", async () => {
    const ws = await t.workspace();
    const initial = (await (await ws.request("/v1/email-preferences")).json()) as Record<string, unknown>;
    expect(initial).toMatchObject({ publishFailures: true, accountDisconnected: true, creditsLow: true, weeklyDigest: false, productUpdates: false });
    const patched = await ws.request("/v1/email-preferences", { method: "PATCH", json: { weeklyDigest: true } });
    expect(await patched.json()).toMatchObject({ weeklyDigest: true, publishFailures: true, productUpdates: false });
    const unknown = await ws.request("/v1/email-preferences", { method: "PATCH", json: { sms: true } });
    expect(await errorOf(unknown)).toMatchObject({ code: "field_unknown", param: "sms" });
    expect(await (await ws.request("/v1/email-preferences")).json()).toMatchObject({ weeklyDigest: true });
  });
});

describe("profiles", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("creates profiles with usernames unique per workspace", async () => {
    const ws = await t.workspace();
    const created = await ws.request("/v1/profiles", { method: "POST", json: { username: "acme" } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ id: expect.stringMatching(/^prf_/), username: "acme" });
    const duplicate = await ws.request("/v1/profiles", { method: "POST", json: { username: "acme" } });
    expect(duplicate.status).toBe(409);
    expect(await errorOf(duplicate)).toMatchObject({ code: "username_taken", param: "username" });
    const other = await t.workspace();
    expect((await other.request("/v1/profiles", { method: "POST", json: { username: "acme" } })).status).toBe(201);
  });

  it.each(["", "Has Caps", "spaces in", "-leading", "x".repeat(65), "emoji🙂"])("refuses the username %j", async (username) => {
    const ws = await t.workspace();
    const response = await ws.request("/v1/profiles", { method: "POST", json: { username } });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: "field_invalid", param: "username" });
  });

  it("pages newest first with an opaque cursor and refuses a tampered one", async () => {
    const ws = await t.workspace();
    for (const name of ["p1", "p2", "p3", "p4", "p5"]) {
      t.clock.advance(1000);
      await ws.request("/v1/profiles", { method: "POST", json: { username: name } });
    }
    const first = (await (await ws.request("/v1/profiles?limit=2")).json()) as { items: { username: string }[]; cursor: string };
    expect(first.items.map((p) => p.username)).toEqual(["p5", "p4"]);
    const second = (await (await ws.request(`/v1/profiles?limit=2&cursor=${encodeURIComponent(first.cursor)}`)).json()) as { items: { username: string }[]; cursor: string };
    expect(second.items.map((p) => p.username)).toEqual(["p3", "p2"]);
    const third = (await (await ws.request(`/v1/profiles?limit=2&cursor=${encodeURIComponent(second.cursor)}`)).json()) as { items: { username: string }[]; cursor: string | null };
    expect(third).toEqual({ items: [expect.objectContaining({ username: "p1" })], cursor: null });
    const tampered = `${first.cursor.slice(0, -1)}${first.cursor.endsWith("a") ? "b" : "a"}`;
    const refused = await ws.request(`/v1/profiles?cursor=${encodeURIComponent(tampered)}`);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ code: "cursor_invalid", param: "cursor" });
  });
});

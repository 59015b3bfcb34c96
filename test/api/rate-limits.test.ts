import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { workspaces } from "../../src/db/schema/index.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

describe("rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("puts X-RateLimit-Remaining and X-RateLimit-Reset on every response, errors included", async () => {
    const ws = await testWorkspace(t);
    for (const [path, init] of [
      ["/v1/me", {}],
      ["/v1/nope", {}],
      ["/v1/profiles", { method: "POST", json: { bad: 1 } }],
    ] as const) {
      const response = await ws.request(path, init);
      expect(response.headers.get("x-ratelimit-remaining"), path).toMatch(/^\d+$/);
      expect(Number(response.headers.get("x-ratelimit-reset"))).toBeGreaterThan(t.clock.now().getTime() / 1000);
    }
    const publicResponse = await anonymous(t.app)("/openapi.json");
    expect(publicResponse.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  });

  it("refuses the request over apiPerMinute with 429 and Retry-After, and lets it through after the window", async () => {
    const ws = await testWorkspace(t);
    await t.db.update(workspaces).set({ apiPerMinute: 3 }).where(eq(workspaces.id, ws.id));
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ok = await ws.get("/v1/me");
      expect(ok.status).toBe(200);
      remaining.push(ok.headers.get("x-ratelimit-remaining") ?? "");
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const refused = await ws.get("/v1/me");
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ type: "rate_limited", code: "rate_limited", retryable: true });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another workspace is not affected.
    expect((await (await testWorkspace(t)).request("/v1/me")).status).toBe(200);
    t.clock.advance(120_000);
    expect((await ws.get("/v1/me")).status).toBe(200);
  });

  it("gives the exact X-RateLimit-Limit, -Remaining and -Reset of the workspace's window", async () => {
    const ws = await testWorkspace(t);
    await t.db.update(workspaces).set({ apiPerMinute: 5 }).where(eq(workspaces.id, ws.id));
    // 20 s into the next 60-second window (the clock only moves forward): it resets 40 s later.
    const now = t.clock.now().getTime();
    const windowStart = now - (now % 60_000) + 60_000;
    t.clock.set(new Date(windowStart + 20_000));
    const resetAt = String((windowStart + 60_000) / 1000);
    const seen: [string | null, string | null, string | null][] = [];
    for (let i = 0; i < 3; i++) {
      const response = await ws.get("/v1/me");
      seen.push([response.headers.get("x-ratelimit-limit"), response.headers.get("x-ratelimit-remaining"), response.headers.get("x-ratelimit-reset")]);
    }
    expect(seen).toEqual([
      ["5", "4", resetAt],
      ["5", "3", resetAt],
      ["5", "2", resetAt],
    ]);
    // An error answer counts and carries the same window.
    const failed = await ws.post("/v1/profiles", { bad: 1 });
    expect([failed.headers.get("x-ratelimit-limit"), failed.headers.get("x-ratelimit-remaining"), failed.headers.get("x-ratelimit-reset")]).toEqual(["5", "1", resetAt]);
    await ws.get("/v1/me");
    const refused = await ws.get("/v1/me");
    expect(refused.status).toBe(429);
    expect([refused.headers.get("x-ratelimit-limit"), refused.headers.get("x-ratelimit-remaining"), refused.headers.get("x-ratelimit-reset")]).toEqual(["5", "0", resetAt]);
    expect(refused.headers.get("retry-after")).toBe("40");
  });

  it("tells a refused write to keep its Idempotency-Key, and a refused read nothing about one", async () => {
    const ws = await testWorkspace(t);
    await t.db.update(workspaces).set({ apiPerMinute: 1 }).where(eq(workspaces.id, ws.id));
    expect((await ws.get("/v1/me")).status).toBe(200);
    const read = await ws.get("/v1/me");
    expect(read.status).toBe(429);
    const readFix = read.error.fix ?? "";
    expect(readFix).toContain("Retry-After");
    expect(readFix).not.toContain("Idempotency-Key");
    const write = await ws.post("/v1/profiles", { username: "limited" }, { headers: { "Idempotency-Key": "k-429" } });
    expect(write.status).toBe(429);
    const writeFix = write.error.fix ?? "";
    expect(writeFix).toContain("Retry-After");
    expect(writeFix).toContain("same Idempotency-Key");
  });

  it("applies the per-profile limit when the request names a profile", async () => {
    const ws = await testWorkspace(t);
    await t.db.update(workspaces).set({ profileApiPerMinute: 2 }).where(eq(workspaces.id, ws.id));
    expect((await ws.get("/v1/profiles?profile=brand")).status).not.toBe(429);
    expect((await ws.get("/v1/profiles?profile=brand")).status).not.toBe(429);
    const refused = await ws.get("/v1/profiles?profile=brand");
    expect(refused.status).toBe(429);
    expect((await ws.get("/v1/profiles?profile=other")).status).not.toBe(429);
    expect((await ws.get("/v1/me")).status).toBe(200);
  });

  describe("per-profile postsPerMinute when the post's accounts belong to a profile", () => {
    const setUp = async () => {
      const ws = await testWorkspace(t, { plan: "subscription" });
      await t.db.update(workspaces).set({ profilePostsPerMinute: 2, postsPerMinute: 100 }).where(eq(workspaces.id, ws.id));
      const account = async (profile: string, handle: string) => {
        await ws.post("/v1/profiles", { username: profile });
        const connected = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop", profile });
        return connected.body.id;
      };
      return { ws, brand: await account("brand", "brand-limit.test"), other: await account("other", "other-limit.test") };
    };

    it("applies it to POST /v1/posts with `accounts` and no `profile`, and only to that profile", async () => {
      const { ws, brand, other } = await setUp();
      const post = (n: number, account: string) => ws.post("/v1/posts", { text: `limited ${n}`, accounts: [account] });
      expect((await post(1, brand)).status).toBe(201);
      expect((await post(2, brand)).status).toBe(201);
      const refused = await post(3, brand);
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({ code: "rate_limited" });
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await post(4, other)).status).toBe(201);
      const listed = (await ws.get("/v1/posts")).body;
      expect(listed.items.map((p) => p.text)).not.toContain("limited 3");
    });

    it("applies it to POST /v1/posts/{id}/publish of a draft on that profile's accounts", async () => {
      const { ws, brand } = await setUp();
      const draft = async (n: number) => (await ws.post("/v1/posts", { text: `draft ${n}`, accounts: [brand], draft: true })).body.id;
      const first = await draft(1);
      const second = await draft(2);
      t.clock.advance(120_000);
      const third = await draft(3);
      t.clock.advance(120_000);
      expect((await ws.post(`/v1/posts/${first}/publish`)).status).toBe(200);
      expect((await ws.post(`/v1/posts/${second}/publish`)).status).toBe(200);
      const refused = await ws.post(`/v1/posts/${third}/publish`);
      expect(refused.status).toBe(429);
      expect((await ws.get(`/v1/posts/${third}`)).body.state).toBe("draft");
    });
  });

  it("limits public routes per address, apart from failed authentication", async () => {
    const limited = await createTestApp({ deps: { publicPerMinute: 2 } });
    const call = anonymous(limited.app);
    const headers = { "x-test-ip": "203.0.113.9" };
    // A refused key is counted by the failed-authentication limits, not by the public one.
    expect((await call("/v1/me", { headers })).status).toBe(401);
    expect((await call("/openapi.json", { headers })).status).toBe(200);
    expect((await call("/v1/platforms", { headers })).status).toBe(200);
    const refused = await call("/openapi.json", { headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await call("/openapi.json", { headers: { "x-test-ip": "203.0.113.10" } })).status).toBe(200);
  });
});

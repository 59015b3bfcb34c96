import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { workspaces } from "../../src/db/schema/index.js";
import { type TestApp, anonymous, createTestApp, errorOf } from "../support/test-app.js";

describe("rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("puts X-RateLimit-Remaining and X-RateLimit-Reset on every response, errors included", async () => {
    const ws = await t.workspace();
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
    const ws = await t.workspace();
    await t.db.update(workspaces).set({ apiPerMinute: 3 }).where(eq(workspaces.id, ws.id));
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ok = await ws.request("/v1/me");
      expect(ok.status).toBe(200);
      remaining.push(ok.headers.get("x-ratelimit-remaining") ?? "");
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const refused = await ws.request("/v1/me");
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toMatchObject({ type: "rate_limited", code: "rate_limited", retryable: true });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another workspace is not affected.
    expect((await (await t.workspace()).request("/v1/me")).status).toBe(200);
    t.clock.advance(120_000);
    expect((await ws.request("/v1/me")).status).toBe(200);
  });

  it("applies the per-profile limit when the request names a profile", async () => {
    const ws = await t.workspace();
    await t.db.update(workspaces).set({ profileApiPerMinute: 2 }).where(eq(workspaces.id, ws.id));
    expect((await ws.request("/v1/profiles?profile=brand")).status).not.toBe(429);
    expect((await ws.request("/v1/profiles?profile=brand")).status).not.toBe(429);
    const refused = await ws.request("/v1/profiles?profile=brand");
    expect(refused.status).toBe(429);
    expect((await ws.request("/v1/profiles?profile=other")).status).not.toBe(429);
    expect((await ws.request("/v1/me")).status).toBe(200);
  });

  it("limits anonymous traffic per address, including refused keys", async () => {
    const limited = await createTestApp({ deps: { publicPerMinute: 2 } });
    const call = anonymous(limited.app);
    const headers = { "x-test-ip": "203.0.113.9" };
    expect((await call("/v1/me", { headers })).status).toBe(401);
    expect((await call("/openapi.json", { headers })).status).toBe(200);
    const refused = await call("/v1/me", { headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await call("/openapi.json", { headers: { "x-test-ip": "203.0.113.10" } })).status).toBe(200);
  });
});

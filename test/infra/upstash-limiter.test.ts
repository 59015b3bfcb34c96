import { Redis } from "@upstash/redis";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaces } from "../../src/db/schema/index.js";
import { systemClock } from "../../src/infra/clock.js";
import { createMemoryRateLimiter } from "../../src/infra/rate-limit/memory-limiter.js";
import { createUpstashRateLimiter } from "../../src/infra/rate-limit/upstash-limiter.js";
import { skipWithout } from "../support/required-service.js";
import { redisAvailable, testRedisUrl } from "../support/postgres.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { startUpstashShim } from "../support/upstash-shim.js";

const available = await redisAvailable();
skipWithout("redis", available, "Upstash rate limiter on Redis");

/** The API's rate limits through @upstash/ratelimit, against the real Redis behind an Upstash REST shim. */
/**
 * Both limiters' sliding window counts the previous minute rounded down, so requests that
 * straddle a minute boundary may all pass: the tests that count start well inside one minute.
 */
async function wellInsideAMinute(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
}

describe.skipIf(!available.ok)("rate limits through Upstash", () => {
  let shim: Awaited<ReturnType<typeof startUpstashShim>>;
  let t: TestApp;
  /** The same limiter with a short timeout: the fallback test makes Redis hang. */
  let impatient: TestApp;

  beforeAll(async () => {
    shim = await startUpstashShim({ redisUrl: testRedisUrl(), token: "test-token" });
    const redis = new Redis({ url: shim.url, token: "test-token", retry: false });
    // A unique prefix per run: Redis outlives the test and keeps counters for a minute.
    const prefix = `chorus-test:${Date.now()}:${Math.random().toString(36).slice(2)}`;
    // A generous timeout where Redis must be the one counting: on a loaded machine a 300 ms
    // budget can expire and the in-process fallback would count instead, which is not under test.
    const limiter = createUpstashRateLimiter({ redis, fallback: createMemoryRateLimiter(systemClock), timeoutMs: 10_000, prefix });
    t = await createTestApp({ rateLimiter: limiter, deps: { clock: systemClock } });
    const short = createUpstashRateLimiter({ redis, fallback: createMemoryRateLimiter(systemClock), timeoutMs: 300, prefix: `${prefix}:short` });
    impatient = await createTestApp({ rateLimiter: short, deps: { clock: systemClock } });
  });
  afterAll(async () => {
    await shim?.close();
  });

  it("counts in Redis, refuses over the limit with 429 and Retry-After", async () => {
    const ws = await testWorkspace(t);
    await t.db.update(workspaces).set({ apiPerMinute: 3 }).where(eq(workspaces.id, ws.id));
    await wellInsideAMinute();
    const statuses: number[] = [];
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await ws.get("/v1/me");
      statuses.push(response.status);
      remaining.push(response.headers.get("x-ratelimit-remaining"));
      if (response.status === 429) {
        expect(response.error).toMatchObject({ code: "rate_limited" });
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(remaining.slice(0, 3)).toEqual(["2", "1", "0"]);
  });

  it("counts failed authentication in Redis on its own: a valid key and public routes still work from the hammering address", async () => {
    const prefix = `chorus-test:${Date.now()}:${Math.random().toString(36).slice(2)}:auth`;
    const redis = new Redis({ url: shim.url, token: "test-token", retry: false });
    const limiter = createUpstashRateLimiter({ redis, fallback: createMemoryRateLimiter(systemClock), timeoutMs: 10_000, prefix });
    const guarded = await createTestApp({ rateLimiter: limiter, deps: { clock: systemClock, publicPerMinute: 3, failedAuthPerMinute: { perAddress: 3, perKeyPrefix: 100 } } });
    const ws = await testWorkspace(guarded);
    await wellInsideAMinute();
    const ip = { "x-test-ip": "198.51.100.60" };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await anonymous(guarded.app)("/v1/me", { headers: { ...ip, authorization: `Bearer sk_test_Upst${String(i).repeat(36)}` } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(await redis.keys(`${prefix}:authfail:ip:198.51.100.60*`)).not.toEqual([]);
    expect((await ws.get("/v1/me", { headers: ip })).status).toBe(200);
    expect((await anonymous(guarded.app)("/openapi.json", { headers: ip })).status).toBe(200);
  });

  it("falls back to the in-process limiter with the same policy when Upstash does not answer", async () => {
    const ws = await testWorkspace(impatient);
    await impatient.db.update(workspaces).set({ apiPerMinute: 2 }).where(eq(workspaces.id, ws.id));
    await wellInsideAMinute();
    shim.setHang(true);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await ws.get("/v1/me")).status);
      // Still limited while Redis hangs: the limit degrades to per-process, it never disappears.
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      shim.setHang(false);
    }
  });
});

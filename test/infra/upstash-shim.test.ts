/**
 * The local Upstash REST shim, proven with the real SDKs (@upstash/redis, @upstash/ratelimit)
 * against the machine's real Redis. Skipped, with a warning naming the reason, when Redis is
 * not reachable.
 */
import { createHash, randomBytes } from "node:crypto";
import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { redisAvailable, testRedisUrl } from "../support/postgres.js";
import { startUpstashShim, stripUpstashScriptFlags, type UpstashShim } from "../support/upstash-shim.js";

const redisState = await redisAvailable();
skipWithout("redis", redisState, "Upstash REST shim over Redis");

const TOKEN = "shim-test-token";
const prefix = (): string => `chorus-test:${randomBytes(6).toString("hex")}:`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("stripUpstashScriptFlags", () => {
  it("drops only the Upstash-only flag", () => {
    expect(stripUpstashScriptFlags("#!lua flags=allow-key-locking\nreturn 1")).toBe("#!lua flags=\nreturn 1");
    expect(stripUpstashScriptFlags("#!lua flags=no-writes,allow-key-locking\nreturn 1")).toBe("#!lua flags=no-writes\nreturn 1");
    expect(stripUpstashScriptFlags("#!lua name=x flags=no-writes\nreturn 1")).toBe("#!lua name=x flags=no-writes\nreturn 1");
    expect(stripUpstashScriptFlags("return 1")).toBe("return 1");
  });
});

describe.skipIf(!redisState.ok)("Upstash REST shim over real Redis", () => {
  let shim: UpstashShim;
  let redis: Redis;

  beforeAll(async () => {
    shim = await startUpstashShim({ redisUrl: testRedisUrl(), token: TOKEN, port: 0 });
    redis = new Redis({ url: shim.url, token: TOKEN, enableTelemetry: false });
  });

  afterAll(async () => {
    await shim?.close();
  });

  it("rejects a wrong bearer token with 401", async () => {
    const res = await fetch(shim.url, {
      method: "POST",
      headers: { authorization: "Bearer nope", "content-type": "application/json" },
      body: JSON.stringify(["PING"]),
    });
    expect(res.status).toBe(401);
    const bad = new Redis({ url: shim.url, token: "nope", enableTelemetry: false, retry: false });
    await expect(bad.get("x")).rejects.toThrow(/Unauthorized/);
  });

  it("answers the raw protocol: {result}, 400 {error}, base64 only when asked", async () => {
    const k = `${prefix()}raw`;
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(shim.url, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    expect(await (await post(["SET", k, "héllo", "EX", 60])).json()).toEqual({ result: "OK" });
    expect(await (await post(["GET", k])).json()).toEqual({ result: "héllo" });
    expect(await (await post(["GET", k], { "Upstash-Encoding": "base64" })).json()).toEqual({
      result: Buffer.from("héllo").toString("base64"),
    });
    const err = await post(["NOSUCHCOMMAND"]);
    expect(err.status).toBe(400);
    expect(((await err.json()) as { error: string }).error).toMatch(/unknown command/i);
    const garbage = await fetch(shim.url, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}` },
      body: "{not json",
    });
    expect(garbage.status).toBe(400);
    // path form, for curl
    const viaPath = await fetch(`${shim.url}/get/${encodeURIComponent(k)}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(await viaPath.json()).toEqual({ result: "héllo" });
  });

  it("get/set with strings, UTF-8 and JSON values", async () => {
    const p = prefix();
    expect(await redis.set(`${p}s`, "short")).toBe("OK");
    expect(await redis.get(`${p}s`)).toBe("short");
    await redis.set(`${p}u`, "naïve — 日本語 ✓");
    expect(await redis.get(`${p}u`)).toBe("naïve — 日本語 ✓");
    await redis.set(`${p}j`, { a: 1, b: ["x", null] }, { ex: 60 });
    expect(await redis.get(`${p}j`)).toEqual({ a: 1, b: ["x", null] });
    expect(await redis.get(`${p}missing`)).toBeNull();
    expect(await redis.incr(`${p}n`)).toBe(1);
    await redis.del(`${p}s`, `${p}u`, `${p}j`, `${p}n`);
  });

  it("pipeline", async () => {
    const p = prefix();
    const out = await redis.pipeline().set(`${p}a`, 1).incr(`${p}a`).get(`${p}a`).exec();
    expect(out).toEqual(["OK", 2, 2]);
    await redis.del(`${p}a`);
  });

  it("multi runs as a real MULTI/EXEC transaction", async () => {
    const p = prefix();
    const out = await redis.multi().set(`${p}m`, 5).incr(`${p}m`).get(`${p}m`).exec();
    expect(out).toEqual(["OK", 6, 6]);
    // a command that cannot be queued aborts the whole transaction: nothing is applied
    const raw = await fetch(`${shim.url}/multi-exec`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify([["SET", `${p}m`, "100"], ["GET"]]),
    });
    expect(raw.status).toBe(400);
    expect(await redis.get(`${p}m`)).toBe(6);
    await redis.del(`${p}m`);
  });

  it("hset/hgetall (flat array on the wire, object in the SDK)", async () => {
    const p = prefix();
    await redis.hset(`${p}h`, { name: "ada", count: 3, "weird key": "v:1" });
    expect(await redis.hgetall(`${p}h`)).toEqual({ name: "ada", count: 3, "weird key": "v:1" });
    expect(await redis.hgetall(`${p}nothing`)).toBeNull();
    const raw = await fetch(shim.url, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(["HGETALL", `${p}h`]),
    });
    const body = (await raw.json()) as { result: string[] };
    expect(Array.isArray(body.result)).toBe(true);
    expect(body.result).toHaveLength(6);
    await redis.del(`${p}h`);
  });

  it("zadd/zrange withScores", async () => {
    const p = prefix();
    await redis.zadd(`${p}z`, { score: 2, member: "b" }, { score: 1, member: "a" });
    expect(await redis.zrange(`${p}z`, 0, -1, { withScores: true })).toEqual(["a", 1, "b", 2]);
    await redis.del(`${p}z`);
  });

  it("scripts with the allow-key-locking shebang: EVAL, SCRIPT LOAD and EVALSHA by the client's hash", async () => {
    const p = prefix();
    const script = `#!lua flags=allow-key-locking\nreturn redis.call("INCRBY", KEYS[1], ARGV[1])`;
    const clientSha = createHash("sha1").update(script).digest("hex");
    expect(await redis.eval(script, [`${p}e`], [2])).toBe(2);
    expect(await redis.scriptLoad(script)).toBe(clientSha);
    expect(await redis.evalsha(clientSha, [`${p}e`], [3])).toBe(5);
    expect(await redis.scriptExists(clientSha)).toEqual([1]);
    await redis.del(`${p}e`);
  });

  it("Ratelimit.slidingWindow(5, '2 s'): 5 successes then refusals; identifiers are independent", async () => {
    const limiter = new Ratelimit({
      redis,
      limiter: Ratelimit.slidingWindow(5, "2 s"),
      prefix: prefix().slice(0, -1),
      ephemeralCache: false,
    });
    // Stay inside one 2 s window: the sliding window weights the previous window with floor(),
    // so crossing a boundary mid-test could let a 6th call through.
    const windowMs = 2_000;
    if (Date.now() % windowMs > windowMs - 800) await sleep(windowMs - (Date.now() % windowMs) + 20);

    const a: boolean[] = [];
    for (let i = 0; i < 7; i++) a.push((await limiter.limit("user-a")).success);
    expect(a).toEqual([true, true, true, true, true, false, false]);

    const b = await limiter.limit("user-b");
    expect(b.success).toBe(true);
    expect(b.limit).toBe(5);
    expect(b.remaining).toBe(4);
    expect(b.reason).toBeUndefined();
  });

  it("with the shim hanging, limit() resolves fail-open with reason 'timeout'", async () => {
    const hung = await startUpstashShim({ redisUrl: testRedisUrl(), token: TOKEN, port: 0, hang: true });
    try {
      const limiter = new Ratelimit({
        // retry: false so the SDK does not keep retrying after close() drops the held request
        redis: new Redis({ url: hung.url, token: TOKEN, enableTelemetry: false, retry: false }),
        limiter: Ratelimit.slidingWindow(5, "2 s"),
        prefix: prefix().slice(0, -1),
        timeout: 300,
        ephemeralCache: false,
      });
      const t0 = performance.now();
      const res = await limiter.limit("user-t");
      const elapsed = performance.now() - t0;
      expect(res.reason).toBe("timeout");
      expect(res.success).toBe(true); // fail-open: our own code must decide what to do with this
      expect(res.limit).toBe(0);
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(2_000);

      // and setHang(false) brings it back for new requests
      hung.setHang(false);
      const ok = await limiter.limit("user-t2");
      expect(ok.reason).toBeUndefined();
      expect(ok.success).toBe(true);
      expect(ok.limit).toBe(5);
    } finally {
      await hung.close();
    }
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { workspaces } from "../../src/db/schema/index.js";
import { parseTrustedProxies } from "../../src/infra/client-address.js";
import { nodeClientIp } from "../../src/node/node-deps.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";
import { reply, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Failed authentication is limited per address and per presented key prefix, on counters of its
 * own: bad keys never lock out a valid key (from the same address, or with the same prefix),
 * never spend a workspace's budget, and never starve the address's public routes.
 */

const ATTACKER = "198.51.100.20";
/** A well-formed key that does not exist: the 12-character prefix, then 36 digits. */
const badKey = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, "0").repeat(9)}`;

/** `count` bad keys from `ip`, each a different key with the given 12-character prefix. */
async function hammer(t: TestApp, ip: string, prefix: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await anonymous(t.app)("/v1/me", { headers: { "x-test-ip": ip, authorization: `Bearer ${badKey(prefix, i)}` } });
    statuses.push(response.status);
  }
  return statuses;
}

describe("failed authentication limits", () => {
  it("lets a valid key not used before in, and serves public routes, while its address hammers bad keys", async () => {
    const t = await createTestApp({ deps: { publicPerMinute: 3, failedAuthPerMinute: { perAddress: 3, perKeyPrefix: 100 } } });
    const ws = await testWorkspace(t);
    const statuses = await hammer(t, ATTACKER, "sk_test_Zzzz", 8);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429, 429, 429, 429]);
    // The key was never used: the verified-key cache does not know it, so the database is asked.
    const valid = await ws.get("/v1/me", { headers: { "x-test-ip": ATTACKER } });
    expect(valid.status).toBe(200);
    const open = await anonymous(t.app)("/openapi.json", { headers: { "x-test-ip": ATTACKER } });
    expect(open.status).toBe(200);
  });

  it("answers 429 with Retry-After and its own fix once the address is over its limit, and 401 again after the window", async () => {
    const t = await createTestApp({ deps: { failedAuthPerMinute: { perAddress: 2, perKeyPrefix: 100 } } });
    expect(await hammer(t, "198.51.100.21", "sk_test_Yyyy", 2)).toEqual([401, 401]);
    const refused = await anonymous(t.app)("/v1/me", { headers: { "x-test-ip": "198.51.100.21", authorization: `Bearer ${badKey("sk_test_Yyyy", 9)}` } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("x-ratelimit-limit")).toBe("2");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    const error = (await reply(refused)).error;
    expect(error).toMatchObject({ code: "rate_limited", retryable: true });
    expect(error.fix).toContain("valid API key");
    expect(error.fix).not.toContain("Idempotency-Key");
    // No key at all counts as a failure of the address too.
    expect((await anonymous(t.app)("/v1/me", { headers: { "x-test-ip": "198.51.100.21" } })).status).toBe(429);
    // Another address is not affected.
    expect((await hammer(t, "198.51.100.22", "sk_test_Yyyy", 1))[0]).toBe(401);
    t.clock.advance(120_000);
    expect((await hammer(t, "198.51.100.21", "sk_test_Yyyy", 1))[0]).toBe(401);
  });

  it("limits one key prefix across addresses, and the valid key with that prefix still works", async () => {
    const t = await createTestApp({ deps: { failedAuthPerMinute: { perAddress: 100, perKeyPrefix: 3 } } });
    const ws = await testWorkspace(t);
    const prefix = ws.key.slice(0, 12);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(...(await hammer(t, `198.51.100.${30 + i}`, prefix, 1)));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await hammer(t, "198.51.100.40", "sk_test_Xxxx", 1))[0]).toBe(401);
    expect((await ws.get("/v1/me", { headers: { "x-test-ip": "198.51.100.30" } })).status).toBe(200);
  });

  it("never spends the workspace's budget on failed attempts with its key's prefix", async () => {
    const t = await createTestApp();
    const ws = await testWorkspace(t);
    await t.db.update(workspaces).set({ apiPerMinute: 3 }).where(eq(workspaces.id, ws.id));
    await hammer(t, "198.51.100.50", ws.key.slice(0, 12), 10);
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await ws.get("/v1/me", { headers: { "x-test-ip": "198.51.100.50" } });
      expect(response.status).toBe(200);
      remaining.push(response.headers.get("x-ratelimit-remaining"));
    }
    expect(remaining).toEqual(["2", "1", "0"]);
  });
});

describe("the client address behind a trusted reverse proxy (Node)", () => {
  const proxy = "10.0.0.2";
  /** As @hono/node-server hands the socket to the app: its peer is the proxy. */
  const through =
    (t: TestApp, forwardedFor: string | null, peer = proxy) =>
    (path: string, key: string | null) => {
      const headers = new Headers();
      if (forwardedFor !== null) headers.set("x-forwarded-for", forwardedFor);
      if (key) headers.set("authorization", `Bearer ${key}`);
      return t.app.request(`http://chorus.test${path}`, { headers }, { incoming: { socket: { remoteAddress: peer } } });
    };

  it("counts each forwarded client on its own, and believes X-Forwarded-For only from the configured proxies", async () => {
    const t = await createTestApp({ deps: { clientIp: nodeClientIp(parseTrustedProxies("10.0.0.0/8, 2001:db8::/32")), failedAuthPerMinute: { perAddress: 2, perKeyPrefix: 100 } } });
    const ws = await testWorkspace(t);
    // The client forged the first element; the proxy appended the address it was reached from.
    const alice = through(t, "192.0.2.99, 203.0.113.7");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await alice("/v1/me", badKey("sk_test_Wwww", i))).status);
    expect(statuses).toEqual([401, 401, 429]);
    // Another client behind the same proxy is not locked out, nor is a valid key from the hammering client.
    expect((await through(t, "203.0.113.8")("/v1/me", badKey("sk_test_Wwww", 7))).status).toBe(401);
    expect((await alice("/v1/me", ws.key)).status).toBe(200);
    expect((await alice("/openapi.json", null)).status).toBe(200);
    // Changing the part the client writes itself does not give it a new budget.
    expect((await through(t, "192.0.2.1, 203.0.113.7")("/v1/me", badKey("sk_test_Wwww", 8))).status).toBe(429);
    // A peer that is not a trusted proxy is the client, whatever X-Forwarded-For says.
    const direct = (n: number) => through(t, `203.0.113.${100 + n}`, "192.0.2.50")("/v1/me", badKey("sk_test_Wwww", n));
    expect([(await direct(1)).status, (await direct(2)).status, (await direct(3)).status]).toEqual([401, 401, 429]);
  });
});

/**
 * The Worker entry (src/worker.ts, through wrangler.toml's `main`) running inside workerd, with
 * the real services behind it (started by global-setup.ts in Node):
 *
 *   SELF.fetch -> worker.fetch -> createApp -> per-request Neon Pool -> ws proxy -> real Postgres
 *                                            -> @upstash/ratelimit -> REST shim -> real Redis
 *
 * Skipped, with a warning naming the reason, when Postgres or Redis is unreachable.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/worker.test] skipped: ${skipReason}`);

const BASE = "https://chorus.test";

interface ErrorEnvelope {
  error: Record<string, unknown>;
}

function call(path: string, init: RequestInit & { key?: string | null } = {}): Promise<Response> {
  const { key = inject("apiKey"), headers, ...rest } = init;
  const h = new Headers(headers);
  if (key) h.set("authorization", `Bearer ${key}`);
  if (rest.body !== undefined && !h.has("content-type")) h.set("content-type", "application/json");
  return SELF.fetch(`${BASE}${path}`, { ...rest, headers: h });
}

/** Asks the Upstash shim (what the Worker's limiter talks to) directly, to see what reached Redis. */
async function redis(...command: string[]): Promise<unknown> {
  const response = await fetch(inject("upstashUrl"), {
    method: "POST",
    headers: { authorization: `Bearer ${inject("upstashToken")}`, "content-type": "application/json" },
    body: JSON.stringify(command),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: unknown }).result;
}

describe.skipIf(skipReason)("worker entry in workerd against real Postgres (ws proxy) and Redis (Upstash shim)", () => {
  const workspaceId = inject("workspaceId");

  it("GET /v1/me with the key answers 200 with the key's workspace", async () => {
    const response = await call("/v1/me");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { account: string; mode: string; key: { prefix: string } };
    expect(body.account).toBe(workspaceId);
    expect(body.mode).toBe("test");
    expect(inject("apiKey").startsWith(body.key.prefix)).toBe(true);
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("GET /v1/me/limits answers 200 with rate-limit headers counted in Redis through the Upstash shim", async () => {
    const first = await call("/v1/me/limits");
    expect(first.status).toBe(200);
    const body = (await first.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      account: workspaceId,
      credits: expect.any(Object),
      billing: expect.any(Object),
      rateLimits: { apiPerMinute: 600, postsPerMinute: 60, profile: { apiPerMinute: 120, postsPerMinute: 20 } },
    });
    expect(first.headers.get("x-ratelimit-limit")).toBe("600");
    const remaining1 = Number(first.headers.get("x-ratelimit-remaining"));
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(Number.isInteger(remaining1)).toBe(true);
    expect(remaining1).toBeLessThan(600);
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(reset).toBeGreaterThanOrEqual(nowSeconds);
    expect(reset).toBeLessThanOrEqual(nowSeconds + 61);

    const second = await call("/v1/me/limits");
    expect(second.status).toBe(200);
    expect(Number(second.headers.get("x-ratelimit-remaining"))).toBeLessThan(remaining1);

    // The sliding-window counters live in the real Redis behind the shim, not in the
    // isolate's in-memory fallback: @upstash/ratelimit keys are <prefix>:<identifier>:<window>.
    const keys = (await redis("KEYS", `chorus:rl:ws:${workspaceId}:api:*`)) as string[];
    expect(keys.length).toBeGreaterThan(0);
  });

  it("no key: 401 with the full error envelope", async () => {
    const response = await call("/v1/me", { key: null });
    expect(response.status).toBe(401);
    const { error } = (await response.json()) as ErrorEnvelope;
    for (const field of ["type", "message", "code", "param", "fix", "docs", "platform", "retryable"]) {
      expect(error, `envelope field ${field}`).toHaveProperty(field);
    }
    expect(error).toMatchObject({ code: "unauthorized", param: null, platform: null, retryable: false });
    expect(typeof error.message).toBe("string");
    expect(typeof error.docs).toBe("string");
    // refused keys are limited per address, and the headers say so
    expect(response.headers.get("x-ratelimit-remaining")).not.toBeNull();
  });

  it("POST /v1/profiles writes through the Neon driver and GET /v1/profiles reads it back", async () => {
    const username = `wk-${crypto.randomUUID().slice(0, 8)}`;
    const created = await call("/v1/profiles", { method: "POST", body: JSON.stringify({ username }) });
    expect(created.status).toBe(201);
    const profile = (await created.json()) as { id: string; username: string };
    expect(profile).toMatchObject({ id: expect.stringMatching(/^prf_/), username });

    const listed = await call("/v1/profiles?limit=100");
    expect(listed.status).toBe(200);
    const { items } = (await listed.json()) as { items: Array<{ id: string; username: string }> };
    expect(items).toContainEqual(expect.objectContaining({ id: profile.id, username }));
  });

  it("three sequential requests in one isolate all succeed (a fresh pool per request)", async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await call("/v1/me");
      expect(response.status, `request ${i + 1}`).toBe(200);
      expect(((await response.json()) as { account: string }).account).toBe(workspaceId);
    }
  });

  it("PATCH /v1/me/agent with an unknown field is 400 field_unknown naming the field", async () => {
    const response = await call("/v1/me/agent", { method: "PATCH", body: JSON.stringify({ nickname: "x", colour: "blue" }) });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorEnvelope;
    expect(error).toMatchObject({ type: "invalid_input", code: "field_unknown", param: "colour" });
  });

  it("an Idempotency-Key replay returns the stored answer and creates one profile", async () => {
    const username = `idem-${crypto.randomUUID().slice(0, 8)}`;
    const idempotencyKey = `wk-${crypto.randomUUID()}`;
    const request = () => ({
      method: "POST",
      body: JSON.stringify({ username }),
      headers: { "idempotency-key": idempotencyKey },
    });
    const a = await call("/v1/profiles", request());
    expect(a.status).toBe(201);
    expect(a.headers.get("idempotent-replayed")).toBeNull();
    const b = await call("/v1/profiles", request());
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(await b.json()).toEqual(await a.json());

    const listed = await call("/v1/profiles?limit=100");
    const { items } = (await listed.json()) as { items: Array<{ username: string }> };
    expect(items.filter((p) => p.username === username)).toHaveLength(1);
  });

  it("GET /openapi.json serves an OpenAPI 3.1.0 document without a key", async () => {
    const response = await call("/openapi.json", { key: null });
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths).toHaveProperty("/v1/me");
    expect(doc.paths).toHaveProperty("/v1/profiles");
  });

  it("GET /docs renders the reference in the Worker itself, with its script and stylesheet, no CDN", async () => {
    const page = await call("/docs", { key: null });
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1] ?? "");
    expect(assets.sort()).toEqual(["/docs/assets/docs.css", "/docs/assets/docs.js"]);
    expect(html).not.toMatch(/(?:src|href)="https?:/);
    expect(html).toContain('href="/docs/operations/createPost"');
    const operation = await call("/docs/operations/createPost", { key: null });
    expect(operation.status).toBe(200);
    expect(await operation.text()).toContain("Hello from Chorus!");
    const script = await call("/docs/assets/docs.js", { key: null });
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("/docs/search.json");
    const search = await call("/docs/search.json", { key: null });
    expect(JSON.stringify(await search.json())).toContain("/docs/operations/createPost");
  });

  it("signs in to the dashboard through an app link and serves its script from the Worker itself (bundled as text)", async () => {
    const minted = await call("/v1/app-link", { method: "POST" });
    expect(minted.status).toBe(201);
    const { url } = (await minted.json()) as { url: string };
    const signin = await call(new URL(url).pathname, { method: "POST", key: null, redirect: "manual" });
    expect(signin.status).toBe(303);
    const cookie = (signin.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^chorus_dashboard=ds_/);
    const overview = await call("/dashboard", { key: null, headers: { cookie } });
    expect(overview.status).toBe(200);
    expect(await overview.text()).toContain('src="/dashboard/assets/htmx.min.js"');
    const script = await call("/dashboard/assets/htmx.min.js", { key: null });
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("htmx");
    expect((await call(new URL(url).pathname, { method: "POST", key: null, redirect: "manual" })).status).toBe(410);
  });
});

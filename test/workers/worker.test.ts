/**
 * The Worker entry (src/worker.ts, through wrangler.toml's `main`) running inside workerd, with
 * the real services behind it (started by global-setup.ts in Node):
 *
 *   SELF.fetch -> worker.fetch -> createApp -> per-request Neon Pool -> ws proxy -> real Postgres
 *                                            -> @upstash/ratelimit -> REST shim -> real Redis
 *
 * Skipped, with a warning naming the reason, when Postgres or Redis is unreachable.
 */
import { describe, expect, inject, it } from "vitest";
import { reply } from "../support/workspace-fixture.js";
import { api, workerApi } from "./api-call.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/worker.test] skipped: ${skipReason}`);

/** Without a key: the public pages and refusals. */
const anonymous = workerApi({ key: null });

/** Asks the Upstash shim (what the Worker's limiter talks to) directly, to see what reached Redis. */
async function redis(...command: string[]): Promise<unknown> {
  const response = await fetch(inject("upstashUrl"), {
    method: "POST",
    headers: { authorization: `Bearer ${inject("upstashToken")}`, "content-type": "application/json" },
    body: JSON.stringify(command),
  });
  // Upstash's REST answer to one command: { result }.
  const answer = await reply<{ result: unknown }>(response);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.result;
}

describe.skipIf(skipReason)("worker entry in workerd against real Postgres (ws proxy) and Redis (Upstash shim)", () => {
  const workspaceId = inject("workspaceId");

  it("GET /v1/me with the key answers 200 with the key's workspace", async () => {
    const response = await api.get("/v1/me");
    expect(response.status).toBe(200);
    expect(response.body.account).toBe(workspaceId);
    expect(response.body.mode).toBe("test");
    expect(inject("apiKey").startsWith(response.body.key.prefix)).toBe(true);
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("GET /v1/me/limits answers 200 with rate-limit headers counted in Redis through the Upstash shim", async () => {
    const first = await api.get("/v1/me/limits");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
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

    const second = await api.get("/v1/me/limits");
    expect(second.status).toBe(200);
    expect(Number(second.headers.get("x-ratelimit-remaining"))).toBeLessThan(remaining1);

    // The sliding-window counters live in the real Redis behind the shim, not in the
    // isolate's in-memory fallback: @upstash/ratelimit keys are <prefix>:<identifier>:<window>.
    const prefix = `chorus:rl:ws:${workspaceId}:api:`;
    expect(await redis("KEYS", `${prefix}*`)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${prefix}`))]));
  });

  it("no key: 401 with the full error envelope", async () => {
    const response = await anonymous.get("/v1/me");
    expect(response.status).toBe(401);
    const { error } = response;
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
    const created = await api.post("/v1/profiles", { username });
    expect(created.status).toBe(201);
    const profile = created.body;
    expect(profile).toMatchObject({ id: expect.stringMatching(/^prf_/), username });

    const listed = await api.get("/v1/profiles?limit=100");
    expect(listed.status).toBe(200);
    expect(listed.body.items).toContainEqual(expect.objectContaining({ id: profile.id, username }));
  });

  it("three sequential requests in one isolate all succeed (a fresh pool per request)", async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await api.get("/v1/me");
      expect(response.status, `request ${i + 1}`).toBe(200);
      expect(response.body.account).toBe(workspaceId);
    }
  });

  it("PATCH /v1/me/agent with an unknown field is 400 field_unknown naming the field", async () => {
    const response = await api.patch("/v1/me/agent", { nickname: "x", colour: "blue" });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ type: "invalid_input", code: "field_unknown", param: "colour" });
  });

  it("an Idempotency-Key replay returns the stored answer and creates one profile", async () => {
    const username = `idem-${crypto.randomUUID().slice(0, 8)}`;
    const idempotencyKey = `wk-${crypto.randomUUID()}`;
    const create = () => api.post("/v1/profiles", { username }, { headers: { "idempotency-key": idempotencyKey } });
    const a = await create();
    expect(a.status).toBe(201);
    expect(a.headers.get("idempotent-replayed")).toBeNull();
    const b = await create();
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body).toEqual(a.body);

    const { items } = await api.read("/v1/profiles?limit=100");
    expect(items.filter((p) => p.username === username)).toHaveLength(1);
  });

  it("GET /openapi.json serves an OpenAPI 3.1.0 document without a key", async () => {
    const response = await anonymous.get("/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ openapi: "3.1.0" });
    expect(response.body).toHaveProperty(["paths", "/v1/me"]);
    expect(response.body).toHaveProperty(["paths", "/v1/profiles"]);
  });

  it("GET /docs renders the reference in the Worker itself, with its script and stylesheet, no CDN", async () => {
    const page = await anonymous.get("/docs");
    expect(page.status).toBe(200);
    const html = page.text;
    const assets = [...html.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1] ?? "");
    expect(assets.sort()).toEqual(["/docs/assets/docs.css", "/docs/assets/docs.js"]);
    expect(html).not.toMatch(/(?:src|href)="https?:/);
    expect(html).toContain('href="/docs/operations/createPost"');
    const operation = await anonymous.get("/docs/operations/createPost");
    expect(operation.status).toBe(200);
    expect(operation.text).toContain("Hello from Chorus!");
    const script = await anonymous.get("/docs/assets/docs.js");
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(script.text).toContain("/docs/search.json");
    const search = await anonymous.get("/docs/search.json");
    // The search index as JSON (a page that is not JSON would be read as its text).
    expect(search.body).toEqual(expect.any(Object));
    expect(JSON.stringify(search.body)).toContain("/docs/operations/createPost");
  });

  it("signs in to the dashboard through an app link and serves its script from the Worker itself (bundled as text)", async () => {
    const minted = await api.post("/v1/app-link");
    expect(minted.status).toBe(201);
    const signinPath = new URL(minted.body.url).pathname;
    const signin = await anonymous.post(signinPath, undefined, { redirect: "manual" });
    expect(signin.status).toBe(303);
    const cookie = (signin.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^chorus_dashboard=ds_/);
    const overview = await anonymous.get("/dashboard", { headers: { cookie } });
    expect(overview.status).toBe(200);
    expect(overview.text).toContain('src="/dashboard/assets/htmx.min.js"');
    const script = await anonymous.get("/dashboard/assets/htmx.min.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(script.text).toContain("htmx");
    expect((await anonymous.post(signinPath, undefined, { redirect: "manual" })).status).toBe(410);
  });
});

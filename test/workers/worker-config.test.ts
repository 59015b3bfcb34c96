/**
 * The Worker entry inside workerd with a setting missing: it answers with a 503 that names the
 * setting (and logs it), never a 500 with a stack trace. Needs no services: the app is never built.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker, { type WorkerEnv } from "../../src/worker.js";

describe("worker entry with a required setting missing", () => {
  it("refuses every request with 503 server_misconfigured naming DATABASE_URL", async () => {
    const broken = { ...(env as WorkerEnv), DATABASE_URL: "" };
    const response = await worker.fetch(new Request("https://chorus.test/v1/me"), broken, createExecutionContext());
    expect(response.status).toBe(503);
    const text = await response.text();
    const body = JSON.parse(text) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({ type: "service_unavailable", code: "server_misconfigured", retryable: false, requestId: response.headers.get("x-request-id") });
    expect(String(body.error.message)).toContain("DATABASE_URL is not set");
    expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });
});

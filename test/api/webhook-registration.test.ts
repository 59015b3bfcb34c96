import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "../../src/db/schema/index.js";
import { createApiKey } from "../../src/domain/keys/create-api-key.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

describe("webhook registration: every malformed request gets the spec's code, param and fix, and stores nothing", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { loopbackWebhooks: true } });
  });

  const cases: [string, Record<string, unknown>, "test" | "live", string, string][] = [
    ["url missing", {}, "test", "invalid_webhook_url", "url"],
    ["url not a string", { url: 42 }, "test", "invalid_webhook_url", "url"],
    ["url not a complete URL", { url: "example.com/hook" }, "test", "invalid_webhook_url", "url"],
    ["url with credentials", { url: "https://user:pw@example.com/hook" }, "test", "invalid_webhook_url", "url"],
    ["url too long", { url: `https://example.com/${"a".repeat(2100)}` }, "test", "invalid_webhook_url", "url"],
    ["plain http to a public host", { url: "http://example.com/hook" }, "test", "webhook_https_required", "url"],
    ["another scheme", { url: "ftp://example.com/hook" }, "test", "webhook_https_required", "url"],
    ["plain http to localhost with a live key", { url: "http://localhost:8080/hook" }, "live", "webhook_https_required", "url"],
    ["events not an array", { url: "http://127.0.0.1:9/h", events: "post.published" }, "test", "invalid_webhook_events", "events"],
    ["events with a non-string", { url: "http://127.0.0.1:9/h", events: ["post.published", 7] }, "test", "invalid_webhook_events", "events[1]"],
    ["events empty", { url: "http://127.0.0.1:9/h", events: [] }, "test", "invalid_webhook_events", "events"],
    ["an unknown event name", { url: "http://127.0.0.1:9/h", events: ["post.published", "post.exploded"] }, "test", "unknown_webhook_event", "events[1]"],
    ["an unknown field", { url: "http://127.0.0.1:9/h", secret: "mine" }, "test", "field_unknown", "secret"],
  ];

  it.each(cases)("%s", async (_name, body, mode, code, param) => {
    const ws = await testWorkspace(t, { mode });
    const response = await ws.post("/v1/webhooks", body);
    expect(response.status).toBe(400);
    const error = response.error;
    expect(error).toMatchObject({ code, param, type: code === "field_unknown" ? "invalid_input" : "invalid_request" });
    expect(error.fix).toBeTruthy();
    expect(await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, ws.id))).toEqual([]);
  });

  it("accepts http only for loopback with a test key, keeps the events given (deduplicated), and stores the secret encrypted", async () => {
    const ws = await testWorkspace(t);
    for (const url of ["http://localhost:3000/h", "http://127.0.0.1:3000/h", "http://[::1]:3000/h"]) {
      const response = await ws.post("/v1/webhooks", { url, events: ["post.failed", "post.failed", "webhook.test"] });
      expect(response.status, url).toBe(201);
      const created = response.body;
      expect(created.events).toEqual(["post.failed", "webhook.test"]);
      const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
      expect(row?.secretEncrypted).not.toContain(created.secret.slice(6));
    }
  });

  it("PATCH changes url, events and enabled with the same checks, and a refused PATCH changes nothing", async () => {
    const ws = await testWorkspace(t);
    const hook = (await ws.post("/v1/webhooks", { url: "http://127.0.0.1:9/h", events: ["post.failed"] })).body;
    const bad = await ws.patch(`/v1/webhooks/${hook.id}`, { url: "http://example.com/x", events: ["post.published"] });
    expect(bad.error).toMatchObject({ code: "webhook_https_required", param: "url" });
    const badEvents = await ws.patch(`/v1/webhooks/${hook.id}`, { events: ["nope"], enabled: false });
    expect(badEvents.error).toMatchObject({ code: "unknown_webhook_event", param: "events[0]" });
    expect((await ws.get(`/v1/webhooks/${hook.id}`)).body).toMatchObject({ url: "http://127.0.0.1:9/h", events: ["post.failed"], enabled: true });
    const changed = await ws.patch(`/v1/webhooks/${hook.id}`, { url: "http://localhost:9/new", events: null, enabled: false });
    expect(changed.status).toBe(200);
    const view = changed.body;
    expect(view).toMatchObject({ url: "http://localhost:9/new", enabled: false });
    expect(view.events).toContain("mention.received");
  });

  it("keeps test and live endpoints and events apart: a live key of the same workspace sees none of the test key's", async () => {
    const ws = await testWorkspace(t);
    const hook = (await ws.post("/v1/webhooks", { url: "http://127.0.0.1:9/h" })).body;
    await ws.post("/v1/social-accounts/connect", { platform: "threads", handle: "mode-test" });
    const live = await createApiKey(t.db, { workspaceId: ws.id, mode: "live", name: "live", actor: "operator", at: t.clock.now() });
    const asLive = (path: string, init: RequestInit = {}) => t.app.request(`http://chorus.test${path}`, { ...init, headers: { authorization: `Bearer ${live.key}` } });
    expect((await asLive(`/v1/webhooks/${hook.id}`)).status).toBe(404);
    expect(await (await asLive("/v1/webhooks")).json()).toEqual({ items: [], cursor: null });
    expect(await (await asLive("/v1/events")).json()).toEqual({ items: [], cursor: null });
    const testLog = (await ws.get("/v1/events")).body;
    expect(testLog.items.map((e) => e.type)).toEqual(["account.connected"]);
    expect((await asLive(`/v1/events/${testLog.items[0]?.id}`)).status).toBe(404);
  });
});

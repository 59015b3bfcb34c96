import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "../../src/db/schema/index.js";
import { createApiKey } from "../../src/domain/keys/create-api-key.js";
import { type TestApp, createTestApp, errorOf } from "../support/test-app.js";

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
    const ws = await t.workspace({ mode });
    const response = await ws.request("/v1/webhooks", { method: "POST", json: body });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ code, param, type: code === "field_unknown" ? "invalid_input" : "invalid_request" });
    expect(error.fix).toBeTruthy();
    expect(await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, ws.id))).toEqual([]);
  });

  it("accepts http only for loopback with a test key, keeps the events given (deduplicated), and stores the secret encrypted", async () => {
    const ws = await t.workspace();
    for (const url of ["http://localhost:3000/h", "http://127.0.0.1:3000/h", "http://[::1]:3000/h"]) {
      const response = await ws.request("/v1/webhooks", { method: "POST", json: { url, events: ["post.failed", "post.failed", "webhook.test"] } });
      expect(response.status, url).toBe(201);
      const created = (await response.json()) as { events: string[]; secret: string; id: string };
      expect(created.events).toEqual(["post.failed", "webhook.test"]);
      const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
      expect(row?.secretEncrypted).not.toContain(created.secret.slice(6));
    }
  });

  it("PATCH changes url, events and enabled with the same checks, and a refused PATCH changes nothing", async () => {
    const ws = await t.workspace();
    const hook = (await (await ws.request("/v1/webhooks", { method: "POST", json: { url: "http://127.0.0.1:9/h", events: ["post.failed"] } })).json()) as { id: string };
    const bad = await ws.request(`/v1/webhooks/${hook.id}`, { method: "PATCH", json: { url: "http://example.com/x", events: ["post.published"] } });
    expect(await errorOf(bad)).toMatchObject({ code: "webhook_https_required", param: "url" });
    const badEvents = await ws.request(`/v1/webhooks/${hook.id}`, { method: "PATCH", json: { events: ["nope"], enabled: false } });
    expect(await errorOf(badEvents)).toMatchObject({ code: "unknown_webhook_event", param: "events[0]" });
    expect(await (await ws.request(`/v1/webhooks/${hook.id}`)).json()).toMatchObject({ url: "http://127.0.0.1:9/h", events: ["post.failed"], enabled: true });
    const changed = await ws.request(`/v1/webhooks/${hook.id}`, { method: "PATCH", json: { url: "http://localhost:9/new", events: null, enabled: false } });
    expect(changed.status).toBe(200);
    const view = (await changed.json()) as { url: string; events: string[]; enabled: boolean };
    expect(view).toMatchObject({ url: "http://localhost:9/new", enabled: false });
    expect(view.events).toContain("mention.received");
  });

  it("keeps test and live endpoints and events apart: a live key of the same workspace sees none of the test key's", async () => {
    const ws = await t.workspace();
    const hook = (await (await ws.request("/v1/webhooks", { method: "POST", json: { url: "http://127.0.0.1:9/h" } })).json()) as { id: string };
    await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "threads", handle: "mode-test" } });
    const live = await createApiKey(t.db, { workspaceId: ws.id, mode: "live", name: "live", actor: "operator", at: t.clock.now() });
    const asLive = (path: string, init: RequestInit = {}) => t.app.request(`http://chorus.test${path}`, { ...init, headers: { authorization: `Bearer ${live.key}` } });
    expect((await asLive(`/v1/webhooks/${hook.id}`)).status).toBe(404);
    expect(await (await asLive("/v1/webhooks")).json()).toEqual({ items: [], cursor: null });
    expect(await (await asLive("/v1/events")).json()).toEqual({ items: [], cursor: null });
    const testLog = (await (await ws.request("/v1/events")).json()) as { items: { id: string; type: string }[] };
    expect(testLog.items.map((e) => e.type)).toEqual(["account.connected"]);
    expect((await asLive(`/v1/events/${testLog.items[0]?.id}`)).status).toBe(404);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "../../src/db/schema/index.js";
import { loopbackWebhooksAllowed, parseNodeEnv } from "../../src/node/node-config.js";
import { type TestApp, createTestApp, errorOf } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";

/**
 * Loopback webhook endpoints are a local-development setting: off unless the deployment turns
 * them on, and even then the delivery log keeps only the status of what loopback answered.
 */
describe("webhooks on loopback: an explicit local-development setting", () => {
  let shared: TestApp;
  let local: TestApp;
  const receiver = useWebhookReceivers();
  beforeAll(async () => {
    // The same database and key behind both: a server as deployed (no setting) and one on a developer's machine.
    shared = await createTestApp();
    local = await createTestApp({ deps: { loopbackWebhooks: true, cipher: shared.deps.cipher } });
  });

  it.each(["http://127.0.0.1:{port}/hook", "http://localhost:{port}/hook", "http://[::1]:{port}/hook", "https://127.0.0.1:{port}/hook", "https://localhost:{port}/hook", "http://127.1.2.3:{port}/x"])(
    "refuses %s for a test key when the setting is off, naming the setting, and stores nothing",
    async (template) => {
      const r = await receiver();
      const ws = await testWorkspace(shared);
      const url = template.replace("{port}", String(r.port));
      const response = await ws.post("/v1/webhooks", { url });
      expect(response.status).toBe(400);
      const error = response.error;
      expect(error).toMatchObject({ code: "webhook_loopback_disabled", param: "url", type: "invalid_request" });
      expect(error.fix).toContain("CHORUS_ALLOW_LOOPBACK_WEBHOOKS");
      expect(await shared.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, ws.id))).toEqual([]);
      expect(r.received).toEqual([]);
    },
  );

  it("refuses moving an endpoint to loopback when the setting is off", async () => {
    const ws = await testWorkspace(local);
    const hook = await ws.createWebhook({ url: "http://127.0.0.1:9/first" });
    const moved = await ws.patch(`/v1/webhooks/${hook.id}`, { url: "http://localhost:8787/admin" });
    // Through the shared server's app, which has the setting off.
    const refused = await shared.app.request(`http://chorus.test/v1/webhooks/${hook.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${ws.key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "http://localhost:8787/admin" }),
    });
    expect(moved.status).toBe(200);
    expect(await errorOf(refused)).toMatchObject({ code: "webhook_loopback_disabled", param: "url" });
  });

  it("delivers to a loopback receiver where the setting is on, but logs only the status, never the answer's body", async () => {
    const ws = await testWorkspace(local);
    const r = await receiver();
    r.behaviour = () => ({ status: 500, body: "internal admin page: secrets here" });
    const hook = await ws.createWebhook({ url: r.url });
    expect((await ws.post(`/v1/webhooks/${hook.id}/test`)).status).toBe(202);
    await local.drainJobs();
    expect(r.received).toHaveLength(1);
    const deliveries = await ws.get(`/v1/webhooks/${hook.id}/deliveries`);
    expect(deliveries.text).not.toContain("secrets here");
    expect(deliveries.body).toMatchObject({ items: [{ attempt: 1, status: 500, ok: false, responseExcerpt: null, error: "HTTP 500" }] });
  });

  it("never reaches a loopback endpoint registered while the setting was on, once a server without it delivers", async () => {
    const ws = await testWorkspace(local);
    const r = await receiver();
    const hook = await ws.createWebhook({ url: r.url });
    await ws.post(`/v1/webhooks/${hook.id}/test`);
    await shared.drainJobs();
    expect(r.received).toEqual([]);
    const log = (await ws.get(`/v1/webhooks/${hook.id}/deliveries`)).body;
    expect(log.items).toMatchObject([{ attempt: 1, ok: false, status: null, responseExcerpt: null }]);
  });

  it("is on for the Node server only when it listens on loopback, unless CHORUS_ALLOW_LOOPBACK_WEBHOOKS says otherwise", () => {
    const allowed = (env: Record<string, string>) => loopbackWebhooksAllowed(parseNodeEnv(env));
    expect(allowed({})).toBe(false);
    expect(allowed({ HOST: "0.0.0.0" })).toBe(false);
    expect(allowed({ HOST: "::" })).toBe(false);
    expect(allowed({ HOST: "192.168.1.20" })).toBe(false);
    expect(allowed({ HOST: "127.0.0.1" })).toBe(true);
    expect(allowed({ HOST: "::1" })).toBe(true);
    expect(allowed({ HOST: "localhost" })).toBe(true);
    expect(allowed({ HOST: "127.0.0.1", CHORUS_ALLOW_LOOPBACK_WEBHOOKS: "false" })).toBe(false);
    expect(allowed({ HOST: "0.0.0.0", CHORUS_ALLOW_LOOPBACK_WEBHOOKS: "true" })).toBe(true);
    expect(() => parseNodeEnv({ CHORUS_ALLOW_LOOPBACK_WEBHOOKS: "yes" })).toThrow(/CHORUS_ALLOW_LOOPBACK_WEBHOOKS/);
  });
});

import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { events, webhookEndpoints } from "../../src/db/schema/index.js";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

/** Workspace A registers an endpoint and records an event (a connection); the probes run as B. */
const seedWebhook = async (_t: TestApp, a: WorkspaceFixture) => {
  const hook = (await a.post("/v1/webhooks", { url: "http://127.0.0.1:9/a-hook" })).body;
  await a.post("/v1/social-accounts/connect", { platform: "threads", handle: "a-hooked" });
  const log = (await a.get("/v1/events")).body;
  return { id: hook.id, idEvent: log.items[0]?.id ?? "", secret: hook.secret, url: "127.0.0.1:9/a-hook", handle: "a-hooked", workspaceId: a.id };
};

/** A's endpoint is exactly as A left it. */
const untouched = async (t: TestApp, s: Record<string, string>) => {
  const [row] = await t.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, s.id ?? ""));
  expect(row).toMatchObject({ workspaceId: s.workspaceId, url: `http://${s.url}`, enabled: true, previousSecretEncrypted: null });
};

const byId = (method: string, suffix: string, json?: unknown): IsolationCase => ({
  method,
  path: `/v1/webhooks/:id${suffix}`,
  seed: seedWebhook,
  probe: async (t, b, s) => {
    await expectNotFound(await b.request(`/v1/webhooks/${s.id}${suffix}`, { method, ...(json === undefined ? {} : { json }) }), s);
    await untouched(t, s);
  },
});

export const webhookCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/v1/webhooks",
    seed: seedWebhook,
    probe: async (t, b, s) => {
      const response = await b.post("/v1/webhooks", { url: "http://127.0.0.1:9/b-hook" });
      expect(response.status).toBe(201);
      await expectInvisible(response, s);
      await untouched(t, s);
    },
  },
  {
    method: "GET",
    path: "/v1/webhooks",
    seed: seedWebhook,
    probe: async (_t, b, s) => expectInvisible(await b.get("/v1/webhooks"), s),
  },
  byId("GET", ""),
  byId("PATCH", "", { enabled: false, url: "http://127.0.0.1:9/b-owned" }),
  byId("DELETE", ""),
  byId("GET", "/deliveries"),
  byId("POST", "/rotate-secret", {}),
  {
    ...byId("POST", "/test"),
    probe: async (t, b, s) => {
      await expectNotFound(await b.post(`/v1/webhooks/${s.id}/test`), s);
      const recorded = await t.db
        .select()
        .from(events)
        .where(eq(events.workspaceId, s.workspaceId ?? ""));
      expect(recorded.map((e) => e.type)).toEqual(["account.connected"]);
    },
  },
  {
    method: "POST",
    path: "/v1/webhooks/:id/redeliver",
    seed: seedWebhook,
    probe: async (t, b, s) => {
      // A's endpoint with A's event, and B's own endpoint with A's event: both name nothing of B's.
      await expectNotFound(await b.post(`/v1/webhooks/${s.id}/redeliver`, { event: s.idEvent }), s);
      const own = (await b.post("/v1/webhooks", { url: "http://127.0.0.1:9/b-hook" })).body;
      await expectNotFound(await b.post(`/v1/webhooks/${own.id}/redeliver`, { event: s.idEvent }), s);
      await untouched(t, s);
    },
  },
  {
    method: "GET",
    path: "/v1/events",
    seed: seedWebhook,
    probe: async (_t, b, s) => {
      const response = await b.get("/v1/events");
      expect(response.status).toBe(200);
      await expectInvisible(response, { ...s, event: s.idEvent ?? "" });
    },
  },
  {
    method: "GET",
    path: "/v1/events/:id",
    seed: seedWebhook,
    probe: async (_t, b, s) => expectNotFound(await b.get(`/v1/events/${s.idEvent}`), s),
  },
];

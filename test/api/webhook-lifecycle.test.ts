import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, jobs, webhookDeliveries } from "../../src/db/schema/index.js";
import { recordEvent } from "../../src/domain/events/record-event.js";
import { handleJob } from "../../src/jobs/handle-job.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { tableJobQueue } from "../../src/domain/core/jobs/job-queue.js";
import { sweepWebhooks } from "../../src/domain/events/webhooks/sweep-webhooks.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type ReceivedDelivery, type WebhookReceiver, verifySignature } from "../support/webhook-receiver.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const register = async (ws: WorkspaceFixture, json: Record<string, unknown>) => (await ws.post("/v1/webhooks", json)).body;
const envelope = (d: ReceivedDelivery | undefined) => JSON.parse(d?.rawBody ?? "null") as { id: string; type: string; data: Record<string, unknown> };

describe("webhooks: rotation, disabling, test sends, redelivery, the event log, recovery", () => {
  let t: TestApp;
  let runtime: JobRuntime;
  const receiver = useWebhookReceivers();
  beforeAll(async () => {
    t = await createTestApp({ deps: { loopbackWebhooks: true } });
    runtime = t.jobRuntime();
  });
  const drain = () => t.drainJobs();
  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  const at = (r: WebhookReceiver, i: number): ReceivedDelivery => r.received[i] ?? { headers: {}, rawBody: "", receivedAt: 0 };

  it("during a rotation both secrets sign (one v1= each), then only the new one", async () => {
    const ws = await testWorkspace(t);
    const r = await receiver();
    const hook = await register(ws, { url: r.url });
    const rotated = await ws.post(`/v1/webhooks/${hook.id}/rotate-secret`, { windowSeconds: 3600 });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body;
    expect(fresh.secret).not.toBe(hook.secret);
    expect(fresh.previousSecretExpiresAt).toBe(new Date(t.clock.now().getTime() + 3_600_000).toISOString());
    await ws.post(`/v1/webhooks/${hook.id}/test`);
    await drain();
    expect(String(at(r, 0).headers["service-signature"]).match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(at(r, 0), hook.secret, now())).toBe(true);
    expect(verifySignature(at(r, 0), fresh.secret, now())).toBe(true);

    t.clock.advance(3_601_000);
    await ws.post(`/v1/webhooks/${hook.id}/test`);
    await drain();
    expect(String(at(r, 1).headers["service-signature"]).match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(at(r, 1), fresh.secret, now())).toBe(true);
    expect(verifySignature(at(r, 1), hook.secret, now())).toBe(false);
    const bad = await ws.post(`/v1/webhooks/${hook.id}/rotate-secret`, { windowSeconds: 8 * 86400 });
    expect(bad.error).toMatchObject({ code: "field_invalid", param: "windowSeconds" });
  });

  it("disables an endpoint whose deliveries all failed for 3 days, with an event and an audit entry; PATCH re-enables it", async () => {
    const ws = await testWorkspace(t);
    const dead = await receiver();
    const watcher = await receiver();
    dead.behaviour = () => ({ status: 503 });
    const hook = await register(ws, { url: dead.url });
    const watch = await register(ws, { url: watcher.url, events: ["webhook.disabled"] });
    await ws.post(`/v1/webhooks/${hook.id}/test`);
    await drain();
    const failingSince = t.clock.now().toISOString();
    expect((await ws.get(`/v1/webhooks/${hook.id}`)).body.failingSince).toBe(failingSince);
    // Every retry fails; two days and 23 hours later the endpoint is still enabled.
    for (const wait of [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]) {
      t.clock.advance(wait);
      await drain();
    }
    expect(dead.received.map((d) => d.headers["service-delivery-attempt"])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    t.clock.advance(3 * 86_400_000 - 99_305_000 - 60_000);
    await ws.post(`/v1/webhooks/${hook.id}/test`);
    await drain();
    expect((await ws.get(`/v1/webhooks/${hook.id}`)).body.enabled).toBe(true);
    // Past three days of nothing but failures: disabled.
    t.clock.advance(5_000 + 60_000);
    await drain();
    const disabled = (await ws.get(`/v1/webhooks/${hook.id}`)).body;
    expect(disabled).toMatchObject({ enabled: false, failingSince });
    expect(watcher.received.map((d) => envelope(d).type)).toEqual(["webhook.disabled"]);
    expect(envelope(watcher.received[0]).data).toMatchObject({ id: hook.id, enabled: false });
    expect(verifySignature(at(watcher, 0), watch.secret, now())).toBe(true);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, ws.id), eq(auditEvents.type, "webhook.disabled")));
    expect(audit).toHaveLength(1);

    // Nothing more goes to it, retries included.
    const before = dead.received.length;
    await ws.post("/v1/social-accounts/connect", { platform: "threads", handle: "while-disabled" });
    t.clock.advance(86_400_000);
    await drain();
    expect(dead.received).toHaveLength(before);

    dead.behaviour = () => ({ status: 200 });
    const reenabled = await ws.patch(`/v1/webhooks/${hook.id}`, { enabled: true });
    expect(reenabled.body).toMatchObject({ enabled: true, failingSince: null });
    await ws.post(`/v1/webhooks/${hook.id}/test`);
    await drain();
    expect(dead.received).toHaveLength(before + 1);
  });

  it("test sends, the event log (newest first, type filter, cursor) and redelivery with the same event id", async () => {
    const ws = await testWorkspace(t);
    const r = await receiver();
    const hook = await register(ws, { url: r.url, events: ["account.connected"] });
    const sent = await ws.post(`/v1/webhooks/${hook.id}/test`);
    expect(sent.status).toBe(202);
    const queued = sent.body;
    for (const handle of ["log-one", "log-two"]) {
      t.clock.advance(1_000);
      await ws.post("/v1/social-accounts/connect", { platform: "threads", handle });
    }
    await drain();
    expect(r.received.map((d) => envelope(d).type)).toEqual(["webhook.test", "account.connected", "account.connected"]);
    expect(envelope(r.received[0]).id).toBe(queued.event);

    const first = (await ws.get("/v1/events?limit=2")).body;
    expect(first.items.map((e) => e.data.handle)).toEqual(["log-two", "log-one"]);
    const second = (await ws.get(`/v1/events?limit=2&cursor=${first.cursor}`)).body;
    expect(second).toMatchObject({ items: [{ id: queued.event, type: "webhook.test" }], cursor: null });
    const filtered = (await ws.get("/v1/events?type=webhook.test")).body;
    expect(filtered.items).toHaveLength(1);
    expect((await ws.get("/v1/events?type=post.exploded")).error).toMatchObject({ code: "unknown_webhook_event", param: "type" });
    expect((await ws.get(`/v1/events?cursor=${first.cursor}x`)).error).toMatchObject({ code: "cursor_invalid" });
    const one = (await ws.get(`/v1/events/${first.items[0]?.id}`)).body;
    expect(one).toEqual({ ...first.items[0], createdAt: expect.any(String) });
    expect(JSON.parse(r.received[2]?.rawBody ?? "null")).toEqual(one);

    const again = await ws.post(`/v1/webhooks/${hook.id}/redeliver`, { event: first.items[1]?.id });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ event: first.items[1]?.id, attempt: 2 });
    await drain();
    expect(envelope(r.received[3]).id).toBe(first.items[1]?.id);
    expect(r.received[3]?.headers["service-delivery-attempt"]).toBe("2");
    expect((await ws.post(`/v1/webhooks/${hook.id}/redeliver`, { event: "evt_nope" })).status).toBe(404);
  });

  it("the sweep re-queues a delivery whose job was lost and one whose runner died mid-attempt; each arrives", async () => {
    const ws = await testWorkspace(t);
    const r = await receiver();
    const hook = await register(ws, { url: r.url });
    const lost = await recordEvent(t.db, tableJobQueue, { workspaceId: ws.id, mode: "test", type: "post.failed", data: { id: "post_lost" }, at: t.clock.now() });
    const crashed = await recordEvent(t.db, tableJobQueue, { workspaceId: ws.id, mode: "test", type: "post.failed", data: { id: "post_crashed" }, at: t.clock.now() });
    const deliveries = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id));
    // Lost: its job never made it to the queue. Crashed: claimed by a runner that died, job finished.
    for (const d of deliveries) await t.db.delete(jobs).where(like(jobs.dedupKey, `whd:${d.id}:%`));
    const dying = deliveries.find((d) => d.eventId === crashed);
    await t.db
      .update(webhookDeliveries)
      .set({ attempts: 1, inFlightSince: t.clock.now() })
      .where(eq(webhookDeliveries.id, dying?.id ?? ""));
    await drain();
    expect(r.received).toHaveLength(0);
    t.clock.advance(3 * 60_000);
    expect((await sweepWebhooks(runtime)).requeued).toBe(2);
    expect((await sweepWebhooks(runtime)).requeued).toBe(2);
    await drain();
    expect(r.received.map((d) => envelope(d).id).sort()).toEqual([lost, crashed].sort());
    const attempts = Object.fromEntries(r.received.map((d) => [envelope(d).id, d.headers["service-delivery-attempt"]]));
    // The crashed attempt may have reached the receiver: the one made in its place is the second.
    expect(attempts).toEqual({ [lost]: "1", [crashed]: "2" });
    const log = (await ws.get(`/v1/webhooks/${hook.id}/deliveries`)).body;
    const crashedLog = log.items.filter((a) => a.event === crashed).sort((a, b) => a.attempt - b.attempt);
    expect(crashedLog).toMatchObject([
      { attempt: 1, ok: false, error: expect.stringContaining("interrupted") },
      { attempt: 2, ok: true, error: null },
    ]);
    expect((await sweepWebhooks(runtime)).requeued).toBe(0);
  });

  it("a queue that is down (QStash unreachable) does not undo the change: the delivery is stored and the sweep queues it", async () => {
    const ws = await testWorkspace(t);
    const r = await receiver();
    await register(ws, { url: r.url });
    const down = { enqueue: async () => Promise.reject(new Error("QStash unreachable")) };
    const id = await t.db.transaction((tx) => recordEvent(tx, down, { workspaceId: ws.id, mode: "test", type: "post.failed", data: { id: "post_q" }, at: t.clock.now() }));
    await drain();
    expect(r.received).toHaveLength(0);
    t.clock.advance(3 * 60_000);
    await sweepWebhooks(runtime);
    await drain();
    expect(r.received.map((d) => envelope(d).id)).toEqual([id]);
  });

  it("purges events and their delivery logs after 30 days", async () => {
    const ws = await testWorkspace(t);
    const r = await receiver();
    const hook = await register(ws, { url: r.url });
    await ws.post(`/v1/webhooks/${hook.id}/test`);
    await drain();
    t.clock.advance(29 * 86_400_000);
    await sweepWebhooks(runtime);
    expect((await ws.get("/v1/events")).body.items).toHaveLength(1);
    t.clock.advance(2 * 86_400_000);
    await sweepWebhooks(runtime);
    expect((await ws.get("/v1/events")).body.items).toHaveLength(0);
    expect((await ws.get(`/v1/webhooks/${hook.id}/deliveries`)).body.items).toHaveLength(0);
  });
});

describeOnEachDatabase(
  "webhook deliveries whose jobs race",
  (app) => {
    const receiver = useWebhookReceivers();
    it("ten events about the same post arrive with their own ids; a duplicate job sends an attempt once", async () => {
      const t = app();
      const runtime = t.jobRuntime();
      const ws = await testWorkspace(t);
      const r = await receiver();
      const hook = await register(ws, { url: r.url });
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) {
        ids.push(await recordEvent(t.db, tableJobQueue, { workspaceId: ws.id, mode: "test", type: "post.processing", data: { id: "post_same", state: "processing", step: i }, at: t.clock.now() }));
      }
      const [delivery] = await t.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, hook.id), eq(webhookDeliveries.eventId, ids[0] ?? "")));
      const job = { kind: "webhook_delivery" as const, workspaceId: ws.id, mode: "test" as const, payload: { deliveryId: delivery?.id ?? "", attempt: 1 } };
      await Promise.all([handleJob(runtime, job), handleJob(runtime, job)]);
      await t.drainJobs();
      expect(r.received.map((d) => envelope(d).id).sort()).toEqual([...ids].sort());
      for (const d of r.received) expect(verifySignature(d, hook.secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);
    });
  },
  { deps: { loopbackWebhooks: true } },
);

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, socialAccounts } from "../../src/db/schema/index.js";
import { recordInboundEvent } from "../../src/domain/events/inbound-event-data.js";
import { tableJobQueue } from "../../src/domain/core/jobs/job-queue.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WebhookReceiver, verifySignature } from "../support/webhook-receiver.js";
import { jpeg } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

describe("webhooks: registration, signed delivery, retries", () => {
  let t: TestApp;
  const receiver = useWebhookReceivers();
  beforeAll(async () => {
    t = await createTestApp({ deps: { loopbackWebhooks: true } });
  });
  async function connect(ws: WorkspaceFixture, platform: string, handle: string) {
    const response = await ws.post("/v1/social-accounts/connect", { platform, handle });
    expect(response.status, response.text).toBe(201);
    return response.body;
  }
  const drain = () => t.drainJobs();
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
  const bodyOf = (r: WebhookReceiver, i: number) => JSON.parse(r.received[i]?.rawBody ?? "null") as { id: string; type: string; createdAt: string; data: Record<string, unknown> };

  it("registers an endpoint, shows its secret once, and delivers account.connected signed as the spec says", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    const created = await ws.createWebhook({ url: r.url });
    expect(created).toMatchObject({ id: expect.stringMatching(/^whk_/), url: r.url, enabled: true, lastDeliveryAt: null, failingSince: null, secret: expect.stringMatching(/^whsec_/) });
    expect(created.events).toEqual(expect.arrayContaining(["post.published", "comment.received", "account.needs_reauth", "webhook.test"]));
    const listed = (await ws.get("/v1/webhooks")).body;
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).not.toHaveProperty("secret");
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const account = await connect(ws, "threads", "hooked");
    await drain();
    expect(r.received).toHaveLength(1);
    const delivery = r.received[0];
    if (!delivery) throw new Error("no delivery");
    expect(verifySignature(delivery, created.secret, nowSeconds())).toBe(true);
    expect(verifySignature(delivery, "whsec_wrong", nowSeconds())).toBe(false);
    expect(verifySignature({ ...delivery, rawBody: delivery.rawBody.replace("hooked", "hacked") }, created.secret, nowSeconds())).toBe(false);
    const body = bodyOf(r, 0);
    expect(body).toMatchObject({ id: expect.stringMatching(/^evt_/), type: "account.connected", data: { id: account.id, platform: "threads", handle: "hooked", status: "active" } });
    expect(delivery.headers).toMatchObject({ "service-event-id": body.id, "service-delivery-attempt": "1", "content-type": "application/json" });
    const stored = (await ws.get(`/v1/webhooks/${created.id}`)).body;
    expect(stored.lastDeliveryAt).toBe(t.clock.now().toISOString());
  });

  it("delivers post.published with the full post record, and only to endpoints subscribed to it", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const all = await receiver();
    const postsOnly = await receiver();
    const failedOnly = await receiver();
    await ws.createWebhook({ url: all.url });
    const posts = await ws.createWebhook({ url: postsOnly.url, events: ["post.published", "post.failed"] });
    await ws.createWebhook({ url: failedOnly.url, events: ["post.failed"] });
    const account = await connect(ws, "linkedin", "poster");
    const created = await ws.post("/v1/posts", { text: "hello hooks", accounts: [account.id] });
    expect(created.status, created.text).toBe(201);
    const post = created.body;
    await drain();
    expect(all.received.map((_, i) => bodyOf(all, i).type)).toEqual(["account.connected", "post.published"]);
    expect(postsOnly.received).toHaveLength(1);
    expect(failedOnly.received).toHaveLength(0);
    const event = bodyOf(postsOnly, 0);
    const read = (await ws.get(`/v1/posts/${post.id}`)).body;
    expect(event).toMatchObject({ type: "post.published", data: read });
    expect(verifySignature(postsOnly.received[0] ?? { headers: {}, rawBody: "", receivedAt: 0 }, posts.secret, nowSeconds())).toBe(true);
  });

  it("retries a failing endpoint on the schedule with the same event id until it answers, and logs every attempt", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    const hook = await ws.createWebhook({ url: r.url });
    // Down (500), down (unreachable), then up.
    r.behaviour = () => ({ status: 500, body: "broken today" });
    await connect(ws, "threads", "retried");
    await drain();
    expect(r.received).toHaveLength(1);
    expect(verifySignature(r.received[0] ?? { headers: {}, rawBody: "", receivedAt: 0 }, hook.secret, nowSeconds())).toBe(true);
    await r.stop();
    t.clock.advance(5_000);
    await drain();
    await r.start(r.port);
    r.behaviour = () => ({ status: 204 });
    t.clock.advance(4 * 60_000);
    await drain();
    expect(r.received).toHaveLength(1);
    t.clock.advance(60_000);
    await drain();
    expect(r.received).toHaveLength(2);
    const ids = r.received.map((_, i) => bodyOf(r, i).id);
    expect(new Set(ids).size).toBe(1);
    expect(r.received.map((d) => d.headers["service-delivery-attempt"])).toEqual(["1", "3"]);
    expect(verifySignature(r.received[1] ?? { headers: {}, rawBody: "", receivedAt: 0 }, hook.secret, nowSeconds())).toBe(true);
    // The first attempt's timestamp is now five minutes old: past the spec's 300 s tolerance.
    expect(verifySignature(r.received[0] ?? { headers: {}, rawBody: "", receivedAt: 0 }, hook.secret, nowSeconds())).toBe(false);

    const log = (await ws.get(`/v1/webhooks/${hook.id}/deliveries`)).body;
    expect(log.items).toHaveLength(3);
    expect(log.items.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [3, 204, true],
      [2, null, false],
      [1, 500, false],
    ]);
    // From loopback only the status is kept: the log would otherwise read this machine's own services.
    expect(log.items[2]).toMatchObject({ responseExcerpt: null, error: "HTTP 500", deliveryState: "delivered" });
    expect(log.items[1]).toMatchObject({ error: "connection failed" });
    expect(typeof log.items[1]?.nextRetryAt).toBe("string");
    expect(log.items[0]).toMatchObject({ nextRetryAt: null });
    const endpoint = (await ws.get(`/v1/webhooks/${hook.id}`)).body;
    expect(endpoint.failingSince).toBeNull();
  });

  it("retries a dead endpoint on the documented schedule, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, and fails the delivery after the eighth attempt", async () => {
    // API-DECISIONS "Webhook delivery", written out here rather than read from the code, so a changed delay fails this test.
    const delays = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    const hook = await ws.createWebhook({ url: r.url });
    r.behaviour = () => ({ status: 503, body: "always down" });
    await connect(ws, "threads", "never-answers");
    await drain();
    expect(r.received).toHaveLength(1);
    for (const [i, delay] of delays.entries()) {
      t.clock.advance(delay - 1);
      await drain();
      expect(r.received, `attempt ${i + 2} is not sent before ${delay} ms`).toHaveLength(i + 1);
      t.clock.advance(1);
      await drain();
      expect(r.received, `attempt ${i + 2} is sent ${delay} ms after attempt ${i + 1}`).toHaveLength(i + 2);
      expect(r.received[i + 1]?.headers["service-delivery-attempt"]).toBe(String(i + 2));
    }
    t.clock.advance(2 * 24 * 3_600_000);
    await drain();
    expect(r.received).toHaveLength(8);
    const log = (await ws.get(`/v1/webhooks/${hook.id}/deliveries?limit=20`)).body;
    const oldestFirst = [...log.items].reverse();
    expect(oldestFirst.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(oldestFirst.map((a) => (a.nextRetryAt === null ? null : Date.parse(a.nextRetryAt) - Date.parse(a.createdAt)))).toEqual([...delays, null]);
    expect(oldestFirst[7]?.deliveryState).toBe("failed");
  });

  it("sends post.processing when an immediate publish waits on an asynchronous network, then post.published", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await ws.createWebhook({ url: r.url, events: ["post.processing", "post.published", "post.failed", "post.partial"] });
    const account = await connect(ws, "tiktok", "async-clip");
    const upload = await ws.post("/v1/media", undefined, { raw: jpeg(1080, 1920), headers: { "content-type": "image/jpeg" } });
    const media = upload.body.id;
    const created = await ws.post("/v1/posts", { text: "async hello", accounts: [account.id], media: [media], platformOptions: { tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE", title: "async" } } });
    const post = created.body;
    expect(post.state).toBe("processing");
    await drain();
    expect(r.received.length).toBeGreaterThanOrEqual(1);
    expect(bodyOf(r, 0)).toMatchObject({ type: "post.processing", data: { id: post.id, state: "processing", targets: [{ platform: "tiktok", state: "processing" }] } });
    for (let i = 0; i < 20 && !r.received.some((_, n) => bodyOf(r, n).type === "post.published"); i++) {
      t.clock.advance(30_000);
      await drain();
    }
    expect(r.received.map((_, i) => bodyOf(r, i).type)).toEqual(["post.processing", "post.published"]);
    expect(new Set(r.received.map((_, i) => bodyOf(r, i).id)).size).toBe(2);
  });

  it("delivers message.received, comment.received and mention.received with what a reply needs, and never the account's own replies", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    const hook = await ws.createWebhook({ url: r.url, events: ["message.received", "comment.received", "mention.received"] });
    const connected = await connect(ws, "instagram", "inbox-brand");
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, connected.id));
    if (!row) throw new Error("no account");
    const account = { id: row.id, platform: row.platform, handle: row.handle, networkUserId: row.networkUserId };
    const person = { id: "17841400000000001", handle: "fan", displayName: "A Fan", avatarUrl: null, url: "https://www.instagram.com/fan" };
    const own = { id: row.networkUserId, handle: row.handle, displayName: null, avatarUrl: null, url: null };
    const at = t.clock.now();
    const record = (activity: Parameters<typeof recordInboundEvent>[2]["activity"]) =>
      t.db.transaction((tx) => recordInboundEvent(tx, tableJobQueue, { workspaceId: ws.id, mode: "test", account, activity, at }));
    await record({ kind: "message.received", from: person, messageId: "mid.1", conversationId: "conv.1", text: "hi there", hasAttachments: false, receivedAt: at });
    await record({ kind: "comment.received", author: person, commentId: "c.1", postId: "post_x", networkPostId: "m.1", parentId: null, text: "love it", createdAt: at });
    await record({ kind: "mention.received", author: person, networkPostId: "m.2", url: "https://www.instagram.com/p/abc", text: "@inbox-brand look", createdAt: at });
    expect(await record({ kind: "comment.received", author: own, commentId: "c.2", postId: "post_x", networkPostId: "m.1", parentId: "c.1", text: "thanks!", createdAt: at })).toBeNull();
    expect(await record({ kind: "message.received", from: own, messageId: "mid.2", conversationId: "conv.1", text: "our answer", hasAttachments: false, receivedAt: at })).toBeNull();
    await drain();
    expect(r.received.map((_, i) => bodyOf(r, i).type)).toEqual(["message.received", "comment.received", "mention.received"]);
    for (const d of r.received) expect(verifySignature(d, hook.secret, nowSeconds())).toBe(true);
    expect(bodyOf(r, 0).data).toEqual({
      account: account.id,
      platform: "instagram",
      handle: "inbox-brand",
      from: person.id,
      sender: { ...person, platform: "instagram" },
      conversationId: "conv.1",
      messageId: "mid.1",
      text: "hi there",
      hasAttachments: false,
      receivedAt: at.toISOString(),
      replyBy: new Date(at.getTime() + 24 * 3_600_000).toISOString(),
    });
    expect(bodyOf(r, 1).data).toMatchObject({
      id: "c.1",
      account: account.id,
      platform: "instagram",
      postId: "post_x",
      networkPostId: "m.1",
      text: "love it",
      author: { id: person.id, handle: "fan" },
    });
    expect(bodyOf(r, 2).data).toMatchObject({ account: account.id, networkPostId: "m.2", url: "https://www.instagram.com/p/abc", author: { handle: "fan" } });
    const recorded = await t.db.select().from(events).where(eq(events.workspaceId, ws.id));
    expect(recorded.map((e) => e.type).sort()).toEqual(["account.connected", "comment.received", "mention.received", "message.received"]);
  });
});

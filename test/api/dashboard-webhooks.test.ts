import { beforeAll, describe, expect, it } from "vitest";
import { DashboardSession } from "../support/dashboard-session.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { verifySignature } from "../support/webhook-receiver.js";
import { testWorkspace } from "../support/workspace-fixture.js";

const secretOf = (html: string) => /id="new-secret">([^<]+)</.exec(html)?.[1] ?? "";
const endpointIdOf = (html: string) => /href="\/dashboard\/webhooks\/(whk_[A-Za-z0-9]+)"/.exec(html)?.[1] ?? "";

describe("dashboard webhooks page over the /v1/webhooks domain functions", { timeout: 90_000 }, () => {
  let t: TestApp;
  const receiver = useWebhookReceivers();
  beforeAll(async () => {
    t = await createTestApp({ deps: { loopbackWebhooks: true } });
  });
  const drain = () => t.drainJobs();

  it("adds an endpoint with its secret shown once, sends a test, shows the log, redelivers, rotates and deletes", async () => {
    const ws = await testWorkspace(t);
    const r = await receiver();
    const session = await DashboardSession.open(t, ws);
    const empty = await session.page("/dashboard/webhooks");
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('id="no-endpoints"');
    expect(empty.html).toContain('href="/dashboard/webhooks" aria-current="page"');

    const added = await session.submit("/dashboard/webhooks", { url: r.url, events: ["webhook.test", "post.failed"] });
    expect(added.status).toBe(201);
    const secret = secretOf(added.html);
    expect(secret).toMatch(/^whsec_/);
    const id = endpointIdOf(added.html);
    expect(id).toMatch(/^whk_/);
    expect(added.html).toContain("webhook.test, post.failed");
    // The same endpoint over the API, and the secret never again.
    const viaApi = (await ws.get(`/v1/webhooks/${id}`)).body;
    expect(viaApi).toMatchObject({ url: r.url, events: ["webhook.test", "post.failed"] });
    expect((await session.page("/dashboard/webhooks")).html).not.toContain(secret);

    const tested = await session.submit(`/dashboard/webhooks/${id}/test`, {});
    expect(tested.status).toBe(303);
    expect(tested.location).toBe(`/dashboard/webhooks/${id}?done=test_sent`);
    await drain();
    expect(r.received).toHaveLength(1);
    const first = r.received[0];
    if (!first) throw new Error("no delivery");
    expect(verifySignature(first, secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);
    const event = (JSON.parse(first.rawBody) as { id: string }).id;

    const detail = await session.page(`/dashboard/webhooks/${id}?done=test_sent`);
    expect(detail.html).toContain("A webhook.test event was sent");
    expect(detail.html).toContain(`<code>${event}</code>`);
    expect(detail.html).toMatch(/delivered \(HTTP 200/);
    expect(detail.html).not.toContain(secret);

    const redelivered = await session.submit(`/dashboard/webhooks/${id}/redeliver`, { event });
    expect(redelivered.location).toBe(`/dashboard/webhooks/${id}?done=redelivered`);
    await drain();
    expect(r.received).toHaveLength(2);
    expect((JSON.parse(r.received[1]?.rawBody ?? "{}") as { id: string }).id).toBe(event);

    const rotated = await session.submit(`/dashboard/webhooks/${id}/rotate`, { window: "0", confirmed: "yes" });
    expect(rotated.status).toBe(200);
    const next = secretOf(rotated.html);
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    expect(rotated.html).not.toContain("keeps signing beside it");
    await session.submit(`/dashboard/webhooks/${id}/test`, {});
    await drain();
    const third = r.received[2];
    if (!third) throw new Error("no delivery after rotation");
    expect(verifySignature(third, next, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);
    expect(verifySignature(third, secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(false);

    const deleted = await session.submit(`/dashboard/webhooks/${id}/delete`, { confirmed: "yes" });
    expect(deleted.location).toBe("/dashboard/webhooks?done=removed");
    expect((await ws.get(`/v1/webhooks/${id}`)).status).toBe(404);
    expect((await session.page("/dashboard/webhooks?done=removed")).html).toContain('id="no-endpoints"');
  });

  it("refuses a bad URL, an unknown event and an off-list rotation window with a page that says why, storing nothing", async () => {
    const ws = await testWorkspace(t);
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/webhooks");
    const badUrl = await session.submit("/dashboard/webhooks", { url: "not a url" });
    expect(badUrl.status).toBe(400);
    const badEvent = await session.submit("/dashboard/webhooks", { url: "https://example.com/hook", events: ["post.exploded"] });
    expect(badEvent.status).toBe(400);
    expect(badEvent.html).toContain("post.exploded");
    expect((await ws.get("/v1/webhooks")).body.items).toEqual([]);

    const r = await receiver();
    const added = await session.submit("/dashboard/webhooks", { url: r.url });
    const id = endpointIdOf(added.html);
    expect(added.html).toContain("every event");
    const odd = await session.submit(`/dashboard/webhooks/${id}/rotate`, { window: "12345", confirmed: "yes" });
    expect(odd.status).toBe(400);
  });

  it("refuses a form without this session's CSRF token", async () => {
    const ws = await testWorkspace(t);
    const session = await DashboardSession.open(t, ws);
    const forged = await session.submit("/dashboard/webhooks", { url: "https://example.com/hook" }, { csrf: "forged" });
    expect(forged.status).toBe(403);
    expect((await ws.get("/v1/webhooks")).body.items).toEqual([]);
  });

  it("shows another workspace's endpoint to nobody: every page and action is a 404 and changes nothing", async () => {
    const a = await testWorkspace(t);
    const b = await testWorkspace(t);
    const r = await receiver();
    const created = (await a.post("/v1/webhooks", { url: r.url })).body;
    await a.post(`/v1/webhooks/${created.id}/test`);
    await drain();
    const event = (JSON.parse(r.received[0]?.rawBody ?? "{}") as { id: string }).id;
    const session = await DashboardSession.open(t, b);
    expect((await session.page("/dashboard/webhooks")).html).not.toContain(created.id);
    expect((await session.page(`/dashboard/webhooks/${created.id}`)).status).toBe(404);
    for (const [action, form] of [
      ["test", {}],
      ["redeliver", { event }],
      ["rotate", { window: "0" }],
      ["delete", {}],
    ] as const) {
      const response = await session.submit(`/dashboard/webhooks/${created.id}/${action}`, { ...form, confirmed: "yes" });
      expect(response.status, action).toBe(404);
      expect(response.html).not.toContain(r.url);
    }
    await drain();
    expect(r.received).toHaveLength(1);
    expect((await a.get(`/v1/webhooks/${created.id}`)).status).toBe(200);
  });
});

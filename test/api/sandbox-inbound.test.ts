import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, inboundRoutes, sandboxRecords } from "../../src/db/schema/index.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { jpeg } from "../unit/media-fixtures.js";

let t: TestApp;
const receiver = useWebhookReceivers();
beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
});

let counter = 0;
async function connect(ws: TestWorkspace, platform: PlatformId, extra: Record<string, string> = {}): Promise<{ id: string; handle: string }> {
  counter += 1;
  const handle = platform === "bluesky" ? `inb${counter}.test` : `inbound-${platform}-${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}), ...extra };
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json });
  expect(response.status, await response.clone().text()).toBe(201);
  const body = (await response.json()) as { id: string; handle: string };
  return { id: body.id, handle: body.handle };
}

/** A comment needs a post to land on: a page post, an image, a text post. */
async function publish(ws: TestWorkspace, platform: PlatformId, account: string): Promise<void> {
  let json: Record<string, unknown> = { text: "Something to comment on", accounts: [account] };
  if (platform === "facebook") {
    const targets = (await (await ws.request(`/v1/social-accounts/${account}/targets`)).json()) as { items: { id: string }[] };
    json = { ...json, platformOptions: { facebook: { pageId: targets.items[0]?.id } } };
  }
  if (platform === "instagram") {
    const upload = await ws.request("/v1/media", { method: "POST", body: jpeg(1080, 1080), headers: { "content-type": "image/jpeg" } });
    json = { ...json, media: [((await upload.json()) as { id: string }).id] };
  }
  const created = await ws.request("/v1/posts", { method: "POST", json });
  expect(created.status, await created.clone().text()).toBe(201);
  t.clock.advance(60_000);
  await t.drainJobs();
}

const inbound = (ws: TestWorkspace, id: string, json: unknown) => ws.request(`/v1/sandbox/social-accounts/${id}/inbound`, { method: "POST", json });
const received = (ws: TestWorkspace) =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, ws.id), inArray(events.type, ["comment.received", "mention.received", "message.received"])));
const simulated = (ws: TestWorkspace) =>
  t.db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.workspaceId, ws.id), inArray(sandboxRecords.kind, ["inbound_comment", "inbound_mention", "inbound_message"])));

describe("POST /v1/sandbox/social-accounts/{id}/inbound", () => {
  it("Facebook: after POST /webhook, a comment and a message arrive through the signed Meta callback", async () => {
    const ws = await t.workspace({ grantCredits: 10 });
    const { id } = await connect(ws, "facebook");
    await publish(ws, "facebook", id);
    expect(await errorOf(await inbound(ws, id, { kind: "comment", text: "Hello?" }))).toMatchObject({ code: "webhook_not_subscribed", type: "conflict", platform: "facebook" });
    expect(await simulated(ws)).toHaveLength(0);

    expect((await ws.request(`/v1/social-accounts/${id}/webhook`, { method: "POST", json: {} })).status).toBe(200);
    const routes = await t.db.select().from(inboundRoutes).where(eq(inboundRoutes.accountId, id));
    expect(routes.length).toBeGreaterThan(0);

    const comment = await inbound(ws, id, { kind: "comment", text: "Is this in blue?", from: "ada.visitor" });
    expect(comment.status, await comment.clone().text()).toBe(200);
    const result = (await comment.json()) as Record<string, unknown>;
    expect(result).toMatchObject({ account: id, platform: "facebook", kind: "comment", recorded: true });
    expect(String(result.networkPostId)).toMatch(new RegExp(`^${routes[0]?.objectId}_`));
    const message = (await (await inbound(ws, id, { kind: "message", text: "Are you open today?" })).json()) as Record<string, unknown>;
    expect(message).toMatchObject({ kind: "message", networkPostId: null, recorded: true });

    const recorded = await received(ws);
    expect(recorded.map((e) => e.type).sort()).toEqual(["comment.received", "message.received"]);
    expect(recorded.find((e) => e.type === "comment.received")?.data).toMatchObject({ account: id, commentId: result.id, text: "Is this in blue?", author: { handle: "ada.visitor" } });
    expect(recorded.find((e) => e.type === "message.received")?.data).toEqual({
      account: id,
      platform: "facebook",
      handle: expect.any(String),
      from: expect.any(String),
      messageId: message.id,
      text: "Are you open today?",
      hasAttachments: false,
      receivedAt: t.clock.now().toISOString(),
      replyBy: new Date(t.clock.now().getTime() + 24 * 60 * 60_000).toISOString(),
    });
    // The comment is the page post's own comment; only the message is a record of the inbound route.
    expect(await simulated(ws)).toHaveLength(1);
  });

  it("Instagram and Threads deliver by the account's own id; the account's own reply records nothing", async () => {
    const ws = await t.workspace({ grantCredits: 10 });
    const ig = await connect(ws, "instagram");
    await publish(ws, "instagram", ig.id);
    expect(await errorOf(await inbound(ws, ig.id, { kind: "mention", text: "look @ this" }))).toMatchObject({ code: "webhook_not_subscribed", platform: "instagram" });
    expect((await ws.request(`/v1/social-accounts/${ig.id}/webhook`, { method: "POST", json: { fields: ["feed", "mention"] } })).status).toBe(200);
    expect(await errorOf(await inbound(ws, ig.id, { kind: "message", text: "dm" }))).toMatchObject({ code: "webhook_not_subscribed" });
    expect(await (await inbound(ws, ig.id, { kind: "mention", text: "look @ this" })).json()).toMatchObject({ recorded: true });
    expect(await (await inbound(ws, ig.id, { kind: "comment", text: "thanks!", from: ig.handle })).json()).toMatchObject({ recorded: false });
    const viaPage = await connect(ws, "instagram", { variant: "facebook_login" });
    expect((await ws.request(`/v1/social-accounts/${viaPage.id}/webhook`, { method: "POST", json: {} })).status).toBe(200);
    expect(await (await inbound(ws, viaPage.id, { kind: "message", text: "hello via page" })).json()).toMatchObject({ recorded: true });
    const th = await connect(ws, "threads");
    await publish(ws, "threads", th.id);
    expect(await (await inbound(ws, th.id, { kind: "comment", text: "reply" })).json()).toMatchObject({ recorded: true });
    expect((await received(ws)).map((e) => [e.type, e.data.account])).toEqual([
      ["mention.received", ig.id],
      ["message.received", viaPage.id],
      ["comment.received", th.id],
    ]);
  });

  it("polled networks: the account's inbox poll records the network's own reply, on the post Chorus published", async () => {
    const ws = await t.workspace({ grantCredits: 10 });
    const r = await receiver();
    expect((await ws.request("/v1/webhooks", { method: "POST", json: { url: r.url, events: ["comment.received"] } })).status).toBe(201);
    const { id } = await connect(ws, "bluesky");
    const posted = await ws.request("/v1/posts", { method: "POST", json: { text: "Hello sandbox", accounts: [id] } });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const post = (await posted.json()) as { id: string; targets: { networkPostId: string }[] };
    const result = (await (await inbound(ws, id, { kind: "comment", text: "Nice post" })).json()) as Record<string, unknown>;
    expect(result).toMatchObject({ platform: "bluesky", networkPostId: post.targets[0]?.networkPostId, recorded: true });
    expect(String(result.id)).toMatch(/^at:\/\/did:/);
    expect((await received(ws))[0]?.data).toMatchObject({ account: id, postId: post.id, networkPostId: post.targets[0]?.networkPostId, commentId: result.id, text: "Nice post" });
    // The item is the network's post, not a record of the inbound route.
    expect(await simulated(ws)).toHaveLength(0);
    await t.drainJobs();
    expect(r.received.map((d) => (JSON.parse(d.rawBody) as { type: string }).type)).toEqual(["comment.received"]);
  });

  it("refuses bad input, kinds the network lacks, other workspaces' accounts and live keys, storing nothing", async () => {
    const ws = await t.workspace();
    const { id } = await connect(ws, "threads");
    expect(await errorOf(await inbound(ws, id, { kind: "dm", text: "x" }))).toMatchObject({ param: "kind" });
    expect(await errorOf(await inbound(ws, id, { kind: "comment", text: "" }))).toMatchObject({ param: "text" });
    expect(await errorOf(await inbound(ws, id, { kind: "comment", text: "x", from: "not a handle!" }))).toMatchObject({ param: "from" });
    expect(await errorOf(await inbound(ws, id, { kind: "comment", text: "x", extra: 1 }))).toMatchObject({ code: "field_unknown", param: "extra" });
    const unsupported = await errorOf(await inbound(ws, id, { kind: "message", text: "x" }));
    expect(unsupported).toMatchObject({ code: "capability_unsupported", param: "kind", platform: "threads" });
    expect(unsupported.fix).toContain("comment or mention");
    const other = await t.workspace();
    expect(await errorOf(await inbound(other, id, { kind: "comment", text: "x" }))).toMatchObject({ code: "account_unknown", param: "id" });
    expect(await errorOf(await other.request(`/v1/social-accounts/${id}/webhook`, { method: "POST", json: {} }))).toMatchObject({ code: "account_unknown" });
    const live = await t.workspace({ mode: "live" });
    expect(await errorOf(await inbound(live, id, { kind: "comment", text: "x" }))).toMatchObject({ code: "sandbox_only" });
    expect(await received(ws)).toHaveLength(0);
    expect(await simulated(ws)).toHaveLength(0);
  });
});

describe("POST /v1/social-accounts/{id}/webhook refusals", () => {
  it("says why there is nothing to subscribe: Threads is app-level, the others are polled; nothing is stored", async () => {
    const ws = await t.workspace({ plan: "subscription" });
    const threads = await connect(ws, "threads");
    const twitter = await connect(ws, "twitter");
    const th = await errorOf(await ws.request(`/v1/social-accounts/${threads.id}/webhook`, { method: "POST", json: {} }));
    expect(th).toMatchObject({ code: "capability_unsupported", param: "id", platform: "threads" });
    expect(th.fix).toContain("/webhooks/meta");
    const tw = await errorOf(await ws.request(`/v1/social-accounts/${twitter.id}/webhook`, { method: "POST", json: { fields: ["feed"] } }));
    expect(tw).toMatchObject({ code: "capability_unsupported", param: "id", platform: "twitter" });
    expect(tw.fix).toContain("polling");
    expect(
      await t.db
        .select()
        .from(inboundRoutes)
        .where(inArray(inboundRoutes.accountId, [threads.id, twitter.id])),
    ).toEqual([]);
  });
});

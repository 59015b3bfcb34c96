import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, inboundRoutes, sandboxRecords } from "../../src/db/schema/index.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

let t: TestApp;
const receiver = useWebhookReceivers();
beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId, extra: Record<string, string> = {}) {
  counter += 1;
  return ws.connect(platform, { handle: platform === "bluesky" ? `inb${counter}.test` : `inbound-${platform}-${counter}`, ...extra });
}

/** A comment needs a post to land on: a page post, an image, a text post. */
async function publish(ws: WorkspaceFixture, platform: PlatformId, account: string): Promise<void> {
  let body: Record<string, unknown> = { text: "Something to comment on", accounts: [account] };
  if (platform === "facebook") {
    const targets = (await ws.get(`/v1/social-accounts/${account}/targets`)).body;
    body = { ...body, platformOptions: { facebook: { pageId: targets.items[0]?.id } } };
  }
  if (platform === "instagram") body = { ...body, media: [(await ws.upload(jpeg(1080, 1080), "image/jpeg")).id] };
  await ws.publish(body);
  t.clock.advance(60_000);
  await t.drainJobs();
}

const inbound = (ws: WorkspaceFixture, id: string, body: unknown) => ws.post(`/v1/sandbox/social-accounts/${id}/inbound`, body);
const subscribe = (ws: WorkspaceFixture, id: string, body: unknown = {}) => ws.post(`/v1/social-accounts/${id}/webhook`, body);
const received = (ws: WorkspaceFixture) =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, ws.id), inArray(events.type, ["comment.received", "mention.received", "message.received"])));
const simulated = (ws: WorkspaceFixture) =>
  t.db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.workspaceId, ws.id), inArray(sandboxRecords.kind, ["inbound_comment", "inbound_mention", "inbound_message"])));

describe("POST /v1/sandbox/social-accounts/{id}/inbound", () => {
  it("Facebook: after POST /webhook, a comment and a message arrive through the signed Meta callback", async () => {
    const ws = await testWorkspace(t, { grantCredits: 10 });
    const { id } = await connect(ws, "facebook");
    await publish(ws, "facebook", id);
    expect((await inbound(ws, id, { kind: "comment", text: "Hello?" })).error).toMatchObject({ code: "webhook_not_subscribed", type: "conflict", platform: "facebook" });
    expect(await simulated(ws)).toHaveLength(0);

    expect((await subscribe(ws, id)).status).toBe(200);
    const routes = await t.db.select().from(inboundRoutes).where(eq(inboundRoutes.accountId, id));
    expect(routes.length).toBeGreaterThan(0);

    const comment = await inbound(ws, id, { kind: "comment", text: "Is this in blue?", from: "ada.visitor" });
    expect(comment.status, comment.text).toBe(200);
    const result = comment.body;
    expect(result).toMatchObject({ account: id, platform: "facebook", kind: "comment", recorded: true });
    expect(String(result.networkPostId)).toMatch(new RegExp(`^${routes[0]?.objectId}_`));
    const message = (await inbound(ws, id, { kind: "message", text: "Are you open today?" })).body;
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
    const ws = await testWorkspace(t, { grantCredits: 10 });
    const ig = await connect(ws, "instagram");
    await publish(ws, "instagram", ig.id);
    expect((await inbound(ws, ig.id, { kind: "mention", text: "look @ this" })).error).toMatchObject({ code: "webhook_not_subscribed", platform: "instagram" });
    expect((await subscribe(ws, ig.id, { fields: ["feed", "mention"] })).status).toBe(200);
    expect((await inbound(ws, ig.id, { kind: "message", text: "dm" })).error).toMatchObject({ code: "webhook_not_subscribed" });
    expect((await inbound(ws, ig.id, { kind: "mention", text: "look @ this" })).body).toMatchObject({ recorded: true });
    expect((await inbound(ws, ig.id, { kind: "comment", text: "thanks!", from: ig.handle })).body).toMatchObject({ recorded: false });
    const viaPage = await connect(ws, "instagram", { variant: "facebook_login" });
    expect((await subscribe(ws, viaPage.id)).status).toBe(200);
    expect((await inbound(ws, viaPage.id, { kind: "message", text: "hello via page" })).body).toMatchObject({ recorded: true });
    const th = await connect(ws, "threads");
    await publish(ws, "threads", th.id);
    expect((await inbound(ws, th.id, { kind: "comment", text: "reply" })).body).toMatchObject({ recorded: true });
    expect((await received(ws)).map((e) => [e.type, e.data.account])).toEqual([
      ["mention.received", ig.id],
      ["message.received", viaPage.id],
      ["comment.received", th.id],
    ]);
  });

  it("polled networks: the account's inbox poll records the network's own reply, on the post Chorus published", async () => {
    const ws = await testWorkspace(t, { grantCredits: 10 });
    const r = await receiver();
    await ws.createWebhook({ url: r.url, events: ["comment.received"] });
    const { id } = await connect(ws, "bluesky");
    const post = await ws.publish({ text: "Hello sandbox", accounts: [id] });
    const result = (await inbound(ws, id, { kind: "comment", text: "Nice post" })).body;
    expect(result).toMatchObject({ platform: "bluesky", networkPostId: post.targets[0]?.networkPostId, recorded: true });
    expect(String(result.id)).toMatch(/^at:\/\/did:/);
    expect((await received(ws))[0]?.data).toMatchObject({ account: id, postId: post.id, networkPostId: post.targets[0]?.networkPostId, commentId: result.id, text: "Nice post" });
    // The item is the network's post, not a record of the inbound route.
    expect(await simulated(ws)).toHaveLength(0);
    await t.drainJobs();
    expect(r.received.map((d) => (JSON.parse(d.rawBody) as { type: string }).type)).toEqual(["comment.received"]);
  });

  it("refuses bad input, kinds the network lacks, other workspaces' accounts and live keys, storing nothing", async () => {
    const ws = await testWorkspace(t);
    const { id } = await connect(ws, "threads");
    expect((await inbound(ws, id, { kind: "dm", text: "x" })).error).toMatchObject({ param: "kind" });
    expect((await inbound(ws, id, { kind: "comment", text: "" })).error).toMatchObject({ param: "text" });
    expect((await inbound(ws, id, { kind: "comment", text: "x", from: "not a handle!" })).error).toMatchObject({ param: "from" });
    expect((await inbound(ws, id, { kind: "comment", text: "x", extra: 1 })).error).toMatchObject({ code: "field_unknown", param: "extra" });
    const unsupported = (await inbound(ws, id, { kind: "message", text: "x" })).error;
    expect(unsupported).toMatchObject({ code: "capability_unsupported", param: "kind", platform: "threads" });
    expect(unsupported.fix).toContain("comment or mention");
    const other = await ws.otherWorkspace();
    expect((await inbound(other, id, { kind: "comment", text: "x" })).error).toMatchObject({ code: "account_unknown", param: "id" });
    expect((await subscribe(other, id)).error).toMatchObject({ code: "account_unknown" });
    const live = await testWorkspace(t, { mode: "live" });
    expect((await inbound(live, id, { kind: "comment", text: "x" })).error).toMatchObject({ code: "sandbox_only" });
    expect(await received(ws)).toHaveLength(0);
    expect(await simulated(ws)).toHaveLength(0);
  });
});

describe("POST /v1/social-accounts/{id}/webhook refusals", () => {
  it("says why there is nothing to subscribe: Threads is app-level, the others are polled; nothing is stored", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const threads = await connect(ws, "threads");
    const twitter = await connect(ws, "twitter");
    const th = (await subscribe(ws, threads.id)).error;
    expect(th).toMatchObject({ code: "capability_unsupported", param: "id", platform: "threads" });
    expect(th.fix).toContain("/webhooks/meta");
    const tw = (await subscribe(ws, twitter.id, { fields: ["feed"] })).error;
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

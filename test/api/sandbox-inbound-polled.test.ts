import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, sandboxRecords } from "../../src/db/schema/index.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WebhookReceiver, verifySignature } from "../support/webhook-receiver.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { mp4 } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 10 item 8 on the polled networks: a sandbox comment or mention is the simulated network's
 * own reply, mention or comment thread, found by the account's inbox poll, so the id the event
 * carries is one the network answers to (reply, list), exactly as with a real person.
 */
let t: TestApp;
const receiver = useWebhookReceivers();
beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
});

type Polled = "twitter" | "bluesky" | "youtube" | "linkedin";
interface Delivered {
  id: string;
  type: string;
  data: Record<string, unknown>;
}
interface Comment {
  id: string;
  text: string;
  replies?: Comment[];
}

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId): Promise<{ id: string; handle: string }> {
  counter += 1;
  const handle = platform === "bluesky" ? `polled${counter}.test` : `polled-${platform}-${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) };
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** Publishes what the network takes: a video on YouTube, a company page's post on LinkedIn (member posts take no comments from apps), text elsewhere. */
async function publish(ws: WorkspaceFixture, platform: Polled, account: string): Promise<{ id: string; networkPostId: string }> {
  let json: Record<string, unknown> = { text: `Hello from the sandbox ${counter}`, accounts: [account] };
  if (platform === "youtube") {
    const upload = await ws.post("/v1/media", undefined, { raw: mp4(1920, 1080, { duration: 20_000 }), headers: { "content-type": "video/mp4" } });
    const media = upload.body.id;
    json = { ...json, media: [media], platformOptions: { youtube: { title: "Harbour" } } };
  }
  if (platform === "linkedin") {
    const targets = (await ws.get(`/v1/social-accounts/${account}/targets`)).body;
    json = { ...json, platformOptions: { linkedin: { author: targets.items[0]?.id } } };
  }
  const created = await ws.post("/v1/posts", json);
  expect(created.status, created.text).toBe(201);
  const id = created.body.id;
  t.clock.advance(60_000);
  await t.drainJobs();
  const post = (await ws.get(`/v1/posts/${id}`)).body;
  expect(post.state).toBe("published");
  return { id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

async function listen(ws: WorkspaceFixture, r: WebhookReceiver): Promise<string> {
  const hook = await ws.post("/v1/webhooks", { url: r.url, events: ["comment.received", "mention.received"] });
  expect(hook.status, hook.text).toBe(201);
  return hook.body.secret;
}

async function trigger(ws: WorkspaceFixture, account: string, json: Record<string, unknown>): Promise<{ id: string; networkPostId: string | null; recorded: boolean }> {
  t.clock.advance(1000);
  const response = await ws.post(`/v1/sandbox/social-accounts/${account}/inbound`, json);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const bodies = (r: WebhookReceiver): Delivered[] => r.received.map((d) => JSON.parse(d.rawBody) as Delivered);
const flatten = (items: Comment[]): Comment[] => items.flatMap((c) => [c, ...flatten(c.replies ?? [])]);

describe("sandbox comments on polled networks are the network's own items", () => {
  for (const platform of ["twitter", "bluesky", "youtube", "linkedin"] as const) {
    it(`${platform}: one signed comment.received per trigger, whose comment id takes a reply that the post's comments then list`, async () => {
      const ws = await testWorkspace(t, { plan: "subscription" });
      const r = await receiver();
      const secret = await listen(ws, r);
      const account = await connect(ws, platform);
      const post = await publish(ws, platform, account.id);

      const first = await trigger(ws, account.id, { kind: "comment", text: "Is this available in blue?", from: "ada.visitor" });
      expect(first).toMatchObject({ networkPostId: post.networkPostId, recorded: true });
      await t.drainJobs();
      expect(bodies(r).map((b) => b.type)).toEqual(["comment.received"]);
      expect(bodies(r)[0]?.data).toMatchObject({
        account: account.id,
        platform,
        commentId: first.id,
        postId: post.id,
        networkPostId: post.networkPostId,
        text: expect.stringContaining("Is this available in blue?"),
      });
      const delivery = r.received[0];
      if (!delivery) throw new Error("no delivery");
      expect(verifySignature(delivery, secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);

      t.clock.advance(1000);
      const reply = await ws.post(`/v1/comments/${encodeURIComponent(first.id)}/replies`, { account: account.id, text: "Yes, in blue too!" });
      expect(reply.status, reply.text).toBeLessThan(300);
      const listed = await ws.get(`/v1/posts/${post.id}/comments?nested=true`);
      expect(listed.status, listed.text).toBe(200);
      const all = flatten(listed.body.items);
      expect(all.map((c) => c.id)).toContain(first.id);
      expect(all.some((c) => c.text.includes("Yes, in blue too!"))).toBe(true);

      const second = await trigger(ws, account.id, { kind: "comment", text: "And in red?" });
      expect(second.recorded).toBe(true);
      expect(second.id).not.toBe(first.id);
      await t.drainJobs();
      // Exactly one more: the first comment and the account's own reply are not delivered again.
      expect(bodies(r).map((b) => [b.type, b.data.commentId])).toEqual([
        ["comment.received", first.id],
        ["comment.received", second.id],
      ]);
    });
  }

  for (const platform of ["twitter", "bluesky", "linkedin"] as const) {
    it(`${platform}: a mention is a post of the network that names the account (LinkedIn: its company page), delivered once`, async () => {
      const ws = await testWorkspace(t, { plan: "subscription" });
      const r = await receiver();
      await listen(ws, r);
      const account = await connect(ws, platform);
      const mention = await trigger(ws, account.id, { kind: "mention", text: "look at this", from: "ada.visitor" });
      expect(mention).toMatchObject({ recorded: true, networkPostId: mention.id });
      await t.drainJobs();
      expect(bodies(r).map((b) => b.type)).toEqual(["mention.received"]);
      expect(JSON.stringify(bodies(r)[0]?.data)).toContain(mention.id);
      const again = await trigger(ws, account.id, { kind: "mention", text: "and this" });
      await t.drainJobs();
      expect(bodies(r).map((b) => b.type)).toEqual(["mention.received", "mention.received"]);
      expect(again.id).not.toBe(mention.id);
    });
  }

  it("without a published post there is nothing to comment on: 404 naming the fix, nothing written", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "twitter");
    const refused = (await ws.post(`/v1/sandbox/social-accounts/${account.id}/inbound`, { kind: "comment", text: "hi" })).error;
    expect(refused).toMatchObject({ code: "resource_not_found", param: "id", platform: "twitter" });
    expect(refused.fix).toContain("POST /v1/posts");
    expect(
      await t.db
        .select()
        .from(events)
        .where(and(eq(events.workspaceId, ws.id), eq(events.type, "comment.received"))),
    ).toHaveLength(0);
  });

  it("without an endpoint listening, the item is created but nothing polls it (recorded: false)", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "bluesky");
    const result = await trigger(ws, account.id, { kind: "mention", text: "anyone there?" });
    expect(result.recorded).toBe(false);
    expect(result.id).toMatch(/^at:\/\//);
    expect(
      await t.db
        .select()
        .from(events)
        .where(and(eq(events.workspaceId, ws.id), inArray(events.type, ["comment.received", "mention.received"]))),
    ).toHaveLength(0);
  });

  it("another workspace's account id is 404 and nothing is written in either workspace", async () => {
    const owner = await testWorkspace(t, { plan: "subscription" });
    const other = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await listen(other, r);
    const account = await connect(owner, "twitter");
    await publish(owner, "twitter", account.id);
    const before = await t.db
      .select()
      .from(sandboxRecords)
      .where(inArray(sandboxRecords.workspaceId, [owner.id, other.id]));
    const refused = (await other.post(`/v1/sandbox/social-accounts/${account.id}/inbound`, { kind: "comment", text: "hi" })).error;
    expect(refused).toMatchObject({ code: "account_unknown", param: "id" });
    await t.drainJobs();
    expect(r.received).toEqual([]);
    expect(
      await t.db
        .select()
        .from(sandboxRecords)
        .where(inArray(sandboxRecords.workspaceId, [owner.id, other.id])),
    ).toHaveLength(before.length);
    expect(
      await t.db
        .select()
        .from(events)
        .where(and(inArray(events.workspaceId, [owner.id, other.id]), inArray(events.type, ["comment.received", "mention.received"]))),
    ).toHaveLength(0);
  });
});

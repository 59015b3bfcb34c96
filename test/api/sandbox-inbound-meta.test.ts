import { beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import type { WebhookReceiver } from "../support/webhook-receiver.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { jpeg } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 23 item 7: a sandbox comment on Facebook, Instagram or Threads is the simulated network's
 * own comment on the account's post, so the id its `comment.received` carries is one the public
 * API answers to: the post's comments list it, and reply, hide and delete work on it.
 */
let t: TestApp;
const receiver = useWebhookReceivers();
beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
});

type Meta = "facebook" | "instagram" | "threads";
interface Comment {
  id: string;
  text: string;
  hidden?: boolean | null;
  replies?: Comment[];
}
interface Delivered {
  type: string;
  data: Record<string, unknown>;
}

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId): Promise<string> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform, handle: `meta-inbound-${platform}-${counter}` });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

/** What each network publishes: a page post on Facebook, an image on Instagram, text on Threads. */
async function publish(ws: WorkspaceFixture, platform: Meta, account: string): Promise<{ id: string; networkPostId: string }> {
  let json: Record<string, unknown> = { text: `Hello from the sandbox ${counter}`, accounts: [account] };
  if (platform === "facebook") {
    const targets = (await ws.get(`/v1/social-accounts/${account}/targets`)).body;
    json = { ...json, platformOptions: { facebook: { pageId: targets.items[0]?.id } } };
  }
  if (platform === "instagram") {
    const upload = await ws.post("/v1/media", undefined, { raw: jpeg(1080, 1080), headers: { "content-type": "image/jpeg" } });
    json = { ...json, media: [upload.body.id] };
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

const flatten = (items: Comment[]): Comment[] => items.flatMap((c) => [c, ...flatten(c.replies ?? [])]);
const bodies = (r: WebhookReceiver): Delivered[] => r.received.map((d) => JSON.parse(d.rawBody) as Delivered);

async function comments(ws: WorkspaceFixture, post: string): Promise<Comment[]> {
  const listed = await ws.get(`/v1/posts/${post}/comments?nested=true`);
  expect(listed.status, listed.text).toBe(200);
  const body = listed.body;
  expect(body.problems).toEqual([]);
  return flatten(body.items);
}

describe("sandbox inbound comments on the Meta networks are the network's own comments", () => {
  for (const platform of ["facebook", "instagram", "threads"] as const) {
    it(`${platform}: inject → comment.received → listed → reply → hide → delete (Threads: own reply only), all through the public API`, async () => {
      const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
      const r = await receiver();
      const hook = await ws.post("/v1/webhooks", { url: r.url, events: ["comment.received"] });
      expect(hook.status, hook.text).toBe(201);
      const account = await connect(ws, platform);
      if (platform !== "threads") expect((await ws.post(`/v1/social-accounts/${account}/webhook`, {})).status).toBe(200);
      const post = await publish(ws, platform, account);

      t.clock.advance(1000);
      const injected = await ws.post(`/v1/sandbox/social-accounts/${account}/inbound`, { kind: "comment", text: "Is this available in blue?", from: "ada.visitor" });
      expect(injected.status, injected.text).toBe(200);
      const result = injected.body;
      expect(result).toMatchObject({ networkPostId: post.networkPostId, recorded: true });
      await t.drainJobs();
      expect(bodies(r).map((b) => b.type)).toEqual(["comment.received"]);
      const commentId = String(bodies(r)[0]?.data.commentId);
      expect(commentId).toBe(result.id);
      expect(bodies(r)[0]?.data).toMatchObject({ account, platform, postId: post.id, networkPostId: post.networkPostId, text: "Is this available in blue?" });

      expect((await comments(ws, post.id)).map((c) => c.id)).toContain(commentId);

      t.clock.advance(1000);
      const reply = await ws.post(`/v1/comments/${encodeURIComponent(commentId)}/replies`, { account, text: "Yes, in blue too!" });
      expect(reply.status, reply.text).toBeLessThan(300);
      expect((await comments(ws, post.id)).some((c) => c.text === "Yes, in blue too!")).toBe(true);

      const hide = await ws.post(`/v1/comments/${encodeURIComponent(commentId)}/hide`, { account, hidden: true });
      expect(hide.status, hide.text).toBe(200);
      const hidden = (await comments(ws, post.id)).find((c) => c.id === commentId);
      if (hidden) expect(hidden.hidden).toBe(true);

      if (platform === "threads") {
        // Threads deletes only the account's own posts and replies (threads.md): someone else's is hidden instead.
        const refused = (await ws.delete(`/v1/comments/${encodeURIComponent(commentId)}`, { account })).error;
        expect(refused).toMatchObject({ code: "comment_delete_unsupported", platform: "threads" });
        const own = reply.body.id;
        const removed = await ws.delete(`/v1/comments/${encodeURIComponent(own)}`, { account });
        expect(removed.status, removed.text).toBe(200);
        expect((await comments(ws, post.id)).map((c) => c.id)).not.toContain(own);
        return;
      }
      const removed = await ws.delete(`/v1/comments/${encodeURIComponent(commentId)}`, { account });
      expect(removed.status, removed.text).toBe(200);
      expect((await comments(ws, post.id)).map((c) => c.id)).not.toContain(commentId);
    });
  }

  it("without a published post there is nothing to comment on: 404 naming the fix, nothing delivered", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "threads");
    const refused = (await ws.post(`/v1/sandbox/social-accounts/${account}/inbound`, { kind: "comment", text: "hi" })).error;
    expect(refused).toMatchObject({ code: "resource_not_found", param: "id", platform: "threads" });
    expect(refused.fix).toContain("POST /v1/posts");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";
import type { WebhookReceiver } from "../support/webhook-receiver.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { jpeg } from "../unit/media-fixtures.js";

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
async function connect(ws: TestWorkspace, platform: PlatformId): Promise<string> {
  counter += 1;
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle: `meta-inbound-${platform}-${counter}` } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** What each network publishes: a page post on Facebook, an image on Instagram, text on Threads. */
async function publish(ws: TestWorkspace, platform: Meta, account: string): Promise<{ id: string; networkPostId: string }> {
  let json: Record<string, unknown> = { text: `Hello from the sandbox ${counter}`, accounts: [account] };
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
  const id = ((await created.json()) as { id: string }).id;
  t.clock.advance(60_000);
  await t.drainJobs();
  const post = (await (await ws.request(`/v1/posts/${id}`)).json()) as { state: string; targets: { networkPostId: string }[] };
  expect(post.state).toBe("published");
  return { id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

const flatten = (items: Comment[]): Comment[] => items.flatMap((c) => [c, ...flatten(c.replies ?? [])]);
const bodies = (r: WebhookReceiver): Delivered[] => r.received.map((d) => JSON.parse(d.rawBody) as Delivered);

async function comments(ws: TestWorkspace, post: string): Promise<Comment[]> {
  const listed = await ws.request(`/v1/posts/${post}/comments?nested=true`);
  expect(listed.status, await listed.clone().text()).toBe(200);
  const body = (await listed.json()) as { items: Comment[]; problems: unknown[] };
  expect(body.problems).toEqual([]);
  return flatten(body.items);
}

describe("sandbox inbound comments on the Meta networks are the network's own comments", () => {
  for (const platform of ["facebook", "instagram", "threads"] as const) {
    it(`${platform}: inject → comment.received → listed → reply → hide → delete (Threads: own reply only), all through the public API`, async () => {
      const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
      const r = await receiver();
      const hook = await ws.request("/v1/webhooks", { method: "POST", json: { url: r.url, events: ["comment.received"] } });
      expect(hook.status, await hook.clone().text()).toBe(201);
      const account = await connect(ws, platform);
      if (platform !== "threads") expect((await ws.request(`/v1/social-accounts/${account}/webhook`, { method: "POST", json: {} })).status).toBe(200);
      const post = await publish(ws, platform, account);

      t.clock.advance(1000);
      const injected = await ws.request(`/v1/sandbox/social-accounts/${account}/inbound`, { method: "POST", json: { kind: "comment", text: "Is this available in blue?", from: "ada.visitor" } });
      expect(injected.status, await injected.clone().text()).toBe(200);
      const result = (await injected.json()) as { id: string; networkPostId: string; recorded: boolean };
      expect(result).toMatchObject({ networkPostId: post.networkPostId, recorded: true });
      await t.drainJobs();
      expect(bodies(r).map((b) => b.type)).toEqual(["comment.received"]);
      const commentId = String(bodies(r)[0]?.data.commentId);
      expect(commentId).toBe(result.id);
      expect(bodies(r)[0]?.data).toMatchObject({ account, platform, postId: post.id, networkPostId: post.networkPostId, text: "Is this available in blue?" });

      expect((await comments(ws, post.id)).map((c) => c.id)).toContain(commentId);

      t.clock.advance(1000);
      const reply = await ws.request(`/v1/comments/${encodeURIComponent(commentId)}/replies`, { method: "POST", json: { account, text: "Yes, in blue too!" } });
      expect(reply.status, await reply.clone().text()).toBeLessThan(300);
      expect((await comments(ws, post.id)).some((c) => c.text === "Yes, in blue too!")).toBe(true);

      const hide = await ws.request(`/v1/comments/${encodeURIComponent(commentId)}/hide`, { method: "POST", json: { account, hidden: true } });
      expect(hide.status, await hide.clone().text()).toBe(200);
      const hidden = (await comments(ws, post.id)).find((c) => c.id === commentId);
      if (hidden) expect(hidden.hidden).toBe(true);

      if (platform === "threads") {
        // Threads deletes only the account's own posts and replies (threads.md): someone else's is hidden instead.
        const refused = await errorOf(await ws.request(`/v1/comments/${encodeURIComponent(commentId)}`, { method: "DELETE", json: { account } }));
        expect(refused).toMatchObject({ code: "comment_delete_unsupported", platform: "threads" });
        const own = ((await reply.json()) as { id: string }).id;
        const removed = await ws.request(`/v1/comments/${encodeURIComponent(own)}`, { method: "DELETE", json: { account } });
        expect(removed.status, await removed.clone().text()).toBe(200);
        expect((await comments(ws, post.id)).map((c) => c.id)).not.toContain(own);
        return;
      }
      const removed = await ws.request(`/v1/comments/${encodeURIComponent(commentId)}`, { method: "DELETE", json: { account } });
      expect(removed.status, await removed.clone().text()).toBe(200);
      expect((await comments(ws, post.id)).map((c) => c.id)).not.toContain(commentId);
    });
  }

  it("without a published post there is nothing to comment on: 404 naming the fix, nothing delivered", async () => {
    const ws = await t.workspace({ plan: "subscription" });
    const account = await connect(ws, "threads");
    const refused = await errorOf(await ws.request(`/v1/sandbox/social-accounts/${account}/inbound`, { method: "POST", json: { kind: "comment", text: "hi" } }));
    expect(refused).toMatchObject({ code: "resource_not_found", param: "id", platform: "threads" });
    expect(refused.fix).toContain("POST /v1/posts");
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, inboxPollCursors } from "../../src/db/schema/index.js";
import { maxPollIntervalMs } from "../../src/domain/inbox/polling/poll-intervals.js";
import { planInboxPolls } from "../../src/domain/inbox/polling/poll-shards.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WebhookReceiver, verifySignature } from "../support/webhook-receiver.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { mp4 } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 9 item 1 and issue 10 item 6 for YouTube: the comments on the channel's videos are its
 * notifications (kind `replies`), and the notifications poll turns them into comment.received.
 */
let t: TestApp;
let runtime: JobRuntime;
const receiver = useWebhookReceivers();

beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
  runtime = t.jobRuntime();
});

interface Notification {
  account: string;
  platform: string;
  kind: string;
  id: string;
  actor: { handle: string; platform: string };
  subject: { postId: string | null; networkPostId: string; url: string | null } | null;
  text: string | null;
}

let counter = 0;
async function connect(ws: WorkspaceFixture): Promise<{ id: string; handle: string }> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform: "youtube", handle: `yt.poll${counter}` });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function publishVideo(ws: WorkspaceFixture, account: string): Promise<{ id: string; networkPostId: string }> {
  const upload = await ws.post("/v1/media", undefined, { raw: mp4(1920, 1080, { duration: 20_000 }), headers: { "content-type": "video/mp4" } });
  const media = upload.body.id;
  const created = (await ws.post("/v1/posts", { text: "Harbour timelapse", media: [media], accounts: [account], platformOptions: { youtube: { title: "Harbour" } } })).body;
  t.clock.advance(60_000);
  await t.drainJobs();
  const post = (await ws.get(`/v1/posts/${created.id}`)).body;
  expect(post.state).toBe("published");
  return { id: created.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

async function comment(ws: WorkspaceFixture, account: string, post: string, actor: string, text: string): Promise<string> {
  t.clock.advance(1000);
  const response = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "reply", post, actor, text });
  expect(response.status, response.text).toBe(201);
  return response.body.networkId;
}

async function notifications(ws: WorkspaceFixture, account: string): Promise<{ items: Notification[]; problems: unknown[] }> {
  const response = await ws.get(`/v1/notifications?account=${account}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** One round in which every channel is due whatever its quiet backoff: the planner queues the shards, the runner runs them. */
async function pollRound() {
  t.clock.advance(maxPollIntervalMs("youtube"));
  await planInboxPolls(runtime);
  await t.drainJobs();
}

const bodies = (r: WebhookReceiver) => r.received.map((d) => JSON.parse(d.rawBody) as { id: string; type: string; data: Record<string, unknown> });

describe("YouTube comments as notifications", () => {
  it("GET /v1/notifications lists a viewer's comment as `replies` on the video; the channel's own comment is none", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws);
    const video = await publishVideo(ws, account.id);
    const id = await comment(ws, account.id, video.id, "viewer.ana", "how did you film this?");
    await comment(ws, account.id, video.id, account.handle, "thanks all for watching");
    const { items, problems } = await notifications(ws, account.id);
    expect(problems).toEqual([]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      account: account.id,
      platform: "youtube",
      kind: "replies",
      id,
      text: "how did you film this?",
      actor: { handle: expect.stringContaining("viewer.ana"), platform: "youtube" },
      subject: { postId: video.id, networkPostId: video.networkPostId, url: `https://www.youtube.com/watch?v=${video.networkPostId}` },
    });
  });

  it("GET /v1/platforms says YouTube reads notifications, without a seen mark", async () => {
    const ws = await testWorkspace(t);
    const response = await ws.get("/v1/platforms/youtube");
    expect(response.status).toBe(200);
    const youtube = response.body;
    expect(youtube?.reads).toContain("notifications");
    expect(youtube?.reads).not.toContain("notifications_seen");
  });

  it("the poll baselines, then delivers a new comment as comment.received once, signed; the channel's own comment never", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    const hook = await ws.post("/v1/webhooks", { url: r.url, events: ["comment.received"] });
    expect(hook.status, hook.text).toBe(201);
    const { secret } = hook.body;
    const account = await connect(ws);
    const video = await publishVideo(ws, account.id);
    await comment(ws, account.id, video.id, "viewer.old", "an old comment");

    await pollRound();
    expect(r.received).toEqual([]);
    const [cursor] = await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account.id));
    expect(cursor).toMatchObject({ feed: "notifications", lastError: null });

    const commentId = await comment(ws, account.id, video.id, "viewer.new", "love the colours");
    await comment(ws, account.id, video.id, account.handle, "my own note");
    await pollRound();
    expect(bodies(r).map((b) => b.type)).toEqual(["comment.received"]);
    expect(bodies(r)[0]?.data).toMatchObject({
      account: account.id,
      platform: "youtube",
      commentId,
      postId: video.id,
      networkPostId: video.networkPostId,
      text: "love the colours",
      author: { handle: expect.stringContaining("viewer.new") },
    });
    const delivery = r.received[0];
    if (!delivery) throw new Error("no delivery");
    expect(verifySignature(delivery, secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);

    await pollRound();
    await pollRound();
    expect(r.received).toHaveLength(1);
    const logged = await t.db.select().from(events).where(eq(events.workspaceId, ws.id));
    expect(logged.filter((e) => e.type === "comment.received")).toHaveLength(1);

    // The reply route takes the event's commentId as it is.
    const reply = await ws.post(`/v1/comments/${encodeURIComponent(commentId)}/replies`, { account: account.id, text: "thank you!" });
    expect(reply.status, reply.text).toBeLessThan(300);
    await pollRound();
    expect(r.received).toHaveLength(1);
  });

  it("another workspace's YouTube account is not readable, and its comments reach only its owner", async () => {
    const owner = await testWorkspace(t, { plan: "subscription" });
    const other = await testWorkspace(t, { plan: "subscription" });
    const mine = await receiver();
    const theirs = await receiver();
    for (const [ws, r] of [
      [owner, mine],
      [other, theirs],
    ] as const) {
      expect((await ws.post("/v1/webhooks", { url: r.url, events: ["comment.received"] })).status).toBe(201);
    }
    const account = await connect(owner);
    await connect(other);
    const video = await publishVideo(owner, account.id);
    await pollRound();
    await comment(owner, account.id, video.id, "viewer.private", "for the owner");
    expect((await other.get(`/v1/notifications?account=${account.id}`)).status).toBe(404);
    await pollRound();
    expect(bodies(mine).map((b) => b.data.text)).toEqual(["for the owner"]);
    expect(theirs.received).toEqual([]);
  });
});

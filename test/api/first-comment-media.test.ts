import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postTargets, workspaces } from "../../src/db/schema/index.js";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import { sweepFirstComments } from "../../src/domain/publishing/posts/sweep-first-comments.js";
import type { StoredRecord } from "../../src/sandbox/bluesky/repo.js";
import type { SandboxComment as FacebookComment } from "../../src/sandbox/facebook/page-comments.js";
import type { SandboxLinkedinComment as LinkedinComment } from "../../src/sandbox/linkedin/comments.js";
import type { SandboxPost as XPost } from "../../src/sandbox/twitter/state.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg, mp4, webpLossy } from "../unit/media-fixtures.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";

/**
 * Media in first comments, end to end through the API: sent where the network's comment takes
 * files (X and Bluesky replies, a Facebook page comment's `attachment_url`, a LinkedIn comment's
 * Images API image; Threads' reply containers: first-comment-threads-media.test.ts), refused with a code
 * and a fix where it does not, the same at validate and publish; and `post.first_comment_failed`,
 * recorded once per target whichever path finds the comment failed.
 */

async function stored<T>(t: TestApp, ws: WorkspaceFixture, platform: PlatformId, kind: string): Promise<{ id: string; data: T }[]> {
  return (await createDbSandboxStore(t.db, ws.id).list<T>(platform, kind)).map((r) => ({ id: r.id, data: r.data }));
}

async function eventsOf(ws: WorkspaceFixture, type: string) {
  const page = (await ws.get(`/v1/events?type=${type}&limit=100`)).body as { items: { type: string; data: Record<string, unknown> }[] };
  return page.items;
}

describe("media in first comments", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("replies on X with the comment's image attached, under the post, once", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter");
    const image = await ws.upload(jpeg(800, 600), "image/jpeg");
    const post = await ws.publish({ text: "x post, picture in the reply", accounts: [x.id], firstComment: { text: "the picture", media: [image.id] } });
    const target = post.targets[0];
    expect(target?.firstComment, JSON.stringify(target?.firstComment)).toMatchObject({ state: "posted", media: [image.id], error: null });
    const replies = (await stored<XPost>(t, ws, "twitter", "post")).filter((p) => p.data.replyTo?.id === target?.networkPostId);
    expect(replies.map((r) => r.id)).toEqual([target?.firstComment?.id]);
    expect(replies[0]?.data).toMatchObject({ text: "the picture" });
    expect(replies[0]?.data.mediaIds).toHaveLength(1);
  });

  it("replies on Bluesky with an images embed", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky");
    const one = await ws.upload(jpeg(600, 600), "image/jpeg");
    const two = await ws.upload(jpeg(640, 480), "image/jpeg");
    const post = await ws.publish({ text: "bluesky post", accounts: [bsky.id], firstComment: { text: "two pictures", media: [one.id, two.id] } });
    const target = post.targets[0];
    expect(target?.firstComment, JSON.stringify(target?.firstComment)).toMatchObject({ state: "posted", media: [one.id, two.id] });
    const records = await stored<StoredRecord>(t, ws, "bluesky", "record");
    const reply = records.find((r) => r.data.value.text === "two pictures");
    expect(reply?.data.value).toMatchObject({ reply: { parent: { uri: target?.networkPostId } }, embed: { $type: "app.bsky.embed.images" } });
    expect((reply?.data.value.embed as { images: unknown[] }).images).toHaveLength(2);
  });

  it("comments on a Facebook page post with the image as attachment_url", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("facebook");
    const pageId = (await ws.get(`/v1/social-accounts/${account.id}/targets`)).body.items[0]?.id ?? "";
    const image = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const post = await ws.publish({ text: "page post", accounts: [account.id], firstComment: { text: "see the picture", media: [image.id] }, platformOptions: { facebook: { pageId } } });
    const target = post.targets[0];
    expect(target?.firstComment, JSON.stringify(target?.firstComment)).toMatchObject({ state: "posted", media: [image.id] });
    const ours = (await stored<FacebookComment>(t, ws, "facebook", "comment")).filter((c) => c.data.message === "see the picture");
    expect(ours.map((c) => c.id)).toEqual([target?.firstComment?.id]);
    expect(ours[0]?.data.attachment).toMatchObject({ type: "photo" });
    expect(ours[0]?.data.attachment?.url).toContain(image.id);
  });

  it("comments on a LinkedIn post with the image uploaded through the Images API as the author, once", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const linkedin = await ws.connect("linkedin");
    const image = await ws.upload(jpeg(1200, 627), "image/jpeg");
    const post = await ws.publish({ text: "linkedin post", accounts: [linkedin.id], firstComment: { text: "the chart", media: [image.id] } });
    const target = post.targets[0];
    expect(target?.firstComment, JSON.stringify(target?.firstComment)).toMatchObject({ state: "posted", media: [image.id], error: null });
    const ours = (await stored<LinkedinComment>(t, ws, "linkedin", "comment")).filter((c) => c.data.text === "the chart");
    expect(ours).toHaveLength(1);
    expect(ours[0]?.data).toMatchObject({ postUrn: target?.networkPostId, image: expect.stringMatching(/^urn:li:image:/) });
    expect(target?.firstComment?.id).toContain(ours[0]?.id);
  });

  it("refuses comment media where the comment is text only, and too many or the wrong kind where it is not, the same at validate and publish", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const image = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const images = await Promise.all([1, 2, 3, 4, 5].map((n) => ws.upload(jpeg(500 + n, 500), "image/jpeg")));
    const clip = await ws.upload(mp4(1080, 1920, { duration: 10_000 }), "video/mp4");
    const webp = await ws.upload(webpLossy(600, 600), "image/webp");
    const x = await ws.connect("twitter");
    const threads = await ws.connect("threads");
    const instagram = await ws.connect("instagram");
    const linkedin = await ws.connect("linkedin");
    const facebook = await ws.connect("facebook");
    const pageId = (await ws.get(`/v1/social-accounts/${facebook.id}/targets`)).body.items[0]?.id ?? "";
    const cases: { account: string; body: Record<string, unknown>; code: string; param: string }[] = [
      { account: instagram.id, body: { media: [image.id], firstComment: { text: "c", media: [image.id] } }, code: "first_comment_media_unsupported", param: "firstComment.media" },
      // Threads: one image or video per reply container (carousel replies are undocumented), JPEG/PNG images.
      { account: threads.id, body: { firstComment: { text: "c", media: [image.id, clip.id] } }, code: "field_invalid", param: "firstComment.media" },
      { account: threads.id, body: { firstComment: { text: "c", media: [webp.id] } }, code: "media_type_unsupported", param: "firstComment.media[0]" },
      { account: linkedin.id, body: { firstComment: { text: "c", media: [image.id, images[0]?.id] } }, code: "field_invalid", param: "firstComment.media" },
      { account: linkedin.id, body: { firstComment: { text: "c", media: [clip.id] } }, code: "media_type_unsupported", param: "firstComment.media[0]" },
      { account: x.id, body: { firstComment: { text: "c", media: images.map((m) => m.id) } }, code: "field_invalid", param: "firstComment.media" },
      { account: x.id, body: { firstComment: { text: "c", media: [clip.id] } }, code: "media_type_unsupported", param: "firstComment.media[0]" },
      {
        account: facebook.id,
        body: { platformOptions: { facebook: { pageId, firstComment: { text: "c", media: [image.id, images[0]?.id] } } } },
        code: "field_invalid",
        param: "platformOptions.facebook.firstComment.media",
      },
    ];
    for (const [i, c] of cases.entries()) {
      const body = { text: `comment media ${i}`, accounts: [c.account], ...c.body };
      const report = (await ws.post("/v1/posts/validate", body)).body;
      const refusal = report.targets[0]?.errors.find((e) => e.code === c.code);
      expect(refusal, `case ${i}: ${JSON.stringify(report.targets[0]?.errors)}`).toMatchObject({ param: c.param });
      expect(refusal?.fix).toBeTruthy();
      const post = (await ws.post("/v1/posts", body)).body;
      expect(post.targets[0], `case ${i}`).toMatchObject({ state: "failed", credits: 0, error: { code: c.code, param: c.param } });
    }
  });

  it("refuses to delete a file a waiting first comment still needs", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter");
    const image = await ws.upload(jpeg(700, 700), "image/jpeg");
    const scheduledAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    await ws.publish({ text: "later", accounts: [x.id], scheduledAt, firstComment: { text: "later picture", media: [image.id] } });
    const refused = await ws.delete(`/v1/media/${image.id}`);
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe("media_in_use");
  });
});

describe("post.first_comment_failed", () => {
  let t: TestApp;
  const receiver = useWebhookReceivers();
  beforeAll(async () => {
    t = await createTestApp({ deps: { loopbackWebhooks: true } });
  });

  it("is recorded once for a refused comment, with the post record and the target, and is subscribable", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    const hook = await ws.createWebhook({ url: r.url, events: ["post.first_comment_failed"] });
    expect(hook.events).toEqual(["post.first_comment_failed"]);
    const x = await ws.connect("twitter");
    // One credit: the post takes it, the comment finds none and fails alone.
    await t.db.update(workspaces).set({ testCreditsMonthly: 1, testCreditsPack: 0 }).where(eq(workspaces.id, ws.id));
    const post = await ws.publish({ text: "last credit", accounts: [x.id], firstComment: { text: "no credit left" } });
    expect(post.state).toBe("published");
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    const events = await eventsOf(ws, "post.first_comment_failed");
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ id: post.id, target: target?.id });
    const targets = events[0]?.data.targets as { state: string; firstComment: { state: string; error: { code: string } } }[];
    expect(targets[0]?.state).toBe("published");
    expect(targets[0]?.firstComment).toMatchObject({ state: "failed", error: { code: "entitlement_exceeded" } });
    // A post whose comment went out records none.
    await t.db.update(workspaces).set({ testCreditsMonthly: 10 }).where(eq(workspaces.id, ws.id));
    await ws.publish({ text: "with credit", accounts: [x.id], firstComment: { text: "fine" } });
    expect(await eventsOf(ws, "post.first_comment_failed")).toHaveLength(1);
    // Delivered to the endpoint subscribed to it, once.
    await t.drainJobs();
    expect(r.received.map((d) => (JSON.parse(d.rawBody) as { type: string }).type)).toEqual(["post.first_comment_failed"]);
  });

  it("is recorded once when the sweep finds a comment a crash left mid-send, however often the sweep runs", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky");
    const post = await ws.publish({ text: "crash under the comment", accounts: [bsky.id], platformOptions: { bluesky: { firstComment: false } } });
    // As a runner that claimed the comment and died: `sending`, started long ago.
    await t.db
      .update(postTargets)
      .set({ firstCommentText: "lost", firstCommentState: "sending", firstCommentStartedAt: new Date(t.clock.now().getTime() - 3_600_000) })
      .where(eq(postTargets.postId, post.id));
    const runtime = t.jobRuntime();
    await sweepFirstComments(runtime);
    await sweepFirstComments(runtime);
    const events = await eventsOf(ws, "post.first_comment_failed");
    expect(events).toHaveLength(1);
    const targets = events[0]?.data.targets as { firstComment: { state: string } }[];
    expect(targets[0]?.firstComment.state).toBe("unknown");
    // Another workspace sees none of it.
    const other = await ws.otherWorkspace();
    expect(await eventsOf(other, "post.first_comment_failed")).toHaveLength(0);
  });
});

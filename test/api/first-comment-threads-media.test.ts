import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, postTargets } from "../../src/db/schema/index.js";
import { MAX_COMMENT_LOOKS, commentLookKey } from "../../src/domain/publishing/posts/first-comment-jobs.js";
import { jobContext } from "../../src/domain/core/index.js";
import { pollFirstComment } from "../../src/domain/publishing/posts/first-comment-poll.js";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import { sweepFirstComments } from "../../src/domain/publishing/posts/sweep-first-comments.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import type { SandboxThread, SandboxThreadsContainer } from "../../src/sandbox/threads/publishing.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";

/**
 * A Threads first comment with an image or video, end to end through POST /v1/posts with a test
 * key on the sandbox: the post goes live, the reply container is made and the comment reads
 * `processing` (nobody waits 30 s), a later job publishes that same container once Threads says
 * FINISHED, a container in ERROR fails the comment (never the post), and a look a crash cut
 * short after its publish went out finds the reply instead of posting a second one.
 */

type Post = Awaited<ReturnType<WorkspaceFixture["publish"]>>;

async function threadsOf(t: TestApp, ws: WorkspaceFixture) {
  return (await createDbSandboxStore(t.db, ws.id).list<SandboxThread>("threads", "thread")).map((r) => ({ id: r.id, data: r.data }));
}

async function containersOf(t: TestApp, ws: WorkspaceFixture) {
  return (await createDbSandboxStore(t.db, ws.id).list<SandboxThreadsContainer>("threads", "container")).map((r) => ({ id: r.id, data: r.data }));
}

const read = async (ws: WorkspaceFixture, post: Post) => (await ws.get(`/v1/posts/${post.id}`)).body;

/** Moves the clock and runs the jobs due, as the job runner would. */
async function later(t: TestApp, ms: number): Promise<void> {
  t.clock.advance(ms);
  await runDueJobs(t.jobRuntime());
}

describe("Threads first comments with media", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("is processing while Threads prepares the image, then published from the same container, once", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("threads");
    const image = await ws.upload(jpeg(1080, 1350), "image/jpeg");
    const report = (await ws.post("/v1/posts/validate", { text: "threads post", accounts: [account.id], firstComment: { text: "the chart", media: [image.id] } })).body;
    expect(report.targets[0]?.errors).toEqual([]);
    const post = await ws.settle(await ws.publish({ text: "threads post, chart in the reply", accounts: [account.id], firstComment: { text: "the chart", media: [image.id] } }));
    const target = post.targets[0];
    expect(target?.state, JSON.stringify(target?.error)).toBe("published");
    // The post went live in the last poll; its comment's container was made then, and its first look is 30 s away.
    expect(target?.firstComment, JSON.stringify(target?.firstComment)).toMatchObject({ state: "processing", id: null, url: null, media: [image.id], error: null });
    for (let i = 0; i < 5 && (await read(ws, post)).targets[0]?.firstComment?.state === "processing"; i++) await later(t, 60_000);
    const done = (await read(ws, post)).targets[0];
    expect(done?.state).toBe("published");
    expect(done?.firstComment, JSON.stringify(done?.firstComment)).toMatchObject({ state: "posted", media: [image.id], error: null, url: expect.stringContaining("/post/") });
    const replies = (await threadsOf(t, ws)).filter((r) => r.data.repliedTo === target?.networkPostId);
    expect(replies.map((r) => r.id)).toEqual([done?.firstComment?.id]);
    expect(replies[0]?.data).toMatchObject({ text: "the chart", mediaType: "IMAGE" });
    const containers = (await containersOf(t, ws)).filter((c) => c.data.fields.reply_to_id === target?.networkPostId);
    expect(containers.map((c) => c.data.mediaId)).toEqual([done?.firstComment?.id]);
    // More rounds of jobs and sweeps post nothing more.
    await later(t, 10 * 60_000);
    await sweepFirstComments(t.jobRuntime());
    await later(t, 60_000);
    expect((await threadsOf(t, ws)).filter((r) => r.data.repliedTo === target?.networkPostId)).toHaveLength(1);
  });

  it("shows processing in the post view while the video container is IN_PROGRESS, and publishes it when FINISHED", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("threads");
    const image = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const clip = await ws.upload(mp4(1080, 1920, { duration: 10_000 }), "video/mp4");
    // An image post publishes on its first poll; its video comment then takes 5 simulated seconds.
    const post = await ws.settle(await ws.publish({ text: "threads picture", accounts: [account.id], media: [image.id], firstComment: { text: "the clip", media: [clip.id] } }));
    const [row] = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(row?.firstCommentState).toBe("processing");
    expect(row?.firstCommentPollToken).toBeTruthy();
    // Its first look (60 s for a video) finds it FINISHED after the simulator's 5 s.
    expect((await read(ws, post)).targets[0]?.firstComment).toMatchObject({ state: "processing", id: null, error: null });
    for (let i = 0; i < 5 && (await read(ws, post)).targets[0]?.firstComment?.state === "processing"; i++) await later(t, 60_000);
    const done = (await read(ws, post)).targets[0];
    expect(done?.firstComment, JSON.stringify(done?.firstComment)).toMatchObject({ state: "posted", media: [clip.id] });
    const reply = (await threadsOf(t, ws)).find((r) => r.id === done?.firstComment?.id);
    expect(reply?.data).toMatchObject({ mediaType: "VIDEO", repliedTo: done?.networkPostId });
  });

  it("fails the comment with the mapped media code when the container ends in ERROR; the post stays published", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("threads");
    const clip = await ws.upload(mp4(1080, 1920, { duration: 10_000 }), "video/mp4");
    const post = await ws.settle(await ws.publish({ text: "threads post, broken video in the reply", accounts: [account.id], firstComment: { text: "the broken video", media: [clip.id] } }));
    // The simulator fetches no real file: Threads' verdict on this one, while it is IN_PROGRESS, is
    // that the video cannot be processed, so the container ends in ERROR FAILED_PROCESSING_VIDEO.
    const store = createDbSandboxStore(t.db, ws.id);
    const [container] = (await containersOf(t, ws)).filter((c) => c.data.fields.reply_to_id === post.targets[0]?.networkPostId);
    if (!container) throw new Error("no reply container");
    const owner = (await store.get<SandboxThreadsContainer>("threads", "container", container.id))?.owner;
    await store.put<SandboxThreadsContainer>("threads", "container", container.id, { ...container.data, failure: "FAILED_PROCESSING_VIDEO" }, owner ?? undefined);
    for (let i = 0; i < 5 && (await read(ws, post)).targets[0]?.firstComment?.state === "processing"; i++) await later(t, 60_000);
    const done = await read(ws, post);
    expect(done.state).toBe("published");
    expect(done.targets[0]?.state).toBe("published");
    expect(done.targets[0]?.firstComment).toMatchObject({
      state: "failed",
      id: null,
      error: { code: "media_unreadable", platform: "threads", param: "firstComment.media", message: expect.stringContaining("FAILED_PROCESSING_VIDEO") },
    });
    expect((await threadsOf(t, ws)).filter((r) => r.data.repliedTo === done.targets[0]?.networkPostId)).toEqual([]);
    const events = (await ws.get("/v1/events?type=post.first_comment_failed&limit=10")).body;
    const [row] = await t.db.select({ id: postTargets.id }).from(postTargets).where(eq(postTargets.postId, post.id));
    expect(events.items.map((e) => e.data.target)).toEqual([row?.id]);
  });

  it("after a crash mid-look whose publish went out, the sweep looks again and finds the reply: one comment", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("threads");
    const image = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const post = await ws.settle(await ws.publish({ text: "threads post, crash in the look", accounts: [account.id], firstComment: { text: "after the crash", media: [image.id] } }));
    const [row] = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    if (!row || row.firstCommentState !== "processing") throw new Error(`expected processing, got ${row?.firstCommentState}`);
    const containerId = (JSON.parse(row.firstCommentPollToken ?? "{}") as { id: string }).id;
    // The look claims the comment and publishes the container; the process dies before recording it
    // (its database refuses the transaction that would have written the outcome).
    t.clock.advance(10_000);
    const ctx = await jobContext(t.jobRuntime(), ws.id, "test");
    if (!ctx) throw new Error("no context");
    // The same database object, so the simulator's record cache (keyed by it) stays the one the rest of the test reads.
    const db = ctx.db as { transaction: unknown };
    const transaction = db.transaction;
    db.transaction = () => Promise.reject(new Error("process died"));
    try {
      await expect(pollFirstComment(ctx, { targetId: row.id, attempt: 1 })).rejects.toThrow("process died");
    } finally {
      db.transaction = transaction;
    }
    const published = (await containersOf(t, ws)).find((c) => c.id === containerId);
    expect(published?.data.mediaId).toBeTruthy();
    const [cut] = await t.db.select().from(postTargets).where(eq(postTargets.id, row.id));
    expect(cut?.firstCommentState).toBe("sending");
    expect((await read(ws, post)).targets[0]?.firstComment?.state).toBe("processing");
    // The first look's job (queued when the container was made) finds it claimed and does nothing.
    await later(t, 60_000);
    // Past the call's timeout the sweep looks again: the container is PUBLISHED, so the reply is found, not published twice.
    t.clock.advance(3 * 60_000);
    await sweepFirstComments(t.jobRuntime());
    await sweepFirstComments(t.jobRuntime());
    await later(t, 1000);
    const done = (await read(ws, post)).targets[0];
    expect(done?.firstComment, JSON.stringify(done?.firstComment)).toMatchObject({ state: "posted", id: published?.data.mediaId, error: null });
    expect((await threadsOf(t, ws)).filter((r) => r.data.repliedTo === done?.networkPostId)).toHaveLength(1);
    const publishedOnce = (await containersOf(t, ws)).filter((c) => c.data.fields.reply_to_id === done?.networkPostId);
    expect(publishedOnce).toHaveLength(1);
  });

  it("looks again with backoff while the container is IN_PROGRESS, and fails the comment at the ceiling without publishing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("threads");
    const image = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const post = await ws.settle(await ws.publish({ text: "threads post, slow container", accounts: [account.id], firstComment: { text: "slow", media: [image.id] } }));
    const [row] = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    if (!row) throw new Error("no target");
    const ctx = await jobContext(t.jobRuntime(), ws.id, "test");
    if (!ctx) throw new Error("no context");
    // At once: the container is IN_PROGRESS, so the comment goes back to processing and look 4 is queued 120 s on (30 s, doubled after each look from the second).
    await pollFirstComment(ctx, { targetId: row.id, attempt: 3 });
    const [back] = await t.db.select().from(postTargets).where(eq(postTargets.id, row.id));
    expect(back?.firstCommentState).toBe("processing");
    const queued = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupKey, commentLookKey(row.id, 4, null)));
    expect(queued.map((j) => j.runAt.getTime() - t.clock.now().getTime())).toEqual([120_000]);
    // The last look still finds it IN_PROGRESS: the comment fails, nothing was published, the post stays published.
    await pollFirstComment(ctx, { targetId: row.id, attempt: MAX_COMMENT_LOOKS });
    const done = (await read(ws, post)).targets[0];
    expect(done?.state).toBe("published");
    expect(done?.firstComment).toMatchObject({ state: "failed", error: { code: "platform_unavailable", param: "firstComment.media" } });
    expect((await threadsOf(t, ws)).filter((r) => r.data.repliedTo === done?.networkPostId)).toEqual([]);
    // The queued look finds nothing to do.
    await later(t, 10 * 60_000);
    expect((await threadsOf(t, ws)).filter((r) => r.data.repliedTo === done?.networkPostId)).toEqual([]);
  });

  it("another workspace cannot read a post whose comment is processing; the owner reads it", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const other = await ws.otherWorkspace();
    const account = await ws.connect("threads");
    const image = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const post = await ws.settle(await ws.publish({ text: "threads post, owner only", accounts: [account.id], firstComment: { text: "mine", media: [image.id] } }));
    expect((await other.get(`/v1/posts/${post.id}`)).status).toBe(404);
    const own = await ws.get(`/v1/posts/${post.id}`);
    expect(own.status).toBe(200);
    expect(own.body.targets[0]?.firstComment?.state).toBe("processing");
  });
});

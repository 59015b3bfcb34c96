import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, postTargets } from "../../src/db/schema/index.js";
import { jobContext } from "../../src/domain/core/index.js";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import { FIRST_COMMENT_TIMEOUT_MS, sendFirstComments } from "../../src/domain/publishing/posts/first-comment.js";
import { sweepFirstComments } from "../../src/domain/publishing/posts/sweep-first-comments.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import type { SandboxThread, SandboxThreadsContainer } from "../../src/sandbox/threads/publishing.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

/**
 * A Threads first comment cut short by a crash right after its call to Threads returned and
 * before the answer was stored. With a file, the call only made a reply container, which no one
 * sees until threads_publish and which expires unpublished: the comment is sent again (a fresh
 * container) and appears once. A text reply is published by the call itself
 * (auto_publish_text): it may be out, so it stays `unknown`, never sent twice.
 */

const store = (t: TestApp, ws: WorkspaceFixture) => createDbSandboxStore(t.db, ws.id);
const repliesTo = async (t: TestApp, ws: WorkspaceFixture, postId: string | null | undefined) =>
  (await store(t, ws).list<SandboxThread>("threads", "thread")).filter((r) => r.data.repliedTo === postId);
const containersFor = async (t: TestApp, ws: WorkspaceFixture, postId: string | null | undefined) =>
  (await store(t, ws).list<SandboxThreadsContainer>("threads", "container")).filter((c) => c.data.fields.reply_to_id === postId);

describe("Threads first comment: a crash between the network's answer and storing it", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  /** A published Threads post whose first comment waits to be sent, as the request that published it left it. */
  async function publishedWithWaitingComment(firstComment: { text: string; image: boolean }) {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("threads");
    const image = firstComment.image ? await ws.upload(jpeg(1080, 1080), "image/jpeg") : null;
    const post = await ws.settle(await ws.publish({ text: `threads post ${firstComment.text}`, accounts: [account.id] }));
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    if (target?.state !== "published") throw new Error(`expected a published target, got ${target?.state}`);
    await t.db
      .update(postTargets)
      .set({ firstCommentState: "pending", firstCommentText: firstComment.text, firstCommentMedia: image ? [image.id] : null })
      .where(eq(postTargets.id, target.id));
    return { ws, post, target, image };
  }

  /**
   * Sends the comment and dies after the network answered: the claim commits, and every later
   * transaction (the one that would store the container's id or the reply) is refused.
   */
  async function sendAndCrash(ws: WorkspaceFixture, targetId: string): Promise<void> {
    const ctx = await jobContext(t.jobRuntime(), ws.id, "test");
    if (!ctx) throw new Error("no context");
    // The same database object, so the simulator's record cache (keyed by it) stays the one the rest of the test reads.
    const db = ctx.db as { transaction: (...args: unknown[]) => Promise<unknown> };
    const transaction = db.transaction;
    let calls = 0;
    db.transaction = (...args: unknown[]) => (++calls === 1 ? transaction.apply(db, args) : Promise.reject(new Error("process died")));
    try {
      await expect(sendFirstComments(ctx, [targetId])).rejects.toThrow("process died");
    } finally {
      db.transaction = transaction;
    }
    expect(calls).toBeGreaterThan(1);
  }

  const pastTimeout = () => t.clock.advance(FIRST_COMMENT_TIMEOUT_MS + 61_000);

  it("with an image: the container made before the crash is left unpublished, the sweep sends the comment again, and it appears once", async () => {
    const { ws, post, target, image } = await publishedWithWaitingComment({ text: "chart after the crash", image: true });
    await sendAndCrash(ws, target.id);
    const [cut] = await t.db.select().from(postTargets).where(eq(postTargets.id, target.id));
    expect(cut).toMatchObject({ firstCommentState: "sending", firstCommentPollToken: null });
    const [orphan, ...others] = await containersFor(t, ws, target.networkPostId);
    expect(others).toEqual([]);
    expect(orphan?.data.mediaId ?? null).toBeNull();

    pastTimeout();
    await sweepFirstComments(t.jobRuntime());
    await sweepFirstComments(t.jobRuntime());
    const [back] = await t.db.select().from(postTargets).where(eq(postTargets.id, target.id));
    expect(back?.firstCommentState).toBe("pending");
    const resendJobs = (await t.db.select().from(jobs)).filter((j) => j.dedupKey.startsWith(`first-comment:${target.id}:resend:`));
    expect(resendJobs).toHaveLength(1);

    // The job sends again (a fresh container), and the looks publish it once Threads says FINISHED.
    for (let i = 0; i < 6 && (await ws.get(`/v1/posts/${post.id}`)).body.targets[0]?.firstComment?.state !== "posted"; i++) {
      await runDueJobs(t.jobRuntime());
      t.clock.advance(60_000);
    }
    const done = (await ws.get(`/v1/posts/${post.id}`)).body.targets[0];
    expect(done?.state).toBe("published");
    expect(done?.firstComment, JSON.stringify(done?.firstComment)).toMatchObject({ state: "posted", error: null, media: [image?.id] });
    const replies = await repliesTo(t, ws, target.networkPostId);
    expect(replies.map((r) => r.id)).toEqual([done?.firstComment?.id]);
    expect(replies[0]?.data).toMatchObject({ text: "chart after the crash", mediaType: "IMAGE" });
    const containers = await containersFor(t, ws, target.networkPostId);
    expect(containers).toHaveLength(2);
    // The crash's container stays unpublished; the fresh one is the reply.
    expect((await containersFor(t, ws, target.networkPostId)).find((c) => c.id === orphan?.id)?.data.mediaId ?? null).toBeNull();
    // More sweeps and jobs post nothing more.
    pastTimeout();
    await sweepFirstComments(t.jobRuntime());
    await runDueJobs(t.jobRuntime());
    expect(await repliesTo(t, ws, target.networkPostId)).toHaveLength(1);
  });

  it("text only: the call itself published the reply, so the sweep calls it unknown and sends nothing again", async () => {
    const { ws, post, target } = await publishedWithWaitingComment({ text: "text after the crash", image: false });
    await sendAndCrash(ws, target.id);
    expect(await repliesTo(t, ws, target.networkPostId)).toHaveLength(1);
    pastTimeout();
    await sweepFirstComments(t.jobRuntime());
    await runDueJobs(t.jobRuntime());
    const done = (await ws.get(`/v1/posts/${post.id}`)).body.targets[0];
    expect(done?.firstComment).toMatchObject({ state: "unknown", error: { code: "platform_unavailable", param: "firstComment" } });
    expect(await repliesTo(t, ws, target.networkPostId)).toHaveLength(1);
  });
});

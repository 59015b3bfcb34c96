/**
 * Publishing depth on the Workers runtime (issue 27): a first comment with an image, sent right
 * after its post inside workerd (the image read from R2, uploaded to the simulated network); a
 * Threads first comment with an image, whose reply container is looked at by jobs the Worker
 * hands to QStash (the stand-in records them, the test delivers them signed); and a
 * chain a crash stopped, resumed by the cron's `stopped-chains` sweep and its `resume_chain` job
 * on the job table, each remaining item sent once. Everything goes through src/worker.ts against
 * real Postgres through the Neon driver.
 *
 * Skipped, with a warning naming the reason, when Postgres or Redis is unreachable.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { neonDatabaseProvider } from "../../src/db/neon.js";
import { postTargets, postThreadItems, sandboxRecords } from "../../src/db/schema/index.js";
import worker, { type WorkerEnv } from "../../src/worker.js";
import type { Schemas } from "../support/api-types.js";
import { jpeg } from "../unit/media-fixtures.js";
import { api } from "./api-call.js";
import { deliverJob, recordedJobs } from "./qstash-delivery.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/publishing-depth.test] skipped: ${skipReason}`);

/** The cron on the job table path (no QStash): sweeps, then the due jobs they queued. */
async function cron(): Promise<void> {
  const against: WorkerEnv = { ...(env as WorkerEnv), QSTASH_TOKEN: "", UPSTASH_REDIS_REST_URL: "", UPSTASH_REDIS_REST_TOKEN: "" };
  against.SELF = {
    async fetch(request: Request) {
      const ctx = createExecutionContext();
      const response = await worker.fetch(request, against, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    },
  };
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "* * * * *" }), against, ctx);
  await waitOnExecutionContext(ctx);
}

describe.skipIf(skipReason)("publishing depth on the Workers runtime", () => {
  it("posts a first comment with its image on X and on LinkedIn, once, right after the post", async () => {
    const image = (await api.upload(jpeg(800, 600), "image/jpeg")).id;
    const { db, close } = neonDatabaseProvider({ url: (env as WorkerEnv).DATABASE_URL ?? "", wsProxy: (env as WorkerEnv).WS_PROXY }).open();
    try {
      for (const platform of ["twitter", "linkedin"] as const) {
        const text = `the picture ${platform} ${crypto.randomUUID().slice(0, 8)}`;
        const account = await api.connect(platform, { handle: `wd_comment_${platform}_${Date.now()}` });
        const post = await api.publish({ text: `workerd ${platform} post ${Date.now()}`, accounts: [account.id], firstComment: { text, media: [image] } });
        const [target] = post.targets;
        expect(target?.state).toBe("published");
        expect(target?.firstComment, JSON.stringify(target?.firstComment)).toMatchObject({ state: "posted", media: [image], error: null });
        // As the simulated network holds it: one comment under the post, carrying the uploaded image.
        const kind = platform === "twitter" ? "post" : "comment";
        const held = (
          await db
            .select()
            .from(sandboxRecords)
            .where(and(eq(sandboxRecords.platform, platform), eq(sandboxRecords.kind, kind)))
        ).map((r) => r.data as Record<string, unknown>);
        const ours = held.filter((d) => d.text === text);
        expect(ours).toHaveLength(1);
        if (platform === "twitter") {
          expect(ours[0]).toMatchObject({ replyTo: { id: target?.networkPostId } });
          expect(ours[0]?.mediaIds).toHaveLength(1);
        } else {
          expect(ours[0]).toMatchObject({ postUrn: target?.networkPostId, image: expect.stringMatching(/^urn:li:image:/) });
        }
      }
    } finally {
      await close();
    }
  }, 120_000);

  it("posts a Threads first comment with its image: the reply container's look goes through QStash and publishes it once", async () => {
    const image = (await api.upload(jpeg(1080, 1080), "image/jpeg")).id;
    const account = await api.connect("threads", { handle: `wd_threads_${Date.now()}` });
    const text = `the threads picture ${crypto.randomUUID().slice(0, 8)}`;
    const post = await api.publish({ text: `workerd threads post ${Date.now()}`, accounts: [account.id], firstComment: { text, media: [image] } });
    const { db, close } = neonDatabaseProvider({ url: (env as WorkerEnv).DATABASE_URL ?? "", wsProxy: (env as WorkerEnv).WS_PROXY }).open();
    try {
      const [row] = await db.select({ id: postTargets.id }).from(postTargets).where(eq(postTargets.postId, post.id));
      const ours = async () => (await recordedJobs()).filter((m) => m.job.payload.targetId === row?.id);
      // The Worker hands each job (the post's poll, the comment's looks) to QStash; QStash delivers them.
      const delivered = new Set<string>();
      let target: Schemas["Target"] | undefined;
      for (let round = 0; round < 12; round++) {
        target = (await api.read(`/v1/posts/${post.id}`)).targets[0];
        if (target?.firstComment?.state === "posted") break;
        // The simulated Threads finishes an image container 2 s after it is made (its own clock, the real one here).
        await new Promise((resolve) => setTimeout(resolve, 1000));
        for (const message of await ours()) {
          if (delivered.has(message.messageId)) continue;
          delivered.add(message.messageId);
          expect(await deliverJob(message), message.job.kind).toBeLessThan(300);
        }
      }
      expect(target?.state).toBe("published");
      expect(target?.firstComment, JSON.stringify(target?.firstComment)).toMatchObject({ state: "posted", media: [image], error: null });
      const kinds = (await ours()).map((m) => m.job.kind);
      expect(kinds).toContain("poll_first_comment");
      // QStash delivers at least once: every message again posts nothing more.
      for (const message of await ours()) await deliverJob(message);
      const replies = (
        await db
          .select()
          .from(sandboxRecords)
          .where(and(eq(sandboxRecords.platform, "threads"), eq(sandboxRecords.kind, "thread")))
      )
        .map((r) => ({ id: r.id, data: r.data as { repliedTo?: string; text?: string; mediaType?: string } }))
        .filter((r) => r.data.repliedTo === target?.networkPostId);
      expect(replies.map((r) => r.id)).toEqual([target?.firstComment?.id]);
      expect(replies[0]?.data).toMatchObject({ text, mediaType: "IMAGE" });
    } finally {
      await close();
    }
  }, 120_000);

  it("resumes a chain a crash stopped after its first item, through the cron's sweep and resume_chain job, sending each remaining item once", async () => {
    const account = await api.connect("twitter", { handle: `wd_chain_${Date.now()}` });
    const tag = `wd-chain-${crypto.randomUUID().slice(0, 8)}`;
    const post = await api.publish({ text: `${tag} 1/3`, accounts: [account.id], thread: [{ text: `${tag} 2/3` }, { text: `${tag} 3/3` }] });
    expect(post.targets[0]?.thread?.map((i) => i.state)).toEqual(["published", "published"]);
    const { db, close } = neonDatabaseProvider({ url: (env as WorkerEnv).DATABASE_URL ?? "", wsProxy: (env as WorkerEnv).WS_PROXY }).open();
    try {
      // As a runner that died after item 1 landed: item 2 never reached X (its post removed from the
      // simulator), item 2 back to `pending`, and the post's send ten minutes ago (past the send timeout).
      const items = (await db.select().from(postThreadItems).where(eq(postThreadItems.postId, post.id))).sort((a, b) => a.position - b.position);
      const second = items[1];
      if (!second?.networkPostId) throw new Error("no second item");
      await db.delete(sandboxRecords).where(and(eq(sandboxRecords.platform, "twitter"), eq(sandboxRecords.id, second.networkPostId)));
      await db.update(postThreadItems).set({ state: "pending", networkPostId: null, url: null, publishedAt: null, attemptStartedAt: null }).where(eq(postThreadItems.id, second.id));
      const past = new Date(Date.now() - 10 * 60_000);
      await db.update(postTargets).set({ publishedAt: past, attemptStartedAt: past }).where(eq(postTargets.postId, post.id));
      await db
        .update(postThreadItems)
        .set({ publishedAt: past, attemptStartedAt: past })
        .where(eq(postThreadItems.id, items[0]?.id ?? ""));

      await cron();
      await cron();
      const read = await api.read(`/v1/posts/${post.id}`);
      const thread = read.targets[0]?.thread ?? [];
      expect(thread.map((i) => i.state)).toEqual(["published", "published"]);
      expect(thread[0]?.networkPostId).toBe(items[0]?.networkPostId);
      const held = await db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "twitter"));
      const texts = held.map((r) => (r.data as { text?: string }).text).filter((text) => text?.startsWith(tag));
      for (const n of [1, 2, 3])
        expect(
          texts.filter((text) => text === `${tag} ${n}/3`),
          `${n}/3`,
        ).toHaveLength(1);
    } finally {
      await close();
    }
  }, 120_000);
});

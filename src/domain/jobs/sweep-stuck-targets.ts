import { and, eq, isNull, lt } from "drizzle-orm";
import { postTargets, posts } from "../../db/schema/index.js";
import { PUBLISH_TIMEOUT_MS } from "../posts/publish-targets.js";
import { pollKey } from "../posts/poll-target.js";
import type { JobRuntime } from "./job-context.js";

/**
 * Targets a request stored and then died before sending (`pending`, no retry time, in a post
 * already being published): nothing reached the network, so sending them now is safe, and the
 * claim in `publishPrepared` still makes sure only one runner does. Without this the post would
 * stay `processing` for good and an Idempotency-Key retry would wait on it forever.
 */
async function sweepUnsentTargets(runtime: JobRuntime, cutoff: Date, limit: number): Promise<number> {
  const unsent = await runtime.db
    .select({ id: postTargets.id, workspaceId: postTargets.workspaceId, mode: posts.mode })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(and(eq(postTargets.state, "pending"), isNull(postTargets.nextPollAt), eq(posts.state, "processing"), lt(posts.updatedAt, cutoff)))
    .limit(limit);
  for (const target of unsent) {
    await runtime.services.jobs.enqueue(
      { kind: "retry_target", payload: { targetId: target.id, deferrals: 0, workspaceId: target.workspaceId, mode: target.mode }, runAt: runtime.clock.now(), dedupKey: `retry:${target.id}:unsent` },
      runtime.db,
    );
  }
  return unsent.length;
}

/**
 * A target claimed for sending (`publishing`) whose request died before recording the outcome
 * (a crash, a cancelled isolate) would wait forever with its credit held. Past the publish
 * timeout it becomes `unknown`, and the usual check at the network decides what happened. Its
 * checks are marked `interrupted` (with the send they are about, so each interrupted send gets
 * checks of its own): a scheduled post nobody is waiting on is sent again when the network does
 * not have it (poll-target.ts).
 */
export async function sweepStuckTargets(runtime: JobRuntime, limit = 100): Promise<number> {
  const now = runtime.clock.now();
  const cutoff = new Date(now.getTime() - PUBLISH_TIMEOUT_MS - 60_000);
  const unsent = await sweepUnsentTargets(runtime, cutoff, limit);
  const stuck = await runtime.db
    .update(postTargets)
    .set({ state: "unknown", nextPollAt: now })
    .where(and(eq(postTargets.state, "publishing"), lt(postTargets.attemptStartedAt, cutoff)))
    .returning({ id: postTargets.id, postId: postTargets.postId, workspaceId: postTargets.workspaceId, sends: postTargets.sends });
  for (const target of stuck.slice(0, limit)) {
    const [post] = await runtime.db.select({ mode: posts.mode }).from(posts).where(eq(posts.id, target.postId));
    await runtime.services.jobs.enqueue(
      {
        kind: "poll_target",
        payload: { targetId: target.id, attempt: 1, workspaceId: target.workspaceId, mode: post?.mode ?? "test", interrupted: target.sends },
        runAt: now,
        dedupKey: pollKey(target.id, 1, target.sends),
      },
      runtime.db,
    );
  }
  const repaired = stuck.length + unsent;
  if (repaired > 0) runtime.services.logger.warn("sweep repaired stuck targets", { repaired, targetIds: stuck.map((t) => t.id), unsent });
  return repaired;
}

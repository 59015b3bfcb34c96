import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { jobs, postTargets, posts } from "../../../db/schema/index.js";
import { PUBLISH_TIMEOUT_MS } from "./publish-targets.js";
import { pollKey } from "./poll-target.js";
import type { JobRuntime } from "../../core/index.js";

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
 * `unknown` targets whose check was lost: the job that should look for the post at the network
 * was never queued (the process died between writing the outcome and queueing it, QStash refused
 * the publish) or died with its runner before queueing the next one. The target's `nextPollAt` is
 * when its next check was due (poll-target.ts writes it as each check queues the next); past the
 * stuck threshold with no open check in the job table, the chain is started again. QStash keeps
 * its messages out of our reach: there a check merely late by more than the threshold is doubled,
 * which its conditional writes make harmless. Taking the target moves `nextPollAt` to now
 * (conditional on the value read, so of two sweeps at once one takes it), and the key names the
 * lost check's due time: a second sweep queues nothing more, and a check lost again later gets a
 * chain of its own.
 */
async function sweepLostChecks(runtime: JobRuntime, now: Date, cutoff: Date, limit: number): Promise<string[]> {
  const openCheck = sql`exists (
    select 1 from ${jobs} j
    where j.done_at is null and j.kind = 'poll_target'
      and coalesce(j.payload->>'endpointId', j.payload->>'workspaceId', '') = ${postTargets.workspaceId}
      and j.payload->>'targetId' = ${postTargets.id})`;
  const lost = await runtime.db
    .select({ id: postTargets.id, workspaceId: postTargets.workspaceId, dueAt: postTargets.nextPollAt, mode: posts.mode })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(and(eq(postTargets.state, "unknown"), lt(postTargets.nextPollAt, cutoff), sql`not ${openCheck}`))
    .limit(limit);
  const resumed: string[] = [];
  for (const target of lost) {
    if (!target.dueAt) continue;
    const [taken] = await runtime.db
      .update(postTargets)
      .set({ nextPollAt: now })
      .where(and(eq(postTargets.id, target.id), eq(postTargets.state, "unknown"), eq(postTargets.nextPollAt, target.dueAt)))
      .returning({ id: postTargets.id });
    if (!taken) continue;
    const stamp = target.dueAt.getTime();
    await runtime.services.jobs.enqueue(
      {
        kind: "poll_target",
        payload: { targetId: target.id, attempt: 1, workspaceId: target.workspaceId, mode: target.mode, resumed: stamp },
        runAt: now,
        dedupKey: pollKey(target.id, 1, null, stamp),
      },
      runtime.db,
    );
    resumed.push(target.id);
  }
  return resumed;
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
  // Before this run marks any: a target it marks `unknown` has its check queued just below.
  const lost = await sweepLostChecks(runtime, now, cutoff, limit);
  const isStuck = and(eq(postTargets.state, "publishing"), lt(postTargets.attemptStartedAt, cutoff));
  // As many as this run queues checks for; the rest wait for the next run, still `publishing`.
  const batch = runtime.db.select({ id: postTargets.id }).from(postTargets).where(isStuck).limit(limit);
  const stuck = await runtime.db
    .update(postTargets)
    .set({ state: "unknown", nextPollAt: now })
    .where(and(isStuck, inArray(postTargets.id, batch)))
    .returning({ id: postTargets.id, postId: postTargets.postId, workspaceId: postTargets.workspaceId, sends: postTargets.sends });
  for (const target of stuck) {
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
  const repaired = stuck.length + unsent + lost.length;
  if (repaired > 0) runtime.services.logger.warn("sweep repaired stuck targets", { repaired, targetIds: stuck.map((t) => t.id), unsent, lostChecks: lost });
  return repaired;
}

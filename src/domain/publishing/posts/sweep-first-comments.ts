import { type SQL, and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { adapterFor, platformIds } from "../../../networks/registry.js";
import { postTargets, posts } from "../../../db/schema/index.js";
import type { JobRequest, JobRuntime } from "../../core/index.js";
import { FIRST_COMMENT_TIMEOUT_MS, UNKNOWN_COMMENT } from "./first-comment.js";
import { recordFirstCommentFailed } from "./first-comment-event.js";
import { MAX_BACKOFF_SECONDS, MAX_COMMENT_LOOKS, commentLookJob } from "./first-comment-jobs.js";

/** Rows this sweep may have work for: a first comment waiting or in flight. */
export const firstCommentsToWatch = sql`exists (select 1 from ${postTargets} where ${postTargets.firstCommentState} in ('pending', 'sending', 'processing'))`;

/** The job that posts a waiting first comment; one per target, so a second sweep queues nothing more. */
export const firstCommentJobKey = (targetId: string) => `first-comment:${targetId}`;

/**
 * First comments a crash left behind. A published target whose comment is still `pending` past
 * the grace time: the request that published it died before commenting, and nothing was sent, so
 * the job posts it (sendFirstComments claims it, so of that job and any late runner one sends).
 * A comment `sending` past the call's timeout: the process died mid-call and the network may
 * have it, so, as for a post whose outcome is unknown, it is not sent again blindly: it becomes
 * `unknown`, with the error telling the caller how to check (its credit, if billed, stays spent).
 * Except where the call cannot have posted it (resendPrepared): then it is sent again.
 */
export async function sweepFirstComments(runtime: JobRuntime, limit = 100): Promise<number> {
  const now = runtime.clock.now();
  const cutoff = new Date(now.getTime() - FIRST_COMMENT_TIMEOUT_MS - 60_000);
  const waiting = await runtime.db
    .select({ id: postTargets.id, workspaceId: postTargets.workspaceId, mode: posts.mode })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(and(eq(postTargets.firstCommentState, "pending"), eq(postTargets.state, "published"), lt(postTargets.publishedAt, cutoff)))
    .limit(limit);
  for (const target of waiting) {
    await runtime.services.jobs.enqueue(
      { kind: "first_comment", payload: { targetId: target.id, workspaceId: target.workspaceId, mode: target.mode }, runAt: now, dedupKey: firstCommentJobKey(target.id) },
      runtime.db,
    );
  }
  const rescued = await rescueLooks(runtime, now, cutoff, limit);
  const isStuck = and(eq(postTargets.firstCommentState, "sending"), lt(postTargets.firstCommentStartedAt, cutoff), isNull(postTargets.firstCommentPollToken));
  const resent = await resendPrepared(runtime, now, isStuck, limit);
  const batch = runtime.db.select({ id: postTargets.id }).from(postTargets).where(isStuck).limit(limit);
  // The state change and its event commit together: the event is written exactly when the comment turns unknown.
  const stuck = await runtime.db.transaction(async (tx) => {
    const rows = await tx
      .update(postTargets)
      .set({
        firstCommentState: "unknown",
        firstCommentError: sql`jsonb_build_object('code', 'platform_unavailable', 'retryable', false, 'platform', ${postTargets.platform}, 'param', 'firstComment', 'message', ${UNKNOWN_COMMENT.message}::text, 'fix', ${UNKNOWN_COMMENT.fix}::text)`,
      })
      .where(and(isStuck, inArray(postTargets.id, batch)))
      .returning({ id: postTargets.id, workspaceId: postTargets.workspaceId });
    for (const target of rows) await recordFirstCommentFailed(tx, runtime.services.jobs, { workspaceId: target.workspaceId, targetId: target.id }, now);
    return rows;
  });
  const repaired = waiting.length + stuck.length + rescued.length + resent.length;
  if (repaired > 0) runtime.services.logger.warn("sweep repaired first comments", { waiting: waiting.map((t) => t.id), interrupted: stuck.map((t) => t.id), rescued, resent });
  return repaired;
}

/**
 * Comments whose files the network was processing and whose next look is lost: a look a crash
 * cut short (`sending` with a poll token, past the call's timeout), or a `processing` comment
 * whose look is overdue by more than the longest wait between looks (its job was lost). The
 * container's state tells what happened, so, unlike a plain comment cut short, it is looked at
 * again rather than called unknown: back to `processing` and one rescue look (keyed by when the
 * lost look started, so a second sweep queues nothing more), with the last looks left before
 * the ceiling. A reply a lost answer published is found, not published twice.
 */
async function rescueLooks(runtime: JobRuntime, now: Date, cutoff: Date, limit: number): Promise<string[]> {
  const overdue = new Date(now.getTime() - MAX_BACKOFF_SECONDS * 1000 - FIRST_COMMENT_TIMEOUT_MS - 60_000);
  const lost = or(
    and(eq(postTargets.firstCommentState, "sending"), lt(postTargets.firstCommentStartedAt, cutoff), isNotNull(postTargets.firstCommentPollToken)),
    and(eq(postTargets.firstCommentState, "processing"), lt(postTargets.firstCommentStartedAt, overdue)),
  );
  return requeue(runtime, lost, "processing", limit, (row) => commentLookJob(row, row.id, MAX_COMMENT_LOOKS - 2, now, row.startedAt?.getTime() ?? 0));
}

type StuckRow = { id: string; workspaceId: string; mode: "test" | "live"; startedAt: Date | null };

/**
 * Moves each comment `where` still matches (at most `limit`) back to `state` and queues its job
 * in the same transaction, so a comment another sweep moved first is skipped. Answers their targets.
 */
async function requeue(runtime: JobRuntime, where: SQL | undefined, state: "processing" | "pending", limit: number, jobOf: (row: StuckRow) => JobRequest): Promise<string[]> {
  const rows = await runtime.db
    .select({ id: postTargets.id, workspaceId: postTargets.workspaceId, mode: posts.mode, startedAt: postTargets.firstCommentStartedAt })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(where)
    .limit(limit);
  const moved: string[] = [];
  for (const row of rows) {
    await runtime.db.transaction(async (tx) => {
      const [back] = await tx
        .update(postTargets)
        .set({ firstCommentState: state })
        .where(and(eq(postTargets.id, row.id), where))
        .returning({ id: postTargets.id });
      if (!back) return;
      await runtime.services.jobs.enqueue(jobOf(row), tx);
      moved.push(row.id);
    });
  }
  return moved;
}

/** Networks whose comment with files is only prepared by the send (NetworkAdapter.commentWithMediaOnlyPrepares). */
const preparingPlatforms = platformIds.filter((platform) => adapterFor(platform).commentWithMediaOnlyPrepares === true);

/**
 * Comments with files, on a network whose send only prepares them (a Threads reply container),
 * that a crash cut short before the container's id was stored (`sending`, no poll token, past
 * the call's timeout). None of them can be visible: a container is published only by a look,
 * which needs the stored id, and one left unpublished expires. So, unlike a comment whose send
 * may have posted it, they are sent again: back to `pending` (a comment's credit is keyed by its
 * target, so the new claim cannot charge twice) with a send job keyed by the cut attempt's start, so
 * a second sweep queues nothing more. The new send makes a fresh container.
 */
async function resendPrepared(runtime: JobRuntime, now: Date, isStuck: SQL | undefined, limit: number): Promise<string[]> {
  if (preparingPlatforms.length === 0) return [];
  const prepared = and(isStuck, inArray(postTargets.platform, preparingPlatforms), sql`jsonb_array_length(coalesce(${postTargets.firstCommentMedia}, '[]'::jsonb)) > 0`);
  return requeue(runtime, prepared, "pending", limit, (row) => ({
    kind: "first_comment",
    payload: { targetId: row.id, workspaceId: row.workspaceId, mode: row.mode },
    runAt: now,
    dedupKey: `${firstCommentJobKey(row.id)}:resend:${row.startedAt?.getTime() ?? 0}`,
  }));
}

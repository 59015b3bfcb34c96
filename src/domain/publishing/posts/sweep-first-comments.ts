import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { postTargets, posts } from "../../../db/schema/index.js";
import type { JobRuntime } from "../../core/index.js";
import { FIRST_COMMENT_TIMEOUT_MS, UNKNOWN_COMMENT } from "./first-comment.js";
import { recordFirstCommentFailed } from "./first-comment-event.js";

/** Rows this sweep may have work for: a first comment waiting or in flight. */
export const firstCommentsToWatch = sql`exists (select 1 from ${postTargets} where ${postTargets.firstCommentState} in ('pending', 'sending'))`;

/** The job that posts a waiting first comment; one per target, so a second sweep queues nothing more. */
export const firstCommentJobKey = (targetId: string) => `first-comment:${targetId}`;

/**
 * First comments a crash left behind. A published target whose comment is still `pending` past
 * the grace time: the request that published it died before commenting, and nothing was sent, so
 * the job posts it (sendFirstComments claims it, so of that job and any late runner one sends).
 * A comment `sending` past the call's timeout: the process died mid-call and the network may
 * have it, so, as for a post whose outcome is unknown, it is not sent again blindly: it becomes
 * `unknown`, with the error telling the caller how to check (its credit, if billed, stays spent).
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
  const isStuck = and(eq(postTargets.firstCommentState, "sending"), lt(postTargets.firstCommentStartedAt, cutoff));
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
  const repaired = waiting.length + stuck.length;
  if (repaired > 0) runtime.services.logger.warn("sweep repaired first comments", { waiting: waiting.map((t) => t.id), interrupted: stuck.map((t) => t.id) });
  return repaired;
}

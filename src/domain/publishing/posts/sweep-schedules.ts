import { and, eq, lt, sql } from "drizzle-orm";
import { posts } from "../../../db/schema/index.js";
import type { JobRuntime } from "../../core/index.js";

/** A scheduled post this late with no delivery has lost its job. */
const GRACE_MS = 60_000;

/**
 * Repairs schedules whose job was lost (a QStash publish that failed after the post was
 * stored): re-enqueues them under the same deduplication key, so a job that was merely slow is
 * not doubled, and the claim in the handler keeps a post from being sent twice either way.
 * Run by the cron trigger on Workers and by the poller on Node.
 */
export async function sweepSchedules(runtime: JobRuntime, limit = 100): Promise<number> {
  const now = runtime.clock.now();
  const late = await runtime.db
    .select({ id: posts.id, workspaceId: posts.workspaceId, mode: posts.mode, version: posts.scheduleVersion, scheduledAt: posts.scheduledAt })
    .from(posts)
    .where(and(eq(posts.state, "scheduled"), lt(posts.scheduledAt, new Date(now.getTime() - GRACE_MS))))
    .limit(limit);
  for (const post of late) {
    await runtime.services.jobs.enqueue(
      { kind: "publish_scheduled", payload: { postId: post.id, version: post.version, workspaceId: post.workspaceId, mode: post.mode }, runAt: now, dedupKey: `post:${post.id}:v${post.version}` },
      runtime.db,
    );
  }
  if (late.length > 0) runtime.services.logger.warn("sweep repaired schedules", { repaired: late.length, postIds: late.map((p) => p.id) });
  return late.length;
}

/**
 * True while a post waits for its time or has targets still in flight: then the schedule and stuck-target
 * sweeps may have something to repair. Part of the one statement that lets an idle server stop sweeping.
 */
export const postsToWatch = sql`exists (select 1 from ${posts} where ${posts.state} in ('scheduled', 'processing'))`;

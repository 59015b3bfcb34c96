import { and, eq, lt } from "drizzle-orm";
import { postTargets, posts } from "../../db/schema/index.js";
import { PUBLISH_TIMEOUT_MS } from "../posts/publish-targets.js";
import type { JobRuntime } from "./job-context.js";

/**
 * A target claimed for sending (`publishing`) whose request died before recording the outcome
 * (a crash, a cancelled isolate) would wait forever with its credit held. Past the publish
 * timeout it becomes `unknown`, and the usual check at the network decides what happened.
 */
export async function sweepStuckTargets(runtime: JobRuntime, limit = 100): Promise<number> {
  const now = runtime.clock.now();
  const stuck = await runtime.db
    .update(postTargets)
    .set({ state: "unknown", nextPollAt: now })
    .where(and(eq(postTargets.state, "publishing"), lt(postTargets.attemptStartedAt, new Date(now.getTime() - PUBLISH_TIMEOUT_MS - 60_000))))
    .returning({ id: postTargets.id, postId: postTargets.postId, workspaceId: postTargets.workspaceId });
  for (const target of stuck.slice(0, limit)) {
    const [post] = await runtime.db.select({ mode: posts.mode }).from(posts).where(eq(posts.id, target.postId));
    await runtime.services.jobs.enqueue(
      {
        kind: "poll_target",
        payload: { targetId: target.id, attempt: 1, workspaceId: target.workspaceId, mode: post?.mode ?? "test" },
        runAt: now,
        dedupKey: `poll:${target.id}:stuck`,
      },
      runtime.db,
    );
  }
  return stuck.length;
}

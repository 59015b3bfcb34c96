import { and, asc, eq, isNull, lte, or, lt } from "drizzle-orm";
import { jobs } from "../../db/schema/index.js";
import type { JobRuntime } from "./job-context.js";
import { handleJob } from "./handle-job.js";
import type { JobKind } from "./job-queue.js";

/** A claimed job is someone's for this long; a crashed runner's jobs are picked up after it. */
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;

/**
 * One pass of the Node scheduler: claims due jobs one by one with a conditional UPDATE (two
 * pollers, or two server processes, never run the same job at once) and runs them. A failing
 * job is retried with backoff, then given up and recorded.
 */
export async function runDueJobs(runtime: JobRuntime, limit = 20): Promise<number> {
  const now = runtime.clock.now();
  const due = await runtime.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now))))
    .orderBy(asc(jobs.runAt))
    .limit(limit);
  let ran = 0;
  for (const { id } of due) {
    const [job] = await runtime.db
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(and(eq(jobs.id, id), isNull(jobs.doneAt), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now))))
      .returning();
    if (!job) continue;
    ran++;
    try {
      await handleJob(runtime, {
        kind: job.kind as JobKind,
        workspaceId: String(job.payload.workspaceId),
        mode: job.payload.mode === "live" ? "live" : "test",
        payload: job.payload as Record<string, string | number>,
      });
      await runtime.db.update(jobs).set({ doneAt: runtime.clock.now(), lockedUntil: null }).where(eq(jobs.id, job.id));
    } catch (error) {
      const attempts = job.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      await runtime.db
        .update(jobs)
        .set({
          attempts,
          lockedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          runAt: new Date(runtime.clock.now().getTime() + Math.min(3600, 2 ** attempts) * 1000),
          ...(giveUp ? { doneAt: runtime.clock.now() } : {}),
        })
        .where(eq(jobs.id, job.id));
    }
  }
  return ran;
}

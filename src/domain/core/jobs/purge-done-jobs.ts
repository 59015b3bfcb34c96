import { inArray, lt, sql } from "drizzle-orm";
import { jobs } from "../../../db/schema/index.js";
import type { JobRuntime } from "./job-context.js";

/** How long a finished job is kept (its deduplication key with it): far past any repeat of it. */
export const DONE_JOB_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * Deletes jobs finished more than a week ago, a batch per sweep. Inbox polls alone add a job per
 * account a minute; kept for ever they would make every scan of the table slower. Every job
 * is safe to run twice, so a key forgotten after a week lets nothing happen twice that matters.
 */
export async function purgeDoneJobs(runtime: JobRuntime, batch = 5_000): Promise<number> {
  const cutoff = new Date(runtime.clock.now().getTime() - DONE_JOB_RETENTION_MS);
  const old = runtime.db.select({ id: jobs.id }).from(jobs).where(lt(jobs.doneAt, cutoff)).limit(batch);
  const deleted = await runtime.db.delete(jobs).where(inArray(jobs.id, old)).returning({ id: jobs.id });
  return deleted.length;
}

/** True while a job of the table is not done: the poller has work to claim now or later. */
export const jobsToWatch = sql`exists (select 1 from ${jobs} where ${jobs.doneAt} is null)`;

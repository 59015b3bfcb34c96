import { sql } from "drizzle-orm";
import { jobs } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { newId } from "../../../infra/ids.js";
import { JOB_CHANNEL, type JobKind, type JobQueue, type JobRequest, jobKinds } from "../../../infra/job-queue-port.js";

export { JOB_CHANNEL, type JobKind, type JobQueue, type JobRequest, jobKinds };

/** Enqueues `requests` in one call where the queue can, else one by one. */
export async function enqueueAll(queue: JobQueue, requests: readonly JobRequest[], db: Queryable): Promise<void> {
  if (requests.length === 0) return;
  if (queue.enqueueMany && requests.length > 1) {
    await queue.enqueueMany(requests, db);
    return;
  }
  for (const request of requests) await queue.enqueue(request, db);
}

/**
 * The Node queue: a row in `jobs`, written in the caller's transaction so it cannot be lost, and
 * announced with NOTIFY in that same transaction. PostgreSQL delivers a notification only when
 * its transaction commits, so a poller woken by it always finds the row (an in-memory signal sent
 * here could arrive before the commit and find nothing). On PGlite the notification is delivered
 * in process; on a PostgreSQL server it also wakes the pollers of other processes.
 */
export const tableJobQueue: JobQueue = {
  rowsInDatabase: true,
  async enqueue(job, db) {
    const inserted = await db
      .insert(jobs)
      .values({ id: newId("job"), kind: job.kind, dedupKey: job.dedupKey, payload: job.payload, runAt: job.runAt })
      .onConflictDoNothing({ target: jobs.dedupKey })
      .returning({ id: jobs.id });
    if (inserted.length > 0) await db.execute(sql`select pg_notify(${JOB_CHANNEL}, ${job.runAt.toISOString()})`);
    return { messageId: null };
  },
  async enqueueMany(requests, db) {
    const inserted = await db
      .insert(jobs)
      .values(requests.map((job) => ({ id: newId("job"), kind: job.kind, dedupKey: job.dedupKey, payload: job.payload, runAt: job.runAt })))
      .onConflictDoNothing({ target: jobs.dedupKey })
      .returning({ runAt: jobs.runAt });
    const first = inserted.reduce<Date | null>((min, j) => (min === null || j.runAt < min ? j.runAt : min), null);
    // One wake-up for the lot: the poller claims every due job it finds, not one per notification.
    if (first) await db.execute(sql`select pg_notify(${JOB_CHANNEL}, ${first.toISOString()})`);
  },
};

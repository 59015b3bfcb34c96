import { jobs } from "../../db/schema/index.js";
import type { Queryable } from "../../db/types.js";
import { newId } from "../../infra/ids.js";

export const jobKinds = ["publish_scheduled", "poll_target", "retry_target"] as const;
export type JobKind = (typeof jobKinds)[number];

export interface JobRequest {
  kind: JobKind;
  payload: Record<string, string | number>;
  runAt: Date;
  /** Same key, same job: enqueueing twice is harmless (QStash's deduplication id, our unique index). */
  dedupKey: string;
}

/** Delayed work: the job table on Node, QStash on Workers; both end in the same handlers. */
export interface JobQueue {
  enqueue(job: JobRequest, db: Queryable): Promise<{ messageId: string | null }>;
}

/** The Node queue: a row in `jobs`, written in the caller's transaction so it cannot be lost. */
export const tableJobQueue: JobQueue = {
  async enqueue(job, db) {
    await db
      .insert(jobs)
      .values({ id: newId("job"), kind: job.kind, dedupKey: job.dedupKey, payload: job.payload, runAt: job.runAt })
      .onConflictDoNothing({ target: jobs.dedupKey });
    return { messageId: null };
  },
};

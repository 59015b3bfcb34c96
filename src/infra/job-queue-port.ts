import type { Queryable } from "../db/types.js";

export const jobKinds = [
  "publish_scheduled",
  "poll_target",
  "retry_target",
  "webhook_delivery",
  "poll_shard",
  "poll_plan",
  "poll_thread_item",
  "first_comment",
  "poll_first_comment",
  "resume_chain",
  "bulk_import",
] as const;
export type JobKind = (typeof jobKinds)[number];

/** The PostgreSQL notification channel a new job is announced on; the Node poller listens to it. */
export const JOB_CHANNEL = "chorus_jobs";

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
  /**
   * Several jobs at once (an event's deliveries to every endpoint): on the job table one insert
   * and one notification instead of one each. A queue without it gets one `enqueue` per job.
   */
  enqueueMany?(jobs: readonly JobRequest[], db: Queryable): Promise<void>;
  /**
   * True when a job is a row of the `jobs` table in the caller's own database (announced by
   * NOTIFY on JOB_CHANNEL): a caller may then write its jobs in its own statement, as an event's
   * recording does (record-event-statement.ts), instead of a round trip per step.
   */
  readonly rowsInDatabase?: boolean;
}

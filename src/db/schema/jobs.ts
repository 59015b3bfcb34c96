import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns.js";

/**
 * Delayed work on Node (scheduled publishes, polling asynchronous publishes): the same handler
 * that the QStash callback runs on Workers, fed by an in-process poller. `dedupKey` makes
 * enqueueing idempotent, like QStash's deduplication id.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    dedupKey: text("dedup_key").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    runAt: ts("run_at").notNull(),
    lockedUntil: ts("locked_until"),
    /** Who holds the lease: renewals and completion are conditional on it, so a runner whose lease lapsed cannot touch a job another runner re-claimed. */
    lockedBy: text("locked_by"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    doneAt: ts("done_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("jobs_dedup_key").on(t.dedupKey),
    index("jobs_due_idx").on(t.doneAt, t.runAt),
    // The claim reads the unfinished jobs lane by lane (job-claims.ts: `jobLane`), never the
    // finished ones nor a whole backlog: these two indexes hold unfinished jobs only.
    index("jobs_lane_open_idx").on(sql`(coalesce(${t.payload}->>'endpointId', ${t.payload}->>'workspaceId', ''))`, t.runAt, t.id).where(sql`${t.doneAt} is null`),
    index("jobs_leased_open_idx").on(t.lockedUntil).where(sql`${t.doneAt} is null and ${t.lockedUntil} is not null`),
  ],
);

import { events } from "../../db/schema/index.js";
import { eventAccountIds } from "./event-accounts.js";
import type { EventType } from "./event-types.js";
import type { Queryable } from "../../db/types.js";
import { newId } from "../../infra/ids.js";
import type { JobQueue } from "../core/index.js";
import { fanOutEvent } from "./webhooks/fan-out-event.js";
import { recordEventWithJobs } from "./webhooks/record-event-statement.js";

export { type EventType, eventTypes, isEventType } from "./event-types.js";

export interface RecordEventInput {
  workspaceId: string;
  /** The mode of the change: test-key changes reach test endpoints only, live changes live ones. */
  mode: "test" | "live";
  type: EventType;
  data: Record<string, unknown>;
  at: Date;
}

/**
 * Records an event in the same transaction as the change it reports (the outbox), and in that
 * same transaction one delivery per enabled endpoint subscribed to it, each with its first job.
 * A rolled-back change therefore delivers nothing, and a committed one cannot lose a delivery:
 * if the job was lost (a QStash publish that failed), the webhook sweep re-queues it.
 */
export async function recordEvent(db: Queryable, jobs: JobQueue, input: RecordEventInput): Promise<string> {
  const id = newId("evt");
  // The job table: the event, its deliveries, their jobs and the wake-up in one statement.
  if (jobs.rowsInDatabase) return (await recordEventWithJobs(db, { id, ...input })) ?? id;
  await db
    .insert(events)
    .values({ id, workspaceId: input.workspaceId, mode: input.mode, type: input.type, data: input.data, accountIds: eventAccountIds(input.type, input.data), createdAt: input.at });
  await fanOutEvent(db, jobs, { id, workspaceId: input.workspaceId, mode: input.mode, type: input.type, createdAt: input.at });
  return id;
}

/**
 * Records an event unless this workspace already has one for the same `sourceId` (a Meta
 * webhook retried, a sweep run twice): the unique index decides, so two deliveries racing each
 * other still record one event. Returns the new event's id, or null for a repeat.
 */
export async function recordEventOnce(db: Queryable, jobs: JobQueue, input: RecordEventInput & { sourceId: string }): Promise<string | null> {
  const id = newId("evt");
  if (jobs.rowsInDatabase) return recordEventWithJobs(db, { id, ...input });
  const inserted = await db
    .insert(events)
    .values({
      id,
      workspaceId: input.workspaceId,
      mode: input.mode,
      type: input.type,
      data: input.data,
      accountIds: eventAccountIds(input.type, input.data),
      createdAt: input.at,
      sourceId: input.sourceId,
    })
    .onConflictDoNothing({ target: [events.workspaceId, events.sourceId] })
    .returning({ id: events.id });
  if (inserted.length === 0) return null;
  await fanOutEvent(db, jobs, { id, workspaceId: input.workspaceId, mode: input.mode, type: input.type, createdAt: input.at });
  return id;
}

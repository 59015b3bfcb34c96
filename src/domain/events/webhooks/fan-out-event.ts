import { and, eq, isNull, or, sql } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { newId } from "../../../infra/ids.js";
import { type JobQueue, type JobRequest, enqueueAll } from "../../core/index.js";
import { deliveryJobKey } from "./retry-schedule.js";

export interface RecordedEvent {
  id: string;
  workspaceId: string;
  mode: "test" | "live";
  type: string;
  createdAt: Date;
}

type DeliveryRef = { id: string; workspaceId: string; endpointId: string; mode: "test" | "live" };

/** The job of one attempt of a delivery. */
const deliveryJob = (delivery: DeliveryRef, attempt: number, runAt: Date, keySuffix = ""): JobRequest => ({
  kind: "webhook_delivery",
  // `endpointId` lets the job runner share its slots per endpoint, not only per workspace.
  payload: { deliveryId: delivery.id, attempt, endpointId: delivery.endpointId, workspaceId: delivery.workspaceId, mode: delivery.mode },
  runAt,
  dedupKey: deliveryJobKey(delivery.id, attempt) + keySuffix,
});

/** The first attempt's job for a delivery (also used by redelivery and the sweep). */
export async function enqueueDelivery(jobs: JobQueue, db: Queryable, delivery: DeliveryRef, attempt: number, runAt: Date, keySuffix = ""): Promise<void> {
  await jobs.enqueue(deliveryJob(delivery, attempt, runAt, keySuffix), db);
}

/**
 * Creates one delivery per enabled endpoint of the event's workspace and mode subscribed to its
 * type (or, with `endpointId`, for that endpoint alone: the test call), and queues each first
 * attempt. Runs in the transaction that records the event. The unique (endpoint, event) index
 * makes a repeated fan-out a no-op.
 */
export async function fanOutEvent(db: Queryable, jobs: JobQueue, event: RecordedEvent, only?: { endpointId: string }): Promise<string[]> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, event.workspaceId),
        eq(webhookEndpoints.mode, event.mode),
        only ? eq(webhookEndpoints.id, only.endpointId) : and(eq(webhookEndpoints.enabled, true), or(isNull(webhookEndpoints.events), sql`${event.type} = any(${webhookEndpoints.events})`)),
      ),
    );
  if (endpoints.length === 0) return [];
  const inserted = await db
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ id: newId("whd"), workspaceId: event.workspaceId, endpointId: e.id, eventId: event.id, nextAttemptAt: event.createdAt, createdAt: event.createdAt })))
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId });
  const requests = inserted.map((delivery) => deliveryJob({ ...delivery, workspaceId: event.workspaceId, mode: event.mode }, 1, event.createdAt));
  // Every endpoint's first attempt in one go where the queue can (the job table: one insert, one
  // wake-up), else one by one, each on its own.
  for (const batch of jobs.enqueueMany ? [requests] : requests.map((r) => [r])) {
    try {
      await enqueueAll(jobs, batch, db);
    } catch {
      // QStash unreachable must not undo the change this event reports (a connection, a published
      // post): the delivery rows are in this transaction, and the webhook sweep queues their jobs
      // within minutes. (A failed insert into the Node job table aborts the transaction either way.)
    }
  }
  return inserted.map((d) => d.id);
}

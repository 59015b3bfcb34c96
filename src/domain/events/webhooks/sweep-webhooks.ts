import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { events, webhookDeliveries, webhookEndpoints } from "../../../db/schema/index.js";
import { EVENT_RETENTION_DAYS } from "../list-events.js";
import type { JobRuntime } from "../../core/index.js";
import { STALE_ATTEMPT_MS } from "./deliver-webhook.js";
import { enqueueDelivery } from "./fan-out-event.js";

/** A due attempt this late has lost its job (a QStash publish that failed after the commit). */
const GRACE_MS = 2 * 60_000;

/**
 * The webhook part of the minute sweep (Workers cron, Node poller):
 * - re-queues attempts whose job was lost, and attempts whose runner died mid-flight, under a key
 *   naming the stuck state (so each is re-queued once; the claim in deliverWebhook keeps a job
 *   that was merely late from sending the attempt twice);
 * - purges events older than the retention period, with their deliveries and attempt logs.
 */
export async function sweepWebhooks(runtime: JobRuntime, limit = 200): Promise<{ requeued: number; purged: number }> {
  const now = runtime.clock.now();
  const late = new Date(now.getTime() - GRACE_MS);
  const stale = new Date(now.getTime() - (runtime.services.webhookStaleAttemptMs ?? STALE_ATTEMPT_MS));
  const stuck = await runtime.db
    .select({ delivery: webhookDeliveries, mode: webhookEndpoints.mode })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.state, "pending"), or(and(isNull(webhookDeliveries.inFlightSince), lt(webhookDeliveries.nextAttemptAt, late)), lt(webhookDeliveries.inFlightSince, stale))))
    .limit(limit);
  for (const { delivery, mode } of stuck) {
    const redo = delivery.inFlightSince !== null;
    const since = delivery.inFlightSince ?? delivery.nextAttemptAt ?? now;
    await enqueueDelivery(
      runtime.services.jobs,
      runtime.db,
      { id: delivery.id, workspaceId: delivery.workspaceId, endpointId: delivery.endpointId, mode },
      redo ? delivery.attempts : delivery.attempts + 1,
      now,
      `:sweep:${since.getTime()}`,
    );
  }
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 24 * 3_600_000);
  const purged = await runtime.db.delete(events).where(lt(events.createdAt, cutoff)).returning({ id: events.id });
  return { requeued: stuck.length, purged: purged.length };
}

/** True while a delivery is still to be attempted: the webhook sweep may have one to re-queue. */
export const deliveriesToWatch = sql`exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.state} = 'pending')`;

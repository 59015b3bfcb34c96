import { and, eq } from "drizzle-orm";
import { webhookDeliveries } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import { requireEvent } from "../list-events.js";
import { enqueueDelivery, fanOutEvent } from "./fan-out-event.js";
import { requireEndpoint } from "./webhook-view.js";

/**
 * POST /v1/webhooks/{id}/redeliver: sends one event of the log to one endpoint again, with the
 * same event id (receivers that already have it drop it). A delivery that is finished (delivered
 * or failed) is reopened as its next attempt; if that fails, retries continue from where the
 * schedule left off (none after the eighth attempt: redeliver again). One still pending is left to its schedule and returned as is; an event the endpoint never got
 * (it was not subscribed, or did not exist yet) gets a new delivery.
 */
export async function redeliverEvent({ ctx, input }: { ctx: DomainContext; input: { id: string; event: string } }): Promise<{ delivery: string; event: string; attempt: number }> {
  const endpoint = await requireEndpoint(ctx, input.id);
  const event = await requireEvent(ctx, input.event, "event");
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.eventId, event.id), eq(webhookDeliveries.workspaceId, ctx.workspace.id)))
      .for("update");
    if (!existing) {
      const [created] = await fanOutEvent(tx, ctx.services.jobs, { id: event.id, workspaceId: ctx.workspace.id, mode: endpoint.mode, type: event.type, createdAt: now }, { endpointId: endpoint.id });
      return { delivery: created ?? "", event: event.id, attempt: 1 };
    }
    if (existing.state === "pending") return { delivery: existing.id, event: event.id, attempt: existing.attempts + 1 };
    await tx.update(webhookDeliveries).set({ state: "pending", nextAttemptAt: now, inFlightSince: null }).where(eq(webhookDeliveries.id, existing.id));
    const attempt = existing.attempts + 1;
    await enqueueDelivery(ctx.services.jobs, tx, { id: existing.id, workspaceId: ctx.workspace.id, endpointId: endpoint.id, mode: endpoint.mode }, attempt, now);
    return { delivery: existing.id, event: event.id, attempt };
  });
}

import { and, eq, getTableColumns, isNull, lt, or, sql } from "drizzle-orm";
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema/index.js";
import type { Transaction } from "../../db/types.js";
import { newId } from "../../infra/ids.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import type { DomainContext } from "../context.js";
import { recordEvent } from "../events/record-event.js";
import { webhookTransport } from "./check-webhook-url.js";
import { enqueueDelivery } from "./fan-out-event.js";
import { DELIVERY_TIMEOUT_MS, DISABLE_AFTER_MS, nextAttemptAt } from "./retry-schedule.js";
import { type SendResult, sendDelivery } from "./send-delivery.js";
import { signatureHeader } from "./sign-payload.js";
import { type EndpointRow, secretContext, toWebhookView } from "./webhook-view.js";

/** An attempt in flight this long belongs to a runner that died: the attempt is made again. */
export const STALE_ATTEMPT_MS = DELIVERY_TIMEOUT_MS + 20_000;

async function activeSecrets(ctx: DomainContext, endpoint: EndpointRow, now: Date): Promise<string[]> {
  const secrets = [await ctx.services.cipher.decrypt(endpoint.secretEncrypted, secretContext(endpoint.id, "secret"))];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
    secrets.push(await ctx.services.cipher.decrypt(endpoint.previousSecretEncrypted, secretContext(endpoint.id, "previous_secret")));
  }
  return secrets;
}

/**
 * The `webhook_delivery` job: makes attempt `attempt` of one delivery. The claim is one
 * conditional UPDATE: it succeeds only for the attempt that is next (or for one whose runner died
 * mid-flight), so a duplicate job or a QStash redelivery never sends the same attempt twice while
 * it is running. The event id is the same on every attempt; receivers drop duplicates by it.
 */
export async function deliverWebhook(ctx: DomainContext, input: { deliveryId: string; attempt: number }): Promise<void> {
  const claimedAt = ctx.clock.now();
  // The claim and the reads of its endpoint and event are one statement (one round trip): a
  // delivery is mostly database work, and this is the hot path of every event.
  const claimed = ctx.db.$with("claimed").as(
    ctx.db
      .update(webhookDeliveries)
      .set({ attempts: input.attempt, inFlightSince: claimedAt })
      .where(
        and(
          eq(webhookDeliveries.id, input.deliveryId),
          eq(webhookDeliveries.workspaceId, ctx.workspace.id),
          eq(webhookDeliveries.state, "pending"),
          or(
            and(eq(webhookDeliveries.attempts, input.attempt - 1), isNull(webhookDeliveries.inFlightSince)),
            and(eq(webhookDeliveries.attempts, input.attempt), lt(webhookDeliveries.inFlightSince, new Date(claimedAt.getTime() - STALE_ATTEMPT_MS))),
          ),
        ),
      )
      .returning({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId, eventId: webhookDeliveries.eventId }),
  );
  const [row] = await ctx.db
    .with(claimed)
    .select({
      delivery: { id: claimed.id, endpointId: claimed.endpointId, eventId: claimed.eventId },
      endpoint: getTableColumns(webhookEndpoints),
      event: { id: events.id, type: events.type, createdAt: events.createdAt, data: events.data },
    })
    .from(claimed)
    .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, claimed.endpointId), eq(webhookEndpoints.workspaceId, ctx.workspace.id)))
    .innerJoin(events, and(eq(events.id, claimed.eventId), eq(events.workspaceId, ctx.workspace.id)));
  if (!row) return;
  const { delivery, endpoint, event } = row;

  let result: SendResult;
  // A disabled endpoint gets nothing more, retries included; only a test call's own first
  // attempt goes out, since that is how a user checks a fix before re-enabling.
  const testCall = event.type === "webhook.test" && input.attempt === 1;
  if (!endpoint.enabled && !testCall) {
    result = { ok: false, status: null, latencyMs: 0, excerpt: null, error: "endpoint disabled" };
  } else {
    const body = JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
    const headers = {
      "content-type": "application/json",
      "user-agent": "Chorus-Webhooks/1",
      "service-signature": await signatureHeader(await activeSecrets(ctx, endpoint, claimedAt), body, claimedAt),
      "service-event-id": event.id,
      "service-event-type": event.type,
      "service-delivery-attempt": String(input.attempt),
    };
    const transport = webhookTransport(ctx.services.networks.guardedFetch, endpoint.mode, new URL(endpoint.url));
    result = await sendDelivery(transport, endpoint.url, headers, body);
  }
  await recordAttempt(ctx, { delivery, endpoint, event: { id: event.id, type: event.type }, attempt: input.attempt, claimedAt, result, retry: endpoint.enabled });
}

async function recordAttempt(
  ctx: DomainContext,
  input: {
    delivery: { id: string };
    endpoint: EndpointRow;
    event: { id: string; type: string };
    attempt: number;
    claimedAt: Date;
    result: SendResult;
    retry: boolean;
  },
): Promise<void> {
  const now = ctx.clock.now();
  const { delivery, endpoint, result } = input;
  if (result.ok) {
    await recordSuccess(ctx, { ...input, now });
    return;
  }
  const next = !input.retry ? null : nextAttemptAt(input.attempt, now);
  await ctx.db.transaction(async (tx) => {
    // Only the runner that holds this attempt records it (one that was presumed dead and
    // replaced must not schedule a second next attempt).
    const [settled] = await tx
      .update(webhookDeliveries)
      .set({
        inFlightSince: null,
        nextAttemptAt: next,
        ...(result.ok ? { state: "delivered" as const, deliveredAt: now } : next ? {} : { state: "failed" as const }),
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, input.attempt), eq(webhookDeliveries.inFlightSince, input.claimedAt)))
      .returning({ id: webhookDeliveries.id });
    if (!settled) return;
    await tx.insert(webhookAttempts).values({
      id: newId("wha"),
      workspaceId: ctx.workspace.id,
      endpointId: endpoint.id,
      deliveryId: delivery.id,
      eventId: input.event.id,
      eventType: input.event.type,
      attempt: input.attempt,
      createdAt: input.claimedAt,
      status: result.status,
      ok: result.ok,
      latencyMs: result.latencyMs,
      responseExcerpt: result.excerpt,
      error: result.error,
      nextRetryAt: next,
    });
    if (next) await enqueueDelivery(ctx.services.jobs, tx, { id: delivery.id, workspaceId: ctx.workspace.id, endpointId: endpoint.id, mode: endpoint.mode }, input.attempt + 1, next);
    if (result.ok) {
      await tx.update(webhookEndpoints).set({ lastDeliveryAt: now, failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    if (!endpoint.enabled) return;
    const [marked] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    if (marked?.failingSince && now.getTime() - marked.failingSince.getTime() >= DISABLE_AFTER_MS) await disableEndpoint(ctx, tx, marked, now);
  });
}

/**
 * A delivered attempt, in one statement (the hot path: most attempts succeed): the delivery
 * settles only if this runner still holds the attempt, and the attempt log and the endpoint's
 * last delivery are written only when it did, as the failure path's transaction does.
 */
async function recordSuccess(
  ctx: DomainContext,
  input: { delivery: { id: string }; endpoint: EndpointRow; event: { id: string; type: string }; attempt: number; claimedAt: Date; result: SendResult; now: Date },
): Promise<void> {
  const { delivery, endpoint, event, result } = input;
  const now = input.now.toISOString();
  await ctx.db.execute(sql`
    with settled as (
      update ${webhookDeliveries}
      set in_flight_since = null, next_attempt_at = null, state = 'delivered', delivered_at = ${now}::timestamptz
      where id = ${delivery.id} and attempts = ${input.attempt} and in_flight_since = ${input.claimedAt.toISOString()}::timestamptz
      returning id
    ), logged as (
      insert into ${webhookAttempts} (id, workspace_id, endpoint_id, delivery_id, event_id, event_type, attempt, created_at, status, ok, latency_ms, response_excerpt, error, next_retry_at)
      select ${newId("wha")}, ${ctx.workspace.id}, ${endpoint.id}, settled.id, ${event.id}, ${event.type}, ${input.attempt}, ${input.claimedAt.toISOString()}::timestamptz,
        ${result.status}, true, ${result.latencyMs}, ${result.excerpt}, ${result.error}, null
      from settled
      returning id
    )
    update ${webhookEndpoints} set last_delivery_at = ${now}::timestamptz, failing_since = null
    where id = ${endpoint.id} and exists (select 1 from logged)`);
}

/**
 * Disables an endpoint whose deliveries have all failed for three days: conditional on it still
 * being enabled, so two failing attempts racing here disable (and report) it once. Recorded as a
 * `webhook.disabled` event (delivered to the workspace's other endpoints) and in the audit log.
 */
async function disableEndpoint(ctx: DomainContext, tx: Transaction, endpoint: EndpointRow, now: Date): Promise<void> {
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: now, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning();
  if (!disabled) return;
  const reason = "every delivery failed for 3 days";
  await recordEvent(tx, ctx.services.jobs, { workspaceId: ctx.workspace.id, mode: endpoint.mode, type: "webhook.disabled", data: { ...toWebhookView(disabled), reason }, at: now });
  await recordAuditEvent(tx, { workspaceId: ctx.workspace.id, type: "webhook.disabled", actor: "scheduler", details: { webhook: endpoint.id, url: endpoint.url, reason }, at: now });
}

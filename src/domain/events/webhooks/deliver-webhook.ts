import { and, eq, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import { newId } from "../../../infra/ids.js";
import { recordAuditEvent } from "../../core/index.js";
import type { DomainContext } from "../../core/index.js";
import { recordEvent } from "../record-event.js";
import { webhookTransport } from "./check-webhook-url.js";
import { enqueueDelivery } from "./fan-out-event.js";
import { type DeliveryStatements, directDeliveryStatements } from "./delivery-batcher.js";
import type { ClaimedDelivery } from "./delivery-statements.js";
import { DISABLE_AFTER_MS, nextAttemptAt } from "./retry-schedule.js";
import { type SendResult, sendDelivery } from "./send-delivery.js";
import { signatureHeader } from "./sign-payload.js";
import { type EndpointRow, secretContext, toWebhookView } from "./webhook-view.js";

export { STALE_ATTEMPT_MS } from "./delivery-statements.js";

type SendingEndpoint = ClaimedDelivery["endpoint"];

async function activeSecrets(ctx: DomainContext, endpoint: SendingEndpoint, now: Date): Promise<string[]> {
  const secrets = [await ctx.services.cipher.decrypt(endpoint.secretEncrypted, secretContext(endpoint.id, "secret"))];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
    secrets.push(await ctx.services.cipher.decrypt(endpoint.previousSecretEncrypted, secretContext(endpoint.id, "previous_secret")));
  }
  return secrets;
}

/**
 * The `webhook_delivery` job: makes attempt `attempt` of one delivery (or, when a runner died
 * holding that attempt, the next one: the header and the log count attempts started). The claim is one
 * conditional UPDATE (claimDeliveries): it succeeds only for the attempt that is next (or for one
 * whose runner died mid-flight), so a duplicate job or a QStash redelivery never sends the same
 * attempt twice while it is running. The event id is the same on every attempt; receivers drop
 * duplicates by it. `statements` says how the claim and a success are written: the Node job
 * runner gathers those of the deliveries it runs at once into one statement each; a QStash
 * callback, alone, writes its own.
 */
export async function deliverWebhook(
  ctx: DomainContext,
  input: { deliveryId: string; attempt: number },
  statements: DeliveryStatements = directDeliveryStatements(ctx.db, ctx.clock, ctx.services.webhookStaleAttemptMs),
): Promise<void> {
  const row = await statements.claim({ deliveryId: input.deliveryId, workspaceId: ctx.workspace.id, attempt: input.attempt });
  if (!row) return;
  const { delivery, endpoint, event, claimedAt, turn, attempt } = row;

  let result: SendResult;
  try {
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
        "service-delivery-attempt": String(attempt),
      };
      const transport = webhookTransport(ctx.services.networks.guardedFetch, endpoint.mode, new URL(endpoint.url), ctx.services.loopbackWebhooks === true);
      await turn?.ready;
      const sending = sendDelivery(transport, endpoint.url, headers, body);
      turn?.sent();
      result = await sending;
    }
  } finally {
    turn?.sent();
  }
  if (result.ok) {
    await statements.settleDelivered({
      deliveryId: delivery.id,
      workspaceId: ctx.workspace.id,
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: event.type,
      attempt,
      claimedAt,
      status: result.status,
      latencyMs: result.latencyMs,
      excerpt: result.excerpt,
    });
    return;
  }
  await recordFailedAttempt(ctx, { delivery, endpoint, event: { id: event.id, type: event.type }, attempt, claimedAt, result, retry: endpoint.enabled });
}

/**
 * A failed attempt (the rare path: one transaction each): logged, the next attempt queued with
 * backoff, and the endpoint marked failing, disabled once it has failed for three days.
 */
async function recordFailedAttempt(
  ctx: DomainContext,
  input: {
    delivery: { id: string };
    endpoint: SendingEndpoint;
    event: { id: string; type: string };
    attempt: number;
    claimedAt: Date;
    result: SendResult;
    retry: boolean;
  },
): Promise<void> {
  const now = ctx.clock.now();
  const { delivery, endpoint, result } = input;
  const next = !input.retry ? null : nextAttemptAt(input.attempt, now);
  await ctx.db.transaction(async (tx) => {
    // Only the runner that holds this attempt records it (one that was presumed dead and
    // replaced must not schedule a second next attempt).
    const [settled] = await tx
      .update(webhookDeliveries)
      .set({
        inFlightSince: null,
        nextAttemptAt: next,
        ...(next ? {} : { state: "failed" as const }),
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
      ok: false,
      latencyMs: result.latencyMs,
      responseExcerpt: result.excerpt,
      error: result.error,
      nextRetryAt: next,
    });
    if (next) await enqueueDelivery(ctx.services.jobs, tx, { id: delivery.id, workspaceId: ctx.workspace.id, endpointId: endpoint.id, mode: endpoint.mode }, input.attempt + 1, next);
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

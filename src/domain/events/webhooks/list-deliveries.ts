import { and, eq } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import { decodeCursor, pageOf } from "../../core/index.js";
import { afterPosition, newestFirst } from "../../core/index.js";
import { requireEndpoint } from "./webhook-view.js";

export interface DeliveryAttemptView {
  id: string;
  delivery: string;
  event: string;
  type: string;
  attempt: number;
  createdAt: string;
  status: number | null;
  ok: boolean;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  nextRetryAt: string | null;
  deliveryState: string;
}

/** GET /v1/webhooks/{id}/deliveries: every attempt to the endpoint, newest first. */
export async function listDeliveries({ ctx, input }: { ctx: DomainContext; input: { id: string; limit: number; cursor?: string | undefined } }) {
  const endpoint = await requireEndpoint(ctx, input.id);
  const list = `deliveries:${endpoint.id}`;
  const position = input.cursor ? await decodeCursor(list, input.cursor) : null;
  const rows = await ctx.db
    .select({ attempt: webhookAttempts, state: webhookDeliveries.state })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(and(eq(webhookAttempts.endpointId, endpoint.id), eq(webhookAttempts.workspaceId, ctx.workspace.id), afterPosition(webhookAttempts.createdAt, webhookAttempts.id, position)))
    .orderBy(...newestFirst(webhookAttempts.createdAt, webhookAttempts.id))
    .limit(input.limit + 1);
  const page = await pageOf(
    list,
    rows.map((r) => ({ ...r.attempt, deliveryState: r.state })),
    input.limit,
  );
  const items: DeliveryAttemptView[] = page.items.map((a) => ({
    id: a.id,
    delivery: a.deliveryId,
    event: a.eventId,
    type: a.eventType,
    attempt: a.attempt,
    createdAt: a.createdAt.toISOString(),
    status: a.status,
    ok: a.ok,
    latencyMs: a.latencyMs,
    responseExcerpt: a.responseExcerpt,
    error: a.error,
    nextRetryAt: a.nextRetryAt?.toISOString() ?? null,
    deliveryState: a.deliveryState,
  }));
  return { items, cursor: page.cursor };
}

import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import { randomString } from "../../../infra/ids.js";
import type { DomainContext } from "../../core/index.js";
import { eventTypes } from "../record-event.js";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  createdAt: string;
  lastDeliveryAt: string | null;
  failingSince: string | null;
}

/** A stored null (`events` omitted) reads as every event name this server knows. */
export const toWebhookView = (row: EndpointRow): WebhookView => ({
  id: row.id,
  url: row.url,
  events: row.events ?? [...eventTypes],
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
  failingSince: row.failingSince?.toISOString() ?? null,
});

/** The secrets are bound to their row and column: a value copied elsewhere does not decrypt. */
export const secretContext = (rowId: string, column: "secret" | "previous_secret") => ({ table: "webhook_endpoints", rowId, column });

/** A new endpoint secret: `whsec_` and 43 random characters (about 256 bits). */
export const newWebhookSecret = () => `whsec_${randomString(43)}`;

/** The caller's endpoint (its workspace and its key's mode) or 404: another workspace's id names nothing. */
export async function requireEndpoint(ctx: DomainContext, id: string, db: Queryable = ctx.db, lock = false): Promise<EndpointRow> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, ctx.workspace.id), eq(webhookEndpoints.mode, ctx.apiKey.mode)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) {
    throw new ApiError("resource_not_found", { param: "id", message: `No webhook endpoint ${id} in this workspace.`, fix: "GET /v1/webhooks lists your endpoints." });
  }
  return row;
}

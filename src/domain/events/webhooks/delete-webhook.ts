import { eq } from "drizzle-orm";
import { webhookEndpoints } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import { requireEndpoint } from "./webhook-view.js";

/**
 * DELETE /v1/webhooks/{id}: the endpoint, its deliveries and their log go; a delivery job still
 * queued for it finds nothing and does nothing.
 */
export async function deleteWebhook({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ id: string; deleted: true }> {
  const row = await requireEndpoint(ctx, input.id);
  await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
  return { id: row.id, deleted: true };
}

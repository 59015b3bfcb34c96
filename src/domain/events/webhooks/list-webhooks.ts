import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import { decodeCursor, pageOf } from "../../core/index.js";
import { afterPosition, newestFirst } from "../../core/index.js";
import { type WebhookView, requireEndpoint, toWebhookView } from "./webhook-view.js";

/** GET /v1/webhooks: the caller's endpoints (its workspace, its key's mode), newest first. */
export async function listWebhooks({ ctx, input }: { ctx: DomainContext; input: { limit: number; cursor?: string | undefined } }): Promise<{ items: WebhookView[]; cursor: string | null }> {
  const position = input.cursor ? await decodeCursor("webhooks", input.cursor) : null;
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, ctx.workspace.id), eq(webhookEndpoints.mode, ctx.apiKey.mode), afterPosition(webhookEndpoints.createdAt, webhookEndpoints.id, position)))
    .orderBy(...newestFirst(webhookEndpoints.createdAt, webhookEndpoints.id))
    .limit(input.limit + 1);
  const page = await pageOf("webhooks", rows, input.limit);
  return { items: page.items.map(toWebhookView), cursor: page.cursor };
}

/** GET /v1/webhooks/{id}. */
export async function getWebhook({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<WebhookView> {
  return toWebhookView(await requireEndpoint(ctx, input.id));
}

import { eq } from "drizzle-orm";
import { webhookEndpoints } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import { listensToPolledEvents, wakeWorkspacePolls } from "../../core/index.js";
import { checkWebhookUrl } from "./check-webhook-url.js";
import { checkEventNames } from "./webhook-input.js";
import { type WebhookView, requireEndpoint, toWebhookView } from "./webhook-view.js";

export interface UpdateWebhookInput {
  id: string;
  url?: string | undefined;
  /** `null` subscribes to every event again. */
  events?: string[] | null | undefined;
  enabled?: boolean | undefined;
}

/**
 * PATCH /v1/webhooks/{id}: url, events, enabled. Re-enabling clears `failingSince`, so an
 * endpoint disabled after days of failures gets a fresh three days; deliveries that failed while
 * it was down are not resent by this (redeliver them one by one).
 */
export async function updateWebhook({ ctx, input }: { ctx: DomainContext; input: UpdateWebhookInput }): Promise<WebhookView> {
  const row = await requireEndpoint(ctx, input.id);
  const events = input.events === undefined ? undefined : input.events === null ? null : checkEventNames(input.events);
  const url = input.url === undefined ? undefined : await checkWebhookUrl(ctx.services.networks.guardedFetch, ctx.apiKey.mode, input.url, ctx.services.loopbackWebhooks === true);
  const now = ctx.clock.now();
  const reenabled = input.enabled === true && !row.enabled;
  const [updated] = await ctx.db
    .update(webhookEndpoints)
    .set({
      updatedAt: now,
      ...(url !== undefined ? { url } : {}),
      ...(events !== undefined ? { events } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(reenabled ? { failingSince: null, disabledAt: null } : {}),
    })
    .where(eq(webhookEndpoints.id, row.id))
    .returning();
  // Enabled again, or subscribed to a polled event now: the workspace's dormant accounts are polled again.
  const listens = updated && updated.enabled && listensToPolledEvents(updated.events);
  if (listens && (reenabled || events !== undefined)) await wakeWorkspacePolls(ctx.db, { workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode }, now);
  return toWebhookView(updated ?? row);
}

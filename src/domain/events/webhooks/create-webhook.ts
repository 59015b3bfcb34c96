import { webhookEndpoints } from "../../../db/schema/index.js";
import { newId } from "../../../infra/ids.js";
import { listensToPolledEvents, wakeWorkspacePolls } from "../../core/index.js";
import type { DomainContext } from "../../core/index.js";
import { checkWebhookUrl } from "./check-webhook-url.js";
import { checkEventNames } from "./webhook-input.js";
import { type WebhookView, newWebhookSecret, secretContext, toWebhookView } from "./webhook-view.js";

/**
 * POST /v1/webhooks. Everything is checked before anything is written, so a refused
 * registration stores nothing. The secret is returned here and on rotation only; at rest it is
 * encrypted with the token cipher, bound to this row.
 */
export async function createWebhook({ ctx, input }: { ctx: DomainContext; input: { url: string; events?: string[] | undefined } }): Promise<WebhookView & { secret: string }> {
  const events = input.events === undefined ? null : checkEventNames(input.events);
  const url = await checkWebhookUrl(ctx.services.networks.guardedFetch, ctx.apiKey.mode, input.url, ctx.services.loopbackWebhooks === true);
  const id = newId("whk");
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      id,
      workspaceId: ctx.workspace.id,
      mode: ctx.apiKey.mode,
      url,
      events,
      secretEncrypted: await ctx.services.cipher.encrypt(secret, secretContext(id, "secret")),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("webhook endpoint was not saved");
  // Accounts left dormant while nobody listened are polled again from now.
  if (listensToPolledEvents(row.events)) await wakeWorkspacePolls(ctx.db, { workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode }, now);
  return { ...toWebhookView(row), secret };
}

import { eq } from "drizzle-orm";
import { webhookEndpoints } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import { type WebhookView, newWebhookSecret, requireEndpoint, secretContext, toWebhookView } from "./webhook-view.js";

export const DEFAULT_ROTATION_WINDOW_SECONDS = 24 * 3600;
export const MAX_ROTATION_WINDOW_SECONDS = 7 * 24 * 3600;

/**
 * POST /v1/webhooks/{id}/rotate-secret: a new secret signs from now on, and the current one
 * keeps signing beside it (a second `v1=`) for `windowSeconds`, so a receiver can switch
 * without rejecting a delivery. `windowSeconds: 0` retires the old secret at once (a leak).
 * The row is locked so two rotations in a row keep a consistent pair.
 */
export async function rotateWebhookSecret({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: { id: string; windowSeconds: number };
}): Promise<WebhookView & { secret: string; previousSecretExpiresAt: string | null }> {
  const now = ctx.clock.now();
  const secret = newWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    const row = await requireEndpoint(ctx, input.id, tx, true);
    const current = await ctx.services.cipher.decrypt(row.secretEncrypted, secretContext(row.id, "secret"));
    const until = input.windowSeconds > 0 ? new Date(now.getTime() + input.windowSeconds * 1000) : null;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secretEncrypted: await ctx.services.cipher.encrypt(secret, secretContext(row.id, "secret")),
        previousSecretEncrypted: until ? await ctx.services.cipher.encrypt(current, secretContext(row.id, "previous_secret")) : null,
        previousSecretUntil: until,
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, row.id))
      .returning();
    return { ...toWebhookView(updated ?? row), secret, previousSecretExpiresAt: until?.toISOString() ?? null };
  });
}

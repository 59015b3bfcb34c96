import type { PlatformId } from "../../types/platform-ids.js";
import { eq } from "drizzle-orm";
import { inboundRoutes } from "../../db/schema/index.js";
import type { DomainContext } from "../core/index.js";

/**
 * Replaces the network objects (Facebook pages) whose webhooks lead to this account with the ones
 * just subscribed, with the fields asked for: a page the person no longer manages stops
 * delivering here, and the set never mixes two subscriptions.
 */
export async function saveInboundRoutes(ctx: DomainContext, input: { accountId: string; platform: PlatformId; objects: string[]; fields: string[] }): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(inboundRoutes).where(eq(inboundRoutes.accountId, input.accountId));
    const objects = [...new Set(input.objects)];
    if (objects.length === 0) return;
    await tx
      .insert(inboundRoutes)
      .values(objects.map((objectId) => ({ workspaceId: ctx.workspace.id, accountId: input.accountId, platform: input.platform, objectId, fields: input.fields, updatedAt: now })));
  });
}

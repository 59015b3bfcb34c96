import { eq } from "drizzle-orm";
import { socialAccounts } from "../../db/schema/index.js";
import { adapterFor } from "../../networks/registry.js";
import { recordAuditEvent } from "../core/index.js";
import type { DomainContext } from "../core/index.js";
import { recordEvent } from "../events/index.js";
import { networkContextFor } from "./networks/network-context.js";
import { requireAccount } from "./account-queries.js";
import { toAccountView } from "./account-view.js";
import { openTokens } from "./token-vault.js";

/**
 * DELETE /v1/social-accounts/{id}: revokes the grant at the network where it can (a failed
 * revoke does not keep the account connected: the person asked to disconnect), forgets the
 * tokens and records `account.disconnected`.
 */
export async function disconnectAccount({ ctx, input }: { ctx: DomainContext; input: { id: string } }) {
  const row = await requireAccount(ctx, input.id);
  const platform = row.platform;
  let revoked = false;
  const adapter = adapterFor(platform);
  if (row.status !== "disconnected" && row.tokensEncrypted && adapter.revoke) {
    try {
      const tokens = await openTokens(ctx.services.cipher, row.id, row.tokensEncrypted);
      await adapter.revoke(tokens, await networkContextFor(ctx, platform, row.mode));
      revoked = true;
    } catch {
      revoked = false;
    }
  }
  const now = ctx.clock.now();
  const alreadyGone = row.status === "disconnected";
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(socialAccounts)
      .set({ status: "disconnected", tokensEncrypted: null, tokenExpiresAt: null, disconnectedAt: now, updatedAt: now, refreshLockedUntil: null })
      .where(eq(socialAccounts.id, row.id));
    if (alreadyGone) return;
    const view = toAccountView({ ...row, status: "disconnected" }, ctx.workspace);
    await recordEvent(tx, ctx.services.jobs, { workspaceId: ctx.workspace.id, mode: row.mode, type: "account.disconnected", data: { ...view, revoked }, at: now });
    await recordAuditEvent(tx, { workspaceId: ctx.workspace.id, type: "account.disconnected", actor: ctx.apiKey.id, details: { account: row.id, platform, handle: row.handle, revoked }, at: now });
  });
  return { id: row.id, disconnected: true, revoked };
}

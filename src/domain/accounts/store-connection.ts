import { and, eq } from "drizzle-orm";
import { socialAccounts } from "../../db/schema/index.js";
import { newId } from "../../infra/ids.js";
import type { PlatformId } from "../../types/platform-ids.js";
import type { NetworkIdentity, TokenSet } from "../../networks/types.js";
import { recordAuditEvent } from "../core/index.js";
import type { DomainContext } from "../core/index.js";
import { recordEvent } from "../events/index.js";
import { type SocialAccountView, toAccountView } from "./account-view.js";
import { sealTokens } from "./token-vault.js";
import { wakeAccountPoll } from "../core/index.js";

export interface ConnectionInput {
  platform: PlatformId;
  mode: "test" | "live";
  tokens: TokenSet;
  identity: NetworkIdentity;
  profileId: string | null;
  variant: string | null;
}

/**
 * Saves a finished connection. Connecting the same network account again (reauthorising)
 * updates the existing record, keeping its `acc_` id, so posts and webhooks that name it keep
 * working. Tokens are encrypted bound to the row; the event and the audit entry are written in
 * the same transaction.
 */
export async function storeConnection(ctx: DomainContext, input: ConnectionInput): Promise<SocialAccountView> {
  const now = ctx.clock.now();
  // The network already issued the grant: a failure from here on is not safe to simply rerun.
  if (ctx.effects) ctx.effects.committed = true;
  return ctx.db.transaction(async (tx) => {
    // The same network account connected before in this workspace and mode, if any.
    const findExisting = async () => {
      const [found] = await tx
        .select({ id: socialAccounts.id, profileId: socialAccounts.profileId })
        .from(socialAccounts)
        .where(
          and(
            eq(socialAccounts.workspaceId, ctx.workspace.id),
            eq(socialAccounts.mode, input.mode),
            eq(socialAccounts.platform, input.platform),
            eq(socialAccounts.networkUserId, input.identity.networkUserId),
          ),
        )
        .limit(1);
      return found;
    };
    const existing = await findExisting();
    const values = async (accountId: string, profileId: string | null) => ({
      handle: input.identity.handle,
      displayName: input.identity.displayName,
      avatarUrl: input.identity.avatarUrl,
      status: "active" as const,
      connectVariant: input.variant,
      // Sealed for the row it is stored in: the ciphertext only opens under that account id.
      tokensEncrypted: await sealTokens(ctx.services.cipher, accountId, input.tokens),
      tokenExpiresAt: input.tokens.expiresAt ? new Date(input.tokens.expiresAt) : null,
      scopes: input.tokens.scopes,
      profileId: input.profileId ?? profileId,
      disconnectedAt: null,
      refreshLockedUntil: null,
      // New tokens: a failing background renewal of the old ones no longer holds this one back.
      renewalFailures: 0,
      renewalRetryAt: null,
      updatedAt: now,
    });
    const update = async (accountId: string, profileId: string | null) =>
      tx
        .update(socialAccounts)
        .set({ ...(await values(accountId, profileId)), connectedAt: now })
        .where(eq(socialAccounts.id, accountId))
        .returning();
    let row: typeof socialAccounts.$inferSelect | undefined;
    if (existing) {
      [row] = await update(existing.id, existing.profileId);
    } else {
      const id = newId("acc");
      [row] = await tx
        .insert(socialAccounts)
        .values({ id, workspaceId: ctx.workspace.id, platform: input.platform, mode: input.mode, networkUserId: input.identity.networkUserId, connectedAt: now, ...(await values(id, null)) })
        .onConflictDoNothing({ target: [socialAccounts.workspaceId, socialAccounts.mode, socialAccounts.platform, socialAccounts.networkUserId] })
        .returning();
      if (!row) {
        // Another request connected the same network account a moment ago: renew that record.
        const winner = await findExisting();
        if (winner) [row] = await update(winner.id, winner.profileId);
      }
    }
    if (!row) throw new Error("social account was not saved");
    // A connection (or a reconnection after reauthorisation) is polled at once, in its transaction.
    await wakeAccountPoll(tx, row, now);
    const view = toAccountView(row, ctx.workspace);
    await recordEvent(tx, ctx.services.jobs, { workspaceId: ctx.workspace.id, mode: row.mode, type: "account.connected", data: { ...view }, at: now });
    await recordAuditEvent(tx, {
      workspaceId: ctx.workspace.id,
      type: "account.connected",
      actor: ctx.apiKey.id,
      details: { account: row.id, platform: input.platform, handle: input.identity.handle, reconnected: Boolean(existing) },
      at: now,
    });
    return view;
  });
}

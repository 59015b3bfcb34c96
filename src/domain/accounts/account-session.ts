import { and, eq, isNull, lt, or } from "drizzle-orm";
import { socialAccounts } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import { adapterFor } from "../../networks/registry.js";
import type { NetworkContext, TokenSet } from "../../networks/types.js";
import type { DomainContext } from "../core/index.js";
import { networkContextFor } from "./networks/network-context.js";
import { reconnectLink } from "./connect/reconnect-link.js";
import { recordEvent } from "../events/index.js";
import { type SocialAccountRow, toAccountView } from "./account-view.js";
import { openTokens, sealTokens } from "./token-vault.js";
import { type Spend, budgeted } from "./budgets/budget-spend.js";

/** Tokens this close to expiry are refreshed before use. */
const REFRESH_AHEAD_MS = 5 * 60_000;
/** How long one refresher holds the lock; a crashed refresher frees it after this. */
const REFRESH_LOCK_MS = 30_000;

const platformOf = (row: SocialAccountRow) => row.platform;

/**
 * Turns the account `needs_reauth` and, only when this call made that change (the update is
 * conditional on `active`), records `account.needs_reauth` in the same transaction: two requests
 * failing to renew at once report one event, and an account already marked reports none.
 */
async function markNeedsReauth(ctx: DomainContext, row: SocialAccountRow): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(socialAccounts)
      .set({ status: "needs_reauth", refreshLockedUntil: null, updatedAt: now })
      .where(and(eq(socialAccounts.id, row.id), eq(socialAccounts.workspaceId, ctx.workspace.id), eq(socialAccounts.status, "active")))
      .returning();
    if (!changed) {
      await tx
        .update(socialAccounts)
        .set({ refreshLockedUntil: null })
        .where(and(eq(socialAccounts.id, row.id), eq(socialAccounts.workspaceId, ctx.workspace.id)));
      return;
    }
    const link = await reconnectLink(ctx.services, { ...changed, platform: platformOf(changed) }, now);
    await recordEvent(tx, ctx.services.jobs, {
      workspaceId: ctx.workspace.id,
      mode: ctx.apiKey.mode,
      type: "account.needs_reauth",
      data: { ...toAccountView(changed, ctx.workspace), ...link },
      at: now,
    });
  });
}

/**
 * Refreshes the account's tokens with at most one refresher at a time: networks that rotate
 * refresh tokens (X, TikTok, Pinterest, Bluesky) invalidate the old one, so two concurrent
 * refreshes would leave one request holding a dead token. The loser waits for the winner and
 * reads the tokens it stored.
 */
async function refreshTokens(ctx: DomainContext, row: SocialAccountRow, tokens: TokenSet, net: NetworkContext): Promise<TokenSet> {
  const now = ctx.clock.now();
  const [claimed] = await ctx.db
    .update(socialAccounts)
    .set({ refreshLockedUntil: new Date(now.getTime() + REFRESH_LOCK_MS) })
    .where(and(eq(socialAccounts.id, row.id), or(isNull(socialAccounts.refreshLockedUntil), lt(socialAccounts.refreshLockedUntil, now))))
    .returning({ id: socialAccounts.id });
  if (!claimed) {
    for (let attempt = 0; attempt < 20; attempt++) {
      await ctx.services.networks.sleep(250, net.signal);
      // The caller gave up (its read timed out): stop waiting for the other refresher too.
      if (net.signal?.aborted) throw new ApiError("platform_unavailable", { platform: platformOf(row), message: `${row.platform}: the request was abandoned after the caller's timeout.` });
      const [current] = await ctx.db.select().from(socialAccounts).where(eq(socialAccounts.id, row.id)).limit(1);
      if (current && current.refreshLockedUntil === null) {
        if (current.status !== "active" || !current.tokensEncrypted) throw new ApiError("needs_reauth", { param: "accounts", platform: platformOf(row) });
        return openTokens(ctx.services.cipher, row.id, current.tokensEncrypted);
      }
    }
    throw new ApiError("service_unavailable", { message: "Another request is refreshing this account's connection; retry shortly." });
  }
  // Our snapshot of the row may predate a refresh another request finished before we took the
  // lock: its refresh token is then already rotated away. Use what is stored now.
  const [current] = await ctx.db.select().from(socialAccounts).where(eq(socialAccounts.id, row.id)).limit(1);
  if (current?.tokensEncrypted && current.tokensEncrypted !== row.tokensEncrypted) {
    await ctx.db.update(socialAccounts).set({ refreshLockedUntil: null }).where(eq(socialAccounts.id, row.id));
    const stored = await openTokens(ctx.services.cipher, row.id, current.tokensEncrypted);
    const expiry = stored.expiresAt ? new Date(stored.expiresAt).getTime() : Number.POSITIVE_INFINITY;
    if (current.status === "active" && expiry - ctx.clock.now().getTime() >= REFRESH_AHEAD_MS) return stored;
    tokens = stored;
  }
  try {
    const fresh = await adapterFor(platformOf(row)).refresh(tokens, net);
    await ctx.db
      .update(socialAccounts)
      .set({
        tokensEncrypted: await sealTokens(ctx.services.cipher, row.id, fresh),
        tokenExpiresAt: fresh.expiresAt ? new Date(fresh.expiresAt) : null,
        status: "active",
        refreshLockedUntil: null,
        // Renewed (on use or ahead): a background renewal's failing streak is over.
        renewalFailures: 0,
        renewalRetryAt: null,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(socialAccounts.id, row.id));
    return fresh;
  } catch (error) {
    if (error instanceof ApiError && (error.code === "needs_reauth" || error.code === "missing_scope" || error.code === "missing_permission")) {
      await markNeedsReauth(ctx, row);
      throw new ApiError("needs_reauth", { param: "accounts", platform: platformOf(row), message: `The ${row.platform} connection expired and could not be renewed.` });
    }
    await ctx.db.update(socialAccounts).set({ refreshLockedUntil: null }).where(eq(socialAccounts.id, row.id));
    throw error;
  }
}

/**
 * Renews the account's tokens now, however far their expiry: the background renewal ahead of
 * expiry (jobs/renew-tokens-ahead.ts), under the same one-refresher lock as renewal on use. A
 * refusal that means the connection is gone marks the account `needs_reauth` and throws that
 * code; anything else (the network down, throttled) throws as it came, and nothing changes.
 */
export async function renewAccountTokens(ctx: DomainContext, row: SocialAccountRow): Promise<TokenSet> {
  const platform = platformOf(row);
  if (row.status !== "active" || !row.tokensEncrypted) throw new ApiError("needs_reauth", { param: "accounts", platform });
  const net = await networkContextFor(ctx, platform, row.mode, undefined);
  return refreshTokens(ctx, row, await openTokens(ctx.services.cipher, row.id, row.tokensEncrypted), net);
}

/**
 * Runs one network call with the account's tokens: refreshed ahead of expiry, and once more if
 * the network says they expired anyway. When renewal fails the account is marked
 * `needs_reauth` and the call fails with that code. `signal` aborts the network requests (a
 * caller's timeout), the token refresh's included. The call spends the network's budget
 * (budgets/budget-spend.ts): `background` work is refused past its share, a person's never.
 */
export async function withAccountSession<T>(
  ctx: DomainContext,
  row: SocialAccountRow,
  unmetered: (tokens: TokenSet, net: NetworkContext) => Promise<T>,
  signal?: AbortSignal,
  spend: Spend = "user",
): Promise<T> {
  const platform = platformOf(row);
  const call = budgeted(ctx, row, spend, unmetered);
  if (row.status !== "active" || !row.tokensEncrypted) {
    throw new ApiError("needs_reauth", { param: "accounts", platform, message: `The ${platform} account ${row.handle} needs to be reconnected.` });
  }
  const net = await networkContextFor(ctx, platform, row.mode, signal);
  let tokens = await openTokens(ctx.services.cipher, row.id, row.tokensEncrypted);
  let refreshed = false;
  if (tokens.expiresAt && new Date(tokens.expiresAt).getTime() - ctx.clock.now().getTime() < REFRESH_AHEAD_MS) {
    tokens = await refreshTokens(ctx, row, tokens, net);
    refreshed = true;
  }
  try {
    return await call(tokens, net);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "needs_reauth" || refreshed) {
      if (error instanceof ApiError && error.code === "needs_reauth") await markNeedsReauth(ctx, row);
      throw error;
    }
    tokens = await refreshTokens(ctx, row, tokens, net);
    return call(tokens, net);
  }
}

import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import { socialAccounts, workspaces } from "../../db/schema/index.js";
import { reconnectLink } from "./connect/reconnect-link.js";
import { recordEventOnce } from "../events/index.js";
import type { WorkspaceRecord } from "../core/index.js";
import { type SocialAccountRow, toAccountView } from "./account-view.js";
import { expiresForGood, platformsThatMayExpire } from "./token-renewal.js";
import { openTokens } from "./token-vault.js";
import type { JobRuntime } from "../core/index.js";

export const DEFAULT_TOKEN_WARNING_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Records `account.token_expiring` for active connections whose token cannot be renewed and
 * expires within the warning window (CHORUS_TOKEN_WARNING_DAYS, default 7). Run daily. Each
 * token is reported once: the event's source id names the account and the expiry, so a repeated
 * sweep records nothing, and a reconnect (a new token, a new expiry) can be reported again.
 */
export async function sweepExpiringTokens(runtime: JobRuntime, pageSize = 500): Promise<number> {
  const now = runtime.clock.now();
  const days = runtime.services.networks.tokenWarningDays ?? DEFAULT_TOKEN_WARNING_DAYS;
  let recorded = 0;
  // Every candidate is visited, page by page in id order: warned ones stay candidates until they
  // expire, so a plain LIMIT would revisit the same first page daily and never reach the rest.
  let after = "";
  for (;;) {
    const rows = await runtime.db
      .select({ account: socialAccounts, workspace: workspaces })
      .from(socialAccounts)
      .innerJoin(workspaces, eq(workspaces.id, socialAccounts.workspaceId))
      .where(
        and(
          gt(socialAccounts.id, after),
          eq(socialAccounts.status, "active"),
          inArray(socialAccounts.platform, platformsThatMayExpire),
          gt(socialAccounts.tokenExpiresAt, now),
          lte(socialAccounts.tokenExpiresAt, new Date(now.getTime() + days * DAY_MS)),
        ),
      )
      .orderBy(asc(socialAccounts.id))
      .limit(pageSize);
    for (const { account, workspace } of rows) {
      if (await warnOnce(runtime, account, workspace, now)) recorded++;
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) break;
    after = last.account.id;
  }
  if (recorded > 0) runtime.services.logger.info("token expiry warnings recorded", { recorded });
  return recorded;
}

async function warnOnce(runtime: JobRuntime, account: SocialAccountRow, workspace: WorkspaceRecord, now: Date): Promise<boolean> {
  const { tokensEncrypted } = account;
  if (!tokensEncrypted) return false;
  if (!(await expiresForGood(account, () => openTokens(runtime.services.cipher, account.id, tokensEncrypted)))) return false;
  return recordTokenExpiring(runtime, account, workspace, now);
}

/**
 * Records `account.token_expiring` for the account's current token, once: the source id names
 * the account and the expiry. True when this call recorded it.
 */
export async function recordTokenExpiring(runtime: JobRuntime, account: SocialAccountRow, workspace: WorkspaceRecord, now: Date): Promise<boolean> {
  const { tokenExpiresAt } = account;
  if (!tokenExpiresAt) return false;
  const link = await reconnectLink(runtime.services, { ...account, platform: account.platform }, now);
  const id = await recordEventOnce(runtime.db, runtime.services.jobs, {
    workspaceId: account.workspaceId,
    mode: account.mode === "live" ? "live" : "test",
    type: "account.token_expiring",
    data: { ...toAccountView(account, workspace), expiresAt: tokenExpiresAt.toISOString(), ...link },
    at: now,
    sourceId: `token_expiring:${account.id}:${tokenExpiresAt.toISOString()}`,
  });
  return id !== null;
}

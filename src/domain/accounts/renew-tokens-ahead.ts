import { and, asc, eq, gt, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import { socialAccounts, workspaces } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import { renewAccountTokens } from "./account-session.js";
import type { SocialAccountRow } from "./account-view.js";
import { renewedAhead, renewedAheadCondition } from "./token-renewal.js";
import type { WorkspaceRecord } from "../core/index.js";
import { jobContextFor, type JobRuntime } from "../core/index.js";
import { DEFAULT_TOKEN_WARNING_DAYS, recordTokenExpiring } from "./sweep-expiring-tokens.js";

const DAY_MS = 24 * 60 * 60_000;
/**
 * How far ahead of expiry a token is renewed. Meta refreshes a 60-day token once it is a day old,
 * so 10 days before the end it is 50 days old (a 30-day Pinterest token, 20); and the hourly
 * sweep gets about 240 tries before the end, 72 of them before a failing renewal is warned about
 * (7 days by default).
 */
export const RENEW_AHEAD_DAYS = 10;
/**
 * Renewals per run: each is one network call, made one after another, so a run stays short
 * (one hourly run renews up to 2,400 a day). The nearest expiries go first.
 */
export const RENEWALS_PER_RUN = 100;
/**
 * After a renewal fails for now, the account waits before its next try: 4 hours, then 8, then
 * 12 at most. Without the wait, a hundred accounts failing run after run (a network down, live
 * credentials missing) would take every batch, and the tokens behind them would die unrenewed.
 * The cap keeps a try (and so the warning) inside even a one-day warning window.
 */
export const RETRY_AFTER_MS = [4, 8, 12].map((hours) => hours * 60 * 60_000);
/** The run a retry is due at may start a little early in its minute; it still retries. */
const RETRY_SLACK_MS = 5 * 60_000;

export interface RenewalRun {
  renewed: number;
  /** Refused for good: the account turned `needs_reauth` (and `account.needs_reauth` was recorded). */
  lost: number;
  /** Failed for now (the network down or throttling): tried again after RETRY_AFTER_MS. */
  failed: number;
  /** `account.token_expiring` events recorded for failed renewals. */
  warned: number;
}

/**
 * Renews, ahead of expiry, the tokens whose renewal lapses unless used (Instagram-login door,
 * Threads, Pinterest: `tokens.renewAhead` in their rules.ts; see renewedAhead): an account nobody used for weeks would otherwise reach
 * its 60th day and die. A renewal that fails for now is retried after RETRY_AFTER_MS; once the token is
 * within CHORUS_TOKEN_WARNING_DAYS of its end, `account.token_expiring` warns the workspace,
 * once per token. A refusal for good turns the account `needs_reauth` as renewal on use does.
 */
export async function renewTokensAhead(runtime: JobRuntime, limit = RENEWALS_PER_RUN): Promise<RenewalRun> {
  const now = runtime.clock.now();
  const warnWithinMs = (runtime.services.networks.tokenWarningDays ?? DEFAULT_TOKEN_WARNING_DAYS) * DAY_MS;
  const rows = await runtime.db
    .select({ account: socialAccounts, workspace: workspaces })
    .from(socialAccounts)
    .innerJoin(workspaces, eq(workspaces.id, socialAccounts.workspaceId))
    .where(
      and(
        eq(socialAccounts.status, "active"),
        isNotNull(socialAccounts.tokensEncrypted),
        renewedAheadCondition(),
        gt(socialAccounts.tokenExpiresAt, now),
        lte(socialAccounts.tokenExpiresAt, new Date(now.getTime() + RENEW_AHEAD_DAYS * DAY_MS)),
        // A request is renewing it right now: it is its business.
        or(isNull(socialAccounts.refreshLockedUntil), lt(socialAccounts.refreshLockedUntil, now)),
        or(isNull(socialAccounts.renewalRetryAt), lte(socialAccounts.renewalRetryAt, now)),
      ),
    )
    .orderBy(asc(socialAccounts.tokenExpiresAt), asc(socialAccounts.id))
    .limit(limit);

  const run: RenewalRun = { renewed: 0, lost: 0, failed: 0, warned: 0 };
  for (const { account, workspace } of rows) {
    if (!renewedAhead(account)) continue;
    const ctx = jobContextFor(runtime, workspace, account.mode);
    if (!ctx) continue;
    try {
      await renewAccountTokens(ctx, account);
      run.renewed++;
    } catch (error) {
      if (error instanceof ApiError && error.code === "needs_reauth") {
        run.lost++;
        continue;
      }
      run.failed++;
      const retryAt = await postponeRetry(runtime, account, now);
      runtime.services.logger.warn("token renewal ahead of expiry failed; retried later", { account: account.id, platform: account.platform, error: reasonOf(error), retryAt: retryAt.toISOString() });
      if (await warnIfClose(runtime, account, workspace, now, warnWithinMs)) run.warned++;
    }
  }
  if (rows.length > 0) runtime.services.logger.info("tokens renewed ahead of expiry", { ...run });
  return run;
}

/** Counts the failure and sets when the account may be tried again, the wait growing with the streak. */
async function postponeRetry(runtime: JobRuntime, account: SocialAccountRow, now: Date): Promise<Date> {
  const failures = account.renewalFailures + 1;
  const waitMs = RETRY_AFTER_MS[Math.min(failures, RETRY_AFTER_MS.length) - 1] ?? 0;
  const retryAt = new Date(now.getTime() + waitMs - RETRY_SLACK_MS);
  await runtime.db.update(socialAccounts).set({ renewalFailures: failures, renewalRetryAt: retryAt }).where(eq(socialAccounts.id, account.id));
  return retryAt;
}

async function warnIfClose(runtime: JobRuntime, account: SocialAccountRow, workspace: WorkspaceRecord, now: Date, withinMs: number): Promise<boolean> {
  if (!account.tokenExpiresAt || account.tokenExpiresAt.getTime() - now.getTime() > withinMs) return false;
  return recordTokenExpiring(runtime, account, workspace, now);
}

const reasonOf = (error: unknown) => (error instanceof ApiError ? error.code : String(error));

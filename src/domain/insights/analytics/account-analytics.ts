import { and, eq, gte, inArray, isNotNull, ne } from "drizzle-orm";
import { analyticsCache, postTargets, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { type AccountAnalyticsRequest, addMetrics, type DailyMetrics, type MetricValues, type NetworkAccountAnalytics, sumOrNull } from "../../../networks/facets/analytics.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import { assertAccountsInGrant, withinGrant } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";
import { callWithinBudget, problemOf, type ReadProblem } from "../../accounts/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import { cacheAnswers, storeCached } from "./analytics-cache.js";
import { type AnalyticsPeriod, periodRange } from "./periods.js";

export interface AccountAnalytics {
  account: string;
  platform: PlatformId;
  handle: string;
  source: "account" | "posts";
  metrics: MetricValues;
  networkMetrics: Record<string, number>;
  followers: number | null;
  followersChange: number | null;
  daily: DailyMetrics[] | null;
  fetchedAt: string;
  cached: boolean;
}

export interface NetworkTotals {
  platform: PlatformId;
  accounts: number;
  metrics: MetricValues;
  followers: number | null;
  followersChange: number | null;
}

export interface AnalyticsReport {
  period: AnalyticsPeriod;
  since: string;
  until: string;
  networks: NetworkTotals[];
  accounts: AccountAnalytics[];
  problems: ReadProblem[];
}

export interface AnalyticsInput {
  period: AnalyticsPeriod;
  account?: string | undefined;
  platform?: PlatformId | undefined;
  refresh: boolean;
}

const scopeOf = (period: AnalyticsPeriod) => `period:${period}`;

/**
 * The accounts in scope with their cached totals for the period, in one statement: a dashboard
 * asking again is answered by this query alone (bench/analytics.ts holds it to that).
 */
async function accountsWithCache(ctx: DomainContext, input: AnalyticsInput) {
  const rows = await ctx.db
    .select({ account: socialAccounts, cache: analyticsCache })
    .from(socialAccounts)
    .leftJoin(analyticsCache, and(eq(analyticsCache.workspaceId, socialAccounts.workspaceId), eq(analyticsCache.accountId, socialAccounts.id), eq(analyticsCache.scope, scopeOf(input.period))))
    .where(
      and(
        eq(socialAccounts.workspaceId, ctx.workspace.id),
        eq(socialAccounts.mode, ctx.apiKey.mode),
        ne(socialAccounts.status, "disconnected"),
        input.account ? eq(socialAccounts.id, input.account) : undefined,
        input.platform ? eq(socialAccounts.platform, input.platform) : undefined,
      ),
    )
    .orderBy(socialAccounts.platform, socialAccounts.id);
  if (input.account && rows.length === 0) {
    throw new ApiError("account_unknown", { param: "account", message: `No connected social account ${input.account}${input.platform ? ` on ${input.platform}` : ""} in this workspace.` });
  }
  // An agent named an account outside its grant: refused; otherwise it sees only what its grant reaches.
  if (input.account)
    assertAccountsInGrant(
      ctx,
      rows.map((r) => r.account),
      () => "account",
    );
  const reachable = new Set(
    withinGrant(
      ctx,
      rows.map((r) => r.account),
    ),
  );
  return rows.filter((r) => reachable.has(r.account));
}

/** The period's published targets of the accounts to read, in one statement. */
async function postsOf(ctx: DomainContext, accountIds: string[], start: Date): Promise<Map<string, AccountAnalyticsRequest["posts"]>> {
  const byAccount = new Map<string, AccountAnalyticsRequest["posts"]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await ctx.db
    .select({ accountId: postTargets.accountId, networkPostId: postTargets.networkPostId, destination: postTargets.destination, publishedAt: postTargets.publishedAt })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.workspaceId, ctx.workspace.id),
        inArray(postTargets.accountId, accountIds),
        eq(postTargets.state, "published"),
        isNotNull(postTargets.networkPostId),
        gte(postTargets.publishedAt, start),
      ),
    );
  for (const row of rows) {
    if (!row.networkPostId || !row.publishedAt) continue;
    const list = byAccount.get(row.accountId) ?? [];
    list.push({ networkPostId: row.networkPostId, destination: row.destination, publishedAt: row.publishedAt.toISOString() });
    byAccount.set(row.accountId, list);
  }
  return byAccount;
}

const view = (row: SocialAccountRow, data: NetworkAccountAnalytics, fetchedAt: Date, cached: boolean): AccountAnalytics => ({
  account: row.id,
  platform: row.platform,
  handle: row.handle,
  source: data.source,
  metrics: data.metrics,
  networkMetrics: data.networkMetrics,
  followers: data.followers,
  followersChange: data.followersChange,
  daily: data.daily,
  fetchedAt: fetchedAt.toISOString(),
  cached,
});

/** Per network: the accounts' totals added up; null where no account of the network has the number. */
function totalsByNetwork(accounts: AccountAnalytics[]): NetworkTotals[] {
  const platforms = [...new Set(accounts.map((a) => a.platform))].sort();
  return platforms.map((platform) => {
    const own = accounts.filter((a) => a.platform === platform);
    return {
      platform,
      accounts: own.length,
      metrics: addMetrics(own.map((a) => a.metrics)),
      followers: sumOrNull(own.map((a) => a.followers)),
      followersChange: sumOrNull(own.map((a) => a.followersChange)),
    };
  });
}

/**
 * GET /v1/analytics: every account's totals over the period (or one account's, or one
 * network's), per account and per network, with followers, their change and a daily series
 * where the network gives them. Cached reads answer without calling any network; the others are
 * read in parallel, each within the spanning reads' per-network budget, and a network that
 * cannot be read is a `problems` entry.
 */
export async function getAnalytics({ ctx, input }: { ctx: DomainContext; input: AnalyticsInput }): Promise<AnalyticsReport> {
  const now = ctx.clock.now();
  const range = periodRange(input.period, now);
  const rows = await accountsWithCache(ctx, input);
  const problems: ReadProblem[] = [];
  const answered: AccountAnalytics[] = [];
  const toRead: SocialAccountRow[] = [];
  for (const { account, cache } of rows) {
    const adapter = adapterFor(account.platform);
    const facet = adapter.analytics;
    if (!facet?.accountAnalytics) {
      problems.push(problemOf(account, "capability_unsupported", `${adapter.capabilities.name} publishes no account analytics that Chorus can read.`, false));
      continue;
    }
    if (cache && cacheAnswers(cache, now, input.refresh, facet.minRefreshSeconds)) {
      answered.push(view(account, cache.data as unknown as NetworkAccountAnalytics, cache.fetchedAt, true));
      continue;
    }
    if (account.status !== "active" || !account.tokensEncrypted) {
      problems.push(problemOf(account, "needs_reauth", `The ${account.platform} account ${account.handle} needs to be reconnected.`, false));
      continue;
    }
    toRead.push(account);
  }
  if (toRead.length > 0) {
    // Only networks that total posts wait for the posts query (hundreds of rows in a busy
    // workspace); the others are asked at once, while it runs.
    const readsPosts = (account: SocialAccountRow) => adapterFor(account.platform).analytics?.accountReadsPosts === true;
    const needPosts = toRead.filter(readsPosts).map((a) => a.id);
    const posts = needPosts.length > 0 ? postsOf(ctx, needPosts, range.start) : Promise.resolve(new Map<string, AccountAnalyticsRequest["posts"]>());
    const outcomes = await Promise.all(
      toRead.map(async (account) => {
        const own = readsPosts(account) ? ((await posts).get(account.id) ?? []) : [];
        const request: AccountAnalyticsRequest = {
          networkUserId: account.networkUserId,
          since: range.since,
          until: range.until,
          posts: own,
          destinations: [...new Set(own.flatMap((p) => (p.destination ? [p.destination] : [])))],
        };
        return {
          account,
          outcome: await callWithinBudget(
            ctx,
            account,
            (tokens, net) => adapterFor(account.platform).analytics?.accountAnalytics?.(tokens, request, net) ?? Promise.reject(new Error("no account analytics")),
          ),
        };
      }),
    );
    const fresh: { accountId: string; scope: string; data: Record<string, unknown>; fetchedAt: Date }[] = [];
    for (const { account, outcome } of outcomes) {
      if (!outcome.ok) {
        problems.push(outcome.problem);
        continue;
      }
      fresh.push({ accountId: account.id, scope: scopeOf(input.period), data: { ...outcome.value }, fetchedAt: now });
      answered.push(view(account, outcome.value, now, false));
    }
    await storeCached(ctx, fresh);
  }
  answered.sort((a, b) => (a.platform === b.platform ? (a.account < b.account ? -1 : 1) : a.platform < b.platform ? -1 : 1));
  problems.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  return { period: input.period, since: range.since, until: range.until, networks: totalsByNetwork(answered), accounts: answered, problems };
}

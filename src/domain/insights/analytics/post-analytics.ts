import { and, eq, sql } from "drizzle-orm";
import { analyticsCache, postTargets, socialAccounts } from "../../../db/schema/index.js";
import type { MetricValues, NetworkMetrics } from "../../../networks/facets/analytics.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { requirePost } from "../../publishing/index.js";
import { callWithinBudget } from "../../accounts/index.js";
import { cacheAnswers, storeCached } from "./analytics-cache.js";

/** Why a target has no numbers: the spec's codes, as in a spanning read's `problems`. */
export interface TargetProblem {
  code: string;
  message: string;
  retryable: boolean;
}

export interface TargetAnalytics {
  account: string;
  platform: PlatformId;
  networkPostId: string | null;
  url: string | null;
  state: string;
  metrics: MetricValues | null;
  networkMetrics: Record<string, number> | null;
  /** When the numbers were read from the network; null when there are none. */
  fetchedAt: string | null;
  /** Whether the numbers came from the cache rather than a read made for this request. */
  cached: boolean;
  problem: TargetProblem | null;
}

export interface PostAnalytics {
  postId: string;
  targets: TargetAnalytics[];
}

const scopeOf = (targetId: string) => `post:${targetId}`;

/**
 * GET /v1/posts/{id}/analytics: each target's normalised metrics beside the network's own. A
 * target that is not published, a network without post insights, a connection to renew or a
 * network that failed is reported on that target, never as zeros. Reads younger than the cache
 * window answer from the database; `refresh` reads again once the network's minimum age passed.
 */
export async function getPostAnalytics({ ctx, input }: { ctx: DomainContext; input: { id: string; refresh: boolean } }): Promise<PostAnalytics> {
  const post = await requirePost(ctx, input.id);
  const rows = await ctx.db
    .select({ target: postTargets, account: socialAccounts, cache: analyticsCache })
    .from(postTargets)
    .innerJoin(socialAccounts, and(eq(socialAccounts.id, postTargets.accountId), eq(socialAccounts.workspaceId, postTargets.workspaceId)))
    .leftJoin(
      analyticsCache,
      and(eq(analyticsCache.workspaceId, postTargets.workspaceId), eq(analyticsCache.accountId, postTargets.accountId), eq(analyticsCache.scope, sql`'post:' || ${postTargets.id}`)),
    )
    .where(and(eq(postTargets.postId, post.id), eq(postTargets.workspaceId, ctx.workspace.id)))
    .orderBy(postTargets.platform, postTargets.id);
  const now = ctx.clock.now();
  const fresh: { accountId: string; scope: string; data: Record<string, unknown>; fetchedAt: Date }[] = [];
  const targets = await Promise.all(
    rows.map(async ({ target, account, cache }): Promise<TargetAnalytics> => {
      const platform = target.platform;
      const base = { account: target.accountId, platform, networkPostId: target.networkPostId, url: target.url, state: target.state };
      const empty = (problem: TargetProblem): TargetAnalytics => ({ ...base, metrics: null, networkMetrics: null, fetchedAt: null, cached: false, problem });
      const networkPostId = target.networkPostId;
      if (target.state !== "published" || !networkPostId) {
        return empty({
          code: "target_not_published",
          message: `This target is ${target.state}: only published targets have analytics.`,
          retryable: target.state === "processing" || target.state === "scheduled" || target.state === "pending",
        });
      }
      const facet = adapterFor(platform).analytics;
      const read = facet?.postAnalytics?.bind(facet);
      if (!facet || !read) {
        return empty({ code: "capability_unsupported", message: `${adapterFor(platform).capabilities.name} publishes no per-post analytics that Chorus can read.`, retryable: false });
      }
      if (cache && cacheAnswers(cache, now, input.refresh, facet.minRefreshSeconds)) {
        const data = cache.data as unknown as NetworkMetrics;
        return { ...base, metrics: data.metrics, networkMetrics: data.networkMetrics, fetchedAt: cache.fetchedAt.toISOString(), cached: true, problem: null };
      }
      const request = { networkPostId, networkUserId: account.networkUserId, destination: target.destination, publishedAt: (target.publishedAt ?? post.createdAt).toISOString() };
      const outcome = await callWithinBudget(ctx, account, (tokens, net) => read(tokens, request, net));
      if (!outcome.ok) return empty({ code: outcome.problem.code, message: outcome.problem.message, retryable: outcome.problem.retryable });
      fresh.push({ accountId: account.id, scope: scopeOf(target.id), data: { ...outcome.value }, fetchedAt: now });
      return { ...base, ...outcome.value, fetchedAt: now.toISOString(), cached: false, problem: null };
    }),
  );
  await storeCached(ctx, fresh);
  return { postId: post.id, targets };
}

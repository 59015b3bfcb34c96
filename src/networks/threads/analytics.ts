import * as v from "valibot";
import { type AnalyticsFacet, type DailyMetrics, type MetricValues, noMetrics } from "../facets/analytics.js";
import { extraString, graphRequest, graphUrl } from "../meta/graph.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { threadsDefaultApiVersion, threadsUrls } from "./capabilities.js";
import { threadsErrorTable as table } from "./errors.js";

/**
 * Threads insights (permission `threads_manage_insights`): a post's lifetime `views, likes,
 * replies, reposts, quotes, shares` from `GET /{threads-media-id}/insights`; an account's from
 * `GET /{threads-user-id}/threads_insights` over `since`/`until` (Unix seconds, not before
 * 2024-04-13), where `views` comes as a daily series and the others as `total_value`;
 * `followers_count` ignores the range (followers now, no change). Threads publishes no reach,
 * saves or video numbers.
 */

const POST_METRICS = ["views", "likes", "replies", "reposts", "quotes", "shares"] as const;
const ACCOUNT_METRICS = ["views", "likes", "replies", "reposts", "quotes", "clicks", "followers_count"] as const;
/** Threads refuses `since` before this (2024-04-13, Unix seconds). */
const EARLIEST_SINCE = 1712991600;

const Insight = v.object({
  name: v.string(),
  period: v.optional(v.string()),
  values: v.optional(v.array(v.object({ value: v.number(), end_time: v.optional(v.string()) }))),
  total_value: v.optional(v.object({ value: v.number() })),
  link_total_values: v.optional(v.array(v.object({ value: v.number(), link_url: v.optional(v.string()) }))),
});
const Insights = v.object({ data: v.array(Insight) });

const url = (net: NetworkContext, path: string, params: Record<string, string>) => graphUrl(threadsUrls.graph, net.config.apiVersion ?? threadsDefaultApiVersion, path, params);

/** One number per metric: a total, a sum of link clicks, or the sum of a series. */
function totalOf(insight: v.InferOutput<typeof Insight>): number {
  if (insight.total_value) return insight.total_value.value;
  if (insight.link_total_values) return insight.link_total_values.reduce((sum, l) => sum + l.value, 0);
  return (insight.values ?? []).reduce((sum, x) => sum + x.value, 0);
}

function toMetrics(values: Record<string, number>): MetricValues {
  const pick = (name: string) => values[name] ?? null;
  const reposts = pick("reposts");
  const quotes = pick("quotes");
  const shares = pick("shares");
  const shared = [reposts, quotes, shares].filter((x): x is number => x !== null);
  return { ...noMetrics(), views: pick("views"), likes: pick("likes"), comments: pick("replies"), shares: shared.length === 0 ? null : shared.reduce((a, b) => a + b, 0), clicks: pick("clicks") };
}

const unix = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

export const threadsAnalytics: AnalyticsFacet = {
  metricNames: {
    views: "views",
    reach: null,
    likes: "likes",
    comments: "replies",
    shares: "reposts + quotes + shares",
    saves: null,
    clicks: "clicks (account only)",
    videoViews: null,
    watchTimeSeconds: null,
    followers: "followers_count",
  },
  // Meta counts calls per app and user per hour; insights lag by hours, so five minutes loses nothing.
  minRefreshSeconds: 300,

  async postAnalytics(tokens, request, net) {
    const body = await graphRequest(net, table, url(net, `${request.networkPostId}/insights`, { metric: POST_METRICS.join(","), access_token: tokens.accessToken }), Insights);
    const networkMetrics = Object.fromEntries(body.data.map((i) => [i.name, totalOf(i)]));
    return { metrics: toMetrics(networkMetrics), networkMetrics };
  },

  async accountAnalytics(tokens: TokenSet, request, net) {
    const userId = extraString(tokens, "userId", "threads");
    const since = Math.max(EARLIEST_SINCE, unix(request.since));
    // `until` is exclusive: the day after the last day of the period.
    const until = unix(request.until) + 86_400;
    const body = await graphRequest(
      net,
      table,
      url(net, `${userId}/threads_insights`, { metric: ACCOUNT_METRICS.join(","), since: String(since), until: String(until), access_token: tokens.accessToken }),
      Insights,
    );
    const networkMetrics: Record<string, number> = {};
    let daily: DailyMetrics[] | null = null;
    for (const insight of body.data) {
      networkMetrics[insight.name] = totalOf(insight);
      if (insight.name === "views" && insight.values) {
        daily = insight.values.map((x) => ({ date: (x.end_time ?? "").slice(0, 10), metrics: { ...noMetrics(), views: x.value } }));
      }
    }
    const { followers_count: followers, ...period } = networkMetrics;
    return { metrics: toMetrics(period), networkMetrics, followers: followers ?? null, followersChange: null, daily, source: "account" };
  },
};

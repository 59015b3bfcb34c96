import * as v from "valibot";
import { type AnalyticsFacet, type DailyMetrics, type MetricValues, noMetrics } from "../facets/analytics.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { pinterestApiBaseUrl, pinterestRateLimitHeaders } from "./capabilities.js";
import { pinterestErrorTable } from "./errors.js";

/**
 * Pinterest API v5 analytics (OpenAPI `pins/analytics` and `user_account/analytics`, both with
 * `start_date`/`end_date` at most 90 days back). A Pin's numbers are its summary over the days
 * since it was published plus its lifetime comments and reactions; an account's are the
 * summary and `daily_metrics` of its own Pins. Followers come from GET /v5/user_account.
 * The answer is keyed by app type (`all` for the default `app_types=ALL`, per third-party
 * clients: unverified), so whichever key comes back is read.
 */

const PIN_METRICS = ["IMPRESSION", "OUTBOUND_CLICK", "PIN_CLICK", "SAVE", "TOTAL_COMMENTS", "TOTAL_REACTIONS", "VIDEO_MRC_VIEW", "VIDEO_V50_WATCH_TIME"] as const;
const ACCOUNT_METRICS = ["IMPRESSION", "ENGAGEMENT", "OUTBOUND_CLICK", "PIN_CLICK", "SAVE"] as const;
const MAX_DAYS_BACK = 89;
const DAY_MS = 86_400_000;

const Numbers = v.record(v.string(), v.number());
const Section = v.object({
  daily_metrics: v.optional(v.array(v.object({ date: v.string(), data_status: v.optional(v.string()), metrics: v.optional(Numbers) }))),
  lifetime_metrics: v.optional(Numbers),
  summary_metrics: v.optional(Numbers),
});
const AnalyticsResponse = v.record(v.string(), Section);
const UserAccount = v.object({ follower_count: v.optional(v.number()) });

const day = (date: Date) => date.toISOString().slice(0, 10);

function toMetrics(values: Record<string, number>): MetricValues {
  const pick = (name: string) => values[name] ?? null;
  const watchMs = pick("VIDEO_V50_WATCH_TIME");
  return {
    ...noMetrics(),
    views: pick("IMPRESSION"),
    likes: pick("TOTAL_REACTIONS"),
    comments: pick("TOTAL_COMMENTS"),
    saves: pick("SAVE"),
    clicks: pick("OUTBOUND_CLICK"),
    videoViews: pick("VIDEO_MRC_VIEW"),
    watchTimeSeconds: watchMs === null ? null : Math.round(watchMs / 1000),
  };
}

async function read(tokens: TokenSet, path: string, params: Record<string, string>, net: NetworkContext): Promise<unknown> {
  const url = new URL(`${pinterestApiBaseUrl}${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const response = await callNetwork(net, pinterestErrorTable, url.toString(), { headers: { Authorization: `Bearer ${tokens.accessToken}` } }, { resetHeader: pinterestRateLimitHeaders.reset });
  return response.body;
}

const firstSection = (body: unknown, what: string) => Object.values(parseNetworkBody("pinterest", AnalyticsResponse, body, what))[0] ?? {};

export const pinterestAnalytics: AnalyticsFacet = {
  metricNames: {
    views: "IMPRESSION",
    reach: null,
    likes: "TOTAL_REACTIONS",
    comments: "TOTAL_COMMENTS",
    shares: null,
    saves: "SAVE",
    clicks: "OUTBOUND_CLICK",
    videoViews: "VIDEO_MRC_VIEW",
    watchTimeSeconds: "VIDEO_V50_WATCH_TIME ÷ 1000",
    followers: "follower_count",
  },
  // Pinterest refreshes analytics daily and rate-limits analytics reads per user; a quarter-hour keeps well inside it.
  minRefreshSeconds: 900,

  async postAnalytics(tokens, request, net) {
    const now = net.now();
    const earliest = new Date(now.getTime() - MAX_DAYS_BACK * DAY_MS);
    const start = Date.parse(request.publishedAt) > earliest.getTime() ? new Date(request.publishedAt) : earliest;
    const body = await read(
      tokens,
      `/pins/${encodeURIComponent(request.networkPostId)}/analytics`,
      { start_date: day(start), end_date: day(now), metric_types: PIN_METRICS.join(","), app_types: "ALL" },
      net,
    );
    const section = firstSection(body, "pins/analytics");
    const networkMetrics = { ...section.summary_metrics, ...section.lifetime_metrics };
    return { metrics: toMetrics(networkMetrics), networkMetrics };
  },

  async accountAnalytics(tokens, request, net) {
    const [body, account] = await Promise.all([
      read(tokens, "/user_account/analytics", { start_date: request.since, end_date: request.until, metric_types: ACCOUNT_METRICS.join(","), app_types: "ALL" }, net),
      read(tokens, "/user_account", {}, net),
    ]);
    const section = firstSection(body, "user_account/analytics");
    const daily: DailyMetrics[] = (section.daily_metrics ?? []).map((d) => ({ date: d.date, metrics: toMetrics(d.metrics ?? {}) }));
    const summary = section.summary_metrics ?? {};
    return {
      metrics: toMetrics(summary),
      networkMetrics: summary,
      followers: parseNetworkBody("pinterest", UserAccount, account, "user_account").follower_count ?? null,
      followersChange: null,
      daily,
      source: "account",
    };
  },
};

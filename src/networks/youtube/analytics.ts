import * as v from "valibot";
import { type AnalyticsFacet, type DailyMetrics, type MetricValues, noMetrics } from "../facets/analytics.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { youtubeUrls } from "./capabilities.js";
import { youtubeErrorTable } from "./errors.js";

/**
 * YouTube Analytics API v2 (`youtubeAnalytics.reports.query`, scope yt-analytics.readonly):
 * a post is `filters=video==<id>` over the days since it was published, an account is the
 * channel's report by `day`. The Data API's channel `statistics.subscriberCount` gives followers
 * now; `subscribersGained - subscribersLost` their change. Since 2026-08-27 `views` counts every
 * playback start, for Shorts too (the older count is `engagedViews`). YouTube publishes no reach,
 * saves or clicks for organic videos.
 */

const POST_METRICS = ["views", "estimatedMinutesWatched", "likes", "comments", "shares"] as const;
const CHANNEL_METRICS = [...POST_METRICS, "subscribersGained", "subscribersLost"] as const;

const Report = v.object({
  kind: v.optional(v.string()),
  columnHeaders: v.array(v.object({ name: v.string(), columnType: v.optional(v.string()), dataType: v.optional(v.string()) })),
  rows: v.optional(v.array(v.array(v.union([v.string(), v.number()])))),
});
const Channels = v.object({
  items: v.optional(v.array(v.object({ id: v.string(), statistics: v.optional(v.object({ subscriberCount: v.optional(v.string()), hiddenSubscriberCount: v.optional(v.boolean()) })) }))),
});

const day = (iso: string) => iso.slice(0, 10);

async function report(tokens: TokenSet, params: Record<string, string>, net: NetworkContext): Promise<Record<string, number | string>[]> {
  const url = new URL(`${youtubeUrls.analytics}/reports`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const response = await callNetwork(net, youtubeErrorTable, url.toString(), { headers: { Authorization: `Bearer ${tokens.accessToken}` } });
  const body = parseNetworkBody("youtube", Report, response.body, "reports.query");
  const names = body.columnHeaders.map((h) => h.name);
  return (body.rows ?? []).map((row) => Object.fromEntries(names.map((name, i) => [name, row[i] ?? 0])));
}

const num = (value: number | string | undefined) => (typeof value === "number" ? value : Number(value ?? 0));

function toMetrics(row: Record<string, number | string>): MetricValues {
  const views = num(row.views);
  return {
    ...noMetrics(),
    views,
    likes: num(row.likes),
    comments: num(row.comments),
    shares: num(row.shares),
    // Every YouTube view is a video view.
    videoViews: views,
    watchTimeSeconds: Math.round(num(row.estimatedMinutesWatched) * 60),
  };
}

const networkOf = (row: Record<string, number | string>, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, num(row[name])]));

export const youtubeAnalytics: AnalyticsFacet = {
  metricNames: {
    views: "views",
    reach: null,
    likes: "likes",
    comments: "comments",
    shares: "shares",
    saves: null,
    clicks: null,
    videoViews: "views",
    watchTimeSeconds: "estimatedMinutesWatched × 60",
    followers: "statistics.subscriberCount",
  },
  // YouTube updates its reports about daily; re-reading sooner than an hour only spends quota.
  minRefreshSeconds: 3600,

  async postAnalytics(tokens, request, net) {
    const [row] = await report(
      tokens,
      { ids: "channel==MINE", startDate: day(request.publishedAt), endDate: day(net.now().toISOString()), metrics: POST_METRICS.join(","), filters: `video==${request.networkPostId}` },
      net,
    );
    const found = row ?? {};
    return { metrics: toMetrics(found), networkMetrics: networkOf(found, POST_METRICS) };
  },

  async accountAnalytics(tokens, request, net) {
    const channelsUrl = `${youtubeUrls.api}/channels?part=statistics&mine=true`;
    const [rows, channels] = await Promise.all([
      report(tokens, { ids: "channel==MINE", startDate: request.since, endDate: request.until, metrics: CHANNEL_METRICS.join(","), dimensions: "day", sort: "day" }, net),
      callNetwork(net, youtubeErrorTable, channelsUrl, { headers: { Authorization: `Bearer ${tokens.accessToken}` } }),
    ]);
    const statistics = parseNetworkBody("youtube", Channels, channels.body, "channels.list").items?.[0]?.statistics;
    const followers = statistics && !statistics.hiddenSubscriberCount && statistics.subscriberCount !== undefined ? Number(statistics.subscriberCount) : null;
    const totals: Record<string, number> = Object.fromEntries(CHANNEL_METRICS.map((name) => [name, rows.reduce((sum, row) => sum + num(row[name]), 0)]));
    const daily: DailyMetrics[] = rows.map((row) => ({ date: String(row.day), metrics: toMetrics(row) }));
    return {
      metrics: toMetrics(totals),
      networkMetrics: totals,
      followers,
      followersChange: (totals.subscribersGained ?? 0) - (totals.subscribersLost ?? 0),
      daily,
      source: "account",
    };
  },
};

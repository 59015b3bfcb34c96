import * as v from "valibot";
import { type AnalyticsFacet, type DailyMetrics, type MetricValues, noMetrics } from "../facets/analytics.js";
import { extraString, graphRequest, graphUrl } from "../meta/graph.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { instagramUrls } from "./capabilities.js";
import { instagramErrorTable as table } from "./errors.js";
import { doorOf, igVersion } from "./connect.js";

/**
 * Instagram insights under their 2025-26 names (`views` replaced `impressions` and `plays`,
 * which Graph now refuses as invalid metrics). A media's lifetime numbers come from
 * `GET /{ig-media-id}/insights`; reels add their watch time, which other media types refuse,
 * so the media's product type is read first. An account's come from
 * `GET /{ig-user-id}/insights?period=day`: the counts as `metric_type=total_value`, `reach` as a
 * daily series, `follower_count` (new followers per day, served for the last 30 days only and
 * to accounts of 100 followers or more) beside them, over windows of at most 30 days, the longest range Instagram serves; followers now are
 * the user node's `followers_count`. Instagram gives gains only, not unfollows, so the change
 * of followers stays null. Over 90 days `reach` is the sum of three 30-day reaches.
 */

const FEED_METRICS = ["views", "reach", "likes", "comments", "shares", "saved", "total_interactions"];
const REELS_METRICS = [...FEED_METRICS, "ig_reels_video_view_total_time"];
const STORY_METRICS = ["views", "reach", "shares", "total_interactions"];
const ACCOUNT_TOTALS = ["views", "reach", "likes", "comments", "shares", "saves", "total_interactions", "profile_links_taps"];
const WINDOW_DAYS = 30;
const MIN_FOLLOWERS_FOR_GAINS = 100;
const DAY_MS = 86_400_000;

const Insight = v.object({
  name: v.string(),
  values: v.optional(v.array(v.object({ value: v.number(), end_time: v.optional(v.string()) }))),
  total_value: v.optional(v.object({ value: v.number() })),
});
const Insights = v.object({ data: v.array(Insight) });
const MediaNode = v.object({ id: v.string(), media_product_type: v.optional(v.string()), media_type: v.optional(v.string()) });
const UserNode = v.object({ id: v.string(), followers_count: v.optional(v.number()) });

const base = (tokens: TokenSet) => (doorOf(tokens) === "facebook_login" ? instagramUrls.facebookGraph : instagramUrls.instagramGraph);
const igUserId = (tokens: TokenSet) => extraString(tokens, "igUserId", "instagram");
const read = <S extends v.GenericSchema>(tokens: TokenSet, net: NetworkContext, path: string, params: Record<string, string>, schema: S) =>
  graphRequest(net, table, graphUrl(base(tokens), igVersion(net), path, { ...params, access_token: tokens.accessToken }), schema);

const totalOf = (insight: v.InferOutput<typeof Insight>) => insight.total_value?.value ?? (insight.values ?? []).reduce((sum, x) => sum + x.value, 0);

function toMetrics(values: Record<string, number>, reel: boolean): MetricValues {
  const pick = (name: string) => values[name] ?? null;
  const watchMs = pick("ig_reels_video_view_total_time");
  return {
    ...noMetrics(),
    views: pick("views"),
    reach: pick("reach"),
    likes: pick("likes"),
    comments: pick("comments"),
    shares: pick("shares"),
    saves: pick("saved") ?? pick("saves"),
    clicks: pick("profile_links_taps"),
    // A reel's views are its plays since 2025: the same number is its video views.
    videoViews: reel ? pick("views") : null,
    watchTimeSeconds: watchMs === null ? null : Math.round(watchMs / 1000),
  };
}

/** `since`..`until` (inclusive days) cut into windows of at most 30 days, as Unix seconds with `until` exclusive. */
function windows(since: string, until: string): { since: number; until: number }[] {
  const out: { since: number; until: number }[] = [];
  const end = Date.parse(`${until}T00:00:00Z`) + DAY_MS;
  for (let start = Date.parse(`${since}T00:00:00Z`); start < end; start += WINDOW_DAYS * DAY_MS) {
    out.push({ since: start / 1000, until: Math.min(end, start + WINDOW_DAYS * DAY_MS) / 1000 });
  }
  return out;
}

/** Graph stamps a day's value with the end of that day: the day itself is the one before. */
const dayOf = (endTime: string) => new Date(Date.parse(endTime) - DAY_MS).toISOString().slice(0, 10);

export const instagramAnalytics: AnalyticsFacet = {
  metricNames: {
    views: "views",
    reach: "reach",
    likes: "likes",
    comments: "comments",
    shares: "shares",
    saves: "saved (account: saves)",
    clicks: "profile_links_taps (account only)",
    videoViews: "views (reels)",
    watchTimeSeconds: "ig_reels_video_view_total_time ÷ 1000 (reels)",
    followers: "followers_count",
  },
  // Instagram's insights lag up to 48 hours and its calls count against the account's hourly budget.
  minRefreshSeconds: 900,

  async postAnalytics(tokens, request, net) {
    const media = await read(tokens, net, request.networkPostId, { fields: "id,media_type,media_product_type" }, MediaNode);
    const reel = media.media_product_type === "REELS";
    const metrics = reel ? REELS_METRICS : media.media_product_type === "STORY" ? STORY_METRICS : FEED_METRICS;
    const body = await read(tokens, net, `${request.networkPostId}/insights`, { metric: metrics.join(",") }, Insights);
    const networkMetrics = Object.fromEntries(body.data.map((i) => [i.name, totalOf(i)]));
    return { metrics: toMetrics(networkMetrics, reel), networkMetrics };
  },

  async accountAnalytics(tokens, request, net) {
    const userId = igUserId(tokens);
    const recent = net.now().getTime() / 1000 - WINDOW_DAYS * 86_400;
    const parts = windows(request.since, request.until);
    const range = (w: { since: number; until: number }) => ({ since: String(w.since), until: String(w.until), period: "day" });
    const totalsRead = Promise.all(parts.map((w) => read(tokens, net, `${userId}/insights`, { ...range(w), metric: ACCOUNT_TOTALS.join(","), metric_type: "total_value" }, Insights)));
    // The Instagram-login door reads its own user node as `me` (its `id` there is app-scoped).
    const user = await read(tokens, net, doorOf(tokens) === "facebook_login" ? userId : "me", { fields: "id,followers_count" }, UserNode);
    // Instagram serves follower_count only to accounts with 100 followers or more.
    const gains = (user.followers_count ?? 0) >= MIN_FOLLOWERS_FOR_GAINS;
    const [totals, series] = await Promise.all([
      totalsRead,
      Promise.all(
        parts.map((w) => read(tokens, net, `${userId}/insights`, { ...range(w), metric: gains && w.since >= recent ? "reach,follower_count" : "reach", metric_type: "time_series" }, Insights)),
      ),
    ]);
    const networkMetrics: Record<string, number> = {};
    for (const insight of totals.flatMap((b) => b.data)) networkMetrics[insight.name] = (networkMetrics[insight.name] ?? 0) + totalOf(insight);
    const daily = new Map<string, DailyMetrics>();
    for (const insight of series.flatMap((b) => b.data)) {
      if (insight.name === "follower_count") networkMetrics.follower_count = (networkMetrics.follower_count ?? 0) + totalOf(insight);
      if (insight.name !== "reach") continue;
      for (const x of insight.values ?? []) {
        if (!x.end_time) continue;
        const date = dayOf(x.end_time);
        daily.set(date, { date, metrics: { ...noMetrics(), reach: x.value } });
      }
    }
    return {
      metrics: toMetrics(networkMetrics, false),
      networkMetrics,
      followers: user.followers_count ?? null,
      followersChange: null,
      daily: [...daily.values()].sort((a, b) => (a.date < b.date ? -1 : 1)),
      source: "account",
    };
  },
};

import type { Hono } from "hono";
import { simulatedAudience, simulatedDay, simulatedFollowsOn } from "../sandbox-metrics.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { authenticate, graphJson, unsupportedRequest, type GraphProfile } from "../meta/graph-wire.js";
import { DAY_SECONDS, daysOf, endTimeOf, insightEntry, insightsParameterError, requestedMetrics, unixParam } from "../meta/insights-wire.js";
import type { SandboxIgComment } from "./media-comments.js";
import { igUserNode, platform, type SandboxMedia } from "./model.js";

/**
 * Instagram insights on both doors, as documented for 2025-26:
 * - `GET /{ig-media-id}/insights?metric=` — lifetime values of `views, reach, likes, comments,
 *   saved, shares, reposts, total_interactions, follows, profile_visits` and, on reels only,
 *   `ig_reels_video_view_total_time`, `ig_reels_avg_watch_time` (milliseconds). `impressions`,
 *   `plays`, `video_views` and the other retired names are refused as invalid metrics.
 * - `GET /{ig-user-id}/insights?metric=&period=day&metric_type=total_value|time_series&since=&until=`
 *   — `views` and the interaction counts only as `total_value`; `reach` and `follower_count`
 *   (daily new followers, last 30 days only, accounts of 100 followers or more) as a daily series
 *   too; `since`..`until` at most 30 days.
 * Comments are the ones the sandbox holds (made through the API or simulated activity); the
 * audience numbers follow the media's id and age (sandbox-metrics.ts).
 */

const MEDIA_METRICS = ["views", "reach", "likes", "comments", "saved", "shares", "reposts", "total_interactions", "follows", "profile_visits"];
const REELS_METRICS = ["ig_reels_video_view_total_time", "ig_reels_avg_watch_time"];
const USER_METRICS = ["views", "reach", "accounts_engaged", "total_interactions", "likes", "comments", "shares", "saves", "replies", "profile_links_taps", "follows_and_unfollows", "follower_count"];
/** Metrics only `total_value` serves; the rest answer a daily series too. */
const TOTAL_ONLY = new Set(["views", "accounts_engaged", "total_interactions", "likes", "comments", "shares", "saves", "replies", "profile_links_taps", "follows_and_unfollows"]);
const MAX_RANGE_DAYS = 30;

export interface InstagramInsightsDoor {
  door: string;
  permission: string;
  acceptsMe: boolean;
}

/** Comments left by others on the account's media, per media id and per day. */
async function heldComments(deps: SimulatorDeps, owner: string, accountId: string) {
  const rows = await deps.store.list<SandboxIgComment>(platform, "comment", { owner });
  return rows.map((r) => r.data).filter((c) => c.from.id !== accountId);
}

export function mountInstagramInsights(graph: Hono, profile: GraphProfile, d: InstagramInsightsDoor): void {
  const { deps } = profile;

  graph.get("/:version/:nodeId/insights", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door: d.door, permission: d.permission });
    if (!auth.ok) return auth.response;
    const id = c.req.param("nodeId");
    const account = auth.account;
    if (id === account.id || (d.acceptsMe && id === "me")) return userInsights(c.req.raw, account);
    const media = await deps.store.get<SandboxMedia>(platform, "media", id);
    if (!media || media.owner !== account.id) return unsupportedRequest("GET", id);
    const reel = media.data.productType === "REELS";
    const metrics = requestedMetrics(c.req.query("metric"), [...MEDIA_METRICS, ...REELS_METRICS]);
    if (metrics instanceof Response) return metrics;
    const notForType = metrics.find((m) => REELS_METRICS.includes(m) && !reel);
    if (notForType) return insightsParameterError(`The Media Insights API does not support the ${notForType} metric for this media product type.`);
    const period = c.req.query("period");
    if (period !== undefined && period !== "lifetime") return insightsParameterError("Media insights are only available for the lifetime period");
    const a = simulatedAudience(`instagram:${id}`, media.data.publishedAt, deps.now(), reel || media.data.mediaType === "VIDEO");
    const comments = (await heldComments(deps, account.id, account.id)).filter((x) => x.mediaId === id).length;
    const values: Record<string, number> = {
      views: a.impressions,
      reach: a.reach,
      likes: a.likes,
      comments,
      saved: a.saves,
      shares: a.shares,
      reposts: Math.round(a.shares / 4),
      follows: a.follows,
      profile_visits: a.profileVisits,
      ig_reels_video_view_total_time: a.watchSeconds * 1000,
      ig_reels_avg_watch_time: a.videoViews === 0 ? 0 : Math.round((a.watchSeconds * 1000) / a.videoViews),
    };
    values.total_interactions = (values.likes ?? 0) + comments + (values.saved ?? 0) + (values.shares ?? 0);
    return graphJson({ data: metrics.map((name) => insightEntry(id, name, "lifetime", { values: [{ value: values[name] ?? 0 }] })) });
  });

  async function userInsights(request: Request, account: SandboxAccount): Promise<Response> {
    const accountId = account.id;
    const query = new URL(request.url).searchParams;
    const metrics = requestedMetrics(query.get("metric") ?? undefined, USER_METRICS);
    if (metrics instanceof Response) return metrics;
    const period = query.get("period");
    if (!period) return insightsParameterError("The parameter period is required");
    if (period !== "day") return insightsParameterError(`Incompatible period ${period}: these metrics support only the day period`);
    const metricType = query.get("metric_type") ?? "default";
    if (!["default", "time_series", "total_value"].includes(metricType)) return insightsParameterError("metric_type must be one of the following values: default, time_series, total_value");
    const totals = metricType === "total_value";
    const seriesOnly = metrics.find((m) => !totals && TOTAL_ONLY.has(m));
    if (seriesOnly) return insightsParameterError(`The ${seriesOnly} metric only supports total_value for the metric_type parameter`);
    const now = Math.floor(deps.now().getTime() / 1000);
    const since = unixParam(query.get("since") ?? undefined) ?? now - DAY_SECONDS;
    const until = unixParam(query.get("until") ?? undefined) ?? now;
    if (since === "bad" || until === "bad" || since >= until) return insightsParameterError("since and until must be valid times, since before until");
    if (until - since > MAX_RANGE_DAYS * DAY_SECONDS) return insightsParameterError(`There cannot be more than ${MAX_RANGE_DAYS} days between since and until`);
    if (metrics.includes("follower_count") && since < now - MAX_RANGE_DAYS * DAY_SECONDS - DAY_SECONDS) {
      return insightsParameterError("follower_count is only available for the last 30 days");
    }
    // Documented: no follower_count under 100 followers. The exact refusal is not documented (unverified wording).
    // The same count the IG user node answers as `followers_count` (model.ts).
    if (metrics.includes("follower_count") && Number(igUserNode(account, 0).followers_count) < 100) {
      return insightsParameterError("follower_count is not available for accounts with fewer than 100 followers");
    }
    const days = daysOf(since, Math.min(until, now + DAY_SECONDS));
    const perDay = days.map((day) => ({ day, a: simulatedDay(`instagram:${accountId}`, day) }));
    const held = await heldComments(deps, accountId, accountId);
    const commentsOn = (day: string) => held.filter((x) => x.timestamp.slice(0, 10) === day).length;
    const daily: Record<string, (day: string, a: ReturnType<typeof simulatedDay>) => number> = {
      views: (_, a) => a.impressions,
      reach: (_, a) => a.reach,
      likes: (_, a) => a.likes,
      comments: (day) => commentsOn(day),
      shares: (_, a) => a.shares,
      saves: (_, a) => a.saves,
      replies: () => 0,
      profile_links_taps: (_, a) => a.clicks,
      follows_and_unfollows: (day) => simulatedFollowsOn(accountId, day).gained + simulatedFollowsOn(accountId, day).lost,
      follower_count: (day) => simulatedFollowsOn(accountId, day).gained,
      accounts_engaged: (_, a) => Math.round(a.reach / 10),
    };
    daily.total_interactions = (day, a) => a.likes + commentsOn(day) + a.shares + a.saves;
    const data = metrics.map((name) => {
      const of = daily[name] ?? (() => 0);
      if (totals) return insightEntry(accountId, name, "day", { total_value: { value: perDay.reduce((sum, p) => sum + of(p.day, p.a), 0) } });
      return insightEntry(accountId, name, "day", { values: perDay.map((p) => ({ value: of(p.day, p.a), end_time: endTimeOf(p.day) })) });
    });
    return graphJson({ data });
  }
}

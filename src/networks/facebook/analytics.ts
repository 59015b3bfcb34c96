import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { type AnalyticsFacet, addMetrics, addNetworkMetrics, type DailyMetrics, type MetricValues, noMetrics, sumOrNull } from "../facets/analytics.js";
import type { NetworkContext } from "../types.js";
import { facebookErrorTable as table } from "../meta/facebook-errors.js";
import { graphCollect, graphRequest } from "../meta/graph.js";
import { asPage, facebookGraphUrl } from "../meta/page-access.js";

/**
 * Page Insights under the names Meta serves after its 2025-26 changes: `*_media_view` for the
 * retired impressions, `page_follows` for the retired `page_fans`, and the "viewers" metrics
 * (`*_total_media_view_unique`) for reach; nothing retired is ever asked. A post's numbers are
 * its lifetime insights plus its comments (the comments edge's summary) and shares (the post's
 * `shares` field, absent until someone shares); reactions come from
 * `post_reactions_by_type_total`. A post's video views are asked only of video posts, and their
 * watch time of the video node the post attaches (`video_insights`, in milliseconds). An
 * account's are the daily insights of every page the person may analyse (task ANALYZE), added up; followers now are
 * each page's `followers_count`, their change the last day's `page_follows` less the first's.
 * Every insights call carries the page's own token, as Graph requires.
 */

const POST_METRICS = ["post_media_view", "post_total_media_view_unique", "post_clicks", "post_reactions_by_type_total"];
const VIDEO_POST_METRICS = [...POST_METRICS, "post_video_views"];
/** A video's lifetime watch time in milliseconds, on `GET /{video-id}/video_insights` (Graph Video Insights reference). */
const VIDEO_WATCH_METRIC = "total_video_view_total_time";
const PAGE_METRICS = ["page_media_view", "page_total_media_view_unique", "page_post_engagements", "page_video_views", "page_follows"];
const DAY_MS = 86_400_000;

const Value = v.union([v.number(), v.record(v.string(), v.number())]);
const Insights = v.object({ data: v.array(v.object({ name: v.string(), values: v.optional(v.array(v.object({ value: Value, end_time: v.optional(v.string()) }))) })) });
const PostNode = v.object({ id: v.string(), status_type: v.optional(v.string()), shares: v.optional(v.object({ count: v.number() })) });
const Attachments = v.object({ data: v.array(v.object({ media_type: v.optional(v.string()), target: v.optional(v.object({ id: v.optional(v.string()) })) })) });
const CommentsSummary = v.object({ summary: v.optional(v.object({ total_count: v.number() })) });
const ManagedPage = v.object({ id: v.string(), access_token: v.string(), followers_count: v.optional(v.number()), tasks: v.optional(v.array(v.string())) });

/** A reaction breakdown (`{like: 3, love: 1}`) counts as its total. */
const numberOf = (value: v.InferOutput<typeof Value>) => (typeof value === "number" ? value : Object.values(value).reduce((a, b) => a + b, 0));

/** Graph stamps a day's value with the end of that day: the day itself is the one before. */
const dayOf = (endTime: string) => new Date(Date.parse(endTime) - DAY_MS).toISOString().slice(0, 10);
const unix = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

function pageMetrics(values: Record<string, number>): MetricValues {
  const pick = (name: string) => values[name] ?? null;
  return { ...noMetrics(), views: pick("page_media_view"), reach: pick("page_total_media_view_unique"), videoViews: pick("page_video_views") };
}

async function readPage(net: NetworkContext, page: v.InferOutput<typeof ManagedPage>, since: string, until: string) {
  const url = facebookGraphUrl(net, `${page.id}/insights`, {
    metric: PAGE_METRICS.join(","),
    period: "day",
    since: String(unix(since)),
    until: String(unix(until) + 86_400),
    access_token: page.access_token,
  });
  const body = await graphRequest(net, table, url, Insights);
  const totals: Record<string, number> = {};
  const days = new Map<string, Record<string, number>>();
  let follows: { first: number; last: number } | null = null;
  for (const insight of body.data) {
    const values = (insight.values ?? []).filter((x) => x.end_time).map((x) => ({ day: dayOf(x.end_time ?? ""), value: numberOf(x.value) }));
    if (insight.name === "page_follows") {
      const first = values[0];
      const last = values.at(-1);
      if (first && last) follows = { first: first.value, last: last.value };
      continue;
    }
    totals[insight.name] = values.reduce((sum, x) => sum + x.value, 0);
    for (const x of values) days.set(x.day, { ...days.get(x.day), [insight.name]: x.value });
  }
  const daily: DailyMetrics[] = [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, values]) => ({ date, metrics: pageMetrics(values) }));
  return { totals, daily, followers: page.followers_count ?? null, change: follows ? follows.last - follows.first : null };
}

/** A video post's watch time: the video node is the target of the post's attachment. */
async function videoWatchTime(net: NetworkContext, postId: string, token: string): Promise<v.InferOutput<typeof Insights> | null> {
  const attachments = await graphRequest(net, table, facebookGraphUrl(net, `${postId}/attachments`, { access_token: token }), Attachments);
  const videoId = attachments.data.find((a) => a.media_type === "video")?.target?.id;
  if (!videoId) return null;
  return graphRequest(net, table, facebookGraphUrl(net, `${videoId}/video_insights`, { metric: VIDEO_WATCH_METRIC, period: "lifetime", access_token: token }), Insights);
}

/** A post's lifetime insights, comments and shares (and, for a video post, its watch time), with the page's token. */
async function readPost(net: NetworkContext, id: string, token: string) {
  const [post, comments] = await Promise.all([
    graphRequest(net, table, facebookGraphUrl(net, id, { fields: "id,status_type,shares", access_token: token }), PostNode),
    graphRequest(net, table, facebookGraphUrl(net, `${id}/comments`, { summary: "true", limit: "0", access_token: token }), CommentsSummary),
  ]);
  const video = post.status_type === "added_video";
  const metrics = video ? VIDEO_POST_METRICS : POST_METRICS;
  const [insights, watched] = await Promise.all([
    graphRequest(net, table, facebookGraphUrl(net, `${id}/insights`, { metric: metrics.join(","), access_token: token }), Insights),
    video ? videoWatchTime(net, id, token) : null,
  ]);
  const networkMetrics: Record<string, number> = Object.fromEntries([...insights.data, ...(watched?.data ?? [])].map((i) => [i.name, numberOf(i.values?.[0]?.value ?? 0)]));
  networkMetrics["comments.summary.total_count"] = comments.summary?.total_count ?? 0;
  networkMetrics["shares.count"] = post.shares?.count ?? 0;
  const pick = (name: string) => networkMetrics[name] ?? null;
  return {
    metrics: {
      ...noMetrics(),
      views: pick("post_media_view"),
      reach: pick("post_total_media_view_unique"),
      likes: pick("post_reactions_by_type_total"),
      comments: pick("comments.summary.total_count"),
      shares: pick("shares.count"),
      clicks: pick("post_clicks"),
      videoViews: pick("post_video_views"),
      watchTimeSeconds: networkMetrics[VIDEO_WATCH_METRIC] === undefined ? null : Math.round(networkMetrics[VIDEO_WATCH_METRIC] / 1000),
    },
    networkMetrics,
  };
}

export const facebookAnalytics: AnalyticsFacet = {
  metricNames: {
    views: "post_media_view (page: page_media_view)",
    reach: "post_total_media_view_unique (page: page_total_media_view_unique)",
    likes: "post_reactions_by_type_total (post only)",
    comments: "comments.summary.total_count (post only)",
    shares: "shares.count (post only)",
    saves: null,
    clicks: "post_clicks (post only)",
    videoViews: "post_video_views (page: page_video_views)",
    watchTimeSeconds: "total_video_view_total_time in ms / 1000 (video posts, from the video's video_insights)",
    followers: "followers_count (change: page_follows)",
  },
  // Page Insights refresh about daily; the Pages business-use-case limit is per page and hour.
  minRefreshSeconds: 900,

  async postAnalytics(tokens, request, net) {
    const pageId = request.destination ?? request.networkPostId.split("_")[0] ?? "";
    return asPage(tokens, net, pageId, ({ token }) => readPost(net, request.networkPostId, token));
  },

  /**
   * Reads every page's insights with the tokens of a fresh `/me/accounts`: it needs each page's
   * followers and tasks too, which only that read gives, so stored page tokens would spare nothing.
   */
  async accountAnalytics(tokens, request, net) {
    const managed = await graphCollect(
      net,
      table,
      facebookGraphUrl(net, "me/accounts", { fields: "id,access_token,followers_count,tasks", limit: "100", access_token: tokens.accessToken }),
      ManagedPage,
    );
    // Page Insights need the ANALYZE task on the page; pages the person only moderates or posts to have none to read.
    const pages = managed.filter((page) => !page.tasks || page.tasks.includes("ANALYZE"));
    if (pages.length === 0) {
      throw new ApiError("missing_permission", {
        platform: "facebook",
        message: "None of the pages this Facebook account manages lets it read insights (the ANALYZE task).",
        fix: "Ask a page admin to give this person the Analyze task (Meta Business Suite > Settings > People), then read again.",
      });
    }
    const read = await Promise.all(pages.map((page) => readPage(net, page, request.since, request.until)));
    const byDay = new Map<string, MetricValues[]>();
    for (const day of read.flatMap((r) => r.daily)) byDay.set(day.date, [...(byDay.get(day.date) ?? []), day.metrics]);
    const networkMetrics = addNetworkMetrics(read.map((r) => r.totals));
    return {
      metrics: pageMetrics(networkMetrics),
      networkMetrics,
      followers: sumOrNull(read.map((r) => r.followers)),
      followersChange: sumOrNull(read.map((r) => r.change)),
      daily: [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, all]) => ({ date, metrics: addMetrics(all) })),
      source: "account",
    };
  },
};

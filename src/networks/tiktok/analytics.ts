import * as v from "valibot";
import { type AnalyticsFacet, addMetrics, addNetworkMetrics, type NetworkMetrics, noMetrics } from "../facets/analytics.js";
import { parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { callTiktok } from "./call.js";
import { tiktokApiBaseUrl, tiktokApiVersion } from "./capabilities.js";

/**
 * TikTok's Display API has no insights: a video's numbers are the counters of the video object
 * (`POST /v2/video/query/` with `filters.video_ids`, at most 20, scope video.list) and the
 * account's are `follower_count` of `GET /v2/user/info/` (user.info.stats). No reach, saves,
 * clicks, watch time or history: account totals add up the period's videos.
 */

const QUERY_MAX = 20;
const FIELDS = ["id", "view_count", "like_count", "comment_count", "share_count"] as const;

const Video = v.object({
  id: v.union([v.string(), v.number()]),
  view_count: v.optional(v.number()),
  like_count: v.optional(v.number()),
  comment_count: v.optional(v.number()),
  share_count: v.optional(v.number()),
});
const QueryResponse = v.object({ data: v.object({ videos: v.optional(v.array(Video)) }) });
const UserResponse = v.object({ data: v.object({ user: v.object({ follower_count: v.optional(v.number()) }) }) });

function toMetrics(video: v.InferOutput<typeof Video>): NetworkMetrics {
  const networkMetrics: Record<string, number> = {};
  for (const name of FIELDS) {
    const value = video[name];
    if (name !== "id" && typeof value === "number") networkMetrics[name] = value;
  }
  const views = video.view_count ?? null;
  return { metrics: { ...noMetrics(), views, videoViews: views, likes: video.like_count ?? null, comments: video.comment_count ?? null, shares: video.share_count ?? null }, networkMetrics };
}

async function queryVideos(tokens: TokenSet, ids: string[], net: NetworkContext): Promise<v.InferOutput<typeof Video>[]> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += QUERY_MAX) batches.push(ids.slice(i, i + QUERY_MAX));
  const pages = await Promise.all(
    batches.map(async (batch) => {
      const response = await callTiktok(net, `${tiktokApiBaseUrl}/${tiktokApiVersion}/video/query/?fields=${FIELDS.join(",")}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${tokens.accessToken}`, "Content-Type": "application/json; charset=UTF-8" },
        body: JSON.stringify({ filters: { video_ids: batch } }),
      });
      return parseNetworkBody("tiktok", QueryResponse, response.body, "video/query").data.videos ?? [];
    }),
  );
  return pages.flat();
}

/**
 * `follower_count` needs user.info.stats, which the person may have unticked on the consent
 * screen; TikTok then refuses the whole user/info read, so without it the count is null instead.
 */
async function followerCount(tokens: TokenSet, net: NetworkContext): Promise<number | null> {
  if (!tokens.scopes.includes("user.info.stats")) return null;
  const user = await callTiktok(net, `${tiktokApiBaseUrl}/${tiktokApiVersion}/user/info/?fields=follower_count`, { headers: { Authorization: `Bearer ${tokens.accessToken}` } });
  return parseNetworkBody("tiktok", UserResponse, user.body, "user/info").data.user.follower_count ?? null;
}

export const tiktokAnalytics: AnalyticsFacet = {
  metricNames: {
    views: "view_count",
    reach: null,
    likes: "like_count",
    comments: "comment_count",
    shares: "share_count",
    saves: null,
    clicks: null,
    videoViews: "view_count",
    watchTimeSeconds: null,
    followers: "follower_count",
  },
  // The Display API allows 600 requests a minute per app; the counters move slowly enough for five minutes.
  minRefreshSeconds: 300,
  accountReadsPosts: true,

  async postAnalytics(tokens, request, net) {
    const [video] = await queryVideos(tokens, [request.networkPostId], net);
    return video ? toMetrics(video) : { metrics: noMetrics(), networkMetrics: {} };
  },

  async accountAnalytics(tokens, request, net) {
    const [videos, followers] = await Promise.all([
      queryVideos(
        tokens,
        request.posts.map((p) => p.networkPostId),
        net,
      ),
      followerCount(tokens, net),
    ]);
    const each = videos.map(toMetrics);
    const metrics = each.length > 0 ? addMetrics(each.map((m) => m.metrics)) : { ...noMetrics(), views: 0, videoViews: 0, likes: 0, comments: 0, shares: 0 };
    return { metrics, networkMetrics: addNetworkMetrics(each.map((m) => m.networkMetrics)), followers, followersChange: null, daily: null, source: "posts" };
  },
};

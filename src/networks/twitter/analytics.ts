import * as v from "valibot";
import { type AnalyticsFacet, addMetrics, addNetworkMetrics, type NetworkMetrics, noMetrics } from "../facets/analytics.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";
import { mediaWatchTimes } from "./media-analytics.js";

/**
 * X's numbers are fields of the post object (GET /2/tweets, `getPostsByIds`): `public_metrics`
 * for any post, and `non_public_metrics` (impressions, link clicks) only for the account's own
 * posts younger than 30 days read with its user token. X gives no reach, saves beyond bookmarks
 * or follower history through v2, so account totals add up the period's posts and followers are
 * `public_metrics.followers_count` of GET /2/users/me. Video views are the attached videos'
 * `public_metrics.view_count`, read in the same call through `expansions=attachments.media_keys`.
 * Watch time is no field of the post or its media: it comes from the media analytics report
 * (media-analytics.ts), asked only for posts with videos, and stays null where X refuses it.
 */

/** `ids` takes at most 100 posts (OpenAPI `getPostsByIds`). */
const IDS_MAX = 100;
/** X answers `non_public_metrics` only for posts younger than this. */
const NON_PUBLIC_DAYS = 30;

const Counts = v.record(v.string(), v.number());
const Post = v.object({
  id: v.string(),
  public_metrics: v.optional(Counts),
  non_public_metrics: v.optional(Counts),
  attachments: v.optional(v.object({ media_keys: v.optional(v.array(v.string())) })),
});
/** A Media object of `includes.media`: a video's `public_metrics.view_count` is its views (MediaPublicMetrics). */
const Media = v.object({ media_key: v.string(), type: v.optional(v.string()), public_metrics: v.optional(v.object({ view_count: v.optional(v.number()) })) });
const PostsResponse = v.object({ data: v.optional(v.array(Post)), includes: v.optional(v.object({ media: v.optional(v.array(Media)) })), errors: v.optional(v.array(v.unknown())) });

type ReadPost = v.InferOutput<typeof Post> & { videoViews: number | null; videoKeys: string[]; watchTimeMs?: number | null };
const MeResponse = v.object({ data: v.object({ id: v.string(), public_metrics: v.optional(Counts) }) });

const auth = (tokens: TokenSet) => ({ headers: { Authorization: `Bearer ${tokens.accessToken}` } });
const options = { resetHeader: twitterRateLimitHeaders.reset };

function toMetrics(post: ReadPost): NetworkMetrics {
  const pub = post.public_metrics ?? {};
  const priv = post.non_public_metrics ?? {};
  const networkMetrics: Record<string, number> = {};
  for (const [name, value] of Object.entries(pub)) networkMetrics[`public_metrics.${name}`] = value;
  for (const [name, value] of Object.entries(priv)) networkMetrics[`non_public_metrics.${name}`] = value;
  if (post.videoViews !== null) networkMetrics["media.public_metrics.view_count"] = post.videoViews;
  const watchMs = post.watchTimeMs ?? null;
  if (watchMs !== null) networkMetrics["media_analytics.watch_time_ms"] = watchMs;
  // X renamed `retweet_count` to `repost_count`; both are read so either generation answers.
  const reposts = pub.repost_count ?? pub.retweet_count;
  return {
    metrics: {
      ...noMetrics(),
      views: priv.impression_count ?? pub.impression_count ?? null,
      likes: pub.like_count ?? null,
      comments: pub.reply_count ?? null,
      shares: reposts === undefined && pub.quote_count === undefined ? null : (reposts ?? 0) + (pub.quote_count ?? 0),
      saves: pub.bookmark_count ?? null,
      clicks: priv.url_link_clicks ?? null,
      videoViews: post.videoViews,
      watchTimeSeconds: watchMs === null ? null : Math.round(watchMs / 1000),
    },
    networkMetrics,
  };
}

/** A post's video views: the summed `view_count` of its attached videos, null when it has none. */
function videoViewsOf(post: v.InferOutput<typeof Post>, media: Map<string, v.InferOutput<typeof Media>>): number | null {
  const videos = (post.attachments?.media_keys ?? []).flatMap((key) => {
    const m = media.get(key);
    return m?.type === "video" && m.public_metrics?.view_count !== undefined ? [m.public_metrics.view_count] : [];
  });
  return videos.length > 0 ? videos.reduce((a, b) => a + b, 0) : null;
}

const videoKeysOf = (post: v.InferOutput<typeof Post>, media: Map<string, v.InferOutput<typeof Media>>) => (post.attachments?.media_keys ?? []).filter((key) => media.get(key)?.type === "video");

/**
 * The posts' watch time from one media analytics report over all their videos (100 keys a call),
 * from the earliest post's publication: null for a post without videos or that X did not answer.
 */
async function withWatchTime(tokens: TokenSet, posts: ReadPost[], published: { networkPostId: string; publishedAt: string }[], net: NetworkContext): Promise<ReadPost[]> {
  const keys = posts.flatMap((p) => p.videoKeys);
  if (keys.length === 0) return posts;
  const times = published
    .filter((p) => posts.some((post) => post.id === p.networkPostId && post.videoKeys.length > 0))
    .map((p) => Date.parse(p.publishedAt))
    .filter((t) => !Number.isNaN(t));
  const since = new Date(times.length > 0 ? Math.min(...times) : net.now().getTime() - 86_400_000);
  const watched = await mediaWatchTimes(tokens, keys, since, net);
  return posts.map((post) => {
    const answered = post.videoKeys.filter((key) => watched.has(key));
    return { ...post, watchTimeMs: answered.length > 0 ? answered.reduce((sum, key) => sum + (watched.get(key) ?? 0), 0) : null };
  });
}

/** The posts, 100 ids a request, all requests at once, with their media for video views. */
async function readPosts(tokens: TokenSet, ids: string[], withPrivate: boolean, net: NetworkContext): Promise<ReadPost[]> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += IDS_MAX) batches.push(ids.slice(i, i + IDS_MAX));
  const pages = await Promise.all(
    batches.map(async (batch) => {
      const url = new URL(`${twitterApiBaseUrl}/${twitterApiVersion}/tweets`);
      url.searchParams.set("ids", batch.join(","));
      url.searchParams.set("post.fields", withPrivate ? "attachments,public_metrics,non_public_metrics" : "attachments,public_metrics");
      url.searchParams.set("expansions", "attachments.media_keys");
      url.searchParams.set("media.fields", "media_key,type,public_metrics");
      const response = await callNetwork(net, twitterErrorTable, url.toString(), auth(tokens), options);
      const body = parseNetworkBody("twitter", PostsResponse, response.body, "tweets");
      const media = new Map((body.includes?.media ?? []).map((m) => [m.media_key, m]));
      return (body.data ?? []).map((post) => ({ ...post, videoViews: videoViewsOf(post, media), videoKeys: videoKeysOf(post, media) }));
    }),
  );
  return pages.flat();
}

const youngEnough = (publishedAt: string, now: Date) => now.getTime() - Date.parse(publishedAt) < NON_PUBLIC_DAYS * 86_400_000;

export const twitterAnalytics: AnalyticsFacet = {
  metricNames: {
    views: "non_public_metrics.impression_count (public_metrics.impression_count after 30 days)",
    reach: null,
    likes: "public_metrics.like_count",
    comments: "public_metrics.reply_count",
    shares: "public_metrics.repost_count + quote_count",
    saves: "public_metrics.bookmark_count",
    clicks: "non_public_metrics.url_link_clicks",
    videoViews: "includes.media[].public_metrics.view_count of the post's videos",
    watchTimeSeconds: "watch_time_ms of GET /2/media/analytics (granularity=total) for the post's videos ÷ 1000",
    followers: "public_metrics.followers_count",
  },
  // GET /2/tweets allows 900 requests per 15-minute window per user; a read a quarter-hour keeps dashboards well inside it.
  minRefreshSeconds: 900,
  accountReadsPosts: true,

  async postAnalytics(tokens, request, net) {
    const read = await readPosts(tokens, [request.networkPostId], youngEnough(request.publishedAt, net.now()), net);
    const [post] = await withWatchTime(tokens, read, [request], net);
    // A deleted post comes back in `errors`, not `data`.
    return post ? toMetrics(post) : { metrics: noMetrics(), networkMetrics: {} };
  },

  async accountAnalytics(tokens, request, net) {
    const young = request.posts.filter((p) => youngEnough(p.publishedAt, net.now())).map((p) => p.networkPostId);
    const old = request.posts.filter((p) => !youngEnough(p.publishedAt, net.now())).map((p) => p.networkPostId);
    const meUrl = `${twitterApiBaseUrl}/${twitterApiVersion}/users/me?user.fields=public_metrics`;
    const [fresh, older, me] = await Promise.all([readPosts(tokens, young, true, net), readPosts(tokens, old, false, net), callNetwork(net, twitterErrorTable, meUrl, auth(tokens), options)]);
    const followers = parseNetworkBody("twitter", MeResponse, me.body, "users/me").data.public_metrics?.followers_count ?? null;
    const each = (await withWatchTime(tokens, [...fresh, ...older], request.posts, net)).map(toMetrics);
    const metrics = each.length > 0 ? addMetrics(each.map((m) => m.metrics)) : { ...noMetrics(), views: 0, likes: 0, comments: 0, shares: 0, saves: 0, clicks: 0 };
    return { metrics, networkMetrics: addNetworkMetrics(each.map((m) => m.networkMetrics)), followers, followersChange: null, daily: null, source: "posts" };
  },
};

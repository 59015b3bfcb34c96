import * as v from "valibot";
import { type AnalyticsFacet, addMetrics, addNetworkMetrics, type NetworkMetrics, noMetrics } from "../facets/analytics.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";

/**
 * X's numbers are fields of the post object (GET /2/tweets, `getPostsByIds`): `public_metrics`
 * for any post, and `non_public_metrics` (impressions, link clicks) only for the account's own
 * posts younger than 30 days read with its user token. X gives no reach, saves beyond bookmarks
 * or follower history through v2, so account totals add up the period's posts and followers are
 * `public_metrics.followers_count` of GET /2/users/me.
 */

/** `ids` takes at most 100 posts (OpenAPI `getPostsByIds`). */
const IDS_MAX = 100;
/** X answers `non_public_metrics` only for posts younger than this. */
const NON_PUBLIC_DAYS = 30;

const Counts = v.record(v.string(), v.number());
const Post = v.object({ id: v.string(), public_metrics: v.optional(Counts), non_public_metrics: v.optional(Counts) });
const PostsResponse = v.object({ data: v.optional(v.array(Post)), errors: v.optional(v.array(v.unknown())) });
const MeResponse = v.object({ data: v.object({ id: v.string(), public_metrics: v.optional(Counts) }) });

const auth = (tokens: TokenSet) => ({ headers: { Authorization: `Bearer ${tokens.accessToken}` } });
const options = { resetHeader: twitterRateLimitHeaders.reset };

function toMetrics(post: v.InferOutput<typeof Post>): NetworkMetrics {
  const pub = post.public_metrics ?? {};
  const priv = post.non_public_metrics ?? {};
  const networkMetrics: Record<string, number> = {};
  for (const [name, value] of Object.entries(pub)) networkMetrics[`public_metrics.${name}`] = value;
  for (const [name, value] of Object.entries(priv)) networkMetrics[`non_public_metrics.${name}`] = value;
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
    },
    networkMetrics,
  };
}

/** The posts, 100 ids a request, all requests at once. */
async function readPosts(tokens: TokenSet, ids: string[], withPrivate: boolean, net: NetworkContext): Promise<v.InferOutput<typeof Post>[]> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += IDS_MAX) batches.push(ids.slice(i, i + IDS_MAX));
  const pages = await Promise.all(
    batches.map(async (batch) => {
      const url = new URL(`${twitterApiBaseUrl}/${twitterApiVersion}/tweets`);
      url.searchParams.set("ids", batch.join(","));
      url.searchParams.set("post.fields", withPrivate ? "public_metrics,non_public_metrics" : "public_metrics");
      const response = await callNetwork(net, twitterErrorTable, url.toString(), auth(tokens), options);
      return parseNetworkBody("twitter", PostsResponse, response.body, "tweets").data ?? [];
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
    videoViews: null,
    watchTimeSeconds: null,
    followers: "public_metrics.followers_count",
  },
  // GET /2/tweets allows 900 requests per 15-minute window per user; a read a quarter-hour keeps dashboards well inside it.
  minRefreshSeconds: 900,
  accountReadsPosts: true,

  async postAnalytics(tokens, request, net) {
    const [post] = await readPosts(tokens, [request.networkPostId], youngEnough(request.publishedAt, net.now()), net);
    // A deleted post comes back in `errors`, not `data`.
    return post ? toMetrics(post) : { metrics: noMetrics(), networkMetrics: {} };
  },

  async accountAnalytics(tokens, request, net) {
    const young = request.posts.filter((p) => youngEnough(p.publishedAt, net.now())).map((p) => p.networkPostId);
    const old = request.posts.filter((p) => !youngEnough(p.publishedAt, net.now())).map((p) => p.networkPostId);
    const meUrl = `${twitterApiBaseUrl}/${twitterApiVersion}/users/me?user.fields=public_metrics`;
    const [fresh, older, me] = await Promise.all([readPosts(tokens, young, true, net), readPosts(tokens, old, false, net), callNetwork(net, twitterErrorTable, meUrl, auth(tokens), options)]);
    const followers = parseNetworkBody("twitter", MeResponse, me.body, "users/me").data.public_metrics?.followers_count ?? null;
    const each = [...fresh, ...older].map(toMetrics);
    const metrics = each.length > 0 ? addMetrics(each.map((m) => m.metrics)) : { ...noMetrics(), views: 0, likes: 0, comments: 0, shares: 0, saves: 0, clicks: 0 };
    return { metrics, networkMetrics: addNetworkMetrics(each.map((m) => m.networkMetrics)), followers, followersChange: null, daily: null, source: "posts" };
  },
};

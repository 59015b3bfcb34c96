import * as v from "valibot";
import { type AnalyticsFacet, addMetrics, addNetworkMetrics, type NetworkMetrics, noMetrics } from "../facets/analytics.js";
import { parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { BLUESKY_METHODS } from "./capabilities.js";
import { didOf, pdsUrlOf } from "./connect.js";
import { xrpcOrThrow } from "./xrpc.js";

/**
 * Bluesky publishes no insights: the AppView's post view carries public counters
 * (`app.bsky.feed.getPosts`: likeCount, repostCount, replyCount, quoteCount, bookmarkCount) and
 * the profile its follower count. There are no views, reach, clicks or video numbers, and no
 * history: account totals add up the counters of the period's posts, and there is no daily
 * series or follower change.
 */

/** getPosts takes at most 25 URIs (lexicon `app.bsky.feed.getPosts`, `uris` maxLength 25). */
const GET_POSTS_MAX = 25;

const PostView = v.object({
  uri: v.string(),
  likeCount: v.optional(v.number()),
  repostCount: v.optional(v.number()),
  replyCount: v.optional(v.number()),
  quoteCount: v.optional(v.number()),
  bookmarkCount: v.optional(v.number()),
});
const GetPostsResponse = v.object({ posts: v.array(PostView) });
const ProfileResponse = v.object({ did: v.string(), followersCount: v.optional(v.number()) });

const COUNTERS = ["likeCount", "repostCount", "replyCount", "quoteCount", "bookmarkCount"] as const;

function toMetrics(post: v.InferOutput<typeof PostView>): NetworkMetrics {
  const networkMetrics: Record<string, number> = {};
  for (const name of COUNTERS) {
    const value = post[name];
    if (typeof value === "number") networkMetrics[name] = value;
  }
  // A quote shares the post as much as a repost does, so `shares` counts both (the README matrix).
  const shares = post.repostCount === undefined && post.quoteCount === undefined ? null : (post.repostCount ?? 0) + (post.quoteCount ?? 0);
  return {
    metrics: { ...noMetrics(), likes: post.likeCount ?? null, comments: post.replyCount ?? null, shares, saves: post.bookmarkCount ?? null },
    networkMetrics,
  };
}

/** The posts' views, read 25 at a time, all batches at once: a period's posts cost one round trip of latency. */
async function getPosts(tokens: TokenSet, uris: string[], net: NetworkContext): Promise<v.InferOutput<typeof PostView>[]> {
  const batches: string[][] = [];
  for (let i = 0; i < uris.length; i += GET_POSTS_MAX) batches.push(uris.slice(i, i + GET_POSTS_MAX));
  const pages = await Promise.all(
    batches.map(async (batch) => {
      const body = await xrpcOrThrow<unknown>(net, { base: pdsUrlOf(tokens, net), nsid: BLUESKY_METHODS.getPosts, method: "GET", token: tokens.accessToken, params: { uris: batch } });
      return parseNetworkBody("bluesky", GetPostsResponse, body, BLUESKY_METHODS.getPosts).posts;
    }),
  );
  return pages.flat();
}

export const blueskyAnalytics: AnalyticsFacet = {
  metricNames: {
    views: null,
    reach: null,
    likes: "likeCount",
    comments: "replyCount",
    shares: "repostCount + quoteCount",
    saves: "bookmarkCount",
    clicks: null,
    videoViews: null,
    watchTimeSeconds: null,
    followers: "followersCount",
  },
  // The AppView's counters are live and its limit generous (3,000 requests per 5 minutes).
  minRefreshSeconds: 60,
  accountReadsPosts: true,

  async postAnalytics(tokens, request, net) {
    const [post] = await getPosts(tokens, [request.networkPostId], net);
    // A deleted post is left out of getPosts' answer rather than refused.
    if (!post) return { metrics: noMetrics(), networkMetrics: {} };
    return toMetrics(post);
  },

  async accountAnalytics(tokens, request, net) {
    const [posts, profile] = await Promise.all([
      getPosts(
        tokens,
        request.posts.map((p) => p.networkPostId),
        net,
      ),
      xrpcOrThrow<unknown>(net, { base: pdsUrlOf(tokens, net), nsid: BLUESKY_METHODS.getProfile, method: "GET", token: tokens.accessToken, params: { actor: didOf(tokens) } }),
    ]);
    const followers = parseNetworkBody("bluesky", ProfileResponse, profile, BLUESKY_METHODS.getProfile).followersCount ?? null;
    const each = posts.map(toMetrics);
    const metrics = each.length > 0 ? addMetrics(each.map((m) => m.metrics)) : { ...noMetrics(), likes: 0, comments: 0, shares: 0, saves: 0 };
    return { metrics, networkMetrics: addNetworkMetrics(each.map((m) => m.networkMetrics)), followers, followersChange: null, daily: null, source: "posts" };
  },
};

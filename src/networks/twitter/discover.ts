import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { DiscoveredMediaType, DiscoveredPost, DiscoverFacet, NetworkPublicProfile, PostSearchQuery } from "../facets/discover.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";
import { postText } from "./post-text.js";

/**
 * Public reads on X API v2: recent search (`GET /2/tweets/search/recent`, the last 7 days; the
 * full archive needs an app-only token Chorus does not hold), a user by username and that
 * user's posts. X has no place search in v2 (no `/2/geo` path in its OpenAPI document) and no
 * creator marketplace, so those methods are absent.
 */

/** `max_results` bounds of the two list operations (OpenAPI `searchPostsRecent`, `getUsersPosts`). */
const SEARCH_RESULTS = { min: 10, max: 100 };
const TIMELINE_RESULTS = { min: 5, max: 100 };
/** Recent search reaches 7 days back; a `start_time` older than that is refused with a 400. */
const RECENT_SEARCH_DAYS = 7;
/** X refuses an `end_time` less than 10 seconds before the request. */
const END_TIME_MARGIN_MS = 10_000;
/** X usernames (OpenAPI `getUsersByUsername`). */
const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

const POST_FIELDS = "created_at,public_metrics,attachments";
const USER_FIELDS = "description,profile_image_url,public_metrics,url,verified";

const Metrics = v.object({ like_count: v.optional(v.number()), reply_count: v.optional(v.number()), retweet_count: v.optional(v.number()), repost_count: v.optional(v.number()) });
const Post = v.object({
  id: v.string(),
  text: v.string(),
  author_id: v.optional(v.string()),
  created_at: v.optional(v.string()),
  public_metrics: v.optional(Metrics),
  attachments: v.optional(v.object({ media_keys: v.optional(v.array(v.string())) })),
});
const User = v.object({
  id: v.string(),
  name: v.string(),
  username: v.string(),
  description: v.optional(v.string()),
  profile_image_url: v.optional(v.string()),
  url: v.optional(v.string()),
  verified: v.optional(v.boolean()),
  public_metrics: v.optional(v.object({ followers_count: v.optional(v.number()), following_count: v.optional(v.number()), post_count: v.optional(v.number()), tweet_count: v.optional(v.number()) })),
});
const Media = v.object({ media_key: v.string(), type: v.string() });
const PostList = v.object({
  data: v.optional(v.array(Post)),
  includes: v.optional(v.object({ users: v.optional(v.array(User)), media: v.optional(v.array(Media)) })),
  meta: v.optional(v.object({ next_token: v.optional(v.string()) })),
});
const UserAnswer = v.object({ data: v.optional(User) });

const api = (path: string) => new URL(`${twitterApiBaseUrl}/${twitterApiVersion}${path}`);

async function get(tokens: TokenSet, net: NetworkContext, url: URL): Promise<unknown> {
  const response = await callNetwork(net, twitterErrorTable, url.toString(), { headers: { Authorization: `Bearer ${tokens.accessToken}` } }, { resetHeader: twitterRateLimitHeaders.reset });
  return response.body;
}

/** The search operators for Chorus's filters (X's query language: `from:`, `has:`, `#tag`). */
export function twitterSearchQuery(query: PostSearchQuery): string {
  const terms = [query.mode === "tag" ? `#${query.q.replace(/^#+/, "")}` : query.q];
  if (query.author) terms.push(`from:${query.author}`);
  if (query.mediaType === "image") terms.push("has:images");
  if (query.mediaType === "video") terms.push("has:videos");
  if (query.mediaType === "text") terms.push("-has:media");
  return terms.join(" ");
}

function mediaTypeOf(post: v.InferOutput<typeof Post>, media: Map<string, string>): DiscoveredMediaType {
  const types = (post.attachments?.media_keys ?? []).map((key) => media.get(key));
  if (types.some((t) => t === "video" || t === "animated_gif")) return "video";
  return types.includes("photo") ? "image" : "text";
}

function toPosts(body: v.InferOutput<typeof PostList>): DiscoveredPost[] {
  const users = new Map((body.includes?.users ?? []).map((u) => [u.id, u]));
  const media = new Map((body.includes?.media ?? []).map((m) => [m.media_key, m.type]));
  return (body.data ?? []).flatMap((post): DiscoveredPost[] => {
    if (!post.created_at) return [];
    const author = post.author_id ? users.get(post.author_id) : undefined;
    const metrics = post.public_metrics;
    return [
      {
        id: post.id,
        url: `https://x.com/${author?.username ?? "i"}/status/${post.id}`,
        text: postText(post.text),
        author: author ? { id: author.id, handle: author.username, displayName: author.name, avatarUrl: author.profile_image_url ?? null, url: `https://x.com/${author.username}` } : null,
        authorHidden: false,
        mediaType: mediaTypeOf(post, media),
        createdAt: new Date(post.created_at).toISOString(),
        likeCount: metrics?.like_count ?? null,
        replyCount: metrics?.reply_count ?? null,
        // X renamed retweet_count to repost_count in parts of the API; read either.
        repostCount: metrics?.repost_count ?? metrics?.retweet_count ?? null,
      },
    ];
  });
}

function clampedWindow(query: PostSearchQuery, now: Date): { start?: string; end?: string } {
  const earliest = now.getTime() - RECENT_SEARCH_DAYS * 86_400_000 + 60_000;
  const latest = now.getTime() - END_TIME_MARGIN_MS;
  const window: { start?: string; end?: string } = {};
  if (query.since) window.start = new Date(Math.max(Date.parse(query.since), earliest)).toISOString();
  if (query.until && Date.parse(query.until) < latest) window.end = new Date(Math.max(Date.parse(query.until), earliest)).toISOString();
  return window;
}

function listParams(url: URL): void {
  url.searchParams.set("post.fields", POST_FIELDS);
  url.searchParams.set("expansions", "author_id,attachments.media_keys");
  url.searchParams.set("user.fields", "profile_image_url");
  url.searchParams.set("media.fields", "type");
}

async function userByUsername(tokens: TokenSet, handle: string, net: NetworkContext): Promise<v.InferOutput<typeof User>> {
  if (!USERNAME.test(handle))
    throw new ApiError("handle_not_found", { param: "handle", platform: "twitter", message: `No X account is named @${handle}: X usernames are 1 to 15 letters, digits or underscores.` });
  const url = api(`/users/by/username/${encodeURIComponent(handle)}`);
  url.searchParams.set("user.fields", USER_FIELDS);
  // X answers an unknown or suspended username with 200 and an `errors` array instead of `data`.
  const body = parseNetworkBody("twitter", UserAnswer, await get(tokens, net, url), "users/by/username");
  if (!body.data) throw new ApiError("handle_not_found", { param: "handle", platform: "twitter", message: `No X account is named @${handle}.` });
  return body.data;
}

export const twitterDiscover: DiscoverFacet = {
  async searchPosts(tokens, query, page, net) {
    const url = api("/tweets/search/recent");
    url.searchParams.set("query", twitterSearchQuery(query));
    url.searchParams.set("max_results", String(Math.min(SEARCH_RESULTS.max, Math.max(SEARCH_RESULTS.min, page.limit))));
    url.searchParams.set("sort_order", query.sort === "recent" ? "recency" : "relevancy");
    const window = clampedWindow(query, net.now());
    if (window.start) url.searchParams.set("start_time", window.start);
    if (window.end) url.searchParams.set("end_time", window.end);
    listParams(url);
    if (page.cursor) url.searchParams.set("next_token", page.cursor);
    const body = parseNetworkBody("twitter", PostList, await get(tokens, net, url), "tweets/search/recent");
    return { items: toPosts(body), cursor: body.meta?.next_token ?? null };
  },

  async lookupProfile(tokens, handle, _caller, net): Promise<NetworkPublicProfile> {
    const user = await userByUsername(tokens, handle, net);
    const metrics = user.public_metrics;
    return {
      id: user.id,
      handle: user.username,
      displayName: user.name,
      bio: user.description ?? null,
      avatarUrl: user.profile_image_url ?? null,
      url: `https://x.com/${user.username}`,
      website: user.url ? user.url : null,
      verified: user.verified ?? null,
      followersCount: metrics?.followers_count ?? null,
      followingCount: metrics?.following_count ?? null,
      // X's OpenAPI names it post_count; older payloads say tweet_count.
      postsCount: metrics?.post_count ?? metrics?.tweet_count ?? null,
    };
  },

  async profilePosts(tokens, handle, page, net) {
    // The network cursor carries the user id found on the first page, so later pages skip the lookup.
    const [knownId, token] = page.cursor ? page.cursor.split(" ") : [];
    const userId = knownId ?? (await userByUsername(tokens, handle, net)).id;
    const url = api(`/users/${encodeURIComponent(userId)}/tweets`);
    url.searchParams.set("max_results", String(Math.min(TIMELINE_RESULTS.max, Math.max(TIMELINE_RESULTS.min, page.limit))));
    listParams(url);
    if (token) url.searchParams.set("pagination_token", token);
    const body = parseNetworkBody("twitter", PostList, await get(tokens, net, url), "users/tweets");
    const next = body.meta?.next_token;
    return { items: toPosts(body), cursor: next ? `${userId} ${next}` : null };
  },
};

import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { DiscoveredMediaType, DiscoveredPost, DiscoverFacet, PostSearchQuery } from "../facets/discover.js";
import { parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { BLUESKY_METHODS, BLUESKY_WEB_URL } from "./capabilities.js";
import { postWebUrl } from "./post-record.js";
import { pdsUrlOf } from "./connect.js";
import { blueskyFailure, xrpc, xrpcOrThrow } from "./xrpc.js";

/**
 * Public reads on Bluesky through the account's PDS, which proxies `app.bsky.*` to its AppView:
 * `app.bsky.feed.searchPosts`, `app.bsky.actor.getProfile` and `app.bsky.feed.getAuthorFeed`.
 * Bluesky has no place search and no creator marketplace. `searchPosts` has no media filter,
 * so `mediaType` is applied to the page the AppView returns (the cursor stays the AppView's).
 */

const Author = v.object({ did: v.string(), handle: v.string(), displayName: v.optional(v.string()), avatar: v.optional(v.string()) });
const PostView = v.object({
  uri: v.string(),
  author: Author,
  record: v.record(v.string(), v.unknown()),
  embed: v.optional(v.object({ $type: v.optional(v.string()) })),
  replyCount: v.optional(v.number()),
  repostCount: v.optional(v.number()),
  likeCount: v.optional(v.number()),
  indexedAt: v.string(),
});
const SearchAnswer = v.object({ posts: v.array(PostView), cursor: v.optional(v.string()) });
const FeedAnswer = v.object({ feed: v.array(v.object({ post: PostView, reason: v.optional(v.unknown()) })), cursor: v.optional(v.string()) });
const Profile = v.object({
  did: v.string(),
  handle: v.string(),
  displayName: v.optional(v.string()),
  description: v.optional(v.string()),
  avatar: v.optional(v.string()),
  followersCount: v.optional(v.number()),
  followsCount: v.optional(v.number()),
  postsCount: v.optional(v.number()),
  verification: v.optional(v.object({ verifiedStatus: v.optional(v.string()) })),
});

/** What the embed view shows; a quote with media counts as that media. */
function mediaTypeOf(embedType: string | undefined): DiscoveredMediaType {
  if (!embedType) return "text";
  if (embedType.startsWith("app.bsky.embed.video")) return "video";
  if (embedType.startsWith("app.bsky.embed.images")) return "image";
  return "text";
}

function toPost(view: v.InferOutput<typeof PostView>): DiscoveredPost {
  const createdAt = typeof view.record.createdAt === "string" && !Number.isNaN(Date.parse(view.record.createdAt)) ? view.record.createdAt : view.indexedAt;
  return {
    id: view.uri,
    url: postWebUrl(view.author.handle, view.uri),
    text: typeof view.record.text === "string" ? view.record.text : null,
    author: {
      id: view.author.did,
      handle: view.author.handle,
      displayName: view.author.displayName ?? null,
      avatarUrl: view.author.avatar ?? null,
      url: `${BLUESKY_WEB_URL}/profile/${view.author.handle}`,
    },
    authorHidden: false,
    mediaType: mediaTypeOf(view.embed?.$type),
    createdAt: new Date(createdAt).toISOString(),
    likeCount: view.likeCount ?? null,
    replyCount: view.replyCount ?? null,
    repostCount: view.repostCount ?? null,
  };
}

/** The searchPosts parameters for Chorus's filters (lexicon `app.bsky.feed.searchPosts`). */
export function blueskySearchParams(query: PostSearchQuery, limit: number, cursor: string | null): Record<string, string | string[]> {
  const tag = query.q.replace(/^#+/, "");
  return {
    q: query.mode === "tag" ? `#${tag}` : query.q,
    sort: query.sort === "recent" ? "latest" : "top",
    limit: String(Math.min(100, Math.max(1, limit))),
    ...(query.mode === "tag" ? { tag: [tag] } : {}),
    ...(query.author ? { author: query.author } : {}),
    ...(query.since ? { since: query.since } : {}),
    ...(query.until ? { until: query.until } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The atproto handle syntax (a domain name); the AppView refuses anything else as an `actor`. */
const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

/** Lookup and posts refuse the same handles the same way, before asking: a DID, or a name that is no domain. */
function requireHandle(handle: string): void {
  if (handle.startsWith("did:")) throw new ApiError("handle_not_a_username", { param: "handle", platform: "bluesky", message: `${handle} is a DID, not a handle.` });
  if (handle.length > 253 || !HANDLE.test(handle)) {
    throw new ApiError("field_invalid", {
      param: "handle",
      platform: "bluesky",
      message: `${handle} is not a Bluesky handle: Bluesky answers "actor must be a valid did or a handle".`,
      fix: "Send the handle as a domain name, as shown on the profile (like alice.bsky.social), without the @.",
    });
  }
}

async function profileOf(tokens: TokenSet, handle: string, net: NetworkContext): Promise<v.InferOutput<typeof Profile>> {
  requireHandle(handle);
  const result = await xrpc<unknown>(net, { base: pdsUrlOf(tokens, net), nsid: BLUESKY_METHODS.getProfile, method: "GET", token: tokens.accessToken, params: { actor: handle } });
  if (!result.ok) {
    // The AppView answers an unknown or malformed actor with 400 InvalidRequest ("Profile not found", or a lexicon error on `actor`).
    if (result.failure.status === 400 && (result.error === "InvalidRequest" || result.error === "NotFound")) {
      throw new ApiError("handle_not_found", { param: "handle", platform: "bluesky", message: `No Bluesky account has the handle ${handle}.` });
    }
    throw blueskyFailure(net, result.failure);
  }
  return parseNetworkBody("bluesky", Profile, result.body, BLUESKY_METHODS.getProfile);
}

export const blueskyDiscover: DiscoverFacet = {
  requireHandle,

  async searchPosts(tokens, query, page, net) {
    const body = await xrpcOrThrow<unknown>(net, {
      base: pdsUrlOf(tokens, net),
      nsid: BLUESKY_METHODS.searchPosts,
      method: "GET",
      token: tokens.accessToken,
      params: blueskySearchParams(query, page.limit, page.cursor),
    });
    const parsed = parseNetworkBody("bluesky", SearchAnswer, body, BLUESKY_METHODS.searchPosts);
    const items = parsed.posts.map(toPost).filter((p) => !query.mediaType || p.mediaType === query.mediaType);
    // The AppView names a cursor on its last page too; an empty page is the end.
    return { items, cursor: parsed.posts.length > 0 ? (parsed.cursor ?? null) : null };
  },

  async lookupProfile(tokens, handle, _caller, net) {
    const profile = await profileOf(tokens, handle, net);
    return {
      id: profile.did,
      handle: profile.handle,
      displayName: profile.displayName ?? null,
      bio: profile.description ?? null,
      avatarUrl: profile.avatar ?? null,
      url: `${BLUESKY_WEB_URL}/profile/${profile.handle}`,
      website: null,
      verified: profile.verification?.verifiedStatus ? profile.verification.verifiedStatus === "valid" : null,
      followersCount: profile.followersCount ?? null,
      followingCount: profile.followsCount ?? null,
      postsCount: profile.postsCount ?? null,
    };
  },

  async profilePosts(tokens, handle, page, net) {
    requireHandle(handle);
    const result = await xrpc<unknown>(net, {
      base: pdsUrlOf(tokens, net),
      nsid: BLUESKY_METHODS.getAuthorFeed,
      method: "GET",
      token: tokens.accessToken,
      // Reposts are someone else's posts: only the author's own posts and replies are asked for.
      params: { actor: handle, limit: String(Math.min(100, Math.max(1, page.limit))), filter: "posts_with_replies", ...(page.cursor ? { cursor: page.cursor } : {}) },
    });
    if (!result.ok) {
      if (result.failure.status === 400 && (result.error === "InvalidRequest" || result.error === "NotFound")) {
        throw new ApiError("handle_not_found", { param: "handle", platform: "bluesky", message: `No Bluesky account has the handle ${handle}.` });
      }
      throw blueskyFailure(net, result.failure);
    }
    const parsed = parseNetworkBody("bluesky", FeedAnswer, result.body, BLUESKY_METHODS.getAuthorFeed);
    const items = parsed.feed.filter((entry) => entry.reason === undefined).map((entry) => toPost(entry.post));
    return { items, cursor: parsed.feed.length > 0 ? (parsed.cursor ?? null) : null };
  },
};

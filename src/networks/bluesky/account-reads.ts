import * as v from "valibot";
import type { AccountReadsFacet, NetworkAccountPost } from "../facets/account-reads.js";
import type { NetworkActor, NetworkPageRequest } from "../facets/inbox.js";
import { parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { BLUESKY_METHODS, BLUESKY_WEB_URL } from "./capabilities.js";
import { postWebUrl } from "./post-record.js";
import { didOf, pdsUrlOf } from "./connect.js";
import { xrpcOrThrow } from "./xrpc.js";

/**
 * The account's posts (app.bsky.feed.getAuthorFeed) and the people who follow it or whom it follows
 * (app.bsky.graph.getFollowers / getFollows), read from the AppView through the account's PDS.
 */

const ProfileView = v.looseObject({ did: v.string(), handle: v.string(), displayName: v.optional(v.string()), avatar: v.optional(v.string()) });
const FeedItem = v.looseObject({
  post: v.looseObject({ uri: v.string(), cid: v.string(), author: ProfileView, record: v.record(v.string(), v.unknown()), indexedAt: v.string() }),
  /** Present on a repost of someone's post (`reasonRepost`) or a pinned post (`reasonPin`). */
  reason: v.optional(v.looseObject({ $type: v.string() })),
});
const FeedAnswer = v.looseObject({ feed: v.array(FeedItem), cursor: v.optional(v.string()) });
const FollowersAnswer = v.looseObject({ followers: v.array(ProfileView), cursor: v.optional(v.string()) });
const FollowsAnswer = v.looseObject({ follows: v.array(ProfileView), cursor: v.optional(v.string()) });

const actorOf = (p: v.InferOutput<typeof ProfileView>): NetworkActor => ({
  id: p.did,
  handle: p.handle,
  displayName: p.displayName ?? null,
  avatarUrl: p.avatar ?? null,
  url: `${BLUESKY_WEB_URL}/profile/${p.handle}`,
});

function query(tokens: TokenSet, page: NetworkPageRequest, net: NetworkContext, nsid: string, extra: Record<string, string> = {}) {
  return xrpcOrThrow<unknown>(net, {
    base: pdsUrlOf(tokens, net),
    nsid,
    method: "GET",
    token: tokens.accessToken,
    params: { actor: didOf(tokens), limit: String(Math.min(100, Math.max(1, page.limit))), ...extra, ...(page.cursor ? { cursor: page.cursor } : {}) },
  });
}

/** The AppView names a cursor on every non-empty page; an empty page is the end. */
const nextCursor = (count: number, cursor: string | undefined) => (count > 0 ? (cursor ?? null) : null);

export const blueskyAccountReads: AccountReadsFacet = {
  async listPosts(tokens, page, net) {
    const body = parseNetworkBody("bluesky", FeedAnswer, await query(tokens, page, net, BLUESKY_METHODS.getAuthorFeed, { filter: "posts_with_replies" }), BLUESKY_METHODS.getAuthorFeed);
    const own = didOf(tokens);
    // Reposts of other people's posts and the pinned post repeated at the top are not the account's posts in time order.
    const items = body.feed.flatMap(({ post, reason }): NetworkAccountPost[] => {
      if (reason || post.author.did !== own) return [];
      const createdAt = typeof post.record.createdAt === "string" && !Number.isNaN(Date.parse(post.record.createdAt)) ? post.record.createdAt : post.indexedAt;
      return [
        {
          id: post.uri,
          url: postWebUrl(post.author.handle, post.uri),
          text: typeof post.record.text === "string" ? post.record.text : null,
          createdAt: new Date(createdAt).toISOString(),
          kind: "post",
        },
      ];
    });
    return { items, cursor: nextCursor(body.feed.length, body.cursor) };
  },

  async listFollowers(tokens, page, net) {
    const body = parseNetworkBody("bluesky", FollowersAnswer, await query(tokens, page, net, BLUESKY_METHODS.getFollowers), BLUESKY_METHODS.getFollowers);
    return { items: body.followers.map(actorOf), cursor: nextCursor(body.followers.length, body.cursor) };
  },

  async listFollowing(tokens, page, net) {
    const body = parseNetworkBody("bluesky", FollowsAnswer, await query(tokens, page, net, BLUESKY_METHODS.getFollows), BLUESKY_METHODS.getFollows);
    return { items: body.follows.map(actorOf), cursor: nextCursor(body.follows.length, body.cursor) };
  },
};

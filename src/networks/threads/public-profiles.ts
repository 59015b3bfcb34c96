import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { graphRequest, graphUrl } from "../meta/graph.js";
import type { DiscoveredMediaType, DiscoveredPost, NetworkPublicProfile } from "../facets/discover.js";
import type { NetworkPage, NetworkPageRequest } from "../facets/inbox.js";
import type { ErrorTable } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { threadsDefaultApiVersion, threadsUrls } from "./capabilities.js";
import { threadsErrorTable } from "./errors.js";
import { ThreadsPostList } from "./post-list.js";

/**
 * Threads Profile Discovery (permission `threads_profile_discovery`; Meta's "Threads Profiles"
 * guide and the user reference): `GET /profile_lookup?username=` and `GET /profile_posts?username=`
 * take an exact username and answer only for public profiles of people 18 or over with at least
 * 100 followers (1,000 before late 2025). Each user may send 1,000 requests per rolling 24 hours.
 * With standard access only @meta, @threads, @instagram and @facebook can be looked up.
 * The lookup publishes followers but no following or post count, and no id: those are null and
 * the username stands in as the id. Its likes/views counts cover the last 7 days only, so they
 * are not mapped to any lifetime field.
 */

const version = (net: NetworkContext) => net.config.apiVersion ?? threadsDefaultApiVersion;
const PROFILE_FIELDS = "username,name,profile_picture_url,biography,is_verified,follower_count";
const POST_FIELDS = "id,text,media_type,permalink,timestamp,username";

/**
 * A username Threads cannot show (unknown, private, under 18 or under the follower floor) is
 * Graph's "object does not exist" (#100, subcode 33) [unverified: the live answer is not documented].
 */
const discoveryTable: ErrorTable = {
  ...threadsErrorTable,
  rows: [{ networkCode: "100", subcode: "33", code: "handle_not_found", meaning: "no public Threads profile with that exact username that discovery may show" }, ...threadsErrorTable.rows],
};

const Profile = v.object({
  username: v.string(),
  name: v.optional(v.string()),
  profile_picture_url: v.optional(v.string()),
  biography: v.optional(v.string()),
  is_verified: v.optional(v.boolean()),
  follower_count: v.optional(v.number()),
});

const profileUrl = (username: string) => `https://www.threads.net/@${username}`;

async function discoveryRead<S extends v.GenericSchema>(net: NetworkContext, handle: string, url: string, schema: S): Promise<v.InferOutput<S>> {
  try {
    return await graphRequest(net, discoveryTable, url, schema);
  } catch (error) {
    if (error instanceof ApiError && error.code === "handle_not_found") {
      throw new ApiError("handle_not_found", {
        param: "handle",
        platform: "threads",
        message: `Threads shows no public profile named ${handle}: discovery answers only for public profiles with at least 100 followers, by exact username.`,
      });
    }
    throw error;
  }
}

function mediaTypeOf(type: string | undefined): DiscoveredMediaType {
  if (type === "VIDEO") return "video";
  if (type === "IMAGE" || type === "CAROUSEL_ALBUM") return "image";
  return "text";
}

export async function lookupThreadsProfile(tokens: TokenSet, handle: string, net: NetworkContext): Promise<NetworkPublicProfile> {
  const url = graphUrl(threadsUrls.graph, version(net), "profile_lookup", { username: handle, fields: PROFILE_FIELDS, access_token: tokens.accessToken });
  const profile = await discoveryRead(net, handle, url, Profile);
  return {
    id: profile.username,
    handle: profile.username,
    displayName: profile.name ?? null,
    bio: profile.biography ?? null,
    avatarUrl: profile.profile_picture_url ?? null,
    url: profileUrl(profile.username),
    website: null,
    verified: profile.is_verified ?? null,
    followersCount: profile.follower_count ?? null,
    followingCount: null,
    postsCount: null,
  };
}

export async function threadsProfilePosts(tokens: TokenSet, handle: string, page: NetworkPageRequest, net: NetworkContext): Promise<NetworkPage<DiscoveredPost>> {
  const url = graphUrl(threadsUrls.graph, version(net), "profile_posts", {
    username: handle,
    fields: POST_FIELDS,
    // The user edge's documented maximum.
    limit: String(Math.min(100, Math.max(1, page.limit))),
    after: page.cursor ?? undefined,
    access_token: tokens.accessToken,
  });
  const body = await discoveryRead(net, handle, url, ThreadsPostList);
  const items = body.data.flatMap((post): DiscoveredPost[] => {
    if (!post.timestamp || Number.isNaN(Date.parse(post.timestamp))) return [];
    const username = post.username ?? handle;
    return [
      {
        id: post.id,
        url: post.permalink ?? null,
        text: post.text ?? null,
        author: { id: username, handle: username, displayName: null, avatarUrl: null, url: profileUrl(username) },
        authorHidden: false,
        mediaType: mediaTypeOf(post.media_type),
        createdAt: new Date(post.timestamp).toISOString(),
        // Counts are insights, which only the post's owner may read.
        likeCount: null,
        replyCount: null,
        repostCount: null,
      },
    ];
  });
  return { items, cursor: body.paging?.next ? (body.paging.cursors?.after ?? null) : null };
}

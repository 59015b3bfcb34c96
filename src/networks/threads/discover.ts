import { graphRequest, graphUrl } from "../meta/graph.js";
import type { DiscoveredMediaType, DiscoverFacet } from "../facets/discover.js";
import type { NetworkContext } from "../types.js";
import { threadsDefaultApiVersion, threadsUrls } from "./capabilities.js";
import { threadsErrorTable } from "./errors.js";
import { ThreadsPostList } from "./post-list.js";
import { searchThreadsLocations } from "./places.js";
import { lookupThreadsProfile, threadsProfilePosts } from "./public-profiles.js";

/**
 * Threads keyword and tag search (`GET /keyword_search`, permission `threads_keyword_search`):
 * TOP or RECENT, KEYWORD or TAG, an optional media type and a time window. Each user may run
 * 2,200 searches per rolling 24 hours across all apps (searches with no results are free); over
 * it Threads answers its rate-limit error, which becomes a `rate_limited` problem.
 */

const version = (net: NetworkContext) => net.config.apiVersion ?? threadsDefaultApiVersion;
const FIELDS = "id,text,media_type,permalink,timestamp,username";
/** The `limit` Threads accepts on this edge (documented maximum 100). */
const MAX_RESULTS = 100;

const mediaTypes: Record<string, string> = { text: "TEXT", image: "IMAGE", video: "VIDEO" };

function mediaTypeOf(type: string | undefined): DiscoveredMediaType {
  if (type === "VIDEO") return "video";
  if (type === "IMAGE" || type === "CAROUSEL_ALBUM") return "image";
  return "text";
}

/** Unix seconds, as Threads takes `since` and `until`. */
const unix = (iso: string | undefined) => (iso ? String(Math.floor(Date.parse(iso) / 1000)) : undefined);

export const threadsDiscover: DiscoverFacet = {
  lookupProfile: (tokens, handle, _caller, net) => lookupThreadsProfile(tokens, handle, net),
  profilePosts: threadsProfilePosts,
  searchPlaces: searchThreadsLocations,

  async searchPosts(tokens, query, page, net) {
    const url = graphUrl(threadsUrls.graph, version(net), "keyword_search", {
      q: query.mode === "tag" ? query.q.replace(/^#+/, "") : query.q,
      search_type: query.sort === "recent" ? "RECENT" : "TOP",
      search_mode: query.mode === "tag" ? "TAG" : "KEYWORD",
      media_type: query.mediaType ? mediaTypes[query.mediaType] : undefined,
      since: unix(query.since),
      until: unix(query.until),
      limit: String(Math.min(MAX_RESULTS, page.limit)),
      fields: FIELDS,
      after: page.cursor ?? undefined,
      access_token: tokens.accessToken,
    });
    const body = await graphRequest(net, threadsErrorTable, url, ThreadsPostList);
    // The author filter is applied to the page: the edge documents no author parameter.
    const items = body.data.flatMap((post) => {
      if (query.author && post.username?.toLowerCase() !== query.author.toLowerCase()) return [];
      if (!post.timestamp || Number.isNaN(Date.parse(post.timestamp))) return [];
      return [
        {
          id: post.id,
          url: post.permalink ?? null,
          text: post.text ?? null,
          author: post.username ? { id: post.username, handle: post.username, displayName: null, avatarUrl: null, url: `https://www.threads.net/@${post.username}` } : null,
          authorHidden: !post.username,
          mediaType: mediaTypeOf(post.media_type),
          createdAt: new Date(post.timestamp).toISOString(),
          // Keyword search results carry no counts.
          likeCount: null,
          replyCount: null,
          repostCount: null,
        },
      ];
    });
    const next = body.paging?.next ? body.paging.cursors?.after : undefined;
    return { items, cursor: next ?? null };
  },
};

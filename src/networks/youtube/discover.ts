import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { DiscoveredPost, DiscoverFacet } from "../facets/discover.js";
import { callNetwork } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { youtubeUrls } from "./capabilities.js";
import { youtubeErrorTable } from "./errors.js";

/**
 * YouTube's public reads (Data API v3): `search.list` for videos (its own bucket of 100 calls a
 * day, each further page charged again) and `channels.list?forHandle=` for a channel's public
 * profile. Every result is a video, so a search for text or images finds nothing without asking.
 * Search results carry no counts (likes and comments need a `videos.list` per page, one more
 * call), so they are null, never 0.
 */

/** `search.list` `maxResults` bound (discovery document: 0 to 50). */
const MAX_SEARCH_RESULTS = 50;

const Thumbs = v.optional(v.record(v.string(), v.object({ url: v.string() })));
const SearchList = v.object({
  nextPageToken: v.optional(v.string()),
  items: v.optional(
    v.array(
      v.object({
        id: v.object({ kind: v.string(), videoId: v.optional(v.string()) }),
        snippet: v.object({ publishedAt: v.string(), channelId: v.string(), title: v.string(), description: v.optional(v.string()), channelTitle: v.optional(v.string()), thumbnails: Thumbs }),
      }),
    ),
  ),
});
const ChannelList = v.object({
  items: v.optional(
    v.array(
      v.object({
        id: v.string(),
        snippet: v.object({ title: v.string(), description: v.optional(v.string()), customUrl: v.optional(v.string()), thumbnails: Thumbs }),
        statistics: v.optional(v.object({ subscriberCount: v.optional(v.string()), hiddenSubscriberCount: v.optional(v.boolean()), videoCount: v.optional(v.string()) })),
      }),
    ),
  ),
});

async function get(tokens: TokenSet, net: NetworkContext, url: URL): Promise<unknown> {
  return (await callNetwork(net, youtubeErrorTable, url.toString(), { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" } })).body;
}

function parse<T extends v.GenericSchema>(schema: T, body: unknown, what: string): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (!result.success) throw new ApiError("platform_unavailable", { platform: "youtube", message: `youtube: unexpected ${what} answer.` });
  return result.output;
}

type Channel = NonNullable<v.InferOutput<typeof ChannelList>["items"]>[number];

async function channelByHandle(tokens: TokenSet, handle: string, net: NetworkContext): Promise<Channel> {
  const url = new URL(`${youtubeUrls.api}/channels`);
  url.searchParams.set("part", "snippet,statistics");
  url.searchParams.set("forHandle", `@${handle.replace(/^@/, "")}`);
  const channel = parse(ChannelList, await get(tokens, net, url), "channels.list").items?.[0];
  // YouTube answers an unknown handle with 200 and no items.
  if (!channel) throw new ApiError("handle_not_found", { param: "handle", platform: "youtube", message: `No YouTube channel has the handle @${handle}.` });
  return channel;
}

const count = (text: string | undefined) => (text === undefined || !/^\d+$/.test(text) ? null : Number(text));

export const youtubeDiscover: DiscoverFacet = {
  async searchPosts(tokens, query, page, net) {
    if (query.mediaType === "text" || query.mediaType === "image") return { items: [], cursor: null };
    // The author filter is a channel id: a handle is looked up first (a channels.list call, 1 unit).
    const [knownChannel, token] = page.cursor ? page.cursor.split(" ") : [];
    const channelId = knownChannel || (query.author ? (await channelByHandle(tokens, query.author, net)).id : "");
    const url = new URL(`${youtubeUrls.api}/search`);
    url.searchParams.set("part", "snippet");
    url.searchParams.set("type", "video");
    url.searchParams.set("q", query.mode === "tag" ? `#${query.q.replace(/^#+/, "")}` : query.q);
    url.searchParams.set("maxResults", String(Math.min(MAX_SEARCH_RESULTS, page.limit)));
    url.searchParams.set("order", query.sort === "recent" ? "date" : "relevance");
    if (channelId) url.searchParams.set("channelId", channelId);
    if (query.since) url.searchParams.set("publishedAfter", query.since);
    if (query.until) url.searchParams.set("publishedBefore", query.until);
    if (token) url.searchParams.set("pageToken", token);
    const body = parse(SearchList, await get(tokens, net, url), "search.list");
    const items = (body.items ?? []).flatMap((item): DiscoveredPost[] => {
      const videoId = item.id.videoId;
      if (!videoId) return [];
      return [
        {
          id: videoId,
          url: `${youtubeUrls.watch}${videoId}`,
          text: item.snippet.description ? `${item.snippet.title}\n\n${item.snippet.description}` : item.snippet.title,
          author: {
            id: item.snippet.channelId,
            handle: item.snippet.channelId,
            displayName: item.snippet.channelTitle ?? null,
            avatarUrl: null,
            url: `https://www.youtube.com/channel/${item.snippet.channelId}`,
          },
          authorHidden: false,
          mediaType: "video",
          createdAt: new Date(item.snippet.publishedAt).toISOString(),
          likeCount: null,
          replyCount: null,
          repostCount: null,
        },
      ];
    });
    return { items, cursor: body.nextPageToken ? `${channelId} ${body.nextPageToken}` : null };
  },

  async lookupProfile(tokens, handle, _caller, net) {
    const channel = await channelByHandle(tokens, handle, net);
    const thumbs = channel.snippet.thumbnails ?? {};
    const customUrl = channel.snippet.customUrl ?? `@${handle}`;
    return {
      id: channel.id,
      handle: customUrl.replace(/^@/, ""),
      displayName: channel.snippet.title,
      bio: channel.snippet.description || null,
      avatarUrl: thumbs.high?.url ?? thumbs.default?.url ?? null,
      url: `https://www.youtube.com/${customUrl}`,
      website: null,
      verified: null,
      // A channel may hide its subscriber count; hidden is unknown, not zero.
      followersCount: channel.statistics?.hiddenSubscriberCount ? null : count(channel.statistics?.subscriberCount),
      // YouTube does not publish whom a channel subscribes to.
      followingCount: null,
      postsCount: count(channel.statistics?.videoCount),
    };
  },
};

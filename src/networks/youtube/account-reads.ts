import * as v from "valibot";
import type { AccountReadsFacet } from "../facets/account-reads.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { youtubeUrls } from "./capabilities.js";
import { youtubeErrorTable } from "./errors.js";

/**
 * The channel's videos, from its uploads playlist (channels.list `mine` → contentDetails
 * .relatedPlaylists.uploads → playlistItems.list, 1 quota unit each; search.list `forMine` would
 * spend the 100-a-day search bucket), and the channels it subscribes to (subscriptions.list
 * `mine`). Its subscribers are not listed: YouTube shows only those whose subscriptions are
 * public, capped, so a list would silently miss people (the sheet's "partial").
 */

const PAGE_MAX = 50;
const Channels = v.looseObject({ items: v.optional(v.array(v.looseObject({ contentDetails: v.looseObject({ relatedPlaylists: v.looseObject({ uploads: v.string() }) }) }))) });
const Items = v.looseObject({
  nextPageToken: v.optional(v.string()),
  items: v.optional(v.array(v.looseObject({ snippet: v.looseObject({ publishedAt: v.string(), title: v.string(), resourceId: v.looseObject({ videoId: v.string() }) }) }))),
});
const Subscriptions = v.looseObject({
  nextPageToken: v.optional(v.string()),
  items: v.optional(
    v.array(
      v.looseObject({
        snippet: v.looseObject({
          title: v.string(),
          resourceId: v.looseObject({ channelId: v.string() }),
          thumbnails: v.optional(v.looseObject({ default: v.optional(v.looseObject({ url: v.string() })) })),
        }),
      }),
    ),
  ),
});

async function get(tokens: TokenSet, net: NetworkContext, path: string, params: Record<string, string>): Promise<unknown> {
  const url = new URL(`${youtubeUrls.api}/${path}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return (await callNetwork(net, youtubeErrorTable, url.toString(), { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" } })).body;
}

export const youtubeAccountReads: AccountReadsFacet = {
  async listPosts(tokens, page, net) {
    const channel = parseNetworkBody("youtube", Channels, await get(tokens, net, "channels", { part: "contentDetails", mine: "true" }), "channels.list").items?.[0];
    if (!channel) return { items: [], cursor: null };
    const params: Record<string, string> = { part: "snippet", playlistId: channel.contentDetails.relatedPlaylists.uploads, maxResults: String(Math.min(PAGE_MAX, page.limit)) };
    if (page.cursor) params.pageToken = page.cursor;
    const body = parseNetworkBody("youtube", Items, await get(tokens, net, "playlistItems", params), "playlistItems.list");
    const items = (body.items ?? []).map(({ snippet }) => ({
      id: snippet.resourceId.videoId,
      url: `${youtubeUrls.watch}${snippet.resourceId.videoId}`,
      text: snippet.title,
      createdAt: new Date(snippet.publishedAt).toISOString(),
      kind: "video",
    }));
    return { items, cursor: body.nextPageToken ?? null };
  },

  async listFollowing(tokens, page, net) {
    const params: Record<string, string> = { part: "snippet", mine: "true", maxResults: String(Math.min(PAGE_MAX, page.limit)) };
    if (page.cursor) params.pageToken = page.cursor;
    const body = parseNetworkBody("youtube", Subscriptions, await get(tokens, net, "subscriptions", params), "subscriptions.list");
    const items = (body.items ?? []).map(({ snippet }) => ({
      id: snippet.resourceId.channelId,
      handle: snippet.resourceId.channelId,
      displayName: snippet.title,
      avatarUrl: snippet.thumbnails?.default?.url ?? null,
      url: `https://www.youtube.com/channel/${snippet.resourceId.channelId}`,
    }));
    return { items, cursor: body.nextPageToken ?? null };
  },
};

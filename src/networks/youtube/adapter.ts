import { youtubeEdit } from "./edit.js";
import { youtubeAnalytics } from "./analytics.js";
import { youtubeAccountReads } from "./account-reads.js";
import { youtubeEngage } from "./engage.js";
import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork } from "../http.js";
import type { ChannelEvent, NetworkAdapter, NetworkContext, NetworkIdentity, TokenSet } from "../types.js";
import { youtubeCapabilities, youtubeUrls } from "./capabilities.js";
import { youtubeInbox } from "./inbox.js";
import { youtubeDiscover } from "./discover.js";
import { youtubeErrorTable } from "./errors.js";
import { youtubeLive } from "./live.js";
import { youtubeAuthorizeUrl, youtubeExchangeCode, youtubeRefresh, youtubeRevoke } from "./connect.js";
import { checkYoutubePublish, deleteYoutubePost, findYoutubePublished, publishYoutube } from "./publish.js";
import { youtubeRules } from "./rules.js";
import { commentOnVideo } from "./first-comment.js";

const Thumbnails = v.record(v.string(), v.object({ url: v.string() }));

const ChannelList = v.object({
  items: v.optional(
    v.array(
      v.object({
        id: v.string(),
        snippet: v.object({ title: v.string(), customUrl: v.optional(v.string()), thumbnails: v.optional(Thumbnails) }),
      }),
    ),
  ),
});

const BroadcastList = v.object({
  nextPageToken: v.optional(v.string()),
  items: v.optional(
    v.array(
      v.object({
        id: v.string(),
        snippet: v.object({
          title: v.string(),
          scheduledStartTime: v.optional(v.string()),
          scheduledEndTime: v.optional(v.string()),
        }),
      }),
    ),
  ),
});

/** Upcoming broadcasts are read page by page; a channel with more than this many is unusual. */
const MAX_EVENT_PAGES = 4;

function authHeaders(tokens: TokenSet): Record<string, string> {
  return { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" };
}

function parse<T extends v.GenericSchema>(schema: T, body: unknown, what: string): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (!result.success) throw new ApiError("platform_unavailable", { platform: "youtube", message: `youtube: unexpected ${what} answer.` });
  return result.output;
}

async function identity(tokens: TokenSet, net: NetworkContext): Promise<NetworkIdentity> {
  const url = new URL(`${youtubeUrls.api}/channels`);
  url.searchParams.set("part", "snippet");
  url.searchParams.set("mine", "true");
  const response = await callNetwork(net, youtubeErrorTable, url.toString(), { headers: authHeaders(tokens) });
  const channel = parse(ChannelList, response.body, "channels.list").items?.[0];
  // A Google account without a channel answers 200 with no items, not an error.
  if (!channel) throw new ApiError("video_no_channel", { platform: "youtube" });
  const thumbnails = channel.snippet.thumbnails ?? {};
  return {
    networkUserId: channel.id,
    // customUrl is the channel's @handle; channels from before handles existed fall back to the id.
    handle: channel.snippet.customUrl?.replace(/^@/, "") ?? channel.id,
    displayName: channel.snippet.title,
    avatarUrl: thumbnails.high?.url ?? thumbnails.medium?.url ?? thumbnails.default?.url ?? null,
  };
}

/** The channel's scheduled events are its upcoming live broadcasts and premieres. */
async function events(tokens: TokenSet, net: NetworkContext): Promise<ChannelEvent[]> {
  const found: ChannelEvent[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_EVENT_PAGES; page++) {
    const url = new URL(`${youtubeUrls.api}/liveBroadcasts`);
    url.searchParams.set("part", "snippet");
    url.searchParams.set("broadcastStatus", "upcoming");
    // The default type is `event` only; `all` includes persistent broadcasts too.
    url.searchParams.set("broadcastType", "all");
    url.searchParams.set("maxResults", "50");
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    const response = await callNetwork(net, youtubeErrorTable, url.toString(), { headers: authHeaders(tokens) });
    const list = parse(BroadcastList, response.body, "liveBroadcasts.list");
    for (const item of list.items ?? []) {
      found.push({
        id: item.id,
        name: item.snippet.title,
        startTime: item.snippet.scheduledStartTime ?? null,
        endTime: item.snippet.scheduledEndTime ?? null,
        url: `${youtubeUrls.watch}${encodeURIComponent(item.id)}`,
      });
    }
    pageToken = list.nextPageToken;
    if (!pageToken) break;
  }
  return found;
}

export const youtubeAdapter: NetworkAdapter = {
  platform: "youtube",
  capabilities: youtubeCapabilities,
  rules: youtubeRules,
  hosts: ["accounts.google.com", "oauth2.googleapis.com", "youtube.googleapis.com", "youtubeanalytics.googleapis.com"],
  discover: youtubeDiscover,
  authorizeUrl: youtubeAuthorizeUrl,
  exchangeCode: youtubeExchangeCode,
  refresh: youtubeRefresh,
  revoke: youtubeRevoke,
  identity,
  events,
  publish: publishYoutube,
  commentOnPost: commentOnVideo,
  checkPublish: checkYoutubePublish,
  findPublished: findYoutubePublished,
  deletePost: deleteYoutubePost,
  analytics: youtubeAnalytics,
  engage: youtubeEngage,
  accountReads: youtubeAccountReads,
  inbox: youtubeInbox,

  live: youtubeLive,
  edit: youtubeEdit,
};

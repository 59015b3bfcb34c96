import * as v from "valibot";
import type { InboxFacet, NetworkNotification } from "../facets/inbox.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import { youtubeUrls } from "./capabilities.js";
import { youtubeErrorTable } from "./errors.js";

/**
 * YouTube has no notifications API (shared/networks/youtube.md, "Mentions/notifications: no API");
 * the comments left on the channel's videos are what a channel hears from people, read with
 * `commentThreads.list?allThreadsRelatedToChannelId=<channel>` (parameters, `order=time`,
 * `maxResults` 1-100 and `pageToken` per the v3 discovery document in shared/networks/specs/).
 * Each thread's top-level comment is a `replies` notification: the commenter is the actor, the
 * video the subject. Only `part=snippet` is asked for: developers.google.com's commentThreads.list
 * page prices a call at 1 unit plus 2 per part (snippet 2, replies 2), so a page costs 3 units of
 * the project's 10,000 a day. Answers within a thread are not listed (they need `part=replies`,
 * 2 more units, and carry only the five newest); the channel's own comments are not news to it.
 * YouTube keeps no seen state, so every item is `seen: false` and there is no mark-seen.
 */

const Comment = v.object({
  id: v.string(),
  snippet: v.object({
    videoId: v.optional(v.string()),
    authorDisplayName: v.optional(v.string()),
    authorProfileImageUrl: v.optional(v.string()),
    authorChannelUrl: v.optional(v.string()),
    authorChannelId: v.optional(v.object({ value: v.string() })),
    textOriginal: v.optional(v.string()),
    textDisplay: v.optional(v.string()),
    publishedAt: v.string(),
  }),
});
const ThreadList = v.object({
  nextPageToken: v.optional(v.string()),
  items: v.optional(v.array(v.object({ id: v.string(), snippet: v.object({ videoId: v.optional(v.string()), topLevelComment: Comment }) }))),
});

export const youtubeNotifications: Pick<InboxFacet, "listNotifications"> = {
  async listNotifications(tokens, page, net) {
    const url = new URL(`${youtubeUrls.api}/commentThreads`);
    url.searchParams.set("part", "snippet");
    url.searchParams.set("allThreadsRelatedToChannelId", page.networkUserId);
    url.searchParams.set("order", "time");
    url.searchParams.set("maxResults", String(Math.min(100, Math.max(1, page.limit))));
    url.searchParams.set("textFormat", "plainText");
    if (page.cursor) url.searchParams.set("pageToken", page.cursor);
    const response = await callNetwork(net, youtubeErrorTable, url.toString(), { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" } });
    const list = parseNetworkBody("youtube", ThreadList, response.body, "commentThreads.list");
    const items = (list.items ?? []).flatMap((thread): NetworkNotification[] => {
      const { id, snippet } = thread.snippet.topLevelComment;
      const author = snippet.authorChannelId?.value ?? "";
      if (author === page.networkUserId) return [];
      const videoId = thread.snippet.videoId ?? snippet.videoId ?? null;
      const name = snippet.authorDisplayName ?? author;
      return [
        {
          id,
          kind: "replies",
          actor: {
            id: author,
            handle: name.replace(/^@/, ""),
            displayName: snippet.authorDisplayName ?? null,
            avatarUrl: snippet.authorProfileImageUrl ?? null,
            url: snippet.authorChannelUrl ?? null,
          },
          // A comment on the channel itself (no video) has no post to name.
          subject: videoId ? { networkPostId: videoId, url: `${youtubeUrls.watch}${videoId}` } : null,
          text: snippet.textOriginal ?? snippet.textDisplay ?? null,
          createdAt: new Date(snippet.publishedAt).toISOString(),
          seen: false,
        },
      ];
    });
    return { items, cursor: list.nextPageToken ?? null };
  },
};

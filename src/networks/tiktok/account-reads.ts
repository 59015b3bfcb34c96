import * as v from "valibot";
import type { AccountReadsFacet } from "../facets/account-reads.js";
import { parseNetworkBody } from "../http.js";
import { callTiktok } from "./call.js";
import { tiktokPublishUrls } from "./capabilities.js";
import { tiktokJsonHeaders } from "./creator-info.js";

/**
 * The creator's public videos through the Display API (`POST /v2/video/list/`, newest first,
 * scope `video.list`). TikTok pages by a cursor of its own (a UNIX time in milliseconds) with
 * `has_more`; at most 20 videos a page. Private videos, drafts sent to the inbox and posts still
 * in moderation are not listed by TikTok. Login Kit has no followers or following list (only
 * counts in user/info), so those reads are absent.
 */

const PAGE_MAX = 20;
const FIELDS = "id,create_time,title,video_description,share_url";

const VideoPage = v.object({
  data: v.object({
    videos: v.optional(v.array(v.object({ id: v.string(), create_time: v.number(), title: v.optional(v.string()), video_description: v.optional(v.string()), share_url: v.optional(v.string()) }))),
    cursor: v.optional(v.number()),
    has_more: v.optional(v.boolean()),
  }),
});

export const tiktokAccountReads: AccountReadsFacet = {
  async listPosts(tokens, page, net) {
    const request: { max_count: number; cursor?: number } = { max_count: Math.min(PAGE_MAX, page.limit) };
    // Our cursor is TikTok's own number, kept as text; anything else starts from the newest.
    if (page.cursor && /^\d+$/.test(page.cursor)) request.cursor = Number(page.cursor);
    const response = await callTiktok(net, `${tiktokPublishUrls.videoList}?fields=${FIELDS}`, { method: "POST", headers: tiktokJsonHeaders(tokens), body: JSON.stringify(request) });
    const data = parseNetworkBody("tiktok", VideoPage, response.body, "video/list").data;
    const items = (data.videos ?? []).map((video) => ({
      id: video.id,
      url: video.share_url ?? null,
      text: (video.video_description || video.title) ?? null,
      createdAt: new Date(video.create_time * 1000).toISOString(),
      kind: "video",
    }));
    return { items, cursor: data.has_more && data.cursor !== undefined ? String(data.cursor) : null };
  },
};

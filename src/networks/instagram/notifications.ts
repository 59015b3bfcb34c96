import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { InboxFacet, NetworkNotification } from "../facets/inbox.js";
import { extraString, graphRequest, graphUrl } from "../meta/graph.js";
import { instagramUrls } from "./capabilities.js";
import { instagramErrorTable as table } from "./errors.js";
import { doorOf, igVersion } from "./connect.js";

/**
 * Instagram has no notifications feed. What its API lists is the media other people tagged the
 * account in (`GET /{ig-user-id}/tags`, Facebook-login door, `instagram_basic` +
 * `instagram_manage_comments`): each becomes a `mentions` notification about that media.
 * Caption and comment @-mentions are sent only as `mentions` webhooks (and the Instagram-login
 * door has no `tags` edge), so an account on that door is a `problems` entry saying so.
 */

const FIELDS = "id,caption,media_type,permalink,timestamp,username";
const MAX_LIMIT = 100;

const Tagged = v.object({
  id: v.string(),
  caption: v.optional(v.nullable(v.string())),
  username: v.optional(v.string()),
  permalink: v.optional(v.string()),
  timestamp: v.string(),
});
const TaggedPage = v.object({
  data: v.array(Tagged),
  paging: v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) })),
});

const isoOf = (graphTime: string) => new Date(graphTime.replace(/([+-]\d{2})(\d{2})$/, "$1:$2")).toISOString();

export const instagramNotifications: InboxFacet = {
  async listNotifications(tokens, page, net) {
    if (doorOf(tokens) !== "facebook_login") {
      throw new ApiError("capability_unsupported", {
        platform: "instagram",
        message: "Instagram lists the posts that tag an account only for accounts connected through Facebook Login; its @-mentions reach apps only as webhooks.",
        fix: "Reconnect the Instagram account through Facebook Login (its linked Facebook page) to read the posts that tag it.",
      });
    }
    const url = graphUrl(instagramUrls.facebookGraph, igVersion(net), `${extraString(tokens, "igUserId", "instagram")}/tags`, {
      fields: FIELDS,
      limit: String(Math.min(MAX_LIMIT, Math.max(1, page.limit))),
      after: page.cursor ?? undefined,
      access_token: tokens.accessToken,
    });
    const body = await graphRequest(net, table, url, TaggedPage);
    const items = body.data.map((media): NetworkNotification => {
      const handle = media.username ?? "";
      return {
        id: media.id,
        kind: "mentions",
        // The edge names the author by username only.
        actor: { id: handle, handle, displayName: null, avatarUrl: null, url: handle ? `https://www.instagram.com/${handle}/` : null },
        subject: { networkPostId: media.id, url: media.permalink ?? null },
        text: media.caption ?? null,
        createdAt: isoOf(media.timestamp),
        seen: false,
      };
    });
    return { items, cursor: body.paging?.next ? (body.paging.cursors?.after ?? null) : null };
  },
};

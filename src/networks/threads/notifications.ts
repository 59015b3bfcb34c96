import * as v from "valibot";
import type { InboxFacet, NetworkNotification } from "../facets/inbox.js";
import { graphRequest, graphUrl } from "../meta/graph.js";
import type { NetworkContext } from "../types.js";
import { threadsDefaultApiVersion, threadsUrls } from "./capabilities.js";
import { threadsErrorTable } from "./errors.js";

/**
 * Threads has no notifications feed; what its API lists is the account's mentions
 * (`GET /{threads-user-id}/mentions`, permission `threads_manage_mentions`): posts of other
 * people naming the account, newest first, paged by Graph cursors. Each becomes a `mentions`
 * notification about the mentioning post. The edge gives the author's username and no user id,
 * so the username stands as the actor's id too. Threads keeps no "seen" state in its API.
 */

const FIELDS = "id,text,username,permalink,timestamp,media_type";
/** Graph's own ceiling for `limit` on Threads edges. */
const MAX_LIMIT = 100;

const Mention = v.object({
  id: v.string(),
  text: v.optional(v.string()),
  username: v.optional(v.string()),
  permalink: v.optional(v.string()),
  timestamp: v.string(),
});
const MentionPage = v.object({
  data: v.array(Mention),
  paging: v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) })),
});

const version = (net: NetworkContext) => net.config.apiVersion ?? threadsDefaultApiVersion;
/** Graph's `2026-10-01T12:00:00+0000`. */
const isoOf = (graphTime: string) => new Date(graphTime.replace(/([+-]\d{2})(\d{2})$/, "$1:$2")).toISOString();

export const threadsNotifications: InboxFacet = {
  async listNotifications(tokens, page, net) {
    const url = graphUrl(threadsUrls.graph, version(net), `${page.networkUserId}/mentions`, {
      fields: FIELDS,
      limit: String(Math.min(MAX_LIMIT, Math.max(1, page.limit))),
      after: page.cursor ?? undefined,
      access_token: tokens.accessToken,
    });
    const body = await graphRequest(net, threadsErrorTable, url, MentionPage);
    const items = body.data.map((post): NetworkNotification => {
      const handle = post.username ?? "";
      return {
        id: post.id,
        kind: "mentions",
        actor: { id: handle, handle, displayName: null, avatarUrl: null, url: handle ? `https://www.threads.net/@${handle}` : null },
        subject: { networkPostId: post.id, url: post.permalink ?? null },
        text: post.text ?? null,
        createdAt: isoOf(post.timestamp),
        seen: false,
      };
    });
    // Graph sends `after` on every page; only `next` says there is another.
    return { items, cursor: body.paging?.next ? (body.paging.cursors?.after ?? null) : null };
  },
};

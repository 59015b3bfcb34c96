import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { InboxFacet, NetworkNotification } from "../facets/inbox.js";
import { facebookErrorTable as table } from "../meta/facebook-errors.js";
import { graphRequest } from "../meta/graph.js";
import { facebookGraphUrl, managedPageTokens } from "../meta/page-access.js";

/**
 * Facebook has no notifications edge; what a page can read is where it was tagged
 * (`GET /{page-id}/tagged`, page token, `pages_read_engagement` + `pages_read_user_content`):
 * posts by other people and pages naming it, each a `mentions` notification about that post.
 * A Facebook connection is a person managing pages, so every page is read and merged newest
 * first; the cursor holds each page's Graph `after` (only the pages with more to read). Likes,
 * comments and shares reach an app only as webhooks, and Facebook keeps no readable "seen" state.
 */

// `from` unexpanded: Graph answers it as `{ name, id }`, and PagePost describes it as a plain object.
const FIELDS = "id,message,from,created_time,permalink_url";
const MAX_LIMIT = 100;

const TaggedPost = v.object({
  id: v.string(),
  message: v.optional(v.string()),
  from: v.optional(v.object({ id: v.string(), name: v.optional(v.string()) })),
  created_time: v.string(),
  permalink_url: v.optional(v.string()),
});
const TaggedPage = v.object({
  data: v.array(TaggedPost),
  paging: v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) })),
});
const Positions = v.record(v.string(), v.string());

/** Graph's `2026-10-01T12:00:00+0000`. */
const isoOf = (graphTime: string) => new Date(graphTime.replace(/([+-]\d{2})(\d{2})$/, "$1:$2")).toISOString();

/** The per-page positions of a cursor this facet wrote; anything else is a cursor of another read. */
function positionsOf(cursor: string): Record<string, string> {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(cursor);
  } catch {
    parsed = null;
  }
  const result = v.safeParse(Positions, parsed);
  if (!result.success) throw new ApiError("cursor_invalid", { param: "cursor", platform: "facebook", message: "The cursor does not hold Facebook page positions." });
  return result.output;
}

export const facebookNotifications: InboxFacet = {
  async listNotifications(tokens, page, net) {
    const pages = await managedPageTokens(tokens, net);
    const positions = page.cursor ? positionsOf(page.cursor) : null;
    // A later page reads only the pages that had more; the first reads them all.
    const toRead = positions ? pages.filter((p) => positions[p.pageId] !== undefined) : pages;
    const next: Record<string, string> = {};
    const items: NetworkNotification[] = [];
    for (const { pageId, token } of toRead) {
      const url = facebookGraphUrl(net, `${pageId}/tagged`, {
        fields: FIELDS,
        limit: String(Math.min(MAX_LIMIT, Math.max(1, page.limit))),
        after: positions?.[pageId],
        access_token: token,
      });
      const body = await graphRequest(net, table, url, TaggedPage);
      for (const post of body.data) {
        const from = post.from;
        items.push({
          id: post.id,
          kind: "mentions",
          // Graph leaves `from` out for people who have not granted the app access to their profile.
          actor: { id: from?.id ?? "", handle: from?.name ?? "", displayName: from?.name ?? null, avatarUrl: null, url: from ? `https://www.facebook.com/${from.id}` : null },
          subject: { networkPostId: post.id, url: post.permalink_url ?? null },
          text: post.message ?? null,
          createdAt: isoOf(post.created_time),
          seen: false,
        });
      }
      const after = body.paging?.next ? body.paging.cursors?.after : undefined;
      if (after) next[pageId] = after;
    }
    items.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
    return { items, cursor: Object.keys(next).length > 0 ? JSON.stringify(next) : null };
  },
};

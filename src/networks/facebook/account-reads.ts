import * as v from "valibot";
import { mergeDestinations } from "../destination-merge.js";
import type { AccountReadsFacet, NetworkAccountPost } from "../facets/account-reads.js";
import { facebookErrorTable as table } from "../meta/facebook-errors.js";
import { graphEdgePage, graphIso } from "../meta/graph-edge-page.js";
import { facebookGraphUrl, managedPageTokens } from "../meta/page-access.js";
import { absoluteUrl } from "../meta/publish-common.js";

/**
 * The posts of every page the person manages (`GET /{page-id}/posts`, the page's own posts;
 * `/feed` would add visitors' posts, which are not the account's). Each page is read with its
 * own page token and the pages are merged newest first. Facebook has no followers or following
 * list for pages (only counts), so those reads are absent and answer `capability_unsupported`.
 */

/** Page size asked of the edge; 100 is the usual Graph edge maximum (unverified for /posts: Meta documents none). */
const PAGE_MAX = 100;
const FIELDS = "id,message,created_time,permalink_url,status_type";
const facebookWeb = "https://www.facebook.com";

const Post = v.object({
  id: v.string(),
  message: v.optional(v.string()),
  created_time: v.string(),
  permalink_url: v.optional(v.string()),
  status_type: v.optional(v.string()),
});

export const facebookAccountReads: AccountReadsFacet = {
  async listPosts(tokens, page, net) {
    const pages = await managedPageTokens(tokens, net);
    const tokenOf = new Map(pages.map((p) => [p.pageId, p.token]));
    return mergeDestinations<NetworkAccountPost>(
      pages.map((p) => p.pageId),
      page.cursor,
      page.limit,
      async (pageId, after, size) => {
        const limit = Math.min(PAGE_MAX, size);
        const url = facebookGraphUrl(net, `${pageId}/posts`, { fields: FIELDS, limit: String(limit), after: after ?? undefined, access_token: tokenOf.get(pageId) });
        const body = await graphEdgePage(net, table, url, Post, limit);
        const items = body.data.map((post) => ({
          id: post.id,
          url: absoluteUrl(post.permalink_url, facebookWeb),
          text: post.message ?? null,
          createdAt: graphIso(post.created_time),
          kind: post.status_type === "added_video" ? "video" : "post",
        }));
        return { items, cursor: body.cursor };
      },
    );
  },
};

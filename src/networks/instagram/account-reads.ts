import * as v from "valibot";
import type { AccountReadsFacet } from "../facets/account-reads.js";
import { extraString } from "../meta/graph.js";
import { graphEdgePage, graphIso } from "../meta/graph-edge-page.js";
import { instagramErrorTable as table } from "./errors.js";
import { igUrl } from "./published-media.js";

/**
 * The account's media (`GET /{ig-user-id}/media`, newest first) on either door. Stories are on
 * their own edge and live 24 hours; they are not posts of the profile grid, so they are left out.
 * Instagram lists neither followers nor following to apps (only `followers_count`), so those
 * reads are absent and answer `capability_unsupported`.
 */

/** Page size asked of the media edge; 100 is the usual Graph edge maximum (unverified for this edge: Meta documents none). */
const PAGE_MAX = 100;
const FIELDS = "id,caption,permalink,timestamp,media_type,media_product_type";

const Media = v.object({
  id: v.string(),
  caption: v.optional(v.string()),
  permalink: v.optional(v.string()),
  timestamp: v.string(),
  media_type: v.optional(v.string()),
  media_product_type: v.optional(v.string()),
});

const kindOf = (media: v.InferOutput<typeof Media>) => (media.media_product_type === "REELS" ? "reel" : media.media_type === "VIDEO" ? "video" : "post");

export const instagramAccountReads: AccountReadsFacet = {
  async listPosts(tokens, page, net) {
    const igUserId = extraString(tokens, "igUserId", "instagram");
    const limit = Math.min(PAGE_MAX, page.limit);
    const url = igUrl(tokens, net, `${igUserId}/media`, { fields: FIELDS, limit: String(limit), after: page.cursor ?? undefined, access_token: tokens.accessToken });
    const body = await graphEdgePage(net, table, url, Media, limit);
    const items = body.data.map((media) => ({ id: media.id, url: media.permalink ?? null, text: media.caption ?? null, createdAt: graphIso(media.timestamp), kind: kindOf(media) }));
    return { items, cursor: body.cursor };
  },
};

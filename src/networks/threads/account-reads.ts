import * as v from "valibot";
import type { AccountReadsFacet } from "../facets/account-reads.js";
import { graphUrl } from "../meta/graph.js";
import { graphEdgePage, graphIso } from "../meta/graph-edge-page.js";
import type { NetworkContext } from "../types.js";
import { threadsDefaultApiVersion, threadsUrls } from "./capabilities.js";
import { threadsErrorTable as table } from "./errors.js";

/**
 * The profile's own threads (`GET /me/threads`, newest first; replies are on `/me/replies` and
 * are not the profile's posts). A repost appears as a `REPOST_FACADE` media. Threads gives apps
 * follower counts only, no followers or following lists, so those reads are absent.
 */

/** The threads edge serves at most 100 a page (default 25). */
const PAGE_MAX = 100;
const FIELDS = "id,text,permalink,timestamp,media_type";

const Thread = v.object({ id: v.string(), text: v.optional(v.string()), permalink: v.optional(v.string()), timestamp: v.string(), media_type: v.optional(v.string()) });

const version = (net: NetworkContext) => net.config.apiVersion ?? threadsDefaultApiVersion;

export const threadsAccountReads: AccountReadsFacet = {
  async listPosts(tokens, page, net) {
    const limit = Math.min(PAGE_MAX, page.limit);
    const url = graphUrl(threadsUrls.graph, version(net), "me/threads", { fields: FIELDS, limit: String(limit), after: page.cursor ?? undefined, access_token: tokens.accessToken });
    const body = await graphEdgePage(net, table, url, Thread, limit);
    const items = body.data.map((t) => ({
      id: t.id,
      url: t.permalink ?? null,
      text: t.text ?? null,
      createdAt: graphIso(t.timestamp),
      kind: t.media_type === "REPOST_FACADE" ? "repost" : "post",
    }));
    return { items, cursor: body.cursor };
  },
};

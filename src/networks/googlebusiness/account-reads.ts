import * as v from "valibot";
import { mergeDestinations } from "../destination-merge.js";
import type { AccountReadsFacet, NetworkAccountPost } from "../facets/account-reads.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, PublishDestination, TokenSet } from "../types.js";
import { googleBusinessUrls } from "./capabilities.js";
import { googleBusinessErrorTable } from "./errors.js";

/**
 * The local posts of every location the account reaches (v4 `GET {location}/localPosts`, newest
 * first, `pageSize` at most 100 with `pageToken`), merged newest first. A post Google rejected
 * for its content policy is not on the profile and is left out. Business Profiles have no
 * followers or following, so those reads are absent.
 */

const PAGE_MAX = 100;

const LocalPostPage = v.object({
  localPosts: v.optional(
    v.array(
      v.object({ name: v.string(), summary: v.optional(v.string()), searchUrl: v.optional(v.string()), createTime: v.string(), topicType: v.optional(v.string()), state: v.optional(v.string()) }),
    ),
  ),
  nextPageToken: v.optional(v.string()),
});

export function createGoogleBusinessAccountReads(targets: (tokens: TokenSet, net: NetworkContext) => Promise<PublishDestination[]>): AccountReadsFacet {
  return {
    async listPosts(tokens, page, net) {
      const locations = (await targets(tokens, net)).map((t) => t.id);
      return mergeDestinations<NetworkAccountPost>(locations, page.cursor, page.limit, async (location, cursor, size) => {
        const url = new URL(`${googleBusinessUrls.myBusinessV4}/${location}/localPosts`);
        url.searchParams.set("pageSize", String(Math.min(PAGE_MAX, size)));
        if (cursor) url.searchParams.set("pageToken", cursor);
        const response = await callNetwork(net, googleBusinessErrorTable, url.toString(), { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" } });
        const body = parseNetworkBody("googlebusiness", LocalPostPage, response.body, "localPosts.list");
        const items = (body.localPosts ?? [])
          .filter((post) => post.state !== "REJECTED")
          .map((post) => ({
            id: post.name,
            url: post.searchUrl ?? null,
            text: post.summary ?? null,
            createdAt: new Date(post.createTime).toISOString(),
            kind: !post.topicType || post.topicType === "STANDARD" ? "post" : post.topicType.toLowerCase(),
          }));
        return { items, cursor: body.nextPageToken ?? null };
      });
    },
  };
}

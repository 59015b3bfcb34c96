import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { mergeDestinations } from "../destination-merge.js";
import type { AccountReadsFacet, NetworkAccountPost } from "../facets/account-reads.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, PublishDestination, TokenSet } from "../types.js";
import { linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinPostUrl } from "./publish.js";
import { linkedinRestHeaders } from "./rest-headers.js";

/**
 * The posts of the company pages the member may post for (`GET /rest/posts?q=author&author=
 * urn:li:organization:…&sortBy=CREATED`, `r_organization_social`), merged newest first. A
 * member's own posts can be read only with `r_member_social`, which LinkedIn grants to approved
 * partners alone: a connection without a company page is refused with a message saying so, never
 * answered with an empty list. LinkedIn has no followers or following list for either (only the
 * organisation's follower count), so those reads are absent.
 */

/** LinkedIn's `count` is at most 100 on the posts finder. */
const PAGE_MAX = 100;

const PostList = v.looseObject({
  elements: v.array(
    v.looseObject({ id: v.string(), commentary: v.optional(v.string()), createdAt: v.optional(v.number()), publishedAt: v.optional(v.number()), lifecycleState: v.optional(v.string()) }),
  ),
  paging: v.optional(v.looseObject({ start: v.optional(v.number()), count: v.optional(v.number()), total: v.optional(v.number()) })),
});

/**
 * Little text back to plain text: `{hashtag|\#|tag}` is `#tag`, `@[Name](urn)` a mention shown as
 * its name, and a backslash escapes the next character.
 */
export function fromLittleText(text: string): string {
  return text
    .replace(/\{hashtag\|\\#\|((?:\\.|[^}])*)\}/g, "#$1")
    .replace(/@\[((?:\\.|[^\]])*)\]\(urn:li:[^)]+\)/g, "$1")
    .replace(/\\(.)/gs, "$1");
}

export function createLinkedinAccountReads(targets: (tokens: TokenSet, net: NetworkContext) => Promise<PublishDestination[]>): AccountReadsFacet {
  return {
    async listPosts(tokens, page, net) {
      const organizations = (await targets(tokens, net)).filter((t) => t.kind === "organization").map((t) => t.id);
      if (organizations.length === 0) {
        throw new ApiError("capability_unsupported", {
          platform: "linkedin",
          message:
            "LinkedIn lets apps read posts of company pages only: a member's own posts need r_member_social, which LinkedIn grants to approved partners alone, and this connection administers no company page. Connect a member who is an administrator or content admin of the company page to read its posts.",
        });
      }
      return mergeDestinations<NetworkAccountPost>(organizations, page.cursor, page.limit, async (author, cursor, size) => {
        const start = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
        const count = Math.min(PAGE_MAX, size);
        const url = `${linkedinUrls.rest}/posts?author=${encodeURIComponent(author)}&q=author&count=${count}&start=${start}&sortBy=CREATED`;
        const response = await callNetwork(net, linkedinErrorTable, url, { headers: linkedinRestHeaders(tokens, net) });
        const body = parseNetworkBody("linkedin", PostList, response.body, "posts by author");
        const items = body.elements.flatMap((post) => {
          const at = post.publishedAt ?? post.createdAt;
          // Drafts and posts being processed are not on the page yet.
          if (at === undefined || (post.lifecycleState ?? "PUBLISHED") !== "PUBLISHED") return [];
          return [{ id: post.id, url: linkedinPostUrl(post.id), text: post.commentary !== undefined ? fromLittleText(post.commentary) : null, createdAt: new Date(at).toISOString(), kind: "post" }];
        });
        const total = body.paging?.total;
        const full = body.elements.length >= count && (total === undefined || start + body.elements.length < total);
        return { items, cursor: full ? String(start + body.elements.length) : null };
      });
    },
  };
}

import { ApiError } from "../../../infra/errors.js";
import type { DiscoveredPost as NetworkDiscoveredPost, PostSearchQuery } from "../../../networks/facets/discover.js";
import type { NetworkAdapter } from "../../../networks/types.js";
import type { DomainContext } from "../../core/index.js";
import { problemOf, type ReadProblem, spanningRead } from "../../accounts/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import { type DiscoveredPost, toDiscoveredPost } from "./discovered-post.js";
import { spendHashtag } from "./hashtag-budget.js";

export interface SearchPostsInput extends PostSearchQuery {
  account?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** A hashtag as the photo network takes it: one word of letters, digits or underscores, without `#`. */
const HASHTAG = /^[\p{L}\p{N}_]+$/u;

/** The search as one list for its cursor: a cursor of another query must not resume this one. */
const listName = (q: PostSearchQuery) => `discover-posts ${JSON.stringify([q.q, q.mode, q.sort, q.mediaType ?? "", q.author ?? "", q.since ?? "", q.until ?? ""])}`;

/**
 * A network's own search rules, checked before it is called (the photo network's: hashtags only,
 * 30 unique hashtags per account per 7 days, recent results only for 24 hours, no author filter).
 * A refusal is a problem of this account; the others still answer.
 */
async function admit(ctx: DomainContext, row: SocialAccountRow, adapter: NetworkAdapter, query: PostSearchQuery): Promise<ReadProblem | null> {
  const rules = adapter.discover?.postSearchRules;
  if (!rules) return null;
  const name = adapter.capabilities.name;
  if (rules.tagOnly) {
    const tag = query.q.trim().replace(/^#+/, "");
    if (!HASHTAG.test(tag)) {
      return problemOf(row, "search_keyword_unsupported", `${name} searches hashtags only, and "${query.q}" is not one hashtag: no ${name} post can match it.`, false);
    }
    if (query.author) return problemOf(row, "capability_unsupported", `${name}'s hashtag search does not say who wrote a post, so it cannot filter by author.`, false);
    if (rules.recentWindowHours && query.sort === "recent" && query.until) {
      const windowStart = ctx.clock.now().getTime() - rules.recentWindowHours * 3_600_000;
      if (Date.parse(query.until) < windowStart) {
        return problemOf(row, "capability_unsupported", `${name}'s recent hashtag search covers only the last ${rules.recentWindowHours} hours, all after \`until\`.`, false);
      }
    }
    if (rules.uniqueTagsPerWeek) {
      const spent = await spendHashtag(ctx, row, tag.toLowerCase(), rules.uniqueTagsPerWeek);
      if (!spent.ok) {
        return problemOf(
          row,
          "hashtag_search_limit",
          `${row.handle} already searched ${spent.used} different hashtags on ${name} in the last 7 days, its limit; a new one can be searched from ${spent.freesAt.toISOString()}.`,
          true,
        );
      }
    }
  }
  return null;
}

/**
 * GET /v1/discover/posts: one search on every account that can search (or on `account`), merged
 * by the spanning-read helper. Networks without search, and searches a network's rules refuse,
 * are `problems`.
 */
export async function searchPosts({ ctx, input }: { ctx: DomainContext; input: SearchPostsInput }): Promise<{ items: DiscoveredPost[]; cursor: string | null; problems: ReadProblem[] }> {
  if (input.since && input.until && Date.parse(input.since) > Date.parse(input.until)) {
    throw new ApiError("field_invalid", { param: "since", message: "`since` is after `until`.", fix: "Send a `since` earlier than `until`, or drop one of them." });
  }
  const query: PostSearchQuery = { q: input.q, mode: input.mode, sort: input.sort, mediaType: input.mediaType, author: input.author?.replace(/^@/, ""), since: input.since, until: input.until };
  const page = await spanningRead<NetworkDiscoveredPost>({
    ctx,
    input: {
      list: listName(query),
      feature: "post search",
      account: input.account,
      cursor: input.cursor,
      limit: input.limit,
      pick: (adapter) => {
        const search = adapter.discover?.searchPosts?.bind(adapter.discover);
        return search ? (tokens, pageRequest, net) => search(tokens, query, pageRequest, net) : undefined;
      },
      admit: (row, adapter) => admit(ctx, row, adapter, query),
    },
  });
  return { items: page.items.map(({ account, item }) => toDiscoveredPost(account, item)), cursor: page.cursor, problems: page.problems };
}

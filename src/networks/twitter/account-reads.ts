import * as v from "valibot";
import type { AccountReadsFacet } from "../facets/account-reads.js";
import type { NetworkActor, NetworkPageRequest } from "../facets/inbox.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterPostUrl, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";
import { postText } from "./post-text.js";

/**
 * The account's posts (GET /2/users/{id}/tweets) and follow lists (GET /2/users/{id}/followers,
 * /following). X bills followers and following per user returned on pay-per-use, so a page asks
 * for exactly the page size the client asked, never more.
 */

/** X's bounds for `max_results`: 5-100 on the posts timeline (getUsersPosts), 1-1000 on follow lists. */
const POSTS_MIN = 5;
const POSTS_MAX = 100;

const PostsAnswer = v.looseObject({
  data: v.optional(v.array(v.looseObject({ id: v.string(), text: v.string(), created_at: v.optional(v.string()) }))),
  meta: v.optional(v.looseObject({ next_token: v.optional(v.string()) })),
});
const UsersAnswer = v.looseObject({
  data: v.optional(v.array(v.looseObject({ id: v.string(), name: v.string(), username: v.string(), profile_image_url: v.optional(v.string()) }))),
  meta: v.optional(v.looseObject({ next_token: v.optional(v.string()) })),
});

async function get(tokens: TokenSet, net: NetworkContext, path: string, params: Record<string, string>): Promise<unknown> {
  const url = new URL(`${twitterApiBaseUrl}/${twitterApiVersion}${path}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const response = await callNetwork(net, twitterErrorTable, url.toString(), { headers: { Authorization: `Bearer ${tokens.accessToken}` } }, { resetHeader: twitterRateLimitHeaders.reset });
  return response.body;
}

function users(side: "followers" | "following") {
  return async (tokens: TokenSet, page: NetworkPageRequest, net: NetworkContext) => {
    const params: Record<string, string> = { max_results: String(Math.min(1000, Math.max(1, page.limit))), "user.fields": "profile_image_url" };
    if (page.cursor) params.pagination_token = page.cursor;
    const body = parseNetworkBody("twitter", UsersAnswer, await get(tokens, net, `/users/${encodeURIComponent(page.networkUserId)}/${side}`, params), `users/${side}`);
    const items = (body.data ?? []).map((u): NetworkActor => ({ id: u.id, handle: u.username, displayName: u.name, avatarUrl: u.profile_image_url ?? null, url: `https://x.com/${u.username}` }));
    return { items, cursor: body.meta?.next_token ?? null };
  };
}

export const twitterAccountReads: AccountReadsFacet = {
  async listPosts(tokens, page, net) {
    const params: Record<string, string> = { max_results: String(Math.min(POSTS_MAX, Math.max(POSTS_MIN, page.limit))), "post.fields": "created_at" };
    if (page.cursor) params.pagination_token = page.cursor;
    const body = parseNetworkBody("twitter", PostsAnswer, await get(tokens, net, `/users/${encodeURIComponent(page.networkUserId)}/tweets`, params), "users/tweets");
    const items = (body.data ?? []).flatMap((p) =>
      p.created_at ? [{ id: p.id, url: twitterPostUrl(p.id), text: postText(p.text), createdAt: new Date(p.created_at).toISOString(), kind: "post" }] : [],
    );
    return { items, cursor: body.meta?.next_token ?? null };
  },
  listFollowers: users("followers"),
  listFollowing: users("following"),
};

import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { InboxFacet, NetworkComment } from "../facets/inbox.js";
import { callNetwork, type ErrorTable, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";
import { postText } from "./post-text.js";

/**
 * X has no comments endpoint: the comments on a post are the posts of its conversation
 * (`GET /2/tweets/search/recent?query=conversation_id:<id>`, the last 7 days, the only window a
 * user token can search), and a comment's answers are those whose `replied_to` is that comment.
 * An answer is a post with `reply.in_reply_to_tweet_id` (billed like a post); hiding is
 * `PUT /2/tweets/{tweet_id}/hidden` (replies to the account's own conversations only); deleting
 * works only on the account's own posts. X's post object says nothing about hidden replies, so
 * `hidden` is left unknown (null) in lists.
 */

/** X's bounds for `max_results` on recent search (OpenAPI `searchPostsRecent`). */
const MIN_RESULTS = 10;
const MAX_RESULTS = 100;

/** Refusals particular to comments, ahead of X's general rows. */
const commentErrors: ErrorTable = {
  ...twitterErrorTable,
  rows: [
    { status: 404, code: "comment_not_found", meaning: "404 resource-not-found: no post with this id (or it was deleted)." },
    { status: 403, networkCode: "delete-not-own", code: "comment_not_own", meaning: '403 "You are not allowed to delete this Tweet.": the post is someone else\'s.' },
    { status: 403, networkCode: "hide-not-allowed", code: "platform_rejected", meaning: "403 on PUT hidden: the reply is not in a conversation the account started (or is its own)." },
    ...twitterErrorTable.rows,
  ],
  extract: (failure) => {
    const extracted = twitterErrorTable.extract(failure);
    if (/not allowed to delete this/i.test(extracted.message)) return { ...extracted, networkCode: "delete-not-own" };
    if (/not allowed to hide this/i.test(extracted.message)) return { ...extracted, networkCode: "hide-not-allowed" };
    return extracted;
  },
};

const Post = v.object({
  id: v.string(),
  text: v.string(),
  author_id: v.optional(v.string()),
  created_at: v.optional(v.string()),
  public_metrics: v.optional(v.looseObject({ like_count: v.optional(v.number()), reply_count: v.optional(v.number()) })),
  referenced_posts: v.optional(v.array(v.object({ type: v.string(), id: v.string() }))),
  referenced_tweets: v.optional(v.array(v.object({ type: v.string(), id: v.string() }))),
});
const User = v.object({ id: v.string(), name: v.string(), username: v.string(), profile_image_url: v.optional(v.string()) });
const SearchResponse = v.object({
  data: v.optional(v.array(Post)),
  includes: v.optional(v.object({ users: v.optional(v.array(User)) })),
  meta: v.optional(v.object({ next_token: v.optional(v.string()) })),
});
const Created = v.object({ data: v.object({ id: v.string() }) });

const api = (path: string) => `${twitterApiBaseUrl}/${twitterApiVersion}${path}`;
const auth = (tokens: TokenSet) => ({ Authorization: `Bearer ${tokens.accessToken}` });
const rate = { resetHeader: twitterRateLimitHeaders.reset };

/** One page of a conversation, as comments: only those answering `parent`. */
async function conversationPage(tokens: TokenSet, net: NetworkContext, root: string, parent: string, limit: number, cursor: string | null) {
  const url = new URL(api("/tweets/search/recent"));
  url.searchParams.set("query", `conversation_id:${root}`);
  url.searchParams.set("max_results", String(Math.min(MAX_RESULTS, Math.max(MIN_RESULTS, limit))));
  url.searchParams.set("post.fields", "created_at,conversation_id,public_metrics");
  url.searchParams.set("expansions", "author_id,referenced_posts");
  url.searchParams.set("user.fields", "profile_image_url");
  if (cursor) url.searchParams.set("pagination_token", cursor);
  const response = await callNetwork(net, twitterErrorTable, url.toString(), { headers: auth(tokens) }, rate);
  const body = parseNetworkBody("twitter", SearchResponse, response.body, "tweets/search/recent");
  const users = new Map((body.includes?.users ?? []).map((u) => [u.id, u]));
  const items = (body.data ?? []).flatMap((post): NetworkComment[] => {
    const repliedTo = (post.referenced_posts ?? post.referenced_tweets)?.find((r) => r.type === "replied_to")?.id;
    const author = post.author_id ? users.get(post.author_id) : undefined;
    if (repliedTo !== parent || !author || !post.created_at) return [];
    return [
      {
        id: post.id,
        parentId: repliedTo,
        author: { id: author.id, handle: author.username, displayName: author.name, avatarUrl: author.profile_image_url ?? null, url: `https://x.com/${author.username}` },
        text: postText(post.text),
        createdAt: new Date(post.created_at).toISOString(),
        hidden: null,
        likeCount: post.public_metrics?.like_count ?? null,
        replyCount: post.public_metrics?.reply_count ?? null,
        own: false,
      },
    ];
  });
  return { items, cursor: body.meta?.next_token ?? null };
}

/** X post ids are 1 to 19 digits; anything else names no comment, and X is not asked. */
function postId(id: string): string {
  if (!/^[0-9]{1,19}$/.test(id)) throw new ApiError("comment_not_found", { platform: "twitter", param: "id", message: `twitter: ${id} is not an X post id.` });
  return id;
}

export const twitterComments: InboxFacet = {
  async listComments(tokens, page, net) {
    const result = await conversationPage(tokens, net, page.networkPostId, page.networkPostId, page.limit, page.cursor);
    return { items: result.items.map((c) => ({ ...c, own: c.author.id === page.networkUserId })), cursor: result.cursor };
  },

  async listCommentReplies(tokens, input, net) {
    const result = await conversationPage(tokens, net, input.networkPostId, input.commentId, MAX_RESULTS, null);
    return result.items.slice(0, input.limit).map((c) => ({ ...c, own: c.author.id === input.networkUserId }));
  },

  async replyToComment(tokens, input, net) {
    const response = await callNetwork(
      net,
      commentErrors,
      api("/tweets"),
      { method: "POST", headers: { ...auth(tokens), "Content-Type": "application/json" }, body: JSON.stringify({ text: input.text, reply: { in_reply_to_tweet_id: postId(input.commentId) } }) },
      rate,
    );
    return { id: parseNetworkBody("twitter", Created, response.body, "POST /2/tweets").data.id };
  },

  async hideComment(tokens, input, net) {
    await callNetwork(
      net,
      commentErrors,
      api(`/tweets/${postId(input.commentId)}/hidden`),
      { method: "PUT", headers: { ...auth(tokens), "Content-Type": "application/json" }, body: JSON.stringify({ hidden: input.hidden }) },
      rate,
    );
  },

  async deleteComment(tokens, input, net) {
    await callNetwork(net, commentErrors, api(`/tweets/${postId(input.commentId)}`), { method: "DELETE", headers: auth(tokens) }, rate);
  },
};

import * as v from "valibot";
import type { InboxFacet, NetworkNotification } from "../facets/inbox.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";
import { postText } from "./post-text.js";

/**
 * X API v2 has no notifications endpoint: likes, follows and reposts of the account reach no one
 * but the X apps. The mentions timeline (GET /2/users/{id}/mentions) is the notification feed
 * Chorus can read: a post answering one of the account's posts is a `replies` notification
 * about that post, any other post naming the account is a `mentions` one. X keeps no "seen"
 * state readable through the API, so every item is `seen: false` and there is no mark-seen.
 */

/** X's bounds for `max_results` on this endpoint (OpenAPI `getUsersMentions`). */
const MIN_RESULTS = 5;
const MAX_RESULTS = 100;

const Post = v.object({
  id: v.string(),
  text: v.string(),
  author_id: v.optional(v.string()),
  created_at: v.optional(v.string()),
  in_reply_to_user_id: v.optional(v.string()),
  referenced_posts: v.optional(v.array(v.object({ type: v.string(), id: v.string() }))),
  /** The older name of `referenced_posts`, still sent by parts of the API; read either. */
  referenced_tweets: v.optional(v.array(v.object({ type: v.string(), id: v.string() }))),
});
const User = v.object({ id: v.string(), name: v.string(), username: v.string(), profile_image_url: v.optional(v.string()) });
const MentionsResponse = v.object({
  data: v.optional(v.array(Post)),
  includes: v.optional(v.object({ users: v.optional(v.array(User)) })),
  meta: v.optional(v.object({ next_token: v.optional(v.string()) })),
});

const postUrl = (username: string, id: string) => `https://x.com/${username}/status/${id}`;

export const twitterNotifications: InboxFacet = {
  async listNotifications(tokens, page, net) {
    const url = new URL(`${twitterApiBaseUrl}/${twitterApiVersion}/users/${encodeURIComponent(page.networkUserId)}/mentions`);
    url.searchParams.set("max_results", String(Math.min(MAX_RESULTS, Math.max(MIN_RESULTS, page.limit))));
    // In X's OpenAPI document `author_id`, `in_reply_to_user_id` and `referenced_posts` are
    // expansions (each adds the field to the post), not `post.fields` values.
    url.searchParams.set("post.fields", "created_at,conversation_id");
    url.searchParams.set("expansions", "author_id,in_reply_to_user_id,referenced_posts");
    url.searchParams.set("user.fields", "profile_image_url");
    if (page.cursor) url.searchParams.set("pagination_token", page.cursor);
    if (page.newerThan && /^[0-9]{1,19}$/.test(page.newerThan)) url.searchParams.set("since_id", page.newerThan);
    const response = await callNetwork(
      net,
      twitterErrorTable,
      url.toString(),
      { headers: { Authorization: `Bearer ${tokens.accessToken}` } },
      {
        resetHeader: twitterRateLimitHeaders.reset,
      },
    );
    const body = parseNetworkBody("twitter", MentionsResponse, response.body, "users/mentions");
    const users = new Map((body.includes?.users ?? []).map((u) => [u.id, u]));
    const items = (body.data ?? []).flatMap((post): NetworkNotification[] => {
      const author = post.author_id ? users.get(post.author_id) : undefined;
      if (!author || !post.created_at) return [];
      const repliedTo = (post.referenced_posts ?? post.referenced_tweets)?.find((r) => r.type === "replied_to");
      const isReply = repliedTo !== undefined && post.in_reply_to_user_id === page.networkUserId;
      return [
        {
          id: post.id,
          kind: isReply ? "replies" : "mentions",
          actor: {
            id: author.id,
            handle: author.username,
            displayName: author.name,
            avatarUrl: author.profile_image_url ?? null,
            url: `https://x.com/${author.username}`,
          },
          // The account's own post for a reply (its URL works with any username: X redirects by id).
          subject: isReply && repliedTo ? { networkPostId: repliedTo.id, url: postUrl("i", repliedTo.id) } : { networkPostId: post.id, url: postUrl(author.username, post.id) },
          text: postText(post.text),
          createdAt: new Date(post.created_at).toISOString(),
          seen: false,
        },
      ];
    });
    return { items, cursor: body.meta?.next_token ?? null };
  },
};

import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { graphPost, graphRequest, SuccessSchema } from "../meta/graph.js";
import type { InboxFacet, NetworkComment } from "../facets/inbox.js";
import type { TokenSet } from "../types.js";
import { instagramErrorTable as table } from "./errors.js";
import { igUrl } from "./published-media.js";

/**
 * Instagram comments, on whichever door the account connected through (graph.facebook.com or
 * graph.instagram.com, same paths): a media's top-level comments (`GET /{ig-media-id}/comments`),
 * a comment's replies (`GET /{ig-comment-id}/replies`; Instagram nests one level), answering
 * (`POST /{ig-comment-id}/replies`), hiding (`POST /{ig-comment-id}` `hide`) and deleting any
 * comment on the account's media (`DELETE /{ig-comment-id}`), with the account's own token.
 */

const FIELDS = "id,text,timestamp,username,from{id,username},like_count,hidden,parent_id,replies";
const Comment = v.object({
  id: v.string(),
  text: v.optional(v.string()),
  timestamp: v.string(),
  username: v.optional(v.string()),
  from: v.optional(v.object({ id: v.string(), username: v.optional(v.string()) })),
  like_count: v.optional(v.number()),
  hidden: v.optional(v.boolean()),
  replies: v.optional(v.object({ data: v.array(v.unknown()) })),
});
const CommentPage = v.object({ data: v.array(Comment), paging: v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) })) });
const Created = v.object({ id: v.string() });

const isoOf = (graphTime: string) => new Date(graphTime.replace(/\+0000$/, "Z")).toISOString();

function toComment(c: v.InferOutput<typeof Comment>, parentId: string, ownId: string): NetworkComment {
  const username = c.from?.username ?? c.username ?? "";
  return {
    id: c.id,
    parentId,
    author: { id: c.from?.id ?? "", handle: username, displayName: null, avatarUrl: null, url: username ? `https://www.instagram.com/${username}/` : null },
    text: c.text ?? "",
    createdAt: isoOf(c.timestamp),
    hidden: c.hidden ?? false,
    likeCount: c.like_count ?? null,
    replyCount: c.replies ? c.replies.data.length : 0,
    own: c.from?.id === ownId,
  };
}

/** IG ids are digits; anything else names no comment, and Instagram is not asked. */
function commentId(id: string): string {
  if (!/^[0-9]{1,30}$/.test(id)) throw new ApiError("comment_not_found", { platform: "instagram", param: "id", message: `instagram: ${id} is not a comment id.` });
  return id;
}

const token = (tokens: TokenSet) => tokens.accessToken;

/** Graph's (#100) "Object with ID ... does not exist" for a comment id is the comment not being there (or not the account's). */
async function onComment<T>(id: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.code === "platform_rejected" && /does not exist/i.test(error.message)) {
      throw new ApiError("comment_not_found", { platform: "instagram", param: "id", message: `instagram: no comment ${id} on this account's media.` });
    }
    throw error;
  }
}

export const instagramComments: InboxFacet = {
  async listComments(tokens, page, net) {
    const url = igUrl(tokens, net, `${page.networkPostId}/comments`, { fields: FIELDS, limit: String(Math.min(50, page.limit)), after: page.cursor ?? undefined, access_token: token(tokens) });
    const body = await graphRequest(net, table, url, CommentPage);
    return { items: body.data.map((c) => toComment(c, page.networkPostId, page.networkUserId)), cursor: body.paging?.next ? (body.paging.cursors?.after ?? null) : null };
  },

  async listCommentReplies(tokens, input, net) {
    const url = igUrl(tokens, net, `${commentId(input.commentId)}/replies`, { fields: FIELDS, limit: String(Math.min(50, input.limit)), access_token: token(tokens) });
    return (await graphRequest(net, table, url, CommentPage)).data.map((c) => ({ ...toComment(c, input.commentId, input.networkUserId), replyCount: 0 }));
  },

  async replyToComment(tokens, input, net) {
    const created = await onComment(input.commentId, () =>
      graphPost(net, table, igUrl(tokens, net, `${commentId(input.commentId)}/replies`), { message: input.text, access_token: token(tokens) }, Created),
    );
    return { id: created.id };
  },

  async hideComment(tokens, input, net) {
    await onComment(input.commentId, () => graphPost(net, table, igUrl(tokens, net, commentId(input.commentId)), { hide: String(input.hidden), access_token: token(tokens) }, SuccessSchema));
  },

  async deleteComment(tokens, input, net) {
    await onComment(input.commentId, () => graphRequest(net, table, igUrl(tokens, net, commentId(input.commentId), { access_token: token(tokens) }), SuccessSchema, { method: "DELETE" }));
  },
};

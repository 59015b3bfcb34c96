import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { CommentTarget, InboxFacet, NetworkComment } from "../facets/inbox.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { facebookErrorTable as table } from "../meta/facebook-errors.js";
import { graphPost, graphRequest, SuccessSchema } from "../meta/graph.js";
import { asEachPage, asPage, facebookGraphUrl, notOnPage, type PageAccess } from "../meta/page-access.js";

/**
 * Comments on page posts through the Graph API, always with the page's own token: a post's
 * top-level comments (`GET /{post-id}/comments?filter=toplevel`, newest first), a comment's
 * replies (`GET /{comment-id}/comments`; Facebook shows one level, so replies have none),
 * answering (`POST /{id}/comments` as the page), hiding (`POST /{comment-id}` `is_hidden`) and
 * deleting (`DELETE /{comment-id}`, which a page may do to any comment on its posts). A comment
 * id does not name its page, so writes try each page the person manages until one knows it.
 */

const FIELDS = "id,message,from{id,name},created_time,like_count,comment_count,is_hidden,parent{id}";
const Comment = v.object({
  id: v.string(),
  message: v.optional(v.string()),
  from: v.optional(v.object({ id: v.string(), name: v.optional(v.string()) })),
  created_time: v.string(),
  like_count: v.optional(v.number()),
  comment_count: v.optional(v.number()),
  is_hidden: v.optional(v.boolean()),
  parent: v.optional(v.object({ id: v.string() })),
});
const CommentPage = v.object({ data: v.array(Comment), paging: v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) })) });
const Created = v.object({ id: v.string() });

/** Graph's `2026-10-01T12:00:00+0000`. */
const isoOf = (graphTime: string) => new Date(graphTime.replace(/\+0000$/, "Z")).toISOString();

function toComment(c: v.InferOutput<typeof Comment>, parentId: string, pageId: string): NetworkComment {
  const from = c.from;
  return {
    id: c.id,
    parentId: c.parent?.id ?? parentId,
    // Graph leaves `from` out for people who have not granted the app access to their profile.
    author: { id: from?.id ?? "", handle: from?.name ?? "", displayName: from?.name ?? null, avatarUrl: null, url: from ? `https://www.facebook.com/${from.id}` : null },
    text: c.message ?? "",
    createdAt: isoOf(c.created_time),
    hidden: c.is_hidden ?? false,
    likeCount: c.like_count ?? null,
    replyCount: c.comment_count ?? null,
    own: from?.id === pageId,
  };
}

/** Runs `call` as the page of a page post id (`{page-id}_{post-id}`). */
function asPostPage<T>(tokens: TokenSet, net: NetworkContext, networkPostId: string, call: (page: PageAccess) => Promise<T>): Promise<T> {
  const pageId = networkPostId.split("_")[0] ?? "";
  const lost = () => new ApiError("missing_permission", { platform: "facebook", message: `The connected Facebook account no longer manages the page of post ${networkPostId}.` });
  return asPage(tokens, net, pageId, call, lost);
}

/** Graph's #100 "does not exist" (`platform_rejected`): the comment is not this page's. */
const notThisPages = (error: unknown) => error instanceof ApiError && error.code === "platform_rejected" && /does not exist|unsupported (get|post|delete) request/i.test(error.message);

/** Runs `call` as each managed page until one knows the comment. */
async function asOwningPage<T>(tokens: TokenSet, net: NetworkContext, target: CommentTarget, call: (page: PageAccess) => Promise<T>): Promise<T> {
  // Graph comment ids are digits joined by `_`; anything else names nothing, and Graph is not asked.
  if (!/^[0-9]+(_[0-9]+)+$/.test(target.commentId)) throw new ApiError("comment_not_found", { platform: "facebook", param: "id", message: `facebook: ${target.commentId} is not a comment id.` });
  const result = await asEachPage(tokens, net, call, notThisPages);
  if (result !== notOnPage) return result;
  throw new ApiError("comment_not_found", { platform: "facebook", param: "id", message: `facebook: no page this account manages has the comment ${target.commentId}.` });
}

export const facebookComments: InboxFacet = {
  async listComments(tokens, page, net) {
    return asPostPage(tokens, net, page.networkPostId, async (access) => {
      const url = facebookGraphUrl(net, `${page.networkPostId}/comments`, {
        fields: FIELDS,
        filter: "toplevel",
        order: "reverse_chronological",
        limit: String(page.limit),
        after: page.cursor ?? undefined,
        access_token: access.token,
      });
      const body = await graphRequest(net, table, url, CommentPage);
      return { items: body.data.map((c) => toComment(c, page.networkPostId, access.pageId)), cursor: body.paging?.next ? (body.paging.cursors?.after ?? null) : null };
    });
  },

  async listCommentReplies(tokens, input, net) {
    return asPostPage(tokens, net, input.networkPostId, async (access) => {
      const url = facebookGraphUrl(net, `${input.commentId}/comments`, { fields: FIELDS, order: "reverse_chronological", limit: String(input.limit), access_token: access.token });
      // Replies on Facebook are one level deep: none of them has replies of its own.
      return (await graphRequest(net, table, url, CommentPage)).data.map((c) => ({ ...toComment(c, input.commentId, access.pageId), replyCount: 0 }));
    });
  },

  async replyToComment(tokens, input, net) {
    return asOwningPage(tokens, net, input, async (page) => {
      const created = await graphPost(net, table, facebookGraphUrl(net, `${input.commentId}/comments`), { message: input.text, access_token: page.token }, Created);
      return { id: created.id };
    });
  },

  async hideComment(tokens, input, net) {
    await asOwningPage(tokens, net, input, (page) => graphPost(net, table, facebookGraphUrl(net, input.commentId), { is_hidden: String(input.hidden), access_token: page.token }, SuccessSchema));
  },

  async deleteComment(tokens, input, net) {
    await asOwningPage(tokens, net, input, (page) => graphRequest(net, table, facebookGraphUrl(net, input.commentId, { access_token: page.token }), SuccessSchema, { method: "DELETE" }));
  },
};

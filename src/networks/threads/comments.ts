import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { extraString, graphPost, graphRequest, graphUrl } from "../meta/graph.js";
import type { CommentTarget, InboxFacet, NetworkComment } from "../facets/inbox.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { threadsDefaultApiVersion, threadsUrls } from "./capabilities.js";
import type { ErrorTable } from "../http.js";
import { threadsErrorTable } from "./errors.js";
import { threadsTextLength, threadsTextLimit } from "./text.js";

/**
 * Replies on Threads (the sheet's inbox section 1, Reply Management): a post's direct replies
 * (`GET /{media-id}/replies`, newest first), whole threads from one `GET /{media-id}/conversation`
 * (every depth, flat, rebuilt through `replied_to`), an answer as a post with `reply_to_id`
 * (`POST /{user-id}/threads` with `auto_publish_text=true`, so no container wait), hiding with
 * `POST /{reply-id}/manage_reply hide=true|false`, and deleting with `DELETE /{media-id}`, which
 * Threads allows on the account's own replies only: someone else's reply is hidden instead.
 */

const url = (net: NetworkContext, path: string, params: Record<string, string | undefined> = {}) => graphUrl(threadsUrls.graph, net.config.apiVersion ?? threadsDefaultApiVersion, path, params);

/** A reply to media that is not there is Threads' "media not found" (#24, subcode 4279009): here it names the comment, not a container still processing. */
const table: ErrorTable = {
  ...threadsErrorTable,
  rows: [{ networkCode: "24", subcode: "4279009", code: "comment_not_found", meaning: "[3p] reply_to_id names media that does not exist (or is not visible)" }, ...threadsErrorTable.rows],
};

const FIELDS = "id,text,username,permalink,timestamp,has_replies,replied_to,root_post,is_reply_owned_by_me,hide_status";
/** Graph edges answer at most 100 a page. */
const PAGE_MAX = 100;

const Reply = v.object({
  id: v.string(),
  text: v.optional(v.string()),
  username: v.optional(v.string()),
  permalink: v.optional(v.string()),
  timestamp: v.string(),
  has_replies: v.optional(v.boolean()),
  replied_to: v.optional(v.object({ id: v.string() })),
  is_reply_owned_by_me: v.optional(v.boolean()),
  hide_status: v.optional(v.string()),
});
type Reply = v.InferOutput<typeof Reply>;
const ReplyPage = v.object({ data: v.array(Reply), paging: v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) })) });
const Created = v.object({ id: v.string() });
const Done = v.object({ success: v.boolean() });

/** Graph's `2026-10-01T12:00:00+0000`. */
const isoOf = (time: string) => new Date(time.replace(/\+0000$/, "Z")).toISOString();

function toComment(r: Reply, parentId: string): NetworkComment {
  const handle = r.username ?? "";
  return {
    id: r.id,
    parentId: r.replied_to?.id ?? parentId,
    // The replies edges name people by username only; Threads gives no user id there.
    author: { id: handle, handle, displayName: null, avatarUrl: null, url: handle ? `https://www.threads.com/@${handle}` : null },
    text: r.text ?? "",
    createdAt: isoOf(r.timestamp),
    // HIDDEN is the owner's hide; COVERED, BLOCKED and RESTRICTED are Threads' own filters, shown as hidden too.
    hidden: r.hide_status === undefined ? null : !["NOT_HUSHED", "UNHUSHED"].includes(r.hide_status),
    likeCount: null,
    // Threads says whether there are replies, not how many: none is 0, some is unknown.
    replyCount: r.has_replies === false ? 0 : null,
    own: r.is_reply_owned_by_me ?? false,
  };
}

async function readEdge(tokens: TokenSet, net: NetworkContext, path: string, params: Record<string, string | undefined>) {
  return graphRequest(net, table, url(net, path, { fields: FIELDS, reverse: "true", ...params, access_token: tokens.accessToken }), ReplyPage);
}

/** Attaches the flat conversation under each top-level reply it holds; a reply whose answers it lacks keeps `replies` unset. */
function attach(top: NetworkComment[], flat: Reply[], postId: string): void {
  const byParent = new Map<string, NetworkComment[]>();
  for (const r of flat) {
    const parent = r.replied_to?.id;
    if (!parent || parent === postId) continue;
    byParent.set(parent, [...(byParent.get(parent) ?? []), toComment(r, parent)]);
  }
  const fill = (comments: NetworkComment[]) => {
    for (const c of comments) {
      const children = byParent.get(c.id);
      if (children) {
        c.replies = children;
        fill(children);
      } else if (c.replyCount === 0) c.replies = [];
    }
  };
  fill(top);
}

const notOwn = (target: CommentTarget) =>
  new ApiError("comment_delete_unsupported", {
    platform: "threads",
    param: "id",
    message: `threads: ${target.commentId} is someone else's reply; Threads lets an account delete only its own posts and replies.`,
    fix: "Hide the reply instead: POST /v1/comments/{id}/hide.",
  });

export const threadsComments: InboxFacet = {
  async listComments(tokens, page, net) {
    const body = await readEdge(tokens, net, `${page.networkPostId}/replies`, { limit: String(Math.min(page.limit, PAGE_MAX)), after: page.cursor ?? undefined });
    const items = body.data.map((r) => toComment(r, page.networkPostId));
    if (page.nested && items.some((c) => c.replyCount !== 0)) {
      // One read of the whole conversation fills every thread it covers; the domain reads deeper where it stops.
      const conversation = await readEdge(tokens, net, `${page.networkPostId}/conversation`, { limit: String(PAGE_MAX) });
      attach(items, conversation.data, page.networkPostId);
    }
    return { items, cursor: body.paging?.next ? (body.paging.cursors?.after ?? null) : null };
  },

  async listCommentReplies(tokens, input, net) {
    const body = await readEdge(tokens, net, `${input.commentId}/replies`, { limit: String(Math.min(input.limit, PAGE_MAX)) });
    return body.data.map((r) => toComment(r, input.commentId));
  },

  async replyToComment(tokens, input, net) {
    if (threadsTextLength(input.text) > threadsTextLimit) {
      throw new ApiError("text_too_long", { platform: "threads", param: "text", message: `threads: a reply is at most ${threadsTextLimit} characters.` });
    }
    const userId = extraString(tokens, "userId", "threads");
    const fields = { media_type: "TEXT", text: input.text, reply_to_id: input.commentId, auto_publish_text: "true", access_token: tokens.accessToken };
    return { id: (await graphPost(net, table, url(net, `${userId}/threads`), fields, Created)).id };
  },

  async hideComment(tokens, input, net) {
    await graphPost(net, table, url(net, `${input.commentId}/manage_reply`), { hide: String(input.hidden), access_token: tokens.accessToken }, Done);
  },

  async deleteComment(tokens, input, net) {
    // Threads deletes only the account's own media: ask whose reply it is before sending the DELETE.
    const owner = await graphRequest(
      net,
      table,
      url(net, input.commentId, { fields: "id,is_reply_owned_by_me", access_token: tokens.accessToken }),
      v.object({ id: v.string(), is_reply_owned_by_me: v.optional(v.boolean()) }),
    ).catch((error: unknown) => {
      // A reply of someone else is not the account's to read as a node: Graph's "does not exist".
      if (error instanceof ApiError && error.code === "platform_rejected" && /does not exist|unsupported get request/i.test(error.message)) return null;
      throw error;
    });
    if (!owner || owner.is_reply_owned_by_me === false) throw notOwn(input);
    await graphRequest(net, table, url(net, input.commentId, { access_token: tokens.accessToken }), v.object({ success: v.boolean() }), { method: "DELETE" });
  },
};

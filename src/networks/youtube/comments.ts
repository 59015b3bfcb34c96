import * as v from "valibot";
import type { InboxFacet, NetworkComment } from "../facets/inbox.js";
import { callNetwork, type ErrorTable, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { youtubeUrls } from "./capabilities.js";
import { youtubeErrorTable } from "./errors.js";

/**
 * YouTube comments: threads of a video (`commentThreads.list`, top-level comment plus up to five
 * embedded replies) and the rest of a thread's replies (`comments.list?parentId=`). Threads are
 * two levels deep: a reply cannot be answered on its own, so an answer to a reply goes to its
 * thread (`comments.insert` with the top-level comment as `parentId`), as YouTube's own apps do.
 * Hiding is `comments.setModerationStatus` (`rejected` hides, `published` shows again), for the
 * channel that owns the video; deleting (`comments.delete`) works on the account's own comments.
 * Lists ask for `moderationStatus=published` (the default), so what they show is visible.
 */

const commentRows: ErrorTable["rows"] = [
  { status: 404, networkCode: "commentNotFound", code: "comment_not_found", meaning: "comments.*: no comment with this id (or it was deleted)." },
  { status: 404, networkCode: "parentCommentNotFound", code: "comment_not_found", meaning: "comments.insert: the comment answered does not exist." },
  { status: 403, networkCode: "forbidden", code: "comment_not_own", meaning: "comments.delete/setModerationStatus: the comment is not the account's own, or not on its channel's video." },
  { status: 403, networkCode: "commentsDisabled", code: "platform_rejected", meaning: "Comments are turned off on the video." },
];
const commentErrors: ErrorTable = { ...youtubeErrorTable, rows: [...commentRows, ...youtubeErrorTable.rows] };

const Snippet = v.object({
  authorDisplayName: v.optional(v.string()),
  authorProfileImageUrl: v.optional(v.string()),
  authorChannelUrl: v.optional(v.string()),
  authorChannelId: v.optional(v.object({ value: v.string() })),
  textOriginal: v.optional(v.string()),
  textDisplay: v.optional(v.string()),
  parentId: v.optional(v.string()),
  likeCount: v.optional(v.number()),
  publishedAt: v.string(),
  moderationStatus: v.optional(v.string()),
});
const CommentResource = v.object({ id: v.string(), snippet: Snippet });
const ThreadList = v.object({
  nextPageToken: v.optional(v.string()),
  items: v.optional(
    v.array(
      v.object({
        id: v.string(),
        snippet: v.object({ topLevelComment: CommentResource, totalReplyCount: v.optional(v.number()) }),
        replies: v.optional(v.object({ comments: v.optional(v.array(CommentResource)) })),
      }),
    ),
  ),
});
const CommentList = v.object({ nextPageToken: v.optional(v.string()), items: v.optional(v.array(CommentResource)) });

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" });
const newestFirst = (a: NetworkComment, b: NetworkComment) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);
/** A reply's id is `<top-level id>.<suffix>`: the thread it belongs to. */
const threadOf = (commentId: string) => commentId.split(".")[0] ?? commentId;

/** `ownChannel` is the account's channel id, stored at connect as its network user id. */
function toComment(resource: v.InferOutput<typeof CommentResource>, parentId: string, ownChannel: string, replyCount: number | null): NetworkComment {
  const s = resource.snippet;
  const channel = s.authorChannelId?.value ?? "";
  return {
    id: resource.id,
    parentId,
    author: {
      id: channel,
      handle: (s.authorDisplayName ?? channel).replace(/^@/, ""),
      displayName: s.authorDisplayName ?? null,
      avatarUrl: s.authorProfileImageUrl ?? null,
      url: s.authorChannelUrl ?? null,
    },
    text: s.textOriginal ?? s.textDisplay ?? "",
    createdAt: new Date(s.publishedAt).toISOString(),
    hidden: s.moderationStatus === "rejected",
    likeCount: s.likeCount ?? null,
    replyCount,
    own: channel !== "" && channel === ownChannel,
  };
}

async function get(tokens: TokenSet, net: NetworkContext, url: URL): Promise<unknown> {
  return (await callNetwork(net, commentErrors, url.toString(), { headers: auth(tokens) })).body;
}

export const youtubeComments: InboxFacet = {
  async listComments(tokens, page, net) {
    const url = new URL(`${youtubeUrls.api}/commentThreads`);
    url.searchParams.set("part", "snippet,replies");
    url.searchParams.set("videoId", page.networkPostId);
    url.searchParams.set("maxResults", String(Math.min(100, Math.max(1, page.limit))));
    url.searchParams.set("order", "time");
    url.searchParams.set("textFormat", "plainText");
    if (page.cursor) url.searchParams.set("pageToken", page.cursor);
    const list = parseNetworkBody("youtube", ThreadList, await get(tokens, net, url), "commentThreads.list");
    const own = page.networkUserId;
    const items = (list.items ?? []).map((thread) => {
      const total = thread.snippet.totalReplyCount ?? null;
      const top = toComment(thread.snippet.topLevelComment, page.networkPostId, own, total);
      const embedded = (thread.replies?.comments ?? []).map((r) => toComment(r, top.id, own, 0)).sort(newestFirst);
      // Every reply came with the thread: no second read is needed for it.
      return page.nested && total !== null && embedded.length >= total ? { ...top, replies: embedded } : top;
    });
    return { items, cursor: list.nextPageToken ?? null };
  },

  async listCommentReplies(tokens, input, net) {
    // Replies have no replies of their own on YouTube.
    if (input.commentId.includes(".")) return [];
    const url = new URL(`${youtubeUrls.api}/comments`);
    url.searchParams.set("part", "snippet");
    url.searchParams.set("parentId", input.commentId);
    url.searchParams.set("maxResults", String(Math.min(100, Math.max(1, input.limit))));
    url.searchParams.set("textFormat", "plainText");
    const list = parseNetworkBody("youtube", CommentList, await get(tokens, net, url), "comments.list");
    return (list.items ?? []).map((r) => toComment(r, input.commentId, input.networkUserId, 0)).sort(newestFirst);
  },

  async replyToComment(tokens, input, net) {
    const response = await callNetwork(net, commentErrors, `${youtubeUrls.api}/comments?part=snippet`, {
      method: "POST",
      headers: { ...auth(tokens), "content-type": "application/json" },
      body: JSON.stringify({ snippet: { parentId: threadOf(input.commentId), textOriginal: input.text } }),
    });
    return { id: parseNetworkBody("youtube", CommentResource, response.body, "comments.insert").id };
  },

  async hideComment(tokens, input, net) {
    const url = new URL(`${youtubeUrls.api}/comments/setModerationStatus`);
    url.searchParams.set("id", input.commentId);
    url.searchParams.set("moderationStatus", input.hidden ? "rejected" : "published");
    await callNetwork(net, commentErrors, url.toString(), { method: "POST", headers: auth(tokens) });
  },

  async deleteComment(tokens, input, net) {
    const url = new URL(`${youtubeUrls.api}/comments`);
    url.searchParams.set("id", input.commentId);
    await callNetwork(net, commentErrors, url.toString(), { method: "DELETE", headers: auth(tokens) });
  },
};

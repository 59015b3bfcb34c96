import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { InboxFacet, NetworkComment } from "../facets/inbox.js";
import { parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { BLUESKY_METHODS, BLUESKY_POST_COLLECTION, BLUESKY_WEB_URL } from "./capabilities.js";
import { createTid } from "./post-record.js";
import { didOf, pdsUrlOf } from "./connect.js";
import { blueskyFailure, xrpc, xrpcOrThrow } from "./xrpc.js";

/**
 * Comments on Bluesky are replies: posts whose `reply.parent` is the post. The thread comes from
 * `app.bsky.feed.getPostThread` (through the PDS, which proxies `app.bsky.*` to its AppView) in one
 * call and without paging, as deep as `depth` asks; an answer is a new post with `reply` {root,
 * parent}; deleting works only on the account's own records. Hiding (hide-reply.ts) is the root
 * post's threadgate `hiddenReplies`, which `getPostThread` returns beside the thread as
 * `threadgate.record`: a reply named there is `hidden`.
 */

/** Levels asked when the caller wants whole threads (the lexicon allows up to 1000; the AppView defaults to 6). */
const NESTED_DEPTH = 10;

const Author = v.object({ did: v.string(), handle: v.string(), displayName: v.optional(v.string()), avatar: v.optional(v.string()) });
const PostView = v.object({
  uri: v.string(),
  cid: v.string(),
  author: Author,
  record: v.looseObject({ text: v.optional(v.string()), createdAt: v.optional(v.string()), reply: v.optional(v.unknown()) }),
  replyCount: v.optional(v.number()),
  likeCount: v.optional(v.number()),
  indexedAt: v.string(),
});
interface ThreadNode {
  $type?: string;
  post?: v.InferOutput<typeof PostView>;
  replies?: ThreadNode[];
}
const Thread: v.GenericSchema<ThreadNode> = v.looseObject({
  $type: v.optional(v.string()),
  post: v.optional(PostView),
  replies: v.optional(v.array(v.lazy(() => Thread))),
});
const ThreadGateView = v.looseObject({ record: v.optional(v.looseObject({ hiddenReplies: v.optional(v.array(v.unknown())) })) });
const ThreadAnswer = v.object({ thread: Thread, threadgate: v.optional(ThreadGateView) });
const ReplyRef = v.object({ root: v.object({ uri: v.string(), cid: v.string() }) });

const newestFirst = (a: NetworkComment, b: NetworkComment) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

/** Replies of a thread node that are visible posts (not `notFoundPost` or `blockedPost`), newest first, down to `levels`. */
function commentsOf(node: ThreadNode, ownDid: string, levels: number, hidden: ReadonlySet<string>): NetworkComment[] {
  const parentId = node.post?.uri ?? null;
  return (node.replies ?? [])
    .flatMap((reply): NetworkComment[] => {
      const post = reply.post;
      if (!post) return [];
      return [
        {
          id: post.uri,
          parentId,
          author: {
            id: post.author.did,
            handle: post.author.handle,
            displayName: post.author.displayName ?? null,
            avatarUrl: post.author.avatar ?? null,
            url: `${BLUESKY_WEB_URL}/profile/${post.author.handle}`,
          },
          text: post.record.text ?? "",
          createdAt: new Date(post.record.createdAt ?? post.indexedAt).toISOString(),
          hidden: hidden.has(post.uri),
          likeCount: post.likeCount ?? null,
          replyCount: post.replyCount ?? null,
          own: post.author.did === ownDid,
          ...(levels > 1 ? { replies: commentsOf(reply, ownDid, levels - 1, hidden) } : {}),
        },
      ];
    })
    .sort(newestFirst);
}

/**
 * The thread below `uri`, with the replies its root's threadgate hides; a post that does not
 * exist (or was deleted) is `comment_not_found`.
 */
export async function readThread(tokens: TokenSet, net: NetworkContext, uri: string, depth: number): Promise<ThreadNode & { hidden: ReadonlySet<string> }> {
  const result = await xrpc<unknown>(net, {
    base: pdsUrlOf(tokens, net),
    nsid: BLUESKY_METHODS.getPostThread,
    method: "GET",
    token: tokens.accessToken,
    params: { uri, depth: String(depth), parentHeight: "0" },
  });
  if (!result.ok) {
    if (result.error === "NotFound") throw new ApiError("comment_not_found", { platform: "bluesky", param: "id", message: `bluesky: ${result.message}` });
    throw blueskyFailure(net, result.failure);
  }
  const answer = parseNetworkBody("bluesky", ThreadAnswer, result.body, BLUESKY_METHODS.getPostThread);
  if (!answer.thread.post) throw new ApiError("comment_not_found", { platform: "bluesky", param: "id", message: `bluesky: ${uri} is not a visible post.` });
  return { ...answer.thread, hidden: new Set((answer.threadgate?.record?.hiddenReplies ?? []).filter((uri) => typeof uri === "string")) };
}

export const blueskyComments: InboxFacet = {
  async listComments(tokens, page, net) {
    const thread = await readThread(tokens, net, page.networkPostId, page.nested ? NESTED_DEPTH : 1);
    // The whole thread comes in one answer: there is no next page.
    return { items: commentsOf(thread, didOf(tokens), page.nested ? NESTED_DEPTH : 1, thread.hidden), cursor: null };
  },

  async listCommentReplies(tokens, input, net) {
    const thread = await readThread(tokens, net, input.commentId, NESTED_DEPTH);
    return commentsOf(thread, didOf(tokens), NESTED_DEPTH, thread.hidden).slice(0, input.limit);
  },

  async replyToComment(tokens, input, net) {
    const parent = (await readThread(tokens, net, input.commentId, 0)).post;
    if (!parent) throw new ApiError("comment_not_found", { platform: "bluesky", param: "id" });
    const replyOf = v.safeParse(ReplyRef, parent.record.reply);
    const ref = { uri: parent.uri, cid: parent.cid };
    const did = didOf(tokens);
    const rkey = createTid(net.now());
    const record = { $type: BLUESKY_POST_COLLECTION, text: input.text, reply: { root: replyOf.success ? replyOf.output.root : ref, parent: ref }, createdAt: net.now().toISOString() };
    const body = await xrpcOrThrow<{ uri?: unknown }>(net, {
      base: pdsUrlOf(tokens, net),
      nsid: BLUESKY_METHODS.createRecord,
      method: "POST",
      token: tokens.accessToken,
      json: { repo: did, collection: BLUESKY_POST_COLLECTION, rkey, record },
    });
    return { id: typeof body.uri === "string" ? body.uri : `at://${did}/${BLUESKY_POST_COLLECTION}/${rkey}` };
  },

  async deleteComment(tokens, input, net) {
    const did = didOf(tokens);
    const match = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/.exec(input.commentId);
    if (!match?.[2]) throw new ApiError("comment_not_found", { platform: "bluesky", param: "id", message: `bluesky: ${input.commentId} is not a post URI.` });
    // A record lives in its author's repository: only the account's own replies can be deleted.
    if (match[1] !== did) {
      await readThread(tokens, net, input.commentId, 0);
      throw new ApiError("comment_not_own", { platform: "bluesky", param: "id", message: "bluesky: a reply lives in its author's repository; the account can delete only its own replies." });
    }
    await readThread(tokens, net, input.commentId, 0);
    await xrpcOrThrow<unknown>(net, {
      base: pdsUrlOf(tokens, net),
      nsid: BLUESKY_METHODS.deleteRecord,
      method: "POST",
      token: tokens.accessToken,
      json: { repo: did, collection: BLUESKY_POST_COLLECTION, rkey: match[2] },
    });
  },
};

import * as v from "valibot";
import { extraString, graphPost, graphRequest, graphUrl } from "../meta/graph.js";
import type { FirstCommentInput, FirstCommentResult } from "../first-comment-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { threadsDefaultApiVersion, threadsUrls } from "./capabilities.js";
import { threadsErrorTable } from "./errors.js";

const url = (net: NetworkContext, path: string, params: Record<string, string | undefined> = {}) => graphUrl(threadsUrls.graph, net.config.apiVersion ?? threadsDefaultApiVersion, path, params);
const Created = v.object({ id: v.string() });
const Permalink = v.object({ id: v.string(), permalink: v.optional(v.string()) });

/**
 * Threads' first comment is the account's reply to its own post (publishing-depth.md: a container
 * with `reply_to_id`): a text reply is created and published in one call with
 * `auto_publish_text=true`, as the inbox's answers are (comments.ts). The link is read after; a
 * failed read leaves it null rather than failing a comment that is already there.
 */
export async function commentOnThreadsPost(tokens: TokenSet, input: FirstCommentInput, net: NetworkContext): Promise<FirstCommentResult> {
  const userId = extraString(tokens, "userId", "threads");
  const fields = { media_type: "TEXT", text: input.text, reply_to_id: input.networkPostId, auto_publish_text: "true", access_token: tokens.accessToken };
  const { id } = await graphPost(net, threadsErrorTable, url(net, `${userId}/threads`), fields, Created);
  const link = await graphRequest(net, threadsErrorTable, url(net, id, { fields: "permalink", access_token: tokens.accessToken }), Permalink).catch(() => null);
  return { id, url: link?.permalink ?? null };
}

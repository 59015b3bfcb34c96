import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { ContainerPollSchema, advanceContainers, type ContainerPoll } from "../meta/containers.js";
import { extraString, graphPost, graphRequest, graphUrl } from "../meta/graph.js";
import { decodePollToken, encodePollToken, textFingerprint } from "../meta/publish-common.js";
import type { FirstCommentCheck, FirstCommentCheckResult, FirstCommentInput, FirstCommentResult } from "../first-comment-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { threadsDefaultApiVersion, threadsPublishing, threadsUrls } from "./capabilities.js";
import { threadsErrorTable } from "./errors.js";
import { threadsWire } from "./publish.js";

const url = (net: NetworkContext, path: string, params: Record<string, string | undefined> = {}) => graphUrl(threadsUrls.graph, net.config.apiVersion ?? threadsDefaultApiVersion, path, params);
const Created = v.object({ id: v.string() });
const Permalink = v.object({ id: v.string(), permalink: v.optional(v.string()) });
const Replies = v.object({
  data: v.array(v.object({ id: v.string(), text: v.optional(v.string()), permalink: v.optional(v.string()), is_reply_owned_by_me: v.optional(v.nullable(v.boolean())) })),
});

/**
 * Threads' first comment is the account's reply to its own post (Create Replies: a container
 * with `reply_to_id`, then `threads_publish`). A text reply is created and published in one call
 * with `auto_publish_text=true`, as the inbox's answers are (comments.ts). A reply with a file is
 * an IMAGE or VIDEO container Meta must process first (about 30 s): it is created and handed back
 * `processing` with its id in the poll token, so nothing waits for it here and a later look
 * (`checkThreadsComment`) publishes that same container, never a second one.
 */
export async function commentOnThreadsPost(tokens: TokenSet, input: FirstCommentInput, net: NetworkContext): Promise<FirstCommentResult> {
  const userId = extraString(tokens, "userId", "threads");
  const [file] = input.media ?? [];
  if (!file) {
    const fields = { media_type: "TEXT", text: input.text, reply_to_id: input.networkPostId, auto_publish_text: "true", access_token: tokens.accessToken };
    const { id } = await graphPost(net, threadsErrorTable, url(net, `${userId}/threads`), fields, Created);
    const link = await graphRequest(net, threadsErrorTable, url(net, id, { fields: "permalink", access_token: tokens.accessToken }), Permalink).catch(() => null);
    return { id, url: link?.permalink ?? null };
  }
  if (file.kind === "document") throw new ApiError("first_comment_media_unsupported", { platform: "threads", param: "firstComment.media" });
  const video = file.kind === "video";
  const media = video ? { media_type: "VIDEO", video_url: file.url } : { media_type: "IMAGE", image_url: file.url };
  const fields = { ...media, text: input.text, reply_to_id: input.networkPostId, alt_text: file.alt ?? undefined, access_token: tokens.accessToken };
  const { id } = await graphPost(net, threadsErrorTable, url(net, `${userId}/threads`), fields, Created);
  const poll: ContainerPoll = { stage: "container", id, userId, fingerprint: await textFingerprint(input.text), story: false, video };
  return { id, url: null, processing: { pollToken: encodePollToken(poll), pollAfterSeconds: video ? threadsPublishing.videoPollSeconds : threadsPublishing.pollSeconds } };
}

/**
 * One look at a reply container: IN_PROGRESS stays `processing`; FINISHED is published; ERROR
 * and EXPIRED fail with the media code its `error_message` maps to; PUBLISHED means a publish
 * went out whose answer was lost, so the reply is found under the post (the account's own reply
 * with this text) instead of being published again. Throttling and outages are thrown (retryable).
 */
export async function checkThreadsComment(tokens: TokenSet, input: FirstCommentCheck, net: NetworkContext): Promise<FirstCommentCheckResult> {
  const poll = decodePollToken("threads", ContainerPollSchema, input.pollToken);
  const wire = { ...threadsWire(tokens, net, poll.userId), locate: () => findReply(tokens, net, input.networkPostId, poll.fingerprint) };
  let result: Awaited<ReturnType<typeof advanceContainers>>;
  try {
    result = await advanceContainers(wire, poll);
  } catch (error) {
    if (error instanceof ApiError && error.code !== "rate_limited" && error.code !== "platform_unavailable") return { state: "failed", error };
    throw error;
  }
  if (result.state === "published") return { state: "posted", id: result.networkPostId, url: result.url };
  if (result.state === "processing") return { state: "processing", pollToken: result.pollToken, pollAfterSeconds: result.pollAfterSeconds };
  return { state: "failed", error: result.error };
}

/** The account's own reply under the post whose text has this fingerprint (`GET /{media-id}/replies`). */
async function findReply(tokens: TokenSet, net: NetworkContext, postId: string, fingerprint: string) {
  const list = url(net, `${postId}/replies`, { fields: "id,text,permalink,is_reply_owned_by_me", access_token: tokens.accessToken });
  const replies = await graphRequest(net, threadsErrorTable, list, Replies);
  for (const reply of replies.data) {
    if (reply.is_reply_owned_by_me === true && (await textFingerprint(reply.text ?? "")) === fingerprint) return { networkPostId: reply.id, url: reply.permalink ?? null };
  }
  return null;
}

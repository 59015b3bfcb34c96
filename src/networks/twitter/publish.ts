import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, classifyFailure, parseNetworkBody, readBody } from "../http.js";
import type { PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterPostUrl, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterPublishErrorTable } from "./errors.js";
import { mediaStatus, uploadMedia } from "./media-upload.js";
import { readTweetOptions, tweetBody } from "./tweet-body.js";
import { postText } from "./post-text.js";

/**
 * Publishing on X: upload the media (media-upload.ts), then `POST /2/tweets` with
 * `media.media_ids`. Text and images are published at once. Video and GIFs are processed by X
 * after FINALIZE; until STATUS says `succeeded` the id cannot be attached, so such a publish
 * answers `processing` and `checkPublish` creates the post once every file is ready.
 *
 * X refuses an identical recent post with 403 "duplicate content" (`duplicate_post`). It has no
 * idempotency key, so after a lost answer `findPublished` looks for the text among the account's
 * posts of the last hour (`GET /2/users/{id}/tweets` with `start_time`).
 */

const api = `${twitterApiBaseUrl}/${twitterApiVersion}`;
const CreateAnswer = v.looseObject({ data: v.looseObject({ id: v.string() }) });
const MeAnswer = v.looseObject({ data: v.looseObject({ id: v.string() }) });
const TimelineAnswer = v.looseObject({ data: v.optional(v.array(v.looseObject({ id: v.string(), text: v.string() }))) });
const DeleteAnswer = v.looseObject({
  data: v.optional(v.looseObject({ deleted: v.boolean() })),
  errors: v.optional(v.array(v.looseObject({ type: v.optional(v.string()) }))),
});

const FIND_WINDOW_MS = 60 * 60 * 1000;

/** What `checkPublish` needs to finish the post: the body to send and the files still processing. */
const PollToken = v.object({ v: v.literal(1), pending: v.array(v.string()), body: v.record(v.string(), v.unknown()) });

const headers = (tokens: TokenSet, json = false): Record<string, string> => ({
  authorization: `Bearer ${tokens.accessToken}`,
  ...(json ? { "content-type": "application/json" } : {}),
});

async function send(net: NetworkContext, url: string, init: RequestInit) {
  return callNetwork(net, twitterPublishErrorTable, url, init, { resetHeader: twitterRateLimitHeaders.reset });
}

async function createPost(tokens: TokenSet, body: Record<string, unknown>, net: NetworkContext): Promise<PublishResult> {
  const response = await send(net, `${api}/tweets`, { method: "POST", headers: headers(tokens, true), body: JSON.stringify(body) });
  const { data } = parseNetworkBody("twitter", CreateAnswer, response.body, "create post");
  return { state: "published", networkPostId: data.id, url: twitterPostUrl(data.id) };
}

export async function publishTweet(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<PublishResult> {
  // Options are read before any upload, so a wrong one costs nothing.
  const options = readTweetOptions(request.options);
  const uploaded = await uploadMedia(tokens, request.media, net);
  const body = tweetBody(
    request.text,
    uploaded.map((m) => m.id),
    options,
  );
  // A chain item answers the item before it (`CreatePostsRequest.reply`).
  if (request.inReplyTo !== undefined) body.reply = { in_reply_to_tweet_id: request.inReplyTo };
  const pending = uploaded.filter((m) => m.processing);
  if (pending.length === 0) return createPost(tokens, body, net);
  return {
    state: "processing",
    networkPostId: null,
    url: null,
    pollToken: JSON.stringify({ v: 1, pending: pending.map((m) => m.id), body }),
    pollAfterSeconds: Math.max(1, ...pending.map((m) => m.checkAfterSeconds)),
  };
}

/**
 * Polls STATUS of each file still processing; once all succeeded, creates the post. A file X
 * could not process fails the target (`media_unreadable`); nothing was posted.
 */
export async function checkTweet(tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<PublishResult> {
  let parsed: v.InferOutput<typeof PollToken>;
  try {
    parsed = v.parse(PollToken, JSON.parse(pollToken));
  } catch {
    throw new ApiError("internal_error", { platform: "twitter", message: "twitter: unreadable poll token" });
  }
  const waiting: string[] = [];
  let checkAfter = 1;
  for (const id of parsed.pending) {
    const status = await mediaStatus(tokens, id, net);
    if (status.state === "failed") return { state: "failed", error: status.error };
    if (status.state === "processing") {
      waiting.push(id);
      checkAfter = Math.max(checkAfter, status.checkAfterSeconds);
    }
  }
  if (waiting.length > 0) {
    return { state: "processing", networkPostId: null, url: null, pollToken: JSON.stringify({ ...parsed, pending: waiting }), pollAfterSeconds: checkAfter };
  }
  return createPost(tokens, parsed.body, net);
}

/**
 * X's text as timelines return it: links replaced by t.co addresses (and a t.co link appended
 * for attached media), `&`, `<` and `>` escaped. Compared without links, entities decoded and
 * spaces collapsed, the post is recognisable.
 */
function comparable(text: string): string {
  return postText(text)
    .normalize("NFC")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** X wants RFC 3339 times without fractions. */
const rfc3339 = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export async function findTweet(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<{ networkPostId: string; url: string | null } | null> {
  const me = await send(net, `${api}/users/me`, { headers: headers(tokens) });
  const { data: user } = parseNetworkBody("twitter", MeAnswer, me.body, "users/me");
  const url = new URL(`${api}/users/${user.id}/tweets`);
  url.searchParams.set("max_results", "20");
  url.searchParams.set("start_time", rfc3339(new Date(net.now().getTime() - FIND_WINDOW_MS)));
  url.searchParams.set("exclude", "retweets");
  const response = await send(net, url.toString(), { headers: headers(tokens) });
  const { data } = parseNetworkBody("twitter", TimelineAnswer, response.body, "user posts");
  const wanted = comparable(request.text);
  const found = (data ?? []).find((post) => comparable(post.text) === wanted);
  return found ? { networkPostId: found.id, url: twitterPostUrl(found.id) } : null;
}

/**
 * `DELETE /2/tweets/{id}`. A post that is already gone (404, or a `resource-not-found` problem)
 * counts as deleted, so a retried retract is harmless.
 */
export async function deleteTweet(tokens: TokenSet, networkPostId: string, net: NetworkContext): Promise<void> {
  if (!/^\d{1,19}$/.test(networkPostId)) throw new ApiError("platform_rejected", { platform: "twitter", message: `twitter: ${networkPostId} is not a post id`, fix: null });
  let response: Response;
  try {
    response = await net.fetch(`${api}/tweets/${networkPostId}`, { method: "DELETE", headers: headers(tokens) });
  } catch (cause) {
    throw new ApiError("platform_unavailable", { platform: "twitter", message: `twitter could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}` });
  }
  const body = await readBody(response);
  const parsed = v.safeParse(DeleteAnswer, body);
  const gone = parsed.success && (parsed.output.errors ?? []).some((e) => e.type?.endsWith("/resource-not-found"));
  if (response.status === 404 || gone) return;
  if (response.status < 200 || response.status >= 300) {
    throw classifyFailure(twitterPublishErrorTable, { status: response.status, headers: response.headers, body }, net.now(), twitterRateLimitHeaders.reset);
  }
  if (!parsed.success || parsed.output.data?.deleted !== true) {
    throw new ApiError("platform_rejected", { platform: "twitter", message: `twitter: ${networkPostId} was not deleted`, fix: null });
  }
}

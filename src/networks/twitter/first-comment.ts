import * as v from "valibot";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { FirstCommentInput, FirstCommentResult } from "../first-comment-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterPostUrl, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterPublishErrorTable } from "./errors.js";
import { uploadMedia } from "./media-upload.js";

const Created = v.looseObject({ data: v.looseObject({ id: v.string() }) });

/**
 * X's first comment is the account's reply to its own post: `POST /2/tweets` with
 * `reply.in_reply_to_tweet_id` (publishing-depth.md; OpenAPI `CreatePostsRequest.reply`). It is a
 * post, refused and rate limited as one, so the publish error table classifies it. Its images
 * are uploaded as a post's are and attached with `media.media_ids` (the rule admits only images,
 * which X does not process, so the reply is created at once).
 */
export async function commentOnTweet(tokens: TokenSet, input: FirstCommentInput, net: NetworkContext): Promise<FirstCommentResult> {
  const uploaded = await uploadMedia(tokens, input.media ?? [], net);
  const body: Record<string, unknown> = { text: input.text, reply: { in_reply_to_tweet_id: input.networkPostId } };
  if (uploaded.length > 0) body.media = { media_ids: uploaded.map((m) => m.id) };
  const response = await callNetwork(
    net,
    twitterPublishErrorTable,
    `${twitterApiBaseUrl}/${twitterApiVersion}/tweets`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    },
    { resetHeader: twitterRateLimitHeaders.reset },
  );
  const { data } = parseNetworkBody("twitter", Created, response.body, "create reply");
  return { id: data.id, url: twitterPostUrl(data.id) };
}

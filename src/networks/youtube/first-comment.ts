import * as v from "valibot";
import { callNetwork, type ErrorTable, parseNetworkBody } from "../http.js";
import type { FirstCommentInput, FirstCommentResult } from "../first-comment-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { youtubeUrls } from "./capabilities.js";
import { youtubeErrorTable } from "./errors.js";

const table: ErrorTable = {
  ...youtubeErrorTable,
  rows: [
    { status: 403, networkCode: "commentsDisabled", code: "platform_rejected", meaning: "commentThreads.insert: comments are turned off on the video." },
    { status: 404, networkCode: "videoNotFound", code: "platform_rejected", meaning: "commentThreads.insert: the video is not there (deleted, or not visible yet)." },
    ...youtubeErrorTable.rows,
  ],
};

const Thread = v.looseObject({ id: v.string(), snippet: v.optional(v.looseObject({ topLevelComment: v.optional(v.looseObject({ id: v.string() })) })) });

/**
 * YouTube's first comment: a top-level comment thread on the video, `commentThreads.insert`
 * (`part=snippet`, body `snippet.videoId` and `snippet.topLevelComment.snippet.textOriginal`;
 * discovery document, publishing-depth.md), once processing has published the video. Text only;
 * the link is the video's with `lc=` naming the comment, as YouTube's own share links are.
 */
export async function commentOnVideo(tokens: TokenSet, input: FirstCommentInput, net: NetworkContext): Promise<FirstCommentResult> {
  const response = await callNetwork(net, table, `${youtubeUrls.api}/commentThreads?part=snippet`, {
    method: "POST",
    headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ snippet: { videoId: input.networkPostId, topLevelComment: { snippet: { textOriginal: input.text } } } }),
  });
  const thread = parseNetworkBody("youtube", Thread, response.body, "commentThreads.insert");
  const id = thread.snippet?.topLevelComment?.id ?? thread.id;
  return { id, url: `https://www.youtube.com/watch?v=${encodeURIComponent(input.networkPostId)}&lc=${encodeURIComponent(id)}` };
}

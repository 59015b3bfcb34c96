import type { Context, Hono } from "hono";
import { randomEtag, youtubeErrorBody } from "../google/wire.js";
import { jsonBody } from "../json-body.js";
import { isRecord } from "../../types/is-record.js";
import { MAX_TEXT, commentResource, newComment } from "./comments.js";
import { type VideoRouteTools, writeScopes } from "./videos.js";
import { type SandboxVideo, channelOf } from "./youtube-data.js";

/**
 * `commentThreads.insert` (`POST /youtube/v3/commentThreads?part=snippet`): a new top-level comment
 * on a video, body `{ snippet: { videoId, topLevelComment: { snippet: { textOriginal } } } }`
 * (discovery document: request and response `CommentThread`, scope youtube.force-ssl among the
 * write scopes). Refusals are the method's documented errors
 * (https://developers.google.com/youtube/v3/docs/commentThreads/insert#errors; youtube.md §errors):
 * 400 `channelOrVideoIdMissing` without a video, 400 `commentTextRequired` / `commentTextTooLong`
 * (10,000 characters, as comments.insert), 404 `videoNotFound` for a video that is not there or
 * that the caller cannot see (someone else's private video), 403 `commentsDisabled` where
 * comments are off (YouTube turns them off on videos made for kids), 403 `ineligibleAccount` for
 * an account without a channel. The answer is the thread, its id the top-level comment's.
 */

const bad = (c: Context, reason: string, message: string, location?: string) =>
  c.json(youtubeErrorBody(400, reason, message, { domain: "youtube.commentThread", ...(location ? { location, locationType: "other" } : {}) }), 400);

export function mountCommentThreadInsert(app: Hono, deps: Parameters<typeof channelOf>[0], tools: VideoRouteTools): void {
  app.post("/youtube/v3/commentThreads", async (c) => {
    const auth = await tools.authorize(c, writeScopes);
    if (auth instanceof Response) return auth;
    const parts = tools.readParts(c, ["id", "replies", "snippet"]);
    if (parts instanceof Response) return parts;
    const body = await jsonBody(c);
    const snippet = isRecord(body?.snippet) ? body.snippet : null;
    const top = snippet && isRecord(snippet.topLevelComment) && isRecord(snippet.topLevelComment.snippet) ? snippet.topLevelComment.snippet : null;
    const videoId = snippet && typeof snippet.videoId === "string" ? snippet.videoId : "";
    const text = top && typeof top.textOriginal === "string" ? top.textOriginal : "";
    if (!videoId) return bad(c, "channelOrVideoIdMissing", "The comment thread must be linked to a specified channel or video.", "body.snippet.videoId");
    if (!text.trim()) return bad(c, "commentTextRequired", "The comment resource must contain a value for the snippet.textOriginal property.", "body.snippet.topLevelComment.snippet.textOriginal");
    if (text.length > MAX_TEXT) return bad(c, "commentTextTooLong", "The comment resource being inserted or updated contains too many characters in the snippet.textOriginal property.");
    const video = (await deps.store.get<SandboxVideo>("youtube", "video", videoId))?.data;
    if (!video || (video.status.privacyStatus === "private" && video.accountId !== auth.account.id)) {
      return c.json(youtubeErrorBody(404, "videoNotFound", "The video identified by the videoId parameter could not be found.", { domain: "youtube.commentThread" }), 404);
    }
    if (video.status.selfDeclaredMadeForKids === true) {
      return c.json(youtubeErrorBody(403, "commentsDisabled", "The video identified by the videoId parameter has disabled comments.", { domain: "youtube.commentThread" }), 403);
    }
    const channel = await channelOf(deps, auth.account.id);
    if (!channel) {
      return c.json(
        youtubeErrorBody(403, "ineligibleAccount", "The YouTube account used to authorize the API request must be merged with the user's Google account.", { domain: "youtube.commentThread" }),
        403,
      );
    }
    const comment = await newComment(deps, auth.account, channel, { id: video.id, channelId: video.channelId }, null, text);
    return c.json({
      kind: "youtube#commentThread",
      etag: randomEtag(),
      id: comment.id,
      snippet: { channelId: video.channelId, videoId: video.id, topLevelComment: commentResource(comment), canReply: true, totalReplyCount: 0, isPublic: true },
    });
  });
}

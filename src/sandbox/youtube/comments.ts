import type { Context, Hono } from "hono";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { paginate, randomEtag, youtubeErrorBody } from "../google/wire.js";
import { type VideoRouteTools, readScopes, writeScopes } from "./videos.js";
import { type SandboxChannel, type SandboxVideo, channelOf, youtubeId } from "./youtube-data.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * YouTube comments on the simulated Data API: `commentThreads.list` (by `videoId`, or by
 * `allThreadsRelatedToChannelId` for every video of a channel, newest first; a thread is
 * a top-level comment with up to 5 replies embedded), `comments.list` (by `parentId` or `id`),
 * `comments.insert` (a reply: `snippet.parentId` must be a top-level comment, replies to replies do
 * not exist on YouTube), `comments.setModerationStatus` (only the channel owning the video) and
 * `comments.delete` (only the author). Lists show `moderationStatus=published` comments unless the
 * owner asks for another status. Ids look like YouTube's: `Ugz…` for a thread, `<thread>.<suffix>`
 * for a reply. Comment bodies and errors follow https://developers.google.com/youtube/v3/docs/comments.
 */

export interface SandboxComment {
  id: string;
  videoId: string;
  /** The channel that owns the video (the one allowed to moderate). */
  videoChannelId: string;
  parentId: string | null;
  authorAccountId: string;
  authorChannelId: string;
  authorName: string;
  authorAvatar: string;
  text: string;
  publishedAt: string;
  moderationStatus: "published" | "heldForReview" | "likelySpam" | "rejected";
}

const EMBEDDED_REPLIES = 5;
export const MAX_TEXT = 10_000;
const newestFirst = (a: SandboxComment, b: SandboxComment) => (a.publishedAt === b.publishedAt ? (a.id < b.id ? 1 : -1) : a.publishedAt < b.publishedAt ? 1 : -1);

export function commentResource(comment: SandboxComment): Record<string, unknown> {
  return {
    kind: "youtube#comment",
    etag: randomEtag(),
    id: comment.id,
    snippet: {
      channelId: comment.videoChannelId,
      videoId: comment.videoId,
      textDisplay: comment.text,
      textOriginal: comment.text,
      ...(comment.parentId ? { parentId: comment.parentId } : {}),
      authorDisplayName: comment.authorName,
      authorProfileImageUrl: comment.authorAvatar,
      authorChannelUrl: `http://www.youtube.com/channel/${comment.authorChannelId}`,
      authorChannelId: { value: comment.authorChannelId },
      canRate: true,
      viewerRating: "none",
      likeCount: 0,
      moderationStatus: comment.moderationStatus,
      publishedAt: comment.publishedAt,
      updatedAt: comment.publishedAt,
    },
  };
}

async function allComments(deps: SimulatorDeps): Promise<SandboxComment[]> {
  return (await deps.store.list<SandboxComment>("youtube", "comment")).map((r) => r.data);
}

const notFound = (c: Context, reason: "commentNotFound" | "videoNotFound" | "parentCommentNotFound" | "channelNotFound", message: string) =>
  c.json(youtubeErrorBody(404, reason, message, { domain: "youtube.comment" }), 404);
const forbidden = (c: Context, message: string) => c.json(youtubeErrorBody(403, "forbidden", message, { domain: "youtube.comment" }), 403);

export async function newComment(
  deps: SimulatorDeps,
  author: SandboxAccount,
  channel: SandboxChannel,
  video: { id: string; channelId: string },
  parentId: string | null,
  text: string,
): Promise<SandboxComment> {
  const comment: SandboxComment = {
    id: parentId ? `${parentId}.${youtubeId(22)}` : `Ugz${youtubeId(23)}`,
    videoId: video.id,
    videoChannelId: video.channelId,
    parentId,
    authorAccountId: author.id,
    authorChannelId: channel.id,
    authorName: channel.customUrl,
    authorAvatar: channel.avatarUrl,
    text,
    publishedAt: deps.now().toISOString(),
    moderationStatus: "published",
  };
  await deps.store.put("youtube", "comment", comment.id, comment, author.id);
  return comment;
}

export function mountCommentRoutes(app: Hono, deps: SimulatorDeps, tools: VideoRouteTools): void {
  const statusFilter = (c: Context, video: { channelId: string }, channelId: string | null) => {
    const wanted = c.req.query("moderationStatus") ?? "published";
    // Only the owner sees held or rejected comments; others get the published ones.
    return wanted !== "published" && channelId !== video.channelId ? "published" : wanted;
  };

  app.get("/youtube/v3/commentThreads", async (c) => {
    const auth = await tools.authorize(c, readScopes);
    if (auth instanceof Response) return auth;
    const parts = tools.readParts(c, ["id", "replies", "snippet"]);
    if (parts instanceof Response) return parts;
    const videoId = c.req.query("videoId");
    const channelId = c.req.query("allThreadsRelatedToChannelId");
    // The discovery document's filters: exactly one of them (the sandbox serves videoId and allThreadsRelatedToChannelId).
    if (!videoId === !channelId) {
      return c.json(youtubeErrorBody(400, "missingRequiredParameter", "No filter selected. Expected one of: videoId, allThreadsRelatedToChannelId, id", { domain: "youtube.parameter" }), 400);
    }
    const paging = tools.pageArgs(c, 100, 20);
    if (paging instanceof Response) return paging;
    if (paging.size < 1) return c.json(youtubeErrorBody(400, "invalidValue", "Invalid value '0'. Values must be within the range: [1, 100]", { location: "maxResults" }), 400);
    const mine = (await channelOf(deps, auth.account.id))?.id ?? null;
    let owner: string;
    let comments: SandboxComment[];
    if (videoId) {
      const video = (await deps.store.get<SandboxVideo>("youtube", "video", videoId))?.data;
      if (!video) return notFound(c, "videoNotFound", "The video identified by the <code>videoId</code> parameter could not be found.");
      owner = video.channelId;
      comments = (await allComments(deps)).filter((cm) => cm.videoId === videoId);
    } else {
      // Every video of the channel (the sandbox has no comments on a channel itself), newest first.
      const channel = (await deps.store.get<SandboxChannel>("youtube", "channel", channelId ?? ""))?.data;
      if (!channel) return notFound(c, "channelNotFound", "The channel identified by the <code>allThreadsRelatedToChannelId</code> parameter could not be found.");
      owner = channel.id;
      comments = (await allComments(deps)).filter((cm) => cm.videoChannelId === channel.id);
    }
    const status = statusFilter(c, { channelId: owner }, mine);
    const threads = comments.filter((cm) => cm.parentId === null && cm.moderationStatus === status).sort(newestFirst);
    const { page, nextPageToken } = paginate(threads, paging.offset, paging.size);
    const items = page.map((top) => {
      const replies = comments.filter((cm) => cm.parentId === top.id && cm.moderationStatus === "published").sort((a, b) => (a.publishedAt < b.publishedAt ? -1 : 1));
      return {
        kind: "youtube#commentThread",
        etag: randomEtag(),
        id: top.id,
        ...(parts.includes("snippet")
          ? { snippet: { channelId: owner, videoId: top.videoId, topLevelComment: commentResource(top), canReply: true, totalReplyCount: replies.length, isPublic: true } }
          : {}),
        ...(parts.includes("replies") && replies.length > 0 ? { replies: { comments: replies.slice(0, EMBEDDED_REPLIES).map(commentResource) } } : {}),
      };
    });
    return c.json({
      kind: "youtube#commentThreadListResponse",
      etag: randomEtag(),
      ...(nextPageToken ? { nextPageToken } : {}),
      pageInfo: { totalResults: threads.length, resultsPerPage: paging.size },
      items,
    });
  });

  app.get("/youtube/v3/comments", async (c) => {
    const auth = await tools.authorize(c, readScopes);
    if (auth instanceof Response) return auth;
    const parts = tools.readParts(c, ["id", "snippet"]);
    if (parts instanceof Response) return parts;
    const parentId = c.req.query("parentId");
    const ids = (c.req.queries("id") ?? []).flatMap((i) => i.split(",")).filter(Boolean);
    if ((parentId ? 1 : 0) + (ids.length > 0 ? 1 : 0) !== 1)
      return c.json(youtubeErrorBody(400, "missingRequiredParameter", "No filter selected. Expected one of: id, parentId", { domain: "youtube.parameter" }), 400);
    const paging = tools.pageArgs(c, 100, 20);
    if (paging instanceof Response) return paging;
    const all = await allComments(deps);
    const found = parentId ? all.filter((cm) => cm.parentId === parentId && cm.moderationStatus === "published") : all.filter((cm) => ids.includes(cm.id));
    const { page, nextPageToken } = paginate(
      found.sort((a, b) => (a.publishedAt < b.publishedAt ? -1 : 1)),
      paging.offset,
      paging.size,
    );
    return c.json({
      kind: "youtube#commentListResponse",
      etag: randomEtag(),
      ...(nextPageToken ? { nextPageToken } : {}),
      pageInfo: { totalResults: found.length, resultsPerPage: paging.size },
      items: page.map(commentResource),
    });
  });

  app.post("/youtube/v3/comments", async (c) => {
    const auth = await tools.authorize(c, writeScopes);
    if (auth instanceof Response) return auth;
    const parts = tools.readParts(c, ["id", "snippet"]);
    if (parts instanceof Response) return parts;
    const body = await jsonBody(c);
    const snippet = isRecord(body?.snippet) ? body.snippet : null;
    const parentId = snippet && typeof snippet.parentId === "string" ? snippet.parentId : null;
    const text = snippet && typeof snippet.textOriginal === "string" ? snippet.textOriginal : "";
    if (!parentId) return c.json(youtubeErrorBody(400, "parentIdMissing", "No parent ID was specified for a comment reply.", { domain: "youtube.comment", location: "body.snippet.parentId" }), 400);
    if (!text.trim())
      return c.json(youtubeErrorBody(400, "commentTextRequired", "The comment resource must contain a value for the snippet.textOriginal property.", { domain: "youtube.comment" }), 400);
    if (text.length > MAX_TEXT) return c.json(youtubeErrorBody(400, "commentTextTooLong", "The comment text is too long.", { domain: "youtube.comment" }), 400);
    const parent = (await deps.store.get<SandboxComment>("youtube", "comment", parentId))?.data;
    // Replies to replies do not exist: the parent must be a thread's top-level comment.
    if (!parent || parent.parentId !== null) return notFound(c, "parentCommentNotFound", "The specified parent comment could not be found.");
    const channel = await channelOf(deps, auth.account.id);
    if (!channel)
      return c.json(
        youtubeErrorBody(403, "ineligibleAccount", "The YouTube account used to authorize the API request must be merged with the user's Google account.", { domain: "youtube.comment" }),
        403,
      );
    const reply = await newComment(deps, auth.account, channel, { id: parent.videoId, channelId: parent.videoChannelId }, parent.id, text);
    return c.json(commentResource(reply));
  });

  app.post("/youtube/v3/comments/setModerationStatus", async (c) => {
    const auth = await tools.authorize(c, writeScopes);
    if (auth instanceof Response) return auth;
    const ids = (c.req.queries("id") ?? []).flatMap((i) => i.split(",")).filter(Boolean);
    const status = c.req.query("moderationStatus");
    if (ids.length === 0) return c.json(youtubeErrorBody(400, "required", "Required parameter: id", { location: "id" }), 400);
    if (status !== "published" && status !== "heldForReview" && status !== "rejected") {
      return c.json(youtubeErrorBody(400, "invalidModerationStatus", "The moderation status must be heldForReview, published or rejected.", { location: "moderationStatus" }), 400);
    }
    const channel = await channelOf(deps, auth.account.id);
    const found: SandboxComment[] = [];
    for (const id of ids) {
      const comment = (await deps.store.get<SandboxComment>("youtube", "comment", id))?.data;
      if (!comment) return notFound(c, "commentNotFound", "One or more of the comments could not be found.");
      if (comment.videoChannelId !== channel?.id) return forbidden(c, "The comment could not be moderated: it is not on a video of the channel.");
      found.push(comment);
    }
    for (const comment of found) await deps.store.put("youtube", "comment", comment.id, { ...comment, moderationStatus: status }, comment.authorAccountId);
    return c.body(null, 204);
  });

  app.delete("/youtube/v3/comments", async (c) => {
    const auth = await tools.authorize(c, writeScopes);
    if (auth instanceof Response) return auth;
    const id = c.req.query("id");
    if (!id) return c.json(youtubeErrorBody(400, "required", "Required parameter: id", { location: "id" }), 400);
    const comment = (await deps.store.get<SandboxComment>("youtube", "comment", id))?.data;
    if (!comment) return notFound(c, "commentNotFound", "The comment could not be found.");
    if (comment.authorAccountId !== auth.account.id) return forbidden(c, "The comment could not be deleted: only its author can delete it.");
    await deps.store.delete("youtube", "comment", id);
    for (const reply of (await allComments(deps)).filter((cm) => cm.parentId === id)) await deps.store.delete("youtube", "comment", reply.id);
    return c.body(null, 204);
  });
}

/** A simulated person comments on one of the account's videos (a top-level comment, as commentThreads.insert makes it). */
export async function simulateYoutubeActivity(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.action !== "reply") return { ok: false, reason: "action_unsupported" };
  if (!input.subject) return { ok: false, reason: "subject_required" };
  const video = (await deps.store.get<SandboxVideo>("youtube", "video", input.subject))?.data;
  if (!video || video.accountId !== input.recipientId) return { ok: false, reason: "subject_unknown" };
  const actor = await seed(input.actorHandle ?? "sandbox-commenter");
  const channel = await channelOf(deps, actor.id);
  if (!channel) return { ok: false, reason: "subject_unknown" };
  const comment = await newComment(deps, actor, channel, { id: video.id, channelId: video.channelId }, null, input.text ?? "Great video! (a simulated comment from the Chorus sandbox)");
  return { ok: true, actor, networkId: comment.id };
}

import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { authenticate, graphError, graphJson, pageOf, selectFields, unsupportedRequest, type GraphNode, type GraphProfile } from "../meta/graph-wire.js";
import { platform, type PublishingDoor, type SandboxMedia } from "./model.js";
import { requestForm } from "../meta/graph-request-memo.js";

/**
 * IG comments on both doors: `GET /{ig-media-id}/comments` (top level), `POST /{ig-media-id}/comments`
 * with `message` (the account's own comment, refused when `POST /{ig-media-id}` with
 * `comment_enabled=false` turned comments off), `GET /{ig-comment-id}/replies`,
 * `POST /{ig-comment-id}/replies` with `message` (Instagram nests one level: a reply to a reply
 * joins the top-level comment), `POST /{ig-comment-id}` with `hide`, and `DELETE /{ig-comment-id}`
 * (the media owner may delete any comment on its media). The permission is the door's
 * `*_manage_comments`; comments by the account itself cannot be hidden.
 */

export interface SandboxIgComment {
  mediaId: string;
  parentId: string | null;
  from: { id: string; username: string };
  text: string;
  timestamp: string;
  hidden: boolean;
}

const maxCommentLength = 2200;
const graphTime = (iso: string) => `${iso.slice(0, 19)}+0000`;
const permissionOf = (d: PublishingDoor) => (d.publishPermission.startsWith("instagram_business") ? "instagram_business_manage_comments" : "instagram_manage_comments");

function commentNode(id: string, c: SandboxIgComment, all: { id: string; data: SandboxIgComment }[]): GraphNode {
  return {
    id,
    text: c.text,
    timestamp: graphTime(c.timestamp),
    username: c.from.username,
    from: { id: c.from.id, username: c.from.username },
    like_count: 0,
    hidden: c.hidden,
    parent_id: c.parentId,
    media: { id: c.mediaId },
    replies: { data: all.filter((r) => r.data.parentId === id).map((r) => ({ id: r.id, text: r.data.text, username: r.data.from.username, timestamp: graphTime(r.data.timestamp) })) },
  };
}

export function mountMediaComments(graph: Hono, profile: GraphProfile, d: PublishingDoor): void {
  const { deps } = profile;
  const permission = permissionOf(d);
  const all = async (owner: string) => (await deps.store.list<SandboxIgComment>(platform, "comment", { owner })).map((r) => ({ id: r.id, data: r.data }));
  const oldestFirst = (a: { id: string; data: SandboxIgComment }, b: { id: string; data: SandboxIgComment }) =>
    a.data.timestamp === b.data.timestamp ? (a.id < b.id ? -1 : 1) : a.data.timestamp < b.data.timestamp ? -1 : 1;

  const list = (edge: "comments" | "replies") => async (request: Request, id: string, fields: string | undefined) => {
    const auth = await authenticate(profile, request, { door: d.door, permission });
    if (!auth.ok) return auth.response;
    const media = edge === "comments" ? await deps.store.get<SandboxMedia>(platform, "media", id) : null;
    const parent = edge === "replies" ? await deps.store.get<SandboxIgComment>(platform, "comment", id) : null;
    if ((media ?? parent)?.owner !== auth.account.id) return unsupportedRequest("GET", id);
    const comments = await all(auth.account.id);
    // Instagram lists newest first.
    const found = comments
      .filter((c) => (media ? c.data.mediaId === id && c.data.parentId === null : c.data.parentId === id))
      .sort(oldestFirst)
      .reverse();
    const nodes: GraphNode[] = [];
    for (const c of found) {
      const picked = selectFields(commentNode(c.id, c.data, comments), fields, "id,text,timestamp", "IGComment");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(request, nodes, 50));
  };
  graph.get("/:version/:mediaId/comments", (c) => list("comments")(c.req.raw, c.req.param("mediaId"), c.req.query("fields")));
  graph.get("/:version/:commentId/replies", (c) => list("replies")(c.req.raw, c.req.param("commentId"), c.req.query("fields")));

  // The first comment's door: `POST /{ig-media-id}/comments` with `message` (spec IGMedia and
  // IGMediaForIGOnlyAPI, POST comments; the reference page "Creating a Comment on a Media Object":
  // message required, live video media not supported). The limit is Instagram's 2,200-character
  // text limit (instagram.md error 2207010; a comment's own limit is undocumented).
  graph.post("/:version/:mediaId/comments", async (c) => {
    const form = await requestForm(c.req.raw);
    const auth = await authenticate(profile, c.req.raw, { door: d.door, permission, form });
    if (!auth.ok) return auth.response;
    const id = c.req.param("mediaId");
    const media = await deps.store.get<SandboxMedia>(platform, "media", id);
    if (!media || media.owner !== auth.account.id) return unsupportedRequest("POST", id);
    const message = form.get("message") ?? new URL(c.req.url).searchParams.get("message") ?? "";
    if (!message.trim()) return graphError(400, { message: "(#100) The parameter message is required", type: "OAuthException", code: 100 });
    if ([...message].length > maxCommentLength) return graphError(400, { message: "(#100) The comment is too long", type: "OAuthException", code: 100 });
    if (media.data.commentEnabled === false) return graphError(400, { message: "(#100) Comments are disabled for this media", type: "OAuthException", code: 100 });
    const comment: SandboxIgComment = { mediaId: id, parentId: null, from: { id: auth.account.id, username: auth.account.handle }, text: message, timestamp: deps.now().toISOString(), hidden: false };
    const commentId = numericId(17);
    await deps.store.put(platform, "comment", commentId, comment, auth.account.id);
    return graphJson({ id: commentId });
  });

  graph.post("/:version/:commentId/replies", async (c) => {
    const form = await requestForm(c.req.raw);
    const auth = await authenticate(profile, c.req.raw, { door: d.door, permission, form });
    if (!auth.ok) return auth.response;
    const id = c.req.param("commentId");
    const parent = await deps.store.get<SandboxIgComment>(platform, "comment", id);
    if (!parent || parent.owner !== auth.account.id) return unsupportedRequest("POST", id);
    const message = form.get("message") ?? new URL(c.req.url).searchParams.get("message") ?? "";
    if (!message.trim()) return graphError(400, { message: "(#100) The parameter message is required", type: "OAuthException", code: 100 });
    const reply: SandboxIgComment = {
      mediaId: parent.data.mediaId,
      parentId: parent.data.parentId ?? id,
      from: { id: auth.account.id, username: auth.account.handle },
      text: message,
      timestamp: deps.now().toISOString(),
      hidden: false,
    };
    const replyId = numericId(17);
    await deps.store.put(platform, "comment", replyId, reply, auth.account.id);
    return graphJson({ id: replyId });
  });

  // No other POST or DELETE on a bare node exists on either door: an unknown id is Graph's "does not exist".
  graph.post("/:version/:commentId", async (c) => {
    const id = c.req.param("commentId");
    const comment = await deps.store.get<SandboxIgComment>(platform, "comment", id);
    const form = await requestForm(c.req.raw);
    const auth = await authenticate(profile, c.req.raw, { door: d.door, permission, form });
    if (!auth.ok) return auth.response;
    if (!comment) return toggleComments(c.req.url, form, auth.account.id, id);
    if (comment.owner !== auth.account.id) return unsupportedRequest("POST", id);
    const hide = form.get("hide") ?? new URL(c.req.url).searchParams.get("hide");
    if (hide !== "true" && hide !== "false") return graphError(400, { message: "(#100) Param hide must be a boolean", type: "OAuthException", code: 100 });
    if (comment.data.from.id === auth.account.id) return graphError(400, { message: "(#100) You cannot hide your own comment", type: "OAuthException", code: 100 });
    await deps.store.put(platform, "comment", id, { ...comment.data, hidden: hide === "true" }, comment.owner);
    return graphJson({ success: true });
  });

  // `POST /{ig-media-id}` takes only `comment_enabled` (required bool; spec IGMedia, POST on the node).
  const toggleComments = async (url: string, form: URLSearchParams, accountId: string, id: string) => {
    const media = await deps.store.get<SandboxMedia>(platform, "media", id);
    if (!media || media.owner !== accountId) return unsupportedRequest("POST", id);
    const enabled = form.get("comment_enabled") ?? new URL(url).searchParams.get("comment_enabled");
    if (enabled !== "true" && enabled !== "false") return graphError(400, { message: "(#100) Param comment_enabled must be a boolean", type: "OAuthException", code: 100 });
    await deps.store.put(platform, "media", id, { ...media.data, commentEnabled: enabled === "true" }, media.owner);
    return graphJson({ success: true });
  };

  graph.delete("/:version/:commentId", async (c) => {
    const id = c.req.param("commentId");
    const comment = await deps.store.get<SandboxIgComment>(platform, "comment", id);
    const auth = await authenticate(profile, c.req.raw, { door: d.door, permission });
    if (!auth.ok) return auth.response;
    if (!comment || comment.owner !== auth.account.id) return unsupportedRequest("DELETE", id);
    for (const reply of (await all(comment.owner)).filter((r) => r.data.parentId === id)) await deps.store.delete(platform, "comment", reply.id);
    await deps.store.delete(platform, "comment", id);
    return graphJson({ success: true });
  });
}

/** A simulated person comments on one of the account's media. */
export async function simulateInstagramActivity(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.action !== "reply") return { ok: false, reason: "action_unsupported" };
  if (!input.subject) return { ok: false, reason: "subject_required" };
  const media = await deps.store.get<SandboxMedia>(platform, "media", input.subject);
  if (!media || media.owner !== input.recipientId) return { ok: false, reason: "subject_unknown" };
  const actor = await seed(input.actorHandle ?? "sandbox_commenter");
  const comment: SandboxIgComment = {
    mediaId: media.id,
    parentId: null,
    from: { id: actor.id, username: actor.handle },
    text: input.text ?? "Love this! (a simulated comment from the Chorus sandbox)",
    timestamp: deps.now().toISOString(),
    hidden: false,
  };
  const id = numericId(17);
  await deps.store.put(platform, "comment", id, comment, input.recipientId);
  return { ok: true, actor, networkId: id };
}

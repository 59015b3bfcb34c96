import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { authenticate, graphError, graphJson, pageOf, selectFields, unsupportedRequest, type GraphNode, type GraphProfile } from "../meta/graph-wire.js";
import type { SandboxPagePost } from "./page-posts.js";
import { recommendationOf } from "./page-ratings.js";
import type { SandboxPage } from "../meta/pages.js";
import { requestForm } from "../meta/graph-request-memo.js";
import { fetchRemoteFile } from "../meta/remote-media.js";

/**
 * Comments on page posts, as the Graph API serves them: `GET /{object-id}/comments` (a post's
 * top-level comments, or a comment's replies; `order`, `filter`, `limit`/`after` paging),
 * `POST /{object-id}/comments` (a comment as the page, with the page's token; a reply to a reply
 * joins the top-level comment, since Facebook shows one level of replies), `POST /{comment-id}`
 * with `is_hidden`, and `DELETE /{comment-id}` (the page may delete any comment on its posts).
 * Reading needs pages_read_engagement and pages_read_user_content; writing pages_manage_engagement.
 */

const platform = "facebook";

export interface SandboxComment {
  pageId: string;
  postId: string;
  /** The comment answered, or null for a comment on the post. */
  parentId: string | null;
  from: { id: string; name: string };
  message: string;
  createdAt: string;
  isHidden: boolean;
  /** The image or GIF fetched from `attachment_url`, as Graph shows it on the comment. */
  attachment?: { type: "photo" | "animated_image_share"; url: string } | null;
}

const graphTime = (iso: string) => `${iso.slice(0, 19)}+0000`;

async function commentsOf(deps: SimulatorDeps, pageOwner: string): Promise<{ id: string; data: SandboxComment }[]> {
  return (await deps.store.list<SandboxComment>(platform, "comment", { owner: pageOwner })).map((r) => ({ id: r.id, data: r.data }));
}

function commentNode(id: string, comment: SandboxComment, all: { id: string; data: SandboxComment }[]): GraphNode {
  return {
    id,
    message: comment.message,
    from: comment.from,
    created_time: graphTime(comment.createdAt),
    like_count: 0,
    comment_count: all.filter((c) => c.data.parentId === id).length,
    is_hidden: comment.isHidden,
    can_hide: comment.from.id !== comment.pageId,
    // A known field left out of the answer when a top-level comment has no parent.
    parent: comment.parentId ? { id: comment.parentId } : null,
    attachment: comment.attachment ? { type: comment.attachment.type, media: { image: { src: comment.attachment.url } } } : null,
  };
}

/** Mounted before the generic `/:version/:nodeId` routes, which it falls through to for anything that is not a comment. */
export function mountPageComments(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;

  graph.get("/:version/:objectId/comments", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_read_user_content" });
    if (!auth.ok) return auth.response;
    const id = c.req.param("objectId");
    // A page's recommendations are open graph stories, commented on like its posts.
    const post = (await deps.store.get<SandboxPagePost>(platform, "page_post", id)) ?? (await recommendationOf(deps, id));
    const comment = post ? null : await deps.store.get<SandboxComment>(platform, "comment", id);
    const owner = post?.owner ?? comment?.owner ?? null;
    if (owner !== auth.account.id) return unsupportedRequest("GET", id);
    const order = c.req.query("order") ?? "chronological";
    const all = await commentsOf(deps, auth.account.id);
    const found = all
      .filter((cm) => (post ? cm.data.postId === id && cm.data.parentId === null : cm.data.parentId === id))
      .sort((a, b) => (a.data.createdAt === b.data.createdAt ? (a.id < b.id ? -1 : 1) : a.data.createdAt < b.data.createdAt ? -1 : 1));
    if (order === "reverse_chronological") found.reverse();
    const nodes: GraphNode[] = [];
    for (const cm of found) {
      const picked = selectFields(commentNode(cm.id, cm.data, all), c.req.query("fields"), "id,message,created_time,from", "Comment");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    // `summary=true|total_count` adds the count Graph keeps beside the edge (how analytics reads a post's comments).
    const summary = c.req.query("summary");
    const body = pageOf(c.req.raw, nodes);
    if (summary === "true" || summary === "total_count")
      return graphJson({ ...body, summary: { order: order === "reverse_chronological" ? "reverse_chronological" : "chronological", total_count: found.length, can_comment: true } });
    return graphJson(body);
  });

  graph.post("/:version/:objectId/comments", async (c) => {
    const form = await requestForm(c.req.raw);
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_manage_engagement", form });
    if (!auth.ok) return auth.response;
    const id = c.req.param("objectId");
    const post = (await deps.store.get<SandboxPagePost>(platform, "page_post", id)) ?? (await recommendationOf(deps, id));
    const parent = post ? null : await deps.store.get<SandboxComment>(platform, "comment", id);
    const pageId = post?.data.pageId ?? parent?.data.pageId;
    if (!pageId || (post ?? parent)?.owner !== auth.account.id || auth.meta?.pageId !== pageId) return unsupportedRequest("POST", id);
    const message = form.get("message") ?? "";
    // Spec PagePost → POST comments: `attachment_id`, `attachment_url` and `attachment_share_url` are single-valued; one attachment a comment.
    const attachments = ["attachment_id", "attachment_url", "attachment_share_url"].filter((name) => form.get(name));
    if (attachments.length > 1) return graphError(400, { message: "(#100) Only one of attachment_id, attachment_url or attachment_share_url may be specified", type: "OAuthException", code: 100 });
    if (!message.trim() && attachments.length === 0) return graphError(400, { message: "(#100) Missing message or attachment", type: "OAuthException", code: 100 });
    let attachment: SandboxComment["attachment"] = null;
    const attachmentUrl = form.get("attachment_url");
    if (attachmentUrl) {
      const fetched = await fetchRemoteFile(deps, platform, attachmentUrl, "image");
      if (!fetched.ok || !fetched.file.mimeType.startsWith("image/")) {
        return graphError(400, { message: "(#100) The attachment_url could not be fetched as an image or GIF", type: "OAuthException", code: 100 });
      }
      attachment = { type: fetched.file.mimeType === "image/gif" ? "animated_image_share" : "photo", url: attachmentUrl };
    }
    const page = (await deps.store.get<SandboxPage>(platform, "page", pageId))?.data;
    const postId = post ? id : (parent?.data.postId ?? id);
    const comment: SandboxComment = {
      pageId,
      postId,
      parentId: parent ? (parent.data.parentId ?? parent.id) : null,
      from: { id: pageId, name: page?.name ?? "Page" },
      message,
      createdAt: deps.now().toISOString(),
      isHidden: false,
      attachment,
    };
    const commentId = `${postId.split("_")[1] ?? postId}_${numericId(16)}`;
    await deps.store.put(platform, "comment", commentId, comment, auth.account.id);
    return graphJson({ id: commentId });
  });

  graph.post("/:version/:commentId", async (c, next) => {
    const id = c.req.param("commentId");
    const comment = await deps.store.get<SandboxComment>(platform, "comment", id);
    if (!comment) return next();
    const form = await requestForm(c.req.raw);
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_manage_engagement", form });
    if (!auth.ok) return auth.response;
    if (comment.owner !== auth.account.id || auth.meta?.pageId !== comment.data.pageId) return unsupportedRequest("POST", id);
    const message = form.get("message");
    if (message !== null && form.get("is_hidden") === null) {
      // Editing: a page may change only what it wrote itself.
      if (comment.data.from.id !== comment.data.pageId) return graphError(403, { message: "(#200) Permissions error", type: "OAuthException", code: 200 });
      if (!message.trim()) return graphError(400, { message: "(#100) Missing message or attachment", type: "OAuthException", code: 100 });
      await deps.store.put(platform, "comment", id, { ...comment.data, message }, comment.owner);
      return graphJson({ success: true });
    }
    const hidden = form.get("is_hidden");
    if (hidden !== "true" && hidden !== "false") return graphError(400, { message: "(#100) Param is_hidden must be a boolean", type: "OAuthException", code: 100 });
    if (comment.data.from.id === comment.data.pageId) return graphError(400, { message: "(#100) The page cannot hide its own comment", type: "OAuthException", code: 100 });
    await deps.store.put(platform, "comment", id, { ...comment.data, isHidden: hidden === "true" }, comment.owner);
    return graphJson({ success: true });
  });

  graph.delete("/:version/:commentId", async (c, next) => {
    const id = c.req.param("commentId");
    const comment = await deps.store.get<SandboxComment>(platform, "comment", id);
    if (!comment) return next();
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_manage_engagement" });
    if (!auth.ok) return auth.response;
    if (comment.owner !== auth.account.id || auth.meta?.pageId !== comment.data.pageId) return unsupportedRequest("DELETE", id);
    for (const reply of (await commentsOf(deps, comment.owner)).filter((cm) => cm.data.parentId === id)) await deps.store.delete(platform, "comment", reply.id);
    await deps.store.delete(platform, "comment", id);
    return graphJson({ success: true });
  });
}

/** A simulated person comments on one of the account's page posts. */
export async function simulateFacebookActivity(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.action !== "reply") return { ok: false, reason: "action_unsupported" };
  if (!input.subject) return { ok: false, reason: "subject_required" };
  const post = await deps.store.get<SandboxPagePost>(platform, "page_post", input.subject);
  if (!post || post.owner !== input.recipientId) return { ok: false, reason: "subject_unknown" };
  const actor = await seed(input.actorHandle ?? "sandbox.commenter");
  const comment: SandboxComment = {
    pageId: post.data.pageId,
    postId: post.id,
    parentId: null,
    from: { id: actor.id, name: actor.displayName },
    message: input.text ?? "Great post! (a simulated comment from the Chorus sandbox)",
    createdAt: deps.now().toISOString(),
    isHidden: false,
  };
  const id = `${post.id.split("_")[1] ?? post.id}_${numericId(16)}`;
  await deps.store.put(platform, "comment", id, comment, input.recipientId);
  return { ok: true, actor, networkId: id };
}

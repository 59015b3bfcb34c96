import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import { authenticate, graphError, graphJson, graphParams, invalidParameter, unsupportedRequest, type GraphProfile } from "../meta/graph-wire.js";
import { mountPageReads, settledVideo, type SandboxPagePost, type SandboxPhoto, type SandboxVideo } from "./page-posts.js";
import type { SandboxPage } from "../meta/pages.js";
import { fetchRemoteFile } from "../meta/remote-media.js";

/**
 * Publishing on a sandbox Facebook Page, as Graph answers it: `/feed` (text, link,
 * `attached_media`), `/photos` by `url` (published, or unpublished for albums and stories),
 * `/photo_stories`, and `/videos` by `file_url`, which is processed asynchronously (see
 * page-posts.ts). Writes need the page's own token; Meta's refusals come back in Graph's
 * envelope: (#506) for a duplicate status, (#368) once the page is blocked, Page Publishing
 * Authorization, unreadable photos.
 */

const platform = "facebook";

/** Sandbox rules as data. Meta documents neither its duplicate window nor its spam threshold. */
export const pagePublishingRules = {
  duplicateWindowSeconds: 3600,
  /** Posts a page may make per window before Meta answers (#368) as it does for bursts. */
  activityWindowSeconds: 3600,
  maxPostsPerWindow: 25,
  /** [3p] photos over 4 MB are refused (subcode 1366046). */
  maxPhotoBytes: 4 * 1024 * 1024,
  photoTypes: ["image/jpeg", "image/png", "image/gif", "image/bmp", "image/tiff"],
} as const;

const blocked = () =>
  graphError(400, {
    message: "(#368) The action attempted has been deemed abusive or is otherwise disallowed",
    type: "OAuthException",
    code: 368,
    error_user_title: "You're Temporarily Blocked",
    error_user_msg: "It looks like you were misusing this feature by going too fast. You've been temporarily blocked from using it.",
  });

/** [3p] subcode 1404078, as third-party integrations report it; Meta's own page gives no example body. */
const publishingAuthorizationRequired = () =>
  graphError(403, {
    message: "(#200) The page requires Page Publishing Authorization before it can publish.",
    type: "OAuthException",
    code: 200,
    error_subcode: 1404078,
    error_user_title: "Page Publishing Authorization required",
    error_user_msg: "An admin of this page must confirm their identity and location in the page's settings.",
  });

const pageTokenRequired = () => graphError(400, { message: "(#210) A page access token is required to request this resource.", type: "OAuthException", code: 210 });

const duplicateStatus = () =>
  graphError(400, {
    message: "(#506) Duplicate status message",
    type: "OAuthException",
    code: 506,
    error_user_title: "Duplicate Status Update",
    error_user_msg: "This status update is identical to the last one you posted. Try posting something different, or delete your previous update.",
  });

const invalidUrl = () => graphError(400, { message: "(#100) url should represent a valid URL", type: "OAuthException", code: 100, error_subcode: 2061006 });
const invalidImage = () => graphError(400, { message: "(#324) Missing or invalid image file", type: "OAuthException", code: 324 });

const nowIso = (profile: GraphProfile) => profile.deps.now().toISOString();
const within = (profile: GraphProfile, iso: string, seconds: number) => profile.deps.now().getTime() - Date.parse(iso) < seconds * 1000;

type Writer = { ok: true; page: SandboxPage; owner: string; params: URLSearchParams } | { ok: false; response: Response };

/**
 * The checks every page write meets, in Graph's order: the token and permission, the page, the
 * page's own token, then Meta's holds on the page (a block, Page Publishing Authorization, a burst).
 */
export async function pageWriter(profile: GraphProfile, door: string, request: Request, pageId: string, permission: string): Promise<Writer> {
  const { deps } = profile;
  const params = await graphParams(request);
  const auth = await authenticate(profile, request, { door, permission, form: params });
  if (!auth.ok) return auth;
  const page = await deps.store.get<SandboxPage>(platform, "page", pageId);
  if (!page || page.owner !== auth.account.id) return { ok: false, response: unsupportedRequest("POST", pageId) };
  if (auth.meta?.pageId !== pageId) return { ok: false, response: pageTokenRequired() };
  if (page.data.restriction === "temporarily_blocked") return { ok: false, response: blocked() };
  if (page.data.restriction === "publishing_authorization") return { ok: false, response: publishingAuthorizationRequired() };
  const posts = await deps.store.list<SandboxPagePost>(platform, "page_post", { owner: auth.account.id });
  const recent = posts.filter((p) => p.data.pageId === pageId && within(profile, p.data.createdAt, pagePublishingRules.activityWindowSeconds));
  if (recent.length >= pagePublishingRules.maxPostsPerWindow) return { ok: false, response: blocked() };
  return { ok: true, page: page.data, owner: auth.account.id, params };
}

async function createPost(profile: GraphProfile, owner: string, post: Omit<SandboxPagePost, "createdAt">): Promise<string> {
  const id = `${post.pageId}_${numericId(16)}`;
  await profile.deps.store.put<SandboxPagePost>(platform, "page_post", id, { ...post, createdAt: nowIso(profile) }, owner);
  return id;
}

/** `attached_media[n]={"media_fbid":"<photo id>"}` for n = 0, 1, ... */
function attachedMedia(params: URLSearchParams): string[] | Response {
  const ids: string[] = [];
  for (let i = 0; params.has(`attached_media[${i}]`); i++) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(params.get(`attached_media[${i}]`) ?? "");
    } catch {
      parsed = null;
    }
    const fbid = typeof parsed === "object" && parsed !== null && "media_fbid" in parsed ? parsed.media_fbid : undefined;
    if (typeof fbid !== "string" || !fbid) return invalidParameter(`(#100) param attached_media[${i}] must be an object with media_fbid`);
    ids.push(fbid);
  }
  return ids;
}

/** An unpublished photo of this page that no post or story used yet. */
async function unusedPhoto(profile: GraphProfile, owner: string, pageId: string, photoId: string) {
  const photo = await profile.deps.store.get<SandboxPhoto>(platform, "photo", photoId);
  if (!photo || photo.owner !== owner || photo.data.pageId !== pageId) return null;
  return photo.data.published || photo.data.postId ? null : photo.data;
}

export function mountPagePublishing(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;

  graph.post("/:version/:pageId/feed", async (c) => {
    const pageId = c.req.param("pageId");
    const w = await pageWriter(profile, door, c.req.raw, pageId, "pages_manage_posts");
    if (!w.ok) return w.response;
    const message = w.params.get("message") || null;
    const link = w.params.get("link") || null;
    const photoIds = attachedMedia(w.params);
    if (photoIds instanceof Response) return photoIds;
    if (!message && !link && photoIds.length === 0) return invalidParameter("(#100) Missing message or attachment");
    if (link && !URL.canParse(link)) return invalidParameter("(#100) The link is not a valid URL");
    // Meta scrapes the link for its preview; a page it cannot fetch is (#1609005).
    if (link && !(await fetchRemoteFile(deps, platform, link, "page")).ok) {
      return graphError(400, { message: "(#1609005) Error Posting Link", type: "OAuthException", code: 1609005, error_user_msg: "There was a problem scraping data from the provided link." });
    }
    for (const id of photoIds) {
      if (!(await unusedPhoto(profile, w.owner, pageId, id))) return invalidParameter(`(#100) Invalid media_fbid ${id}: not an unpublished photo of this page`);
    }
    if (message) {
      const posts = await deps.store.list<SandboxPagePost>(platform, "page_post", { owner: w.owner });
      const twin = posts.find((p) => p.data.pageId === pageId && p.data.message === message && within(profile, p.data.createdAt, pagePublishingRules.duplicateWindowSeconds));
      if (twin) return duplicateStatus();
    }
    const kind = photoIds.length > 0 ? "album" : link ? "link" : "status";
    const id = await createPost(profile, w.owner, { pageId, kind, message, link, photoIds, videoId: null });
    for (const photoId of photoIds) {
      const photo = await deps.store.get<SandboxPhoto>(platform, "photo", photoId);
      if (photo) await deps.store.put<SandboxPhoto>(platform, "photo", photoId, { ...photo.data, published: true, postId: id }, w.owner);
    }
    return graphJson({ id });
  });

  graph.post("/:version/:pageId/photos", async (c) => {
    const pageId = c.req.param("pageId");
    const w = await pageWriter(profile, door, c.req.raw, pageId, "pages_manage_posts");
    if (!w.ok) return w.response;
    const url = w.params.get("url");
    if (!url) return graphError(400, { message: "(#324) Requires upload file", type: "OAuthException", code: 324 });
    const fetched = await fetchRemoteFile(deps, platform, url, "image");
    if (!fetched.ok) return fetched.reason === "invalid_url" ? invalidUrl() : invalidImage();
    if (!(pagePublishingRules.photoTypes as readonly string[]).includes(fetched.file.mimeType)) return invalidImage();
    if (fetched.file.bytes > pagePublishingRules.maxPhotoBytes) {
      return graphError(400, { message: "(#100) The photo is larger than 4 MB.", type: "OAuthException", code: 100, error_subcode: 1366046 });
    }
    const published = w.params.get("published") !== "false";
    const caption = w.params.get("caption") || w.params.get("message") || null;
    const photoId = numericId(16);
    const postId = published ? await createPost(profile, w.owner, { pageId, kind: "photo", message: caption, link: null, photoIds: [photoId], videoId: null }) : null;
    const altText = w.params.get("alt_text_custom") || null;
    await deps.store.put<SandboxPhoto>(platform, "photo", photoId, { pageId, url, caption, altText, published, postId, createdAt: nowIso(profile) }, w.owner);
    return graphJson(postId ? { id: photoId, post_id: postId } : { id: photoId });
  });

  graph.post("/:version/:pageId/photo_stories", async (c) => {
    const pageId = c.req.param("pageId");
    const w = await pageWriter(profile, door, c.req.raw, pageId, "pages_manage_posts");
    if (!w.ok) return w.response;
    const photoId = w.params.get("photo_id");
    if (!photoId) return invalidParameter("(#100) The parameter photo_id is required");
    const photo = await unusedPhoto(profile, w.owner, pageId, photoId);
    if (!photo) return invalidParameter("(#100) photo_id must be an unpublished photo of this page");
    const postId = await createPost(profile, w.owner, { pageId, kind: "story", message: null, link: null, photoIds: [photoId], videoId: null });
    await deps.store.put<SandboxPhoto>(platform, "photo", photoId, { ...photo, published: true, postId }, w.owner);
    return graphJson({ success: true, post_id: postId });
  });

  graph.post("/:version/:pageId/videos", async (c) => {
    const pageId = c.req.param("pageId");
    const w = await pageWriter(profile, door, c.req.raw, pageId, "publish_video");
    if (!w.ok) return w.response;
    const fileUrl = w.params.get("file_url");
    if (!fileUrl) return invalidParameter("(#100) Either file_url or source must be specified");
    // Meta fetches `file_url` after answering: only a malformed URL is refused now; an
    // unreadable file or a non-video fails later, in the video's processing status.
    const fetched = await fetchRemoteFile(deps, platform, fileUrl, "video");
    if (!fetched.ok && fetched.reason === "invalid_url") return invalidUrl();
    const failure = !fetched.ok
      ? "The video could not be downloaded from file_url."
      : fetched.file.mimeType.startsWith("video/")
        ? null
        : "The video file you selected is in a format that we don't support.";
    const videoId = numericId(16);
    const video: SandboxVideo = {
      pageId,
      fileUrl,
      description: w.params.get("description") || null,
      title: w.params.get("title") || null,
      createdAt: nowIso(profile),
      failure,
      postId: null,
    };
    await deps.store.put<SandboxVideo>(platform, "video", videoId, video, w.owner);
    return graphJson({ id: videoId });
  });

  mountPageReads(graph, profile, door);

  graph.delete("/:version/:nodeId", async (c) => {
    const id = c.req.param("nodeId");
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_manage_posts" });
    if (!auth.ok) return auth.response;
    const post = await deps.store.get<SandboxPagePost>(platform, "page_post", id);
    const video = post ? null : await deps.store.get<SandboxVideo>(platform, "video", id);
    const found = post ?? video;
    if (!found || found.owner !== auth.account.id) return unsupportedRequest("DELETE", id);
    const pageId = post?.data.pageId ?? video?.data.pageId;
    // Another page's token cannot see the object at all; a user token is told a page token is needed.
    if (auth.meta?.pageId !== pageId) return auth.meta?.pageId ? unsupportedRequest("DELETE", id) : pageTokenRequired();
    const settled = video ? await settledVideo(profile, video.id, video.data, video.owner ?? auth.account.id) : null;
    const postId = post?.id ?? settled?.postId ?? null;
    const videoId = post?.data.videoId ?? (video ? video.id : null);
    const removed = postId ? await deps.store.get<SandboxPagePost>(platform, "page_post", postId) : null;
    for (const photoId of removed?.data.photoIds ?? []) await deps.store.delete(platform, "photo", photoId);
    if (postId) await deps.store.delete(platform, "page_post", postId);
    if (videoId) await deps.store.delete(platform, "video", videoId);
    return graphJson({ success: true });
  });
}

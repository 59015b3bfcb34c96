import type { Context, Hono } from "hono";
import { authenticate, graphJson, pageOf, selectFields, unixSeconds, unsupportedRequest, type GraphNode, type GraphProfile } from "../meta/graph-wire.js";
import type { SandboxPage } from "../meta/pages.js";

/**
 * What a sandbox page holds after publishing, and the Graph reads over it: post, photo and video
 * nodes, `/{page-id}/posts` and `/{page-id}/videos`. A video is processed asynchronously: for
 * `videoProcessingSeconds` after it was handed over its status is `processing`; then it is
 * `ready` (and its feed post exists) or `error` (the file could not be used). The state moves
 * when it is read, against the simulator's clock, so tests move time instead of waiting.
 */

const platform = "facebook";

export const videoProcessingSeconds = 5;

export interface SandboxPagePost {
  pageId: string;
  kind: "status" | "link" | "photo" | "album" | "video" | "reel" | "story" | "video_story";
  message: string | null;
  link: string | null;
  photoIds: string[];
  videoId: string | null;
  createdAt: string;
}

export interface SandboxPhoto {
  pageId: string;
  url: string;
  caption: string | null;
  /** `alt_text_custom` (Page.json POST photos): the alt text screen readers say for the photo. */
  altText?: string | null;
  published: boolean;
  postId: string | null;
  createdAt: string;
}

export interface SandboxVideo {
  pageId: string;
  fileUrl: string;
  description: string | null;
  title: string | null;
  createdAt: string;
  /** Why processing fails, decided when Meta fetched the file; null for a good video. */
  failure: string | null;
  /** The feed post, made once processing finished. */
  postId: string | null;
  /** Published through `/video_reels` (phased-video.ts) rather than `/videos`. */
  reel?: boolean;
}

/** Graph's timestamp format: `2026-10-01T12:00:00+0000`. */
const graphTime = (iso: string) => `${iso.slice(0, 19)}+0000`;

const statusTypes: Record<SandboxPagePost["kind"], string> = {
  status: "mobile_status_update",
  link: "shared_story",
  photo: "added_photos",
  album: "added_photos",
  video: "added_video",
  reel: "added_video",
  story: "added_photos",
  video_story: "added_video",
};

/** Moves a video along its processing timeline; a finished good video gets its feed post. */
export async function settledVideo(profile: GraphProfile, videoId: string, video: SandboxVideo, owner: string): Promise<SandboxVideo> {
  const { deps } = profile;
  const done = deps.now().getTime() - Date.parse(video.createdAt) >= videoProcessingSeconds * 1000;
  if (!done || video.failure || video.postId) return video;
  const postId = `${video.pageId}_${videoId.slice(-8)}${videoId.slice(0, 8)}`;
  const post: SandboxPagePost = { pageId: video.pageId, kind: video.reel ? "reel" : "video", message: video.description, link: null, photoIds: [], videoId, createdAt: deps.now().toISOString() };
  await deps.store.put<SandboxPagePost>(platform, "page_post", postId, post, owner);
  const settled = { ...video, postId };
  await deps.store.put<SandboxVideo>(platform, "video", videoId, settled, owner);
  return settled;
}

function videoStatus(profile: GraphProfile, video: SandboxVideo): GraphNode {
  const processing = profile.deps.now().getTime() - Date.parse(video.createdAt) < videoProcessingSeconds * 1000;
  if (processing) {
    return {
      video_status: "processing",
      uploading_phase: { status: "complete" },
      processing_phase: { status: "in_progress" },
      publishing_phase: { status: "not_started" },
    };
  }
  if (video.failure) {
    return {
      video_status: "error",
      uploading_phase: { status: "complete" },
      processing_phase: { status: "error", errors: [{ message: video.failure }] },
      publishing_phase: { status: "not_started" },
    };
  }
  return {
    video_status: "ready",
    uploading_phase: { status: "complete" },
    processing_phase: { status: "complete" },
    publishing_phase: { status: "complete", publish_status: "published", publish_time: unixSeconds(video.createdAt) + videoProcessingSeconds },
  };
}

export const postPermalink = (postId: string) => {
  const [pageId, part] = postId.split("_");
  return `https://sandbox.chorus.invalid/facebook/${pageId}/posts/${part}`;
};

const postNode = (id: string, post: SandboxPagePost): GraphNode => ({
  id,
  message: post.message,
  created_time: graphTime(post.createdAt),
  permalink_url: postPermalink(id),
  is_published: true,
  status_type: statusTypes[post.kind],
  // Nobody shares sandbox posts; Graph leaves `shares` out until someone does.
  shares: null,
});

const videoNode = (profile: GraphProfile, id: string, video: SandboxVideo): GraphNode => ({
  id,
  description: video.description,
  title: video.title,
  created_time: graphTime(video.createdAt),
  // Graph answers a video's permalink as a path on www.facebook.com.
  permalink_url: `/${video.pageId}/videos/${id}/`,
  post_id: video.postId,
  status: videoStatus(profile, video),
});

/** A page the token's person manages, for reads (the user token or the page's own token). */
async function ownedPage(profile: GraphProfile, pageId: string, accountId: string) {
  const page = await profile.deps.store.get<SandboxPage>(platform, "page", pageId);
  return page && page.owner === accountId ? page.data : null;
}

const since = (request: Request) => {
  const raw = new URL(request.url).searchParams.get("since");
  return raw && /^\d+$/.test(raw) ? Number(raw) : 0;
};

export function mountPageReads(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  const respond = (picked: GraphNode | Response) => (picked instanceof Response ? picked : graphJson(picked));

  graph.get("/:version/:pageId/posts", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_read_engagement" });
    if (!auth.ok) return auth.response;
    const pageId = c.req.param("pageId");
    if (!(await ownedPage(profile, pageId, auth.account.id))) return unsupportedRequest("GET", pageId);
    for (const v of await deps.store.list<SandboxVideo>(platform, "video", { owner: auth.account.id })) await settledVideo(profile, v.id, v.data, auth.account.id);
    const posts = (await deps.store.list<SandboxPagePost>(platform, "page_post", { owner: auth.account.id }))
      .filter((p) => p.data.pageId === pageId && p.data.kind !== "story" && unixSeconds(p.data.createdAt) >= since(c.req.raw))
      .reverse();
    const nodes: GraphNode[] = [];
    for (const p of posts) {
      const picked = selectFields(postNode(p.id, p.data), c.req.query("fields"), "id,message,created_time", "Post");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes));
  });

  // `/videos` and, for the page's Reels only, `/video_reels` (Page.json GET `video_reels`; since/until), whose videos are listed from their finish call on.
  const listVideos = (edge: "videos" | "video_reels") => async (c: Context) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_read_engagement" });
    if (!auth.ok) return auth.response;
    const pageId = c.req.param("pageId") ?? "";
    if (!(await ownedPage(profile, pageId, auth.account.id))) return unsupportedRequest("GET", pageId);
    const nodes: GraphNode[] = [];
    for (const v of (await deps.store.list<SandboxVideo>(platform, "video", { owner: auth.account.id })).reverse()) {
      if (v.data.pageId !== pageId || unixSeconds(v.data.createdAt) < since(c.req.raw)) continue;
      if (edge === "video_reels" && !v.data.reel) continue;
      const settled = await settledVideo(profile, v.id, v.data, auth.account.id);
      const picked = selectFields(videoNode(profile, v.id, settled), c.req.query("fields"), "id,description,created_time", "Video");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes));
  };
  graph.get("/:version/:pageId/videos", listVideos("videos"));
  graph.get("/:version/:pageId/video_reels", listVideos("video_reels"));

  graph.get("/:version/:nodeId", async (c) => {
    const id = c.req.param("nodeId");
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_read_engagement" });
    if (!auth.ok) return auth.response;
    const owned = (owner: string | null) => owner === auth.account.id;
    const post = await deps.store.get<SandboxPagePost>(platform, "page_post", id);
    if (post && owned(post.owner)) return respond(selectFields(postNode(id, post.data), c.req.query("fields"), "id,message,created_time", "Post"));
    const video = await deps.store.get<SandboxVideo>(platform, "video", id);
    if (video && owned(video.owner)) {
      const settled = await settledVideo(profile, id, video.data, auth.account.id);
      return respond(selectFields(videoNode(profile, id, settled), c.req.query("fields"), "id,description,created_time", "Video"));
    }
    const photo = await deps.store.get<SandboxPhoto>(platform, "photo", id);
    if (photo && owned(photo.owner)) {
      const node: GraphNode = {
        id,
        name: photo.data.caption,
        created_time: graphTime(photo.data.createdAt),
        page_story_id: photo.data.postId,
        link: photo.data.postId ? postPermalink(photo.data.postId) : null,
      };
      return respond(selectFields(node, c.req.query("fields"), "id,created_time", "Photo"));
    }
    // The Page node itself (Graph `Page` reference), for the pages this person manages.
    const page = await deps.store.get<SandboxPage>(platform, "page", id);
    if (page && owned(page.owner)) {
      const p = page.data;
      return respond(
        selectFields({ id, name: p.name, category: p.category, followers_count: p.followers_count, fan_count: p.followers_count, link: p.link }, c.req.query("fields"), "id,name", "Page"),
      );
    }
    return unsupportedRequest("GET", id);
  });
}

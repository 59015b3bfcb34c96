import { Hono } from "hono";
import { numericId } from "../tokens.js";
import { authenticate, graphError, graphJson, invalidParameter, unmatched, type GraphProfile } from "../meta/graph-wire.js";
import { fetchRemoteFile } from "../meta/remote-media.js";
import type { SandboxPagePost, SandboxVideo } from "./page-posts.js";
import { pageWriter } from "./page-publishing.js";

/**
 * Reels (`POST /{page-id}/video_reels`) and video stories (`POST /{page-id}/video_stories`) as
 * Meta's Reels Publishing and Page Stories guides describe them, with the parameters of Page.json:
 * `upload_phase=start` opens a session and answers `{ video_id, upload_url }`; the file goes to
 * `rupload.facebook.com/video-upload/{version}/{video_id}` (header `file_url`, or the bytes with
 * `offset` and `file_size`) with `Authorization: OAuth <page token>`, answered `{ success: true }`;
 * `upload_phase=finish` publishes. A reel is published with `video_state=PUBLISHED` and then
 * processed like a feed video (page-posts.ts); a video story answers its `post_id` at once.
 * Refused as the guides say: a reel outside 3-90 s or a story video over 60 s, a 31st reel in 24
 * hours on one page, a finish before the file arrived, and a session of another page.
 */

const platform = "facebook";

export const phasedVideoRules = {
  reel: { minSeconds: 3, maxSeconds: 90 },
  story: { minSeconds: 3, maxSeconds: 60 },
  /** "Reels API is limited to 30 API-published posts within a 24-hour moving period." */
  reelsPerDay: 30,
} as const;

type Edge = "video_reels" | "video_stories";

interface UploadSession {
  pageId: string;
  edge: Edge;
  /** Where rupload fetched the file from (the URL itself, or `upload` for bytes sent in the body). */
  source: string | null;
  mimeType: string | null;
  durationSeconds: number | null;
  finished: boolean;
  createdAt: string;
}

/** Meta's upload host answers its own envelope, not Graph's (`debug_info`). */
const ruploadError = (status: number, type: string, message: string) => graphJson({ debug_info: { retriable: false, type, message } }, status);

const lengthProblem = (edge: Edge, seconds: number | null): string | null => {
  const rule = edge === "video_reels" ? phasedVideoRules.reel : phasedVideoRules.story;
  if (seconds === null || (seconds >= rule.minSeconds && seconds <= rule.maxSeconds)) return null;
  return `The video lasts ${seconds} seconds; ${edge === "video_reels" ? "a reel" : "a story"} takes ${rule.minSeconds} to ${rule.maxSeconds} seconds.`;
};

async function publishedReelsToday(profile: GraphProfile, owner: string, pageId: string): Promise<number> {
  const since = profile.deps.now().getTime() - 86_400_000;
  const videos = await profile.deps.store.list<SandboxVideo>(platform, "video", { owner });
  return videos.filter((v) => v.data.pageId === pageId && v.data.reel === true && Date.parse(v.data.createdAt) > since).length;
}

export function mountPhasedVideo(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  for (const edge of ["video_reels", "video_stories"] as const) {
    graph.post(`/:version/:pageId/${edge}`, async (c) => {
      const pageId = c.req.param("pageId");
      const w = await pageWriter(profile, door, c.req.raw, pageId, "pages_manage_posts");
      if (!w.ok) return w.response;
      const phase = (w.params.get("upload_phase") ?? "").toLowerCase();
      if (phase === "start") {
        const videoId = numericId(16);
        const session: UploadSession = { pageId, edge, source: null, mimeType: null, durationSeconds: null, finished: false, createdAt: deps.now().toISOString() };
        await deps.store.put<UploadSession>(platform, "upload_session", videoId, session, w.owner);
        return graphJson({ video_id: videoId, upload_url: `https://rupload.facebook.com/video-upload/${c.req.param("version")}/${videoId}` });
      }
      if (phase !== "finish") return invalidParameter("(#100) upload_phase must be one of the following values: start, transfer, finish, cancel");
      const videoId = w.params.get("video_id") ?? "";
      const stored = videoId ? await deps.store.get<UploadSession>(platform, "upload_session", videoId) : null;
      if (!stored || stored.owner !== w.owner || stored.data.pageId !== pageId || stored.data.edge !== edge) return invalidParameter("(#100) Invalid video_id: no upload session of this page");
      const session = stored.data;
      if (session.finished) return invalidParameter("(#100) This upload session is already finished");
      if (session.source === null) return invalidParameter("(#100) The video has not been uploaded: send it to the upload_url first");
      if (!session.mimeType?.startsWith("video/")) return invalidParameter("(#100) The video file you selected is in a format that we don't support.");
      await deps.store.put<UploadSession>(platform, "upload_session", videoId, { ...session, finished: true }, w.owner);
      const description = w.params.get("description") || null;
      if (edge === "video_stories") {
        const problem = lengthProblem(edge, session.durationSeconds);
        if (problem) return invalidParameter(`(#100) ${problem}`);
        const postId = `${pageId}_${numericId(16)}`;
        const post: SandboxPagePost = { pageId, kind: "video_story", message: null, link: null, photoIds: [], videoId, createdAt: deps.now().toISOString() };
        await deps.store.put<SandboxPagePost>(platform, "page_post", postId, post, w.owner);
        return graphJson({ success: true, post_id: postId });
      }
      const state = (w.params.get("video_state") ?? "DRAFT").toUpperCase();
      if (!["DRAFT", "PUBLISHED", "SCHEDULED"].includes(state)) return invalidParameter("(#100) video_state must be one of DRAFT, PUBLISHED, SCHEDULED");
      if (state === "SCHEDULED" && !w.params.get("scheduled_publish_time")) return invalidParameter("(#100) scheduled_publish_time is required when video_state is SCHEDULED");
      if (state !== "DRAFT" && (await publishedReelsToday(profile, w.owner, pageId)) >= phasedVideoRules.reelsPerDay) {
        // The guide states the limit, not the refusal's body: this one is Graph's throttling shape.
        return graphError(400, {
          message: `(#4) This Page has published ${phasedVideoRules.reelsPerDay} reels through the API in the last 24 hours.`,
          type: "OAuthException",
          code: 4,
          is_transient: true,
        });
      }
      if (state === "DRAFT") return graphJson({ success: true });
      // Meta checks the length while processing: a reel out of range fails there, as feed videos do.
      const video: SandboxVideo = {
        pageId,
        fileUrl: session.source,
        description,
        title: w.params.get("title") || null,
        createdAt: deps.now().toISOString(),
        failure: lengthProblem(edge, session.durationSeconds),
        postId: null,
        reel: true,
      };
      await deps.store.put<SandboxVideo>(platform, "video", videoId, video, w.owner);
      return graphJson({ success: true });
    });
  }
}

/** rupload.facebook.com: takes the file of an upload session, by URL or as bytes. */
export function ruploadHost(profile: GraphProfile, door: string): Hono {
  const { deps } = profile;
  const app = new Hono();
  app.post("/video-upload/:version/:videoId", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_manage_posts" });
    if (!auth.ok) return auth.response;
    const videoId = c.req.param("videoId");
    const stored = await deps.store.get<UploadSession>(platform, "upload_session", videoId);
    if (!stored || stored.owner !== auth.account.id || auth.meta?.pageId !== stored.data.pageId)
      return ruploadError(400, "ProcessingFailedError", "Invalid upload session, or not a page token of the session's page.");
    if (stored.data.finished) return ruploadError(400, "ProcessingFailedError", "The upload session is finished.");
    const fileUrl = c.req.header("file_url");
    if (fileUrl) {
      const fetched = await fetchRemoteFile(deps, platform, fileUrl, "video");
      if (!fetched.ok) return ruploadError(400, "ProcessingFailedError", "The file could not be fetched from file_url.");
      const file = fetched.file;
      await deps.store.put<UploadSession>(platform, "upload_session", videoId, { ...stored.data, source: fileUrl, mimeType: file.mimeType, durationSeconds: file.durationSeconds }, stored.owner);
      return graphJson({ success: true });
    }
    const size = Number(c.req.header("file_size"));
    const offset = Number(c.req.header("offset") ?? "0");
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (!Number.isInteger(size) || size <= 0 || offset !== 0 || bytes.byteLength !== size)
      return ruploadError(400, "ProcessingFailedError", "Send file_url, or the whole file with offset 0 and its file_size.");
    // Bytes carry no readable length here; the session keeps the container type only.
    const mimeType = c.req.header("content-type")?.startsWith("video/") ? (c.req.header("content-type") ?? "video/mp4") : "video/mp4";
    await deps.store.put<UploadSession>(platform, "upload_session", videoId, { ...stored.data, source: "upload", mimeType, durationSeconds: null }, stored.owner);
    return graphJson({ success: true });
  });
  app.notFound(() => unmatched(new Response("Not Found", { status: 404 })));
  return app;
}

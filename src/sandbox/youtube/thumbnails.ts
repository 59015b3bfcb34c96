import type { Hono } from "hono";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { randomEtag, youtubeErrorBody } from "../google/wire.js";
import type { VideoRouteTools } from "./videos.js";
import type { SandboxVideo } from "./youtube-data.js";

/**
 * thumbnails.set on the simulator (simple upload: POST /upload/youtube/v3/thumbnails/set?videoId=
 * with the image as the body), refusing what YouTube refuses: another channel's video, a channel
 * not verified for custom thumbnails (handles starting with UNVERIFIED_PREFIX), no body, a type
 * outside the discovery document's `accept`, more than its `maxSize`, and bytes that are not an image.
 */

/** Handles starting with this prefix own channels that are not verified for custom thumbnails. */
export const UNVERIFIED_PREFIX = "unverified";
/** The discovery document's thumbnails.set mediaUpload.maxSize. */
export const THUMBNAIL_MAX_BYTES = 2_097_152;
const ACCEPT = ["image/jpeg", "image/png", "application/octet-stream"];
const SCOPE = "https://www.googleapis.com/auth/";
const scopes = ["youtube", "youtube.force-ssl", "youtube.upload", "youtubepartner"].map((s) => SCOPE + s);

/** JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A) by their first bytes. */
function isImage(bytes: Uint8Array): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b);
  return jpeg || png;
}

export function mountThumbnailRoutes(app: Hono, deps: SimulatorDeps, tools: Pick<VideoRouteTools, "authorize">): void {
  app.post("/upload/youtube/v3/thumbnails/set", async (c) => {
    const auth = await tools.authorize(c, scopes);
    if (auth instanceof Response) return auth;
    const videoId = c.req.query("videoId");
    if (!videoId) return c.json(youtubeErrorBody(400, "required", "Required parameter: videoId", { location: "videoId" }), 400);
    const found = await deps.store.get<SandboxVideo>("youtube", "video", videoId);
    if (!found) {
      return c.json(
        youtubeErrorBody(
          404,
          "videoNotFound",
          "The video that you are trying to insert a thumbnail image for cannot be found. Check the value of the request's videoId parameter to ensure that it is correct.",
          { domain: "youtube.thumbnail", location: "videoId" },
        ),
        404,
      );
    }
    const video = found.data;
    if (video.accountId !== auth.account.id) {
      return c.json(youtubeErrorBody(403, "forbidden", "The thumbnail can't be set for the specified video. The request might not be properly authorized.", { domain: "youtube.thumbnail" }), 403);
    }
    const owner = await deps.store.get<SandboxAccount>("youtube", "account", video.accountId);
    if (owner?.data.handle.startsWith(UNVERIFIED_PREFIX)) {
      return c.json(youtubeErrorBody(403, "forbidden", "The authenticated user doesn't have permissions to upload and set custom video thumbnails.", { domain: "youtube.thumbnail" }), 403);
    }
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength === 0) return c.json(youtubeErrorBody(400, "mediaBodyRequired", "The request does not include the image content.", { domain: "youtube.thumbnail" }), 400);
    if (!ACCEPT.includes(type)) {
      return c.json(youtubeErrorBody(400, "badContent", `Media type '${type}' is not supported. Valid media types: [${ACCEPT.join(", ")}]`, { domain: "global" }), 400);
    }
    if (bytes.byteLength > THUMBNAIL_MAX_BYTES) {
      return c.json(youtubeErrorBody(413, "uploadTooLarge", `Media larger than: ${THUMBNAIL_MAX_BYTES}`, { domain: "global" }), 413);
    }
    if (!isImage(bytes)) return c.json(youtubeErrorBody(400, "invalidImage", "The provided image content is invalid.", { domain: "youtube.thumbnail" }), 400);
    const url = `https://sandbox.chorus.invalid/youtube/vi/${video.id}/custom-${Date.now().toString(36)}.jpg`;
    const custom = {
      default: { url, width: 120, height: 90 },
      medium: { url, width: 320, height: 180 },
      high: { url, width: 480, height: 360 },
      standard: { url, width: 640, height: 480 },
      maxres: { url, width: 1280, height: 720 },
    };
    await deps.store.put<SandboxVideo>("youtube", "video", video.id, { ...video, customThumbnails: custom }, video.accountId);
    return c.json({ kind: "youtube#thumbnailSetResponse", etag: randomEtag(), items: [custom] });
  });
}

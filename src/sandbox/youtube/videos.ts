import type { Context, Hono } from "hono";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { randomEtag, youtubeErrorBody } from "../google/wire.js";
import { type SandboxPlaylist, type SandboxVideo, channelOf, youtubeId } from "./youtube-data.js";
import { isRecord } from "../../types/is-record.js";
import { PROCESSING_MS, processingState, videoResource } from "./video-resource.js";

export { PROCESSING_MS };

/**
 * Publishing on the YouTube simulator: videos.insert through the resumable upload protocol
 * (POST metadata to /upload/youtube/v3/videos?uploadType=resumable, 200 with the session URI in
 * `Location`, PUT the bytes there), videos.list with status and processingDetails, and
 * videos.delete (the channel's playlists are in playlists.ts). YouTube's checks are played too: title and description rules, category
 * ids, the project's daily videos.insert bucket (100 a day, reset at midnight Pacific time), a
 * per-channel upload cap (YouTube does not publish its number; the sandbox uses
 * UPLOADS_PER_CHANNEL_PER_DAY), processing that takes PROCESSING_MS, files that are not video
 * failing, and a channel's second upload of the same bytes rejected as a duplicate.
 */

export const UPLOADS_PER_PROJECT_PER_DAY = 100;
export const UPLOADS_PER_CHANNEL_PER_DAY = 15;
const SCOPE = "https://www.googleapis.com/auth/";
const uploadScopes = ["youtube", "youtube.force-ssl", "youtube.upload", "youtubepartner"].map((s) => SCOPE + s);
export const writeScopes = ["youtube", "youtube.force-ssl", "youtubepartner"].map((s) => SCOPE + s);
export const readScopes = ["youtube", "youtube.force-ssl", "youtube.readonly", "youtubepartner"].map((s) => SCOPE + s);
/** videoCategories.list for region US, assignable ones. */
const categories = ["1", "2", "10", "15", "17", "19", "20", "22", "23", "24", "25", "26", "27", "28", "29"];
const videoParts = [
  "contentDetails",
  "fileDetails",
  "id",
  "liveStreamingDetails",
  "localizations",
  "paidProductPlacementDetails",
  "player",
  "processingDetails",
  "recordingDetails",
  "snippet",
  "statistics",
  "status",
  "suggestions",
  "topicDetails",
];

export interface VideoRouteTools {
  authorize(c: Context, allowed: string[]): Promise<{ account: SandboxAccount; scopes: string[] } | Response>;
  readParts(c: Context, known: string[]): string[] | Response;
  pageArgs(c: Context, max: number, fallback: number): { offset: number; size: number } | Response;
}

type VideoMetadata = Pick<SandboxVideo, "snippet" | "status" | "paidProductPlacementDetails">;

interface UploadSession {
  id: string;
  accountId: string;
  channelId: string;
  resource: VideoMetadata;
  contentLength: number | null;
  videoId: string | null;
  createdAt: string;
}

// Built once: constructing a formatter costs ~70 µs, and each upload's daily quota check formats every stored upload session.
const pacificDayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" });
const pacificDay = (date: Date) => pacificDayFormat.format(date);

/** What the first bytes say: an ISO-BMFF (MP4, MOV) `ftyp` box, a Matroska/WebM header, or an AVI RIFF. */
function sniff(bytes: Uint8Array): SandboxVideo["file"] {
  if (bytes.byteLength === 0) return "empty";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(4, 8) === "ftyp" || ascii(4, 8) === "moov") return "video";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "video";
  if (ascii(0, 4) === "RIFF" && ascii(8, 11) === "AVI") return "video";
  return "invalid";
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes.slice());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Reads the metadata of videos.insert: YouTube's own checks on title, description and category. */
export function readMetadata(body: unknown): { resource: VideoMetadata } | { error: ReturnType<typeof youtubeErrorBody>; status: 400 } {
  const video = isRecord(body) ? body : {};
  const snippet = isRecord(video.snippet) ? video.snippet : {};
  const status = isRecord(video.status) ? video.status : {};
  const title = typeof snippet.title === "string" ? snippet.title : "";
  const description = typeof snippet.description === "string" ? snippet.description : "";
  const bad = (reason: string, message: string) => ({
    error: youtubeErrorBody(400, reason, message, {
      domain: "youtube.video",
      location: `body.snippet.${reason === "invalidTitle" ? "title" : reason === "invalidDescription" ? "description" : "categoryId"}`,
      locationType: "other",
    }),
    status: 400 as const,
  });
  if (title.trim() === "" || [...title].length > 100 || /[<>]/.test(title)) return bad("invalidTitle", "The request metadata specifies an invalid or empty video title.");
  if (new TextEncoder().encode(description).byteLength > 5000 || /[<>]/.test(description)) return bad("invalidDescription", "The request metadata specifies an invalid video description.");
  const categoryId = typeof snippet.categoryId === "string" ? snippet.categoryId : "22";
  if (!categories.includes(categoryId)) return bad("invalidCategoryId", "The snippet.categoryId property specifies an invalid category ID.");
  const privacy = status.privacyStatus ?? "public";
  if (privacy !== "public" && privacy !== "unlisted" && privacy !== "private") {
    return { error: youtubeErrorBody(400, "invalidValue", `Invalid value for privacyStatus: ${String(privacy)}`, { location: "body.status.privacyStatus", locationType: "other" }), status: 400 };
  }
  const tags = Array.isArray(snippet.tags) ? snippet.tags.filter((t): t is string => typeof t === "string") : undefined;
  const optionalString = (value: unknown) => (typeof value === "string" ? value : undefined);
  const optionalBoolean = (value: unknown) => (typeof value === "boolean" ? value : undefined);
  const placement = isRecord(video.paidProductPlacementDetails) ? optionalBoolean(video.paidProductPlacementDetails.hasPaidProductPlacement) : undefined;
  return {
    resource: {
      snippet: {
        title,
        description,
        categoryId,
        ...(tags ? { tags } : {}),
        ...(optionalString(snippet.defaultLanguage) ? { defaultLanguage: optionalString(snippet.defaultLanguage) } : {}),
        ...(optionalString(snippet.defaultAudioLanguage) ? { defaultAudioLanguage: optionalString(snippet.defaultAudioLanguage) } : {}),
      },
      status: {
        privacyStatus: privacy,
        selfDeclaredMadeForKids: optionalBoolean(status.selfDeclaredMadeForKids),
        containsSyntheticMedia: optionalBoolean(status.containsSyntheticMedia),
        embeddable: optionalBoolean(status.embeddable),
        license: optionalString(status.license),
        publicStatsViewable: optionalBoolean(status.publicStatsViewable),
      },
      ...(placement !== undefined ? { paidProductPlacementDetails: { hasPaidProductPlacement: placement } } : {}),
    },
  };
}

export async function ownVideos(deps: SimulatorDeps, accountId: string): Promise<SandboxVideo[]> {
  return (await deps.store.list<SandboxVideo>("youtube", "video", { owner: accountId })).map((r) => r.data);
}

function noChannel(c: Context) {
  return c.json(youtubeErrorBody(401, "youtubeSignupRequired", "Unauthorized", { domain: "youtube.header", location: "Authorization", locationType: "header" }), 401);
}

export function mountVideoRoutes(app: Hono, deps: SimulatorDeps, tools: VideoRouteTools): void {
  app.post("/upload/youtube/v3/videos", async (c) => {
    const auth = await tools.authorize(c, uploadScopes);
    if (auth instanceof Response) return auth;
    if (c.req.query("uploadType") !== "resumable") {
      return c.json(youtubeErrorBody(400, "badRequest", "The Chorus sandbox takes resumable uploads only (uploadType=resumable).", { location: "uploadType" }), 400);
    }
    const parts = tools.readParts(c, videoParts);
    if (parts instanceof Response) return parts;
    const channel = await channelOf(deps, auth.account.id);
    if (!channel) return noChannel(c);
    let body: unknown = null;
    try {
      body = await c.req.json();
    } catch {
      body = null;
    }
    const read = readMetadata(body);
    if ("error" in read) return c.json(read.error, read.status);
    const now = deps.now();
    const today = pacificDay(now);
    const sessions = (await deps.store.list<UploadSession>("youtube", "upload_session")).filter((s) => pacificDay(new Date(s.data.createdAt)) === today);
    if (sessions.length >= UPLOADS_PER_PROJECT_PER_DAY) {
      return c.json(
        youtubeErrorBody(403, "quotaExceeded", 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.', { domain: "youtube.quota" }),
        403,
      );
    }
    const channelUploads = (await ownVideos(deps, auth.account.id)).filter((v) => now.getTime() - new Date(v.uploadedAt).getTime() < 86_400_000);
    if (channelUploads.length >= UPLOADS_PER_CHANNEL_PER_DAY) {
      return c.json(youtubeErrorBody(400, "uploadLimitExceeded", "The user has exceeded the number of videos they may upload.", { domain: "youtube.video" }), 400);
    }
    const declared = Number(c.req.header("x-upload-content-length"));
    const session: UploadSession = {
      id: `AUsandbox${youtubeId(40)}`,
      accountId: auth.account.id,
      channelId: channel.id,
      resource: read.resource,
      contentLength: Number.isInteger(declared) && declared >= 0 ? declared : null,
      videoId: null,
      createdAt: now.toISOString(),
    };
    await deps.store.put("youtube", "upload_session", session.id, session, auth.account.id);
    const location = new URL(c.req.url);
    location.searchParams.set("upload_id", session.id);
    c.header("location", location.toString());
    c.header("x-guploader-uploadid", session.id);
    return c.body(null, 200);
  });

  app.put("/upload/youtube/v3/videos", async (c) => {
    const sessionId = c.req.query("upload_id") ?? "";
    const found = await deps.store.get<UploadSession>("youtube", "upload_session", sessionId);
    if (!found) return c.json(youtubeErrorBody(404, "notFound", "Upload session not found."), 404);
    const session = found.data;
    const owner = await deps.store.get<SandboxAccount>("youtube", "account", session.accountId);
    if (owner?.data.fault === "down") return c.json(youtubeErrorBody(503, "backendError", "The service is currently unavailable."), 503);
    // A finished session answers with the video it created.
    if (session.videoId) {
      const video = await deps.store.get<SandboxVideo>("youtube", "video", session.videoId);
      if (video) return c.json(videoResource(video.data, ["snippet", "status"], deps.now(), true), 200);
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (session.contentLength !== null && bytes.byteLength !== session.contentLength) {
      return c.json(youtubeErrorBody(400, "badContent", `Received ${bytes.byteLength} bytes; the session declared ${session.contentLength}.`), 400);
    }
    const hash = await sha256(bytes);
    const earlier = (await ownVideos(deps, session.accountId)).find((v) => v.sha256 === hash && v.file === "video");
    const video: SandboxVideo = {
      ...session.resource,
      id: youtubeId(11),
      accountId: session.accountId,
      channelId: session.channelId,
      uploadedAt: deps.now().toISOString(),
      file: sniff(bytes),
      duplicateOf: earlier?.id ?? null,
      sha256: hash,
    };
    await deps.store.put("youtube", "video", video.id, video, session.accountId);
    await deps.store.put("youtube", "upload_session", session.id, { ...session, videoId: video.id }, session.accountId);
    return c.json(videoResource(video, ["snippet", "status"], deps.now(), true), 200);
  });

  app.get("/youtube/v3/videos", async (c) => {
    const auth = await tools.authorize(c, readScopes);
    if (auth instanceof Response) return auth;
    const parts = tools.readParts(c, videoParts);
    if (parts instanceof Response) return parts;
    const ids = (c.req.queries("id") ?? []).flatMap((i) => i.split(",")).filter(Boolean);
    if (ids.length === 0) return c.json(youtubeErrorBody(400, "missingRequiredParameter", "No filter selected. Expected one of: myRating, id, chart", { domain: "youtube.parameter" }), 400);
    const items: Record<string, unknown>[] = [];
    for (const id of ids) {
      const video = await deps.store.get<SandboxVideo>("youtube", "video", id);
      if (!video) continue;
      const owner = video.data.accountId === auth.account.id;
      const visible = owner || (video.data.status.privacyStatus !== "private" && processingState(video.data, deps.now()).status.uploadStatus === "processed");
      if (visible) items.push(videoResource(video.data, parts, deps.now(), owner));
    }
    return c.json({ kind: "youtube#videoListResponse", etag: randomEtag(), items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
  });

  app.delete("/youtube/v3/videos", async (c) => {
    const auth = await tools.authorize(c, writeScopes);
    if (auth instanceof Response) return auth;
    const id = c.req.query("id") ?? "";
    const video = await deps.store.get<SandboxVideo>("youtube", "video", id);
    if (!video) return c.json(youtubeErrorBody(404, "videoNotFound", "The video that you are trying to delete cannot be found.", { domain: "youtube.video", location: "id" }), 404);
    if (video.data.accountId !== auth.account.id)
      return c.json(youtubeErrorBody(403, "forbidden", "The video that you are trying to delete cannot be deleted. The request might not be properly authorized.", { domain: "youtube.video" }), 403);
    await deps.store.delete("youtube", "video", id);
    for (const playlist of await deps.store.list<SandboxPlaylist>("youtube", "playlist", { owner: auth.account.id })) {
      if (playlist.data.videoIds.includes(id))
        await deps.store.put("youtube", "playlist", playlist.id, { ...playlist.data, videoIds: playlist.data.videoIds.filter((v) => v !== id) }, auth.account.id);
    }
    return c.body(null, 204);
  });
}

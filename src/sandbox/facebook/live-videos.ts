import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import { authenticate, graphJson, graphParams, invalidParameter, selectFields, unsupportedRequest, type GraphNode, type GraphProfile } from "../meta/graph-wire.js";
import { pageWriter } from "./page-publishing.js";

/**
 * Page live video as the Live Video API answers it: `POST /{page-id}/live_videos` creates a
 * LiveVideo (UNPUBLISHED, or SCHEDULED_UNPUBLISHED with `event_params.start_time` at most seven
 * days ahead) and answers its stream URLs; `POST /{live-video-id}` with `status=LIVE_NOW` puts it
 * on air, `end_live_video=true` stops it, `status=SCHEDULED_CANCELED` cancels a scheduled one;
 * `GET /{live-video-id}` reads it. The sandbox assumes the encoder is streaming, so LIVE_NOW is
 * live at once. After the end the recording takes `replayProcessingSeconds` (against the
 * simulator's clock, so tests move time) to become VOD with its `video`.
 */

const platform = "facebook";

/** Sandbox rules as data: Meta's documented eligibility and schedule window, and our processing time. */
export const liveVideoRules = {
  /** Live Video API overview: since 2024-06-10 a page needs at least 100 followers to go live. */
  minFollowers: 100,
  /** Scheduling guide: up to seven days from creation. */
  maxScheduleSeconds: 7 * 86400,
  /** Not documented by Meta; the sandbox's delay from LIVE_STOPPED to VOD. */
  replayProcessingSeconds: 10,
} as const;

/** Values of Meta's `pagelive_videos_status_enum_param` / `livevideo_status`. */
const creatableStatuses = ["LIVE_NOW", "SCHEDULED_CANCELED", "SCHEDULED_LIVE", "SCHEDULED_UNPUBLISHED", "UNPUBLISHED"];

export interface SandboxLiveVideo {
  pageId: string;
  /** The video object Meta makes beside the broadcast; it holds the recording. */
  videoId: string;
  title: string | null;
  description: string | null;
  status: "UNPUBLISHED" | "SCHEDULED_UNPUBLISHED" | "LIVE" | "LIVE_STOPPED" | "VOD" | "SCHEDULED_CANCELED";
  plannedStartTime: string | null;
  broadcastStartTime: string | null;
  stoppedAt: string | null;
  streamKey: string;
  createdAt: string;
}

const graphTime = (iso: string | null) => (iso ? `${iso.slice(0, 19)}+0000` : null);
const ingestHost = "live-api-s.facebook.com";

/** LIVE_STOPPED becomes VOD once the recording is processed; the move happens when it is read. */
function settled(profile: GraphProfile, live: SandboxLiveVideo): SandboxLiveVideo {
  if (live.status !== "LIVE_STOPPED" || !live.stoppedAt) return live;
  const done = profile.deps.now().getTime() - Date.parse(live.stoppedAt) >= liveVideoRules.replayProcessingSeconds * 1000;
  return done ? { ...live, status: "VOD" } : live;
}

/** Stream URLs exist while something can still be streamed. */
const streamable = (live: SandboxLiveVideo) => ["UNPUBLISHED", "SCHEDULED_UNPUBLISHED", "LIVE"].includes(live.status);

function liveNode(id: string, live: SandboxLiveVideo): GraphNode {
  const permalink = `/${live.pageId}/videos/${live.videoId}/`;
  return {
    id,
    status: live.status,
    title: live.title,
    description: live.description,
    creation_time: graphTime(live.createdAt),
    planned_start_time: graphTime(live.plannedStartTime),
    broadcast_start_time: graphTime(live.broadcastStartTime),
    permalink_url: permalink,
    embed_html: null,
    stream_url: streamable(live) ? `rtmp://${ingestHost}:80/rtmp/${live.streamKey}` : null,
    secure_stream_url: streamable(live) ? `rtmps://${ingestHost}:443/rtmp/${live.streamKey}` : null,
    video: live.status === "VOD" ? { id: live.videoId, permalink_url: permalink } : null,
    seconds_left: null,
    live_views: live.status === "LIVE" ? 0 : null,
  };
}

/** `event_params={"start_time":<unix seconds>}` as the scheduling guide sends it. */
function startTimeOf(params: URLSearchParams): number | null | Response {
  const raw = params.get("event_params");
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return invalidParameter("(#100) param event_params must be a JSON object");
  }
  const start = typeof parsed === "object" && parsed !== null && "start_time" in parsed ? parsed.start_time : undefined;
  if (typeof start !== "number" || !Number.isInteger(start)) return invalidParameter("(#100) event_params.start_time must be a unix timestamp");
  return start;
}

export function mountLiveVideos(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;

  graph.post("/:version/:pageId/live_videos", async (c) => {
    const pageId = c.req.param("pageId");
    const w = await pageWriter(profile, door, c.req.raw, pageId, "pages_manage_posts");
    if (!w.ok) return w.response;
    if (w.page.followers_count < liveVideoRules.minFollowers) {
      // Meta documents the rule but not its error body; the sandbox answers a Graph (#100) with the rule in words.
      return invalidParameter(`(#100) This Page is not eligible to go live: a Page needs at least ${liveVideoRules.minFollowers} followers to broadcast live video.`);
    }
    const status = w.params.get("status") ?? "UNPUBLISHED";
    if (!creatableStatuses.includes(status)) return invalidParameter(`(#100) param status must be one of {${creatableStatuses.join(", ")}}`);
    if (status !== "UNPUBLISHED" && status !== "SCHEDULED_UNPUBLISHED") {
      // LIVE_NOW would need an encoder already streaming; Chorus prepares and then starts.
      return invalidParameter(`(#100) The sandbox creates UNPUBLISHED or SCHEDULED_UNPUBLISHED broadcasts; got ${status}.`);
    }
    const start = startTimeOf(w.params);
    if (start instanceof Response) return start;
    const now = deps.now().getTime();
    if (status === "SCHEDULED_UNPUBLISHED") {
      if (start === null) return invalidParameter("(#100) A scheduled live video needs event_params with start_time");
      if (start * 1000 <= now) return invalidParameter("(#100) The scheduled start time must be in the future");
      if (start * 1000 - now > liveVideoRules.maxScheduleSeconds * 1000) return invalidParameter("(#100) A live video can be scheduled at most 7 days in advance");
    }
    const id = numericId(16);
    const streamKey = `FB-${id}-0-${crypto.randomUUID().replace(/-/g, "")}`;
    const live: SandboxLiveVideo = {
      pageId,
      videoId: numericId(16),
      title: w.params.get("title") || null,
      description: w.params.get("description") || null,
      status,
      plannedStartTime: start === null ? null : new Date(start * 1000).toISOString(),
      broadcastStartTime: null,
      stoppedAt: null,
      streamKey,
      createdAt: deps.now().toISOString(),
    };
    await deps.store.put<SandboxLiveVideo>(platform, "live_video", id, live, w.owner);
    return graphJson({
      id,
      stream_url: `rtmp://${ingestHost}:80/rtmp/${streamKey}`,
      secure_stream_url: `rtmps://${ingestHost}:443/rtmp/${streamKey}`,
      stream_secondary_urls: [],
      secure_stream_secondary_urls: [],
    });
  });

  // Registered before the post and video node routes: anything that is not a live video passes on.
  graph.get("/:version/:nodeId", async (c, next) => {
    const id = c.req.param("nodeId");
    const found = await deps.store.get<SandboxLiveVideo>(platform, "live_video", id);
    if (!found) return next();
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_read_engagement" });
    if (!auth.ok) return auth.response;
    if (found.owner !== auth.account.id) return unsupportedRequest("GET", id);
    const picked = selectFields(liveNode(id, settled(profile, found.data)), c.req.query("fields"), "id,status", "LiveVideo");
    return picked instanceof Response ? picked : graphJson(picked);
  });

  graph.post("/:version/:nodeId", async (c, next) => {
    const id = c.req.param("nodeId");
    const found = await deps.store.get<SandboxLiveVideo>(platform, "live_video", id);
    if (!found) return next();
    const params = await graphParams(c.req.raw);
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_manage_posts", form: params });
    if (!auth.ok) return auth.response;
    if (found.owner !== auth.account.id || auth.meta?.pageId !== found.data.pageId) return unsupportedRequest("POST", id);
    const live = settled(profile, found.data);
    const now = deps.now().toISOString();
    let next_: SandboxLiveVideo | null = null;
    if (params.get("end_live_video") === "true") {
      if (live.status !== "LIVE") return invalidParameter(`(#100) Only a live video that is LIVE can be ended; this one is ${live.status}`);
      next_ = { ...live, status: "LIVE_STOPPED", stoppedAt: now };
    } else if (params.has("status")) {
      const status = params.get("status") ?? "";
      if (!creatableStatuses.includes(status)) return invalidParameter(`(#100) param status must be one of {${creatableStatuses.join(", ")}}`);
      if (status === "LIVE_NOW") {
        if (live.status !== "UNPUBLISHED" && live.status !== "SCHEDULED_UNPUBLISHED") return invalidParameter(`(#100) A live video that is ${live.status} cannot go live`);
        next_ = { ...live, status: "LIVE", broadcastStartTime: now };
      } else if (status === "SCHEDULED_CANCELED") {
        if (live.status !== "SCHEDULED_UNPUBLISHED") return invalidParameter(`(#100) Only a scheduled live video can be canceled; this one is ${live.status}`);
        next_ = { ...live, status: "SCHEDULED_CANCELED" };
      } else return invalidParameter(`(#100) The sandbox does not change a live video to ${status}`);
    }
    const title = params.get("title");
    const description = params.get("description");
    const updated: SandboxLiveVideo = { ...(next_ ?? live), ...(title ? { title } : {}), ...(description ? { description } : {}) };
    await deps.store.put<SandboxLiveVideo>(platform, "live_video", id, updated, found.owner);
    return graphJson({ id });
  });
}

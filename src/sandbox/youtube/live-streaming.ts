import type { Context, Hono } from "hono";
import type { SimulatorDeps } from "../types.js";
import { paginate, randomEtag, youtubeErrorBody } from "../google/wire.js";
import type { VideoRouteTools } from "./videos.js";
import { type SandboxBroadcast, broadcastResource, channelOf, youtubeId } from "./youtube-data.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * The YouTube Live Streaming API on the simulator: liveBroadcasts.insert, liveStreams.insert and
 * liveStreams.list, liveBroadcasts.bind and liveBroadcasts.transition, with the documented
 * lifecycle (created -> ready once bound -> testing (monitor stream only) -> live -> complete) and
 * refusals (`liveStreamingNotEnabled`, `liveBroadcastBindingNotAllowed`, `invalidTransition`,
 * not-found reasons). The sandbox assumes the encoder is streaming into a bound stream, so its
 * `streamStatus` is `active` and `live` is reachable at once.
 */

const SCOPE = "https://www.googleapis.com/auth/";
const liveWriteScopes = ["youtube", "youtube.force-ssl"].map((s) => SCOPE + s);
const liveReadScopes = ["youtube", "youtube.force-ssl", "youtube.readonly"].map((s) => SCOPE + s);
const broadcastParts = ["contentDetails", "id", "monetizationDetails", "snippet", "statistics", "status"];
const streamParts = ["cdn", "contentDetails", "id", "snippet", "status"];

/** Handles starting with this prefix have channels not enabled for live streaming (youtube.com/features). */
export const NO_LIVE_PREFIX = "nolive";

interface SandboxStream {
  id: string;
  channelId: string;
  title: string;
  ingestionType: string;
  resolution: string;
  frameRate: string;
  streamName: string;
  createdAt: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

function streamResource(stream: SandboxStream, parts: string[], bound: boolean): Record<string, unknown> {
  const resource: Record<string, unknown> = { kind: "youtube#liveStream", etag: randomEtag(), id: stream.id };
  if (parts.includes("snippet")) resource.snippet = { publishedAt: stream.createdAt, channelId: stream.channelId, title: stream.title, description: "", isDefaultStream: false };
  if (parts.includes("cdn")) {
    resource.cdn = {
      ingestionType: stream.ingestionType,
      ingestionInfo: {
        streamName: stream.streamName,
        ingestionAddress: "rtmp://a.rtmp.youtube.com/live2",
        backupIngestionAddress: "rtmp://b.rtmp.youtube.com/live2?backup=1",
        rtmpsIngestionAddress: "rtmps://a.rtmps.youtube.com/live2",
        rtmpsBackupIngestionAddress: "rtmps://b.rtmps.youtube.com/live2?backup=1",
      },
      resolution: stream.resolution,
      frameRate: stream.frameRate,
    };
  }
  if (parts.includes("contentDetails")) resource.contentDetails = { isReusable: false };
  // The encoder is assumed to push as soon as the stream is bound (see above).
  if (parts.includes("status")) resource.status = { streamStatus: bound ? "active" : "ready", healthStatus: { status: bound ? "good" : "noData" } };
  return resource;
}

const invalid = (c: Context, reason: string, message: string, location?: string) => c.json(youtubeErrorBody(400, reason, message, location ? { location, locationType: "other" } : {}), 400);

export function mountLiveStreamingRoutes(app: Hono, deps: SimulatorDeps, tools: VideoRouteTools): void {
  /** The caller's channel, refused as YouTube does when live streaming is not enabled on it. */
  async function liveChannel(c: Context, allowed: string[]) {
    const auth = await tools.authorize(c, allowed);
    if (auth instanceof Response) return auth;
    const channel = await channelOf(deps, auth.account.id);
    if (!channel) return c.json(youtubeErrorBody(401, "youtubeSignupRequired", "Unauthorized", { domain: "youtube.header", location: "Authorization", locationType: "header" }), 401);
    if (auth.account.handle.startsWith(NO_LIVE_PREFIX)) {
      return c.json(
        youtubeErrorBody(
          403,
          "liveStreamingNotEnabled",
          "The user that authorized the request is not enabled to stream live video on YouTube. The user can find more information at https://www.youtube.com/features.",
          { domain: "youtube.liveBroadcast" },
        ),
        403,
      );
    }
    return { account: auth.account, channel };
  }

  async function ownBroadcast(c: Context, accountId: string) {
    const id = c.req.query("id");
    if (!id) return c.json(youtubeErrorBody(400, "idRequired", "The required id parameter must identify the broadcast.", { location: "id" }), 400);
    const found = await deps.store.get<SandboxBroadcast>("youtube", "broadcast", id);
    if (!found || found.owner !== accountId) return c.json(youtubeErrorBody(404, "liveBroadcastNotFound", "Broadcast not found", { domain: "youtube.liveBroadcast", location: "id" }), 404);
    return found.data;
  }

  app.post("/youtube/v3/liveBroadcasts", async (c) => {
    const owner = await liveChannel(c, liveWriteScopes);
    if (owner instanceof Response) return owner;
    const parts = tools.readParts(c, broadcastParts);
    if (parts instanceof Response) return parts;
    const body = await jsonBody(c);
    const snippet = isRecord(body?.snippet) ? body.snippet : {};
    const status = isRecord(body?.status) ? body.status : {};
    const details = isRecord(body?.contentDetails) ? body.contentDetails : {};
    const title = text(snippet.title);
    if (!title) return invalid(c, "titleRequired", "The snippet.title is required.", "body.snippet.title");
    if (title.length > 100 || /[<>]/.test(title)) return invalid(c, "invalidTitle", "The title is invalid: at most 100 characters, without < or >.", "body.snippet.title");
    const description = text(snippet.description) ?? "";
    if (description.length > 5000 || /[<>]/.test(description))
      return invalid(c, "invalidDescription", "The description is invalid: at most 5000 characters, without < or >.", "body.snippet.description");
    const start = text(snippet.scheduledStartTime);
    if (!start) return invalid(c, "scheduledStartTimeRequired", "The snippet.scheduledStartTime is required.", "body.snippet.scheduledStartTime");
    if (Number.isNaN(Date.parse(start))) return invalid(c, "invalidScheduledStartTime", "The scheduled start time is invalid.", "body.snippet.scheduledStartTime");
    const privacy = text(status.privacyStatus);
    if (privacy !== "public" && privacy !== "private" && privacy !== "unlisted")
      return invalid(c, "privacyStatusRequired", "The status.privacyStatus is required: public, private or unlisted.", "body.status.privacyStatus");
    const monitor = isRecord(details.monitorStream) ? details.monitorStream.enableMonitorStream !== false : true;
    const broadcast: SandboxBroadcast = {
      id: youtubeId(11),
      channelId: owner.channel.id,
      title,
      description,
      scheduledStartTime: new Date(start).toISOString(),
      scheduledEndTime: null,
      lifeCycleStatus: "created",
      broadcastType: "event",
      publishedAt: deps.now().toISOString(),
      privacyStatus: privacy,
      boundStreamId: null,
      enableMonitorStream: monitor,
      actualStartTime: null,
      actualEndTime: null,
    };
    await deps.store.put("youtube", "broadcast", broadcast.id, broadcast, owner.account.id);
    return c.json(broadcastResource(broadcast, parts));
  });

  app.post("/youtube/v3/liveStreams", async (c) => {
    const owner = await liveChannel(c, liveWriteScopes);
    if (owner instanceof Response) return owner;
    const parts = tools.readParts(c, streamParts);
    if (parts instanceof Response) return parts;
    const body = await jsonBody(c);
    const snippet = isRecord(body?.snippet) ? body.snippet : {};
    const cdn = isRecord(body?.cdn) ? body.cdn : {};
    const title = text(snippet.title);
    if (!title) return invalid(c, "titleRequired", "The snippet.title is required.", "body.snippet.title");
    const ingestionType = text(cdn.ingestionType);
    if (!ingestionType || !["rtmp", "dash", "webrtc", "hls"].includes(ingestionType))
      return invalid(c, "ingestionTypeRequired", "The cdn.ingestionType is required: rtmp, dash, webrtc or hls.", "body.cdn.ingestionType");
    const resolution = text(cdn.resolution) ?? "variable";
    const frameRate = text(cdn.frameRate) ?? "variable";
    const stream: SandboxStream = {
      id: `${owner.channel.id.slice(2)}${youtubeId(12)}`,
      channelId: owner.channel.id,
      title,
      ingestionType,
      resolution,
      frameRate,
      streamName: `${youtubeId(4)}-${youtubeId(4)}-${youtubeId(4)}-${youtubeId(4)}-${youtubeId(4)}`,
      createdAt: deps.now().toISOString(),
    };
    await deps.store.put("youtube", "live_stream", stream.id, stream, owner.account.id);
    return c.json(streamResource(stream, parts, false));
  });

  app.get("/youtube/v3/liveStreams", async (c) => {
    const owner = await liveChannel(c, liveReadScopes);
    if (owner instanceof Response) return owner;
    const parts = tools.readParts(c, streamParts);
    if (parts instanceof Response) return parts;
    const paging = tools.pageArgs(c, 50, 5);
    if (paging instanceof Response) return paging;
    const ids = (c.req.queries("id") ?? []).flatMap((i) => i.split(","));
    const mine = c.req.query("mine") === "true";
    const own = (await deps.store.list<SandboxStream>("youtube", "live_stream", { owner: owner.account.id })).map((r) => r.data).filter((s) => mine || ids.includes(s.id));
    const bound = new Set((await deps.store.list<SandboxBroadcast>("youtube", "broadcast", { owner: owner.account.id })).map((r) => r.data.boundStreamId));
    const { page, nextPageToken } = paginate(own, paging.offset, paging.size);
    return c.json({
      kind: "youtube#liveStreamListResponse",
      etag: randomEtag(),
      ...(nextPageToken ? { nextPageToken } : {}),
      pageInfo: { totalResults: own.length, resultsPerPage: paging.size },
      items: page.map((s) => streamResource(s, parts, bound.has(s.id))),
    });
  });

  app.post("/youtube/v3/liveBroadcasts/bind", async (c) => {
    const owner = await liveChannel(c, liveWriteScopes);
    if (owner instanceof Response) return owner;
    const parts = tools.readParts(c, broadcastParts);
    if (parts instanceof Response) return parts;
    const broadcast = await ownBroadcast(c, owner.account.id);
    if (broadcast instanceof Response) return broadcast;
    if (broadcast.lifeCycleStatus !== "created" && broadcast.lifeCycleStatus !== "ready") {
      return c.json(
        youtubeErrorBody(403, "liveBroadcastBindingNotAllowed", "The current status of the live broadcast does not allow it to be bound to a stream.", { domain: "youtube.liveBroadcast" }),
        403,
      );
    }
    const streamId = c.req.query("streamId");
    if (streamId) {
      const stream = await deps.store.get<SandboxStream>("youtube", "live_stream", streamId);
      if (!stream || stream.owner !== owner.account.id) return c.json(youtubeErrorBody(404, "liveStreamNotFound", "Stream not found", { domain: "youtube.liveBroadcast", location: "streamId" }), 404);
    }
    // Without streamId the broadcast is unbound and needs a stream again before it is ready.
    const updated: SandboxBroadcast = { ...broadcast, boundStreamId: streamId ?? null, lifeCycleStatus: streamId ? "ready" : "created" };
    await deps.store.put("youtube", "broadcast", updated.id, updated, owner.account.id);
    return c.json(broadcastResource(updated, parts));
  });

  app.post("/youtube/v3/liveBroadcasts/transition", async (c) => {
    const owner = await liveChannel(c, liveWriteScopes);
    if (owner instanceof Response) return owner;
    const parts = tools.readParts(c, broadcastParts);
    if (parts instanceof Response) return parts;
    const target = c.req.query("broadcastStatus");
    if (target !== "testing" && target !== "live" && target !== "complete") {
      return c.json(youtubeErrorBody(400, "invalidValue", `Invalid value '${target ?? ""}'.`, { location: "broadcastStatus" }), 400);
    }
    const broadcast = await ownBroadcast(c, owner.account.id);
    if (broadcast instanceof Response) return broadcast;
    const from = broadcast.lifeCycleStatus;
    const monitor = broadcast.enableMonitorStream ?? true;
    const allowed =
      (target === "testing" && from === "ready" && monitor) ||
      (target === "live" && ((from === "ready" && !monitor) || from === "testing")) ||
      (target === "complete" && (from === "live" || from === "testing"));
    if (!allowed || !broadcast.boundStreamId) {
      return c.json(youtubeErrorBody(403, "invalidTransition", "Invalid transition", { domain: "youtube.liveBroadcast" }), 403);
    }
    const now = deps.now().toISOString();
    const updated: SandboxBroadcast = {
      ...broadcast,
      lifeCycleStatus: target,
      ...(target === "live" ? { actualStartTime: now } : {}),
      ...(target === "complete" ? { actualEndTime: now } : {}),
    };
    await deps.store.put("youtube", "broadcast", updated.id, updated, owner.account.id);
    return c.json(broadcastResource(updated, parts));
  });
}

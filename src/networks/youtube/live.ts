import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { BroadcastRef, BroadcastStatus, IngestCredentials, LiveFacet, NetworkBroadcast } from "../facets/live.js";
import { callNetwork, type ErrorTable, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { youtubeUrls } from "./capabilities.js";
import { youtubeErrorTable } from "./errors.js";

/**
 * YouTube live through the Live Streaming API (part of the Data API v3): a broadcast
 * (liveBroadcasts.insert) bound to a stream (liveStreams.insert, liveBroadcasts.bind) whose
 * `cdn.ingestionInfo` is what the encoder needs; liveBroadcasts.transition moves it to `live` and
 * `complete`. The monitor stream is switched off so a broadcast goes from `ready` to `live`
 * without a `testing` step, and auto start/stop are off so Chorus's start and end decide.
 * YouTube always needs a scheduled start time: without one, now is sent.
 */

const parts = "id,snippet,contentDetails,status";

/** Live Streaming API refusals (its "Errors" page), before the Data API's own rows. */
export const youtubeLiveErrorTable: ErrorTable = {
  platform: "youtube",
  extract: youtubeErrorTable.extract,
  rows: [
    { status: 403, networkCode: "liveStreamingNotEnabled", code: "live_not_enabled", meaning: "The user that authorized the request is not enabled to stream live video on YouTube." },
    { status: 403, networkCode: "invalidTransition", code: "broadcast_state_invalid", meaning: "liveBroadcasts.transition: the broadcast's status does not allow that transition." },
    { status: 403, networkCode: "liveBroadcastBindingNotAllowed", code: "broadcast_state_invalid", meaning: "liveBroadcasts.bind: the broadcast's status does not allow binding a stream." },
    { status: 404, networkCode: "liveBroadcastNotFound", code: "resource_not_found", meaning: "The broadcast no longer exists on YouTube." },
    ...youtubeErrorTable.rows,
  ],
};
const table = youtubeLiveErrorTable;

/** `status.lifeCycleStatus` (discovery `LiveBroadcastStatus`) to Chorus; a `complete` one that was recorded is `replay_ready`. */
const lifeCycle: Record<string, BroadcastStatus> = {
  created: "ready",
  ready: "ready",
  testStarting: "ready",
  testing: "ready",
  liveStarting: "live",
  live: "live",
  complete: "ended",
  revoked: "failed",
};

const BroadcastSchema = v.object({
  id: v.string(),
  snippet: v.optional(
    v.object({
      title: v.optional(v.string()),
      description: v.optional(v.string()),
      scheduledStartTime: v.optional(v.string()),
      actualStartTime: v.optional(v.string()),
    }),
  ),
  contentDetails: v.optional(v.object({ boundStreamId: v.optional(v.string()) })),
  status: v.optional(v.object({ lifeCycleStatus: v.optional(v.string()), recordingStatus: v.optional(v.string()) })),
});
const BroadcastList = v.object({ items: v.optional(v.array(BroadcastSchema)) });

const IngestionSchema = v.object({ streamName: v.string(), ingestionAddress: v.optional(v.string()), rtmpsIngestionAddress: v.optional(v.string()) });
const StreamSchema = v.object({ id: v.string(), cdn: v.optional(v.object({ ingestionInfo: v.optional(IngestionSchema) })) });
const StreamList = v.object({ items: v.optional(v.array(StreamSchema)) });

const headers = (tokens: TokenSet, json = false): Record<string, string> => ({
  authorization: `Bearer ${tokens.accessToken}`,
  accept: "application/json",
  ...(json ? { "content-type": "application/json" } : {}),
});

function api(path: string, params: Record<string, string>): string {
  const url = new URL(`${youtubeUrls.api}/${path}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

const isoOrNull = (value: string | undefined) => (value ? new Date(value).toISOString() : null);

function toBroadcast(item: v.InferOutput<typeof BroadcastSchema>): NetworkBroadcast {
  const networkStatus = item.status?.lifeCycleStatus ?? "lifeCycleStatusUnspecified";
  const recorded = networkStatus === "complete" && item.status?.recordingStatus === "recorded";
  const watch = `${youtubeUrls.watch}${encodeURIComponent(item.id)}`;
  return {
    networkId: item.id,
    status: recorded ? "replay_ready" : (lifeCycle[networkStatus] ?? "failed"),
    networkStatus,
    title: item.snippet?.title ?? null,
    description: item.snippet?.description || null,
    scheduledStartTime: isoOrNull(item.snippet?.scheduledStartTime),
    startedAt: isoOrNull(item.snippet?.actualStartTime),
    permalinkUrl: watch,
    // A completed, recorded broadcast plays its recording at the same watch URL.
    replayUrl: recorded ? watch : null,
  };
}

function ingestOf(stream: v.InferOutput<typeof StreamSchema>): IngestCredentials {
  const info = stream.cdn?.ingestionInfo;
  const url = info?.rtmpsIngestionAddress ?? info?.ingestionAddress;
  if (!info || !url) throw new ApiError("platform_unavailable", { platform: "youtube", message: "YouTube answered a stream without ingestion details." });
  return { url, streamKey: info.streamName };
}

async function send<S extends v.GenericSchema>(net: NetworkContext, tokens: TokenSet, url: string, schema: S, what: string, body?: unknown): Promise<v.InferOutput<S>> {
  const init: RequestInit = body === undefined ? { method: "POST", headers: headers(tokens) } : { method: "POST", headers: headers(tokens, true), body: JSON.stringify(body) };
  const response = await callNetwork(net, table, url, init);
  return parseNetworkBody("youtube", schema, response.body, what);
}

async function read(net: NetworkContext, tokens: TokenSet, ref: BroadcastRef): Promise<v.InferOutput<typeof BroadcastSchema>> {
  const response = await callNetwork(net, table, api("liveBroadcasts", { part: parts, id: ref.networkId }), { headers: headers(tokens) });
  const item = parseNetworkBody("youtube", BroadcastList, response.body, "liveBroadcasts.list").items?.[0];
  if (!item) throw new ApiError("resource_not_found", { param: "liveId", platform: "youtube", message: "The broadcast no longer exists on YouTube (it was deleted in YouTube Studio)." });
  return item;
}

const transition = (net: NetworkContext, tokens: TokenSet, ref: BroadcastRef, broadcastStatus: "live" | "complete") =>
  send(net, tokens, api("liveBroadcasts/transition", { broadcastStatus, id: ref.networkId, part: parts }), BroadcastSchema, "liveBroadcasts.transition");

export const youtubeLive: LiveFacet = {
  async createBroadcast(tokens, input, net) {
    const broadcast = await send(net, tokens, api("liveBroadcasts", { part: "snippet,status,contentDetails" }), BroadcastSchema, "liveBroadcasts.insert", {
      snippet: { title: input.title, ...(input.description ? { description: input.description } : {}), scheduledStartTime: input.scheduledStartTime ?? net.now().toISOString() },
      status: { privacyStatus: "public", selfDeclaredMadeForKids: false },
      contentDetails: { enableAutoStart: false, enableAutoStop: false, monitorStream: { enableMonitorStream: false } },
    });
    const stream = await send(net, tokens, api("liveStreams", { part: "snippet,cdn,contentDetails,status" }), StreamSchema, "liveStreams.insert", {
      snippet: { title: input.title },
      cdn: { ingestionType: "rtmp", resolution: "variable", frameRate: "variable" },
      contentDetails: { isReusable: false },
    });
    const bound = await send(net, tokens, api("liveBroadcasts/bind", { id: broadcast.id, streamId: stream.id, part: parts }), BroadcastSchema, "liveBroadcasts.bind");
    return { ...toBroadcast(bound), ingest: ingestOf(stream) };
  },

  async readBroadcast(tokens, ref, net) {
    return toBroadcast(await read(net, tokens, ref));
  },

  async startBroadcast(tokens, ref, _current, net) {
    return toBroadcast(await transition(net, tokens, ref, "live"));
  },

  async endBroadcast(tokens, ref, _current, net) {
    return toBroadcast(await transition(net, tokens, ref, "complete"));
  },

  async ingestCredentials(tokens, ref, net) {
    const streamId = (await read(net, tokens, ref)).contentDetails?.boundStreamId;
    if (!streamId) throw new ApiError("broadcast_state_invalid", { platform: "youtube", message: "The broadcast has no stream bound on YouTube any more." });
    const response = await callNetwork(net, table, api("liveStreams", { part: "id,cdn", id: streamId }), { headers: headers(tokens) });
    const stream = parseNetworkBody("youtube", StreamList, response.body, "liveStreams.list").items?.[0];
    if (!stream) throw new ApiError("broadcast_state_invalid", { platform: "youtube", message: "The broadcast's stream no longer exists on YouTube." });
    return ingestOf(stream);
  },
};

import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { BroadcastRef, BroadcastStatus, IngestCredentials, LiveFacet, NetworkBroadcast } from "../facets/live.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { facebookErrorTable as table } from "../meta/facebook-errors.js";
import { graphPost, graphRequest, parseGraphBody } from "../meta/graph.js";
import { asPage, facebookGraphUrl, type PageAccess } from "../meta/page-access.js";

/**
 * Facebook Page live video through the Live Video API (Graph `LiveVideo` node and the Page
 * `live_videos` edge; shared/networks/facebook.md section 7). Every call acts with the page's own
 * token. A broadcast is created prepared (`UNPUBLISHED`) or scheduled (`SCHEDULED_UNPUBLISHED`
 * with `event_params.start_time`, at most seven days ahead per Meta's scheduling guide), made live
 * with `status=LIVE_NOW` and ended with `end_live_video=true`; a scheduled one is cancelled with
 * `status=SCHEDULED_CANCELED`.
 */

/** Meta's LiveVideo `status` values (enum `pagelive_videos_broadcast_status_enum_param`) mapped to Chorus's. */
export const facebookBroadcastStatuses: Record<string, BroadcastStatus> = {
  UNPUBLISHED: "ready",
  SCHEDULED_UNPUBLISHED: "scheduled",
  SCHEDULED_LIVE: "scheduled",
  LIVE: "live",
  LIVE_STOPPED: "ended",
  PROCESSING: "processing",
  VOD: "replay_ready",
  SCHEDULED_EXPIRED: "ended",
  SCHEDULED_CANCELED: "ended",
};

/** Meta's scheduling guide: a broadcast may be scheduled up to seven days from its creation. */
export const facebookMaxScheduleDays = 7;

/** Asked on every read: what Chorus shows, never the stream URL (that is the reveal's own read). */
export const liveVideoFields = "id,status,title,description,permalink_url,planned_start_time,broadcast_start_time,video{id,permalink_url}";

const LiveVideoSchema = v.object({
  id: v.string(),
  status: v.string(),
  title: v.optional(v.nullable(v.string())),
  description: v.optional(v.nullable(v.string())),
  permalink_url: v.optional(v.nullable(v.string())),
  planned_start_time: v.optional(v.nullable(v.string())),
  broadcast_start_time: v.optional(v.nullable(v.string())),
  video: v.optional(v.nullable(v.object({ id: v.string(), permalink_url: v.optional(v.nullable(v.string())) }))),
});

const CreatedSchema = v.object({ id: v.string(), secure_stream_url: v.optional(v.string()), stream_url: v.optional(v.string()) });
const StreamUrlSchema = v.object({ id: v.string(), secure_stream_url: v.optional(v.nullable(v.string())) });
const WriteSchema = v.union([v.object({ id: v.string() }), v.object({ success: v.boolean() })]);

/** Graph answers times as `2026-10-01T12:00:00+0000`; Chorus answers ISO 8601 UTC with `Z`. */
function isoTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

/** Graph gives permalinks as paths on www.facebook.com (`/{page}/videos/{id}/`). */
const absolute = (link: string | null | undefined) => (link ? new URL(link, "https://www.facebook.com").toString() : null);

function toBroadcast(node: v.InferOutput<typeof LiveVideoSchema>): NetworkBroadcast {
  const status = facebookBroadcastStatuses[node.status] ?? "failed";
  return {
    networkId: node.id,
    status,
    networkStatus: node.status,
    title: node.title ?? null,
    description: node.description ?? null,
    scheduledStartTime: isoTime(node.planned_start_time),
    startedAt: isoTime(node.broadcast_start_time),
    permalinkUrl: absolute(node.permalink_url),
    // The recording exists once Meta reports VOD; before that a permalink plays nothing yet.
    replayUrl: status === "replay_ready" ? absolute(node.video?.permalink_url ?? node.permalink_url) : null,
  };
}

/**
 * `rtmps://live-api-s.facebook.com:443/rtmp/<stream key>`: encoders take the server and the key
 * apart, and the key is the last path segment.
 */
export function splitStreamUrl(streamUrl: string): IngestCredentials {
  const cut = streamUrl.lastIndexOf("/");
  if (cut <= "rtmps://".length) throw new ApiError("platform_unavailable", { platform: "facebook", message: "Facebook answered a stream URL without a stream key." });
  return { url: streamUrl.slice(0, cut + 1), streamKey: streamUrl.slice(cut + 1) };
}

/** Runs `call` as the broadcast's page (asPage: the stored token, then a fresh one if Graph refuses it). */
async function asBroadcastPage<T>(tokens: TokenSet, net: NetworkContext, pageId: string | null, call: (page: PageAccess) => Promise<T>): Promise<T> {
  if (!pageId) {
    throw new ApiError("field_required", {
      param: "pageId",
      platform: "facebook",
      message: "Facebook broadcasts go out on a page: pageId is required.",
      fix: "Pass pageId, a page id from GET /v1/social-accounts/{id}/targets.",
    });
  }
  const notManaged = () =>
    new ApiError("field_invalid", {
      param: "pageId",
      platform: "facebook",
      message: `Page ${pageId} is not a page this Facebook account manages.`,
      fix: "Pick a page from GET /v1/social-accounts/{id}/targets, or reconnect with a person who manages the page.",
    });
  return asPage(tokens, net, pageId, call, notManaged);
}

/** Live Video API eligibility (since 2024-06-10, shared/networks/facebook.md section 7): a page needs this many followers. */
export const facebookLiveMinFollowers = 100;

const PageFollowers = v.object({ followers_count: v.optional(v.number()) });

/**
 * Graph's refusal of a page too small to go live is a plain code 100 with no subcode of its own,
 * so its message is all Chorus would pass on: the page's follower count, read after the refusal,
 * tells whether that is the reason, and then the error says how to get past it.
 */
async function explainRefusal(net: NetworkContext, page: PageAccess, error: unknown): Promise<never> {
  if (!(error instanceof ApiError) || error.code !== "platform_rejected") throw error;
  const followers = await graphRequest(net, table, facebookGraphUrl(net, page.pageId, { fields: "followers_count", access_token: page.token }), PageFollowers)
    .then((body) => body.followers_count ?? null)
    .catch(() => null);
  if (followers === null || followers >= facebookLiveMinFollowers) throw error;
  throw new ApiError("platform_rejected", {
    platform: "facebook",
    message: `${error.message} (the page has ${followers} followers; Facebook lets a page go live from ${facebookLiveMinFollowers}.)`,
    fix: `Go live from a page with at least ${facebookLiveMinFollowers} followers (GET /v1/social-accounts/{id}/targets shows each page's \`followers\`), or grow this page to ${facebookLiveMinFollowers} followers first; retrying does not help until then.`,
  });
}

async function readNode(net: NetworkContext, page: PageAccess, networkId: string): Promise<NetworkBroadcast> {
  const url = facebookGraphUrl(net, networkId, { fields: liveVideoFields, access_token: page.token });
  return toBroadcast(await graphRequest(net, table, url, LiveVideoSchema));
}

async function update(tokens: TokenSet, net: NetworkContext, ref: BroadcastRef, fields: Record<string, string>): Promise<NetworkBroadcast> {
  // Only the write runs again when a stored page token is refused; the read after it uses the token that worked.
  const page = await asBroadcastPage(tokens, net, ref.pageId, async (page) => {
    await graphPost(net, table, facebookGraphUrl(net, ref.networkId), { ...fields, access_token: page.token }, WriteSchema);
    return page;
  });
  return readNode(net, page, ref.networkId);
}

export const facebookLive: LiveFacet = {
  async createBroadcast(tokens, input, net) {
    const scheduled = input.scheduledStartTime !== null;
    // Meta refuses it anyway; refusing first names the field and the window.
    if (scheduled && Date.parse(input.scheduledStartTime ?? "") - net.now().getTime() > facebookMaxScheduleDays * 86400_000) {
      throw new ApiError("broadcast_schedule_too_far", {
        param: "scheduledStartTime",
        platform: "facebook",
        message: `Facebook schedules live video at most ${facebookMaxScheduleDays} days ahead.`,
        fix: `Send a scheduledStartTime within ${facebookMaxScheduleDays} days from now, or create the broadcast later.`,
      });
    }
    const fields = (page: PageAccess): Record<string, string | undefined> => ({
      status: scheduled ? "SCHEDULED_UNPUBLISHED" : "UNPUBLISHED",
      title: input.title,
      description: input.description ?? undefined,
      event_params: scheduled ? JSON.stringify({ start_time: Math.floor(Date.parse(input.scheduledStartTime ?? "") / 1000) }) : undefined,
      access_token: page.token,
    });
    // As in update: only the create runs again when a stored page token is refused, never the read.
    const { page, created } = await asBroadcastPage(tokens, net, input.pageId, async (page) => ({
      page,
      created: await graphPost(net, table, facebookGraphUrl(net, `${page.pageId}/live_videos`), fields(page), CreatedSchema).catch((error: unknown) => explainRefusal(net, page, error)),
    }));
    const streamUrl = created.secure_stream_url ?? created.stream_url;
    if (!streamUrl) throw new ApiError("platform_unavailable", { platform: "facebook", message: "Facebook created the broadcast but answered no stream URL." });
    return { ...(await readNode(net, page, created.id)), ingest: splitStreamUrl(streamUrl) };
  },

  async readBroadcast(tokens, ref, net) {
    return asBroadcastPage(tokens, net, ref.pageId, (page) => readNode(net, page, ref.networkId));
  },

  async startBroadcast(tokens, ref, _current, net) {
    return update(tokens, net, ref, { status: "LIVE_NOW" });
  },

  async endBroadcast(tokens, ref, current, net) {
    return update(tokens, net, ref, current.status === "scheduled" ? { status: "SCHEDULED_CANCELED" } : { end_live_video: "true" });
  },

  async ingestCredentials(tokens, ref, net) {
    const read = (page: PageAccess) => graphRequest(net, table, facebookGraphUrl(net, ref.networkId, { fields: "id,secure_stream_url", access_token: page.token }), v.unknown());
    const node = parseGraphBody(table, StreamUrlSchema, await asBroadcastPage(tokens, net, ref.pageId, read));
    if (!node.secure_stream_url) {
      throw new ApiError("broadcast_state_invalid", { platform: "facebook", message: "Facebook no longer gives a stream URL for this broadcast: it is over." });
    }
    return splitStreamUrl(node.secure_stream_url);
  },
};

import * as v from "valibot";
import { broadcastStatuses } from "../../../networks/facets/live.js";
import { platformIds } from "../../../networks/registry.js";
import { cursorQuery, limitQuery, named, namedBody } from "../../openapi-helpers.js";

export const BroadcastParam = v.object({
  id: v.pipe(v.string(), v.maxLength(64), v.description("`acc_…`")),
  liveId: v.pipe(v.string(), v.maxLength(64), v.description("`live_…`, from the creation answer or the list.")),
});

export const ListBroadcastsQuery = v.strictObject({ cursor: cursorQuery, limit: limitQuery() });

export const statusDescription =
  "Chorus's status, mapped from the network's (`networkStatus`). `scheduled`: announced for `scheduledStartTime`, not live (Facebook SCHEDULED_UNPUBLISHED, SCHEDULED_LIVE). `ready`: prepared, waiting for start (Facebook UNPUBLISHED; YouTube created, ready, testStarting, testing; a YouTube broadcast always has a scheduledStartTime). `live`: on air (Facebook LIVE; YouTube liveStarting, live). `ended`: over; a recording, when the network keeps one, follows as `replay_ready` (LIVE_STOPPED; also a scheduled broadcast cancelled or expired, SCHEDULED_CANCELED or SCHEDULED_EXPIRED, which has none). `processing`: over, the network reports the replay being made (PROCESSING). `replay_ready`: `replayUrl` plays the recording (Facebook VOD; YouTube complete and recorded). YouTube `complete` without a recording is `ended`; `revoked` is `failed`. `failed`: the network removed it, or a status Chorus does not recognise. Transitions: `scheduled` or `ready` -> `live` by POST .../start; `live` -> `ended` by POST .../end, then `replay_ready` once the network has processed it; `scheduled` -> `ended` by POST .../end (cancels it). Any other operation is 409 `broadcast_state_invalid`.";

const example = {
  id: "live_4Tq9WmZ2cX8bRk1sLp7N",
  account: "acc_7Hq2xWm9Lr4Tb8Zc",
  platform: "facebook" as const,
  pageId: "104857600123456",
  networkId: "1029384756102938",
  title: "Launch day, live",
  description: "Questions welcome in the comments.",
  status: "scheduled" as const,
  networkStatus: "SCHEDULED_UNPUBLISHED",
  scheduledStartTime: "2026-11-25T17:00:00.000Z",
  startedAt: null,
  endedAt: null,
  permalinkUrl: "https://www.facebook.com/104857600123456/videos/1029384756102940/",
  replayUrl: null,
  statusCheckedAt: "2026-11-24T09:00:00.000Z",
  createdAt: "2026-11-24T09:00:00.000Z",
};

const broadcastFields = {
  id: v.pipe(v.string(), v.description("Chorus's id, `live_…`.")),
  account: v.pipe(v.string(), v.description("`acc_…` the broadcast belongs to.")),
  platform: v.picklist(platformIds),
  pageId: v.pipe(v.nullable(v.string()), v.description("The page it is on (Facebook), or null where the account is the channel.")),
  networkId: v.pipe(v.string(), v.description("The network's own id (Facebook LiveVideo id, YouTube liveBroadcast id).")),
  title: v.nullable(v.string()),
  description: v.nullable(v.string()),
  status: v.pipe(v.picklist(broadcastStatuses), v.description(statusDescription)),
  networkStatus: v.pipe(v.string(), v.description("The network's own status value, unmapped.")),
  scheduledStartTime: v.pipe(v.nullable(v.string()), v.description("ISO 8601 UTC start announced for a scheduled broadcast.")),
  startedAt: v.pipe(v.nullable(v.string()), v.description("When it went live, as the network reports it (or when Chorus first saw it live).")),
  endedAt: v.pipe(v.nullable(v.string()), v.description("When Chorus first saw it over.")),
  permalinkUrl: v.pipe(v.nullable(v.string()), v.description("The broadcast's page on the network.")),
  replayUrl: v.pipe(v.nullable(v.string()), v.description("The recording, once the network has one (`replay_ready`); null before.")),
  statusCheckedAt: v.pipe(v.string(), v.description("When `status` was last read from the network. GET of one broadcast always reads it now; the list shows the last known.")),
  createdAt: v.string(),
};

export const LiveBroadcastSchema = named("LiveBroadcast", v.object(broadcastFields), example);

const IngestSchema = named(
  "LiveIngestCredentials",
  v.pipe(
    v.object({
      url: v.pipe(v.string(), v.description("The RTMPS server URL to put in the encoder (OBS: Server).")),
      streamKey: v.pipe(v.string(), v.description("The stream key (OBS: Stream Key). A secret: whoever holds it can broadcast on the page.")),
    }),
    v.description("Where the encoder sends the stream."),
  ),
  { url: "rtmps://live-api-s.facebook.com:443/rtmp/", streamKey: "FB-1029384756102938-0-AbxYz0123456789" },
);

export const CreatedBroadcastSchema = named(
  "CreatedLiveBroadcast",
  v.object({
    ...broadcastFields,
    ingest: v.pipe(
      IngestSchema,
      v.description("The stream credentials, in this answer only (like a webhook secret): no list or read returns them. Lost them? POST .../credentials reveals them again, and records that it did."),
    ),
  }),
  { ...example, ingest: { url: "rtmps://live-api-s.facebook.com:443/rtmp/", streamKey: "FB-1029384756102938-0-AbxYz0123456789" } },
);

export const BroadcastListSchema = named("LiveBroadcastList", v.object({ items: v.array(LiveBroadcastSchema), cursor: v.nullable(v.string()) }));

export const RevealedCredentialsSchema = named("RevealedLiveCredentials", v.object({ id: v.pipe(v.string(), v.description("`live_…`")), ingest: IngestSchema }), {
  id: example.id,
  ingest: { url: "rtmps://live-api-s.facebook.com:443/rtmp/", streamKey: "FB-1029384756102938-0-AbxYz0123456789" },
});

export const CreateBroadcastBody = namedBody(
  "CreateLiveBroadcastRequest",
  v.strictObject({
    pageId: v.pipe(
      v.optional(v.pipe(v.string(), v.regex(/^\d{1,32}$/, "must be a page id from GET /v1/social-accounts/{id}/targets"))),
      v.description("Facebook: the page to broadcast on, from GET /v1/social-accounts/{id}/targets. Required there."),
    ),
    title: v.pipe(v.string(), v.minLength(1), v.maxLength(255), v.description("Shown with the broadcast.")),
    description: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(5000))), v.description("Shown with the broadcast.")),
    scheduledStartTime: v.pipe(
      v.optional(v.pipe(v.string(), v.maxLength(40))),
      v.description(
        "Future ISO 8601 instant (with `Z` or an offset) to announce the broadcast for: it is `scheduled`. Facebook takes at most seven days ahead (400 `broadcast_schedule_too_far`). Omit to prepare a `ready` broadcast you start with POST .../start.",
      ),
    ),
  }),
  { pageId: "104857600123456", title: "Launch day, live", description: "Questions welcome in the comments.", scheduledStartTime: "2026-11-25T17:00:00Z" },
);

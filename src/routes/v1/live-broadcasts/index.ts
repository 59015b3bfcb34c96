import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { createBroadcast, endBroadcast, listBroadcasts, readBroadcast, startBroadcast } from "../../../domain/insights/index.js";
import { revealCredentials } from "../../../domain/insights/index.js";
import type { AppEnv } from "../../../http/context.js";
import { noBody } from "../../../http/no-body.js";
import { validate } from "../../../http/validate.js";
import type { ErrorCode } from "../../../infra/error-catalogue.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { AccountIdParam } from "../social-accounts/schema.js";
import { BroadcastListSchema, BroadcastParam, CreateBroadcastBody, CreatedBroadcastSchema, ListBroadcastsQuery, LiveBroadcastSchema, RevealedCredentialsSchema } from "./schema.js";

const tags = ["Live video"];

/** Every live route: the account must be connected and on a network that can go live. */
const accountErrors: ErrorCode[] = ["account_unknown", "capability_unsupported", "needs_reauth"];
/** Calls that reach the network. */
const networkErrors: ErrorCode[] = [
  "missing_permission",
  "missing_scope",
  "rate_limited",
  "quota_exceeded",
  "platform_unavailable",
  "platform_rejected",
  "temporarily_blocked",
  "owner_identity_check",
  "live_not_enabled",
  "video_no_channel",
];
const bodyErrors: ErrorCode[] = ["field_unknown", "field_wrong_type", "field_invalid", "field_required", "body_not_json"];

const overview =
  " Live video works on Facebook pages and YouTube channels (GET /v1/platforms: `live` lists the operations a network has); other networks answer 400 `capability_unsupported` naming the ones that can. Going live costs no credits.";

export const liveBroadcastRoutes = new Hono<AppEnv>()
  .get(
    "/social-accounts/:id/live-broadcasts",
    describeRoute({
      operationId: "listLiveBroadcasts",
      tags,
      summary: "The account's live broadcasts, newest first",
      description: `Broadcasts created through Chorus on this account, with the status last read from the network (\`statusCheckedAt\`); read one for its status now. Stream credentials are never listed.${overview}`,
      security,
      responses: { 200: jsonResponse(BroadcastListSchema, "A page of broadcasts."), ...errorResponses([...accountErrors, "cursor_invalid"]) },
    }),
    validate("param", AccountIdParam),
    validate("query", ListBroadcastsQuery),
    async (c) => c.json(await listBroadcasts({ ctx: c.get("ctx"), input: { ...c.req.valid("query"), id: c.req.valid("param").id } })),
  )
  .post(
    "/social-accounts/:id/live-broadcasts",
    describeRoute({
      operationId: "createLiveBroadcast",
      tags,
      summary: "Create a broadcast: prepared (`ready`) or announced for a time (`scheduled`)",
      description: `Creates the broadcast on the network (Facebook: a LiveVideo on the page, UNPUBLISHED or SCHEDULED_UNPUBLISHED; YouTube: a public liveBroadcast bound to a new RTMP liveStream, whose title YouTube limits to 100 characters without < or >) and answers 201 with \`ingest\`, the stream URL and key for the encoder. **This is the only answer that carries them**, like a webhook secret: keep them. If they are lost, POST .../credentials reads them again from the network and records the reveal in GET /v1/audit; Chorus itself never stores them. Start streaming, then POST .../start to go live (a scheduled broadcast can also be started early).${overview}`,
      security,
      parameters: [idempotencyHeader],
      responses: {
        201: jsonResponse(CreatedBroadcastSchema, "The broadcast, with its stream credentials (this once)."),
        ...errorResponses([...accountErrors, ...bodyErrors, "timestamp_invalid", "schedule_in_past", "broadcast_schedule_too_far", "title_invalid", "text_invalid", ...networkErrors]),
      },
    }),
    validate("param", AccountIdParam),
    validate("json", CreateBroadcastBody),
    async (c) => c.json(await createBroadcast({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } }), 201),
  )
  .get(
    "/social-accounts/:id/live-broadcasts/:liveId",
    describeRoute({
      operationId: "getLiveBroadcast",
      tags,
      summary: "A broadcast's status now, read from the network, and its replay URL once there is one",
      description: `Reads the network's authoritative status (Facebook: GET /{live-video-id}?fields=status,...; YouTube: liveBroadcasts.list) and stores it as the last known one. \`replayUrl\` is set once the recording exists (\`replay_ready\`, Facebook VOD). Stream credentials are never returned here.${overview}`,
      security,
      responses: { 200: jsonResponse(LiveBroadcastSchema, "The broadcast now."), ...errorResponses([...accountErrors, "resource_not_found", ...networkErrors]) },
    }),
    validate("param", BroadcastParam),
    async (c) => c.json(await readBroadcast({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .post(
    "/social-accounts/:id/live-broadcasts/:liveId/start",
    describeRoute({
      operationId: "startLiveBroadcast",
      tags,
      summary: "Make a `scheduled` or `ready` broadcast live",
      description: `Checks the status the network reports now, then goes live (Facebook: status=LIVE_NOW; YouTube: liveBroadcasts.transition to live). Any other status is 409 \`broadcast_state_invalid\` naming it.${overview}`,
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(LiveBroadcastSchema, "The broadcast after the change."),
        ...errorResponses([...accountErrors, "resource_not_found", "broadcast_state_invalid", ...networkErrors]),
      },
    }),
    noBody(),
    validate("param", BroadcastParam),
    async (c) => c.json(await startBroadcast({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .post(
    "/social-accounts/:id/live-broadcasts/:liveId/end",
    describeRoute({
      operationId: "endLiveBroadcast",
      tags,
      summary: "End a `live` broadcast, or cancel a `scheduled` one",
      description: `Checks the status the network reports now, then ends it (Facebook: end_live_video=true, or status=SCHEDULED_CANCELED for a scheduled broadcast; YouTube: transition to complete). The replay follows: \`processing\`, then \`replay_ready\` with \`replayUrl\`. A \`ready\` or already ended broadcast is 409 \`broadcast_state_invalid\`.${overview}`,
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(LiveBroadcastSchema, "The broadcast after the change."),
        ...errorResponses([...accountErrors, "resource_not_found", "broadcast_state_invalid", ...networkErrors]),
      },
    }),
    noBody(),
    validate("param", BroadcastParam),
    async (c) => c.json(await endBroadcast({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .post(
    "/social-accounts/:id/live-broadcasts/:liveId/credentials",
    describeRoute({
      operationId: "revealLiveBroadcastCredentials",
      tags,
      summary: "Reveal the stream URL and key again (audited)",
      description: `A deliberate reveal for a person who lost the creation answer: reads the stream credentials from the network (Chorus never stores them) while the broadcast is \`scheduled\`, \`ready\` or \`live\` (otherwise 409 \`broadcast_state_invalid\`), and records \`live.credentials_revealed\` with the key that asked in GET /v1/audit.${overview}`,
      security,
      parameters: [idempotencyHeader],
      responses: { 200: jsonResponse(RevealedCredentialsSchema, "The stream credentials."), ...errorResponses([...accountErrors, "resource_not_found", "broadcast_state_invalid", ...networkErrors]) },
    }),
    noBody(),
    validate("param", BroadcastParam),
    async (c) => c.json(await revealCredentials({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );

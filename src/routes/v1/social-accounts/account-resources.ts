import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getAllowance } from "../../../domain/accounts/index.js";
import { getPublishInfo, listAdAccounts, listBrandedPartners, listChannelEvents, listTargets } from "../../../domain/accounts/index.js";
import { subscribeAccountWebhook, updateAccountProfile } from "../../../domain/accounts/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import type { ErrorCode } from "../../../infra/error-catalogue.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import {
  AdAccountsSchema,
  AllowanceSchema,
  BrandedPartnersSchema,
  ChannelEventsSchema,
  ProfileBody,
  ProfileResultSchema,
  PublishInfoSchema,
  TargetsSchema,
  WebhookBody,
  WebhookResultSchema,
} from "./account-resources-schema.js";
import { AccountIdParam } from "./schema.js";

const tags = ["Social accounts"];

/** What any call that reaches the account's network can answer, besides the route's own codes. */
const networkErrors: ErrorCode[] = ["account_unknown", "needs_reauth", "missing_scope", "missing_permission", "rate_limited", "platform_unavailable", "platform_rejected"];
const bodyErrors: ErrorCode[] = ["field_unknown", "field_wrong_type", "field_invalid", "body_not_json"];

/** Per-account network reads and settings: destinations, creator info, allowance, profile, webhook, ads, partners, events. */
export const accountResourceRoutes = new Hono<AppEnv>()
  .get(
    "/social-accounts/:id/targets",
    describeRoute({
      operationId: "listAccountTargets",
      tags,
      summary: "Destinations inside an account: pages, boards, locations, organisations",
      description:
        "Read live from the network: Facebook pages, Pinterest boards, Google Business locations and the LinkedIn organisations the member administers. Networks where the account is itself the destination (X, Bluesky, TikTok, YouTube, Threads, Instagram) answer an empty list without calling the network.",
      security,
      responses: { 200: jsonResponse(TargetsSchema, "The account's destinations."), ...errorResponses(networkErrors) },
    }),
    validate("param", AccountIdParam),
    async (c) => c.json(await listTargets({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .get(
    "/social-accounts/:id/publish-info",
    describeRoute({
      operationId: "getAccountPublishInfo",
      tags,
      summary: "Live creator-level constraints (TikTok)",
      description:
        "TikTok asks apps to read these before every post: the privacy levels offered to this creator, whether comments, duets and stitches are switched off, and the longest video allowed. Other networks have no such constraints and answer 404 `publish_info_unsupported`.",
      security,
      responses: { 200: jsonResponse(PublishInfoSchema, "The creator's constraints now."), ...errorResponses(["publish_info_unsupported", "quota_exceeded", ...networkErrors, "field_invalid"]) },
    }),
    validate("param", AccountIdParam),
    async (c) => c.json(await getPublishInfo({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .get(
    "/social-accounts/:id/allowance",
    describeRoute({
      operationId: "getAccountAllowance",
      tags,
      summary: "Posts left in the network's own rolling window",
      description:
        "Instagram and Threads report the count themselves and it is read live (`source: network`). TikTok documents a per-creator window but has no endpoint for it: the documented limit is answered with Chorus's own count (`source: documented`). Other networks publish no per-account posting window and answer 400 `capability_unsupported`.",
      security,
      responses: { 200: jsonResponse(AllowanceSchema, "The allowance."), ...errorResponses(["capability_unsupported", ...networkErrors, "field_invalid"]) },
    }),
    validate("param", AccountIdParam),
    async (c) => c.json(await getAllowance({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .patch(
    "/social-accounts/:id/profile",
    describeRoute({
      operationId: "updateAccountProfile",
      tags,
      summary: "Change the account's display name, bio, avatar or banner on the network",
      description:
        "Only the fields sent change. Images are public https URLs that Chorus downloads and uploads for you (at most 3 https redirects, 10 seconds; a private, local or unreachable address, or an error status, answers 400 `url_unreachable`, the same for every cause). Networks that do not allow profile edits through their API (every network but Bluesky today) answer 400 `capability_unsupported` naming the network.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(ProfileResultSchema, "The network accepted the change."),
        ...errorResponses(["capability_unsupported", "media_too_large", "media_type_unsupported", "url_unreachable", ...bodyErrors, ...networkErrors, "field_invalid"]),
      },
    }),
    validate("param", AccountIdParam),
    validate("json", ProfileBody),
    async (c) => c.json(await updateAccountProfile({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } })),
  )
  .post(
    "/social-accounts/:id/webhook",
    describeRoute({
      operationId: "subscribeAccountWebhook",
      tags,
      summary: "Subscribe the account itself to the network's webhooks",
      description:
        "Facebook delivers nothing for a page that has not installed the app, even when the app is subscribed: this installs it on every page the person manages. Instagram is subscribed through its page (Facebook login) or itself (Instagram login). `fields` are the network's webhook field names (default `feed`, `mention`, `messages`; Instagram's own door uses `comments`, `mentions`, `messages`); a field the network does not have is its 422 refusal. Threads (webhooks configured on the app alone) and the networks that push nothing (their comments, mentions and messages are polled) answer 400 `capability_unsupported` saying so. Comments, mentions and messages then arrive as `comment.received`, `mention.received` and `message.received`.",
      security,
      parameters: [idempotencyHeader],
      responses: { 200: jsonResponse(WebhookResultSchema, "The subscription."), ...errorResponses(["capability_unsupported", ...bodyErrors, ...networkErrors, "field_invalid"]) },
    }),
    validate("param", AccountIdParam),
    validate("json", WebhookBody),
    async (c) => c.json(await subscribeAccountWebhook({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, fields: c.req.valid("json").fields } })),
  )
  .get(
    "/social-accounts/:id/ad-accounts",
    describeRoute({
      operationId: "listAccountAdAccounts",
      tags,
      summary: "Ad accounts the channel can use",
      description:
        "Facebook, Pinterest, and Instagram connected through Facebook login (the Instagram-login door answers `photo_page_door_required`). Other networks answer 400 `capability_unsupported`.",
      security,
      responses: { 200: jsonResponse(AdAccountsSchema, "The ad accounts."), ...errorResponses(["capability_unsupported", "photo_page_door_required", ...networkErrors, "field_invalid"]) },
    }),
    validate("param", AccountIdParam),
    async (c) => c.json(await listAdAccounts({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .get(
    "/social-accounts/:id/branded-partners",
    describeRoute({
      operationId: "listAccountBrandedPartners",
      tags,
      summary: "Branded-content partners approved to tag the account",
      description:
        "Creators a brand approved to tag it, or brands a creator approved. Instagram only, and only on an account connected through Facebook login; the Instagram-login door answers `photo_page_door_required` with the connect link to use.",
      security,
      responses: {
        200: jsonResponse(BrandedPartnersSchema, "The partners."),
        ...errorResponses(["capability_unsupported", "photo_page_door_required", "branded_content_not_enabled", ...networkErrors, "field_invalid"]),
      },
    }),
    validate("param", AccountIdParam),
    async (c) => c.json(await listBrandedPartners({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .get(
    "/social-accounts/:id/events",
    describeRoute({
      operationId: "listAccountEvents",
      tags,
      summary: "Scheduled events on the channel (YouTube upcoming broadcasts)",
      description: "Other networks answer 400 `capability_unsupported`.",
      security,
      responses: { 200: jsonResponse(ChannelEventsSchema, "The upcoming events."), ...errorResponses(["capability_unsupported", "video_no_channel", ...networkErrors, "field_invalid"]) },
    }),
    validate("param", AccountIdParam),
    async (c) => c.json(await listChannelEvents({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );

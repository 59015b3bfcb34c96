import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { listNotifications } from "../../../domain/inbox/index.js";
import { markNotificationsSeen } from "../../../domain/inbox/index.js";
import type { AppEnv } from "../../../http/context.js";
import { noBody } from "../../../http/no-body.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { ListNotificationsQuery, MarkSeenQuery, MarkSeenResultSchema, NotificationListSchema } from "./schema.js";

const tags = ["Inbox"];

export const notificationRoutes = new Hono<AppEnv>()
  .get(
    "/notifications",
    describeRoute({
      operationId: "listNotifications",
      tags,
      summary: "Notifications across networks, newest first",
      description:
        "Likes, replies, mentions, follows, reposts and quotes of every connected account (or of `account`), merged newest first. Each network is read in parallel with its own timeout; a network that timed out, failed, needs reauthorising or has no notifications at all is a `problems` entry, and the others still answer. The cursor holds one position per network. What each network's API lets Chorus read: Bluesky, all six kinds; X, mentions and replies; Threads, mentions (its mentions edge); Facebook, `mentions` (posts tagging the account's pages, `/tagged`); Instagram connected through Facebook Login, `mentions` (media tagging the account, its `tags` edge; on the Instagram-login door it is a `problems` entry, and @-mentions reach apps only as webhooks); YouTube, which has no notifications API, `replies`: other people's comments on the channel's videos (commentThreads.list by channel, top-level comments only). LinkedIn company pages the member administers (ADMINISTRATOR role, `rw_organization_admin`): `replies` (comments on the page's posts), `reposts` and `quotes` (reshares, with text of their own for quotes) and `mentions` (posts naming the page), through the organizationalEntityNotifications finder, 60 days back; likes are left out because LinkedIn does not name who liked. A personal LinkedIn profile has no notifications API and, like Pinterest, TikTok and Google Business, which offer no readable feed (Meta pushes its other kinds as webhooks only), is a `problems` entry (`capability_unsupported`).",
      security,
      responses: {
        200: jsonResponse(NotificationListSchema, "A page of notifications and the networks that could not be read."),
        ...errorResponses(["field_unknown", "field_invalid", "cursor_invalid", "account_unknown"]),
      },
    }),
    validate("query", ListNotificationsQuery),
    async (c) => c.json(await listNotifications({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  )
  .post(
    "/notifications/seen",
    describeRoute({
      operationId: "markNotificationsSeen",
      tags,
      summary: "Mark notifications seen",
      description: "Marks every notification up to now as seen on the networks that keep that state (Bluesky); the others are listed in `skipped` with the reason.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(MarkSeenResultSchema, "Which accounts were marked and which were skipped."),
        ...errorResponses(["field_unknown", "field_invalid", "account_unknown"]),
      },
    }),
    noBody(),
    validate("query", MarkSeenQuery),
    async (c) => c.json(await markNotificationsSeen({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  );

import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { listConversations } from "../../../domain/inbox/index.js";
import { listConversationMessages } from "../../../domain/inbox/index.js";
import { sendConversationMessage } from "../../../domain/inbox/index.js";
import type { AppEnv } from "../../../http/context.js";
import type { ErrorCode } from "../../../infra/error-catalogue.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { ConversationIdParam, ConversationListSchema, ListConversationsQuery, ListMessagesQuery, MessageListSchema, SendMessageBody, SentMessageSchema } from "./schema.js";

const tags = ["Inbox"];

/** What the network can answer when a conversation is read or written on it. */
const conversationCallErrors: ErrorCode[] = [
  "needs_reauth",
  "missing_permission",
  "missing_scope",
  "owner_identity_check",
  "rate_limited",
  "quota_exceeded",
  "temporarily_blocked",
  "platform_rejected",
  "platform_unavailable",
  "micro_unavailable",
];

export const conversationRoutes = new Hono<AppEnv>()
  .get(
    "/conversations",
    describeRoute({
      operationId: "listConversations",
      tags,
      summary: "Direct-message conversations across networks",
      description:
        "The direct-message conversations of every connected account (or of `account`), the most recently active first: Facebook pages (Messenger), Instagram, X and Bluesky chat. Each network is read in parallel with its own timeout; a network without direct messages (`capability_unsupported`), one that timed out or failed, or an account to reconnect is a `problems` entry, and the others still answer. `replyBy` says until when Meta accepts a reply. `unread` is null where the network does not say (Instagram accounts connected through Instagram login: its Conversations API has no unread count). Conversation ids are Chorus's (`cnv_…`): they carry the account, and are 404 in any other workspace.",
      security,
      responses: {
        200: jsonResponse(ConversationListSchema, "A page of conversations and the networks that could not be read."),
        ...errorResponses(["field_unknown", "field_invalid", "cursor_invalid", "account_unknown"]),
      },
    }),
    validate("query", ListConversationsQuery),
    async (c) => c.json(await listConversations({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  )
  .get(
    "/conversations/:id/messages",
    describeRoute({
      operationId: "listConversationMessages",
      tags,
      summary: "The messages of one conversation, newest first",
      description:
        "Read live from the network. Instagram gives only the newest 20 messages of a conversation (older ones have no sender, text or time there), so an Instagram conversation's list ends after 20 messages: `cursor` is null then, though older messages exist. A connection to renew is 409 `needs_reauth`; a network that refuses or fails answers its error (this is no cross-network read, so there is no `problems`).",
      security,
      responses: {
        200: jsonResponse(MessageListSchema, "A page of messages."),
        ...errorResponses(["field_unknown", "field_invalid", "cursor_invalid", "resource_not_found", "capability_unsupported", ...conversationCallErrors]),
      },
    }),
    validate("param", ConversationIdParam),
    validate("query", ListMessagesQuery),
    async (c) => c.json(await listConversationMessages({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, ...c.req.valid("query") } })),
  )
  .post(
    "/conversations/:id/messages",
    describeRoute({
      operationId: "sendConversationMessage",
      tags,
      summary: "Reply in a conversation",
      description:
        "Sends `text` (and `media` from the media library, where the network takes files) in the conversation, as its account. Facebook and Instagram accept a standard reply until 24 hours after the person's last message (`replyBy`); a reply a person wrote may set `humanAgent: true` (Meta's HUMAN_AGENT tag), which allows 7 days. Automated replies must never set it. Past the window the answer is 422 `page_reply_window_closed` (Facebook) or `photo_reply_window_closed` (Instagram); nothing was sent. X and Bluesky have no window. Use an `Idempotency-Key` to retry without sending twice.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(SentMessageSchema, "The message was sent."),
        ...errorResponses([
          "field_unknown",
          "field_wrong_type",
          "field_required",
          "field_invalid",
          "body_not_json",
          "text_required",
          "media_unknown",
          "resource_not_found",
          "capability_unsupported",
          "page_reply_window_closed",
          "photo_reply_window_closed",
          "photo_messages_switched_off",
          ...conversationCallErrors,
        ]),
      },
    }),
    validate("param", ConversationIdParam),
    validate("json", SendMessageBody),
    async (c) => c.json(await sendConversationMessage({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, ...c.req.valid("json") } })),
  );

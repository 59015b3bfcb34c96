import * as v from "valibot";
import { listConversationMessages, markNotificationsSeen } from "../../domain/inbox/index.js";
import { ConversationIdParam, MessageListSchema } from "../../routes/v1/conversations/schema.js";
import { MarkSeenQuery, MarkSeenResultSchema } from "../../routes/v1/notifications/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { pageArguments } from "./list-arguments.js";

/** Reading one conversation, and telling the networks what has been seen. */
export const inboxStateTools = [
  defineTool({
    name: "list_messages",
    action: "read",
    title: "Messages of a conversation",
    description: "The messages of one conversation, newest first (GET /v1/conversations/{id}/messages); `id` is a conversation `id` from `list_conversations`.",
    input: v.strictObject({ id: v.pipe(ConversationIdParam.entries.id, v.minLength(1, "must not be empty")), ...pageArguments }),
    output: MessageListSchema,
    annotations: { ...readOnly, idempotentHint: false, openWorldHint: true },
    run: async ({ ctx }, input) => listConversationMessages({ ctx, input }),
  }),
  defineTool({
    name: "mark_notifications_seen",
    action: "read",
    title: "Mark notifications seen",
    description: "Tells the network of `account` that its notifications up to now have been seen, where it keeps that state (POST /v1/notifications/seen). Marking twice changes nothing.",
    input: v.strictObject(MarkSeenQuery.entries),
    output: MarkSeenResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ ctx }, input) => markNotificationsSeen({ ctx, input }),
  }),
];

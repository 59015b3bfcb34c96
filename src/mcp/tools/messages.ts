import * as v from "valibot";
import { listConversations } from "../../domain/inbox/index.js";
import { sendConversationMessage } from "../../domain/inbox/index.js";
import { ConversationIdParam, ConversationListSchema, ListConversationsQuery, SendMessageBody, SentMessageSchema } from "../../routes/v1/conversations/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { idempotencyKeyArgument, writeWithKey } from "./keyed-create.js";
import { pageArguments } from "./list-arguments.js";

const SendArguments = v.strictObject({
  id: v.pipe(ConversationIdParam.entries.id, v.minLength(1, "must not be empty")),
  ...SendMessageBody.entries,
  idempotencyKey: idempotencyKeyArgument(
    "Works exactly like the REST Idempotency-Key header: repeating the call with the same key and message within 24 hours returns the first answer and sends nothing again.",
  ),
});

export const messageTools = [
  defineTool({
    name: "list_conversations",
    action: "read",
    title: "Direct-message conversations",
    description:
      "Direct-message conversations of every connected account (or of `account`), most recently active first (GET /v1/conversations): Facebook pages, Instagram, X and Bluesky chat. Networks without direct messages are `capability_unsupported` in `problems`. `replyBy` says until when Meta accepts a standard reply; each `cnv_…` id is what `send_message` takes.",
    input: v.strictObject({ account: ListConversationsQuery.entries.account, ...pageArguments }),
    output: ConversationListSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => listConversations({ ctx, input }),
  }),
  defineTool({
    name: "send_message",
    action: "reply_and_message",
    title: "Reply in a conversation",
    description:
      "Sends `text` (and `media` ids from `upload_media` where the network takes files) in a conversation as its account (POST /v1/conversations/{id}/messages). Facebook and Instagram accept a standard reply until `replyBy` (24 hours after the person's last message): later is `page_reply_window_closed` or `photo_reply_window_closed` and nothing is sent. Only a reply a person wrote may set `humanAgent: true` (7 days); an agent's own replies must not. Send `idempotencyKey` so a retry never sends twice.",
    input: SendArguments,
    output: SentMessageSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async (call, input, raw) => {
      const { idempotencyKey, ...message } = input;
      const send = () => sendConversationMessage({ ctx: call.ctx, input: message });
      if (idempotencyKey === undefined) return send();
      const { idempotencyKey: _key, id: _id, ...sent } = raw;
      return writeWithKey(call, { key: idempotencyKey, path: `/v1/conversations/${encodeURIComponent(input.id)}/messages`, body: sent }, send, 200);
    },
  }),
];

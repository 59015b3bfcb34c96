import * as v from "valibot";
import { platformIds } from "../../../networks/registry.js";
import { cursorQuery, limitQuery, named, namedBody } from "../../openapi-helpers.js";
import { ReadProblemSchema, SocialActorSchema } from "../notifications/schema.js";

const accountQuery = v.pipe(v.optional(v.pipe(v.string(), v.regex(/^acc_[A-Za-z0-9_-]{1,60}$/, "must be an `acc_` id"))), v.description("One connected account (`acc_…`); omit for every account."));

export const ListConversationsQuery = v.strictObject({ account: accountQuery, cursor: cursorQuery, limit: limitQuery() });
export const ListMessagesQuery = v.strictObject({ cursor: cursorQuery, limit: limitQuery() });
export const ConversationIdParam = v.object({
  id: v.pipe(v.string(), v.maxLength(1000), v.description("A conversation `id` from GET /v1/conversations (`cnv_…`, opaque).")),
});

const exampleId = "cnv_WyJhY2NfN0hxMnhXbTlMcjRUYjhaYyIsIjEwMjQ4MzkyMDE4MzQ1NiIsInRfMTAyMjM0NTY3ODkiXQ";

export const ConversationSchema = named(
  "Conversation",
  v.object({
    id: v.pipe(v.string(), v.description("Chorus's id for the conversation (`cnv_…`): opaque, it names the connection it belongs to, and is 404 in any other workspace.")),
    account: v.pipe(v.string(), v.description("`acc_…` the conversation belongs to.")),
    platform: v.picklist(platformIds),
    networkConversationId: v.pipe(v.string(), v.description("The network's own id for the conversation.")),
    participants: v.pipe(v.array(SocialActorSchema), v.description("The other people in the conversation (never the account itself).")),
    lastMessageAt: v.pipe(v.string(), v.description("ISO 8601 UTC of the newest message, either way: the list's order.")),
    unread: v.pipe(v.nullable(v.boolean()), v.description("Whether the account has unread messages in it; null where the network does not say (X; Instagram through Instagram login).")),
    replyBy: v.pipe(
      v.nullable(v.string()),
      v.description(
        "When the network stops accepting a standard reply: 24 hours after the person's last message on Facebook and Instagram (a reply a person writes may set `humanAgent: true`, allowing 7 days). Null where no window applies (X, Bluesky) or the person has not written.",
      ),
    ),
  }),
  {
    id: exampleId,
    account: "acc_7Hq2xWm9Lr4Tb8Zc",
    platform: "facebook",
    networkConversationId: "t_10223456789",
    participants: [{ id: "7012345678901", handle: "Ada Visitor", displayName: "Ada Visitor", avatarUrl: null, url: null, platform: "facebook" }],
    lastMessageAt: "2026-11-24T10:00:00.000Z",
    unread: true,
    replyBy: "2026-11-25T10:00:00.000Z",
  },
);

export const ConversationListSchema = named(
  "ConversationList",
  v.object({
    items: v.array(ConversationSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description("Opaque; null at the end. Holds a position per network.")),
    problems: v.pipe(v.array(ReadProblemSchema), v.description("Every account that could not be read for this page, and why (networks without direct messages are `capability_unsupported`).")),
  }),
);

export const MessageSchema = named(
  "Message",
  v.object({
    id: v.pipe(v.string(), v.description("The network's id for the message.")),
    conversationId: v.pipe(v.string(), v.description("The `cnv_…` id of its conversation.")),
    account: v.string(),
    platform: v.picklist(platformIds),
    from: SocialActorSchema,
    text: v.nullable(v.string()),
    attachments: v.array(
      v.object({
        type: v.pipe(v.string(), v.description("`image`, `video`, `audio`, `file` or `other`.")),
        url: v.pipe(v.nullable(v.string()), v.description("Where the network serves the file, when it says.")),
      }),
    ),
    createdAt: v.pipe(v.string(), v.description("ISO 8601 UTC.")),
    direction: v.pipe(v.picklist(["in", "out"]), v.description("`in`: the person wrote it; `out`: the account did.")),
  }),
);

export const MessageListSchema = named(
  "MessageList",
  v.object({
    items: v.array(MessageSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description("Opaque; null at the end.")),
  }),
);

export const SendMessageBody = namedBody(
  "SendMessageRequest",
  v.strictObject({
    account: v.pipe(v.string(), v.regex(/^acc_[A-Za-z0-9_-]{1,60}$/, "must be an `acc_` id"), v.description("`acc_…` the conversation belongs to (its `account`).")),
    text: v.pipe(
      v.optional(v.pipe(v.string(), v.maxLength(2000))),
      v.description("The message (up to 2,000 characters; networks may allow less: Instagram 1,000 bytes, Bluesky 1,000 graphemes). Required unless `media` is sent."),
    ),
    media: v.pipe(
      v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^med_[A-Za-z0-9_-]{1,60}$/, "must be a `med_` id"))), v.maxLength(10))),
      v.description("Up to 10 `med_` ids from POST /v1/media, each sent as its own message after the text (Facebook, Instagram). X and Bluesky answer 400 `capability_unsupported`."),
    ),
    humanAgent: v.pipe(
      v.optional(v.boolean()),
      v.description(
        "True only when a person wrote this reply: Meta then accepts it up to 7 days after the person's last message instead of 24 hours (the HUMAN_AGENT tag). Automated replies must never set it. Ignored where no window applies (X, Bluesky).",
      ),
    ),
  }),
  { account: "acc_7Hq2xWm9Lr4Tb8Zc", text: "Thanks for writing! It ships on Monday.", humanAgent: true },
);

export const SentMessageSchema = named(
  "SentMessage",
  v.object({
    id: v.pipe(v.string(), v.description("The network's id for the message sent (the text's, or the first file's).")),
    conversationId: v.string(),
    account: v.string(),
    platform: v.picklist(platformIds),
    humanAgent: v.boolean(),
    ok: v.literal(true),
  }),
  { id: "m_AbCdEf123", conversationId: exampleId, account: "acc_7Hq2xWm9Lr4Tb8Zc", platform: "facebook", humanAgent: true, ok: true },
);

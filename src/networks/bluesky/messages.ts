import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { InboxFacet, NetworkActor, NetworkConversation, NetworkMessage } from "../facets/inbox.js";
import { parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { BLUESKY_CHAT_PROXY, BLUESKY_METHODS, BLUESKY_WEB_URL } from "./capabilities.js";
import { didOf, pdsUrlOf } from "./connect.js";
import { xrpcOrThrow } from "./xrpc.js";

/**
 * Bluesky chat (`chat.bsky.convo.*`), called on the account's PDS with the `atproto-proxy` header
 * naming Bluesky's chat service. Chat needs an app password created with direct-message access
 * (privileged); with any other the PDS answers 400 `InvalidToken` ("Bad token scope"), which the
 * error table reports as a missing permission. There is no reply window: the person's own
 * `allowIncoming` setting decides who may write. Messages carry text only (embeds are records or
 * join links), so media is refused before anything is sent.
 */

const Profile = v.object({ did: v.string(), handle: v.string(), displayName: v.optional(v.string()), avatar: v.optional(v.string()) });
const MessageView = v.object({
  $type: v.optional(v.string()),
  id: v.string(),
  text: v.optional(v.string()),
  sender: v.object({ did: v.string() }),
  sentAt: v.string(),
});
const ConvoView = v.object({
  id: v.string(),
  members: v.array(Profile),
  lastMessage: v.optional(v.nullable(v.object({ $type: v.optional(v.string()), sentAt: v.optional(v.string()) }))),
  unreadCount: v.optional(v.number()),
});
const ListConvos = v.object({ convos: v.array(ConvoView), cursor: v.optional(v.string()) });
// Loose: each entry is a message or a deleted-message view, told apart by `$type` and parsed after.
const GetMessages = v.object({ messages: v.array(v.looseObject({ $type: v.optional(v.string()), id: v.string() })), cursor: v.optional(v.string()) });

const actorOf = (p: v.InferOutput<typeof Profile>): NetworkActor => ({
  id: p.did,
  handle: p.handle,
  displayName: p.displayName ?? null,
  avatarUrl: p.avatar ?? null,
  url: `${BLUESKY_WEB_URL}/profile/${p.handle}`,
});

const chat = <T>(tokens: TokenSet, net: NetworkContext, nsid: string, request: { method: "GET" | "POST"; params?: Record<string, string>; json?: unknown }) =>
  xrpcOrThrow<T>(net, { base: pdsUrlOf(tokens, net), nsid, token: tokens.accessToken, headers: { "atproto-proxy": BLUESKY_CHAT_PROXY }, ...request });

const DELETED = "chat.bsky.convo.defs#deletedMessageView";
/** chat.bsky.convo.defs#messageInput: text up to 1,000 graphemes and 10,000 bytes. */
const MAX_TEXT_GRAPHEMES = 1000;
const MAX_TEXT_BYTES = 10_000;
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (text: string) => [...segmenter.segment(text)].length;

export const blueskyMessages: Pick<InboxFacet, "listConversations" | "listMessages" | "sendMessage"> & { messageMediaRefusal: string } = {
  messageMediaRefusal: "Bluesky chat messages carry text only (an embed can only be a post or a join link).",

  async listConversations(tokens, page, net) {
    const body = parseNetworkBody(
      "bluesky",
      ListConvos,
      await chat(tokens, net, BLUESKY_METHODS.listConvos, { method: "GET", params: { limit: String(page.limit), ...(page.cursor ? { cursor: page.cursor } : {}) } }),
      BLUESKY_METHODS.listConvos,
    );
    const own = didOf(tokens);
    const items = body.convos.flatMap((c): NetworkConversation[] => {
      // A conversation nobody has written in yet has no time to be listed by.
      const at = c.lastMessage?.sentAt;
      if (!at) return [];
      return [{ id: c.id, via: null, participants: c.members.filter((m) => m.did !== own).map(actorOf), createdAt: new Date(at).toISOString(), unread: (c.unreadCount ?? 0) > 0, replyBy: null }];
    });
    return { items, cursor: body.convos.length > 0 ? (body.cursor ?? null) : null };
  },

  async listMessages(tokens, page, net) {
    const raw = await chat<unknown>(tokens, net, BLUESKY_METHODS.getMessages, {
      method: "GET",
      params: { convoId: page.conversation.id, limit: String(page.limit), ...(page.cursor ? { cursor: page.cursor } : {}) },
    });
    const body = parseNetworkBody("bluesky", GetMessages, raw, BLUESKY_METHODS.getMessages);
    const own = didOf(tokens);
    const items = body.messages.flatMap((m): NetworkMessage[] => {
      if (m.$type === DELETED) return [];
      const parsed = v.safeParse(MessageView, m);
      if (!parsed.success) return [];
      const message = parsed.output;
      return [
        {
          id: message.id,
          from: { id: message.sender.did, handle: message.sender.did, displayName: null, avatarUrl: null, url: `${BLUESKY_WEB_URL}/profile/${message.sender.did}` },
          text: message.text ?? null,
          attachments: [],
          createdAt: new Date(message.sentAt).toISOString(),
          direction: message.sender.did === own ? "out" : "in",
        },
      ];
    });
    return { items, cursor: body.messages.length > 0 ? (body.cursor ?? null) : null };
  },

  async sendMessage(tokens, input, net) {
    if (graphemes(input.text) > MAX_TEXT_GRAPHEMES || new TextEncoder().encode(input.text).byteLength > MAX_TEXT_BYTES) {
      throw new ApiError("field_invalid", {
        param: "text",
        platform: "bluesky",
        message: `Bluesky chat messages hold at most ${MAX_TEXT_GRAPHEMES} graphemes (${MAX_TEXT_BYTES} bytes).`,
        fix: "Shorten `text`, or split it into several messages.",
      });
    }
    const raw = await chat<unknown>(tokens, net, BLUESKY_METHODS.sendMessage, { method: "POST", json: { convoId: input.conversation.id, message: { text: input.text } } });
    return { id: parseNetworkBody("bluesky", MessageView, raw, BLUESKY_METHODS.sendMessage).id };
  },
};

import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { InboxFacet, NetworkActor, NetworkConversation, NetworkMessage } from "../facets/inbox.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";

/**
 * X direct messages (the legacy, unencrypted DM API of v2; XChat is out of scope). X has no
 * conversation list: `GET /2/dm_events` is every message of every conversation newest first, so
 * a page of conversations is a page of message events grouped by `dm_conversation_id`, each
 * conversation placed at its newest message. A conversation with messages on two event pages
 * appears on both list pages (newest message first, then older); X has no reply window.
 * Parameter names and enums follow X's OpenAPI document (`event_types`, `dm_event.fields`,
 * `expansions`), which the tests check every request against.
 */

const DmEvent = v.object({
  id: v.string(),
  event_type: v.optional(v.string()),
  text: v.optional(v.string()),
  created_at: v.optional(v.string()),
  dm_conversation_id: v.optional(v.string()),
  sender_id: v.optional(v.string()),
  participant_ids: v.optional(v.array(v.string())),
  attachments: v.optional(v.object({ media_keys: v.optional(v.array(v.string())) })),
});
const User = v.object({ id: v.string(), name: v.string(), username: v.string(), profile_image_url: v.optional(v.string()) });
const EventsResponse = v.object({
  data: v.optional(v.array(DmEvent)),
  includes: v.optional(v.object({ users: v.optional(v.array(User)) })),
  meta: v.optional(v.object({ next_token: v.optional(v.string()) })),
  errors: v.optional(v.array(v.object({ type: v.optional(v.string()) }))),
});
const SendResponse = v.object({ data: v.object({ dm_conversation_id: v.string(), dm_event_id: v.string() }) });

const api = (path: string) => new URL(`${twitterApiBaseUrl}/${twitterApiVersion}/${path}`);
const auth = (tokens: TokenSet) => ({ Authorization: `Bearer ${tokens.accessToken}` });

function readEvents(url: URL, page: { cursor: string | null; limit: number }) {
  url.searchParams.set("max_results", String(Math.min(100, Math.max(1, page.limit))));
  url.searchParams.set("event_types", "MessageCreate");
  url.searchParams.set("dm_event.fields", "id,text,event_type,created_at,dm_conversation_id,attachments");
  // sender_id and participant_ids are expansions in X's document, not dm_event.fields values.
  url.searchParams.set("expansions", "sender_id,participant_ids");
  url.searchParams.set("user.fields", "profile_image_url");
  if (page.cursor) url.searchParams.set("pagination_token", page.cursor);
  return url;
}

async function fetchEvents(tokens: TokenSet, net: NetworkContext, url: URL, what: string) {
  const response = await callNetwork(net, twitterErrorTable, url.toString(), { headers: auth(tokens) }, { resetHeader: twitterRateLimitHeaders.reset });
  return parseNetworkBody("twitter", EventsResponse, response.body, what);
}

const actorOf = (id: string, users: Map<string, v.InferOutput<typeof User>>): NetworkActor => {
  const user = users.get(id);
  return user
    ? { id, handle: user.username, displayName: user.name, avatarUrl: user.profile_image_url ?? null, url: `https://x.com/${user.username}` }
    : { id, handle: id, displayName: null, avatarUrl: null, url: null };
};

/** The other side of a one-to-one conversation, from its id (`<smaller id>-<larger id>`). */
const othersIn = (conversationId: string, own: string) => conversationId.split("-").filter((id) => /^[0-9]+$/.test(id) && id !== own);

/** One MessageCreate event as a message of the account's inbox; events without a sender or time are skipped. */
function messageOf(event: v.InferOutput<typeof DmEvent>, users: Map<string, v.InferOutput<typeof User>>, own: string): NetworkMessage | null {
  if (!event.created_at || !event.sender_id) return null;
  return {
    id: event.id,
    from: actorOf(event.sender_id, users),
    text: event.text ?? null,
    attachments: (event.attachments?.media_keys ?? []).map(() => ({ type: "other" as const, url: null })),
    createdAt: new Date(event.created_at).toISOString(),
    direction: event.sender_id === own ? "out" : "in",
  };
}

export const twitterMessages: Pick<InboxFacet, "listConversations" | "listMessages" | "listRecentMessages" | "sendMessage"> & { messageMediaRefusal: string } = {
  messageMediaRefusal: "Chorus sends text-only direct messages on X: DM media must be uploaded with X's dm_image category, which Chorus does not do yet.",

  async listConversations(tokens, page, net) {
    const body = await fetchEvents(tokens, net, readEvents(api("dm_events"), page), "dm_events");
    const users = new Map((body.includes?.users ?? []).map((u) => [u.id, u]));
    const byId = new Map<string, NetworkConversation>();
    for (const event of body.data ?? []) {
      if (!event.dm_conversation_id || !event.created_at || byId.has(event.dm_conversation_id)) continue;
      const others = new Set([...othersIn(event.dm_conversation_id, page.networkUserId), ...(event.participant_ids ?? []).filter((id) => id !== page.networkUserId)]);
      if (event.sender_id && event.sender_id !== page.networkUserId) others.add(event.sender_id);
      byId.set(event.dm_conversation_id, {
        id: event.dm_conversation_id,
        via: null,
        participants: [...others].map((id) => actorOf(id, users)),
        createdAt: new Date(event.created_at).toISOString(),
        unread: null,
        replyBy: null,
      });
    }
    return { items: [...byId.values()], cursor: body.meta?.next_token ?? null };
  },

  async listMessages(tokens, page, net) {
    const url = readEvents(api(`dm_conversations/${encodeURIComponent(page.conversation.id)}/dm_events`), page);
    const body = await fetchEvents(tokens, net, url, "dm_conversations/dm_events");
    // X answers a conversation the account is not in with 200 and a resource-not-found problem.
    if (!body.data && body.errors?.some((e) => e.type?.endsWith("/resource-not-found"))) {
      throw new ApiError("resource_not_found", { param: "id", platform: "twitter", message: "X has no such conversation for this account." });
    }
    const users = new Map((body.includes?.users ?? []).map((u) => [u.id, u]));
    const items = (body.data ?? []).flatMap((event) => messageOf(event, users, page.networkUserId) ?? []);
    return { items, cursor: body.meta?.next_token ?? null };
  },

  /**
   * `GET /2/dm_events` is already every conversation's messages newest first: one request (of the
   * user's 15 per 15 min, each event billed) gives the poller what a walk of the conversations
   * would take one request per conversation for.
   */
  async listRecentMessages(tokens, page, net) {
    const body = await fetchEvents(tokens, net, readEvents(api("dm_events"), page), "dm_events");
    const users = new Map((body.includes?.users ?? []).map((u) => [u.id, u]));
    const items = (body.data ?? []).flatMap((event) => {
      const message = messageOf(event, users, page.networkUserId);
      return message && event.dm_conversation_id ? [{ ...message, conversation: { id: event.dm_conversation_id, via: null } }] : [];
    });
    return { items, cursor: body.meta?.next_token ?? null };
  },

  async sendMessage(tokens, input, net) {
    const url = api(`dm_conversations/${encodeURIComponent(input.conversation.id)}/messages`);
    const response = await callNetwork(
      net,
      twitterErrorTable,
      url.toString(),
      { method: "POST", headers: { ...auth(tokens), "content-type": "application/json" }, body: JSON.stringify({ text: input.text }) },
      { resetHeader: twitterRateLimitHeaders.reset },
    );
    return { id: parseNetworkBody("twitter", SendResponse, response.body, "dm_conversations/messages").data.dm_event_id };
  },
};

import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { ErrorTable } from "../http.js";
import type { NetworkActor, NetworkConversation, NetworkMessage, NetworkMessageAttachment, NetworkPage, SendMessageRequest } from "../facets/inbox.js";
import type { NetworkContext } from "../types.js";
import { graphRequest, graphUrl } from "./graph.js";

/**
 * Meta's Conversations API and Send API, shared by Facebook Pages (Messenger) and Instagram (both
 * doors): `GET /{node}/conversations?platform=…`, `GET /{conversation}/messages`, and
 * `POST /{node}/messages` with `messaging_type`. The reply window is Meta's: a standard reply
 * (`RESPONSE`) within 24 hours of the person's last message, a reply a person wrote
 * (`MESSAGE_TAG` + `HUMAN_AGENT`) within 7 days; past it Meta refuses with code 10 and a subcode
 * the caller's error table classifies (shared/networks/inbox/facebook-inbox.md §3).
 */

export const STANDARD_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Where one account's conversations live on Meta and how to call it. */
export interface MessengerNode {
  table: ErrorTable;
  /** `https://graph.facebook.com` or `https://graph.instagram.com`. */
  base: string;
  version: string;
  /** The node the conversations hang off: a page id, or `me` on the Instagram-login door. */
  node: string;
  /** Graph's `platform` parameter: `messenger` or `instagram`. */
  platform: "messenger" | "instagram";
  /** The account's own id in `from` and `participants` (the page id, or the Instagram user id). */
  ownId: string;
  token: string;
  /** The profile URL of a participant, where the network has one. */
  profileUrl: (participant: { id: string; username?: string | undefined }) => string | null;
  /**
   * Whether the Conversation node has `unread_count`: the Graph API's Conversation reference
   * lists it; the Instagram-login Conversations API documents only id, updated_time,
   * participants and messages, and Graph refuses a field a node does not have (#100).
   */
  unreadCount: boolean;
  /** Instagram gives details of only the newest 20 messages of a conversation; null: no such limit. */
  detailedMessages: number | null;
}

const Participant = v.object({ id: v.string(), name: v.optional(v.string()), username: v.optional(v.string()), email: v.optional(v.string()) });
const MessageNode = v.object({
  id: v.string(),
  created_time: v.string(),
  from: v.optional(Participant),
  message: v.optional(v.string()),
  attachments: v.optional(
    v.object({
      data: v.array(
        v.object({ mime_type: v.optional(v.string()), image_data: v.optional(v.object({ url: v.string() })), video_data: v.optional(v.object({ url: v.string() })), file_url: v.optional(v.string()) }),
      ),
    }),
  ),
});
const Paging = v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) }));
const ConversationNode = v.object({
  id: v.string(),
  updated_time: v.string(),
  unread_count: v.optional(v.number()),
  participants: v.optional(v.object({ data: v.array(Participant) })),
  messages: v.optional(v.object({ data: v.array(MessageNode) })),
});
const ConversationsPage = v.object({ data: v.array(ConversationNode), paging: Paging });
const MessagesPage = v.object({ data: v.array(MessageNode), paging: Paging });
const SendAnswer = v.object({ recipient_id: v.optional(v.string()), message_id: v.string() });

/** Graph's own time format (`2026-11-24T10:00:00+0000`) as ISO 8601 UTC. */
const iso = (graphTime: string) => new Date(graphTime.replace(/([+-]\d{2})(\d{2})$/, "$1:$2")).toISOString();

/** Graph names a next page only while there is one; `cursors.after` alone is no promise of more. */
const nextCursor = (paging: v.InferOutput<typeof Paging>) => (paging?.next ? (paging.cursors?.after ?? null) : null);

function actorOf(node: MessengerNode, p: v.InferOutput<typeof Participant>): NetworkActor {
  const handle = p.username ?? p.name ?? p.id;
  return { id: p.id, handle, displayName: p.name ?? p.username ?? null, avatarUrl: null, url: node.profileUrl(p) };
}

function attachmentsOf(m: v.InferOutput<typeof MessageNode>): NetworkMessageAttachment[] {
  return (m.attachments?.data ?? []).map((a) => {
    if (a.image_data) return { type: "image", url: a.image_data.url };
    if (a.video_data) return { type: "video", url: a.video_data.url };
    const type = a.mime_type?.startsWith("audio/") ? "audio" : a.file_url ? "file" : "other";
    return { type, url: a.file_url ?? null };
  });
}

const url = (node: MessengerNode, path: string, params: Record<string, string | undefined>) => graphUrl(node.base, node.version, path, { ...params, access_token: node.token });

/** One page of the node's conversations, with each one's newest messages to find the person's last one. */
export async function listThreads(net: NetworkContext, node: MessengerNode, via: string | null, cursor: string | null, limit: number): Promise<NetworkPage<NetworkConversation>> {
  const body = await graphRequest(
    net,
    node.table,
    url(node, `${node.node}/conversations`, {
      platform: node.platform,
      fields: `id,updated_time,${node.unreadCount ? "unread_count," : ""}participants,messages.limit(20){id,created_time,from}`,
      limit: String(limit),
      after: cursor ?? undefined,
    }),
    ConversationsPage,
  );
  const items = body.data.map((c): NetworkConversation => {
    const lastInbound = (c.messages?.data ?? []).filter((m) => m.from && m.from.id !== node.ownId).map((m) => Date.parse(iso(m.created_time)));
    const newest = lastInbound.length > 0 ? Math.max(...lastInbound) : null;
    return {
      id: c.id,
      via,
      participants: (c.participants?.data ?? []).filter((p) => p.id !== node.ownId).map((p) => actorOf(node, p)),
      createdAt: iso(c.updated_time),
      unread: c.unread_count === undefined ? null : c.unread_count > 0,
      replyBy: newest === null ? null : new Date(newest + STANDARD_WINDOW_MS).toISOString(),
    };
  });
  return { items, cursor: nextCursor(body.paging) };
}

/**
 * Graph answers a conversation the token cannot see with its generic "object does not exist"
 * refusal (code 100, subcode 33), which stays `platform_rejected` elsewhere (publishing looks
 * for posts that way); addressed by a conversation id, it means that conversation is not there.
 */
async function onConversation<T>(node: MessengerNode, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.code === "platform_rejected") {
      throw new ApiError("resource_not_found", { param: "id", platform: node.table.platform, message: `${node.table.platform} has no such conversation for this account.` });
    }
    throw error;
  }
}

/**
 * Where the network details only the newest messages, the cursor also counts the messages already
 * read (`<count>:<Graph cursor>`), so the list ends there instead of asking for ones that come back
 * without sender, text or time.
 */
function splitCursor(node: MessengerNode, cursor: string | null): { read: number; after: string | null } {
  if (node.detailedMessages === null || cursor === null) return { read: 0, after: cursor };
  const colon = cursor.indexOf(":");
  const read = Number(cursor.slice(0, colon));
  if (colon < 1 || !Number.isInteger(read) || read < 0) throw new ApiError("cursor_invalid", { param: "cursor", message: "This cursor was not issued for this conversation." });
  return { read, after: cursor.slice(colon + 1) };
}

export async function listThreadMessages(net: NetworkContext, node: MessengerNode, conversationId: string, cursor: string | null, limit: number): Promise<NetworkPage<NetworkMessage>> {
  const { read, after } = splitCursor(node, cursor);
  const left = node.detailedMessages === null ? limit : Math.min(limit, node.detailedMessages - read);
  if (left <= 0) return { items: [], cursor: null };
  const body = await onConversation(node, () =>
    graphRequest(net, node.table, url(node, `${conversationId}/messages`, { fields: "id,created_time,from,to,message,attachments", limit: String(left), after: after ?? undefined }), MessagesPage),
  );
  const items = body.data.map(
    (m): NetworkMessage => ({
      id: m.id,
      from: m.from ? actorOf(node, m.from) : { id: "", handle: "", displayName: null, avatarUrl: null, url: null },
      text: m.message === undefined || m.message === "" ? null : m.message,
      attachments: attachmentsOf(m),
      createdAt: iso(m.created_time),
      direction: m.from?.id === node.ownId ? "out" : "in",
    }),
  );
  const next = nextCursor(body.paging);
  if (node.detailedMessages === null) return { items, cursor: next };
  const total = read + items.length;
  return { items, cursor: next === null || total >= node.detailedMessages ? null : `${total}:${next}` };
}

const ParticipantsAnswer = v.object({ participants: v.optional(v.object({ data: v.array(Participant) })) });

/** The Send API addresses people, not conversations: the person is the conversation's other participant. */
export async function recipientOf(net: NetworkContext, node: MessengerNode, conversationId: string): Promise<string> {
  const body = await onConversation(node, () => graphRequest(net, node.table, url(node, conversationId, { fields: "participants" }), ParticipantsAnswer));
  const other = body.participants?.data.find((p) => p.id !== node.ownId);
  if (!other) throw new ApiError("resource_not_found", { param: "id", platform: node.table.platform, message: "This conversation has nobody to reply to." });
  return other.id;
}

/**
 * Sends the reply as Meta asks: text and each attachment are separate messages (a Send API
 * message holds one or the other). The answer is the text's message id, or the first file's.
 */
export async function sendThreadMessage(net: NetworkContext, node: MessengerNode, input: SendMessageRequest): Promise<{ id: string }> {
  return sendThreadMessageTo(net, node, input, await recipientOf(net, node, input.conversation.id));
}

/** The sends alone, to a recipient already read (recipientOf). */
export async function sendThreadMessageTo(net: NetworkContext, node: MessengerNode, input: SendMessageRequest, recipient: string): Promise<{ id: string }> {
  const tagging = input.humanAgent ? { messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" } : { messaging_type: "RESPONSE" };
  const messages: Record<string, unknown>[] = [];
  if (input.text !== "") messages.push({ text: input.text });
  for (const file of input.media) messages.push({ attachment: { type: file.kind, payload: { url: file.url, is_reusable: false } } });
  let first: string | null = null;
  for (const message of messages) {
    const answer = await graphRequest(net, node.table, url(node, `${node.node}/messages`, {}), SendAnswer, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ recipient: { id: recipient }, ...tagging, message }),
    });
    first ??= answer.message_id;
  }
  if (first === null) throw new ApiError("text_required", { param: "text", message: "A message needs text or media." });
  return { id: first };
}
